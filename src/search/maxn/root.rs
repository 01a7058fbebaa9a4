//! One iteration at the root ([`Iteration`]): every root move valued
//! exactly (so MultiPV costs nothing), ranked for the mover; at a chance
//! root the expected value from the side of the player who decides after
//! it, with no move.

use super::node::Worker;
use super::payoffs::Payoffs;
use crate::game::{Playable, Player, Status};
use crate::search::driver::{self, Iteration, Line, Ranked};

pub struct Deepener<'a, G: Playable> {
    pub worker: Worker<'a, G>,
    pub root: &'a G,
    /// The side a chance root's value is from.
    pub view: Player,
    /// The moves searched at a decision root, in generation order.
    pub moves: Vec<G::Move>,
    pub multipv: usize,
}

impl<G: Playable> Iteration<G> for Deepener<'_, G> {
    fn iterate(&mut self, depth: u32) -> Option<Ranked<G::Move>> {
        let root = self.root;
        let (lines, settled) = match root.status() {
            Status::Over(_) => return None,
            Status::Chance => {
                let view = self.view;
                let v = self.worker.value(root, depth, 0);
                if self.worker.stopped() {
                    return None;
                }
                let line = Line {
                    best: None,
                    ponder: None,
                    pv: driver::decided(root, &self.worker.pv[0]),
                    score: v.report(view),
                    wdl: None,
                };
                (vec![line], v.proven)
            }
            Status::Decision(me) => self.decision_root(me, depth)?,
        };
        Some(Ranked {
            lines,
            seldepth: depth,
            settled,
        })
    }

    fn hashfull(&self) -> u32 {
        self.worker.hashfull()
    }

    fn flush(&mut self) {
        self.worker.flush();
    }
}

impl<G: Playable> Deepener<'_, G> {
    /// The best `multipv` root moves, best first (equal values in
    /// generation order), and whether the root is settled.
    fn decision_root(&mut self, me: Player, depth: u32) -> Option<(Vec<Line<G::Move>>, bool)> {
        let root = self.root;
        let mut ranked: Vec<(Payoffs, Line<G::Move>)> = Vec::with_capacity(self.moves.len());
        let mut all_proven = true;
        for &m in &self.moves {
            let mut child = root.clone();
            child.play(m);
            let mut v = self.worker.child_value(root, &child, depth - 1, 1);
            if self.worker.stopped() {
                return None;
            }
            all_proven &= v.proven;
            v.moves[me as usize] = v.moves[me as usize].saturating_add(1);
            let mut pv = vec![m];
            pv.extend(driver::decided(&child, &self.worker.pv[1]));
            let reply_decides = matches!(child.status(), Status::Decision(_));
            let line = Line {
                best: Some(m),
                ponder: pv.get(1).copied().filter(|_| reply_decides),
                pv,
                score: v.report(me),
                wdl: None,
            };
            let at = ranked
                .iter()
                .position(|(b, _)| Payoffs::better_for(me, &v, b))
                .unwrap_or(ranked.len());
            ranked.insert(at, (v, line));
        }
        let settled = all_proven || ranked.first().is_some_and(|(v, _)| v.won_by(me));
        ranked.truncate(self.multipv.max(1));
        Some((ranked.into_iter().map(|(_, l)| l).collect(), settled))
    }
}
