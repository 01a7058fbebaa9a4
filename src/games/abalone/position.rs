//! The position string (the APGN `Position` form, shared/data/README.md):
//!
//! `<row i>/<row h>/…/<row a>[-<n>b<m>w] <side>[ <ply>]`
//!
//! - rows from i (top) down to a, each from its lowest diagonal to its
//!   highest (row i: i5..i9, row a: a1..a5);
//! - `b` Black marble, `w` White marble, `p` the princess (only with
//!   `princess=on`), a digit 1-9 for a run of empty cells (two digits in a
//!   row are an error: write one run);
//! - `-<n>b<m>w`: n Black and m White marbles already ejected, written only
//!   when n + m > 0 (accepted with zeros);
//! - side to move `b` or `w`; the ply count (plies played so far) written
//!   only when > 0.
//!
//! Example, the standard start: `wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b`.
//!
//! With `princess=on` and no `p` on the board the princess has been
//! ejected, by the side that just moved, which has therefore won.

use super::board::{bit_index, cells, Bits};
use super::options::Rules;
use super::{Abalone, MARBLES_PER_SIDE, MARBLES_TO_WIN};
use crate::game::GameError;

/// Diagonals (0-based) of row `r`: `lo..=hi`.
fn row_span(r: i32) -> (i32, i32) {
    ((r - 4).max(0), (r + 4).min(8))
}

const ROW_NAMES: &[u8] = b"abcdefghi";

/// Reads the nine rows of a position string (row i first, each from its
/// lowest diagonal; a digit 1-9 is a run of empty cells): a character
/// that `is_piece` accepts is handed to `place` with its cell. `hint`
/// says which letters to use (`use b, w, p`). The error is the message
/// alone, for the caller to wrap. Every player count's strings share it.
pub(super) fn parse_rows(
    rows_text: &str,
    hint: &str,
    is_piece: impl Fn(char) -> bool,
    mut place: impl FnMut(char, Bits) -> Result<(), String>,
) -> Result<(), String> {
    let rows: Vec<&str> = rows_text.split('/').collect();
    if rows.len() != 9 {
        return Err(format!(
            "expected 9 rows (i down to a) separated by '/', found {}",
            rows.len()
        ));
    }
    for (k, row) in rows.iter().enumerate() {
        let r = 8 - k as i32;
        let name = ROW_NAMES[r as usize] as char;
        let (lo, hi) = row_span(r);
        let len = hi - lo + 1;
        let mut d = lo;
        let mut last_digit = false;
        for ch in row.chars() {
            let is_digit = ch.is_ascii_digit();
            if is_digit && last_digit {
                return Err(format!(
                    "row {name}: two digits in a row (write one run of empty cells)"
                ));
            }
            last_digit = is_digit;
            let run = match ch {
                '1'..='9' => ch as i32 - '0' as i32,
                _ if is_piece(ch) => 1,
                _ => {
                    return Err(format!(
                        "row {name}: unexpected '{ch}' ({hint} or a digit 1-9)"
                    ))
                }
            };
            if d + run > hi + 1 {
                return Err(format!("row {name} has more than {len} cells"));
            }
            if !is_digit {
                place(ch, 1 << bit_index(r, d))?;
            }
            d += run;
        }
        if d != hi + 1 {
            return Err(format!("row {name} has {} cells, expected {len}", d - lo));
        }
    }
    Ok(())
}

/// The rows of a position string, with `piece_at(r, d)` the letter on
/// each cell (`None`: empty).
pub(super) fn write_rows(piece_at: impl Fn(i32, i32) -> Option<char>) -> String {
    let mut s = String::with_capacity(72);
    for r in (0..9).rev() {
        let (lo, hi) = row_span(r);
        let mut run = 0;
        for d in lo..=hi {
            match piece_at(r, d) {
                Some(c) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
}

/// The board drawn for humans, row i on top, with the coordinates.
pub(super) fn board_picture(piece_at: impl Fn(i32, i32) -> Option<char>) -> String {
    let mut s = String::new();
    for r in (0..9).rev() {
        let (lo, hi) = row_span(r);
        s.push_str(&" ".repeat((r - 4).unsigned_abs() as usize));
        s.push(ROW_NAMES[r as usize].to_ascii_uppercase() as char);
        for d in lo..=hi {
            s.push(' ');
            s.push(piece_at(r, d).unwrap_or('.'));
        }
        if r < 4 {
            s.push_str(&format!(" {}", hi + 2));
        }
        s.push('\n');
    }
    s.push_str("       1 2 3 4 5\n");
    s
}

/// Parses a position string for the given rules.
pub fn parse(text: &str, rules: &'static Rules) -> Result<Abalone, GameError> {
    let err = |msg: String| GameError::new(format!("bad position '{text}': {msg}"));
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 3 {
        return Err(err(
            "expected '<rows>[-<n>b<m>w] <side>[ <ply>]' (e.g. '…/bbbbb b')".into(),
        ));
    }
    let (rows_text, ejected_text) = match fields[0].split_once('-') {
        Some((rows, ej)) => (rows, Some(ej)),
        None => (fields[0], None),
    };
    let mut marbles: [Bits; 2] = [0, 0];
    let mut princess: Bits = 0;
    parse_rows(
        rows_text,
        "use b, w, p",
        |ch| matches!(ch, 'b' | 'w' | 'p'),
        |ch, bit| {
            match ch {
                'b' => marbles[0] |= bit,
                'w' => marbles[1] |= bit,
                _ => {
                    if !rules.princess {
                        return Err("'p' (the princess) needs the option princess=on".into());
                    }
                    if princess != 0 {
                        return Err("more than one princess".into());
                    }
                    princess = bit;
                }
            }
            Ok(())
        },
    )
    .map_err(err)?;
    let ejected = match ejected_text {
        None => [0, 0],
        Some(t) => parse_ejected(t).ok_or_else(|| {
            err(format!(
                "ejected counts '-{t}' should read -<n>b<m>w (e.g. -2b1w)"
            ))
        })?,
    };
    // abalone.md: every layout has 14 marbles a side, a marble leaves the
    // board only by ejection and the sixth ejection ends the game, so a
    // side has at least 8 on the board in any game. Composed problems
    // with fewer (the test suites use them) are accepted; more than 14,
    // more than 6 ejected or none on the board can be no game's.
    for (c, name) in [(0usize, "Black"), (1, "White")] {
        let on_board = marbles[c].count_ones();
        if on_board + ejected[c] > MARBLES_PER_SIDE {
            return Err(err(format!(
                "{name} has {on_board} marbles on the board and {} ejected: more than {MARBLES_PER_SIDE}",
                ejected[c]
            )));
        }
        if ejected[c] > u32::from(MARBLES_TO_WIN) {
            return Err(err(format!(
                "ejected counts: {} {name} marbles ejected, but the game ends at the {MARBLES_TO_WIN}th",
                ejected[c]
            )));
        }
        if on_board == 0 {
            return Err(err(format!(
                "rows: {name} has no marble on the board (the game ends with 8 still there)"
            )));
        }
    }
    let side = match fields[1] {
        "b" => 0u8,
        "w" => 1u8,
        s => return Err(err(format!("side to move '{s}' should be b or w"))),
    };
    let ply = match fields.get(2) {
        None => 0,
        Some(p) => p
            .parse::<u32>()
            .map_err(|_| err(format!("ply count '{p}' is not a non-negative integer")))?,
    };
    let mut winners = Vec::new();
    for (c, &n) in ejected.iter().enumerate() {
        if n >= MARBLES_TO_WIN as u32 {
            winners.push(c as u8 ^ 1);
        }
    }
    if rules.princess && princess == 0 {
        winners.push(side ^ 1);
    }
    if winners.len() > 1 {
        return Err(err(
            "more than one side has already won (six ejected or the princess gone)".into(),
        ));
    }
    let mut pos = Abalone {
        marbles,
        princess,
        hash: 0,
        ply,
        ejected: [ejected[0] as u8, ejected[1] as u8],
        side,
        winner: winners.first().map_or(0, |w| w + 1),
        rules,
    };
    pos.hash = pos.compute_hash();
    Ok(pos)
}

/// `<n>b<m>w` with each count at most 14.
fn parse_ejected(t: &str) -> Option<[u32; 2]> {
    let (n, rest) = t.split_once('b')?;
    let m = rest.strip_suffix('w')?;
    let count = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse::<u32>().ok().filter(|&v| v <= MARBLES_PER_SIDE)
    };
    Some([count(n)?, count(m)?])
}

/// The character of cell (r, d): `b`, `w`, `p` or `None` when empty.
fn piece_at(pos: &Abalone, r: i32, d: i32) -> Option<char> {
    let bit: Bits = 1 << bit_index(r, d);
    if pos.marbles[0] & bit != 0 {
        Some('b')
    } else if pos.marbles[1] & bit != 0 {
        Some('w')
    } else if pos.princess & bit != 0 {
        Some('p')
    } else {
        None
    }
}

/// Writes the position string.
pub fn write(pos: &Abalone) -> String {
    let mut s = write_rows(|r, d| piece_at(pos, r, d));
    if pos.ejected[0] + pos.ejected[1] > 0 {
        s.push_str(&format!("-{}b{}w", pos.ejected[0], pos.ejected[1]));
    }
    s.push(' ');
    s.push(if pos.side == 0 { 'b' } else { 'w' });
    if pos.ply > 0 {
        s.push_str(&format!(" {}", pos.ply));
    }
    s
}

/// A picture of the board, row i on top, with the side to move and the
/// ejected counts.
pub fn board_text(pos: &Abalone) -> String {
    let mut s = board_picture(|r, d| piece_at(pos, r, d));
    s.push_str(&format!(
        "{} to move, ply {}; ejected: {} black, {} white{}\n",
        if pos.side == 0 { "Black" } else { "White" },
        pos.ply,
        pos.ejected[0],
        pos.ejected[1],
        if cells(pos.princess).count() > 0 {
            "; princess on the board"
        } else {
            ""
        }
    ));
    s
}
