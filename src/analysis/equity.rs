//! Equity loss: the engine's average loss per move on a set of positions
//! whose exact values the game knows (a file of position strings, one per
//! line, `#` starting a comment), with a uniformly random move's loss as
//! the baseline.

use super::hint::decider;
use crate::engine::{Core, SearchJob};
use crate::game::{Evaluator, GameError, GameOptions, Playable, Player, Status};
use crate::search::{Limits, Report, Signal};

/// A move counts as "exactly right" when it loses at most this much.
pub const EXACT_TOLERANCE: f64 = 1e-9;

/// The positions of a set file: one per line, `#` starts a comment.
pub fn set_positions(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect()
}

/// Exact values of every legal move for the mover (`None` if one is not
/// known).
pub fn exact_move_values<G: Playable>(pos: &G) -> Option<Vec<(G::Move, f64)>> {
    let evaluator = G::Evaluator::default();
    move_values_by(pos, |child, me| evaluator.exact_win_probability(child, me))
}

/// [`exact_move_values`] from another source of exact values (a table
/// larger than the game's own, say): `value(child, mover)` for the
/// position after each legal move.
pub fn move_values_by<G: Playable>(
    pos: &G,
    value: impl Fn(&G, Player) -> Option<f64>,
) -> Option<Vec<(G::Move, f64)>> {
    let Status::Decision(me) = pos.status() else {
        return None;
    };
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            value(&child, me).map(|x| (m, x))
        })
        .collect()
}

/// What `--equity-loss` measured.
#[derive(Clone, Debug, PartialEq)]
pub struct LossReport {
    pub positions: usize,
    pub mean_loss: f64,
    pub max_loss: f64,
    /// Positions where agon's move lost at most [`EXACT_TOLERANCE`].
    pub exactly_right: usize,
    /// The average loss of a uniformly random legal move (a baseline that
    /// says how much the set's choices matter).
    pub random_loss: f64,
}

/// agon's loss per move on `text`'s positions: exact value of the best
/// move minus exact value of the move the engine `core` plays within
/// `limits` (its table kept from one position to the next, as in a game).
pub fn measure_loss<G: Playable>(
    opts: &GameOptions,
    text: &str,
    limits: &Limits,
    core: &Core,
    mut each: impl FnMut(usize, &G, f64, &str, &str),
) -> Result<LossReport, GameError> {
    let signal = Signal::new();
    let mut total = 0.0;
    let mut report = LossReport {
        positions: 0,
        mean_loss: 0.0,
        max_loss: 0.0,
        exactly_right: 0,
        random_loss: 0.0,
    };
    let mut random_total = 0.0;
    for (line, p) in set_positions(text) {
        let pos =
            G::from_position(p, opts).map_err(|e| GameError::new(format!("line {line}: {e}")))?;
        decider(&pos).map_err(|e| GameError::new(format!("line {line}: {e}")))?;
        let values = exact_move_values(&pos).ok_or_else(|| {
            GameError::new(format!(
                "line {line}: the game knows no exact value for this position's moves"
            ))
        })?;
        let r = core.search(&SearchJob::new(&pos, limits), &signal, &|_: &Report| {});
        let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
        let (chosen, got) = r
            .best
            .and_then(|b| values.iter().find(|v| v.0 == b).copied())
            .ok_or_else(|| GameError::new(format!("line {line}: the search returned no move")))?;
        let best_move = values
            .iter()
            .find(|v| v.1 == best)
            .map_or(String::new(), |v| pos.move_text(v.0));
        let loss = best - got;
        random_total += values.iter().map(|v| best - v.1).sum::<f64>() / values.len() as f64;
        each(line, &pos, loss, &pos.move_text(chosen), &best_move);
        total += loss;
        report.positions += 1;
        report.max_loss = report.max_loss.max(loss);
        if loss <= EXACT_TOLERANCE {
            report.exactly_right += 1;
        }
    }
    if report.positions == 0 {
        return Err(GameError::new("the file holds no positions"));
    }
    report.mean_loss = total / report.positions as f64;
    report.random_loss = random_total / report.positions as f64;
    Ok(report)
}
