//! Max^n (Luckhardt & Irani 1986) for games of more than two teams:
//! every node is valued by a payoff per player ([`payoffs`]), the mover at
//! a decision node takes the child best for itself, chance nodes average
//! their outcomes' values by probability, and positions at the horizon are
//! valued by [`Evaluator::evaluate_for`] every player. `Search=auto`,
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

mod node;
pub mod payoffs;
mod root;
mod table;

use crate::game::{decider_after, Evaluator, Playable, Player, Status};
use crate::search::control::Control;
use crate::search::driver::{self, Line, ReportFn};
use crate::search::time::TimeManager;
use crate::search::{Request, SearchResult};
use node::Worker;
use root::Deepener;
use std::sync::atomic::AtomicBool;
use table::Table;

/// Deepest iteration.
pub const MAX_DEPTH: u32 = 64;

/// Searches `req` with iterative deepening within its limits (depth,
/// nodes, movetime, clocks, infinite) and until `stop`. `req.root_moves`
/// restricts a decision root (ignored when none of them is legal); at a
/// chance root the result has no move and the expected value of the
/// player who decides after it.
pub fn search<G: Playable>(
    req: &Request<G>,
    stop: &AtomicBool,
    report: ReportFn,
) -> SearchResult<G::Move> {
    let root = req.root;
    let view = match root.status() {
        Status::Decision(p) => p,
        Status::Chance => decider_after(root).unwrap_or(0),
        Status::Over(_) => return SearchResult::none(),
    };
    // Every evaluation of this search goes through here.
    let eval = |pos: &G, p: Player| req.evaluator.evaluate_for(pos, p);
    // Made before the clock starts: filling it is not thinking time.
    let table = Table::new(req.config.hash_mb);
    let time = TimeManager::new(req.limits, req.config, view, root.moves_left());
    let control = Control::new(req.limits, time, stop);
    let mut legal = Vec::new();
    root.moves(&mut legal);
    let mut moves: Vec<G::Move> = legal
        .iter()
        .copied()
        .filter(|m| req.root_moves.contains(m))
        .collect();
    if moves.is_empty() {
        moves = legal;
    }
    let worker = Worker::new(&control, &eval, root.num_players(), table);
    let fallback = Line {
        best: moves.first().copied(),
        ponder: None,
        pv: moves.first().copied().into_iter().collect(),
        score: worker.estimate(root).report(view),
        wdl: None,
    };
    let mut deepener = Deepener {
        worker,
        root,
        moves,
        multipv: req.config.multipv,
    };
    let max_depth = req.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let out = driver::main_loop(&mut deepener, root, &control, max_depth, report);
    out.result(control.nodes(), fallback)
}
