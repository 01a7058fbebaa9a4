//! Custodial capture (petteia.md "Capture").
//!
//! Only the square the moved piece arrives on matters: an enemy Peltast or
//! Hoplite next to it is taken when a piece of the mover stands on the far
//! side (or, for a corner piece, on its other neighbour); the Hoplite class
//! rule wants a Hoplite or the Basileus among the two takers. The enemy
//! Basileus is taken when the move completes its enclosure (4 neighbours,
//! 3 on an edge, 2 in a corner) with at least two Hoplites of the mover or
//! the mover's Basileus among them (one Hoplite on the rim). A piece that
//! moves between enemies is never taken (no suicide).
//!
//! The square a piece leaves is never a taker for a capture at its
//! destination (a slide cannot pass the enemy in between, and the other
//! takers sit diagonally to the destination), so the squares where an
//! arrival captures can be computed once per position and piece class:
//! [`capture_targets`].

use super::board::{
    bit, neighbours, shift, squares, Bb, Board, BASILEUS, CORNERS, DIRS, HOPLITE, KINDS, PELTAST,
    RIM,
};
use super::state::PetteiaGame;

/// The enemy pieces a piece of `side` that has just arrived on `to` (and
/// is on the board there) captures.
pub fn captured(board: &Board, to: usize, side: usize) -> Bb {
    let enemy = 1 - side;
    let own = board.side(side);
    let heavy = board.bb[side][HOPLITE] | board.bb[side][BASILEUS];
    let t = bit(to);
    let mut out = 0;
    for dir in DIRS {
        let n = shift(t, dir);
        if n == 0 {
            continue;
        }
        if n & (board.bb[enemy][PELTAST] | board.bb[enemy][HOPLITE]) != 0 {
            let partner = if n & CORNERS != 0 {
                neighbours(n) & !t
            } else {
                shift(n, dir)
            };
            if partner != 0 && partner & own == partner {
                let is_hoplite = n & board.bb[enemy][HOPLITE] != 0;
                // Class rule: two Peltasts cannot take a Hoplite.
                if !is_hoplite || (t | partner) & heavy != 0 {
                    out |= n;
                }
            }
        } else if n & board.bb[enemy][BASILEUS] != 0 {
            let ring = neighbours(n);
            if ring & own == ring && basileus_class_ok(board, side, ring, n) {
                out |= n;
            }
        }
    }
    out
}

/// Class rule for the Basileus: two enclosing Hoplites or the Basileus;
/// on the rim one Hoplite or the Basileus.
fn basileus_class_ok(board: &Board, side: usize, ring: Bb, n: Bb) -> bool {
    let hoplites = (ring & board.bb[side][HOPLITE]).count_ones();
    let need = if n & RIM != 0 { 1 } else { 2 };
    ring & board.bb[side][BASILEUS] != 0 || hoplites >= need
}

/// Per moving kind, the empty squares where a piece of `side` of that kind
/// arriving would capture something.
pub fn capture_targets(board: &Board, side: usize) -> [Bb; KINDS] {
    let enemy = 1 - side;
    let own = board.side(side);
    let heavy_own = board.bb[side][HOPLITE] | board.bb[side][BASILEUS];
    let ep = board.bb[enemy][PELTAST];
    let eh = board.bb[enemy][HOPLITE];
    let empty = board.empty();
    // Squares where any mover captures, where a Hoplite or Basileus mover
    // is needed, and where only the Basileus mover completes the class rule.
    let (mut any, mut heavy, mut king) = (0, 0, 0);
    for dir in DIRS {
        // Destination t, victim n = t + dir, partner m = n + dir.
        let back = dir.opposite();
        any |= shift(ep & shift(own, back), back);
        any |= shift(eh & shift(heavy_own, back), back);
        heavy |= shift(eh & shift(own, back), back);
    }
    for c in squares((ep | eh) & CORNERS) {
        let ring = neighbours(bit(c));
        for t in squares(ring & empty) {
            let other = ring & !bit(t);
            if other & own == 0 {
                continue;
            }
            if bit(c) & ep != 0 || other & heavy_own != 0 {
                any |= bit(t);
            } else {
                heavy |= bit(t);
            }
        }
    }
    for n in squares(board.bb[enemy][BASILEUS]) {
        let ring = neighbours(bit(n));
        let missing = ring & !own;
        if missing.count_ones() != 1 || missing & empty == 0 {
            continue;
        }
        let hoplites = (ring & board.bb[side][HOPLITE]).count_ones();
        let need = if bit(n) & RIM != 0 { 1 } else { 2 };
        if ring & board.bb[side][BASILEUS] != 0 || hoplites >= need {
            any |= missing;
        } else if hoplites + 1 >= need {
            heavy |= missing;
        } else {
            king |= missing;
        }
    }
    any &= empty;
    heavy &= empty;
    king &= empty;
    [any, any | heavy, any | heavy | king]
}

impl<const DICE: bool> PetteiaGame<DICE> {
    /// The squares a step would capture, judged on this position.
    pub fn captures_of(&self, from: usize, to: usize) -> u128 {
        let st = &self.state;
        let Some((side, kind)) = st.board.piece_at(from) else {
            return 0;
        };
        // Only pieces next to the destination can be taken: most moves end
        // away from the enemy, and this check spares them the board copy.
        if neighbours(bit(to)) & st.board.side(1 - side) == 0 {
            return 0;
        }
        let mut b = st.board;
        b.bb[side][kind] ^= bit(from) | bit(to);
        captured(&b, to, side)
    }
}
