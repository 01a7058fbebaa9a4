//! Zobrist keys: one per cell and piece (black, white, princess), one for
//! White to move, one per colour and ejected count.

use super::board::{cells, Bits};
use crate::game::zobrist::keys;

const PIECE_KEYS: usize = 128 * 3;
const SIDE_KEY: usize = PIECE_KEYS;
const EJECTED_KEYS: usize = SIDE_KEY + 1;
const TOTAL: usize = EJECTED_KEYS + 2 * 16;

static KEYS: [u64; TOTAL] = keys::<TOTAL>(0xaba1_0e00);

/// Piece index of the princess (0 and 1 are the players' colours).
pub const PRINCESS: usize = 2;

#[inline(always)]
pub fn piece(cell: u32, piece: usize) -> u64 {
    KEYS[cell as usize * 3 + piece]
}

/// XOR of the keys of `piece` on every cell of `set`.
#[inline(always)]
pub fn pieces(set: Bits, p: usize) -> u64 {
    cells(set).fold(0, |h, c| h ^ piece(c, p))
}

#[inline(always)]
pub fn side() -> u64 {
    KEYS[SIDE_KEY]
}

/// Key of `n` (0..16) marbles of `colour` ejected; count 0 has key 0 so
/// a fresh game hashes like one with no ejections recorded.
#[inline(always)]
pub fn ejected(colour: usize, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        KEYS[EJECTED_KEYS + colour * 16 + (n as usize & 15)]
    }
}
