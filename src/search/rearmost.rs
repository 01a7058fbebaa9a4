//! The `rearmost` test opponent: always moves its rearmost piece, the
//! legal move with the smallest [`SearchHints::piece_progress`](crate::game::SearchHints::piece_progress) (Palma: an entry
//! from off the board first, then the piece furthest back on its track,
//! square 0 before square 1; palma.md "A turn" 2). Ties, which Palma never
//! has (a square of a track holds one piece, and the pieces on square 0
//! make one move), go to the first in generation order.
//!
//! Where no legal move has a progress (a game without tracks, or a forced
//! pass), it plays as [`super::greedy`] and says so, so a match against
//! `rearmost` in another game is still a match against a known opponent.

use super::info::SearchResult;
use crate::game::{Playable, Status};

/// The rearmost piece's move, or `None` when no legal move (restricted to
/// `root_moves` as [`super::random`] does) moves a piece along a track.
pub fn choose<G: Playable>(root: &G, root_moves: &[G::Move]) -> Option<G::Move> {
    if !matches!(root.status(), Status::Decision(_)) {
        return None;
    }
    let moves = super::random::candidates(root, root_moves);
    moves
        .iter()
        .filter_map(|&m| root.piece_progress(m).map(|p| (p, m)))
        // `min_by_key` keeps the first of equal keys: generation order.
        .min_by_key(|&(p, _)| p)
        .map(|(_, m)| m)
}

/// The search result of `rearmost`; the flag is true when it fell back to
/// `greedy` (see the module docs).
pub fn think<G: Playable>(
    eval: &G::Evaluator,
    root: &G,
    root_moves: &[G::Move],
    seed: u64,
) -> (SearchResult<G::Move>, bool) {
    match choose(root, root_moves) {
        Some(m) => (
            SearchResult {
                nodes: 1,
                ..SearchResult::only(m)
            },
            false,
        ),
        None => (super::greedy::think(eval, root, root_moves, seed), true),
    }
}
