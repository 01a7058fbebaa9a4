//! Rounds of playouts on every thread's tree ([`Iteration`]: round `r`
//! makes each tree's playouts of this search reach `first_round·2^(r−1)`,
//! or stops at the limits), and the root lines they rank: the visits and
//! values of each root move summed over the trees (root parallelism).

use super::params::Params;
use super::tree::{Kind, Node, Tree};
use super::values::{Leaf, Values, EPS};
use crate::game::{Playable, Player, Status};
use crate::search::control::{Control, Ticker};
use crate::search::driver::{self, Iteration, Line, Ranked};
use rayon::prelude::*;

/// Playouts between two looks at the clock: a playout costs up to tens
/// of microseconds (an expansion evaluates every move).
const POLL: u64 = 16;

pub struct Rounds<'a, G: Playable> {
    pub trees: Vec<Tree<G>>,
    pub tickers: Vec<Ticker>,
    pub root: &'a G,
    /// The side the root's values are reported from
    /// ([`crate::search::expectimax::root_view`]).
    pub view: Player,
    pub history: &'a [u64],
    pub leaf: Leaf<'a, G>,
    pub params: Params,
    pub control: &'a Control<'a>,
    pub pool: Option<&'a rayon::ThreadPool>,
    pub multipv: usize,
}

/// Playouts on `tree` until this search has made `target` of them or a
/// limit ends it (the soft time limit too: an anytime search may stop at
/// any playout).
fn grow<G: Playable>(
    tree: &mut Tree<G>,
    ticker: &mut Ticker,
    target: u64,
    ctx: (&G, &[u64], &Leaf<G>, &Params, &Control),
) {
    let (root, history, leaf, params, control) = ctx;
    while ticker.nodes < target && !ticker.stopped && !tree.root().value.proven {
        tree.playout(root, history, leaf, params);
        if ticker.tick(control) {
            break;
        }
        if ticker.nodes.is_multiple_of(POLL) {
            ticker.poll(control);
            if control.anytime_done() {
                ticker.stopped = true;
            }
        }
    }
}

impl<G: Playable> Iteration<G> for Rounds<'_, G> {
    fn iterate(&mut self, round: u32) -> Option<Ranked<G::Move>> {
        let target = self
            .params
            .first_round
            .saturating_mul(1u64 << (round - 1).min(40));
        let ctx = (
            self.root,
            self.history,
            &self.leaf,
            &self.params,
            self.control,
        );
        match self.pool {
            Some(pool) if self.trees.len() > 1 => pool.install(|| {
                self.trees
                    .par_iter_mut()
                    .zip(self.tickers.par_iter_mut())
                    .for_each(|(t, k)| grow(t, k, target, ctx));
            }),
            _ => {
                for (t, k) in self.trees.iter_mut().zip(self.tickers.iter_mut()) {
                    grow(t, k, target, ctx);
                }
            }
        }
        self.flush();
        self.ranked()
    }

    fn hashfull(&self) -> u32 {
        self.trees.iter().map(Tree::fill).max().unwrap_or(0)
    }

    fn flush(&mut self) {
        for k in &mut self.tickers {
            k.flush(self.control);
        }
    }

    fn anytime(&self) -> bool {
        true
    }
}

/// One root move summed over the trees.
struct Summed<M> {
    mv: M,
    visits: u64,
    value: Values,
    /// The tree that visited it most: its line is reported.
    tree: usize,
    child: Option<u32>,
}

impl<G: Playable> Rounds<'_, G> {
    /// The root lines: at a decision root every move, proven wins first
    /// (the quickest), then by visits, proven losses last; at a chance
    /// root one line, the most visited path, without a move.
    fn ranked(&self) -> Option<Ranked<G::Move>> {
        let main = &self.trees[0];
        let root_node = main.root();
        let seldepth = self.trees.iter().map(|t| t.seldepth).max().unwrap_or(0);
        let settled = root_node.value.proven;
        let lines = match root_node.kind {
            Kind::Leaf => return None,
            Kind::Chance => {
                let view = self.view;
                let pv = driver::decided(self.root, &principal(main, root_node));
                vec![Line {
                    best: None,
                    ponder: None,
                    pv,
                    score: self.leaf.report(&root_node.value, view),
                    wdl: self.leaf.wdl(&root_node.value, view),
                }]
            }
            Kind::Decision(me) => self.decision_lines(me),
        };
        if lines.is_empty() {
            return None;
        }
        Some(Ranked {
            lines,
            seldepth,
            settled,
        })
    }

    fn decision_lines(&self, me: Player) -> Vec<Line<G::Move>> {
        let players = self.root.num_players();
        let main = &self.trees[0];
        let mut moves: Vec<Summed<G::Move>> = main
            .edges_of(main.root())
            .iter()
            .map(|e| Summed {
                mv: e.mv,
                visits: 0,
                value: Values {
                    proven: false,
                    ..Values::zero()
                },
                tree: 0,
                child: None,
            })
            .collect();
        let mut most = vec![0u64; moves.len()];
        for (t, tree) in self.trees.iter().enumerate() {
            for e in tree.edges_of(tree.root()) {
                let Some(s) = moves.iter_mut().position(|s| s.mv == e.mv) else {
                    continue;
                };
                if e.child == 0 {
                    if moves[s].visits == 0 && moves[s].child.is_none() {
                        moves[s].value.v[me as usize] = e.estimate;
                    }
                    continue;
                }
                let node = &tree.nodes[e.child as usize];
                let sum = &mut moves[s];
                let n = u64::from(node.visits);
                if node.value.proven {
                    sum.value = node.value;
                } else if !sum.value.proven && n > 0 {
                    let total = sum.visits + n;
                    for p in 0..players {
                        sum.value.v[p] = (sum.value.v[p] * sum.visits as f32
                            + node.value.v[p] * n as f32)
                            / total as f32;
                    }
                }
                sum.visits += n;
                if n >= most[s] {
                    most[s] = n;
                    sum.tree = t;
                    sum.child = Some(e.child);
                }
            }
        }
        // The best proven value among the moves (an exact table's win
        // probability, or a finished game's payoff): a proven move below it
        // is known to be worse than another, whatever its visits.
        let best_proven = moves
            .iter()
            .filter(|s| s.value.proven)
            .map(|s| s.value.v[me as usize])
            .fold(f32::NEG_INFINITY, f32::max);
        let rank = |s: &Summed<G::Move>| -> (i32, i64, u64) {
            let moves_to_end = i64::from(s.value.moves[me as usize]);
            if s.value.won_by(me) {
                (3, -moves_to_end, s.visits)
            } else if s.value.lost_by(me) {
                (0, moves_to_end, s.visits)
            } else if s.value.proven && s.value.v[me as usize] < best_proven - EPS {
                (1, 0, s.visits)
            } else {
                (2, 0, s.visits)
            }
        };
        // Stable: equal ranks keep the generation order.
        moves.sort_by_key(|s| std::cmp::Reverse(rank(s)));
        moves.truncate(self.multipv.max(1));
        moves
            .iter()
            .map(|s| {
                let mut pv = vec![s.mv];
                let mut after = self.root.clone();
                after.play(s.mv);
                if let Some(c) = s.child {
                    let tree = &self.trees[s.tree];
                    pv.extend(driver::decided(
                        &after,
                        &principal(tree, &tree.nodes[c as usize]),
                    ));
                }
                let reply_decides = matches!(after.status(), Status::Decision(_));
                Line {
                    best: Some(s.mv),
                    ponder: pv.get(1).copied().filter(|_| reply_decides),
                    pv,
                    score: self.leaf.report(&s.value.after_move(me), me),
                    wdl: self.leaf.wdl(&s.value, me),
                }
            })
            .collect()
    }
}

/// The most visited path below `node` (a proven win for the mover where
/// there is one).
fn principal<G: Playable>(tree: &Tree<G>, node: &Node) -> Vec<G::Move> {
    let mut out = Vec::new();
    let mut n = node;
    while n.expanded && out.len() < 64 {
        let Some(e) = tree
            .edges_of(n)
            .iter()
            .filter(|e| e.child != 0)
            .max_by_key(|e| {
                let c = &tree.nodes[e.child as usize];
                let won = matches!(n.kind, Kind::Decision(p) if c.value.won_by(p));
                (won, c.visits)
            })
        else {
            break;
        };
        out.push(e.mv);
        n = &tree.nodes[e.child as usize];
    }
    out
}
