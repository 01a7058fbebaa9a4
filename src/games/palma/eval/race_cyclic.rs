//! The race table when a use can move a piece backwards (`reverse=on`: a
//! throw ending on 22 or 24 goes back to 20 or 10, so 21 → 24 → 10). The
//! state graph then has cycles and the one-pass build of [`super::race`]
//! does not apply. Instead:
//! 1. the policy comes from value iteration on the expected number of turns
//!    (Gauss–Seidel sweeps in decreasing pip order until no mean moves by
//!    more than [`MEAN_TOLERANCE`]);
//! 2. the distribution under that policy is built one turn count at a time:
//!    `D(·, k)` depends on `D(·, k − 1)` through uses that end the turn and
//!    on `D(·, k)` itself through uses that earn another throw, a linear
//!    system solved by the same sweeps.
//!
//! A value with no use costs what [`PASS_COSTS`] charges, as in the
//! one-pass build: it comes back to the same configuration up to three
//! turns later, so step 2 keeps the last three turn counts.
//!
//! On the default rules (no cycles) it reproduces the one-pass build; a test
//! compares the two.
//!
//! Measured with `reverse=on` (`cargo run --release --features datagen
//! --example datagen -- palma-tables`): about 12 s to build on first use on
//! a loaded 2-core machine, 87 MB held.
//! That is the price of the exact cyclic recurrence; a mean-and-variance
//! table would be smaller but was not needed for the default rules.

use std::cmp::Reverse;
use std::time::Instant;

use super::super::movegen::for_each_use;
use super::super::options::Rules;
use super::super::state::{THROWS, THROW_PROBS};
use super::race::{
    after_use, all_tracks, pips, rank, PassCosts, RaceTable, LONGEST_LOOP, MAX_TURNS, PASS_COSTS,
    STATES, TRIM,
};

/// Value iteration stops when no mean changes by more than this.
pub const MEAN_TOLERANCE: f64 = 1e-7;
const MAX_SWEEPS: usize = 100_000;
/// Stored head and tail mass cut. The cycles give heavy tails (a piece
/// near 21..23 may be sent back again and again): with the one-pass build's
/// 1e-6 the `reverse` table would hold 121 MB; with 1e-4 it holds 80 MB.
pub const STORE_TRIM: f64 = 1e-4;
/// Edge code: the use brings the fifth piece home.
const HOME: u32 = u32::MAX;
/// Edge code: the throw has no use.
const NONE: u32 = u32::MAX - 1;
/// Edge flag: the use earns another throw.
const AGAIN: u32 = 1 << 31;

fn cost(e: u32, mean: &[f64]) -> f64 {
    if e == HOME {
        return 1.0;
    }
    let m = mean[(e & !AGAIN) as usize];
    if e & AGAIN != 0 {
        m
    } else {
        1.0 + m
    }
}

pub fn build(rules: &Rules) -> RaceTable {
    build_with(rules, PASS_COSTS)
}

/// [`build`] with other costs of a passed value.
pub fn build_with(rules: &Rules, costs: PassCosts) -> RaceTable {
    let began = Instant::now();
    let tracks = all_tracks();
    let mut order: Vec<usize> = (0..STATES).filter(|&i| !tracks[i].is_home()).collect();
    order.sort_by_key(|&i| Reverse(pips(tracks[i])));

    // Every use of every throw: edges[first[4s + i]..first[4s + i + 1]].
    let mut first = vec![0usize; STATES * 4 + 1];
    let mut edges: Vec<u32> = Vec::new();
    for (s, &t) in tracks.iter().enumerate() {
        for (i, &v) in THROWS.iter().enumerate() {
            first[s * 4 + i] = edges.len();
            if t.is_home() {
                continue;
            }
            for_each_use(t, v, rules, |m| {
                let (n, rest) = after_use(t, m, rules);
                edges.push(if n.is_home() {
                    HOME
                } else if v == 5 || rules.extra & (1 << rest) != 0 {
                    rank(n) as u32 | AGAIN
                } else {
                    rank(n) as u32
                });
            });
        }
    }
    first[STATES * 4] = edges.len();

    // Probability of a throw with no use that ends the turn / that is a 5.
    let mut q_end = vec![0f64; STATES];
    let mut q_five = vec![0f64; STATES];
    for &s in &order {
        for i in 0..4 {
            if first[s * 4 + i] == first[s * 4 + i + 1] {
                if THROWS[i] == 5 {
                    q_five[s] += THROW_PROBS[i];
                } else {
                    q_end[s] += THROW_PROBS[i];
                }
            }
        }
    }

    // 1. Means by value iteration; the policy is the argmin.
    let mut mean = vec![0f64; STATES];
    for _ in 0..MAX_SWEEPS {
        let mut change = 0f64;
        for &s in &order {
            let denom = 1.0 - q_end[s] - q_five[s];
            let new = if denom < 1e-12 {
                f64::INFINITY
            } else {
                let mut sum = costs.mean_cost(q_end[s], q_five[s]);
                for i in 0..4 {
                    let es = &edges[first[s * 4 + i]..first[s * 4 + i + 1]];
                    if !es.is_empty() {
                        let best = es
                            .iter()
                            .map(|&e| cost(e, &mean))
                            .fold(f64::INFINITY, f64::min);
                        sum += THROW_PROBS[i] * best;
                    }
                }
                sum / denom
            };
            if new.is_finite() {
                change = change.max((new - mean[s]).abs());
            }
            mean[s] = new;
        }
        if change < MEAN_TOLERANCE {
            break;
        }
    }
    let mut chosen = vec![NONE; STATES * 4];
    for &s in &order {
        for i in 0..4 {
            let es = &edges[first[s * 4 + i]..first[s * 4 + i + 1]];
            let mut best = f64::INFINITY;
            for &e in es {
                let c = cost(e, &mean);
                if c < best || chosen[s * 4 + i] == NONE {
                    best = c;
                    chosen[s * 4 + i] = e;
                }
            }
        }
    }
    drop(edges);

    // 2. Distributions, one turn count at a time. `prev[j]` is turn count
    // k − 1 − j: a passed value comes back up to LONGEST_LOOP turns later.
    let mut prev: [Vec<f64>; LONGEST_LOOP] = std::array::from_fn(|_| vec![0f64; STATES]);
    let mut stay = vec![0f64; STATES];
    for &s in &order {
        for (shift, w) in costs.loops(q_end[s], q_five[s]) {
            if shift == 0 {
                stay[s] += w;
            }
        }
    }
    let mut cur = vec![0f64; STATES];
    let mut base = vec![0f64; STATES];
    let mut done = vec![0f64; STATES];
    let mut lo = vec![0usize; STATES];
    let mut kept: Vec<Vec<f32>> = vec![Vec::new(); STATES];
    for k in 1..=MAX_TURNS {
        for &s in &order {
            let mut b = 0.0;
            for (shift, w) in costs.loops(q_end[s], q_five[s]) {
                if (1..=LONGEST_LOOP).contains(&shift) {
                    b += w * prev[shift - 1][s];
                }
            }
            for i in 0..4 {
                let e = chosen[s * 4 + i];
                let p = THROW_PROBS[i];
                if e == HOME {
                    b += if k == 1 { p } else { 0.0 };
                } else if e != NONE && e & AGAIN == 0 {
                    b += p * prev[0][e as usize];
                }
            }
            base[s] = b;
        }
        for _ in 0..MAX_SWEEPS {
            let mut change = 0f64;
            for &s in &order {
                let mut a = base[s];
                for i in 0..4 {
                    let e = chosen[s * 4 + i];
                    if e != HOME && e != NONE && e & AGAIN != 0 {
                        a += THROW_PROBS[i] * cur[(e & !AGAIN) as usize];
                    }
                }
                let new = a / (1.0 - stay[s]);
                change = change.max((new - cur[s]).abs());
                cur[s] = new;
            }
            if change < 1e-13 {
                break;
            }
        }
        let mut left = 0f64;
        for &s in &order {
            if !mean[s].is_finite() {
                continue;
            }
            done[s] += cur[s];
            left = left.max(1.0 - done[s]);
            if kept[s].is_empty() && cur[s] < TRIM {
                continue;
            }
            if kept[s].is_empty() {
                lo[s] = k;
            }
            kept[s].push(cur[s] as f32);
        }
        prev.rotate_right(1);
        std::mem::swap(&mut prev[0], &mut cur);
        cur.fill(0.0);
        if left < STORE_TRIM {
            break;
        }
    }

    let mut table = RaceTable {
        offset: vec![0; STATES],
        lo: vec![0; STATES],
        len: vec![0; STATES],
        probs: Vec::new(),
        mean: mean.iter().map(|&m| m as f32).collect(),
        build_time: began.elapsed(),
    };
    let mut dist = [0f64; MAX_TURNS + 1];
    for s in 0..STATES {
        dist.fill(0.0);
        for (j, &p) in kept[s].iter().enumerate() {
            dist[lo[s] + j] = f64::from(p);
        }
        table.store(s, &dist, STORE_TRIM);
    }
    table.probs.shrink_to_fit();
    table.build_time = began.elapsed();
    table
}
