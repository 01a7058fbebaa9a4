//! Expectiminimax speed: fixed-depth searches (Star2, table, iterative
//! deepening) of fixed Palma and Kubeia positions with 1 and 2 threads.
//! `cargo bench --bench expectimax`.

use agon::engine::{Core, SearchJob};
use agon::game::{Game, GameOptions, Notation, Playable};
use agon::games::palma::Palma;
use agon::games::petteia::Kubeia;
use agon::search::{Algorithm, Limits, SearchConfig, Signal};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn threads_bench<G: Playable>(c: &mut Criterion, name: &str, pos: &G, depth: u32) {
    let mut group = c.benchmark_group(format!("expectimax {name} depth {depth}"));
    group.sample_size(10);
    let stop = Signal::new();
    for threads in [1, 2] {
        let core = Core::new(SearchConfig {
            threads,
            algorithm: Algorithm::Expectimax,
            ..SearchConfig::default()
        })
        .expect("a 64 MiB table");
        let limits = Limits::depth(depth);
        group.bench_function(format!("{threads} threads"), |b| {
            b.iter(|| {
                core.new_game();
                core.search(&SearchJob::new(black_box(pos), &limits), &stop, &|_| {})
            })
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    let opts = GameOptions::defaults(Palma::option_specs());
    // A decision root in mid-race with several legal uses of a 1.
    let palma = Palma::from_position("h=1/1/3,4,6 j=0/2/8,9,11 use=h:1", &opts).unwrap();
    threads_bench(c, "palma", &palma, 6);
    let kopts = GameOptions::defaults(Kubeia::option_specs());
    let mut kubeia = Kubeia::new(&kopts).unwrap();
    let mut outcomes = Vec::new();
    kubeia.outcomes(&mut outcomes);
    // The start after the second roll the game lists: a decision root.
    kubeia.play(outcomes[1].0);
    threads_bench(c, "kubeia", &kubeia, 2);
}

criterion_group!(expectimax, benches);
criterion_main!(expectimax);
