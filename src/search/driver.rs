//! The loop every search runs: iterations of growing depth (or, for an
//! anytime search, rounds of growing effort) on the main thread and on
//! Lazy SMP helpers, the time check before each one, an `info` line per
//! ranked root line after each, the early end, and the result taken from
//! the last lines reported. An algorithm plugs in with [`Iteration`]: one
//! value per thread that searches one iteration and ranks the root lines.

use crate::game::{Game, Playable, Status};
use crate::search::control::Control;
use crate::search::info::{Bound, PvInfo, RankedLine, Report, ScoreReport, SearchResult};
use crate::search::time::Deepening;

/// The reports' receiver.
pub type ReportFn<'r> = &'r (dyn Fn(&Report) + Sync);

/// One ranked root line of a finished iteration.
#[derive(Clone, Debug)]
pub struct Line<M> {
    /// The move to play (`None` at a chance root).
    pub best: Option<M>,
    /// The expected reply, for pondering.
    pub ponder: Option<M>,
    /// The line played from the root (at a chance root it starts with an
    /// outcome).
    pub pv: Vec<M>,
    pub score: ScoreReport,
    pub wdl: Option<[u32; 3]>,
}

/// What one iteration found: its lines best first.
#[derive(Clone, Debug)]
pub struct Ranked<M> {
    pub lines: Vec<Line<M>>,
    pub seldepth: u32,
    /// Whether no further iteration can change the result (a proven
    /// result, a single legal move): the search may end early when the
    /// time is its own to manage.
    pub settled: bool,
}

/// One thread's search, one iteration at a time. An anytime search (MCTS)
/// reads `depth` as the round number.
pub trait Iteration<G: Playable> {
    /// Searches one iteration of `depth`; `None` when it was stopped
    /// before it finished (its partial result is not reported).
    fn iterate(&mut self, depth: u32) -> Option<Ranked<G::Move>>;

    /// Table fill, per mille, for the reports.
    fn hashfull(&self) -> u32;

    /// Counts this thread's last nodes into the shared total.
    fn flush(&mut self) {}

    /// After a stopped iteration: a line it found that beats the last
    /// finished iteration's first (alpha-beta's move that failed high),
    /// to play instead; its score is a lower bound of the stopped
    /// iteration's value, proven by searching that move to the end.
    fn stopped_line(&self) -> Option<Line<G::Move>> {
        None
    }

    /// Whether an iteration may stop at any point with a result worth
    /// reporting (MCTS): the loop then starts the next one whenever time
    /// is left, instead of only when it expects it to finish.
    fn anytime(&self) -> bool {
        false
    }
}

/// What the main thread's loop ended with.
pub struct Deepened<M> {
    /// The last iteration finished, 0 if none.
    pub depth: u32,
    /// Its lines, as reported.
    pub last: Option<Ranked<M>>,
    /// [`Iteration::stopped_line`] of the iteration stopped, if one was.
    pub stopped: Option<Line<M>>,
}

/// The main thread's loop: iterations `1..=max_depth` while the time
/// allows, each reported line by line; ends the helpers when done.
pub fn main_loop<G: Playable, I: Iteration<G>>(
    worker: &mut I,
    root: &G,
    control: &Control,
    max_depth: u32,
    report: ReportFn,
) -> Deepened<G::Move> {
    let mut deepening = Deepening::default();
    let mut out = Deepened {
        depth: 0,
        last: None,
        stopped: None,
    };
    for depth in 1..=max_depth {
        let go_on = if worker.anytime() {
            !control.anytime_done()
        } else {
            control.may_deepen(deepening.next())
        };
        if depth > 1 && !go_on {
            break;
        }
        let Some(ranked) = worker.iterate(depth) else {
            out.stopped = worker.stopped_line();
            break;
        };
        worker.flush();
        let elapsed = control.elapsed();
        deepening.completed(elapsed);
        let nodes = control.nodes();
        for (i, line) in ranked.lines.iter().enumerate() {
            let mut pos = root.clone();
            let mut pv = Vec::with_capacity(line.pv.len());
            for &m in &line.pv {
                pv.push(pos.move_text(m));
                pos.play(m);
            }
            report(&Report::Pv(PvInfo {
                depth,
                // Lines that end before the horizon (a finished game, a
                // repetition, a table cut, a proven mate) still count as
                // searched to `depth`: seldepth is never below it.
                seldepth: ranked.seldepth.max(depth),
                multipv: i as u32 + 1,
                score: line.score,
                bound: Bound::Exact,
                wdl: line.wdl,
                nodes,
                hashfull: worker.hashfull(),
                time_ms: elapsed.as_millis() as u64,
                pv,
            }));
        }
        let settled = ranked.settled;
        // `go mate N`: the win asked for is proven.
        let mated = ranked
            .lines
            .first()
            .is_some_and(|l| control.mate_found(l.score));
        out.depth = depth;
        out.last = Some(ranked);
        if mated || (settled && control.flexible()) {
            break;
        }
    }
    worker.flush();
    // Ends the Lazy SMP helpers.
    control.abort();
    out
}

/// A helper thread's loop: iterations from `start` (odd helpers one ply
/// ahead, so the threads spread over two depths and fill the table for
/// each other) until the main thread ends them.
pub fn helper_loop<G: Playable, I: Iteration<G>>(worker: &mut I, id: usize, max_depth: u32) {
    let start = 1 + (id as u32 & 1);
    for depth in start..=max_depth {
        if worker.iterate(depth).is_none() {
            break;
        }
    }
    worker.flush();
}

impl<M: Copy + PartialEq> Deepened<M> {
    /// The result: the stopped iteration's line if it had a better one
    /// (its score a lower bound), else the first reported line's move,
    /// reply and score, or `fallback`'s move (without a score) when no
    /// iteration finished.
    pub fn result(&self, nodes: u64, fallback: Line<M>) -> SearchResult<M> {
        let (line, bound) = if let Some(l) = &self.stopped {
            (l, Some(Bound::Lower))
        } else if let Some(l) = self.last.as_ref().and_then(|r| r.lines.first()) {
            (l, Some(Bound::Exact))
        } else {
            (&fallback, None)
        };
        // The line reported, when it is the move's; else the move and the
        // expected reply.
        let pv = match line.best {
            Some(b) if line.pv.first() == Some(&b) => line.pv.clone(),
            Some(b) => std::iter::once(b).chain(line.ponder).collect(),
            None => Vec::new(),
        };
        let lines = self.last.as_ref().map_or_else(Vec::new, |r| {
            r.lines
                .iter()
                .filter(|l| l.best.is_some())
                .map(|l| RankedLine {
                    pv: l.pv.clone(),
                    score: l.score,
                })
                .collect()
        });
        SearchResult {
            best: line.best,
            pv,
            score: line.score,
            bound,
            depth: self.depth,
            nodes,
            lines,
        }
    }
}

/// `line` played from `pos` without its trailing chance outcomes: a line
/// that ends on a throw says nothing more.
pub fn decided<G: Game>(pos: &G, line: &[G::Move]) -> Vec<G::Move> {
    let mut pos = pos.clone();
    let mut keep = 0;
    for (i, &m) in line.iter().enumerate() {
        let decision = matches!(pos.status(), Status::Decision(_));
        pos.play(m);
        if decision {
            keep = i + 1;
        }
    }
    line[..keep].to_vec()
}
