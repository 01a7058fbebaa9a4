//! A first hand-weighted evaluation and the move-ordering hooks.
//!
//! The evaluation is a dot product of [`features`] (each "mine minus
//! theirs", from the view of the player to move) with [`WEIGHTS`], so a
//! tuner can fit the weights from game data without touching the terms.

use super::board::{bit, file_of, rank_of, shift, Bits, Points, ALL, BACK_RANK, MAN_DIRS};
use super::{ZMove, Zamma};
use crate::game::{Score, EVAL_LIMIT};

/// Names of the evaluation features, in [`features`] order.
pub const FEATURE_NAMES: [&str; NUM_FEATURES] = [
    "men",
    "mullahs",
    "advancement",
    "mobility",
    "back_rank",
    "exposed",
    "tempo",
];

pub const NUM_FEATURES: usize = 7;

/// Hand-set first weights (centi-units per feature unit): a man is 100, a
/// Mullah flies and is worth about three men; advancement per rank of
/// each man; mobility per plain step; men still guarding the own back
/// rank (they stop enemy promotion).
pub const WEIGHTS: [Score; NUM_FEATURES] = [100, 300, 3, 2, 6, 0, 0];

/// The raw features, each "player to move minus opponent".
pub fn features(z: &Zamma) -> [i32; NUM_FEATURES] {
    let s = z.side();
    let o = 1 - s;
    let side_terms = |side: usize| -> [i32; NUM_FEATURES] {
        let men = z.men(side);
        let advancement: u32 = Points(men)
            .map(|p| {
                let r = rank_of(p) as u32;
                if side == 0 {
                    r
                } else {
                    8 - r
                }
            })
            .sum();
        [
            men.count_ones() as i32,
            z.mullahs(side).count_ones() as i32,
            advancement as i32,
            z.sides(side).count_steps() as i32,
            (men & BACK_RANK[side]).count_ones() as i32,
            exposed(z, side) as i32,
            (side == s) as i32,
        ]
    };
    let mine = side_terms(s);
    let theirs = side_terms(o);
    let mut out = [0; NUM_FEATURES];
    for i in 0..NUM_FEATURES {
        out[i] = mine[i] - theirs[i];
    }
    out
}

/// Structure: the single jumps the opponent of `side` has over `side`'s
/// pieces (an enemy piece next to one of them along a line, the point
/// beyond empty), counted by landing point and direction. Enemy men jump
/// in their man directions only; a Mullah's flying jumps are left to the
/// search. Supported pieces (a friend behind) and edge pieces score 0.
fn exposed(z: &Zamma, side: usize) -> u32 {
    let topo = z.topology();
    let own = z.pieces(side);
    let enemy = 1 - side;
    let empty = !(own | z.pieces(enemy)) & ALL;
    let jumps = |attackers: Bits, d: usize| -> u32 {
        let victims = shift(attackers & topo.from[d], d) & own;
        (shift(victims & topo.from[d], d) & empty).count_ones()
    };
    let men = z.men(enemy);
    let mullahs = z.mullahs(enemy);
    (0..8)
        .map(|d| {
            let attackers = if MAN_DIRS[enemy].contains(&d) {
                men | mullahs
            } else {
                mullahs
            };
            jumps(attackers, d)
        })
        .sum()
}

/// The weighted sum of [`features`], clamped inside `±EVAL_LIMIT`.
pub fn evaluate(z: &Zamma) -> Score {
    let f = features(z);
    let total: i64 = f
        .iter()
        .zip(WEIGHTS.iter())
        .map(|(&x, &w)| x as i64 * w as i64)
        .sum();
    total.clamp(-(EVAL_LIMIT as i64 - 1), EVAL_LIMIT as i64 - 1) as Score
}

/// Each weighted term, then the total.
pub fn terms(z: &Zamma) -> Vec<(&'static str, Score)> {
    let f = features(z);
    let mut out: Vec<(&'static str, Score)> = FEATURE_NAMES
        .iter()
        .zip(f.iter().zip(WEIGHTS.iter()))
        .map(|(&name, (&x, &w))| (name, x * w))
        .collect();
    out.push(("total", evaluate(z)));
    out
}

/// Captures first, more pieces (Mullahs weigh more) before fewer; then
/// promotions; then forward steps.
pub fn order_hint(z: &Zamma, m: ZMove) -> i32 {
    let o = 1 - z.side();
    let mut hint = 0;
    if m.is_capture() {
        let mullahs = (m.captured & z.mullahs(o)).count_ones() as i32;
        hint += 10_000 + 1_000 * m.num_captured() as i32 + 2_000 * mullahs;
    }
    if z.promotes(m) {
        hint += 5_000;
    }
    let s = z.side();
    if z.men(s) & bit(m.from) != 0 && rank_of(m.to()) != rank_of(m.from) {
        hint += 10;
    }
    hint
}

/// (piece kind × direction of the first leg × final point): 2 × 8 × 81 =
/// 1296 shapes, below `HISTORY_SIZE`.
pub fn history_index(z: &Zamma, m: ZMove) -> usize {
    let mullah = z.mullahs(z.side()) & bit(m.from) != 0;
    let first = m.landings()[0];
    let df = (file_of(first) as i32 - file_of(m.from) as i32).signum();
    let dr = (rank_of(first) as i32 - rank_of(m.from) as i32).signum();
    let dir = super::board::DFILE
        .iter()
        .zip(super::board::DRANK.iter())
        .position(|(&f, &r)| f as i32 == df && r as i32 == dr)
        .unwrap_or(0);
    (mullah as usize * 8 + dir) * 81 + m.to() as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions};

    fn pos(text: &str) -> Zamma {
        let opts = GameOptions::defaults(Zamma::option_specs());
        Zamma::from_position(text, &opts).unwrap()
    }

    #[test]
    fn start_is_balanced() {
        // Both sides have 40 men, equal advancement (mirror images), four
        // steps into e5 each, nine men on the back rank and nothing to
        // jump; only the tempo is the mover's.
        let z = Zamma::new(&GameOptions::defaults(Zamma::option_specs())).unwrap();
        let mut want = [0; NUM_FEATURES];
        want[NUM_FEATURES - 1] = 1;
        assert_eq!(features(&z), want);
        assert_eq!(evaluate(&z), WEIGHTS[NUM_FEATURES - 1]);
    }

    #[test]
    fn scores_are_from_the_side_to_move() {
        // Black: a Mullah on a1 and a man on e4; White: a man on e7.
        let black = pos("9/9/4w4/9/9/4b4/9/9/B8 b 0 0");
        let white = pos("9/9/4w4/9/9/4b4/9/9/B8 w 0 0");
        let f = features(&black);
        assert_eq!(f[0], 0); // one man each
        assert_eq!(f[1], 1); // Black's Mullah
        assert_eq!(f[2], 3 - 2); // e4 is 3 ranks up, e7 is 2 ranks down
        let tempo = WEIGHTS[NUM_FEATURES - 1];
        assert_eq!(evaluate(&black) - tempo, -(evaluate(&white) - tempo));
        assert!(evaluate(&black) > 0);
        let terms = terms(&black);
        assert_eq!(terms.last(), Some(&("total", evaluate(&black))));
    }

    #[test]
    fn exposed_counts_single_jumps_by_direction() {
        // White men on e5 and c4, Black men on d4 and e4. Diagonals pass
        // through d4 and e5 (even file + rank), not through c4 or e4.
        let z = pos("9/9/9/9/4w4/2wbb4/9/9/9 b 0 0");
        // Black (men step N, NE, NW, E, W) over White: e4 over e5 to e6,
        // d4 over e5 to f6 (diagonal), d4 over c4 to b4 (sideways).
        assert_eq!(exposed(&z, 1), 3);
        // White (S, SE, SW, E, W) over Black: e5 over e4 to e3, e5 over d4
        // to c3; c4 over d4 is blocked by e4.
        assert_eq!(exposed(&z, 0), 2);
    }

    #[test]
    fn captures_of_more_pieces_are_tried_first() {
        let z = pos("9/9/9/9/9/2w1w4/3w5/1w7/b8 b 0 0");
        let mut moves = Vec::new();
        z.moves(&mut moves);
        moves.sort_by_key(|m| -order_hint(&z, *m));
        assert_eq!(z.move_text(moves[0]), "a1xc3xe3xe5");
        assert!(moves
            .iter()
            .all(|m| history_index(&z, *m) < crate::game::HISTORY_SIZE));
    }
}
