//! The static evaluation: a weighted sum of features (mostly the
//! difference "side to move minus opponent" of a per-side value), linear so
//! that `agon tune` can fit [`WEIGHTS`] against [`features`] by the Texel
//! method on the 1,518 decided MiGs games (README: "Tuning").

use super::super::linear::{Linear, LinearFeatures};
use super::board::{shift, Bits, BOARD, DIRS, EDGE, RINGS_FROM};
use super::movegen;
use super::Abalone;
use crate::game::Score;

/// Number of features.
pub const NUM_FEATURES: usize = 8;

/// Feature names, in [`features`] order.
pub const FEATURE_NAMES: [&str; NUM_FEATURES] = [
    "material",
    "centre",
    "cohesion",
    "edge",
    "pushes",
    "ejections_to_move",
    "ejections_against",
    "tempo",
];

/// Weights in internal units per feature unit. The first (material) is
/// fixed by hand and sets the scale: a marble is 3000 internal units, shown
/// as 100 cp ([`Evaluator::cp_unit`]); the others are fitted by `agon tune`
/// (see the README for the command and data).
pub const WEIGHTS: [i32; NUM_FEATURES] = [3000, 145, 82, -53, 93, 158, -140, 157];

/// Opposing marbles this side has ejected.
pub fn material(pos: &Abalone, side: usize) -> i32 {
    pos.ejected[side ^ 1] as i32
}

/// Closeness to e5 summed over the side's marbles (4 − hex distance).
pub fn centre(pos: &Abalone, side: usize) -> i32 {
    // Σ (4 − d) = 4·n − Σ_k #{d ≥ k}.
    let m = pos.marbles[side];
    let far: u32 = RINGS_FROM.iter().map(|&r| (m & r).count_ones()).sum();
    4 * m.count_ones() as i32 - far as i32
}

/// Adjacent pairs of the side's own marbles.
pub fn cohesion(pos: &Abalone, side: usize) -> i32 {
    let own = pos.marbles[side];
    DIRS[..3]
        .iter()
        .map(|&a| (own & shift(own, -a)).count_ones() as i32)
        .sum()
}

/// The side's marbles on the outer ring, where a push can eject them.
pub fn edge(pos: &Abalone, side: usize) -> i32 {
    (pos.marbles[side] & EDGE).count_ones() as i32
}

/// Pushes (sumito) the side could play if it were to move.
pub fn pushes(pos: &Abalone, side: usize) -> i32 {
    let own: Bits = pos.marbles[side];
    let opp = (pos.marbles[side ^ 1] | pos.princess) & BOARD;
    movegen::count_pushes(own, own, opp) as i32
}

/// Every feature for `side`.
pub fn side_features(pos: &Abalone, side: usize) -> [i32; 5] {
    [
        material(pos, side),
        centre(pos, side),
        cohesion(pos, side),
        edge(pos, side),
        pushes(pos, side),
    ]
}

/// Features from the view of the side to move: the per-side ones as own
/// minus opponent's, then the ejections each side could play now (they
/// weigh differently: the mover's are threats it can carry out at once),
/// then the tempo constant.
pub fn features(pos: &Abalone) -> [i32; NUM_FEATURES] {
    let me = pos.side as usize;
    let a = side_features(pos, me);
    let b = side_features(pos, me ^ 1);
    let mut f = [0; NUM_FEATURES];
    for i in 0..5 {
        f[i] = a[i] - b[i];
    }
    let own = pos.marbles[me];
    let opp = pos.marbles[me ^ 1];
    f[5] = movegen::count_ejections(own, own, (opp | pos.princess) & BOARD) as i32;
    f[6] = movegen::count_ejections(opp, opp, (own | pos.princess) & BOARD) as i32;
    f[7] = 1;
    f
}

/// Abalone's evaluator: [`features`] weighted by its weights
/// ([`WEIGHTS`] by default, others from `agon tune` or `weights=`).
pub type AbaloneEvaluator = Linear<Abalone, NUM_FEATURES>;

impl LinearFeatures<NUM_FEATURES> for Abalone {
    const FEATURE_NAMES: [&'static str; NUM_FEATURES] = FEATURE_NAMES;
    const WEIGHTS: [Score; NUM_FEATURES] = WEIGHTS;

    #[inline]
    fn feature_vector(&self) -> [Score; NUM_FEATURES] {
        features(self)
    }
}

impl Abalone {
    /// The evaluation features from the side to move's view (for tuning).
    pub fn features(&self) -> [i32; NUM_FEATURES] {
        features(self)
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{cells, CENTRE_DISTANCE};
    use crate::game::{Game, GameOptions};

    #[test]
    fn centre_by_rings_equals_the_sum_over_cells() {
        for layout in ["standard", "belgian", "german"] {
            let opts =
                GameOptions::parse(&format!("layout={layout}"), super::super::options::SPECS)
                    .unwrap();
            let pos = super::Abalone::new(&opts).unwrap();
            for side in 0..2 {
                let by_cells: i32 = cells(pos.marbles[side])
                    .map(|c| 4 - CENTRE_DISTANCE[c as usize] as i32)
                    .sum();
                assert_eq!(super::centre(&pos, side), by_cells, "{layout}");
            }
        }
    }
}
