//! Search speed in nodes/s: the `agon bench` positions at a fixed depth,
//! one thread, a fresh table per search.

use agon::engine::bench::position_texts;
use agon::engine::{Core, SearchJob};
use agon::game::Notation;
use agon::game::{Game, GameOptions};
use agon::games::abalone::Abalone;
use agon::games::GameKind;
use agon::search::{Limits, SearchConfig, Signal};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const DEPTH: u32 = 4;

fn search_all(roots: &[Abalone]) -> u64 {
    let stop = Signal::new();
    let core = Core::new(SearchConfig {
        hash_mb: 16,
        ..SearchConfig::default()
    })
    .expect("a small table");
    roots
        .iter()
        .map(|root| {
            core.new_game();
            core.search(&SearchJob::new(root, &Limits::depth(DEPTH)), &stop, &|_| {})
                .nodes
        })
        .sum()
}

fn bench(c: &mut Criterion) {
    let opts = GameOptions::parse("", Abalone::option_specs()).unwrap_or_default();
    let mut roots: Vec<Abalone> = position_texts(GameKind::Abalone.name())
        .iter()
        .filter_map(|p| Abalone::from_position(p, &opts).ok())
        .collect();
    if roots.is_empty() {
        roots.extend(Abalone::new(&opts).ok());
    }
    let nodes = search_all(&roots);
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes.max(1)));
    group.bench_function(format!("abalone bench depth {DEPTH}"), |b| {
        b.iter(|| search_all(&roots))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
