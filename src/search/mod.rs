//! Searches generic over [`crate::game::Game`]: alpha-beta for the
//! deterministic games, expectiminimax for the dice games, MCTS for every
//! game, and the test opponents `greedy`, `random` and `rearmost`.
//!
//! Entry point: [`Searcher::think`] on a [`Request`], which only the
//! engine calls (`crate::engine::Core`: every door searches through
//! it). It is monomorphised per game; the protocol and the command line
//! reach it through [`crate::with_game!`].
//!
//! - [`runner`]: the one scaffold of every deepening search (root view
//!   and moves, time and stop, threads, fallback, result) around
//!   [`driver`]'s iterative-deepening, Lazy SMP and reporting loop;
//!   [`alphabeta`], [`expectimax`], [`maxn`] and [`mcts`] plug into it
//!   with their per-thread iteration;
//! - [`thread`]: each thread's state kept between searches (histories,
//!   PV stack, the evaluator's state); [`pov`]: values that say whose
//!   side they are from;
//! - [`mcts`]: Monte Carlo tree search, for every game and any number of
//!   players (`Search mcts`), on the same loop as an anytime search;
//! - [`maxn`]: max^n (`Search maxn`), the search of games of more than
//!   two teams with chance (and of `alphabeta`, `expectimax` in any game
//!   of more than two teams); two teams of any number of players get
//!   alpha-beta or expectiminimax;
//! - `auto` in a deterministic game of more than two teams is paranoid
//!   alpha-beta ([`alphabeta::Sides::Paranoid`], `Search paranoid`: the
//!   mover's team against all others), chosen by measurement on Abalone
//!   for 3 players (3 teams of one) and 6 (3 teams of two), where it beat
//!   max^n, MCTS and greedy at equal time; two teams (4 players) stay
//!   with team alpha-beta, which beat them all;
//! - [`alphabeta`]: the search proper; [`tt`]: the shared table;
//!   [`smp`]: Lazy SMP threads; [`time`]: limits into stopping rules;
//!   [`score`]: score scale and mate distances; [`winprob`]: the value
//!   scale of the averaging searches (expectiminimax, MCTS) and its win
//!   probabilities.
//! - [`greedy`], [`random`], [`rearmost`]: the test opponents (`rearmost`
//!   moves the piece furthest back, [`SearchHints::piece_progress`](crate::game::SearchHints::piece_progress); it plays as
//!   `greedy` in games without tracks).

pub mod alphabeta;
pub mod control;
pub mod driver;
pub mod expectimax;
pub mod greedy;
pub mod info;
pub mod limits;
pub mod maxn;
pub mod mcts;
pub mod pov;
pub mod random;
pub mod rearmost;
pub mod runner;
pub mod score;
pub mod signal;
pub mod smp;
pub mod thread;
pub mod time;
pub mod tt;
pub mod winprob;

#[cfg(test)]
mod eval_state_tests;
#[cfg(test)]
mod tests;

pub use info::{Bound, PvInfo, RankedLine, Report, ScoreReport, SearchResult};
pub use limits::{Clock, Limits};
pub use signal::Signal;

use crate::game::{Evaluator, Playable, Tablebase};
use std::any::Any;
use std::sync::Mutex;
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
    /// Alpha-beta of the root player's team against every other team as
    /// one side (`alphabeta` itself in a game of two teams).
    Paranoid,
    /// Max^n: each player maximises its own team's value.
    MaxN,
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
        "paranoid",
        "maxn",
        "mcts",
        "greedy",
        "random",
        "rearmost",
    ];

    /// The option value that selects this search.
    pub fn name(self) -> &'static str {
        Algorithm::NAMES
            .iter()
            .find(|n| Algorithm::from_name(n) == Some(self))
            .copied()
            .unwrap_or("auto")
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Some(match name.to_ascii_lowercase().as_str() {
            "auto" => Algorithm::Auto,
            "alphabeta" => Algorithm::AlphaBeta,
            "expectimax" => Algorithm::Expectimax,
            "paranoid" => Algorithm::Paranoid,
            "maxn" => Algorithm::MaxN,
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
    /// Alpha-beta aspiration windows at the root from depth 4 (on by
    /// default; off to measure).
    pub aspiration: bool,
    /// Alpha-beta's null-move pruning where the game has a pass
    /// ([`crate::game::SearchHints::passed`]; on by default).
    pub null_move: bool,
    /// Alpha-beta's pruning near the horizon (`ReverseFutility`,
    /// `Futility`, `LateMovePruning`).
    pub shallow: alphabeta::Shallow,
    /// Expectiminimax's pruning, threads and table (`Star2`, Lazy SMP
    /// and the table by default; the others to measure).
    pub expectimax: expectimax::Options,
    /// MCTS's selection and playouts (`MctsPolicy`, `MctsPlayout`,
    /// `MctsPlayoutPlies`).
    pub mcts: mcts::params::Params,
    /// The evaluation (`Eval`) and the network file read (`EvalFile`,
    /// used for its own game only).
    pub eval: crate::game::EvalChoice,
    pub eval_file: Option<std::sync::Arc<crate::nnue::Network>>,
    /// Whether the searches probe the game's exact tables
    /// ([`crate::game::Evaluated::tablebase`], `ExactTables`): off, an
    /// exact position is searched like any other.
    pub exact_tables: bool,
    /// Exact tables read from `EndgamePath` (probed in place of the
    /// game's built-in ones when they are the searched game's).
    pub table_file: Option<crate::game::TableFile>,
    /// `Ponder`: the GUI may let this engine think on the opponent's
    /// time, so a clocked move may take a quarter longer
    /// ([`time::TimeManager`]).
    pub ponder: bool,
    /// `Skill`: the strength level, 0 to 20 (full strength); see
    /// `crate::engine::skill` (the search itself knows no levels).
    pub skill: u32,
    /// `UCI_LimitStrength` and `UCI_Elo`: play at the level of that Elo
    /// in the game's scale instead of `skill`.
    pub limit_strength: bool,
    pub elo: u32,
    /// `Contempt`, centi-units: what a draw costs the side to move at the
    /// root ([`SearchConfig::root_draw`]).
    pub contempt: i32,
    /// `UCI_AnalyseMode`: analysis wants true values, so no contempt.
    pub analyse_mode: bool,
}

impl SearchConfig {
    /// A draw's value for the side to move at the root, in the
    /// evaluator's units (`cp_unit` of them to 100 cp): `-Contempt`
    /// while playing, so the engine avoids a draw it need not take
    /// against a weaker opponent (and, negative, seeks one); 0 in
    /// analysis. The other side's draw is worth the opposite.
    pub fn root_draw(&self, cp_unit: crate::game::Score) -> score::Value {
        if self.analyse_mode {
            return 0;
        }
        let v =
            -i64::from(self.contempt) * i64::from(cp_unit) / i64::from(crate::game::CP_PER_UNIT);
        v.clamp(
            -i64::from(crate::game::EVAL_LIMIT),
            i64::from(crate::game::EVAL_LIMIT),
        ) as score::Value
    }

    /// What the evaluator of a search may read: `Eval` and `EvalFile`'s
    /// network (weights are the engine's: `crate::engine::Core`).
    pub fn eval_resources(&self) -> crate::game::EvalResources {
        crate::game::EvalResources {
            choice: self.eval,
            net: self
                .eval_file
                .clone()
                .map(|n| n as std::sync::Arc<dyn crate::game::EvalNet>),
            weights: None,
        }
    }
}

/// What to search: the one request every search takes.
pub struct Request<'a, G: Playable> {
    pub root: &'a G,
    /// Hashes of the positions before `root` in the game (oldest first),
    /// for repetition detection.
    pub history: &'a [u64],
    /// Restrict the root to these moves (`searchmoves`); empty = all legal
    /// moves.
    pub root_moves: &'a [G::Move],
    pub limits: &'a Limits,
    pub config: &'a SearchConfig,
    /// What scores the leaves: every thread of the search reads this one
    /// value (with its weights) by reference.
    pub evaluator: G::Evaluator,
}

impl<'a, G: Playable> Request<'a, G> {
    /// A request for `root` with no history, every root move and the
    /// evaluator `config` selects (`Eval`, `EvalFile`).
    pub fn new(root: &'a G, limits: &'a Limits, config: &'a SearchConfig) -> Self {
        Request {
            root,
            history: &[],
            root_moves: &[],
            limits,
            config,
            evaluator: G::evaluator_for(&config.eval_resources()),
        }
    }
}

/// The exact tables a search probes: `EndgamePath`'s when they are
/// `G`'s, else the game's ([`crate::game::Evaluated::tablebase`]); none
/// when `ExactTables` is off.
pub(crate) fn tablebase<G: Playable>(config: &SearchConfig) -> Option<&dyn Tablebase<G>> {
    if !config.exact_tables {
        return None;
    }
    match config.table_file.as_ref().and_then(|f| f.of::<G>()) {
        Some(file) => Some(file),
        None => G::tablebase(),
    }
}

/// The exact score of `req`'s root from the view its scores are from,
/// when an exact table knows it: a win probability (Palma's tables, on
/// the evaluator's scale) or a certain result (Zamma's, whose win shows
/// as the largest evaluation).
fn exact_root<G: Playable>(req: &Request<G>) -> Option<ScoreReport> {
    if req.root.status().is_over() {
        return None;
    }
    let view = runner::view_of(req.root);
    let p = tablebase::<G>(req.config)?.probe(req.root, view)?;
    let scale = req
        .evaluator
        .win_probability_scale()
        .unwrap_or(crate::game::EVAL_LIMIT);
    let internal = ((2.0 * p - 1.0) * f64::from(scale)).round() as score::Value;
    Some(ScoreReport::exact(
        p,
        crate::game::to_cp(internal, req.evaluator.cp_unit()),
    ))
}

/// An engine's search resources: its transposition table (kept from one
/// search to the next, so the previous move's search seeds this one) and
/// its search threads. Made and resized only by [`Searcher::new`],
/// [`Searcher::set_hash`] and [`Searcher::set_threads`] (the protocol's
/// `setoption`), never by a search: a search's clock starts on a ready
/// table.
pub struct Searcher {
    tt: Tt,
    /// `None` for one thread.
    pool: Option<rayon::ThreadPool>,
    /// What the last MCTS search left for the next ([`mcts::Kept`] of its
    /// game): MCTS keeps its trees as alpha-beta keeps its table.
    kept: Mutex<Option<Box<dyn Any + Send>>>,
    /// Each thread's state from the last search ([`thread::Threads`] of
    /// its game).
    threads: Mutex<Option<Box<dyn Any + Send>>>,
}

impl Searcher {
    /// A table of `hash_mb` MiB (zeroed) and `threads` search threads.
    pub fn new(hash_mb: usize, threads: usize) -> Result<Searcher, String> {
        let pool = smp::pool(threads)?;
        let tt = Tt::try_new(hash_mb, pool.as_ref()).map_err(|e| e.to_string())?;
        Ok(Searcher {
            tt,
            pool,
            kept: Mutex::new(None),
            threads: Mutex::new(None),
        })
    }

    /// Replaces the table by one of `hash_mb` MiB (forgetting it). On
    /// failure the old table stays.
    pub fn set_hash(&mut self, hash_mb: usize) -> Result<(), String> {
        if self.tt.mb() == hash_mb.max(1) {
            return Ok(());
        }
        self.tt = Tt::try_new(hash_mb, self.pool.as_ref()).map_err(|e| e.to_string())?;
        self.forget_kept();
        Ok(())
    }

    /// Replaces the thread pool by one of `threads` threads. On failure
    /// the old pool stays.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), String> {
        if self.threads() != threads.max(1) {
            self.pool = smp::pool(threads)?;
            self.forget_kept();
        }
        Ok(())
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.mb()
    }

    pub fn threads(&self) -> usize {
        self.pool
            .as_ref()
            .map_or(1, rayon::ThreadPool::current_num_threads)
    }

    pub(crate) fn tt(&self) -> &Tt {
        &self.tt
    }

    pub(crate) fn pool(&self) -> Option<&rayon::ThreadPool> {
        self.pool.as_ref()
    }

    /// Forgets what earlier searches learnt (a new game), clearing the
    /// table with the search threads.
    pub fn clear(&self) {
        self.tt.clear(self.pool.as_ref());
        self.forget_kept();
    }

    /// Takes what the last search kept, if it is a `T`.
    pub(crate) fn take_kept<T: Any>(&self) -> Option<Box<T>> {
        let kept = self.kept.lock().ok()?.take()?;
        kept.downcast().ok()
    }

    /// Keeps `kept` for the next search.
    pub(crate) fn keep<T: Any + Send>(&self, kept: T) {
        if let Ok(mut slot) = self.kept.lock() {
            *slot = Some(Box::new(kept));
        }
    }

    /// Forgets the trees and the threads' state.
    fn forget_kept(&self) {
        for kept in [&self.kept, &self.threads] {
            if let Ok(mut slot) = kept.lock() {
                *slot = None;
            }
        }
    }

    /// The threads' state the last search of `G` left (fresh state for
    /// each thread if there is none), for the search about to run.
    pub(crate) fn take_threads<G: Playable>(&self) -> thread::Threads<G> {
        let kept = self
            .threads
            .lock()
            .ok()
            .and_then(|mut slot| slot.take())
            .and_then(|b| b.downcast::<thread::Threads<G>>().ok())
            .filter(|t| t.len() == self.threads());
        kept.map_or_else(|| thread::Threads::new(self.threads()), |t| *t)
    }

    /// Keeps the threads' state for the next search.
    pub(crate) fn keep_threads<G: Playable>(&self, threads: thread::Threads<G>) {
        if let Ok(mut slot) = self.threads.lock() {
            *slot = Some(Box::new(threads));
        }
    }

    /// Searches `req` on this engine's table and threads
    /// (`config.hash_mb` and `config.threads` are not looked at: see
    /// [`Searcher::set_hash`], [`Searcher::set_threads`]) until its limits
    /// or `signal`'s stop; `report` receives the `info` reports as the
    /// search goes. It returns when the search is done, under `go
    /// infinite` or while pondering too: waiting for `stop` or
    /// `ponderhit` is the engine's ([`Signal::wait`]).
    pub fn think<G: Playable>(
        &self,
        req: &Request<G>,
        signal: &Signal,
        report: &(dyn Fn(&Report) + Sync),
    ) -> SearchResult<G::Move> {
        // Scores leave the search here, on the protocol's scale: the
        // searches themselves keep the evaluator's units.
        let unit = req.evaluator.cp_unit();
        // A root inside an exact table's domain: every score of the root
        // is the table's (the search still picks the move).
        let exact = exact_root(req);
        // A proven result (`mate N`) says more than a certain probability:
        // it keeps its distance.
        let shown = |r: &Report| match (exact, r) {
            (Some(e), Report::Pv(p)) if !matches!(p.score, ScoreReport::Mate(_)) => {
                report(&Report::Pv(PvInfo {
                    score: e,
                    bound: Bound::Exact,
                    ..p.clone()
                }))
            }
            _ => match score::shown_report(r, unit) {
                Some(scaled) => report(&scaled),
                None => report(r),
            },
        };
        let mut result = self.dispatch(req, signal, &shown);
        result.score = match (exact, result.score) {
            (Some(e), s) if !matches!(s, ScoreReport::Mate(_)) => e,
            (_, s) => score::shown(s, unit),
        };
        for line in &mut result.lines {
            line.score = score::shown(line.score, unit);
        }
        result
    }

    fn dispatch<G: Playable>(
        &self,
        req: &Request<G>,
        signal: &Signal,
        report: &(dyn Fn(&Report) + Sync),
    ) -> SearchResult<G::Move> {
        let (root, root_moves, config) = (req.root, req.root_moves, req.config);
        let eval = &req.evaluator;
        let mcts = match config.algorithm {
            Algorithm::Mcts => true,
            Algorithm::Auto => G::AUTO_MCTS && req.limits.depth.is_none(),
            _ => false,
        };
        if !mcts {
            // Trees an MCTS search kept would stay beside the table this
            // search fills: `Hash` bounds the two together.
            if let Ok(mut slot) = self.kept.lock() {
                *slot = None;
            }
        }
        match config.algorithm {
            // Values per player and chance nodes of its own: every game.
            Algorithm::Mcts => mcts::search(self, req, signal, report),
            Algorithm::Auto if mcts => mcts::search(self, req, signal, report),
            Algorithm::Greedy => greedy::think(eval, root, root_moves, config.seed),
            Algorithm::Random => random::think(root, root_moves, config.seed),
            Algorithm::Rearmost => {
                let (result, fell_back) = rearmost::think(eval, root, root_moves, config.seed);
                if fell_back && root.count_moves() > 1 {
                    report(&Report::String(format!(
                        "search rearmost: no move of a piece along a track in {}; using greedy",
                        G::NAME
                    )));
                }
                result
            }
            Algorithm::MaxN => maxn::search(self, req, signal, report),
            // More than two teams: paranoid, which beat max^n, MCTS and
            // greedy in Abalone for 3 players (3 teams of 1) and 6 (3
            // teams of 2) at equal time (README, "Searches for more than
            // two teams"). Games with chance keep max^n (below).
            Algorithm::Auto if root.num_teams() > 2 && !G::HAS_CHANCE => {
                alphabeta::search(self, req, signal, report, alphabeta::Sides::Paranoid)
            }
            Algorithm::Paranoid if !G::HAS_CHANCE => {
                alphabeta::search(self, req, signal, report, alphabeta::Sides::Paranoid)
            }
            // The two-sided searches would play every other team as one
            // opponent: more teams get max^n whatever the choice. Two teams
            // of any size are two sides (teammates never negate).
            Algorithm::Auto
            | Algorithm::AlphaBeta
            | Algorithm::Expectimax
            | Algorithm::Paranoid
                if root.num_teams() > 2 =>
            {
                if config.algorithm != Algorithm::Auto {
                    report(&Report::String(format!(
                        "search {}: {} has {} teams; using max^n",
                        config.algorithm.name(),
                        G::NAME,
                        root.num_teams()
                    )));
                }
                maxn::search(self, req, signal, report)
            }
            // Expectiminimax with Star2 pruning: the dice games' search.
            Algorithm::Expectimax => expectimax::search(self, req, signal, report),
            Algorithm::Auto if G::HAS_CHANCE => expectimax::search(self, req, signal, report),
            // Alpha-beta has no chance nodes: expectiminimax is its
            // generalisation to them.
            Algorithm::AlphaBeta | Algorithm::Paranoid if G::HAS_CHANCE => {
                report(&Report::String(format!(
                    "search {}: {} has chance; using expectimax",
                    config.algorithm.name(),
                    G::NAME
                )));
                expectimax::search(self, req, signal, report)
            }
            // Paranoid in a game of two teams is alpha-beta itself.
            Algorithm::Auto | Algorithm::AlphaBeta | Algorithm::Paranoid => {
                alphabeta::search(self, req, signal, report, alphabeta::Sides::Teams)
            }
        }
    }
}
