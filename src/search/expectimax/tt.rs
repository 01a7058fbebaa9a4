//! A transposition table shared by the search threads, without locks: each
//! entry is four atomic words, the last being the key xor-ed with the three
//! data words, so a torn write (two threads storing at once) reads as a
//! miss instead of as a wrong entry.
//!
//! Values are stored as a pair of bounds from player 0's view (both search
//! games have two players), so decision and chance nodes share one table.

use crate::game::Player;
use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes per entry.
const ENTRY_BYTES: usize = 32;

/// What the table knows of one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// Decision plies left when the position was searched.
    pub depth: u32,
    /// Bounds on the value from the view the caller asked for.
    pub lower: f64,
    pub upper: f64,
    /// Index of the best move in generation order, at decision nodes.
    pub best: Option<u16>,
}

pub struct Tt {
    words: Vec<AtomicU64>,
    mask: usize,
}

const VALID: u64 = 1 << 63;
const NO_MOVE: u64 = 0xFFFF;

impl Tt {
    /// A table of at most `mb` megabytes (a power of two of entries, at
    /// least 1024).
    pub fn new(mb: usize) -> Tt {
        let want = (mb.max(1) << 20) / ENTRY_BYTES;
        let mut n = 1024usize;
        while n * 2 <= want {
            n *= 2;
        }
        Tt {
            words: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(n * 4)
                .collect(),
            mask: n - 1,
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize & self.mask) * 4
    }

    pub fn probe(&self, key: u64, view: Player) -> Option<Entry> {
        let i = self.slot(key);
        let w: [u64; 4] = std::array::from_fn(|k| self.words[i + k].load(Ordering::Relaxed));
        if w[2] & VALID == 0 || w[0] ^ w[1] ^ w[2] ^ w[3] != key {
            return None;
        }
        let (lo, hi) = (f64::from_bits(w[0]), f64::from_bits(w[1]));
        let (lower, upper) = if view == 0 { (lo, hi) } else { (-hi, -lo) };
        let mv = (w[2] >> 32) & 0xFFFF;
        Some(Entry {
            depth: (w[2] & 0xFFFF_FFFF) as u32,
            lower,
            upper,
            best: (mv != NO_MOVE).then_some(mv as u16),
        })
    }

    /// Stores bounds given from `view`'s side (always replaces: the newest
    /// search of a position is the most useful for ordering).
    pub fn store(&self, key: u64, view: Player, e: Entry) {
        let (lo, hi) = if view == 0 {
            (e.lower, e.upper)
        } else {
            (-e.upper, -e.lower)
        };
        let mv = e.best.map_or(NO_MOVE, u64::from);
        let w = [
            lo.to_bits(),
            hi.to_bits(),
            VALID | mv << 32 | u64::from(e.depth),
        ];
        let i = self.slot(key);
        for (k, x) in w.iter().enumerate() {
            self.words[i + k].store(*x, Ordering::Relaxed);
        }
        self.words[i + 3].store(key ^ w[0] ^ w[1] ^ w[2], Ordering::Relaxed);
    }

    /// Used entries among the first thousand, per mille.
    pub fn hashfull(&self) -> u32 {
        let n = (self.mask + 1).min(1000);
        let used = (0..n)
            .filter(|e| self.words[e * 4 + 2].load(Ordering::Relaxed) & VALID != 0)
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_from_one_view_and_reads_from_the_other() {
        let tt = Tt::new(1);
        let e = Entry {
            depth: 3,
            lower: -250.5,
            upper: 100.0,
            best: Some(7),
        };
        tt.store(0xABCD_1234_0005, 1, e);
        assert_eq!(tt.probe(0xABCD_1234_0005, 1), Some(e));
        let seen_by_0 = tt.probe(0xABCD_1234_0005, 0).unwrap();
        assert_eq!((seen_by_0.lower, seen_by_0.upper), (-100.0, 250.5));
        // Same slot, other key: a miss.
        assert_eq!(tt.probe(0xABCD_1234_0005 + (1 << 40), 0), None);
        assert_eq!(tt.hashfull(), 1);
    }
}
