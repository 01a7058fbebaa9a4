//! Plain minimax with alpha-beta's scoring conventions (mate distance,
//! quiescence on forcing moves with stand-pat, no repetitions, two teams):
//! the reference values for the search tests.

use crate::game::{team_result, Evaluator, Playable, Player, Status};
use crate::search::alphabeta::QS_MAX_DEPTH;
use crate::search::score::{mate_score, Value, DRAW};
use std::cmp::Ordering;

/// Value of decision node `pos` (mover `me`) searched `depth` plies, with
/// the game's default evaluator.
pub fn value<G: Playable>(pos: &G, me: Player, depth: i32, ply: usize) -> Value {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    if depth <= 0 {
        let stand = G::Evaluator::default().evaluate(pos);
        if -depth >= QS_MAX_DEPTH {
            return stand;
        }
        moves.retain(|&m| pos.is_forcing(m));
        return moves
            .iter()
            .map(|&m| child(pos, m, me, depth - 1, ply + 1))
            .fold(stand, Value::max);
    }
    moves
        .iter()
        .map(|&m| child(pos, m, me, depth - 1, ply + 1))
        .max()
        .unwrap_or(DRAW)
}

/// Value for `me` of playing `m` in `pos`.
pub fn child<G: Playable>(pos: &G, m: G::Move, me: Player, depth: i32, ply: usize) -> Value {
    let mut c = pos.clone();
    c.play(m);
    match c.status() {
        Status::Over(o) => match team_result(&c, o, me) {
            Ordering::Greater => mate_score(true, ply),
            Ordering::Less => mate_score(false, ply),
            Ordering::Equal => DRAW,
        },
        Status::Chance => DRAW,
        Status::Decision(p) if c.team_of(p) == c.team_of(me) => value(&c, p, depth, ply),
        Status::Decision(p) => -value(&c, p, depth, ply),
    }
}
