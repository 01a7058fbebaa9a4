//! Search scores: the evaluator's internal units from the view of the
//! player to move, with proven wins and losses above any static
//! evaluation. They leave the engine through [`shown`], on the protocol's
//! scale (100 cp = one marble, man or piece).
//!
//! A win reached `n` plies below the root scores `MATE - n`, a loss
//! `-(MATE - n)`, so shorter wins and longer losses are preferred. The
//! transposition table stores mate scores relative to the node (see
//! [`to_tt`]/[`from_tt`]) because one entry is reached at different plies.

use super::info::{Report, ScoreReport};
use crate::game::{to_cp, EVAL_LIMIT};

pub type Value = i32;

/// Deepest ply any search reaches (stack arrays are this long).
pub const MAX_PLY: usize = 128;
/// A win at the root itself (never reached: the root is not terminal).
pub const MATE: Value = 30_000;
/// Scores beyond this magnitude are proven wins/losses.
pub const MATE_BOUND: Value = MATE - MAX_PLY as Value;
/// Larger than any score; the initial window.
pub const INF: Value = 31_000;
/// The score of a draw (and of any repetition inside the tree).
pub const DRAW: Value = 0;
/// A win an exact table proves (Zamma's endgame databases), below every
/// mate the search sees itself and above every evaluation: it scores
/// `TABLE_WIN - ply - distance` ([`table_score`]), so the nearest table
/// win and the farthest table loss are preferred.
pub const TABLE_WIN: Value = 29_000;
/// The farthest distance a table gives.
const TABLE_DISTANCE_MAX: Value = 255;

const _: () = assert!(TABLE_WIN < MATE_BOUND);
const _: () = assert!(TABLE_WIN - MAX_PLY as Value - TABLE_DISTANCE_MAX > EVAL_LIMIT);

const _: () = assert!(EVAL_LIMIT < MATE_BOUND);
const _: () = assert!(INF <= i16::MAX as Value);

/// The score of a win (`won`) or loss reached at `ply` plies from the root.
pub fn mate_score(won: bool, ply: usize) -> Value {
    let v = MATE - ply as Value;
    if won {
        v
    } else {
        -v
    }
}

/// The score of a table's result reached at `ply`: `won` for the side
/// the score is from, `distance` the table's (see [`TABLE_WIN`]).
pub fn table_score(won: bool, ply: usize, distance: u32) -> Value {
    let v = TABLE_WIN - ply as Value - (distance as Value).min(TABLE_DISTANCE_MAX);
    if won {
        v
    } else {
        -v
    }
}

pub fn is_mate(v: Value) -> bool {
    v.abs() >= MATE_BOUND
}

/// A score at `ply` made relative to the node, for storing.
pub fn to_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v + ply as Value
    } else if v <= -MATE_BOUND {
        v - ply as Value
    } else {
        v
    }
}

/// The inverse of [`to_tt`] at the probing node's ply.
pub fn from_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v - ply as Value
    } else if v <= -MATE_BOUND {
        v + ply as Value
    } else {
        v
    }
}

/// A root score as the protocol prints it: mates in the mover's own moves
/// (a win `n` plies away takes `(n + 1) / 2` of the mover's moves).
pub fn report(v: Value) -> ScoreReport {
    if v >= MATE_BOUND {
        ScoreReport::Mate((MATE - v + 1) / 2)
    } else if v <= -MATE_BOUND {
        ScoreReport::Mate(-(MATE + v) / 2)
    } else {
        ScoreReport::Cp(v)
    }
}

/// A reported score on the protocol's scale, `unit` internal units being
/// 100 cp ([`crate::game::Evaluator::cp_unit`]); mates are unchanged.
pub fn shown(score: ScoreReport, unit: Value) -> ScoreReport {
    match score {
        ScoreReport::Cp(v) => ScoreReport::Cp(to_cp(v, unit)),
        mate => mate,
    }
}

/// A search report on the protocol's scale (see [`shown`]).
pub fn shown_report(report: &Report, unit: Value) -> Option<Report> {
    match report {
        Report::Pv(p) => {
            let score = shown(p.score, unit);
            (score != p.score).then(|| Report::Pv(super::PvInfo { score, ..p.clone() }))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_in_moves_counts_the_movers_moves() {
        // Winning move at the root: the terminal node is 1 ply away.
        assert_eq!(report(mate_score(true, 1)), ScoreReport::Mate(1));
        // Mover, reply, mover wins: 3 plies, the mover's 2nd move.
        assert_eq!(report(mate_score(true, 3)), ScoreReport::Mate(2));
        // Mover plays, opponent wins at ply 2: mated after 1 own move.
        assert_eq!(report(mate_score(false, 2)), ScoreReport::Mate(-1));
        assert_eq!(report(mate_score(false, 4)), ScoreReport::Mate(-2));
        assert_eq!(report(150), ScoreReport::Cp(150));
    }

    #[test]
    fn shown_scales_centi_units_and_keeps_mates() {
        assert_eq!(shown(ScoreReport::Cp(-4516), 3000), ScoreReport::Cp(-151));
        assert_eq!(shown(ScoreReport::Mate(-3), 3000), ScoreReport::Mate(-3));
        assert_eq!(shown(ScoreReport::Cp(77), 100), ScoreReport::Cp(77));
    }

    #[test]
    fn tt_adjustment_round_trips_and_is_node_relative() {
        for ply in [0usize, 1, 7, 40] {
            for v in [0, -5, 1234, mate_score(true, 9), mate_score(false, 12)] {
                assert_eq!(from_tt(to_tt(v, ply), ply), v);
            }
        }
        // A win 3 plies below a node at ply 5 is a win 3 plies below the
        // same node reached at ply 2.
        let stored = to_tt(mate_score(true, 8), 5);
        assert_eq!(from_tt(stored, 2), mate_score(true, 5));
    }
}
