//! Expectiminimax speed: fixed-depth searches (Star2, table, iterative
//! deepening) of fixed Palma and Kubeia positions with 1 and 2 threads.
//! `cargo bench --bench expectimax`.

use agon::game::{Game, GameOptions, Notation, Playable};
use agon::games::palma::Palma;
use agon::games::petteia::Kubeia;
use agon::search::expectimax::search;
use agon::search::{Limits, Request, SearchConfig, Searcher};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

fn threads_bench<G: Playable>(c: &mut Criterion, name: &str, pos: &G, depth: u32) {
    let mut group = c.benchmark_group(format!("expectimax {name} depth {depth}"));
    group.sample_size(10);
    let stop = AtomicBool::new(false);
    for threads in [1, 2] {
        let config = SearchConfig {
            threads,
            ..SearchConfig::default()
        };
        let searcher = Searcher::new(config.hash_mb, threads).expect("a 64 MiB table");
        let limits = Limits::depth(depth);
        group.bench_function(format!("{threads} threads"), |b| {
            b.iter(|| {
                searcher.clear();
                search(
                    &searcher,
                    &Request::new(black_box(pos), &limits, &config),
                    &stop,
                    &|_| {},
                )
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
