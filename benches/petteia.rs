//! perft speed of Petteia and Kubeia; criterion reports leaves/s as
//! "elements/s" (`cargo bench --bench petteia`).

use agon::game::perft::perft;
use agon::game::{Game, GameOptions};
use agon::games::petteia::{Kubeia, Petteia};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("petteia_perft");
    group.sample_size(10);
    let p = Petteia::new(&GameOptions::defaults(Petteia::option_specs())).unwrap();
    let leaves = perft(&p, 3);
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("petteia_start_d3", |b| b.iter(|| perft(&p, 3)));
    let k = Kubeia::new(&GameOptions::defaults(Kubeia::option_specs())).unwrap();
    let leaves = perft(&k, 2);
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("kubeia_start_d2", |b| b.iter(|| perft(&k, 2)));
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
