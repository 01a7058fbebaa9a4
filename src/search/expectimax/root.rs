//! Iterative deepening over decision plies, the root move loop (in
//! parallel over root moves when `threads > 1`), reports and the PV.

use super::clock::Clock;
use super::node::Searcher;
use super::tt::Tt;
use super::value::Scale;
use super::{root_view, Options, Pruning};
use crate::game::{Game, Player, Status};
use crate::search::{Bound, Limits, PvInfo, Report, ScoreReport, SearchConfig, SearchResult};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// Deepest iteration (a search that solves a small endgame stops here).
pub const MAX_DEPTH: u32 = 64;

/// One finished iteration.
struct Iteration<M> {
    value: f64,
    best: Option<M>,
}

pub fn search<G: Game>(
    root: &G,
    root_moves: &[G::Move],
    limits: &Limits,
    config: &SearchConfig,
    options: &Options,
    stop: &AtomicBool,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult<G::Move> {
    let view = root_view(root);
    let clock = Clock::new(limits, config, view, stop);
    let tt = options
        .use_tt
        .then(|| Tt::new(options.tt_mb.min(config.hash_mb)));
    let scale = Scale::of::<G>();
    let pool = (config.threads > 1)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(config.threads)
                .build()
                .ok()
        })
        .flatten();
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut done: Option<(u32, Iteration<G::Move>)> = None;
    let mut prev_best = None;
    if !root.status().is_over() {
        for depth in 1..=max_depth {
            let it = match (root.status(), &pool) {
                (Status::Decision(_), Some(pool)) => pool.install(|| {
                    decision_root(
                        root,
                        root_moves,
                        depth,
                        options.pruning,
                        tt.as_ref(),
                        &clock,
                        prev_best,
                        true,
                    )
                }),
                (Status::Decision(_), None) => decision_root(
                    root,
                    root_moves,
                    depth,
                    options.pruning,
                    tt.as_ref(),
                    &clock,
                    prev_best,
                    false,
                ),
                _ => chance_root(root, depth, options.pruning, tt.as_ref(), &clock, view),
            };
            let Some(it) = it else {
                break;
            };
            prev_best = it.best;
            let elapsed = clock.start.elapsed();
            let nodes = clock.nodes();
            report(&Report::Pv(PvInfo {
                depth,
                seldepth: depth,
                multipv: 1,
                score: ScoreReport::Cp(it.value.round() as i32),
                bound: Bound::Exact,
                wdl: Some(scale.wdl(it.value)),
                nodes,
                nps: (nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64,
                hashfull: tt.as_ref().map_or(0, Tt::hashfull),
                time_ms: elapsed.as_millis() as u64,
                pv: pv_text(root, it.best, tt.as_ref(), depth),
            }));
            done = Some((depth, it));
            if !clock.may_deepen() {
                break;
            }
        }
    }
    if limits.infinite {
        // `go infinite` answers only after `stop`.
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    let (depth, value, best) = match done {
        Some((d, it)) => (d, it.value, it.best),
        None => (0, f64::from(root.evaluate()), first_move(root, root_moves)),
    };
    SearchResult {
        best,
        ponder: None,
        score: ScoreReport::Cp(value.round() as i32),
        depth,
        nodes: clock.nodes(),
    }
}

/// The first legal move in search order (a stopped first iteration).
fn first_move<G: Game>(root: &G, root_moves: &[G::Move]) -> Option<G::Move> {
    let mut moves = Vec::new();
    root.moves(&mut moves);
    moves
        .into_iter()
        .find(|m| root_moves.is_empty() || root_moves.contains(m))
}

fn chance_root<G: Game>(
    root: &G,
    depth: u32,
    pruning: Pruning,
    tt: Option<&Tt>,
    clock: &Clock,
    view: Player,
) -> Option<Iteration<G::Move>> {
    let mut s = Searcher::<G>::new(pruning, tt, clock);
    let scale = s.scale;
    let value = s.value(root, depth, scale.lo(), scale.hi(), view);
    s.flush();
    (!s.aborted()).then_some(Iteration { value, best: None })
}

/// Searches every root move (only `root_moves` when not empty); the
/// previous iteration's best goes first and sets the bound the others must
/// beat. With `parallel`, the other moves are searched by rayon's workers,
/// sharing the best value found so far.
#[allow(clippy::too_many_arguments)]
fn decision_root<G: Game>(
    root: &G,
    root_moves: &[G::Move],
    depth: u32,
    pruning: Pruning,
    tt: Option<&Tt>,
    clock: &Clock,
    prev_best: Option<G::Move>,
    parallel: bool,
) -> Option<Iteration<G::Move>> {
    let Status::Decision(me) = root.status() else {
        return None;
    };
    let mut s = Searcher::<G>::new(pruning, tt, clock);
    let scale = s.scale;
    let tt_best = tt
        .and_then(|t| t.probe(root.hash(), me))
        .and_then(|e| e.best);
    let mut order = s.ordered_moves(root, tt_best);
    if !root_moves.is_empty() {
        order.retain(|(_, m)| root_moves.contains(m));
    }
    if let Some(k) = order.iter().position(|&(_, m)| Some(m) == prev_best) {
        let first = order.remove(k);
        order.insert(0, first);
    }
    let (_, first) = *order.first()?;
    let mut child = root.clone();
    child.play(first);
    let v0 = s.value(&child, depth - 1, scale.lo(), scale.hi(), me);
    s.flush();
    if s.aborted() {
        return None;
    }
    let best = Mutex::new((v0, first));
    let alpha = AtomicU64::new(v0.to_bits());
    let search_one = |s: &mut Searcher<G>, m: G::Move| {
        let mut child = root.clone();
        child.play(m);
        let a = if pruning == Pruning::Plain {
            scale.lo()
        } else {
            f64::from_bits(alpha.load(Ordering::Relaxed))
        };
        let v = s.value(&child, depth - 1, a, scale.hi(), me);
        s.flush();
        if s.aborted() {
            return;
        }
        if let Ok(mut b) = best.lock() {
            // A value at or below the bound is an upper bound: not better.
            if v > b.0 {
                *b = (v, m);
                alpha.store(v.to_bits(), Ordering::Relaxed);
            }
        }
    };
    let rest: Vec<G::Move> = order[1..].iter().map(|&(_, m)| m).collect();
    if parallel {
        let weights = crate::game::weights::active();
        rest.par_iter().for_each_init(
            || {
                crate::game::weights::install(weights);
                Searcher::<G>::new(pruning, tt, clock)
            },
            |s, &m| search_one(s, m),
        );
    } else {
        for &m in &rest {
            search_one(&mut s, m);
        }
    }
    if clock.aborted() {
        return None;
    }
    let (value, best) = best.into_inner().ok()?;
    if let Some(t) = tt {
        let idx = order.iter().find(|&&(_, m)| m == best).map(|&(i, _)| i);
        t.store(
            root.hash(),
            me,
            super::tt::Entry {
                depth,
                lower: value,
                upper: value,
                best: idx.and_then(|i| u16::try_from(i).ok()),
            },
        );
    }
    Some(Iteration {
        value,
        best: Some(best),
    })
}

/// The PV in the game's notation: the best root move, then the table's
/// best moves at decision nodes and the most likely outcome (the first
/// listed on ties) at chance nodes, as long as the table knows the line.
fn pv_text<G: Game>(root: &G, best: Option<G::Move>, tt: Option<&Tt>, depth: u32) -> Vec<String> {
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
                let Some(i) = tt.and_then(|t| t.probe(pos.hash(), p)).and_then(|e| e.best) else {
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
        pv.push(pos.move_text(m));
        pos.play(m);
        ends_on_chance = chance;
    }
    // A line that ends on a chance token says nothing more: drop it.
    if ends_on_chance && pv.len() > 1 {
        pv.pop();
    }
    pv
}
