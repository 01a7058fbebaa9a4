//! Expectiminimax's entries in the engine's one transposition table
//! ([`crate::search::tt::Tt`]): each 64-byte cluster holds two entries of
//! four atomic words, the last being the key xor-ed with the three data
//! words, so a torn write (two threads storing at once) reads as a miss
//! instead of as a wrong entry.
//!
//! Values are stored as a pair of bounds from team 0's view (the search
//! is for two teams), so decision and chance nodes share one table.
//! Replacement keeps the same position's slot, else takes an empty slot,
//! else the one worth least: shallower, counting entries of earlier
//! searches (the table is kept between moves) as shallower still.

use crate::game::Team;
use crate::search::tt::{Tt, AGE_MASK};
use std::sync::atomic::{AtomicU64, Ordering};

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

const VALID: u64 = 1 << 63;
const NO_MOVE: u64 = 0xFFFF;
const AGE_SHIFT: u32 = 48;

// meta word: depth 0..32 | move 32..48 | age 48..54 | valid 63
fn age_of(meta: u64) -> u64 {
    (meta >> AGE_SHIFT) & AGE_MASK
}

/// The two four-word entries of `key`'s cluster.
fn slots(tt: &Tt, key: u64) -> [&[AtomicU64]; 2] {
    let (a, b) = tt.cluster(key).words.split_at(4);
    [a, b]
}

fn read(w: &[AtomicU64]) -> [u64; 4] {
    std::array::from_fn(|k| w[k].load(Ordering::Relaxed))
}

fn holds(w: &[u64; 4], key: u64) -> bool {
    w[2] & VALID != 0 && w[0] ^ w[1] ^ w[2] ^ w[3] == key
}

/// The entry for `key`, its bounds from `team`'s side.
pub fn probe(tt: &Tt, key: u64, team: Team) -> Option<Entry> {
    let w = slots(tt, key)
        .into_iter()
        .map(read)
        .find(|w| holds(w, key))?;
    let (lo, hi) = (f64::from_bits(w[0]), f64::from_bits(w[1]));
    let (lower, upper) = if team == 0 { (lo, hi) } else { (-hi, -lo) };
    let mv = (w[2] >> 32) & 0xFFFF;
    Some(Entry {
        depth: (w[2] & 0xFFFF_FFFF) as u32,
        lower,
        upper,
        best: (mv != NO_MOVE).then_some(mv as u16),
    })
}

/// Stores bounds given from `team`'s side (a known position's entry is
/// always replaced: the newest search of it is the most useful for
/// ordering).
pub fn store(tt: &Tt, key: u64, team: Team, e: Entry) {
    let (lo, hi) = if team == 0 {
        (e.lower, e.upper)
    } else {
        (-e.upper, -e.lower)
    };
    let age = tt.age();
    let mv = e.best.map_or(NO_MOVE, u64::from);
    let w = [
        lo.to_bits(),
        hi.to_bits(),
        VALID | age << AGE_SHIFT | mv << 32 | u64::from(e.depth),
    ];
    let slots = slots(tt, key);
    let now = slots.map(read);
    let worth = |s: &[u64; 4]| {
        if s[2] & VALID == 0 {
            return i64::MIN;
        }
        let stale = ((age + AGE_MASK + 1 - age_of(s[2])) & AGE_MASK) as i64;
        (s[2] & 0xFFFF_FFFF) as i64 - 4 * stale
    };
    let k = if holds(&now[0], key) {
        0
    } else if holds(&now[1], key) || worth(&now[1]) < worth(&now[0]) {
        1
    } else {
        0
    };
    let slot = slots[k];
    for (x, v) in slot.iter().zip(w) {
        x.store(v, Ordering::Relaxed);
    }
    slot[3].store(key ^ w[0] ^ w[1] ^ w[2], Ordering::Relaxed);
}

/// Entries written by the current search among a sample, per mille.
pub fn hashfull(tt: &Tt) -> u32 {
    let age = tt.age();
    let sample = tt.sample();
    let used = sample
        .iter()
        .flat_map(|c| c.words.chunks_exact(4))
        .filter(|w| {
            let meta = w[2].load(Ordering::Relaxed);
            meta & VALID != 0 && age_of(meta) == age
        })
        .count();
    (used * 1000 / (sample.len() * 2).max(1)) as u32
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
        let key = 0xABCD_1234_0005;
        store(&tt, key, 1, e);
        assert_eq!(probe(&tt, key, 1), Some(e));
        let seen_by_0 = probe(&tt, key, 0).unwrap();
        assert_eq!((seen_by_0.lower, seen_by_0.upper), (-100.0, 250.5));
        // Another key: a miss.
        assert_eq!(probe(&tt, key ^ (1 << 40), 0), None);
        assert!(hashfull(&tt) <= 1000);
        tt.new_search();
        assert_eq!(hashfull(&tt), 0);
        // The entry of an earlier search is still found.
        assert_eq!(probe(&tt, key, 1), Some(e));
    }

    #[test]
    fn two_positions_of_one_cluster_both_stay() {
        let tt = Tt::new(1);
        // Keys that differ only in low bits map to one cluster
        // (multiply-shift uses the high bits).
        let (a, b) = (0x8000_0000_0000_0001u64, 0x8000_0000_0000_0002u64);
        let e = |d| Entry {
            depth: d,
            lower: 1.0,
            upper: 2.0,
            best: None,
        };
        store(&tt, a, 0, e(5));
        store(&tt, b, 0, e(2));
        assert_eq!(probe(&tt, a, 0), Some(e(5)));
        assert_eq!(probe(&tt, b, 0), Some(e(2)));
    }
}
