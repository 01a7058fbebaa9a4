//! The 9×9 Alquerque board (zamma.md "Board"): points, the line pattern of
//! each `board=` option, and 81-bit bitboards in a `u128`.
//!
//! Point index = rank × 9 + file (a1 = 0, i1 = 8, a9 = 72, i9 = 80).

/// A set of points: bit `i` is point `i`.
pub type Bits = u128;

/// Number of points.
pub const POINTS: usize = 81;

/// Every point of the board.
pub const ALL: Bits = (1u128 << POINTS) - 1;

/// "No neighbour" in [`Topology::next`].
pub const NONE: u8 = u8::MAX;

/// The eight directions, clockwise from north (up the board, towards rank 9).
pub const N: usize = 0;
pub const NE: usize = 1;
pub const E: usize = 2;
pub const SE: usize = 3;
pub const S: usize = 4;
pub const SW: usize = 5;
pub const W: usize = 6;
pub const NW: usize = 7;

/// File and rank change of each direction.
pub const DFILE: [i8; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
pub const DRANK: [i8; 8] = [1, 1, 0, -1, -1, -1, 0, 1];

/// Index change of each direction.
pub const DELTA: [i8; 8] = [9, 10, 1, -8, -9, -10, -1, 8];

/// Directions a man of each side may move and capture in: forward,
/// diagonally forward, sideways (zamma.md "Men"). Black moves north.
pub const MAN_DIRS: [[usize; 5]; 2] = [[N, NE, NW, E, W], [S, SE, SW, E, W]];

/// The point bit.
#[inline(always)]
pub const fn bit(p: u8) -> Bits {
    1u128 << p
}

/// Point index from file (0..9) and rank (0..9).
pub const fn point(file: usize, rank: usize) -> u8 {
    (rank * 9 + file) as u8
}

pub const fn file_of(p: u8) -> usize {
    p as usize % 9
}

pub const fn rank_of(p: u8) -> usize {
    p as usize / 9
}

/// A rank as a bitboard (rank 0 = rank 1 of the notation).
pub const fn rank_bits(rank: usize) -> Bits {
    0x1FFu128 << (rank * 9)
}

/// The far rank of each side (zamma.md "Promotion"): rank 9 for Black,
/// rank 1 for White.
pub const FAR_RANK: [Bits; 2] = [rank_bits(8), rank_bits(0)];

/// Each side's own back rank.
pub const BACK_RANK: [Bits; 2] = [rank_bits(0), rank_bits(8)];

/// Which lines the board has (`board=` option, zamma.md "Variant").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// Diagonals through the points with even file + rank (the default).
    Alquerque,
    /// Diagonals through every point.
    Full,
    /// No diagonals.
    Orthogonal,
}

impl BoardKind {
    pub const NAMES: &'static [&'static str] = &["alquerque", "full", "orthogonal"];

    pub fn from_name(name: &str) -> Option<BoardKind> {
        match name {
            "alquerque" => Some(BoardKind::Alquerque),
            "full" => Some(BoardKind::Full),
            "orthogonal" => Some(BoardKind::Orthogonal),
            _ => None,
        }
    }

    /// Whether diagonal lines pass through the point (file, rank).
    pub const fn has_diagonals(self, file: usize, rank: usize) -> bool {
        match self {
            BoardKind::Alquerque => (file + rank).is_multiple_of(2),
            BoardKind::Full => true,
            BoardKind::Orthogonal => false,
        }
    }

    pub fn topology(self) -> &'static Topology {
        match self {
            BoardKind::Alquerque => &ALQUERQUE,
            BoardKind::Full => &FULL,
            BoardKind::Orthogonal => &ORTHOGONAL,
        }
    }
}

/// The lines of one board kind.
#[derive(Debug)]
pub struct Topology {
    pub kind: BoardKind,
    /// `next[p][d]`: the point one step from `p` along a line in direction
    /// `d`, or [`NONE`].
    pub next: [[u8; 8]; POINTS],
    /// `from[d]`: the points that have a line step in direction `d`, so
    /// that [`shift`] of a subset never wraps around an edge.
    pub from: [Bits; 8],
}

const fn build(kind: BoardKind) -> Topology {
    let mut next = [[NONE; 8]; POINTS];
    let mut from = [0u128; 8];
    let mut p = 0;
    while p < POINTS {
        let file = p % 9;
        let rank = p / 9;
        let mut d = 0;
        while d < 8 {
            let f = file as i32 + DFILE[d] as i32;
            let r = rank as i32 + DRANK[d] as i32;
            let diagonal = DFILE[d] != 0 && DRANK[d] != 0;
            let on_board = f >= 0 && f < 9 && r >= 0 && r < 9;
            if on_board && (!diagonal || kind.has_diagonals(file, rank)) {
                next[p][d] = point(f as usize, r as usize);
                from[d] |= 1u128 << p;
            }
            d += 1;
        }
        p += 1;
    }
    Topology { kind, next, from }
}

pub static ALQUERQUE: Topology = build(BoardKind::Alquerque);
pub static FULL: Topology = build(BoardKind::Full);
pub static ORTHOGONAL: Topology = build(BoardKind::Orthogonal);

/// Moves every point of `bits` one step in direction `d`; callers mask
/// `bits` with `Topology::from[d]` first.
#[inline(always)]
pub fn shift(bits: Bits, d: usize) -> Bits {
    let delta = DELTA[d];
    if delta > 0 {
        (bits << delta as u32) & ALL
    } else {
        bits >> (-delta) as u32
    }
}

/// The point's name, e.g. `e5`.
pub fn point_name(p: u8) -> String {
    let file = (b'a' + file_of(p) as u8) as char;
    format!("{file}{}", rank_of(p) + 1)
}

/// Parses a point name (`a1`..`i9`).
pub fn parse_point(text: &str) -> Option<u8> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a') as usize;
    let rank = bytes[1].wrapping_sub(b'1') as usize;
    (file < 9 && rank < 9).then(|| point(file, rank))
}

/// Iterates over the points of a set, lowest first.
pub struct Points(pub Bits);

impl Iterator for Points {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let p = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alquerque_diagonals_only_on_even_points() {
        let t = &ALQUERQUE;
        let a1 = point(0, 0);
        let b1 = point(1, 0);
        let e5 = point(4, 4);
        assert_eq!(t.next[a1 as usize][NE], point(1, 1));
        assert_eq!(t.next[b1 as usize][NE], NONE);
        assert_eq!(t.next[b1 as usize][N], point(1, 1));
        assert_eq!(t.next[e5 as usize][SW], point(3, 3));
        // Edges: no wrap from i1 eastwards.
        assert_eq!(t.next[point(8, 0) as usize][E], NONE);
        assert_eq!(FULL.next[b1 as usize][NE], point(2, 1));
        assert_eq!(ORTHOGONAL.next[a1 as usize][NE], NONE);
    }

    #[test]
    fn shift_agrees_with_next() {
        for t in [&ALQUERQUE, &FULL, &ORTHOGONAL] {
            for d in 0..8 {
                for p in 0..POINTS as u8 {
                    let moved = shift(bit(p) & t.from[d], d);
                    let want = match t.next[p as usize][d] {
                        NONE => 0,
                        q => bit(q),
                    };
                    assert_eq!(moved, want, "{p} {d}");
                }
            }
        }
    }

    #[test]
    fn point_names_round_trip() {
        assert_eq!(point_name(0), "a1");
        assert_eq!(point_name(80), "i9");
        for p in 0..POINTS as u8 {
            assert_eq!(parse_point(&point_name(p)), Some(p));
        }
        assert_eq!(parse_point("j1"), None);
        assert_eq!(parse_point("a0"), None);
        assert_eq!(parse_point("a10"), None);
    }
}
