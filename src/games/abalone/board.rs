//! Board geometry (abalone.md, "Board and coordinates"): the 61 cells on a
//! padded 11 × 11 grid held in a `u128`, so that each of the six directions
//! is one constant shift.
//!
//! Cell (row r = 0..8 for a..i, diagonal d = 0..8 for 1..9) is bit
//! `(r + 1) * 11 + (d + 1)`. The ring of padding bits around the hexagon
//! means a marble's neighbour in any direction is always a bit of the grid
//! (on the board or not), never a wrapped-around cell of another row.

/// A set of cells.
pub type Bits = u128;

/// Width of the padded grid.
pub const STRIDE: i32 = 11;

/// The six directions as bit offsets, numbered so that the opposite of
/// direction `i` is `(i + 3) % 6` and directions 0..3 are the three axes.
/// 0: d+1, 1: r+1 d+1, 2: r+1, 3: d−1, 4: r−1 d−1, 5: r−1.
pub const DIRS: [i32; 6] = [1, 12, 11, -1, -12, -11];

/// Number of cells on the board.
pub const NUM_CELLS: usize = 61;

/// The bit of cell (r, d); the caller ensures both are in 0..9.
pub const fn bit_index(r: i32, d: i32) -> u32 {
    ((r + 1) * STRIDE + (d + 1)) as u32
}

/// Whether (r, d) is one of the 61 cells.
pub const fn on_board(r: i32, d: i32) -> bool {
    r >= 0 && r <= 8 && d >= 0 && d <= 8 && (r - d) <= 4 && (d - r) <= 4
}

/// Every cell of the board.
pub const BOARD: Bits = {
    let mut b: Bits = 0;
    let mut r = 0;
    while r < 9 {
        let mut d = 0;
        while d < 9 {
            if on_board(r, d) {
                b |= 1 << bit_index(r, d);
            }
            d += 1;
        }
        r += 1;
    }
    b
};

/// Cells on the outer ring (one step from the edge).
pub const EDGE: Bits = {
    let mut b: Bits = 0;
    let mut i: i32 = 0;
    while i < 128 {
        if BOARD & (1 << i) != 0 {
            let mut k = 0;
            while k < 6 {
                let n = i + DIRS[k];
                if n < 0 || n >= 128 || BOARD & (1 << n) == 0 {
                    b |= 1 << i;
                }
                k += 1;
            }
        }
        i += 1;
    }
    b
};

/// Cell index (0..61, row by row from a1) of each bit, 255 off the board:
/// a dense numbering for tables (history, Zobrist) and the eval.
pub const ORDINAL: [u8; 128] = {
    let mut t = [255u8; 128];
    let mut n = 0u8;
    let mut i = 0;
    while i < 128 {
        if BOARD & (1 << i) != 0 {
            t[i] = n;
            n += 1;
        }
        i += 1;
    }
    t
};

/// Row (0..9) of a bit on the board.
pub const fn row_of(bit: u32) -> i32 {
    bit as i32 / STRIDE - 1
}

/// Diagonal (0..9) of a bit on the board.
pub const fn diag_of(bit: u32) -> i32 {
    bit as i32 % STRIDE - 1
}

/// Hex distance from e5 (0 in the centre, 4 on the edge).
pub const CENTRE_DISTANCE: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        if BOARD & (1 << i) != 0 {
            let dr = row_of(i as u32) - 4;
            let dd = diag_of(i as u32) - 4;
            let x = if dr < 0 { -dr } else { dr };
            let y = if dd < 0 { -dd } else { dd };
            let z = if dr - dd < 0 { dd - dr } else { dr - dd };
            let m = if x > y { x } else { y };
            t[i] = if m > z { m } else { z } as u8;
        }
        i += 1;
    }
    t
};

/// The cells at hex distance ≥ k from e5, for k = 1..=4 (so that a sum of
/// distances is four popcounts instead of a walk over the cells).
pub const RINGS_FROM: [Bits; 4] = {
    let mut r = [0 as Bits; 4];
    let mut i = 0;
    while i < 128 {
        let mut k = 1;
        while k <= 4 {
            if BOARD & (1 << i) != 0 && CENTRE_DISTANCE[i] as i32 >= k {
                r[(k - 1) as usize] |= 1 << i;
            }
            k += 1;
        }
        i += 1;
    }
    r
};

/// Shifts every cell of `b` by `offset` bits (a direction or a multiple).
#[inline(always)]
pub const fn shift(b: Bits, offset: i32) -> Bits {
    if offset >= 0 {
        b << offset
    } else {
        b >> (-offset)
    }
}

/// The name of a cell, e.g. `e5`.
pub fn cell_name(bit: u32) -> String {
    let r = row_of(bit);
    let d = diag_of(bit);
    format!("{}{}", (b'a' + r as u8) as char, d + 1)
}

/// Parses a cell name at the start of `text` (`e5`, case-insensitive);
/// returns its bit and the rest of the text.
pub fn parse_cell(text: &str) -> Option<(u32, &str)> {
    let bytes = text.as_bytes();
    let row = bytes.first()?.to_ascii_lowercase();
    let digit = *bytes.get(1)?;
    if !(b'a'..=b'i').contains(&row) || !(b'1'..=b'9').contains(&digit) {
        return None;
    }
    let (r, d) = ((row - b'a') as i32, (digit - b'1') as i32);
    if !on_board(r, d) {
        return None;
    }
    Some((bit_index(r, d), &text[2..]))
}

/// The cells of `b`, lowest bit first.
pub fn cells(mut b: Bits) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let i = b.trailing_zeros();
            b &= b - 1;
            Some(i)
        }
    })
}

/// The direction index of a one-step offset, if it is one.
pub fn dir_index(offset: i32) -> Option<usize> {
    DIRS.iter().position(|&d| d == offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_has_61_cells_and_a_ring_of_24() {
        assert_eq!(BOARD.count_ones(), 61);
        assert_eq!(EDGE.count_ones(), 24);
        assert_eq!(CENTRE_DISTANCE[bit_index(4, 4) as usize], 0);
        assert_eq!(CENTRE_DISTANCE[bit_index(0, 0) as usize], 4);
        assert_eq!(CENTRE_DISTANCE[bit_index(0, 4) as usize], 4);
        assert_eq!(CENTRE_DISTANCE[bit_index(2, 4) as usize], 2);
    }

    #[test]
    fn b2_neighbours_match_the_source() {
        // abalone.md: b2 neighbours a1, a2, b3, c3, c2, b1.
        let (b2, _) = parse_cell("b2").unwrap();
        let mut names: Vec<String> = DIRS
            .iter()
            .map(|&o| cell_name((b2 as i32 + o) as u32))
            .collect();
        names.sort();
        assert_eq!(names, ["a1", "a2", "b1", "b3", "c2", "c3"]);
    }

    #[test]
    fn cell_names_round_trip_and_reject_off_board() {
        for b in cells(BOARD) {
            let name = cell_name(b);
            assert_eq!(parse_cell(&name).map(|p| p.0), Some(b));
        }
        assert!(parse_cell("a6").is_none());
        assert!(parse_cell("i4").is_none());
        assert!(parse_cell("j1").is_none());
        assert_eq!(parse_cell("E5x").map(|p| p.1), Some("x"));
    }
}
