//! Max^n's transposition table: whole payoff vectors, which the engine's
//! shared table ([`crate::search::tt::Tt`], one score per entry) cannot
//! hold. One per search (max^n runs one thread), direct-mapped, each slot
//! keeping the last position stored in it.
//!
//! A value is reused at exactly the depth it was searched to, or at any
//! depth once proven, so a search of depth `d` returns the depth-`d`
//! max^n value whatever the table holds. Values are exact (max^n prunes
//! nothing), and relative to their node (the moves to a proven end are
//! counted from it), so a transposition reached at another ply reads the
//! same.

use super::payoffs::Payoffs;

/// The most memory a table takes, MiB: the games max^n plays are small,
/// and the table is made afresh for each search.
const MAX_MB: usize = 4;

#[derive(Clone, Copy)]
struct Slot<M> {
    key: u64,
    depth: u32,
    value: Payoffs,
    /// The move or outcome the node's line starts with.
    first: Option<M>,
}

pub struct Table<M> {
    slots: Vec<Option<Slot<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of at most `mb` MiB (at least one slot; `mb` is capped at
    /// [`MAX_MB`]).
    pub fn new(mb: usize) -> Self {
        let bytes = mb.clamp(1, MAX_MB) << 20;
        let per_slot = std::mem::size_of::<Option<Slot<M>>>();
        let n = (bytes / per_slot).max(1);
        // A power of two, so a key's slot is a mask away.
        let n = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        Table {
            slots: vec![None; n],
            mask: n - 1,
        }
    }

    /// The value of the position `key` searched `depth` plies deep, and
    /// the first move of its line, if the table holds it.
    pub fn probe(&self, key: u64, depth: u32) -> Option<(Payoffs, Option<M>)> {
        let s = self.slots[key as usize & self.mask]?;
        (s.key == key && (s.depth == depth || s.value.proven)).then_some((s.value, s.first))
    }

    pub fn store(&mut self, key: u64, depth: u32, value: Payoffs, first: Option<M>) {
        self.slots[key as usize & self.mask] = Some(Slot {
            key,
            depth,
            value,
            first,
        });
    }

    /// Used slots per mille, counted on the first thousand.
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n].iter().filter(|s| s.is_some()).count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;

    #[test]
    fn a_value_is_read_back_at_its_depth_or_once_proven() {
        let mut t: Table<u8> = Table::new(1);
        let mut est = Payoffs::estimate(3, |p| 100 * i32::from(p));
        t.store(42, 3, est, Some(7));
        assert_eq!(t.probe(42, 3), Some((est, Some(7))));
        assert_eq!(t.probe(42, 4), None);
        assert_eq!(t.probe(43, 3), None);
        let won = Payoffs::terminal(Outcome::Win(1), 3);
        t.store(42, 2, won, None);
        assert_eq!(t.probe(42, 9), Some((won, None)));
        est.proven = false;
        t.store(42 + (t.mask as u64 + 1), 1, est, None);
        // Same slot, another key: the old position is gone.
        assert_eq!(t.probe(42, 2), None);
        assert!(t.hashfull() <= 1000);
    }
}
