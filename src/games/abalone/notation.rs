//! Move notation (abalone.md, "Notation").
//!
//! Written (Aba-Pro, canonical): an in-line move, a single marble's step
//! included, is the trailing marble and the cell it steps to (`a1b2`); a
//! broadside move is its two end marbles, lower end first (lower row, then
//! lower diagonal), then the lower end's destination (`f4h4e3`).
//!
//! Read, case-insensitively, with optional `-` or spaces between cells:
//! - Aba-Pro, with the broadside ends in either order (the destination is
//!   then the first written end's);
//! - Nacre: an in-line move is the trailing marble and the head's
//!   destination (`a1c3` for two marbles a1 b2); a broadside move is one
//!   end marble and the *other* end's destination (jeux-abstraits.fr's
//!   account of MLA's notations: Aba-Pro `c3c5d4` is Nacre `c3d6`).
//!
//! A two-cell text of adjacent cells is read as Aba-Pro (a single step or
//! an in-line move), the form every MiGs record uses; only when no legal
//! move matches that reading is it tried as Nacre (so a 2-marble Nacre
//! broadside whose text is two adjacent cells reads as the single step
//! when that is legal). A text that fits two legal Nacre broadsides is an
//! error naming both: `c5d7` is c5 c6 → d6 d7 and also c5 c6 c7 → d5 d6 d7.

use super::board::{cell_name, parse_cell, DIRS};
use super::state::Move;
use super::Abalone;
use crate::game::{Game, GameError};

/// The canonical (Aba-Pro) text of a move.
pub fn write(m: Move) -> String {
    let d = DIRS[m.dir()];
    let tail = m.tail();
    let to = cell_name((tail as i32 + d) as u32);
    if m.is_broadside() {
        format!("{}{}{}", cell_name(tail), cell_name(m.head()), to)
    } else {
        format!("{}{}", cell_name(tail), to)
    }
}

/// The Nacre text of a move (for tests and other programs).
pub fn write_nacre(m: Move) -> String {
    let d = DIRS[m.dir()];
    let to = (m.head() as i32 + d) as u32;
    format!("{}{}", cell_name(m.tail()), cell_name(to))
}

/// Parses a move legal in `pos`.
pub fn parse(pos: &Abalone, text: &str) -> Result<Move, GameError> {
    let mut legal = Vec::new();
    pos.moves(&mut legal);
    let mover = if pos.side == 0 { "Black" } else { "White" };
    parse_among(&legal, text, mover)
}

/// Parses the move of `legal` (the moves of `mover`, by colour name) that
/// `text` names.
pub fn parse_among(legal: &[Move], text: &str, mover: &str) -> Result<Move, GameError> {
    let cells = split_cells(text)?;
    let pick = |matches: Vec<Move>| -> Result<Option<Move>, GameError> {
        match matches.as_slice() {
            [] => Ok(None),
            [m] => Ok(Some(*m)),
            [a, b, ..] => Err(GameError::new(format!(
                "move '{text}' is ambiguous: {} or {} (write it in Aba-Pro notation)",
                write(*a),
                write(*b)
            ))),
        }
    };
    let found = match cells.as_slice() {
        [from, to] => {
            let step = *to as i32 - *from as i32;
            let abapro: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| !m.is_broadside() && m.tail() == *from && DIRS[m.dir()] == step)
                .collect();
            match pick(abapro)? {
                Some(m) => Some(m),
                None => pick(
                    legal
                        .iter()
                        .copied()
                        .filter(|m| nacre_matches(*m, *from, *to))
                        .collect(),
                )?,
            }
        }
        [a, b, to] => pick(
            legal
                .iter()
                .copied()
                .filter(|m| {
                    let (lo, hi) = (m.tail(), m.head());
                    let d = DIRS[m.dir()];
                    m.is_broadside()
                        && ((lo == *a && hi == *b) || (lo == *b && hi == *a))
                        && *a as i32 + d == *to as i32
                })
                .collect(),
        )?,
        _ => None,
    };
    found.ok_or_else(|| {
        GameError::new(format!(
            "illegal move '{text}' for {mover} in this position"
        ))
    })
}

/// Whether Nacre text `from to` names `m`: in-line, tail and the head's
/// destination; broadside, one end and the other end's destination.
fn nacre_matches(m: Move, from: u32, to: u32) -> bool {
    let d = DIRS[m.dir()];
    let (tail, head) = (m.tail(), m.head());
    if m.is_broadside() {
        (tail == from && head as i32 + d == to as i32)
            || (head == from && tail as i32 + d == to as i32)
    } else {
        tail == from && head as i32 + d == to as i32
    }
}

/// The cells of a move text: two or three cell names.
fn split_cells(text: &str) -> Result<Vec<u32>, GameError> {
    let bad = || {
        GameError::new(format!(
            "cannot read move '{text}': expected cells like a1b2 (in-line) or f4h4e3 (broadside)"
        ))
    };
    let mut rest = text.trim();
    let mut cells = Vec::new();
    while !rest.is_empty() {
        rest = rest.trim_start_matches(|c: char| c == '-' || c.is_whitespace());
        if rest.is_empty() {
            break;
        }
        let (cell, tail) = parse_cell(rest).ok_or_else(bad)?;
        cells.push(cell);
        rest = tail;
    }
    if !(2..=3).contains(&cells.len()) {
        return Err(bad());
    }
    Ok(cells)
}
