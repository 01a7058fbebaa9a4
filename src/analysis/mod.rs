//! Analysis of positions and recorded games, as values for a caller to
//! show: the hint (every legal move of a decision position with its
//! searched value, [`move_values`]), the chance hint (at a chance node the
//! expected value and each outcome's best move, [`chance_hint`]), the
//! review of a recorded game (each move's loss against the engine's best,
//! error and blunder marks, [`review_game`]) and the equity loss on a set
//! of exactly solved positions ([`measure_loss`]) and the rollouts of a
//! dice game's moves ([`rollout::rollout`]).
//!
//! Generic over [`Playable`](crate::game::Playable): each move's value is
//! the engine's own search with the root restricted to that move
//! (`searchmoves`), so a deterministic game gets its alpha-beta value and
//! a chance game its expectiminimax value after the move.
//!
//! Units: for games whose evaluator is a win probability
//! ([`Evaluator::win_probability_scale`](crate::game::Evaluator::win_probability_scale))
//! values and losses are win probabilities of the player to move, 0..1
//! (equity on the 0..1 scale, not backgammon's 2p − 1); otherwise search
//! scores in centi-units ([`units`]).

mod equity;
mod hint;
mod review;
pub mod rollout;
pub mod units;

pub use equity::{
    exact_move_values, measure_loss, move_values_by, set_positions, LossReport, EXACT_TOLERANCE,
};
pub use hint::{best_exact, chance_hint, move_values, ChanceHint, ChanceRow, MoveValue};
pub use review::{
    default_thresholds, expected_score, game_luck, move_accuracy, read_games, review_game, Ending,
    GameLuck, PlyReview, RecordedGame, Summary, Thresholds, MATE_LOSS,
};

use crate::engine::Core;
use crate::game::GameError;
use crate::search::{Algorithm, SearchConfig};

/// The table analysis uses unless told (`agon analyse --hash`).
pub const HASH_MB: usize = 16;

/// The engine analysis searches with: `algorithm` on a table of
/// `hash_mb` MiB and `threads` threads, kept for the whole analysis.
pub fn engine(algorithm: Algorithm, hash_mb: usize, threads: usize) -> Result<Core, GameError> {
    Core::new(SearchConfig {
        algorithm,
        hash_mb,
        threads,
        // Analysis shows true values: no contempt.
        analyse_mode: true,
        ..SearchConfig::default()
    })
    .map_err(|e| GameError::new(e.to_string()))
}
