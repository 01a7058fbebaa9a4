//! Zobrist keys of the multi-player boards: one per cell and colour (six
//! colours), one per player to move, one per player and score.

use super::super::board::{cells, Bits};
use crate::game::zobrist::keys;

const COLOURS: usize = 6;
const PIECE_KEYS: usize = 128 * COLOURS;
const SIDE_KEYS: usize = PIECE_KEYS;
const SCORE_KEYS: usize = SIDE_KEYS + COLOURS;
const TOTAL: usize = SCORE_KEYS + COLOURS * 8;

static KEYS: [u64; TOTAL] = keys::<TOTAL>(0xaba1_0e06);

/// XOR of the keys of `colour` on every cell of `set`.
#[inline(always)]
pub fn pieces(set: Bits, colour: usize) -> u64 {
    cells(set).fold(0, |h, c| h ^ KEYS[c as usize * COLOURS + colour])
}

/// Key of `player` to move; player 0's is 0, so the side term of a start
/// position is nothing.
#[inline(always)]
pub fn side(player: usize) -> u64 {
    if player == 0 {
        0
    } else {
        KEYS[SIDE_KEYS + player]
    }
}

/// Key of `player` having ejected `n` (0..8) marbles; 0 for none.
#[inline(always)]
pub fn score(player: usize, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        KEYS[SCORE_KEYS + player * 8 + (n as usize & 7)]
    }
}
