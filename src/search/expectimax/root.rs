//! One iteration over decision plies ([`driver::Iteration`]): the root
//! move loop, the root moves in parallel when asked
//! ([`super::Parallel`]), proven results and the PV; the [`runner`]
//! deepens (with Lazy SMP helpers) and reports.

use super::node::Worker;
use super::tt;
use super::{Options, Parallel, Pruning};
use crate::game::{Evaluator, Playable, Player, Status, Tablebase};
use crate::search::control::Control;
use crate::search::driver::{Iteration, Line, Ranked, ReportFn};
use crate::search::runner::{self, Algorithm, Root};
use crate::search::signal::Signal;
use crate::search::thread::{EvalState, ThreadData};
use crate::search::tt::storable_index;
use crate::search::tt::Tt;
use crate::search::winprob::Scale;
use crate::search::{Report, Request, ScoreReport, SearchResult, Searcher};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// One finished iteration.
struct Finished<M> {
    value: f64,
    /// At a decision root: the best moves with their values, best first
    /// (one, or `MultiPV` of them).
    lines: Vec<(f64, M)>,
    /// Nodes on the iteration's critical path: all of them for one thread;
    /// with parallel root moves, the first move's plus the busiest
    /// worker's share of the others.
    span: u64,
}

/// Expectiminimax of `req` with `req.config.expectimax`'s pruning,
/// threads and table, in the [`runner`].
pub fn search<G: Playable>(
    searcher: &Searcher,
    req: &Request<G>,
    signal: &Signal,
    report: ReportFn,
) -> SearchResult<G::Move> {
    let algo = Expectimax {
        options: req.config.expectimax,
        scale: Scale::of::<G>(&req.evaluator),
    };
    runner::run(algo, searcher, req, signal, report)
}

/// Expectiminimax as the runner runs it.
struct Expectimax {
    options: Options,
    scale: Scale,
}

impl<G: Playable> Algorithm<G> for Expectimax {
    type Worker<'w>
        = Deepener<'w, G>
    where
        G: 'w;

    fn lazy_smp(&self, root: &Root<G>) -> bool {
        root.searcher.threads() > 1 && self.options.parallel == Parallel::LazySmp
    }

    fn worker<'w>(
        &'w self,
        root: &'w Root<'w, G>,
        thread: &'w mut ThreadData<G>,
        main: bool,
    ) -> Deepener<'w, G> {
        let options = self.options;
        Deepener {
            pass: Pass {
                root: root.pos,
                moves: &root.moves,
                restricted: root.restricted,
                pruning: options.pruning,
                evaluator: root.evaluator,
                tables: crate::search::tablebase::<G>(root.config),
                // The engine's table, kept from the last move: its entries
                // are still true (a position's value does not depend on the
                // path to it).
                tt: options.use_tt.then_some(root.tt),
                control: &root.control,
                view: root.view,
                multipv: root.config.multipv.max(1),
                root_draw: f64::from(root.config.root_draw(root.evaluator.cp_unit())),
            },
            pool: root
                .searcher
                .pool()
                .filter(|_| main && !self.lazy_smp(root)),
            main,
            eval_state: &mut thread.eval,
            scale: self.scale,
            prev_best: None,
            proven: Vec::new(),
            span: 0,
        }
    }

    fn fallback(&self, root: &Root<G>) -> Line<G::Move> {
        Line {
            score: score(
                self.scale,
                f64::from(root.evaluator.evaluate(root.pos)),
                None,
            ),
            ..root.first_line()
        }
    }

    fn finish(&self, root: &Root<G>, main: Deepener<'_, G>) {
        if self.options.critical_path {
            (root.report)(&Report::String(format!(
                "critical path {} nodes",
                main.span
            )));
        }
    }
}

/// One thread's iterations; the main thread's also rank and explain the
/// root lines.
pub struct Deepener<'a, G: Playable> {
    pass: Pass<'a, G>,
    /// Search the root moves in parallel on it.
    pool: Option<&'a rayon::ThreadPool>,
    main: bool,
    /// This thread's evaluator state, lent to each iteration's worker.
    eval_state: &'a mut EvalState<G>,
    scale: Scale,
    /// The last iteration's best move, searched first (main thread only).
    prev_best: Option<G::Move>,
    /// The iteration that first proved each root move's result.
    proven: Vec<(Option<G::Move>, u32)>,
    /// Nodes on the critical path so far.
    span: u64,
}

impl<G: Playable> Iteration<G> for Deepener<'_, G> {
    fn iterate(&mut self, depth: u32) -> Option<Ranked<G::Move>> {
        let pass = &self.pass;
        if pass.root.status().is_over() {
            return None;
        }
        let it = iteration(pass, depth, self.prev_best, self.pool, self.eval_state)?;
        if !self.main {
            return Some(Ranked {
                lines: Vec::new(),
                seldepth: depth,
                settled: false,
            });
        }
        self.prev_best = it.lines.first().map(|l| l.1);
        self.span += it.span;
        let scale = self.scale;
        let lines: Vec<(f64, Option<G::Move>)> = if it.lines.is_empty() {
            vec![(it.value, None)]
        } else {
            it.lines.iter().map(|&(v, m)| (v, Some(m))).collect()
        };
        for line in &lines {
            if scale.proven(line.0) && !self.proven.iter().any(|p| p.0 == line.1) {
                self.proven.push((line.1, depth));
            }
        }
        let lines = lines
            .into_iter()
            .map(|(value, best)| Line {
                best,
                ponder: None,
                pv: pv_moves(pass.root, best, pass.tt, depth),
                score: score(scale, value, proven_at(&self.proven, best)),
                wdl: Some(scale.wdl(value)),
            })
            .collect();
        // A proven result no deeper search changes.
        let settled = it.lines.first().is_some_and(|&(v, _)| scale.proven(v));
        Some(Ranked {
            lines,
            seldepth: depth,
            settled,
        })
    }

    fn hashfull(&self) -> u32 {
        self.pass.tt.map_or(0, tt::hashfull)
    }
}

/// The iteration that proved `m`'s result, if one did.
fn proven_at<M: PartialEq>(proven: &[(Option<M>, u32)], m: Option<M>) -> Option<u32> {
    proven.iter().find(|p| p.0 == m).map(|p| p.1)
}

/// The reported score of `value`: a result proven by the iteration of
/// depth `proven` (decision plies) is `mate N`, N the mover's moves in that
/// many plies; anything else `cp`.
fn score(scale: Scale, value: f64, proven: Option<u32>) -> ScoreReport {
    match proven {
        Some(d) if scale.proven(value) => {
            let n = d.div_ceil(2) as i32;
            ScoreReport::Mate(if value > 0.0 { n } else { -n })
        }
        _ => ScoreReport::Cp(value.round() as i32),
    }
}

/// What every iteration of one search shares.
struct Pass<'a, G: Playable> {
    root: &'a G,
    /// The root moves to search ([`Root::moves`]).
    moves: &'a [(usize, G::Move)],
    /// Whether they leave legal moves out.
    restricted: bool,
    pruning: Pruning,
    evaluator: &'a G::Evaluator,
    /// The exact tables probed below the root (`ExactTables`).
    tables: Option<&'a dyn Tablebase<G>>,
    tt: Option<&'a Tt>,
    control: &'a Control<'a>,
    /// The side values are from ([`Root::view`]).
    view: Player,
    /// Root moves to value exactly (MultiPV); the others only need to be
    /// shown worse than all of them.
    multipv: usize,
    /// A drawn end's value for `view`'s team (`Contempt`).
    root_draw: f64,
}

impl<G: Playable> Pass<'_, G> {
    /// A worker at the root with the evaluator state `state`.
    fn worker(&self, state: EvalState<G>) -> Worker<'_, G> {
        Worker::<G>::new(
            self.pruning,
            self.evaluator,
            self.tables,
            self.tt,
            self.control,
            self.root,
            state,
        )
        .with_contempt(self.root_draw, self.root.team_of(self.view))
    }

    /// `search` with a worker lent the thread's evaluator `state`.
    fn with_worker<T>(
        &self,
        state: &mut EvalState<G>,
        search: impl FnOnce(&mut Worker<'_, G>) -> T,
    ) -> T {
        let mut s = self.worker(std::mem::take(state));
        let out = search(&mut s);
        *state = s.into_state();
        out
    }
}

/// One iteration of `depth` decision plies; `pool`: search the root moves
/// in parallel on it.
fn iteration<G: Playable>(
    pass: &Pass<G>,
    depth: u32,
    prev_best: Option<G::Move>,
    pool: Option<&rayon::ThreadPool>,
    state: &mut EvalState<G>,
) -> Option<Finished<G::Move>> {
    pass.with_worker(state, |s| match (pass.root.status(), pool) {
        (Status::Decision(_), Some(pool)) => {
            pool.install(|| decision_root(pass, s, depth, prev_best, true))
        }
        (Status::Decision(_), None) => decision_root(pass, s, depth, prev_best, false),
        _ => chance_root(pass, s, depth),
    })
}

fn chance_root<G: Playable>(
    pass: &Pass<G>,
    s: &mut Worker<G>,
    depth: u32,
) -> Option<Finished<G::Move>> {
    let scale = s.scale;
    let value = s.value(pass.root, depth, scale.lo(), scale.hi(), pass.view);
    s.flush();
    (!s.aborted()).then_some(Finished {
        value,
        lines: Vec::new(),
        span: s.nodes(),
    })
}

/// The best `multipv` root moves found so far with their exact values,
/// best first.
struct Lines<M> {
    lines: Vec<(f64, M)>,
    multipv: usize,
}

impl<M> Lines<M> {
    /// The value a move must beat to enter (the bound it is searched
    /// with); `lo` while there are fewer than `multipv` lines.
    fn bound(&self, lo: f64) -> f64 {
        self.lines.get(self.multipv - 1).map_or(lo, |&(v, _)| v)
    }

    /// Adds a move searched with the window (bound, hi); a value at or
    /// below the bound is an upper bound: not among the lines.
    fn offer(&mut self, v: f64, m: M, lo: f64) {
        if v <= self.bound(lo) && self.lines.len() >= self.multipv {
            return;
        }
        // After the equal values: ties keep search order.
        let at = self.lines.partition_point(|&(x, _)| x >= v);
        self.lines.insert(at, (v, m));
        self.lines.truncate(self.multipv);
    }
}

/// Searches every root move (only `root_moves` when not empty); the
/// previous iteration's best goes first and sets the bound the others must
/// beat (with MultiPV: the `multipv`-th best value so far). With
/// `parallel`, the other moves are searched by rayon's workers (each with
/// an evaluator state of its own), sharing that bound; `s` searches the
/// rest.
fn decision_root<G: Playable>(
    pass: &Pass<G>,
    s: &mut Worker<G>,
    depth: u32,
    prev_best: Option<G::Move>,
    parallel: bool,
) -> Option<Finished<G::Move>> {
    let (root, tt, control) = (pass.root, pass.tt, pass.control);
    let Status::Decision(me) = root.status() else {
        return None;
    };
    let scale = s.scale;
    let tt_best = tt
        .and_then(|t| tt::probe(t, root.hash(), root.team_of(me)))
        .and_then(|e| e.best);
    let mut order = s.ordered_moves(root, tt_best);
    if pass.restricted {
        order.retain(|&(_, m)| pass.moves.iter().any(|&(_, x)| x == m));
    }
    if let Some(k) = order.iter().position(|&(_, m)| Some(m) == prev_best) {
        let first = order.remove(k);
        order.insert(0, first);
    }
    let (_, first) = *order.first()?;
    let mut child = root.clone();
    child.play(first);
    let v0 = s.child_value(root, &child, depth - 1, scale.lo(), scale.hi(), me);
    s.flush();
    if s.aborted() {
        return None;
    }
    let first_nodes = s.nodes();
    // Nodes of the other moves per rayon worker (index 0 when serial).
    let workers = rayon::current_num_threads().max(1);
    let per_worker: Vec<AtomicU64> = (0..workers).map(|_| AtomicU64::new(0)).collect();
    let mut lines = Lines {
        lines: Vec::with_capacity(pass.multipv + 1),
        multipv: pass.multipv.clamp(1, order.len()),
    };
    lines.offer(v0, first, scale.lo());
    let alpha = AtomicU64::new(lines.bound(scale.lo()).to_bits());
    let lines = Mutex::new(lines);
    let search_one = |s: &mut Worker<G>, m: G::Move| {
        let mut child = root.clone();
        child.play(m);
        let a = if pass.pruning == Pruning::Plain {
            scale.lo()
        } else {
            f64::from_bits(alpha.load(Ordering::Relaxed))
        };
        let before = s.nodes();
        let v = s.child_value(root, &child, depth - 1, a, scale.hi(), me);
        let w = rayon::current_thread_index().unwrap_or(0) % workers;
        per_worker[w].fetch_add(s.nodes() - before, Ordering::Relaxed);
        s.flush();
        if s.aborted() {
            return;
        }
        if let Ok(mut l) = lines.lock() {
            l.offer(v, m, scale.lo());
            alpha.store(l.bound(scale.lo()).to_bits(), Ordering::Relaxed);
        }
    };
    let rest: Vec<G::Move> = order[1..].iter().map(|&(_, m)| m).collect();
    if parallel {
        rest.par_iter()
            .for_each_init(|| pass.worker(Default::default()), |s, &m| search_one(s, m));
    } else {
        for &m in &rest {
            search_one(s, m);
        }
    }
    if control.aborted() {
        return None;
    }
    let lines = lines.into_inner().ok()?.lines;
    let &(value, best) = lines.first()?;
    if let Some(t) = tt {
        let idx = order.iter().find(|&&(_, m)| m == best).map(|&(i, _)| i);
        tt::store(
            t,
            root.hash(),
            root.team_of(me),
            super::tt::Entry {
                depth,
                lower: value,
                upper: value,
                best: idx.and_then(storable_index),
            },
        );
    }
    let busiest = if parallel {
        per_worker.iter().map(|n| n.load(Ordering::Relaxed)).max()
    } else {
        Some(per_worker.iter().map(|n| n.load(Ordering::Relaxed)).sum())
    };
    Some(Finished {
        value,
        lines,
        span: first_nodes + busiest.unwrap_or(0),
    })
}

/// The PV: the best root move, then the table's
/// best moves at decision nodes and the most likely outcome (the first
/// listed on ties) at chance nodes, as long as the table knows the line.
fn pv_moves<G: Playable>(
    root: &G,
    best: Option<G::Move>,
    tt: Option<&Tt>,
    depth: u32,
) -> Vec<G::Move> {
    let mut pv = Vec::new();
    let mut pos = root.clone();
    let mut next = best;
    let mut outcomes = Vec::new();
    let mut moves = Vec::new();
    let mut ends_on_chance = false;
    while pv.len() < 2 * depth as usize + 2 {
        let chance = pos.status() == Status::Chance;
        let m = match (next.take(), pos.status()) {
            (Some(m), _) => m,
            (None, Status::Chance) => {
                pos.outcomes(&mut outcomes);
                let Some(&(m, _)) =
                    outcomes
                        .iter()
                        .fold(None, |b: Option<&(G::Move, f64)>, o| match b {
                            Some(x) if x.1 >= o.1 => Some(x),
                            _ => Some(o),
                        })
                else {
                    break;
                };
                m
            }
            (None, Status::Decision(p)) => {
                let Some(i) = tt
                    .and_then(|t| tt::probe(t, pos.hash(), p))
                    .and_then(|e| e.best)
                else {
                    break;
                };
                pos.moves(&mut moves);
                let Some(&m) = moves.get(usize::from(i)) else {
                    break;
                };
                m
            }
            (None, Status::Over(_)) => break,
        };
        pv.push(m);
        pos.play(m);
        ends_on_chance = chance;
    }
    // A line that ends on a chance token says nothing more: drop it.
    if ends_on_chance && pv.len() > 1 {
        pv.pop();
    }
    pv
}
