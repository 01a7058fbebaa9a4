//! Abalone speed: perft with bulk counting, move generation, and the
//! copy-make tree walk the searches do (src/game/mod.rs), with and without
//! a reference-counted handle in the position.
//!
//! `cargo bench --bench abalone`

use std::hint::black_box;
use std::time::Duration;

use agon::game::perft::perft;
use agon::game::{Game, GameOptions};
use agon::games::abalone::{record, Abalone, Move};
use criterion::{criterion_group, criterion_main, Criterion};

fn belgian() -> Abalone {
    let opts = GameOptions::parse("layout=belgian", Abalone::option_specs()).unwrap();
    Abalone::new(&opts).unwrap()
}

/// Belgian Daisy plus middle-game positions: ply 40 of the first MiGs
/// records.
fn positions() -> Vec<Abalone> {
    let text = include_str!("../positions/abalone-migs-2016-2017.apgn");
    let mut out = vec![belgian()];
    for record in record::parse(text).unwrap().iter().take(16) {
        let (moves, _) = record.replay().unwrap();
        let mut pos = record.start().unwrap();
        for &m in moves.iter().take(40) {
            pos.play(m);
        }
        out.push(pos);
    }
    out
}

/// Full-width tree walk (no bulk counting) by copy-make.
fn walk_copy(pos: &Abalone, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().unwrap();
    pos.moves(buf);
    let mut n = 0;
    for &m in buf.iter() {
        let mut child = *pos;
        child.play(m);
        n += walk_copy(&child, depth - 1, rest);
    }
    n
}

/// `walk_copy` with an `Arc` cloned along with every child.
fn walk_copy_arc(
    pos: &Abalone,
    opts: &std::sync::Arc<GameOptions>,
    depth: u32,
    bufs: &mut [Vec<Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().unwrap();
    pos.moves(buf);
    let mut n = 0;
    for &m in buf.iter() {
        let mut child = (*pos, std::sync::Arc::clone(opts));
        child.0.play(m);
        n += walk_copy_arc(&child.0, black_box(&child.1), depth - 1, rest);
    }
    n
}

fn benches(c: &mut Criterion) {
    let start = belgian();
    let mut g = c.benchmark_group("abalone_perft_bulk");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("belgian_d3", |b| b.iter(|| perft(black_box(&start), 3)));
    g.bench_function("belgian_d4", |b| b.iter(|| perft(black_box(&start), 4)));
    g.finish();

    let set = positions();
    let mut g = c.benchmark_group("abalone_movegen");
    g.measurement_time(Duration::from_secs(2));
    let mut buf = Vec::with_capacity(256);
    g.bench_function("generate_17_positions", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &set {
                p.moves(&mut buf);
                n += buf.len();
            }
            black_box(n)
        })
    });
    g.bench_function("count_17_positions", |b| {
        b.iter(|| {
            set.iter()
                .map(|p| black_box(p).count_moves())
                .sum::<usize>()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("copy_make");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    let mut bufs = vec![Vec::new(); 4];
    g.bench_function("copy_make_walk_d3", |b| {
        b.iter(|| walk_copy(black_box(&start), 3, &mut bufs))
    });
    // What an `Arc<GameOptions>` handle in the position would add to
    // copy-make: one reference-count increment and decrement per child.
    let arc = std::sync::Arc::new(start.options().clone());
    g.bench_function("copy_make_walk_d3_with_arc", |b| {
        b.iter(|| walk_copy_arc(black_box(&start), &arc, 3, &mut bufs))
    });
    g.finish();
}

criterion_group!(abalone, benches);
criterion_main!(abalone);
