//! Searches generic over [`crate::game::Game`]: alpha-beta for the
//! deterministic games, expectiminimax for the dice games, MCTS for every
//! game, and the test opponents `greedy` and `random`.
//!
//! Entry point: [`think`]. It is monomorphised per game; the protocol and the
//! command line reach it through [`crate::with_game!`].

pub mod expectimax;
pub mod info;
pub mod limits;

pub use info::{Bound, PvInfo, Report, ScoreReport, SearchResult};
pub use limits::{Clock, Limits};

use crate::game::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Which search to run (`Search` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Alpha-beta for deterministic games, expectiminimax for dice games.
    #[default]
    Auto,
    AlphaBeta,
    Expectimax,
    Mcts,
    /// One ply with the evaluator (a test opponent).
    Greedy,
    /// A uniformly random legal move (a test opponent).
    Random,
}

impl Algorithm {
    pub const NAMES: &'static [&'static str] = &[
        "auto",
        "alphabeta",
        "expectimax",
        "mcts",
        "greedy",
        "random",
    ];

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Some(match name.to_ascii_lowercase().as_str() {
            "auto" => Algorithm::Auto,
            "alphabeta" => Algorithm::AlphaBeta,
            "expectimax" => Algorithm::Expectimax,
            "mcts" => Algorithm::Mcts,
            "greedy" => Algorithm::Greedy,
            "random" => Algorithm::Random,
            _ => return None,
        })
    }
}

/// Engine settings that outlive one search (protocol options).
#[derive(Clone, Debug)]
pub struct SearchConfig {
    pub algorithm: Algorithm,
    pub threads: usize,
    pub hash_mb: usize,
    pub multipv: usize,
    pub seed: u64,
    pub move_overhead: Duration,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::Auto,
            threads: 1,
            hash_mb: 64,
            multipv: 1,
            seed: 0,
            move_overhead: Duration::from_millis(10),
        }
    }
}

/// Searches `root` and returns the best move.
///
/// - `history`: hashes of the positions before `root` in the game (oldest
///   first), for repetition detection.
/// - `root_moves`: restrict the root to these moves (`searchmoves`); empty =
///   all legal moves.
/// - `stop`: set by another thread to end the search within milliseconds.
/// - `report`: receives `info` reports as the search goes.
pub fn think<G: Game>(
    root: &G,
    history: &[u64],
    root_moves: &[G::Move],
    limits: &Limits,
    config: &SearchConfig,
    stop: &AtomicBool,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult<G::Move> {
    // Placeholder until the search core lands: the first legal move.
    let _ = (history, limits, config, report);
    let mut moves = Vec::new();
    root.moves(&mut moves);
    if !root_moves.is_empty() {
        moves.retain(|m| root_moves.contains(m));
    }
    let _ = stop.load(Ordering::Relaxed);
    SearchResult {
        best: moves.first().copied(),
        ponder: None,
        score: ScoreReport::Cp(0),
        depth: 0,
        nodes: 0,
    }
}
