//! The hint: a backgammon-style list of every legal move of a decision
//! position with its value, best first; and at a chance node what GNU
//! Backgammon shows before the roll (the expected value, and per outcome
//! its probability, best move and value). When the game knows the exact
//! win probability after a move
//! ([`Evaluator::exact_win_probability`](crate::game::Evaluator::exact_win_probability):
//! Palma's exact endgames) each move carries it too.

use super::units::{flipped, show, to_units, win_scale};
use crate::engine::{Core, SearchJob};
use crate::game::{decider_after, Evaluator, GameError, Outcome, Playable, Player, Status};
use crate::search::{Limits, Report, ScoreReport, Signal};

/// The player to move, or why the position has none.
pub(super) fn decider<G: Playable>(pos: &G) -> Result<Player, GameError> {
    match pos.status() {
        Status::Decision(p) => Ok(p),
        Status::Chance => Err(GameError::new(
            "the position is a chance node (nothing thrown or rolled yet); give one where a player is to move",
        )),
        Status::Over(_) => Err(GameError::new("the game is over in this position")),
    }
}

/// One analysed move.
#[derive(Clone, Debug)]
pub struct MoveValue {
    pub text: String,
    pub score: ScoreReport,
    /// Comparable value in analysis units, larger is better for the mover.
    pub key: f64,
    /// The score as analysis shows it.
    pub shown: String,
    /// The exact win probability after the move, when the game knows it.
    pub exact: Option<f64>,
}

/// Every legal move of `pos` with its searched value, best first (equal
/// values in the move generator's order); `each(done, total, move)` after
/// each move, for progress.
pub fn move_values<G: Playable>(
    pos: &G,
    limits: &Limits,
    core: &Core,
    mut each: impl FnMut(usize, usize, &MoveValue),
) -> Result<Vec<MoveValue>, GameError> {
    let me = decider(pos)?;
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let signal = Signal::new();
    let mut lines = Vec::new();
    for &m in &moves {
        // A fresh table per move: an entry for the root searched with
        // another forced move must not answer for this one.
        core.new_game();
        let job = SearchJob {
            root_moves: &[m],
            ..SearchJob::new(pos, limits)
        };
        let r = core.search(&job, &signal, &|_: &Report| {});
        let mut child = pos.clone();
        child.play(m);
        let line = MoveValue {
            text: pos.move_text(m),
            score: r.score,
            key: to_units::<G>(r.score),
            shown: show::<G>(r.score),
            exact: G::Evaluator::default().exact_win_probability(&child, me),
        };
        each(lines.len() + 1, moves.len(), &line);
        lines.push(line);
    }
    lines.sort_by(|a, b| b.key.total_cmp(&a.key));
    Ok(lines)
}

/// The exact value of the best move overall, which the exact losses are
/// measured from: the largest exact value when every move has one, else
/// the exact value of the searched best (the first line), if known. Never
/// the best among only the moves that have an exact value: a worse move
/// that reaches a known endgame would then show no loss.
pub fn best_exact(lines: &[MoveValue]) -> Option<f64> {
    let all: Option<Vec<f64>> = lines.iter().map(|l| l.exact).collect();
    match all {
        Some(values) if !values.is_empty() => {
            Some(values.into_iter().fold(f64::NEG_INFINITY, f64::max))
        }
        _ => lines.first().and_then(|l| l.exact),
    }
}

/// One outcome of a chance node.
#[derive(Clone, Debug)]
pub struct ChanceRow {
    pub outcome: String,
    pub probability: f64,
    /// The best move after the outcome, or `(throw)` / `(over)`.
    pub best: String,
    /// Its value for the thrower.
    pub score: ScoreReport,
}

/// The chance hint of a position.
#[derive(Clone, Debug)]
pub struct ChanceHint {
    /// The player whose throw or roll it is.
    pub thrower: Player,
    pub rows: Vec<ChanceRow>,
    /// The probability-weighted mean of the rows' values, in analysis
    /// units; `None` when an outcome has a proven result in a game valued
    /// in centi-units.
    pub expected: Option<f64>,
}

/// At a chance node: for each outcome the best move after it and that
/// move's value (the values of [`move_values`] at the position after the
/// outcome, seen from the thrower), and the expected value, so that the
/// table adds up; `each(done, total, outcome)` after each outcome.
pub fn chance_hint<G: Playable>(
    pos: &G,
    limits: &Limits,
    core: &Core,
    mut each: impl FnMut(usize, usize, &str),
) -> Result<ChanceHint, GameError> {
    let thrower = decider_after(pos).ok_or_else(|| {
        GameError::new("no player decides after this throw or roll (the game ends first)")
    })?;
    let mut outcomes = Vec::new();
    pos.outcomes(&mut outcomes);
    let mut rows = Vec::new();
    let mut expected = Some(0.0);
    for &(outcome, p) in &outcomes {
        let mut child = pos.clone();
        child.play(outcome);
        let (best, score) = match child.status() {
            Status::Decision(c) => {
                let lines = move_values(&child, limits, core, |_, _, _| {})?;
                let first = lines
                    .first()
                    .ok_or_else(|| GameError::new("a decision node without a legal move"))?;
                let score = if c == thrower {
                    first.score
                } else {
                    flipped(first.score)
                };
                (first.text.clone(), score)
            }
            // A throw that earns another throw (no game here has one): the
            // value is the search of that chance node, from its thrower.
            Status::Chance => {
                core.new_game();
                let r = core.search(
                    &SearchJob::new(&child, limits),
                    &Signal::new(),
                    &|_: &Report| {},
                );
                let score = if decider_after(&child) == Some(thrower) {
                    r.score
                } else {
                    flipped(r.score)
                };
                ("(throw)".to_string(), score)
            }
            Status::Over(o) => {
                let score = match o {
                    Outcome::Win(w) if w == thrower => ScoreReport::Mate(1),
                    Outcome::Win(_) => ScoreReport::Mate(-1),
                    _ => ScoreReport::Cp(0),
                };
                ("(over)".to_string(), score)
            }
        };
        // A proven result has no place in an average of centi-units.
        let value = match (win_scale::<G>(), score) {
            (None, ScoreReport::Mate(_)) => None,
            _ => Some(to_units::<G>(score)),
        };
        expected = expected.zip(value).map(|(e, v)| e + p * v);
        let text = pos.move_text(outcome);
        rows.push(ChanceRow {
            outcome: text.clone(),
            probability: p,
            best,
            score,
        });
        each(rows.len(), outcomes.len(), &text);
    }
    Ok(ChanceHint {
        thrower,
        rows,
        expected,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(key: f64, exact: Option<f64>) -> MoveValue {
        MoveValue {
            text: String::new(),
            score: ScoreReport::Cp(0),
            key,
            shown: String::new(),
            exact,
        }
    }

    #[test]
    fn the_exact_reference_is_the_best_move_overall() {
        // Every move known: the true best.
        let all = [line(2.0, Some(0.5)), line(1.0, Some(0.7))];
        assert_eq!(best_exact(&all), Some(0.7));
        // The searched best unknown: no reference, although a worse move
        // has an exact value.
        let top_unknown = [line(2.0, None), line(1.0, Some(0.7))];
        assert_eq!(best_exact(&top_unknown), None);
        // Only some known: the searched best's own value.
        let top_known = [line(2.0, Some(0.6)), line(1.0, None), line(0.0, Some(0.4))];
        assert_eq!(best_exact(&top_known), Some(0.6));
        assert_eq!(best_exact(&[]), None);
    }
}
