//! Monte Carlo tree search for every game, any number of players, with
//! or without chance (`Search mcts`).
//!
//! - **Selection** ([`params::Policy`], `MctsPolicy`): PUCT by default,
//!   with priors from a softmax over the evaluations of a node's moves
//!   (or from the evaluator's [`policy`](crate::game::Evaluator::policy)
//!   when it has one);
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
//!   widening ([`params::Chance::Widening`], `MctsChance widening`,
//!   `mctschance=widening` in an `agon match` engine) is the measured
//!   alternative (README).
//! - **Values per player** (max^n backup): each node keeps every player's
//!   mean payoff and the mover at a decision node maximises its own, so a
//!   game of three or more players needs nothing else.
//! - **MCTS-Solver**: finished games are exact, and so is a position
//!   below the root that the game's exact tables know (`ExactTables`:
//!   Palma's endgames, a win probability); a decision node with a move
//!   that wins for its mover, or whose moves are all proven, and a chance
//!   node whose outcomes are all proven become exact too. A proven root is
//!   reported (`mate N` for a proven win) and ends a search under a clock;
//!   at the root a move proven worse than another proven one ranks after
//!   every unproven move.
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
//!   (`hashfull`), their arenas' capacities counted, and the search gives
//!   the unused transposition table's memory back ([`Tt::release`]), so
//!   trees and table together stay within `Hash`; a full tree stops
//!   growing and goes on refining its values.
//!
//! [`Tt::release`]: crate::search::tt::Tt::release

pub mod params;
pub mod root;
pub mod tree;
pub mod values;

use crate::game::{Evaluator, Playable};
use crate::search::control::Ticker;
use crate::search::driver::{Line, ReportFn};
use crate::search::runner::{self, Algorithm, Root};
use crate::search::signal::Signal;
use crate::search::thread::ThreadData;
use crate::search::{tablebase, Request, SearchResult, Searcher};
use params::{Params, Playout};
use root::Rounds;
use std::sync::Mutex;
use tree::Tree;
use values::Leaf;

/// Plies between the last search's root and this one's within which its
/// tree is looked for this root (a move, the reply, and throws or rolls
/// between them).
const REUSE_PLIES: usize = 6;

/// The trees one search leaves for the next.
pub struct Kept<G: Playable> {
    root: G,
    trees: Vec<Tree<G>>,
    /// The draw's value the trees were grown with
    /// ([`crate::search::SearchConfig::root_draw`]): a search with
    /// another (`Contempt` or `UCI_AnalyseMode` changed) starts afresh,
    /// as the kept trees' proven draws hold the old one.
    root_draw: crate::search::score::Value,
}

/// Searches `req` within its limits until `stop` with
/// `req.config.mcts`, in the [`runner`], on `searcher`'s threads (a tree
/// each) and from its kept trees where they hold the root.
pub fn search<G: Playable>(
    searcher: &Searcher,
    req: &Request<G>,
    signal: &Signal,
    report: ReportFn,
) -> SearchResult<G::Move> {
    let mut params = req.config.mcts;
    if params.playout == Playout::Auto {
        params.playout = if G::MCTS_RANDOM_PLAYOUTS {
            Playout::Random
        } else {
            Playout::None
        };
    }
    let algo = Mcts {
        params,
        trees: Mutex::new(Vec::new()),
    };
    runner::run(algo, searcher, req, signal, report)
}

/// MCTS as the runner runs it: one worker for every thread's tree (root
/// parallelism, no Lazy SMP helpers).
struct Mcts<G: Playable> {
    params: Params,
    /// The trees between [`Algorithm::prepare`] and the worker.
    trees: Mutex<Vec<Tree<G>>>,
}

/// The leaves' values for the search of `root`: its evaluator, its
/// tables and its contempt.
fn leaf_of<'r, G: Playable>(root: &Root<'r, G>) -> Leaf<'r, G> {
    Leaf::new(
        root.evaluator,
        root.pos.num_players(),
        tablebase(root.config),
    )
    .with_contempt(root.view, root_draw(root))
}

/// A draw's value for the root's side in the search of `root`.
fn root_draw<G: Playable>(root: &Root<G>) -> crate::search::score::Value {
    root.config.root_draw(root.evaluator.cp_unit())
}

impl<G: Playable> Algorithm<G> for Mcts<G> {
    type Worker<'w>
        = Rounds<'w, G>
    where
        G: 'w;

    /// The kept trees re-rooted, or new ones, one per thread.
    fn prepare(&mut self, root: &Root<G>) {
        let searcher = root.searcher;
        let threads = searcher.threads();
        // `Hash` bounds the trees and the table together: MCTS has no use
        // for the table, so its memory goes back to the system and the
        // trees have all of `Hash` (protocol.md, `Hash`).
        root.tt.release();
        let budget = (searcher.hash_mb() << 20) / threads;
        let leaf = leaf_of(root);
        // A tree searched with `searchmoves` lacks the other root moves, so
        // such a search neither reuses a tree nor keeps its own.
        let mut kept = searcher
            .take_kept::<Kept<G>>()
            .filter(|k| !root.restricted && k.root_draw == root_draw(root))
            .map(|k| {
                let old = k.root;
                k.trees
                    .into_iter()
                    .filter_map(|t| t.reroot(&old, root.pos, REUSE_PLIES, budget))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
            .into_iter();
        let only: Vec<G::Move> = if root.restricted {
            root.moves.iter().map(|&(_, m)| m).collect()
        } else {
            Vec::new()
        };
        let trees = (0..threads)
            .map(|i| {
                let mut t = kept
                    .next()
                    .unwrap_or_else(|| Tree::new(root.pos, &leaf, budget));
                t.set_budget(budget);
                t.reseed(root.config.seed, i);
                t.prepare_root(root.pos, &leaf, &self.params, &only);
                t
            })
            .collect();
        *self.trees.get_mut().unwrap_or_else(|e| e.into_inner()) = trees;
    }

    fn lazy_smp(&self, _: &Root<G>) -> bool {
        false
    }

    fn worker<'w>(
        &'w self,
        root: &'w Root<'w, G>,
        _: &'w mut ThreadData<G>,
        _: bool,
    ) -> Rounds<'w, G> {
        let trees = std::mem::take(&mut *self.trees.lock().unwrap_or_else(|e| e.into_inner()));
        Rounds {
            tickers: trees.iter().map(|_| Ticker::default()).collect(),
            trees,
            root: root.pos,
            view: root.view,
            history: root.history,
            leaf: leaf_of(root),
            params: self.params,
            control: &root.control,
            pool: root.searcher.pool(),
            multipv: root.config.multipv,
        }
    }

    fn fallback(&self, root: &Root<G>) -> Line<G::Move> {
        let trees = self.trees.lock().unwrap_or_else(|e| e.into_inner());
        let Some(tree) = trees.first() else {
            return root.first_line();
        };
        let first = tree.edges_of(tree.root()).first().map(|e| e.mv);
        let leaf = Leaf::<G>::new(
            root.evaluator,
            root.pos.num_players(),
            tablebase(root.config),
        );
        Line {
            best: first,
            ponder: None,
            pv: first.into_iter().collect(),
            score: leaf.report(&tree.root().value, root.view),
            wdl: None,
        }
    }

    /// Keeps the trees for the next search.
    fn finish(&self, root: &Root<G>, main: Rounds<'_, G>) {
        if !root.restricted {
            root.searcher.keep(Kept {
                root: root.pos.clone(),
                trees: main.trees,
                root_draw: root_draw(root),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions, Status};
    use crate::search::{Algorithm, Limits, SearchConfig};
    use crate::testgames::connect::Connect;

    /// An evaluator's policy gives the priors; without one they are the
    /// softmax of the moves' estimates.
    #[test]
    fn priors_come_from_the_evaluators_policy_when_it_has_one() {
        use crate::testgames::toy::{Toy, ToyEvaluator, ToyMove};
        let start = Toy::new(&GameOptions::default()).expect("start");
        let mut legal = Vec::new();
        start.moves(&mut legal);
        assert!(legal.len() > 1);
        let config = SearchConfig {
            algorithm: Algorithm::Mcts,
            ..SearchConfig::default()
        };
        let limits = Limits {
            nodes: Some(100),
            ..Limits::default()
        };
        let stop = Signal::new();
        for policy in [true, false] {
            let searcher = Searcher::new(4, 1).expect("engine");
            let req = Request {
                evaluator: ToyEvaluator {
                    first_move_policy: policy,
                    ..ToyEvaluator::default()
                },
                ..Request::new(&start, &limits, &config)
            };
            searcher.think(&req, &stop, &|_| {});
            let kept = searcher.take_kept::<Kept<Toy>>().expect("kept trees");
            let tree = &kept.trees[0];
            let priors: Vec<(ToyMove, f32)> = tree
                .edges_of(tree.root())
                .iter()
                .map(|e| (e.mv, e.prior))
                .collect();
            assert_eq!(priors.len(), legal.len());
            for &(mv, prior) in &priors {
                if policy {
                    let want = if mv == legal[0] { 1.0 } else { 0.0 };
                    assert_eq!(prior, want, "{priors:?}");
                } else {
                    assert!(prior > 0.0 && prior < 1.0, "{mv:?} {prior}");
                }
            }
        }
    }

    /// A tree's heap, its arenas' capacities counted, stays within its
    /// budget when the playouts far outnumber what the budget holds: a
    /// full tree used to go on making a node for every unvisited edge, and
    /// a `Vec` holds up to twice its length.
    #[test]
    fn a_full_tree_stays_within_its_share_of_hash() {
        use crate::games::petteia::Kubeia;
        let start = Kubeia::new(&GameOptions::default()).expect("start");
        let config = SearchConfig {
            algorithm: Algorithm::Mcts,
            ..SearchConfig::default()
        };
        let limits = Limits {
            nodes: Some(40_000),
            ..Limits::default()
        };
        let stop = Signal::new();
        for threads in [1, 2] {
            let searcher = Searcher::new(1, threads).expect("engine");
            let budget = (1 << 20) / threads;
            searcher.think(&Request::new(&start, &limits, &config), &stop, &|_| {});
            let kept = searcher.take_kept::<Kept<Kubeia>>().expect("kept trees");
            assert_eq!(kept.trees.len(), threads);
            for tree in &kept.trees {
                let arenas = tree.nodes.capacity() * std::mem::size_of::<tree::Node>()
                    + tree.edges.capacity()
                        * std::mem::size_of::<tree::Edge<<Kubeia as Game>::Move>>();
                assert!(arenas <= tree.bytes(), "{arenas} > {}", tree.bytes());
                assert!(tree.bytes() <= budget, "{} > {budget}", tree.bytes());
                // Full: the bound was reached, not merely approached.
                assert!(tree.fill() > 900, "fill {}", tree.fill());
            }
        }
    }

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
        let stop = Signal::new();
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
            .and_then(|t| t.reroot(&kept.root, &pos, REUSE_PLIES, 16 << 20))
            .expect("the position two plies down is in the tree");
        let before = reused.root().visits;
        assert!(before > 50, "{before} visits");
        // Kept again, it is what the next search grows.
        searcher.keep(Kept {
            root: pos.clone(),
            trees: vec![reused],
            root_draw: kept.root_draw,
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
