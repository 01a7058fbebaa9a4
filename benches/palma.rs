//! Palma: perft speed (move generation + copy-make) and the build time of
//! the one-sided race table. `cargo bench --bench palma`.

use agon::game::perft::perft;
use agon::game::Notation;
use agon::game::{Game, GameOptions};
use agon::games::palma::eval::race::RaceTable;
use agon::games::palma::{Palma, Rules};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn perft_bench(c: &mut Criterion) {
    let opts = GameOptions::defaults(Palma::option_specs());
    let start = Palma::new(&opts).unwrap();
    let mid = Palma::from_position("h=1/1/3,4,6 j=0/2/8,9,11 throw=h", &opts).unwrap();
    c.bench_function("palma perft start depth 7", |b| {
        b.iter(|| perft(black_box(&start), 7))
    });
    c.bench_function("palma perft blocked-landings depth 4", |b| {
        b.iter(|| perft(black_box(&mid), 4))
    });
}

fn race_bench(c: &mut Criterion) {
    let rules = Rules::standard();
    let mut group = c.benchmark_group("palma race table");
    group.sample_size(10);
    group.bench_function("build (default rules)", |b| {
        b.iter(|| RaceTable::build(black_box(rules)))
    });
    group.finish();
}

criterion_group!(benches, perft_bench, race_bench);
criterion_main!(benches);
