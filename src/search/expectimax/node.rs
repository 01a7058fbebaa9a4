//! One thread's recursive search: negamax over decision nodes, generalised
//! to turns that do not alternate (Palma's extra throws and passed values,
//! Kubeia's Hand of Zeus), and Star1/Star2 at chance nodes.
//!
//! Every value is computed from the side of an explicit `view` player and
//! its team; a decision node whose mover is in the other team is searched
//! from the mover's side and negated (two teams, zero sum), so a child
//! whose mover is `view` or a teammate is never negated.
//!
//! Star1 (Ballard 1983): a chance node with window `(α, β)`, children
//! `v_i` with probabilities `p_i`, all values in `[L, U]`. After children
//! `< i` summed to `S`, the node fails high if
//! `S + p_i·v_i + Σ_{j>i} p_j·lb_j ≥ β` and low if
//! `S + p_i·v_i + Σ_{j>i} p_j·ub_j ≤ α`, so child `i` is searched with the
//! window `((α − S − Σ p_j·ub_j)/p_i, (β − S − Σ p_j·lb_j)/p_i)` clipped to
//! `[lb_i, ub_i]`. Star1 has `lb = L`, `ub = U` for every child.
//!
//! Star2 (Ballard 1983; Hauk, Buro and Schaeffer 2004) first probes every
//! child decision node with its first move only (the table's best move, or
//! the best `order_hint`): for a child whose mover is `view` that one move's
//! value is a lower bound `lb_i` of the child, for the opponent's an upper
//! bound `ub_i`. It fails high as soon as `Σ p_i·lb_i ≥ β` (low: `Σ p_i·ub_i
//! ≤ α`) and otherwise hands the tighter bounds to the Star1 pass.
//!
//! Depth counts decision plies; a chance node consumes none (PERFT.md). A
//! decision node with no depth left is scored by the evaluator ([`crate::game::Evaluator::evaluate_in`], on the
//! worker's evaluator state, pushed and popped with every child); so is a
//! chance node, from the side of the player who decides after it (both
//! Palma — the thrower — and Kubeia — the side to roll — evaluate chance
//! nodes from that side).
//!
//! The table cuts only on entries of exactly the searched depth, so a search
//! of depth `d` returns the depth-`d` expectiminimax value whatever the
//! table holds (deeper entries still order moves).

use super::tt::{self, Entry};
use super::Pruning;
use crate::game::{team_result, Evaluator, Playable, Player, Status, Tablebase, Team};
use crate::search::control::{Control, Ticker};
use crate::search::thread::EvalState;
use crate::search::tt::{storable_index, Tt};
use crate::search::winprob::Scale;

pub struct Worker<'a, G: Playable> {
    pub pruning: Pruning,
    /// The search's evaluator, shared by every thread.
    eval: &'a G::Evaluator,
    /// The exact tables probed below the root (`None`: the game has none,
    /// or `ExactTables` is off).
    tables: Option<&'a dyn Tablebase<G>>,
    /// This worker's evaluator state, in sync with the node searched.
    state: EvalState<G>,
    pub scale: Scale,
    /// A drawn end's value for `root_team` (the other team: its negation),
    /// [`crate::search::SearchConfig::root_draw`]; 0 until
    /// [`Worker::with_contempt`].
    root_draw: f64,
    root_team: Team,
    tt: Option<&'a Tt>,
    control: &'a Control<'a>,
    ticker: Ticker,
    move_bufs: Vec<Vec<G::Move>>,
    /// Buffers of the nodes being searched, one set per open node, reused
    /// so that a node allocates nothing once they have grown.
    order_bufs: Vec<Vec<(usize, G::Move)>>,
    chance_bufs: Vec<ChanceBufs<G>>,
}

/// A node's search arguments: decision plies left, the window (fail-soft)
/// and the side values are from.
#[derive(Clone, Copy, Debug)]
struct Node {
    depth: u32,
    alpha: f64,
    beta: f64,
    view: Player,
}

/// What a chance node works in.
struct ChanceBufs<G: Playable> {
    outcomes: Vec<(G::Move, f64)>,
    children: Vec<(G, f64)>,
    lb: Vec<f64>,
    ub: Vec<f64>,
    first: Vec<Option<(usize, f64)>>,
}

impl<G: Playable> Default for ChanceBufs<G> {
    fn default() -> Self {
        ChanceBufs {
            outcomes: Vec::new(),
            children: Vec::new(),
            lb: Vec::new(),
            ub: Vec::new(),
            first: Vec::new(),
        }
    }
}

impl<'a, G: Playable> Worker<'a, G> {
    /// A worker searching below `root`, with `state` (whatever it holds:
    /// it is refreshed at `root`).
    pub fn new(
        pruning: Pruning,
        eval: &'a G::Evaluator,
        tables: Option<&'a dyn Tablebase<G>>,
        tt: Option<&'a Tt>,
        control: &'a Control<'a>,
        root: &G,
        mut state: EvalState<G>,
    ) -> Self {
        eval.refresh(&mut state, root);
        Worker {
            pruning,
            eval,
            tables,
            state,
            scale: Scale::of::<G>(eval),
            root_draw: 0.0,
            root_team: 0,
            tt,
            control,
            ticker: Ticker::default(),
            move_bufs: Vec::new(),
            order_bufs: Vec::new(),
            chance_bufs: Vec::new(),
        }
    }

    /// This worker with contempt: a drawn end is worth `root_draw` to
    /// `root_team` and the opposite to the other team.
    pub fn with_contempt(self, root_draw: f64, root_team: Team) -> Self {
        Worker {
            root_draw,
            root_team,
            ..self
        }
    }

    /// The evaluator state, for the next worker of its thread.
    pub fn into_state(self) -> EvalState<G> {
        self.state
    }

    /// [`Worker::value`] of `child`, reached from `parent` (the node the
    /// evaluator's state is at) by a move.
    pub fn child_value(
        &mut self,
        parent: &G,
        child: &G,
        depth: u32,
        alpha: f64,
        beta: f64,
        view: Player,
    ) -> f64 {
        self.eval.push(&mut self.state, parent, child);
        let v = self.value(child, depth, alpha, beta, view);
        self.eval.pop(&mut self.state);
        v
    }

    /// The static value of `pos`, the node the evaluator's state is at.
    fn evaluate(&mut self, pos: &G) -> f64 {
        f64::from(self.eval.evaluate_in(&mut self.state, pos))
    }

    /// Whether the search was stopped (values since then are meaningless).
    pub fn aborted(&mut self) -> bool {
        if !self.ticker.stopped && self.control.aborted() {
            self.ticker.stopped = true;
        }
        self.ticker.stopped
    }

    /// Adds this thread's uncounted nodes to the shared count and looks
    /// at every reason to stop.
    pub fn flush(&mut self) {
        self.ticker.poll(self.control);
    }

    /// Nodes visited by this worker.
    pub fn nodes(&self) -> u64 {
        self.ticker.nodes
    }

    /// The value of `pos` searched `depth` decision plies deep, from
    /// `view`'s side, fail-soft in the window `(alpha, beta)`.
    pub fn value(&mut self, pos: &G, depth: u32, alpha: f64, beta: f64, view: Player) -> f64 {
        if self.ticker.tick(self.control) {
            return 0.0;
        }
        // An exact table's value is the node's value with best play: a
        // leaf, whatever depth is left (Palma's endgames).
        if self.scale.probability && !pos.status().is_over() {
            if let Some(p) = self.tables.and_then(|t| t.probe(pos, view)) {
                return (2.0 * p - 1.0) * self.scale.win;
            }
        }
        match pos.status() {
            Status::Over(o) if team_result(pos, o, view) == std::cmp::Ordering::Equal => {
                if pos.team_of(view) == self.root_team {
                    self.root_draw
                } else {
                    -self.root_draw
                }
            }
            Status::Over(o) => self.scale.terminal(pos, o, view),
            Status::Decision(m) if pos.team_of(m) == pos.team_of(view) => {
                self.decision(pos, depth, alpha, beta, m, None)
            }
            Status::Decision(m) => -self.decision(pos, depth, -beta, -alpha, m, None),
            Status::Chance => self.chance(pos, depth, alpha, beta, view),
        }
    }

    /// Moves of a decision node in search order: the table's best move,
    /// then by `order_hint` (stable, so ties keep generation order). Also
    /// returns the generation index of each.
    pub fn ordered_moves(&mut self, pos: &G, tt_best: Option<u16>) -> Vec<(usize, G::Move)> {
        let mut order = Vec::new();
        self.order_moves(pos, tt_best, &mut order);
        order
    }

    /// [`Worker::ordered_moves`] into `order` (no allocation once the
    /// buffers have grown).
    fn order_moves(&mut self, pos: &G, tt_best: Option<u16>, order: &mut Vec<(usize, G::Move)>) {
        let mut moves = self.move_bufs.pop().unwrap_or_default();
        pos.moves(&mut moves);
        order.clear();
        order.extend(moves.iter().copied().enumerate());
        // The index breaks ties as a stable sort would, without the
        // stable sort's buffer.
        order.sort_unstable_by_key(|&(i, m)| {
            let first = tt_best.is_some_and(|b| usize::from(b) == i);
            (!first, -pos.order_hint(m), i)
        });
        self.move_bufs.push(moves);
    }

    fn probe_tt(&self, pos: &G, view: Player) -> Option<Entry> {
        self.tt
            .and_then(|t| tt::probe(t, pos.hash(), pos.team_of(view)))
    }

    /// Stores `v`, searched at `node`, as the bounds it proves.
    fn store_tt(&self, pos: &G, node: Node, v: f64, best: Option<u16>) {
        let Node {
            depth,
            alpha,
            beta,
            view,
        } = node;
        if let Some(t) = self.tt {
            let (lo, hi) = (self.scale.lo(), self.scale.hi());
            let (lower, upper) = if v <= alpha {
                (lo, v)
            } else if v >= beta {
                (v, hi)
            } else {
                (v, v)
            };
            tt::store(
                t,
                pos.hash(),
                pos.team_of(view),
                Entry {
                    depth,
                    lower,
                    upper,
                    best,
                },
            );
        }
    }

    /// A table cut: the stored bounds of this exact depth decide the window.
    fn tt_cut(e: &Entry, depth: u32, alpha: f64, beta: f64) -> Option<f64> {
        if e.depth != depth {
            return None;
        }
        if e.lower == e.upper || e.lower >= beta {
            Some(e.lower)
        } else if e.upper <= alpha {
            Some(e.upper)
        } else {
            None
        }
    }

    /// A Star2-probed decision node searched in full: its first move
    /// (generation index, value from `view`'s side) is already known, from
    /// a probe window that contains this one, so it is not searched again.
    fn resume(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: f64,
        beta: f64,
        view: Player,
        first: (usize, f64),
    ) -> f64 {
        match pos.status() {
            Status::Decision(m) if pos.team_of(m) == pos.team_of(view) => {
                self.decision(pos, depth, alpha, beta, m, Some(first))
            }
            Status::Decision(m) => {
                -self.decision(pos, depth, -beta, -alpha, m, Some((first.0, -first.1)))
            }
            _ => self.value(pos, depth, alpha, beta, view),
        }
    }

    /// A decision node from its mover's side; `first`: a move already
    /// searched (by a Star2 probe) and its value.
    fn decision(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: f64,
        beta: f64,
        me: Player,
        first: Option<(usize, f64)>,
    ) -> f64 {
        let mut order = self.order_bufs.pop().unwrap_or_default();
        let v = self.decision_in(pos, depth, (alpha, beta), me, first, &mut order);
        self.order_bufs.push(order);
        v
    }

    fn decision_in(
        &mut self,
        pos: &G,
        depth: u32,
        (alpha, beta): (f64, f64),
        me: Player,
        first: Option<(usize, f64)>,
        order: &mut Vec<(usize, G::Move)>,
    ) -> f64 {
        if depth == 0 {
            return self.evaluate(pos);
        }
        let plain = self.pruning == Pruning::Plain;
        let (alpha, beta) = if plain {
            (self.scale.lo(), self.scale.hi())
        } else {
            (alpha, beta)
        };
        let entry = self.probe_tt(pos, me);
        if let Some(v) = entry
            .as_ref()
            .and_then(|e| Self::tt_cut(e, depth, alpha, beta))
        {
            return v;
        }
        self.order_moves(pos, entry.and_then(|e| e.best), order);
        if order.is_empty() {
            return self.evaluate(pos);
        }
        let (mut best, mut best_i, mut a) = match first {
            Some((i, v)) => (v, i, alpha.max(v)),
            None => (f64::NEG_INFINITY, order[0].0, alpha),
        };
        for &(i, m) in order.iter() {
            if best >= beta && !plain {
                break;
            }
            if first.is_some_and(|f| f.0 == i) {
                continue;
            }
            let mut child = pos.clone();
            child.play(m);
            let v = self.child_value(pos, &child, depth - 1, a, beta, me);
            if self.ticker.stopped {
                return 0.0;
            }
            if v > best {
                best = v;
                best_i = i;
                a = a.max(v);
                if v >= beta && !plain {
                    break;
                }
            }
        }
        let node = Node {
            depth,
            alpha,
            beta,
            view: me,
        };
        self.store_tt(pos, node, best, storable_index(best_i));
        best
    }

    fn chance(&mut self, pos: &G, depth: u32, alpha: f64, beta: f64, view: Player) -> f64 {
        let mut bufs = self.chance_bufs.pop().unwrap_or_default();
        let v = self.chance_in(pos, depth, alpha, beta, view, &mut bufs);
        self.chance_bufs.push(bufs);
        v
    }

    fn chance_in(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: f64,
        beta: f64,
        view: Player,
        bufs: &mut ChanceBufs<G>,
    ) -> f64 {
        let ChanceBufs {
            outcomes,
            children,
            lb,
            ub,
            first,
        } = bufs;
        pos.outcomes(outcomes);
        if depth == 0 {
            let v = self.eval.evaluate_in(&mut self.state, pos);
            return f64::from(super::chance_static(v, pos, view, outcomes));
        }
        let (lo, hi) = (self.scale.lo(), self.scale.hi());
        children.clear();
        children.extend(outcomes.iter().map(|&(m, p)| {
            let mut c = pos.clone();
            c.play(m);
            (c, p)
        }));
        let children = &children[..];
        if self.pruning == Pruning::Plain {
            let mut sum = 0.0;
            for (c, p) in children {
                sum += p * self.child_value(pos, c, depth, lo, hi, view);
            }
            return sum;
        }
        let entry = self.probe_tt(pos, view);
        if let Some(v) = entry
            .as_ref()
            .and_then(|e| Self::tt_cut(e, depth, alpha, beta))
        {
            return v;
        }
        lb.clear();
        lb.resize(children.len(), lo);
        ub.clear();
        ub.resize(children.len(), hi);
        first.clear();
        first.resize(children.len(), None);
        let node = Node {
            depth,
            alpha,
            beta,
            view,
        };
        if self.pruning == Pruning::Star2 {
            if let Some(v) = self.probe_children(pos, children, node, lb, ub, first) {
                if !self.ticker.stopped {
                    self.store_tt(pos, node, v, None);
                }
                return v;
            }
        }
        let v = self.star1(pos, children, node, lb, ub, first);
        if !self.ticker.stopped {
            self.store_tt(pos, node, v, None);
        }
        v
    }

    /// The Star1 pass over the children of a chance node `pos` (one per
    /// outcome), with per-child bounds `lb`, `ub`.
    #[allow(clippy::too_many_arguments)]
    fn star1(
        &mut self,
        pos: &G,
        children: &[(G, f64)],
        node: Node,
        lb: &[f64],
        ub: &[f64],
        first: &[Option<(usize, f64)>],
    ) -> f64 {
        let Node {
            depth,
            alpha,
            beta,
            view,
        } = node;
        let mut rest_lo: f64 = children.iter().zip(lb).map(|((_, p), l)| p * l).sum();
        let mut rest_hi: f64 = children.iter().zip(ub).map(|((_, p), u)| p * u).sum();
        let mut sum = 0.0;
        for (i, (c, p)) in children.iter().enumerate() {
            rest_lo -= p * lb[i];
            rest_hi -= p * ub[i];
            let a = (alpha - sum - rest_hi) / p;
            let b = (beta - sum - rest_lo) / p;
            let v = if lb[i] >= b {
                lb[i]
            } else if ub[i] <= a || lb[i] == ub[i] {
                ub[i]
            } else {
                let (wa, wb) = (a.max(lb[i]), b.min(ub[i]));
                self.eval.push(&mut self.state, pos, c);
                let v = match first[i] {
                    Some(f) => self.resume(c, depth, wa, wb, view, f),
                    None => self.value(c, depth, wa, wb, view),
                };
                self.eval.pop(&mut self.state);
                if self.ticker.stopped {
                    return 0.0;
                }
                // A fail-soft result beyond a child's own bound is that bound.
                v.clamp(lb[i], ub[i])
            };
            if v >= b {
                return sum + p * v + rest_lo;
            }
            if v <= a {
                return sum + p * v + rest_hi;
            }
            sum += p * v;
        }
        sum
    }

    /// Star2's probing pass over the children of the chance node `pos`
    /// (one per outcome): tightens `lb`/`ub` with each
    /// child's first move and returns the node's bound if that alone
    /// fails it.
    #[allow(clippy::too_many_arguments)]
    fn probe_children(
        &mut self,
        pos: &G,
        children: &[(G, f64)],
        node: Node,
        lb: &mut [f64],
        ub: &mut [f64],
        first: &mut [Option<(usize, f64)>],
    ) -> Option<f64> {
        let Node {
            depth,
            alpha,
            beta,
            view,
        } = node;
        let weighted = |b: &[f64]| -> f64 { children.iter().zip(b).map(|((_, p), x)| p * x).sum() };
        for (i, (c, p)) in children.iter().enumerate() {
            let Status::Decision(m) = c.status() else {
                continue;
            };
            self.ticker.tick(self.control);
            let entry = self.probe_tt(c, view);
            if let Some(e) = entry.filter(|e| e.depth == depth) {
                lb[i] = lb[i].max(e.lower);
                ub[i] = ub[i].min(e.upper);
            }
            if lb[i] < ub[i] {
                // The other children at their current bounds.
                let others_lo = weighted(lb) - p * lb[i];
                let others_hi = weighted(ub) - p * ub[i];
                let mut order = self.order_bufs.pop().unwrap_or_default();
                self.order_moves(c, entry.and_then(|e| e.best), &mut order);
                let first_move = order.first().copied();
                self.order_bufs.push(order);
                let Some((k, m1)) = first_move else {
                    continue;
                };
                let mut g = c.clone();
                g.play(m1);
                self.eval.push(&mut self.state, pos, c);
                let probed = if c.team_of(m) == c.team_of(view) {
                    let b = (beta - others_lo) / p;
                    (lb[i] < b).then(|| {
                        let v = self.child_value(c, &g, depth - 1, lb[i], b.min(ub[i]), view);
                        (v, true)
                    })
                } else {
                    let a = (alpha - others_hi) / p;
                    (ub[i] > a).then(|| {
                        let v = self.child_value(c, &g, depth - 1, a.max(lb[i]), ub[i], view);
                        (v, false)
                    })
                };
                self.eval.pop(&mut self.state);
                if let Some((v, lower)) = probed {
                    if self.ticker.stopped {
                        return Some(0.0);
                    }
                    first[i] = Some((k, v));
                    if lower {
                        lb[i] = lb[i].max(v.min(ub[i]));
                    } else {
                        ub[i] = ub[i].min(v.max(lb[i]));
                    }
                }
            }
            let (sum_lo, sum_hi) = (weighted(lb), weighted(ub));
            if sum_lo >= beta {
                return Some(sum_lo);
            }
            if sum_hi <= alpha {
                return Some(sum_hi);
            }
        }
        None
    }
}
