//! The network's incremental update per game: a playout's positions
//! pushed one after the other and each evaluated (its accumulators made
//! from its parent's by the pieces the move changed, then the output
//! layer), beside a refresh from scratch. The
//! nets are random with 128 hidden units (the cost does not depend on the
//! weights). `cargo bench --bench nnue`; nodes/s with a net from the
//! command line with `agon bench --eval nnue`.

use agon::game::walk::RandomWalk;
use agon::game::{GameOptions, Playable};
use agon::games::abalone::Abalone;
use agon::games::petteia::Petteia;
use agon::games::zamma::Zamma;
use agon::nnue::accumulator::Accumulators;
use agon::nnue::network::{FloatNet, Shape};
use agon::nnue::NetInput;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;

/// A random playout's positions after `start`, in order (one game: the
/// walk starts again when a game ends, and the line stops there).
fn line_of<G: Playable>(start: &G, n: usize) -> Vec<G> {
    let mut line = Vec::new();
    for (parent, m) in RandomWalk::new(start, rand_pcg::Pcg64::seed_from_u64(1)).take(n) {
        if line
            .last()
            .is_some_and(|last: &G| last.hash() != parent.hash())
        {
            break;
        }
        let mut child = parent;
        child.play(m);
        line.push(child);
    }
    line
}

fn bench_game<G: NetInput + Playable>(c: &mut Criterion) {
    let start = G::new(&GameOptions::defaults(G::option_specs())).unwrap();
    let net = FloatNet::random(Shape::of::<G>(128), 1).quantize();
    let line = line_of(&start, 256);
    let mut acc = Accumulators::default();
    let mut group = c.benchmark_group(format!("nnue_{}", G::NAME));
    group.throughput(Throughput::Elements(line.len() as u64));
    group.bench_function("push_output", |b| {
        b.iter(|| {
            acc.refresh(&net, &start);
            let mut total = 0i64;
            for pos in &line {
                acc.push(pos);
                let (own, other) = acc.views(&net, pos.net_side());
                total += i64::from(net.output(own, other));
            }
            total
        })
    });
    group.bench_function("refresh", |b| {
        b.iter(|| {
            for pos in &line {
                acc.refresh(&net, pos);
            }
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_game::<Abalone>(c);
    bench_game::<Zamma>(c);
    bench_game::<Petteia>(c);
}

criterion_group!(nnue, benches);
criterion_main!(nnue);
