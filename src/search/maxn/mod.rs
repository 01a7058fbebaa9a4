//! Max^n (Luckhardt & Irani 1986) for games of more than two players:
//! every node is valued by a payoff per player ([`payoffs`]), the mover at
//! a decision node takes the child best for itself, chance nodes average
//! their outcomes' values by probability, and positions at the horizon are
//! valued by [`crate::game::Evaluator::evaluate_for`] every player. `Search=auto`,
//! `alphabeta` and `expectimax` all run it when a game has more than two
//! players (two-player zero-sum searches would treat every other player
//! as one opponent).
//!
//! - [`node`]: the recursion; [`root`]: one iteration at the root, which
//!   [`driver`] deepens (depth = decision plies), times, stops and
//!   reports like every search;
//! - reported score: the mover's payoff on the centi-unit scale of its
//!   evaluation, a proven sole win (loss: last alone) as `mate N` in the
//!   mover's own moves.
//!
//! One thread and no table: without a table the Lazy SMP helpers would
//! share nothing, and no shipped game has more than two players yet.
//! Repetitions are not detected (no N-player game has a repetition rule);
//! the depth bounds every line.

use crate::game::Playable;

mod node;
pub mod payoffs;
mod root;

use crate::search::driver::{Line, ReportFn};
use crate::search::runner::{self, Algorithm, Root};
use crate::search::thread::ThreadData;
use crate::search::{Request, SearchResult, Searcher};
use node::Worker;
use root::Deepener;
use std::sync::atomic::AtomicBool;

/// Searches `req` with iterative deepening in the [`runner`], on one
/// thread. At a chance root the result has no move and the expected
/// value of the player who decides after it.
pub fn search<G: Playable>(
    searcher: &Searcher,
    req: &Request<G>,
    stop: &AtomicBool,
    report: ReportFn,
) -> SearchResult<G::Move> {
    runner::run(MaxN, searcher, req, stop, report)
}

struct MaxN;

impl<G: Playable> Algorithm<G> for MaxN {
    type Worker<'w>
        = Deepener<'w, G, G::Evaluator>
    where
        G: 'w;

    /// No table: helpers would share nothing.
    fn lazy_smp(&self, _: &Root<G>) -> bool {
        false
    }

    fn worker<'w>(
        &'w self,
        root: &'w Root<'w, G>,
        _: &'w mut ThreadData<G>,
        _: bool,
    ) -> Self::Worker<'w> {
        Deepener {
            worker: Worker::new(&root.control, root.evaluator, root.pos.num_players()),
            root: root.pos,
            view: root.view,
            moves: root.moves.iter().map(|&(_, m)| m).collect(),
            multipv: root.config.multipv,
        }
    }

    fn fallback(&self, root: &Root<G>) -> Line<G::Move> {
        let worker = Worker::new(&root.control, root.evaluator, root.pos.num_players());
        Line {
            score: worker.estimate(root.pos).report(root.view),
            ..root.first_line()
        }
    }
}
