//! The one scaffold every deepening search runs in: it reads the root
//! (whose side the scores are from, which moves to search: `searchmoves`
//! or, when none of them is legal, every legal move), sets the stopping
//! rules ([`TimeManager`], [`Control`]), hands each search thread its
//! [`ThreadData`] and its [`Iteration`], runs the main thread's
//! [`driver::main_loop`] with the Lazy SMP helpers ([`smp::run`]) and
//! makes the result, falling back to a move when no iteration finished.
//!
//! An algorithm (alpha-beta, expectiminimax, max^n, MCTS) supplies only
//! what differs: its per-thread [`Iteration`] through [`Algorithm`].

use crate::game::{decider_after, Playable, Player, Status};
use crate::search::control::Control;
use crate::search::driver::{self, Iteration, Line, ReportFn};
use crate::search::signal::Signal;
use crate::search::thread::ThreadData;
use crate::search::time::TimeManager;
use crate::search::tt::Tt;
use crate::search::{smp, Request, SearchConfig, SearchResult, Searcher};

/// Deepest iteration of every search (MCTS: most rounds).
pub const MAX_DEPTH: u32 = 64;

/// What every thread of one search shares: the root and the rules of the
/// search, made once by [`run`].
pub struct Root<'a, G: Playable> {
    pub pos: &'a G,
    /// The player the scores are from: the mover at a decision root, at a
    /// chance root the player who decides after it ([`decider_after`]).
    pub view: Player,
    /// The root moves to search, with their index in the game's
    /// generation order (empty at a chance root).
    pub moves: Vec<(usize, G::Move)>,
    /// Whether `moves` leaves legal moves out (`searchmoves`).
    pub restricted: bool,
    /// Hashes of the game's positions before the root, oldest first.
    pub history: &'a [u64],
    pub evaluator: &'a G::Evaluator,
    pub config: &'a SearchConfig,
    /// The exact tables the search probes ([`crate::search::tablebase`]).
    pub tables: Option<&'a dyn crate::game::Tablebase<G>>,
    pub control: Control<'a>,
    pub searcher: &'a Searcher,
    pub tt: &'a Tt,
    pub report: ReportFn<'a>,
}

impl<G: Playable> Root<'_, G> {
    /// Whether `m` is one of the root moves to search.
    pub fn searches(&self, m: G::Move) -> bool {
        !self.restricted || self.moves.iter().any(|&(_, x)| x == m)
    }

    /// The fallback of a search that finished no iteration: the first
    /// root move, without a score.
    pub fn first_line(&self) -> Line<G::Move> {
        let first = self.moves.first().map(|&(_, m)| m);
        Line {
            best: first,
            ponder: None,
            pv: first.into_iter().collect(),
            score: crate::search::ScoreReport::Cp(0),
            wdl: None,
        }
    }
}

/// A search algorithm as the runner sees it: one [`Iteration`] per
/// thread, built on the thread's kept [`ThreadData`].
pub trait Algorithm<G: Playable>: Sync {
    type Worker<'w>: Iteration<G>
    where
        Self: 'w,
        G: 'w;

    /// Once per search, before any thread starts (root move order).
    fn prepare(&mut self, root: &Root<G>) {
        let _ = root;
    }

    /// Whether helper threads run the same deepening (Lazy SMP); else the
    /// main thread's worker is the whole search (and may use the
    /// engine's threads itself).
    fn lazy_smp(&self, root: &Root<G>) -> bool {
        root.searcher.threads() > 1
    }

    /// The worker of one thread; `main`: the thread that reports and
    /// whose lines make the result.
    fn worker<'w>(
        &'w self,
        root: &'w Root<'w, G>,
        thread: &'w mut ThreadData<G>,
        main: bool,
    ) -> Self::Worker<'w>;

    /// The line to play if no iteration finishes.
    fn fallback(&self, root: &Root<G>) -> Line<G::Move> {
        root.first_line()
    }

    /// After the main thread's loop, with its worker (what it keeps for
    /// the next search).
    fn finish(&self, root: &Root<G>, main: Self::Worker<'_>) {
        let _ = (root, main);
    }
}

/// The moves of `pos` to search: those of `wanted` that are legal, or
/// every legal move if there are none; and whether that leaves any out.
fn root_moves<G: Playable>(pos: &G, wanted: &[G::Move]) -> (Vec<(usize, G::Move)>, bool) {
    let mut legal = Vec::new();
    if let Status::Decision(_) = pos.status() {
        pos.moves(&mut legal);
    }
    let all: Vec<(usize, G::Move)> = legal.into_iter().enumerate().collect();
    let kept: Vec<(usize, G::Move)> = all
        .iter()
        .copied()
        .filter(|(_, m)| wanted.contains(m))
        .collect();
    if kept.is_empty() || kept.len() == all.len() {
        (all, false)
    } else {
        (kept, true)
    }
}

/// The side a position's scores are from: the mover at a decision node;
/// at a chance node the player who decides after it; player 0 at a
/// finished game.
pub fn view_of<G: Playable>(pos: &G) -> Player {
    match pos.status() {
        Status::Decision(p) => p,
        Status::Chance => decider_after(pos).unwrap_or(0),
        Status::Over(_) => 0,
    }
}

/// Searches `req` with `algo` on `searcher`'s table and threads until its
/// limits or `stop`.
pub fn run<G: Playable, A: Algorithm<G>>(
    mut algo: A,
    searcher: &Searcher,
    req: &Request<G>,
    signal: &Signal,
    report: ReportFn,
) -> SearchResult<G::Move> {
    let pos = req.root;
    if pos.status().is_over() {
        return SearchResult::none();
    }
    let view = view_of(pos);
    let (moves, restricted) = root_moves(pos, req.root_moves);
    if moves.is_empty() && matches!(pos.status(), Status::Decision(_)) {
        return SearchResult::none();
    }
    let time = TimeManager::new(req.limits, req.config, view, pos.moves_left());
    let tt = searcher.tt();
    tt.new_search();
    let root = Root {
        pos,
        view,
        moves,
        restricted,
        history: req.history,
        evaluator: &req.evaluator,
        config: req.config,
        tables: crate::search::tablebase::<G>(req.config),
        control: Control::new(req.limits, time, signal),
        searcher,
        tt,
        report,
    };
    algo.prepare(&root);
    let fallback = algo.fallback(&root);
    let max_depth = req.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let threads = searcher.take_threads::<G>();
    let (algo, root, kept) = (&algo, &root, &threads);
    let main = || {
        let mut data = kept.lock(0);
        let mut w = algo.worker(root, &mut data, true);
        let out = driver::main_loop(&mut w, pos, &root.control, max_depth, report);
        algo.finish(root, w);
        out
    };
    let helper = |id: usize| {
        let mut data = kept.lock(id);
        driver::helper_loop(&mut algo.worker(root, &mut data, false), id, MAX_DEPTH);
    };
    let out = if algo.lazy_smp(root) {
        smp::run(searcher.pool(), main, helper)
    } else {
        main()
    };
    searcher.keep_threads(threads);
    out.result(root.control.nodes(), fallback)
}
