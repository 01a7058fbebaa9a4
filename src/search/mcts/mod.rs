//! Monte Carlo tree search for every game, any number of players, with
//! or without chance (`Search mcts`).
//!
//! - **Selection** ([`params::Policy`], `MctsPolicy`): PUCT by default,
//!   with priors from a softmax over the evaluations of a node's moves;
//!   UCT as the alternative. A move not yet tried is valued by its
//!   evaluation (first-play urgency), so the evaluator also orders the
//!   first visits.
//! - **Leaves** ([`values`], `MctsPlayout`): by default a new node is
//!   valued by the evaluator, its score turned into a payoff per player by
//!   the game's win-probability map (exact for Palma, a logistic of the
//!   centi-unit score elsewhere). Random or evaluator-guided playouts of
//!   `MctsPlayoutPlies` plies before the evaluator are options (their
//!   measurement against the evaluator alone is in the README). A node's
//!   moves are added on its second visit.
//! - **Chance nodes** are expanded with every outcome and its probability;
//!   a playout follows the outcome whose visits lag its probability most,
//!   so the visits match the dice's distribution without sampling noise
//!   (Kubeia's 21 rolls, Palma's throws). Sampling with progressive
//!   widening ([`params::Chance::Widening`], `chance=widening` in an
//!   `agon match` engine) is the measured alternative (README).
//! - **Values per player** (max^n backup): each node keeps every player's
//!   mean payoff and the mover at a decision node maximises its own, so a
//!   game of three or more players needs nothing else.
//! - **MCTS-Solver**: finished games are exact; a decision node with a
//!   move that wins for its mover, or whose moves are all proven, and a
//!   chance node whose outcomes are all proven become exact too. A proven
//!   root is reported as `mate N` and ends a search under a clock.
//! - **Tree reuse**: the trees of the last search are kept by the
//!   [`Searcher`]; the next search starts from the subtree of its root
//!   when that position is in them (a few plies below the old root) and
//!   the tree is at most half full (and neither search had
//!   `searchmoves`, which leave root moves out of the tree). The tree is re-rooted in place, not
//!   copied: copying a large tree cost tens of milliseconds of the
//!   search's own time.
//! - **Threads**: root parallelism: each thread grows a tree of its own,
//!   and the root moves' visits and values are summed over the trees.
//!   The trees share nothing while they grow, so there is no lock and
//!   no virtual loss. Playouts draw from a generator per tree seeded by
//!   `Seed` and the thread; everything else is deterministic: with
//!   `Threads 1` and a `nodes` (or `depth`) limit a search gives the same
//!   output every time.
//! - **Limits and reports**: `nodes` counts playouts. Round `r` (reported
//!   as `depth r`) brings each tree to `256·2^(r−1)` playouts of this
//!   search; `go depth N` is N rounds. Under a clock the search stops at
//!   the soft limit, under `movetime` at the limit. Each round reports the
//!   root moves by visits (MultiPV: the most visited), proven wins first;
//!   the PV is the most visited line. `Hash` bounds the trees' memory
//!   (`hashfull`); a full tree stops growing and goes on refining its
//!   values.

pub mod params;
pub mod root;
pub mod tree;
pub mod values;

use crate::game::{Game, Playable};
use crate::search::control::{Control, Ticker};
use crate::search::driver::{self, Line};
use crate::search::time::TimeManager;
use crate::search::{Request, SearchResult, Searcher};
use params::{Params, Playout};
use root::Rounds;
use std::sync::atomic::AtomicBool;
use tree::Tree;
use values::Leaf;

/// Most rounds (`go depth` beyond it is this).
pub const MAX_ROUNDS: u32 = 40;

/// Plies between the last search's root and this one's within which its
/// tree is looked for this root (a move, the reply, and throws or rolls
/// between them).
const REUSE_PLIES: usize = 6;

/// The trees one search leaves for the next.
pub struct Kept<G: Game> {
    root: G,
    trees: Vec<Tree<G>>,
}

/// Searches `req` within its limits until `stop`, on `searcher`'s threads
/// (a tree each) and from its kept trees where they hold the root.
pub fn search<G: Playable>(
    searcher: &Searcher,
    req: &Request<G>,
    stop: &AtomicBool,
    report: driver::ReportFn,
) -> SearchResult<G::Move> {
    search_with(searcher, req, &req.config.mcts, stop, report)
}

/// [`search`] with other settings (the tests and measurements).
pub fn search_with<G: Playable>(
    searcher: &Searcher,
    req: &Request<G>,
    params: &Params,
    stop: &AtomicBool,
    report: driver::ReportFn,
) -> SearchResult<G::Move> {
    let root = req.root;
    if root.status().is_over() {
        return SearchResult::none();
    }
    let mut params = *params;
    if params.playout == Playout::Auto {
        params.playout = if G::MCTS_RANDOM_PLAYOUTS {
            Playout::Random
        } else {
            Playout::None
        };
    }
    let params = &params;
    let view = crate::search::expectimax::root_view(root);
    let time = TimeManager::new(req.limits, req.config, view, root.moves_left());
    let control = Control::new(req.limits, time, stop);
    let threads = searcher.threads();
    let budget = (searcher.hash_mb() << 20) / threads;
    let leaf = Leaf::new(&req.evaluator, root.num_players());
    // A tree searched with `searchmoves` lacks the other root moves, so
    // such a search neither reuses a tree nor keeps its own.
    let reuse = req.root_moves.is_empty();
    let mut kept = searcher
        .take_kept::<Kept<G>>()
        .filter(|_| reuse)
        .map(|k| {
            let old = k.root;
            k.trees
                .into_iter()
                .filter_map(|t| t.reroot(&old, root, REUSE_PLIES))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
        .into_iter();
    let trees: Vec<Tree<G>> = (0..threads)
        .map(|i| {
            let mut t = kept
                .next()
                .unwrap_or_else(|| Tree::new(root, &leaf, budget));
            t.set_budget(budget);
            t.reseed(req.config.seed, i);
            t.prepare_root(root, &leaf, params, req.root_moves);
            t
        })
        .collect();
    let fallback = {
        let first = trees[0].edges_of(trees[0].root()).first().map(|e| e.mv);
        Line {
            best: first,
            ponder: None,
            pv: first.into_iter().collect(),
            score: leaf.report(&trees[0].root().value, view),
            wdl: None,
        }
    };
    let mut rounds = Rounds {
        tickers: trees.iter().map(|_| Ticker::default()).collect(),
        trees,
        root,
        view,
        history: req.history,
        leaf,
        params: *params,
        control: &control,
        pool: searcher.pool(),
        multipv: req.config.multipv,
    };
    let max_rounds = req.limits.depth.unwrap_or(MAX_ROUNDS).clamp(1, MAX_ROUNDS);
    let out = driver::main_loop(&mut rounds, root, &control, max_rounds, report);
    if reuse {
        searcher.keep(Kept {
            root: root.clone(),
            trees: rounds.trees,
        });
    }
    out.result(control.nodes(), fallback)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Status};
    use crate::search::{Algorithm, Limits, SearchConfig};
    use crate::testgames::connect::Connect;

    #[test]
    fn the_next_search_starts_from_the_kept_subtree() {
        let start = Connect::new(&GameOptions::default()).expect("start");
        let searcher = Searcher::new(16, 1).expect("engine");
        let config = SearchConfig {
            algorithm: Algorithm::Mcts,
            ..SearchConfig::default()
        };
        let limits = Limits {
            nodes: Some(4_000),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let first = searcher.think(&Request::new(&start, &limits, &config), &stop, &|_| {});
        let mut pos = start.clone();
        pos.play(first.best.expect("a move"));
        pos.play(first.ponder().expect("a reply"));
        assert!(matches!(pos.status(), Status::Decision(_)));
        // The reply was the most visited: its subtree holds many playouts.
        let kept = searcher.take_kept::<Kept<Connect>>().expect("kept trees");
        let reused = kept
            .trees
            .into_iter()
            .next()
            .and_then(|t| t.reroot(&kept.root, &pos, REUSE_PLIES))
            .expect("the position two plies down is in the tree");
        let before = reused.root().visits;
        assert!(before > 50, "{before} visits");
        // Kept again, it is what the next search grows.
        searcher.keep(Kept {
            root: pos.clone(),
            trees: vec![reused],
        });
        let limits = Limits {
            nodes: Some(10),
            ..Limits::default()
        };
        let second = searcher.think(&Request::new(&pos, &limits, &config), &stop, &|_| {});
        assert_eq!(second.nodes, 10);
        let kept = searcher.take_kept::<Kept<Connect>>().expect("kept trees");
        assert_eq!(kept.trees[0].root().visits, before + 10);
        // A search restricted by `searchmoves` keeps no tree: the next
        // one sees every root move again.
        let only = Limits {
            nodes: Some(50),
            ..Limits::default()
        };
        let mut legal = Vec::new();
        pos.moves(&mut legal);
        let first = legal[0];
        let restricted = Request {
            root_moves: std::slice::from_ref(&first),
            ..Request::new(&pos, &only, &config)
        };
        searcher.think(&restricted, &stop, &|_| {});
        assert!(searcher.take_kept::<Kept<Connect>>().is_none());
        // A new game forgets the trees.
        searcher.keep(*kept);
        searcher.clear();
        assert!(searcher.take_kept::<Kept<Connect>>().is_none());
    }
}
