//! Expectiminimax for the games with chance nodes (Palma, Kubeia): chance
//! nodes average their outcomes by probability, decision nodes maximise
//! for their mover, whoever that is (turns need not alternate).
//!
//! - [`node`]: the recursive search, Star1 and Star2 pruning (the
//!   algorithms and their references are documented there).
//! - [`plain`]: the textbook expectiminimax without pruning or table, the
//!   reference the tests compare against.
//! - [`root`]: iterative deepening over decision plies, the threads
//!   ([`Parallel`]: parallel root moves or Lazy SMP), `info` reports and
//!   the PV.
//! - [`tt`]: this search's entries in the engine's table; the value scale
//!   (wins, bounds, `cp` and `wdl`) is [`crate::search::winprob`], which
//!   MCTS shares.
//!
//! Reported values: `cp` is the expected value from the side of the player
//! to move at the root (for a chance root: the player who decides after
//! it). For Palma, whose evaluator is a scaled race win probability
//! (`(2p − 1)·1000`), a won game is worth 1000 and `wdl` is exactly `p`;
//! for Kubeia `wdl` is a logistic estimate (see [`crate::search::winprob`]). A chance root
//! returns `best: None` with the expected value.
//!
//! The PV follows the table's best moves and, at chance nodes, the most
//! likely outcome (the first listed on ties); it never ends on a chance
//! token. Repetitions are not detected: neither chance game has a
//! repetition rule.

pub mod node;
pub mod plain;
pub mod root;
pub mod tt;

use crate::game::{decider_after, Playable, Player, Score, Status};
use crate::search::control::Control;
use crate::search::pov::Pov;
use crate::search::runner;
use crate::search::signal::Signal;
use node::Worker;

/// Pruning at chance nodes (and whether decision nodes prune at all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Pruning {
    /// No pruning anywhere: full expectiminimax.
    Plain,
    /// Alpha-beta at decision nodes, Star1 at chance nodes.
    Star1,
    /// Star1 plus probing of the successors (Star2).
    #[default]
    Star2,
}

impl Pruning {
    /// The protocol's names (`ExpectimaxPruning`), the default first.
    pub const NAMES: &'static [&'static str] = &["star2", "star1", "plain"];

    pub fn from_name(name: &str) -> Option<Pruning> {
        match name.to_ascii_lowercase().as_str() {
            "star2" => Some(Pruning::Star2),
            "star1" => Some(Pruning::Star1),
            "plain" => Some(Pruning::Plain),
            _ => None,
        }
    }
}

/// How `threads > 1` share one search (`ExpectimaxParallel`). Lazy SMP is
/// the default: on the bench positions (`agon bench --game palma|kubeia
/// --threads 2`, then with `--parallel root|smp`) its main thread needed
/// 48–68% (Palma, depth 7) and 54–80% (Kubeia, depth 2) of the single
/// thread's nodes to reach the depth; the critical path of parallel root
/// moves was 82% and 69–84% (README, "Expectiminimax threads").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Parallel {
    /// The root moves after the first are searched in parallel (rayon),
    /// sharing the best value found so far as their bound. A chance root
    /// is searched by one thread.
    RootMoves,
    /// Lazy SMP: helpers run the same iterative deepening on the shared
    /// table (odd ones a ply ahead) until the main thread is done; only the
    /// main thread's nodes count against a `nodes` limit.
    #[default]
    LazySmp,
}

impl Parallel {
    /// The protocol's names (`ExpectimaxParallel`), the default first.
    pub const NAMES: &'static [&'static str] = &["smp", "root"];

    pub fn from_name(name: &str) -> Option<Parallel> {
        match name.to_ascii_lowercase().as_str() {
            "root" => Some(Parallel::RootMoves),
            "smp" => Some(Parallel::LazySmp),
            _ => None,
        }
    }
}

/// Settings of this search ([`crate::search::SearchConfig::expectimax`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub pruning: Pruning,
    pub parallel: Parallel,
    /// Use the engine's table (off: to measure what it is worth).
    pub use_tt: bool,
    /// Report the nodes on the search's critical path (summed over the
    /// main thread's iterations) in an `info string critical path N
    /// nodes`: with threads on idle cores of equal speed, time to depth
    /// is about proportional to it (to measure [`Parallel`]).
    pub critical_path: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            pruning: Pruning::Star2,
            parallel: Parallel::default(),
            use_tt: true,
            critical_path: false,
        }
    }
}

pub use root::search;

/// The side values are reported from ([`runner::view_of`]).
pub fn root_view<G: Playable>(pos: &G) -> Player {
    runner::view_of(pos)
}

/// A chance node's static value for `view` (no depth left) from its
/// evaluation `v`, which is from the side of the player who decides after
/// it ([`decider_after`]), found from `outcomes` (those of `pos`) where
/// the first one leads to a decision.
pub fn chance_static<G: Playable>(
    v: Score,
    pos: &G,
    view: Player,
    outcomes: &[(G::Move, f64)],
) -> Score {
    let Some(&(first, _)) = outcomes.first() else {
        return v;
    };
    let mut child = pos.clone();
    child.play(first);
    let decider = match child.status() {
        Status::Decision(p) => p,
        Status::Chance => match decider_after(&child) {
            Some(p) => p,
            None => return v,
        },
        Status::Over(_) => return v,
    };
    Pov::new(decider, v).for_player(pos, view)
}

/// One search of exactly `depth` decision plies (no iterative deepening,
/// one thread), for tests and node-count benchmarks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed<M> {
    /// The value from [`root_view`]'s side.
    pub value: f64,
    /// The best root move at a decision root.
    pub best: Option<M>,
    pub nodes: u64,
}

/// Searches `root` exactly `depth` decision plies deep with `pruning`
/// (and a table of `tt_mb` MB when given), with the game's default
/// evaluator.
pub fn fixed_depth<G: Playable>(
    root: &G,
    depth: u32,
    pruning: Pruning,
    tt_mb: Option<usize>,
) -> Fixed<G::Move> {
    let stop = Signal::new();
    let control = Control::unlimited(&stop);
    let tt = tt_mb.map(crate::search::tt::Tt::new);
    let view = root_view(root);
    let eval = G::Evaluator::default();
    let mut s = Worker::<G>::new(
        pruning,
        &eval,
        G::tablebase(),
        tt.as_ref(),
        &control,
        root,
        Default::default(),
    );
    let (lo, hi) = (s.scale.lo(), s.scale.hi());
    if let (Status::Decision(me), true) = (root.status(), depth > 0) {
        let order = s.ordered_moves(root, None);
        let mut best: Option<(f64, G::Move)> = None;
        for (_, m) in order {
            let mut c = root.clone();
            c.play(m);
            let a = match (pruning, best) {
                (Pruning::Plain, _) | (_, None) => lo,
                (_, Some((b, _))) => b,
            };
            let v = s.child_value(root, &c, depth - 1, a, hi, me);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, m));
            }
        }
        return Fixed {
            value: best.map_or(0.0, |b| b.0),
            best: best.map(|b| b.1),
            nodes: s.nodes() + 1,
        };
    }
    let value = s.value(root, depth, lo, hi, view);
    Fixed {
        value,
        best: None,
        nodes: s.nodes(),
    }
}
