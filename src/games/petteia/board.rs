//! The 12×8 board as `u128` bitboards, one per side and piece kind
//! (petteia.md "Board and coordinates", "Pieces and start").
//!
//! Square index = `row * 12 + col` with row 0 = rank 1 and col 0 = file a,
//! so bit 0 is a1 and bit 95 is l8. Orthogonal slides are one-step shifts
//! (±1 for files, ±12 for ranks) masked at the board edges.

/// A set of squares.
pub type Bb = u128;

pub const COLS: usize = 12;
pub const ROWS: usize = 8;
pub const SQUARES: usize = COLS * ROWS;

/// Every square of the board.
pub const BOARD: Bb = (1u128 << SQUARES) - 1;

const fn file_mask(col: usize) -> Bb {
    let mut b: Bb = 0;
    let mut r = 0;
    while r < ROWS {
        b |= 1u128 << (r * COLS + col);
        r += 1;
    }
    b
}

const fn rank_mask(row: usize) -> Bb {
    ((1u128 << COLS) - 1) << (row * COLS)
}

pub const FILE_A: Bb = file_mask(0);
pub const FILE_L: Bb = file_mask(COLS - 1);
pub const RANK_1: Bb = rank_mask(0);
pub const RANK_8: Bb = rank_mask(ROWS - 1);
/// Squares on the rim (edge or corner).
pub const RIM: Bb = FILE_A | FILE_L | RANK_1 | RANK_8;
pub const CORNERS: Bb = (FILE_A | FILE_L) & (RANK_1 | RANK_8);

/// Piece kinds, in the order of the per-side bitboard array.
pub const PELTAST: usize = 0;
pub const HOPLITE: usize = 1;
pub const BASILEUS: usize = 2;
pub const KINDS: usize = 3;

/// The four orthogonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    North,
    South,
    East,
    West,
}

pub const DIRS: [Dir; 4] = [Dir::North, Dir::South, Dir::East, Dir::West];

impl Dir {
    pub fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::East => Dir::West,
            Dir::West => Dir::East,
        }
    }
}

/// Moves every square of `b` one step in `dir`, dropping those that fall off.
#[inline(always)]
pub fn shift(b: Bb, dir: Dir) -> Bb {
    match dir {
        Dir::North => (b << COLS) & BOARD,
        Dir::South => b >> COLS,
        Dir::East => (b & !FILE_L) << 1,
        Dir::West => (b & !FILE_A) >> 1,
    }
}

/// The orthogonal neighbours of every square of `b`.
#[inline(always)]
pub fn neighbours(b: Bb) -> Bb {
    shift(b, Dir::North) | shift(b, Dir::South) | shift(b, Dir::East) | shift(b, Dir::West)
}

#[inline(always)]
pub fn bit(sq: usize) -> Bb {
    1u128 << sq
}

/// Iterates over the squares of a set, lowest first.
pub fn squares(mut b: Bb) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            Some(sq)
        }
    })
}

pub fn row_of(sq: usize) -> usize {
    sq / COLS
}

pub fn col_of(sq: usize) -> usize {
    sq % COLS
}

/// The pieces of both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// `bb[side][kind]`; side 0 = White.
    pub bb: [[Bb; KINDS]; 2],
}

impl Board {
    /// The start position; `mirror` puts the kings on g3/f6 instead of f3/g6.
    pub fn start(mirror: bool) -> Board {
        let (wk, bk) = if mirror {
            (2 * COLS + 6, 5 * COLS + 5)
        } else {
            (2 * COLS + 5, 5 * COLS + 6)
        };
        Board {
            bb: [
                [rank_mask(1), rank_mask(0), bit(wk)],
                [rank_mask(6), rank_mask(7), bit(bk)],
            ],
        }
    }

    #[inline(always)]
    pub fn side(&self, side: usize) -> Bb {
        self.bb[side][PELTAST] | self.bb[side][HOPLITE] | self.bb[side][BASILEUS]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bb {
        self.side(0) | self.side(1)
    }

    #[inline(always)]
    pub fn empty(&self) -> Bb {
        !self.occupied() & BOARD
    }

    /// The side and kind on `sq`, if any.
    pub fn piece_at(&self, sq: usize) -> Option<(usize, usize)> {
        let b = bit(sq);
        for side in 0..2 {
            for kind in 0..KINDS {
                if self.bb[side][kind] & b != 0 {
                    return Some((side, kind));
                }
            }
        }
        None
    }

    pub fn count(&self, side: usize, kind: usize) -> u32 {
        self.bb[side][kind].count_ones()
    }

    pub fn total(&self, side: usize) -> u32 {
        self.side(side).count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_stop_at_edges() {
        let a1 = bit(0);
        let l8 = bit(95);
        assert_eq!(shift(a1, Dir::West), 0);
        assert_eq!(shift(a1, Dir::South), 0);
        assert_eq!(shift(a1, Dir::East), bit(1));
        assert_eq!(shift(a1, Dir::North), bit(12));
        assert_eq!(shift(l8, Dir::East), 0);
        assert_eq!(shift(l8, Dir::North), 0);
        assert_eq!(shift(bit(11), Dir::East), 0, "l1 must not wrap to a2");
        assert_eq!(shift(bit(12), Dir::West), 0, "a2 must not wrap to l1");
        assert_eq!(CORNERS.count_ones(), 4);
        assert_eq!(RIM.count_ones(), 2 * 12 + 2 * 6);
    }

    #[test]
    fn start_has_25_a_side() {
        let b = Board::start(false);
        assert_eq!(b.total(0), 25);
        assert_eq!(b.total(1), 25);
        assert_eq!(b.piece_at(2 * 12 + 5), Some((0, BASILEUS)));
        assert_eq!(b.piece_at(5 * 12 + 6), Some((1, BASILEUS)));
    }
}
