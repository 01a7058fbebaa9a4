//! Quiet-move ordering memory: killer moves per ply and the history
//! heuristic indexed by the game's move shape ([`SearchHints::history_index`](crate::game::SearchHints::history_index)).

use crate::game::{Playable, Player, HISTORY_SIZE};
use crate::search::score::MAX_PLY;

/// History scores stay within ±`HISTORY_MAX` ("gravity" update).
pub const HISTORY_MAX: i32 = 16_384;

pub struct History<G: Playable> {
    killers: Vec<[Option<G::Move>; 2]>,
    /// Per player (mod 2): a move shape's success as a cut move.
    table: Vec<i32>,
}

impl<G: Playable> History<G> {
    pub fn new() -> Self {
        History {
            killers: vec![[None, None]; MAX_PLY + 2],
            table: vec![0; 2 * HISTORY_SIZE],
        }
    }

    fn slot(player: Player, shape: usize) -> usize {
        usize::from(player & 1) * HISTORY_SIZE + shape % HISTORY_SIZE
    }

    pub fn score(&self, player: Player, shape: usize) -> i32 {
        self.table[Self::slot(player, shape)]
    }

    pub fn killer_rank(&self, ply: usize, m: G::Move) -> Option<usize> {
        self.killers[ply].iter().position(|k| *k == Some(m))
    }

    /// A quiet move of shape `cut` caused a beta cut; `tried` are the shapes
    /// of the quiet moves searched before it, which did not.
    pub fn reward(&mut self, player: Player, depth: i32, cut: usize, tried: &[usize]) {
        let bonus = (depth * depth).min(1200);
        let s = Self::slot(player, cut);
        gravity(&mut self.table[s], bonus);
        for &t in tried {
            let s = Self::slot(player, t);
            gravity(&mut self.table[s], -bonus);
        }
    }

    /// How many move shapes have a history score (a test's view of
    /// what the searches learnt).
    #[cfg(test)]
    pub fn rewarded(&self) -> usize {
        self.table.iter().filter(|&&h| h != 0).count()
    }

    /// Forgets everything: what a search starts from.
    pub fn reset(&mut self) {
        self.killers.fill([None, None]);
        self.table.fill(0);
    }

    pub fn add_killer(&mut self, ply: usize, m: G::Move) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }
}

impl<G: Playable> Default for History<G> {
    fn default() -> Self {
        History::new()
    }
}

fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}
