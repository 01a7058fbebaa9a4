//! The `random` test opponent: a uniformly random legal move from a
//! generator seeded with `config.seed` and the position's hash (so it
//! varies along a game yet replays exactly).

use super::info::SearchResult;
use crate::game::{Playable, Status};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// The legal moves, restricted to `root_moves` when that keeps any.
pub(crate) fn candidates<G: Playable>(root: &G, root_moves: &[G::Move]) -> Vec<G::Move> {
    let mut moves = Vec::new();
    root.moves(&mut moves);
    if moves.iter().any(|m| root_moves.contains(m)) {
        moves.retain(|m| root_moves.contains(m));
    }
    moves
}

pub fn think<G: Playable>(root: &G, root_moves: &[G::Move], seed: u64) -> SearchResult<G::Move> {
    let mut result = SearchResult::none();
    if !matches!(root.status(), Status::Decision(_)) {
        return result;
    }
    let moves = candidates(root, root_moves);
    if !moves.is_empty() {
        let mut rng = Pcg64::seed_from_u64(seed ^ root.hash());
        let chosen = moves[rng.gen_range(0..moves.len())];
        result.best = Some(chosen);
        result.pv = vec![chosen];
    }
    result
}
