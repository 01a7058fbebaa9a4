//! Move notation (petteia.md "Transcription"): `e3-e5xd5xe6` — from-to, then
//! each captured square (ascending square order); a Kubeia roll is `r65`
//! (higher die first) and a pass `pass`. Columns a..l, or the Greek letters
//! Α Β Γ Δ Ε Ζ Η Θ Ι Κ Λ Μ when asked for. A move's text and its parse
//! are judged on the position (the captures a step makes).

use super::board::{col_of, row_of, squares, Bb, COLS, ROWS};
use super::state::{Move, MoveKind, PetteiaGame};
use crate::game::GameError;

/// The twelve Greek column letters (Unicode capitals).
pub const GREEK: [char; COLS] = ['Α', 'Β', 'Γ', 'Δ', 'Ε', 'Ζ', 'Η', 'Θ', 'Ι', 'Κ', 'Λ', 'Μ'];
/// Latin capitals that look like the Greek letter of the same column
/// (how the source and OCR write them), `None` where none does.
const GREEK_LOOKALIKE: [Option<char>; COLS] = [
    Some('A'),
    Some('B'),
    None,
    None,
    Some('E'),
    Some('Z'),
    Some('H'),
    None,
    Some('I'),
    Some('K'),
    None,
    Some('M'),
];

pub fn square_name(sq: usize, greek: bool) -> String {
    let col = col_of(sq);
    let letter = if greek {
        GREEK[col]
    } else {
        (b'a' + col as u8) as char
    };
    format!("{letter}{}", row_of(sq) + 1)
}

fn column_of(c: char, greek: bool) -> Option<usize> {
    if greek {
        GREEK.iter().position(|&g| g == c).or_else(|| {
            GREEK_LOOKALIKE
                .iter()
                .position(|&g| g == Some(c.to_ascii_uppercase()))
        })
    } else {
        let l = c.to_ascii_lowercase();
        ('a'..='l').contains(&l).then(|| (l as u8 - b'a') as usize)
    }
}

/// Parses one square (`e5`, or `Ε5`/`E5` with Greek columns).
pub fn parse_square(text: &str, greek: bool) -> Result<usize, GameError> {
    let mut chars = text.chars();
    let bad = || {
        GameError::new(format!(
            "bad square '{text}' (expected a column {} and a row 1..8)",
            if greek { "Α..Μ" } else { "a..l" }
        ))
    };
    let col = chars
        .next()
        .and_then(|c| column_of(c, greek))
        .ok_or_else(bad)?;
    let row: usize = chars.as_str().parse().map_err(|_| bad())?;
    if !(1..=ROWS).contains(&row) {
        return Err(bad());
    }
    Ok((row - 1) * COLS + col)
}

/// `from-to` followed by `x<square>` per captured piece.
pub fn step_text(from: usize, to: usize, taken: Bb, greek: bool) -> String {
    let mut s = format!("{}-{}", square_name(from, greek), square_name(to, greek));
    for sq in squares(taken) {
        s.push('x');
        s.push_str(&square_name(sq, greek));
    }
    s
}

/// A parsed step: from, to and the captured squares if any were written.
#[derive(Debug, PartialEq, Eq)]
pub struct StepText {
    pub from: usize,
    pub to: usize,
    pub taken: Option<Bb>,
}

/// Parses `from-to[xsq...]` (an `x` or `X`, spaces around it allowed).
pub fn parse_step(text: &str, greek: bool) -> Result<StepText, GameError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (from, rest) = compact.split_once('-').ok_or_else(|| {
        GameError::new(format!("bad move '{text}' (expected from-to, e.g. a2-a4)"))
    })?;
    let mut parts = rest.split(['x', 'X']);
    let to = parts.next().unwrap_or("");
    let from = parse_square(from, greek)?;
    let to = parse_square(to, greek)?;
    let mut taken = None;
    for p in parts {
        let sq = parse_square(p, greek)?;
        *taken.get_or_insert(0) |= 1u128 << sq;
    }
    Ok(StepText { from, to, taken })
}

/// The roll token `r65`.
pub fn roll_text(hi: u8, lo: u8) -> String {
    format!("r{hi}{lo}")
}

/// Parses `r65`, `r56` or `65` into (higher, lower).
pub fn parse_roll(text: &str) -> Option<(u8, u8)> {
    let t = text.strip_prefix('r').unwrap_or(text);
    let d: Vec<u8> = t.bytes().collect();
    if d.len() != 2 || !d.iter().all(|b| (b'1'..=b'6').contains(b)) {
        return None;
    }
    let (a, b) = (d[0] - b'0', d[1] - b'0');
    Some((a.max(b), a.min(b)))
}

impl<const DICE: bool> PetteiaGame<DICE> {
    /// Move text with ASCII or Greek columns.
    pub fn move_text_in(&self, m: Move, greek: bool) -> String {
        match m.kind() {
            MoveKind::Step { from, to } => step_text(from, to, self.captures_of(from, to), greek),
            MoveKind::Roll { hi, lo } => roll_text(hi, lo),
            MoveKind::Pass => "pass".to_string(),
        }
    }

    /// Parses a move legal here, with ASCII or Greek columns.
    pub fn parse_move_in(&self, text: &str, greek: bool) -> Result<Move, GameError> {
        let t = text.trim();
        if self.state.is_chance() {
            return match parse_roll(t) {
                Some((hi, lo)) => Ok(Move::roll(hi, lo)),
                None => Err(GameError::new(format!(
                    "a roll is pending: expected a roll like r63, not '{t}'"
                ))),
            };
        }
        if self.state.result.is_some() {
            return Err(GameError::new(format!(
                "the game is over; '{t}' cannot be played"
            )));
        }
        let mut legal = Vec::new();
        self.state.moves(&mut legal);
        if t.eq_ignore_ascii_case("pass") {
            return if legal.contains(&Move::PASS) {
                Ok(Move::PASS)
            } else {
                Err(GameError::new(
                    "pass is only legal when the roll allows no move",
                ))
            };
        }
        let step = parse_step(t, greek)?;
        let m = Move::step(step.from, step.to);
        if !legal.contains(&m) {
            return Err(GameError::new(format!(
                "illegal move '{t}' in this position"
            )));
        }
        if let Some(taken) = step.taken {
            if taken != self.captures_of(step.from, step.to) {
                return Err(GameError::new(format!(
                    "'{t}' names the wrong captures: it plays as {}",
                    self.move_text_in(m, greek)
                )));
            }
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_in_both_alphabets() {
        assert_eq!(parse_square("a1", false), Ok(0));
        assert_eq!(parse_square("l8", false), Ok(95));
        assert_eq!(square_name(5 * 12 + 7, true), "Θ6");
        // H is Greek Eta: column g, not h.
        assert_eq!(parse_square("H6", true), Ok(5 * 12 + 6));
        assert_eq!(parse_square("H6", false), Ok(5 * 12 + 7));
        assert!(parse_square("m1", false).is_err());
        assert!(parse_square("a9", false).is_err());
        assert!(parse_square("", false).is_err());
        assert!(parse_square("Γ", true).is_err());
    }

    #[test]
    fn steps_parse_with_captures() {
        let s = parse_step("e3-e5xd5xe6", false).unwrap();
        assert_eq!((s.from, s.to), (2 * 12 + 4, 4 * 12 + 4));
        assert_eq!(
            s.taken,
            Some((1u128 << (4 * 12 + 3)) | (1u128 << (5 * 12 + 4)))
        );
        assert_eq!(
            step_text(s.from, s.to, s.taken.unwrap(), true),
            "Ε3-Ε5xΔ5xΕ6"
        );
        assert_eq!(parse_step("a2-a4", false).unwrap().taken, None);
        assert!(parse_step("a2a4", false).is_err());
        assert_eq!(parse_roll("r56"), Some((6, 5)));
        assert_eq!(parse_roll("r70"), None);
    }
}
