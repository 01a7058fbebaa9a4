//! Orthogonal sliding moves (petteia.md "Movement (Petteia)", "Kubeia (dice)").
//!
//! Petteia: any number of free squares, a Hoplite at most 6. Kubeia with
//! dice `hi >= lo`: Peltast up to `hi`, Hoplite up to `lo`, Basileus up to
//! `lo` or exactly `hi` (the move of Hermes). Pieces never jump or land on
//! a piece.

use super::board::{bit, shift, squares, Bb, Board, BASILEUS, DIRS, HOPLITE, KINDS, PELTAST};

/// The tournament "6 poleis" limit on a Hoplite's move.
pub const HOPLITE_LIMIT: u8 = 6;
/// Longer than any line on the board (11 squares).
const UNLIMITED: u8 = 11;

/// How far each kind may move: up to `upto[kind]`, or exactly `exact[kind]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub upto: [u8; KINDS],
    pub exact: [u8; KINDS],
}

impl Limits {
    /// Petteia movement (also used for activity and siege in Kubeia).
    pub const PETTEIA: Limits = Limits {
        upto: [UNLIMITED, HOPLITE_LIMIT, UNLIMITED],
        exact: [0, 0, 0],
    };

    /// Kubeia movement for the roll `hi`, `lo` (`hi >= lo`).
    pub fn kubeia(hi: u8, lo: u8) -> Limits {
        Limits {
            upto: [hi, lo, lo],
            exact: [0, 0, hi],
        }
    }
}

/// Squares a piece of `kind` on `sq` can reach over `empty`.
#[inline]
pub fn reach(sq: usize, kind: usize, empty: Bb, limits: &Limits) -> Bb {
    let upto = limits.upto[kind];
    let exact = limits.exact[kind];
    let steps = upto.max(exact);
    let mut out = 0;
    for dir in DIRS {
        let mut cur = bit(sq);
        for step in 1..=steps {
            cur = shift(cur, dir) & empty;
            if cur == 0 {
                break;
            }
            if step <= upto || step == exact {
                out |= cur;
            }
        }
    }
    out
}

/// Every square some piece of the set `from` reaches in at most `steps`
/// steps (set-wise fill, Petteia "up to" movement).
#[inline]
pub fn fill(from: Bb, empty: Bb, steps: u8) -> Bb {
    let mut out = 0;
    for dir in DIRS {
        let mut cur = from;
        for _ in 0..steps {
            cur = shift(cur, dir) & empty;
            if cur == 0 {
                break;
            }
            out |= cur;
        }
    }
    out
}

/// Whether `side` has any Petteia move (some piece next to an empty square).
/// With "up to" movement this also decides whether any Kubeia roll allows
/// a move.
pub fn has_move(board: &Board, side: usize) -> bool {
    let own = board.side(side);
    let empty = board.empty();
    DIRS.iter().any(|&d| shift(own, d) & empty != 0)
}

/// Calls `emit(from, to)` for every move of `side` under `limits`;
/// `to_mask[kind]` restricts destinations (all ones for no restriction).
pub fn generate(
    board: &Board,
    side: usize,
    limits: &Limits,
    to_mask: &[Bb; KINDS],
    mut emit: impl FnMut(usize, usize),
) {
    let empty = board.empty();
    for kind in [PELTAST, HOPLITE, BASILEUS] {
        for from in squares(board.bb[side][kind]) {
            let targets = reach(from, kind, empty, limits) & to_mask[kind];
            for to in squares(targets) {
                emit(from, to);
            }
        }
    }
}

/// Number of moves [`generate`] would append.
pub fn count(board: &Board, side: usize, limits: &Limits, to_mask: &[Bb; KINDS]) -> usize {
    let empty = board.empty();
    let mut n = 0;
    for kind in [PELTAST, HOPLITE, BASILEUS] {
        for from in squares(board.bb[side][kind]) {
            n += (reach(from, kind, empty, limits) & to_mask[kind]).count_ones() as usize;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::petteia::board::BOARD;

    #[test]
    fn hoplite_stops_after_six_and_basileus_uses_hermes() {
        // A lone piece on a1 over an empty board: the 11-square rank.
        let empty = BOARD & !bit(0);
        let hop = reach(0, HOPLITE, empty, &Limits::PETTEIA);
        assert_eq!(hop.count_ones(), 6 + 6, "6 along the rank, 6 up the file");
        let pel = reach(0, PELTAST, empty, &Limits::PETTEIA);
        assert_eq!(pel.count_ones(), 11 + 7);
        // Dice 6 and 3: Basileus 1, 2, 3 or 6 squares per direction.
        let bas = reach(0, BASILEUS, empty, &Limits::kubeia(6, 3));
        let expect = bit(1) | bit(2) | bit(3) | bit(6) | bit(12) | bit(24) | bit(36) | bit(72);
        assert_eq!(bas, expect);
    }
}
