//! The interior of the tree: principal-variation search with transposition
//! table cuts, late-move reductions, pruning near the horizon
//! ([`super::Shallow`]) and mate-distance pruning; the child
//! evaluation that scores terminal positions and repetitions.

use super::ordering::{pick, score_moves, table_index};
use super::{
    Node, Worker, FUTILITY_DEPTH, LATE_MOVE_DEPTH, NULL_MOVE_DEPTH, NULL_MOVE_REDUCTION,
    REVERSE_FUTILITY_DEPTH,
};
use crate::game::{Playable, Player, Status};
use crate::search::pov::Pov;
use crate::search::runner::view_of;
use crate::search::score::{
    is_mate, mate_score, table_score, Value, DRAW, INF, MATE, MATE_BOUND, MAX_PLY,
};
use crate::search::tt::TtBound;
use std::cmp::Ordering;

impl<G: Playable> Worker<'_, G> {
    /// The value of `child` (reached at `node.ply`) from the view of `me`,
    /// the player who moved into it, and of `me`'s team, searched `node.depth` more plies (≤ 0:
    /// quiescence, `-depth` plies into it) in the window of `me`.
    pub(super) fn child_value(&mut self, child: &G, me: Player, node: Node) -> Value {
        let Node {
            depth,
            ply,
            alpha,
            beta,
            pv: pv_node,
        } = node;
        match child.status() {
            Status::Over(o) => match self.result(child, o, me) {
                Ordering::Greater => mate_score(true, ply),
                Ordering::Less => mate_score(false, ply),
                Ordering::Equal => self.draw_for(child, me),
            },
            // Games with chance go to expectiminimax: should one reach
            // here, its static value.
            Status::Chance => {
                let view = view_of(child);
                Pov::new(view, self.evaluate(child, view)).for_player(child, me)
            }
            Status::Decision(p) => {
                let h = child.hash();
                if self.is_repetition(h) {
                    return self.draw_for(child, me);
                }
                if let Some(v) = self.table_value(child, me, ply) {
                    return v;
                }
                self.push(h);
                // A teammate's value is ours; the other side's, negated.
                let v = if self.side(child, p) == self.side(child, me) {
                    self.search(
                        child,
                        p,
                        Node {
                            depth,
                            ply,
                            alpha,
                            beta,
                            pv: pv_node,
                        },
                    )
                } else {
                    -self.search(
                        child,
                        p,
                        Node {
                            depth,
                            ply,
                            alpha: -beta,
                            beta: -alpha,
                            pv: pv_node,
                        },
                    )
                };
                self.pop();
                v
            }
        }
    }

    /// The exact tables' value of `child` (at `ply`) for `me`, where they
    /// know it: a proven result is a leaf, scored by its distance
    /// ([`table_score`]), so the search plays into the nearest win and
    /// holds out longest in a loss. Only a certain result (a win, a loss,
    /// a draw) is taken: a probability belongs to expectiminimax.
    fn table_value(&self, child: &G, me: Player, ply: usize) -> Option<Value> {
        let tables = self.shared.tables?;
        if !tables.in_domain(child) {
            return None;
        }
        let p = tables.probe(child, me)?;
        let distance = tables.search_distance(child).unwrap_or(0);
        if p == 1.0 || p == 0.0 {
            Some(table_score(p == 1.0, ply, distance))
        } else {
            (p == 0.5).then(|| self.draw_for(child, me))
        }
    }

    /// Null-move pruning: at a node off the principal variation whose
    /// static value (`stand`, when already read) reaches beta, the game's
    /// pass ([`crate::game::SearchHints::passed`]) is searched
    /// [`NULL_MOVE_REDUCTION`] and a quarter of the depth shallower with
    /// the window at beta; if even standing still holds beta, the node is
    /// cut with that value (beta for a mate score, which a pass does not
    /// prove). Never twice in a row, nor in a paranoid search (whose
    /// other side is several players).
    fn null_move_cut(
        &mut self,
        pos: &G,
        me: Player,
        node: Node,
        stand: Option<Value>,
    ) -> Option<Value> {
        let Node {
            depth, ply, beta, ..
        } = node;
        if node.pv
            || !self.params.null_move
            || depth < NULL_MOVE_DEPTH
            || self.paranoid.is_some()
            || self.null_ply == ply
            || is_mate(beta)
        {
            return None;
        }
        let passed = pos.passed()?;
        let s = stand.unwrap_or_else(|| self.evaluate(pos, me));
        if s < beta {
            return None;
        }
        let r = NULL_MOVE_REDUCTION + depth / 4;
        let outer = std::mem::replace(&mut self.null_ply, ply + 1);
        self.eval_push(pos, &passed);
        let v = self.child_value(&passed, me, Node::scout(depth - 1 - r, ply + 1, beta - 1));
        self.eval_pop();
        self.null_ply = outer;
        if self.ticker.stopped {
            return Some(DRAW);
        }
        (v >= beta).then(|| if is_mate(v) { beta } else { v })
    }

    /// Whether the mover of `child`, a decision node at `ply` not yet
    /// searched, has a capture. Its moves are generated into that ply's
    /// buffer, which its search would fill anyway.
    fn offers_capture(&mut self, child: &G, ply: usize) -> bool {
        if !matches!(child.status(), Status::Decision(_)) {
            return false;
        }
        child.forcing_moves(&mut self.moves[ply]);
        !self.moves[ply].is_empty()
    }

    /// Negamax value of the decision node `pos` where `me` moves, from
    /// `me`'s team's side (so is every value the table keeps for it).
    pub(super) fn search(&mut self, pos: &G, me: Player, node: Node) -> Value {
        let Node {
            depth,
            ply,
            mut alpha,
            mut beta,
            pv: pv_node,
        } = node;
        if depth <= 0 {
            return self.qsearch(pos, me, -depth, ply, alpha, beta);
        }
        self.pv[ply].clear();
        if self.tick() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, me);
        }
        // No line from here beats a win at the next ply or loses faster
        // than being beaten now.
        alpha = alpha.max(-(MATE - ply as Value));
        beta = beta.min(MATE - ply as Value - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = self.tt_key(pos);
        let mut tt_move = None;
        if let Some(e) = self.shared.tt.probe(key, ply) {
            tt_move = e.mv;
            if !pv_node
                && i32::from(e.depth) >= depth
                && match e.bound {
                    TtBound::Exact => true,
                    TtBound::Lower => e.score >= beta,
                    TtBound::Upper => e.score <= alpha,
                }
            {
                return e.score;
            }
        }

        // The static value where a pruning near the horizon may use it.
        let p = self.params;
        let stand = (!pv_node
            && depth <= p.pruning_depth()
            && self.paranoid.is_none()
            && !is_mate(alpha)
            && !is_mate(beta))
        .then(|| self.evaluate(pos, me));
        let reverse_futile = |stand: Option<Value>| {
            stand.filter(|&s| {
                p.reverse_futility > 0
                    && depth <= REVERSE_FUTILITY_DEPTH
                    && s - p.reverse_futility * depth >= beta
            })
        };
        if !G::FORCING_COMPULSORY {
            if let Some(s) = reverse_futile(stand) {
                return s;
            }
        }

        if let Some(v) = self.null_move_cut(pos, me, Node { beta, ..node }, stand) {
            return v;
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        pos.moves(&mut moves);
        if moves.is_empty() {
            // The trait promises a move at decision nodes; a game that
            // breaks it gets a draw rather than a crash.
            self.moves[ply] = moves;
            return DRAW;
        }
        // A compulsory capture is not pruned around: the static value of a
        // position that must capture says little.
        let stand = if G::FORCING_COMPULSORY {
            let stand = stand.filter(|_| moves.iter().any(|&m| !pos.is_forcing(m)));
            if let Some(s) = reverse_futile(stand) {
                self.moves[ply] = moves;
                return s;
            }
            stand
        } else {
            stand
        };
        // Quiet moves are not worth trying below alpha by the margin.
        let futile = stand.is_some_and(|s| {
            p.futility > 0 && depth <= FUTILITY_DEPTH && s + p.futility * depth <= alpha
        });
        let late_after = match stand {
            Some(_) if p.late_moves > 0 && depth <= LATE_MOVE_DEPTH => {
                (p.late_moves as usize).saturating_mul((depth * depth) as usize)
            }
            _ => usize::MAX,
        };
        let tt_index = tt_move.and_then(|p| table_index(pos, p, &moves));
        let mut order = std::mem::take(&mut self.order[ply]);
        // Moves are scored only after the table move failed to cut.
        let mut scored = false;
        let mut picked = 0;
        let mut quiets = std::mem::take(&mut self.quiets[ply]);
        quiets.clear();

        let alpha_orig = alpha;
        let mut best = -INF;
        let mut best_index = None;
        let mut n = 0;
        loop {
            let idx = match (n, tt_index) {
                (0, Some(t)) => t,
                _ => {
                    if !scored {
                        scored = true;
                        score_moves(pos, &moves, tt_index, self.hist, ply, me, &mut order);
                        if tt_index.is_some() {
                            // The table move sorts first: it was searched.
                            pick(&mut order, 0);
                            picked = 1;
                        }
                    }
                    match pick(&mut order, picked) {
                        Some(i) => {
                            picked += 1;
                            i
                        }
                        None => break,
                    }
                }
            };
            n += 1;
            let m = moves[idx];
            let quiet = !pos.is_forcing(m);
            // Pruned quiet moves: never the first, never once every move
            // so far loses (a mate score is not a bound to stand on).
            let prunable =
                quiet && n > 1 && best > -MATE_BOUND && (futile || quiets.len() >= late_after);
            if prunable && !G::FORCING_COMPULSORY {
                continue;
            }
            let mut child = pos.clone();
            child.play(m);
            // Where captures are compulsory, a quiet move that offers one
            // (a sacrifice) is no quiet move to prune.
            if prunable && !self.offers_capture(&child, ply + 1) {
                continue;
            }
            self.eval_push(pos, &child);
            self.pv[ply + 1].clear();
            let v = if n == 1 {
                self.child_value(
                    &child,
                    me,
                    Node {
                        depth: depth - 1,
                        ply: ply + 1,
                        alpha,
                        beta,
                        pv: pv_node,
                    },
                )
            } else {
                let r = if self.params.lmr
                    && depth >= 3
                    && n > 3
                    && quiet
                    && self.hist.killer_rank(ply, m).is_none()
                {
                    let r = self.reduction(depth, n) - i32::from(pv_node);
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                let mut v =
                    self.child_value(&child, me, Node::scout(depth - 1 - r, ply + 1, alpha));
                if v > alpha && r > 0 {
                    v = self.child_value(&child, me, Node::scout(depth - 1, ply + 1, alpha));
                }
                if v > alpha && v < beta && pv_node {
                    v = self.child_value(&child, me, Node::pv(depth - 1, ply + 1, alpha, beta));
                }
                v
            };
            self.eval_pop();
            if self.ticker.stopped {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_index = Some(idx);
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(m);
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    if v >= beta {
                        if quiet {
                            self.hist.add_killer(ply, m);
                            self.hist.reward(me, depth, pos.history_index(m), &quiets);
                        }
                        break;
                    }
                    alpha = v;
                }
            }
            if quiet {
                quiets.push(pos.history_index(m));
            }
        }
        let stopped = self.ticker.stopped;
        if !stopped {
            let bound = if best >= beta {
                TtBound::Lower
            } else if best > alpha_orig {
                TtBound::Exact
            } else {
                TtBound::Upper
            };
            let mv = best_index
                .or(tt_index)
                .and_then(|i| pos.pack_move(moves[i], i));
            self.shared
                .tt
                .store(key, ply, mv, best, depth.clamp(0, 255) as u8, bound);
        }
        self.moves[ply] = moves;
        self.order[ply] = order;
        self.quiets[ply] = quiets;
        if stopped {
            DRAW
        } else {
            best
        }
    }
}
