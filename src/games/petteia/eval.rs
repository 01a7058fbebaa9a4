//! A first hand-weighted evaluation, linear in [`features`] so the weights
//! can later be tuned from data. Terms (issue 6): material by class, the
//! danger of a thin class (decimation), Basileus distance to the far row
//! (breakthrough) and safety (enemy neighbours, free neighbours: rout),
//! mobility-lite (empty squares next to own pieces), isolated pieces (the
//! sources stress they are weak), activity and the reluctance counter.

use super::board::{neighbours, squares, Board, BASILEUS, HOPLITE, PELTAST};
use super::rules::{basileus_advance, has_active, State};
use crate::game::{Score, EVAL_LIMIT};

pub const NAMES: [&str; 10] = [
    "peltasts",
    "hoplites",
    "thin_class",
    "basileus_advance",
    "basileus_enemies",
    "basileus_free",
    "mobility",
    "isolated",
    "reluctance",
    "active",
];

/// Hand-set weights, per feature (centi-units per unit of the feature).
pub const WEIGHTS: [Score; 10] = [100, 120, -150, 12, -35, 8, 3, -12, -40, 10];

fn side_features(board: &Board, st: &State, side: usize) -> [Score; 10] {
    let own = board.side(side);
    let enemy = board.side(1 - side);
    let empty = board.empty();
    let pel = board.count(side, PELTAST) as Score;
    let hop = board.count(side, HOPLITE) as Score;
    let king = board.bb[side][BASILEUS];
    let ring = neighbours(king);
    let isolated = squares(own)
        .filter(|&sq| neighbours(1u128 << sq) & own == 0)
        .count() as Score;
    [
        pel,
        hop,
        (pel.min(hop) <= 2) as Score,
        basileus_advance(board, side).unwrap_or(0) as Score,
        (ring & enemy).count_ones() as Score,
        (ring & empty).count_ones() as Score,
        (neighbours(own) & empty).count_ones() as Score,
        isolated,
        st.reluctance[side] as Score,
        has_active(board, side) as Score,
    ]
}

/// Feature differences (side to move minus opponent).
pub fn features(st: &State) -> [Score; 10] {
    let me = side_features(&st.board, st, st.side);
    let them = side_features(&st.board, st, 1 - st.side);
    let mut out = [0; 10];
    for i in 0..10 {
        out[i] = me[i] - them[i];
    }
    out
}

pub fn evaluate(st: &State) -> Score {
    let f = features(st);
    let total: Score = f.iter().zip(WEIGHTS.iter()).map(|(a, w)| a * w).sum();
    total.clamp(-EVAL_LIMIT + 1, EVAL_LIMIT - 1)
}

pub fn terms(st: &State) -> Vec<(&'static str, Score)> {
    let f = features(st);
    let mut v: Vec<(&'static str, Score)> = NAMES
        .iter()
        .zip(f.iter().zip(WEIGHTS.iter()))
        .map(|(n, (a, w))| (*n, a * w))
        .collect();
    v.push(("total", evaluate(st)));
    v
}
