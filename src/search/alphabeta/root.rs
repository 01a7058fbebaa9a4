//! The root: one iteration ([`Iteration`]) with aspiration windows and
//! MultiPV lines; the [`runner`] deepens, reports and picks the move to
//! return.

use super::ordering::{pick, score_moves, table_index};
use super::{tt_key, Node, Sides, Worker};
use crate::game::{Playable, Player, Status, Team};
use crate::search::driver::{Iteration, Line, Ranked, ReportFn};
use crate::search::info::{Bound, PvInfo, Report, ScoreReport, SearchResult};
use crate::search::runner::{self, Algorithm, Root};
use crate::search::score::{self, is_mate, Value, INF, MATE, MAX_PLY};
use crate::search::signal::Signal;
use crate::search::thread::ThreadData;
use crate::search::tt::{Tt, TtBound};
use crate::search::{Request, Searcher};
/// First aspiration half-width, centi-units.
const ASPIRATION_DELTA: Value = 25;

/// A root move with what the last search learnt about it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub mv: M,
    /// Index in the game's generation order (for the default
    /// [`pack_move`](crate::game::SearchHints::pack_move)).
    pub index: usize,
    /// Score in the current iteration (`-INF`: not better than the best).
    pub score: Value,
    /// Score of the last completed iteration.
    pub prev_score: Value,
    pub pv: Vec<M>,
}

/// Alpha-beta of `req` on `searcher`'s table and threads, in the
/// [`runner`], between the two `sides`. A chance root (which a game
/// without chance has not) gets no move.
pub fn search<G: Playable>(
    searcher: &Searcher,
    req: &Request<G>,
    signal: &Signal,
    report: ReportFn,
    sides: Sides,
) -> SearchResult<G::Move> {
    let root = req.root;
    let Status::Decision(me) = root.status() else {
        return SearchResult::none();
    };
    let paranoid = (sides == Sides::Paranoid && root.num_teams() > 2).then(|| root.team_of(me));
    let algo = AlphaBeta {
        initial: Vec::new(),
        paranoid,
    };
    runner::run(algo, searcher, req, signal, report)
}

/// Alpha-beta as the runner runs it: the root moves in their first order.
struct AlphaBeta<G: Playable> {
    initial: Vec<RootMove<G::Move>>,
    /// The root team of a paranoid search.
    paranoid: Option<Team>,
}

impl<G: Playable> Algorithm<G> for AlphaBeta<G> {
    type Worker<'w>
        = Deepener<'w, G>
    where
        G: 'w;

    fn prepare(&mut self, root: &Root<G>) {
        let key = tt_key(root.pos.hash(), self.paranoid);
        self.initial = initial_order(root.pos, key, root.view, &root.moves, root.tt);
    }

    // The main thread searches the MultiPV lines and reports.
    fn worker<'w>(
        &'w self,
        root: &'w Root<'w, G>,
        thread: &'w mut ThreadData<G>,
        main: bool,
    ) -> Deepener<'w, G> {
        // Each search orders moves from a clean history: carried over from
        // the previous move's search it cost Zamma about 60 Elo at equal
        // nodes (`agon match --game zamma`, `nodes=50000` against a build
        // that forgets, 194 games, 42 %), and Abalone and Petteia gained
        // nothing measurable. The memory stays the thread's: no allocation.
        thread.history.reset();
        let mut w = Worker::new(root, thread);
        w.paranoid = self.paranoid;
        w.path.clear();
        w.push(root.pos.hash());
        let multipv = root.config.multipv.clamp(1, self.initial.len().max(1));
        Deepener {
            w,
            root: root.pos,
            me: root.view,
            rms: self.initial.clone(),
            multipv: if main { multipv } else { 1 },
            report: main.then_some(root.report),
            last_best: None,
        }
    }

    fn fallback(&self, root: &Root<G>) -> Line<G::Move> {
        self.initial.first().map_or_else(|| root.first_line(), line)
    }
}

/// The line of `rm` as the result would give it: the score of the
/// iteration it was last searched in.
fn line<M: Copy>(rm: &RootMove<M>) -> Line<M> {
    Line {
        best: Some(rm.mv),
        ponder: rm.pv.get(1).copied(),
        pv: rm.pv.clone(),
        score: if rm.score > -INF {
            score::report(rm.score)
        } else if rm.prev_score > -INF {
            score::report(rm.prev_score)
        } else {
            ScoreReport::Cp(0)
        },
        wdl: None,
    }
}

/// Root moves ordered as an interior node would order them.
fn initial_order<G: Playable>(
    root: &G,
    key: u64,
    me: Player,
    allowed: &[(usize, G::Move)],
    tt: &Tt,
) -> Vec<RootMove<G::Move>> {
    let moves: Vec<G::Move> = allowed.iter().map(|&(_, m)| m).collect();
    // Unpacked against every legal move (`allowed` may be a `searchmoves`
    // subset), then found among the allowed ones.
    let mut legal = Vec::new();
    root.moves(&mut legal);
    let tt_index = tt
        .probe(key, 0)
        .and_then(|e| e.mv)
        .and_then(|p| table_index(root, p, &legal))
        .and_then(|i| allowed.iter().position(|&(_, m)| m == legal[i]));
    let hist = super::History::<G>::new();
    let mut order = Vec::new();
    score_moves(root, &moves, tt_index, &hist, 0, me, &mut order);
    let mut out = Vec::with_capacity(moves.len());
    let mut n = 0;
    while let Some(i) = pick(&mut order, n) {
        n += 1;
        out.push(RootMove {
            mv: allowed[i].1,
            index: allowed[i].0,
            score: -INF,
            prev_score: -INF,
            pv: vec![allowed[i].1],
        });
    }
    out
}

/// One thread's alpha-beta iterations: its worker and root moves; the
/// main thread's searches `multipv` lines and reports aspiration bounds.
pub struct Deepener<'a, G: Playable> {
    w: Worker<'a, G>,
    root: &'a G,
    me: Player,
    rms: Vec<RootMove<G::Move>>,
    multipv: usize,
    report: Option<ReportFn<'a>>,
    /// The last finished iteration's best move.
    last_best: Option<G::Move>,
}

impl<G: Playable> Iteration<G> for Deepener<'_, G> {
    fn iterate(&mut self, depth: u32) -> Option<Ranked<G::Move>> {
        let (root, multipv) = (self.root, self.multipv);
        self.w.seldepth = 0;
        for line in 0..multipv {
            self.aspiration(depth as i32, line);
            if self.w.ticker.stopped {
                return None;
            }
        }
        let rms = &mut self.rms;
        // Lines in score order; the moves beyond them keep theirs.
        rms[..multipv].sort_by_key(|r| -r.score);
        for r in rms.iter_mut() {
            r.prev_score = r.score;
        }
        let best = &rms[0];
        self.last_best = Some(best.mv);
        let key = self.w.tt_key(root);
        self.w.shared.tt.store(
            key,
            0,
            root.pack_move(best.mv, best.index),
            best.score,
            depth as u8,
            TtBound::Exact,
        );
        let s = best.score;
        Some(Ranked {
            lines: if self.report.is_some() {
                rms[..multipv].iter().map(line).collect()
            } else {
                Vec::new()
            },
            seldepth: self.w.seldepth.min(MAX_PLY) as u32,
            // A proven result that no deeper search can shorten, or a
            // single legal move.
            settled: (is_mate(s) && (MATE - s.abs()) as u32 <= depth) || rms.len() == 1,
        })
    }

    fn hashfull(&self) -> u32 {
        self.w.shared.tt.hashfull()
    }

    fn flush(&mut self) {
        self.w.flush();
    }

    /// The move first after the stop, when it is not the last finished
    /// iteration's best: it raised alpha (failed high, or in the first
    /// iteration was searched to the end) before the stop, so it is at
    /// least as good, and its score is a lower bound of the stopped
    /// iteration's value. A first move not yet searched has no score.
    fn stopped_line(&self) -> Option<Line<G::Move>> {
        let first = &self.rms[0];
        (Some(first.mv) != self.last_best && first.score > -INF).then(|| line(first))
    }
}

impl<G: Playable> Deepener<'_, G> {
    /// Searches line `line` at `depth`, widening the window around the last
    /// score until the value falls inside it.
    fn aspiration(&mut self, depth: i32, line: usize) {
        let (root, report) = (self.root, self.report);
        let prev = self.rms[line].prev_score;
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) =
            if self.w.params.aspiration && depth >= 4 && prev > -INF && !is_mate(prev) {
                ((prev - delta).max(-INF), (prev + delta).min(INF))
            } else {
                (-INF, INF)
            };
        loop {
            let (v, improved) = self.root_search(depth, line, alpha, beta);
            if self.w.ticker.stopped {
                // A move that beat the window before the stop is at least as
                // good as the last iteration's best: keep it.
                if let Some(i) = improved {
                    self.rms[line..=i].rotate_right(1);
                }
                return;
            }
            self.rms[line..].sort_by_key(|r| -r.score);
            let bound = if v <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INF);
                Bound::Upper
            } else if v >= beta {
                beta = (v + delta).min(INF);
                Bound::Lower
            } else {
                return;
            };
            if let Some(report) = report {
                report(&Report::Pv(self.w.pv_info(
                    root,
                    &self.rms[line],
                    depth as u32,
                    line,
                    bound,
                )));
            }
            delta += delta;
        }
    }

    /// One pass over the root moves `rms[line..]` in the window; returns
    /// the best value and the index of the last move that raised alpha.
    // The index is the result (`improved`), not just a way to reach a move.
    #[allow(clippy::needless_range_loop)]
    fn root_search(
        &mut self,
        depth: i32,
        line: usize,
        mut alpha: Value,
        beta: Value,
    ) -> (Value, Option<usize>) {
        let (root, me) = (self.root, self.me);
        let rms = &mut self.rms;
        let w = &mut self.w;
        let mut best = -INF;
        let mut improved = None;
        for i in line..rms.len() {
            let m = rms[i].mv;
            let mut child = root.clone();
            child.play(m);
            w.eval_push(root, &child);
            w.pv[1].clear();
            let v = if i == line {
                w.child_value(&child, me, Node::pv(depth - 1, 1, alpha, beta))
            } else {
                let v = w.child_value(&child, me, Node::scout(depth - 1, 1, alpha));
                if v > alpha && v < beta {
                    w.child_value(&child, me, Node::pv(depth - 1, 1, alpha, beta))
                } else {
                    v
                }
            };
            w.eval_pop();
            if w.ticker.stopped {
                return (best, improved);
            }
            let rm = &mut rms[i];
            if i == line || v > alpha {
                rm.score = v;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&w.pv[1]);
            } else {
                rm.score = -INF;
            }
            best = best.max(v);
            if v > alpha {
                improved = Some(i);
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
        (best, improved)
    }
}

impl<G: Playable> Worker<'_, G> {
    fn pv_info(
        &self,
        root: &G,
        rm: &RootMove<G::Move>,
        depth: u32,
        line: usize,
        bound: Bound,
    ) -> PvInfo {
        let elapsed = self.shared.control.elapsed();
        let nodes = self.total_nodes();
        let ms = elapsed.as_millis() as u64;
        let mut pos = root.clone();
        let mut pv = Vec::with_capacity(rm.pv.len());
        for &m in &rm.pv {
            pv.push(pos.move_text(m));
            pos.play(m);
        }
        PvInfo {
            depth,
            // As the driver reports it: never below the nominal depth.
            seldepth: (self.seldepth.min(MAX_PLY) as u32).max(depth),
            multipv: line as u32 + 1,
            score: score::report(rm.score),
            bound,
            wdl: None,
            nodes,
            hashfull: self.shared.tt.hashfull(),
            time_ms: ms,
            pv,
        }
    }
}
