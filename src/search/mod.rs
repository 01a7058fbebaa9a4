//! Searches generic over [`crate::game::Game`]: alpha-beta for the
//! deterministic games, expectiminimax for the dice games, MCTS for every
//! game, and the test opponents `greedy`, `random` and `rearmost`.
//!
//! Entry point: [`think`] (or [`Searcher::think`] for an engine with its
//! own table). It is monomorphised per game; the protocol and the command
//! line reach it through [`crate::with_game!`]. `Expectimax` and `Mcts`
//! fall back to alpha-beta (with an `info string`) until they exist.
//!
//! - [`alphabeta`]: the search proper; [`tt`]: the shared table;
//!   [`smp`]: Lazy SMP threads; [`time`]: limits into stopping rules;
//!   [`score`]: score scale and mate distances.
//! - [`greedy`], [`random`], [`rearmost`]: the test opponents (`rearmost`
//!   moves the piece furthest back, [`Game::piece_progress`]; it plays as
//!   `greedy` in games without tracks).

pub mod alphabeta;
pub mod expectimax;
pub mod greedy;
pub mod info;
pub mod limits;
pub mod random;
pub mod rearmost;
pub mod score;
pub mod smp;
pub mod time;
pub mod tt;

#[cfg(test)]
mod testgame;
#[cfg(test)]
mod tests;

pub use info::{Bound, PvInfo, Report, ScoreReport, SearchResult};
pub use limits::{Clock, Limits};

use crate::game::Game;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tt::Tt;

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
    /// The move of the rearmost piece (a test opponent; `greedy` in games
    /// without tracks).
    Rearmost,
}

impl Algorithm {
    pub const NAMES: &'static [&'static str] = &[
        "auto",
        "alphabeta",
        "expectimax",
        "mcts",
        "greedy",
        "random",
        "rearmost",
    ];

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Some(match name.to_ascii_lowercase().as_str() {
            "auto" => Algorithm::Auto,
            "alphabeta" => Algorithm::AlphaBeta,
            "expectimax" => Algorithm::Expectimax,
            "mcts" => Algorithm::Mcts,
            "greedy" => Algorithm::Greedy,
            "random" => Algorithm::Random,
            "rearmost" => Algorithm::Rearmost,
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
    /// Alpha-beta late-move reductions (on by default; off to measure).
    pub lmr: bool,
    /// Evaluation weights instead of the compiled-in ones, for evaluators
    /// that take them (see [`crate::game::weights`]).
    pub weights: Option<crate::game::weights::WeightSet>,
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
            lmr: true,
            weights: None,
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
///
/// Uses the process-wide transposition table (kept between calls, sized by
/// `config.hash_mb`). Two engines in one process that must not share what
/// they learn (a match) each use their own [`Searcher`].
pub fn think<G: Game>(
    root: &G,
    history: &[u64],
    root_moves: &[G::Move],
    limits: &Limits,
    config: &SearchConfig,
    stop: &AtomicBool,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult<G::Move> {
    let tt = shared_tt(config.hash_mb);
    think_on(&tt, root, history, root_moves, limits, config, stop, report)
}

/// An engine with its own transposition table, kept from one search to
/// the next.
pub struct Searcher {
    tt: Tt,
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Tt::new(hash_mb),
        }
    }

    /// Reallocates the table if `hash_mb` changed (forgetting it).
    pub fn resize(&mut self, hash_mb: usize) {
        if self.tt.mb() != hash_mb.max(1) {
            self.tt = Tt::new(hash_mb);
        }
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&self) {
        self.tt.clear();
    }

    /// [`think`] on this searcher's table (`config.hash_mb` is not
    /// looked at: see [`Searcher::resize`]).
    #[allow(clippy::too_many_arguments)]
    pub fn think<G: Game>(
        &self,
        root: &G,
        history: &[u64],
        root_moves: &[G::Move],
        limits: &Limits,
        config: &SearchConfig,
        stop: &AtomicBool,
        report: &(dyn Fn(&Report) + Sync),
    ) -> SearchResult<G::Move> {
        think_on(
            &self.tt, root, history, root_moves, limits, config, stop, report,
        )
    }
}

#[allow(clippy::too_many_arguments)]
fn think_on<G: Game>(
    tt: &Tt,
    root: &G,
    history: &[u64],
    root_moves: &[G::Move],
    limits: &Limits,
    config: &SearchConfig,
    stop: &AtomicBool,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult<G::Move> {
    crate::game::weights::with(config.weights, || match config.algorithm {
        Algorithm::Greedy => greedy::think(root, root_moves, config.seed),
        Algorithm::Random => random::think(root, root_moves, config.seed),
        Algorithm::Rearmost => {
            let (result, fell_back) = rearmost::think(root, root_moves, config.seed);
            if fell_back && root.count_moves() > 1 {
                report(&Report::String(format!(
                    "search rearmost: no move of a piece along a track in {}; using greedy",
                    G::NAME
                )));
            }
            result
        }
        // Expectiminimax with Star2 pruning: the dice games' search.
        Algorithm::Expectimax => {
            expectimax::search_moves(root, root_moves, limits, config, stop, report)
        }
        Algorithm::Auto if G::HAS_CHANCE => {
            expectimax::search_moves(root, root_moves, limits, config, stop, report)
        }
        Algorithm::Auto | Algorithm::AlphaBeta | Algorithm::Mcts => {
            if config.algorithm == Algorithm::Mcts {
                report(&Report::String(
                    "search mcts is not available yet; using alpha-beta".to_string(),
                ));
            }
            alphabeta::think_with(
                root,
                history,
                root_moves,
                limits,
                config,
                stop,
                report,
                tt,
                alphabeta::AbParams {
                    lmr: config.lmr,
                    ..alphabeta::AbParams::default()
                },
            )
        }
    })
}

/// The engine's transposition table: kept from one `think` to the next
/// (the previous move's search seeds this one), resized when `hash_mb`
/// changes.
static TABLE: Mutex<Option<Arc<Tt>>> = Mutex::new(None);

fn shared_tt(mb: usize) -> Arc<Tt> {
    let mut slot = match TABLE.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    match slot.as_ref() {
        Some(tt) if tt.mb() == mb.max(1) => Arc::clone(tt),
        _ => {
            // Free the old table before allocating the new one.
            *slot = None;
            let tt = Arc::new(Tt::new(mb));
            *slot = Some(Arc::clone(&tt));
            tt
        }
    }
}

/// Forgets everything the searches learnt (`ucinewgame`, a new game or a
/// switch to another game).
pub fn clear_hash() {
    let slot = match TABLE.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(tt) = slot.as_ref() {
        tt.clear();
    }
}
