//! Quiescence: below the horizon only forcing moves
//! ([`SearchHints::is_forcing`](crate::game::SearchHints::is_forcing): for Abalone ejections and pushes that threaten
//! one; the game generates them,
//! [`SearchHints::forcing_moves`](crate::game::SearchHints::forcing_moves)) are searched, with the static evaluation as a stand-pat bound, so a
//! line never ends in the middle of an exchange. At most
//! [`QS_MAX_DEPTH`](super::QS_MAX_DEPTH) plies deep and
//! [`QS_BUDGET`](super::QS_BUDGET) nodes large.

use super::ordering::{pick, score_forcing};
use super::{Node, Worker, QS_BUDGET, QS_MAX_DEPTH};
use crate::game::{Playable, Player};
use crate::search::score::{Value, DRAW, INF, MAX_PLY};

impl<G: Playable> Worker<'_, G> {
    /// Quiescence value of `pos` (where `me` moves), `qdepth` plies below
    /// the horizon.
    pub(super) fn qsearch(
        &mut self,
        pos: &G,
        me: Player,
        qdepth: i32,
        ply: usize,
        mut alpha: Value,
        beta: Value,
    ) -> Value {
        self.pv[ply].clear();
        if self.tick() {
            return DRAW;
        }
        if qdepth == 0 {
            self.qs_end = self.ticker.nodes + QS_BUDGET;
        }
        self.seldepth = self.seldepth.max(ply);
        let stand = self.evaluate(pos, me);
        if qdepth >= QS_MAX_DEPTH || ply >= MAX_PLY - 1 || self.ticker.nodes > self.qs_end {
            return stand;
        }
        // Where every legal move is forcing (compulsory captures in Zamma
        // and Petteia) there is no quiet move to stand on: the side to move
        // must play one of them, so the stand-pat value is no bound. Other
        // games cut on stand-pat before generating any move.
        if !G::FORCING_COMPULSORY && stand >= beta {
            return stand;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let compulsory = if G::FORCING_COMPULSORY {
            // Whether a quiet move exists decides the stand-pat cut, and
            // the first quiet move found says so: most of these nodes
            // cut there, before a full pass over the moves would end.
            pos.moves(&mut moves);
            let compulsory = !moves.is_empty() && moves.iter().all(|&m| pos.is_forcing(m));
            if !compulsory && stand < beta {
                moves.retain(|&m| pos.is_forcing(m));
            }
            compulsory
        } else {
            pos.forcing_moves(&mut moves);
            false
        };
        let mut best = -INF;
        if !compulsory {
            if stand >= beta {
                self.moves[ply] = moves;
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut order = std::mem::take(&mut self.order[ply]);
        score_forcing(pos, &moves, &mut order);
        let mut n = 0;
        while let Some(idx) = pick(&mut order, n) {
            n += 1;
            let m = moves[idx];
            let mut child = pos.clone();
            child.play(m);
            self.eval_push(pos, &child);
            let v = self.child_value(
                &child,
                me,
                Node {
                    depth: -(qdepth + 1),
                    ply: ply + 1,
                    alpha,
                    beta,
                    pv: false,
                },
            );
            self.eval_pop();
            if self.ticker.stopped {
                break;
            }
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        self.moves[ply] = moves;
        self.order[ply] = order;
        best
    }
}
