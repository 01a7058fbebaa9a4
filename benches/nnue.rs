//! The network's incremental update: one move's push (copy the parent's
//! accumulators, subtract and add the pieces the move changed) and pop,
//! per game, beside a refresh from scratch and the output layer. The
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

/// (parent, child) pairs of a random playout's moves.
fn moves_of<G: Playable>(start: &G, n: usize) -> Vec<(G, G)> {
    RandomWalk::new(start, rand_pcg::Pcg64::seed_from_u64(1))
        .take(n)
        .map(|(parent, m)| {
            let mut child = parent.clone();
            child.play(m);
            (parent, child)
        })
        .collect()
}

fn bench_game<G: NetInput + Playable>(c: &mut Criterion) {
    let start = G::new(&GameOptions::defaults(G::option_specs())).unwrap();
    let net = FloatNet::random(Shape::of::<G>(128), 1).quantize();
    let pairs = moves_of(&start, 256);
    let mut acc = Accumulators::default();
    let mut group = c.benchmark_group(format!("nnue_{}", G::NAME));
    group.throughput(Throughput::Elements(pairs.len() as u64));
    // The accumulators' values do not change the cost: push from any.
    acc.refresh(&net, &start);
    group.bench_function("push_pop", |b| {
        b.iter(|| {
            for (parent, child) in &pairs {
                acc.push(&net, parent, child);
                acc.pop();
            }
        })
    });
    group.bench_function("refresh", |b| {
        b.iter(|| {
            for (parent, _) in &pairs {
                acc.refresh(&net, parent);
            }
        })
    });
    acc.refresh(&net, &start);
    group.bench_function("push_output_pop", |b| {
        b.iter(|| {
            let mut total = 0i64;
            for (parent, child) in &pairs {
                acc.push(&net, parent, child);
                let (own, other) = acc.views(child.net_side());
                total += i64::from(net.output(own, other));
                acc.pop();
            }
            total
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
