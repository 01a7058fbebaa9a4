//! The engine core: the one value every door searches through — the
//! protocol's engine, the referee's built-in engines (and through them
//! `agon datagen` and `agon tune`), the analysis (hint, review, equity
//! loss) and the bench. It owns what outlives one search: the
//! [`Searcher`] (transposition table, threads, what MCTS and each thread
//! keep between searches), the search settings and the evaluation
//! resources (`Eval`, the network `EvalFile` loaded, a weight set), and
//! builds the evaluator of each search in one place ([`Core::evaluator`]).
//!
//! A door keeps its core between moves and games, as a GUI's engine keeps
//! its table: the referee holds one per seat for a whole match, the
//! analysis one for a whole game. Cloning a core shares its searcher
//! (the protocol hands a clone to its search thread); `Hash` and
//! `Threads` change only on a core whose searcher no clone shares.

use std::sync::Arc;

use super::{skill, EngineError};
use crate::game::{EvalResources, Evaluator, GameError, Playable, WeightSet};
use crate::nnue::Network;
use crate::search::{Limits, Report, Request, SearchConfig, SearchResult, Searcher, Signal};

/// One search's question: the position, the game before it, the root
/// moves allowed and the limits.
pub struct SearchJob<'a, G: Playable> {
    pub root: &'a G,
    /// Hashes of the positions before `root` (oldest first), for
    /// repetitions.
    pub history: &'a [u64],
    /// The root moves to search (`searchmoves`); empty = every legal move.
    pub root_moves: &'a [G::Move],
    pub limits: &'a Limits,
}

impl<'a, G: Playable> SearchJob<'a, G> {
    /// `root` with no history, every move allowed.
    pub fn new(root: &'a G, limits: &'a Limits) -> Self {
        SearchJob {
            root,
            history: &[],
            root_moves: &[],
            limits,
        }
    }
}

/// The engine core (see the module docs).
#[derive(Clone)]
pub struct Core {
    searcher: Arc<Searcher>,
    config: SearchConfig,
    /// Evaluation weights instead of the game's (`agon match`'s and
    /// `agon tune`'s `weights=`).
    weights: Option<WeightSet>,
}

impl Core {
    /// A core with `config`'s settings and a table of `config.hash_mb`
    /// MiB on `config.threads` threads; an error (the whole message) when
    /// they cannot be had.
    pub fn new(config: SearchConfig) -> Result<Core, EngineError> {
        let searcher = Searcher::new(config.hash_mb, config.threads)
            .map_err(|e| EngineError::new(format!("cannot start the engine: {e}")))?;
        Ok(Core {
            searcher: Arc::new(searcher),
            config,
            weights: None,
        })
    }

    /// As [`Core::new`], but with a 1 MiB table on one thread when those
    /// of `config` cannot be had, and why (an engine must start).
    pub fn new_or_small(mut config: SearchConfig) -> Result<(Core, Option<String>), EngineError> {
        match Searcher::new(config.hash_mb, config.threads) {
            Ok(s) => Ok((Core::with_searcher(s, config), None)),
            Err(e) => {
                (config.hash_mb, config.threads) = (1, 1);
                let small = Searcher::new(1, 1).map_err(EngineError::Message)?;
                Ok((Core::with_searcher(small, config), Some(e)))
            }
        }
    }

    fn with_searcher(searcher: Searcher, config: SearchConfig) -> Core {
        Core {
            searcher: Arc::new(searcher),
            config,
            weights: None,
        }
    }

    /// The same core evaluating with `weights` (see [`Core::evaluator`]).
    pub fn with_weights(mut self, weights: Option<WeightSet>) -> Core {
        self.weights = weights;
        self
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The settings a search reads (all but `Hash` and `Threads`, which
    /// are the searcher's: [`Core::set_hash`], [`Core::set_threads`]).
    pub fn config_mut(&mut self) -> &mut SearchConfig {
        &mut self.config
    }

    /// The exact tables `EndgamePath` read: `None` for the game's own.
    pub fn set_table_file(&mut self, file: Option<crate::game::TableFile>) {
        self.config.table_file = file;
    }

    /// The network `EvalFile` loaded: `None` for the game's own.
    pub fn set_net(&mut self, net: Option<Arc<Network>>) {
        self.config.eval_file = net;
    }

    pub fn hash_mb(&self) -> usize {
        self.searcher.hash_mb()
    }

    pub fn threads(&self) -> usize {
        self.searcher.threads()
    }

    /// A table of `mb` MiB (forgetting the old one); on error the old
    /// table stays and the message says so.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), EngineError> {
        let searcher = Arc::get_mut(&mut self.searcher).ok_or(EngineError::Busy)?;
        let old = searcher.hash_mb();
        searcher.set_hash(mb).map_err(|e| {
            EngineError::new(format!("setoption: {e}; keeping the {old} MiB table"))
        })?;
        self.config.hash_mb = searcher.hash_mb();
        Ok(())
    }

    /// `n` search threads; on error the old ones stay.
    pub fn set_threads(&mut self, n: usize) -> Result<(), EngineError> {
        let searcher = Arc::get_mut(&mut self.searcher).ok_or(EngineError::Busy)?;
        searcher
            .set_threads(n)
            .map_err(|e| EngineError::new(format!("setoption: {e}")))?;
        self.config.threads = searcher.threads();
        Ok(())
    }

    /// Forgets what earlier searches learnt (a new game, or a question
    /// that earlier answers must not colour).
    pub fn new_game(&self) {
        self.searcher.clear();
    }

    /// The evaluator of a search of `G`: `Eval`, the `EvalFile` network
    /// when it is `G`'s, or the weight set. The one place evaluators are
    /// made for a search; an error when the network or the weights do not
    /// fit `G`.
    pub fn evaluator<G: Playable>(&self) -> Result<G::Evaluator, GameError> {
        G::evaluator_with(&EvalResources {
            weights: self.weights,
            ..self.config.eval_resources()
        })
    }

    /// Builds the tables the evaluator makes on first use (Palma's race
    /// table) and the exact tables a search from `start` may probe
    /// ([`Core::prepare_tables`]) before any clock runs, as the protocol
    /// does at `position`.
    pub fn prepare<G: Playable>(&self, start: &G) -> Result<(), GameError> {
        self.evaluator::<G>()?.prepare(start);
        self.prepare_tables(start);
        Ok(())
    }

    /// Builds the exact tables ([`crate::game::Tablebase::prepare`]:
    /// Palma's endgame table, 1.4 s, when `pos` is in or near its domain)
    /// that a search from `pos` would otherwise build out of its clock;
    /// nothing when `ExactTables` is off (the searches do not probe
    /// them).
    pub fn prepare_tables<G: Playable>(&self, pos: &G) {
        if let Some(tables) = crate::search::tablebase::<G>(&self.config) {
            tables.prepare(pos);
        }
    }

    /// Searches `job` until its limits or `signal`'s stop, reporting as it
    /// goes; returns when the search is done (a caller that must answer
    /// `go infinite` or a ponder only on `stop` waits on the signal).
    pub fn search<G: Playable>(
        &self,
        job: &SearchJob<G>,
        signal: &Signal,
        report: &(dyn Fn(&Report) + Sync),
    ) -> SearchResult<G::Move> {
        let evaluator = match self.evaluator::<G>() {
            Ok(evaluator) => evaluator,
            Err(e) => {
                report(&Report::String(format!("error: {e}")));
                return SearchResult::none();
            }
        };
        let level = self.level::<G>();
        if level < skill::FULL {
            return self.search_at_level(job, level, evaluator, signal, report);
        }
        let req = Request {
            root: job.root,
            history: job.history,
            root_moves: job.root_moves,
            limits: job.limits,
            config: &self.config,
            evaluator,
        };
        self.searcher.think(&req, signal, report)
    }

    /// A search at strength `level` (below full): at the weakest levels
    /// sometimes a random move, else its node budget (at least one
    /// iteration), its ranked lines and its pick ([`skill`]).
    fn search_at_level<G: Playable>(
        &self,
        job: &SearchJob<G>,
        level: u32,
        evaluator: G::Evaluator,
        signal: &Signal,
        report: &(dyn Fn(&Report) + Sync),
    ) -> SearchResult<G::Move> {
        // The same draw in the same position and game length: a position
        // that comes again (a cycle) draws anew.
        let seed = self.config.seed ^ job.root.hash() ^ (job.history.len() as u64).rotate_left(32);
        if let Some(m) = skill::random_move(job.root, job.root_moves, level, seed) {
            return SearchResult::only(m);
        }
        let cap = skill::nodes(level);
        let limits = Limits {
            nodes: Some(job.limits.nodes.map_or(cap, |n| n.min(cap))),
            // A depth keeps `Search auto` on the game's deepening search,
            // whose iterations rank the lines (not MCTS).
            depth: Some(job.limits.depth.unwrap_or(crate::search::runner::MAX_DEPTH)),
            ..job.limits.clone()
        };
        let mut config = self.config.clone();
        config.multipv = config.multipv.max(skill::LINES);
        let req = Request {
            root: job.root,
            history: job.history,
            root_moves: job.root_moves,
            limits: &limits,
            config: &config,
            evaluator,
        };
        let mut result = self.searcher.think(&req, signal, report);
        if result.depth == 0 && !signal.stopped() {
            // The budget did not rank the moves even once (a game whose
            // first ply searches its captures out): one iteration does.
            let once = Limits {
                depth: Some(1),
                nodes: None,
                ..limits.clone()
            };
            let req = Request {
                limits: &once,
                ..req
            };
            result = self.searcher.think(&req, signal, report);
        }
        skill::pick(&mut result, level, seed);
        result
    }

    /// The strength level searches of `G` play at: `UCI_Elo`'s level in
    /// `G`'s scale with `UCI_LimitStrength` on, else `Skill`.
    fn level<G: Playable>(&self) -> u32 {
        if self.config.limit_strength {
            skill::for_elo(G::NAME, self.config.elo)
        } else {
            self.config.skill
        }
    }

    /// A whole [`Request`] — its own settings and evaluator — on this
    /// core's table and threads (tests that vary the settings per search).
    pub fn think<G: Playable>(
        &self,
        req: &Request<G>,
        signal: &Signal,
        report: &(dyn Fn(&Report) + Sync),
    ) -> SearchResult<G::Move> {
        self.searcher.think(req, signal, report)
    }
}
