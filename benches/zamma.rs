//! Zamma perft speed: the start position (a narrow opening tree) and a
//! middle-game position from the perft suite (`random-3`).
//! `cargo bench --bench zamma`; leaves/s from the command line with
//! `agon perft --game zamma --depth 14`.

use agon::game::perft::perft;
use agon::game::Notation;
use agon::game::{Game, GameOptions};
use agon::games::zamma::Zamma;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench_perft(c: &mut Criterion) {
    let opts = GameOptions::parse("", Zamma::option_specs()).unwrap();
    let start = Zamma::new(&opts).unwrap();
    let middle = Zamma::from_position(
        "3w1wwww/1w2wwwww/ww1w3w1/9/b8/b7w/1bb4b1/bb1bb1bbb/bb1bbbbbb b 0 70",
        &opts,
    )
    .unwrap();
    let mut group = c.benchmark_group("zamma_perft");
    group.sample_size(10);
    for (name, pos, depth) in [("start_d12", &start, 12), ("middle_d4", &middle, 4)] {
        group.throughput(Throughput::Elements(perft(pos, depth)));
        group.bench_function(name, |b| b.iter(|| perft(pos, depth)));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
