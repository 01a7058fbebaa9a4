//! Zobrist keys: pieces, side to move, the Kubeia roll state, the
//! reluctance counters and a game-over flag. The ply and no-capture
//! counters are left out so transpositions still meet.

use super::board::{KINDS, SQUARES};
use super::kubeia::roll_index;
use crate::game::zobrist::keys;

const PIECES: usize = 2 * KINDS * SQUARES;
const ROLLS: usize = 22;
const RELUCT: usize = 2 * 4;
const KEYS: [u64; PIECES + 1 + ROLLS + RELUCT + 1] = keys(0x0070_6574_7465_6961);

pub fn piece_key(side: usize, kind: usize, sq: usize) -> u64 {
    KEYS[(side * KINDS + kind) * SQUARES + sq]
}

pub fn side_key() -> u64 {
    KEYS[PIECES]
}

/// Key of the Kubeia roll state (`None` = pending).
pub fn roll_key(roll: Option<(u8, u8)>) -> u64 {
    let i = match roll {
        None => 0,
        Some((hi, lo)) => 1 + roll_index(hi, lo),
    };
    KEYS[PIECES + 1 + i]
}

pub fn reluctance_key(side: usize, count: u8) -> u64 {
    KEYS[PIECES + 1 + ROLLS + side * 4 + (count.min(3) as usize)]
}

pub fn over_key() -> u64 {
    KEYS[PIECES + 1 + ROLLS + RELUCT]
}
