//! Max^n (Luckhardt & Irani 1986) for games of more than two teams:
//! every node is valued by a payoff per player ([`payoffs`]), the mover at
//! a decision node takes the child best for itself, chance nodes average
//! their outcomes' values by probability, and positions at the horizon are
//! valued by [`crate::game::Evaluator::evaluate_all`] (every player's
//! `evaluate_for`) on the thread's evaluator state. `Search=auto`,
//! `alphabeta` and `expectimax` all run it when a game has more than two
//! teams (two-sided zero-sum searches would treat every other team as
//! one opponent).
//!
//! - [`node`]: the recursion; [`root`]: one iteration at the root, which
//!   [`driver`] deepens (depth = decision plies), times, stops and
//!   reports like every search;
//! - reported score: the mover's payoff on the centi-unit scale of its
//!   evaluation, a proven sole win (loss: last alone) as `mate N` in the
//!   mover's own moves.
//!
//! One thread, with a table of its own ([`table`]: payoff vectors, which
//! the shared table's one score per entry cannot hold), made for each
//! search within the `Hash` setting; no shipped game has more than two
//! teams yet. Repetitions are not detected (no N-player game has a
//! repetition rule); the depth bounds every line. Two teams of any size
//! are not searched here but by the two-sided searches.

use crate::game::Playable;

mod node;
pub mod payoffs;
mod root;
mod table;

use crate::search::driver::{Line, ReportFn};
use crate::search::runner::{self, Algorithm, Root};
use crate::search::signal::Signal;
use crate::search::thread::ThreadData;
use crate::search::{Request, SearchResult, Searcher};
use node::Worker;
use root::Deepener;
use std::sync::Mutex;
use table::Table;

/// Searches `req` with iterative deepening in the [`runner`], on one
/// thread. At a chance root the result has no move and the expected
/// value of the player who decides after it.
pub fn search<G: Playable>(
    searcher: &Searcher,
    req: &Request<G>,
    signal: &Signal,
    report: ReportFn,
) -> SearchResult<G::Move> {
    // Made before the clock starts: filling it is not thinking time.
    let table = Mutex::new(Some(Table::new(req.config.hash_mb)));
    runner::run(MaxN { table }, searcher, req, signal, report)
}

/// Max^n as the runner runs it, on one thread: the table goes to that
/// thread's worker.
struct MaxN<M> {
    table: Mutex<Option<Table<M>>>,
}

impl<G: Playable> Algorithm<G> for MaxN<G::Move> {
    type Worker<'w>
        = Deepener<'w, G>
    where
        G: 'w;

    /// The table is the one thread's own: helpers would share nothing.
    fn lazy_smp(&self, _: &Root<G>) -> bool {
        false
    }

    fn worker<'w>(
        &'w self,
        root: &'w Root<'w, G>,
        thread: &'w mut ThreadData<G>,
        _: bool,
    ) -> Self::Worker<'w> {
        let table = self
            .table
            .lock()
            .ok()
            .and_then(|mut t| t.take())
            .unwrap_or_else(|| Table::new(0));
        Deepener {
            worker: Worker::new(
                &root.control,
                root.evaluator,
                root.pos,
                &mut thread.eval,
                table,
            ),
            root: root.pos,
            view: root.view,
            moves: root.moves.iter().map(|&(_, m)| m).collect(),
            multipv: root.config.multipv,
        }
    }

    fn fallback(&self, root: &Root<G>) -> Line<G::Move> {
        let mut state = Default::default();
        let mut worker = Worker::new(
            &root.control,
            root.evaluator,
            root.pos,
            &mut state,
            Table::new(0),
        );
        Line {
            score: worker.estimate(root.pos).report(root.view),
            ..root.first_line()
        }
    }
}
