//! The one-line position string, and the board picture (`d`) that ends
//! with it:
//!
//! `<board> <side> <roll> <reluctance> <nocapture> <ply> <result>`
//!
//! - board: ranks 8 down to 1 separated by `/`, files a..l within a rank;
//!   `P O B` White Peltast/Hoplite/Basileus, `p o b` Black, a number for a
//!   run of empty squares (1..12);
//! - side: `w` or `b`;
//! - roll: `-` in Petteia; in Kubeia `?` (roll pending) or the current roll,
//!   higher die first (`63`);
//! - reluctance: White's and Black's consecutive counted passive moves,
//!   `0,0`;
//! - nocapture: plies since the last capture; ply: plies played;
//! - result: `*` while the game goes on, else `1-0`, `0-1` or `1/2-1/2`,
//!   a colon and the reason (`0-1:reluctance`).
//!
//! A game in progress needs one Basileus per side, counters below their
//! limits; if the side to move cannot move, the position is a siege loss
//! for it (petteia.md "Siege": a player who must move and cannot loses).

use super::board::{bit, Board, BASILEUS, COLS, HOPLITE, KINDS, PELTAST, RANK_1, RANK_8, ROWS};
use super::movegen::has_move;
use super::notation::square_name;
use super::state::{PetteiaGame, Reason, State};
use crate::game::{GameError, Outcome};

const LETTERS: [[char; KINDS]; 2] = [['P', 'O', 'B'], ['p', 'o', 'b']];

pub fn board_field(board: &Board) -> String {
    let mut s = String::new();
    for row in (0..ROWS).rev() {
        let mut run = 0;
        for col in 0..COLS {
            match board.piece_at(row * COLS + col) {
                Some((side, kind)) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(LETTERS[side][kind]);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        if row > 0 {
            s.push('/');
        }
    }
    s
}

pub fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(0) => "1-0",
        Outcome::Win(_) => "0-1",
        Outcome::Draw | Outcome::Ranked(_) => "1/2-1/2",
    }
}

pub fn write(st: &State) -> String {
    let roll = if !st.dice {
        "-".to_string()
    } else {
        match st.roll {
            None => "?".to_string(),
            Some((hi, lo)) => format!("{hi}{lo}"),
        }
    };
    let result = match st.result {
        None => "*".to_string(),
        Some((o, r)) => format!("{}:{}", result_text(o), r.name()),
    };
    format!(
        "{} {} {} {},{} {} {} {}",
        board_field(&st.board),
        if st.side == 0 { 'w' } else { 'b' },
        roll,
        st.reluctance[0],
        st.reluctance[1],
        st.nocapture,
        st.ply,
        result
    )
}

fn parse_board(text: &str) -> Result<Board, GameError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != ROWS {
        return Err(GameError::new(format!(
            "board '{text}' needs 8 ranks separated by '/', found {}",
            ranks.len()
        )));
    }
    let mut board = Board::default();
    for (i, rank) in ranks.iter().enumerate() {
        let row = ROWS - 1 - i;
        let mut col = 0usize;
        let mut digits = String::new();
        let flush = |digits: &mut String, col: &mut usize| -> Result<(), GameError> {
            if !digits.is_empty() {
                let n: usize = digits.parse().map_err(|_| {
                    GameError::new(format!("bad run '{digits}' in rank {}", row + 1))
                })?;
                if n == 0 {
                    return Err(GameError::new(format!(
                        "empty run of 0 in rank {}",
                        row + 1
                    )));
                }
                // `col` is at most COLS: a run past it is refused before
                // the sum can overflow.
                if n > COLS - *col {
                    return Err(GameError::new(format!(
                        "rank {} has more than 12 squares",
                        row + 1
                    )));
                }
                *col += n;
                digits.clear();
            }
            Ok(())
        };
        for c in rank.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            flush(&mut digits, &mut col)?;
            let (side, kind) = LETTERS
                .iter()
                .enumerate()
                .find_map(|(s, l)| l.iter().position(|&x| x == c).map(|k| (s, k)))
                .ok_or_else(|| {
                    GameError::new(format!(
                        "unknown piece '{c}' in rank {} (use P O B / p o b or digits)",
                        row + 1
                    ))
                })?;
            if col >= COLS {
                return Err(GameError::new(format!(
                    "rank {} has more than 12 squares",
                    row + 1
                )));
            }
            board.bb[side][kind] |= bit(row * COLS + col);
            col += 1;
        }
        flush(&mut digits, &mut col)?;
        if col != COLS {
            return Err(GameError::new(format!(
                "rank {} has {col} squares, expected 12",
                row + 1
            )));
        }
    }
    Ok(board)
}

fn parse_result(text: &str) -> Result<Option<(Outcome, Reason)>, GameError> {
    if text == "*" {
        return Ok(None);
    }
    let bad = || {
        GameError::new(format!(
            "bad result '{text}' (expected * or e.g. 1-0:siege, 1/2-1/2:equality)"
        ))
    };
    let (score, reason) = text.split_once(':').ok_or_else(bad)?;
    let outcome = match score {
        "1-0" => Outcome::Win(0),
        "0-1" => Outcome::Win(1),
        "1/2-1/2" => Outcome::Draw,
        _ => return Err(bad()),
    };
    let reason = Reason::from_name(reason).ok_or_else(bad)?;
    Ok(Some((outcome, reason)))
}

fn parse_number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, GameError> {
    text.parse().map_err(|_| {
        GameError::new(format!(
            "bad {what} '{text}' (expected a non-negative integer)"
        ))
    })
}

/// Parses a position string into a state (hash not yet set).
pub fn read(text: &str, dice: bool, nocapture_limit: u32) -> Result<State, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 7 {
        return Err(GameError::new(format!(
            "position needs 7 fields (board side roll reluctance nocapture ply result), found {}",
            fields.len()
        )));
    }
    let board = parse_board(fields[0])?;
    let side = match fields[1] {
        "w" => 0,
        "b" => 1,
        s => return Err(GameError::new(format!("bad side '{s}' (expected w or b)"))),
    };
    let roll = match (dice, fields[2]) {
        (false, "-") => None,
        (false, r) => {
            return Err(GameError::new(format!(
                "Petteia has no dice: roll field must be '-', not '{r}'"
            )))
        }
        (true, "?") => None,
        (true, r) => {
            let b = r.as_bytes();
            let ok = b.len() == 2 && b.iter().all(|d| (b'1'..=b'6').contains(d)) && b[0] >= b[1];
            if !ok {
                return Err(GameError::new(format!(
                    "bad roll '{r}' (expected ? or two dice 1..6, higher first, e.g. 63)"
                )));
            }
            Some((b[0] - b'0', b[1] - b'0'))
        }
    };
    let (rw, rb) = fields[3].split_once(',').ok_or_else(|| {
        GameError::new(format!(
            "bad reluctance '{}' (expected e.g. 0,1)",
            fields[3]
        ))
    })?;
    let reluctance = [
        parse_number::<u8>("reluctance count", rw)?,
        parse_number::<u8>("reluctance count", rb)?,
    ];
    let nocapture: u32 = parse_number("no-capture count", fields[4])?;
    let ply: u32 = parse_number("ply", fields[5])?;
    let result = parse_result(fields[6])?;
    let mut st = State {
        board,
        side,
        dice,
        roll,
        reluctance,
        nocapture,
        ply,
        result,
        nocapture_limit,
        hash: 0,
    };
    // petteia.md: each side starts with 12 Peltasts, 12 Hoplites and one
    // Basileus, and no piece changes kind, so no count can grow.
    for s in 0..2 {
        for (kind, start, name) in [
            (PELTAST, 12, "Peltasts"),
            (HOPLITE, 12, "Hoplites"),
            (BASILEUS, 1, "Basileus"),
        ] {
            let n = st.board.count(s, kind);
            if n > start {
                return Err(GameError::new(format!(
                    "board: {} has {n} {name}, more than the {start} it starts with",
                    ["White", "Black"][s]
                )));
            }
        }
    }
    if st.result.is_none() {
        for s in 0..2 {
            if st.board.count(s, BASILEUS) != 1 {
                return Err(GameError::new(format!(
                    "{} has {} Basileus; a game in progress needs exactly one per side",
                    ["White", "Black"][s],
                    st.board.count(s, BASILEUS)
                )));
            }
            let far = if s == 0 { RANK_8 } else { RANK_1 };
            if st.board.bb[s][BASILEUS] & far != 0 {
                return Err(GameError::new(format!(
                    "{}'s Basileus stands on its far row: the game would be over by breakthrough",
                    ["White", "Black"][s]
                )));
            }
            if st.reluctance[s] > 2 {
                return Err(GameError::new(
                    "a reluctance count of 3 ends the game: use 0..2 or give the result",
                ));
            }
        }
        if st.nocapture >= nocapture_limit {
            return Err(GameError::new(format!(
                "no-capture count {} reaches the limit {nocapture_limit}: the game would be over",
                st.nocapture
            )));
        }
        if !has_move(&st.board, side) {
            st.result = Some((Outcome::Win(1 - side as u8), Reason::Siege));
        }
    } else if st.reluctance.iter().any(|&r| r > 3) {
        return Err(GameError::new("reluctance counts are at most 3"));
    }
    Ok(st)
}

impl<const DICE: bool> PetteiaGame<DICE> {
    /// Picture of the board with the given column letters.
    pub fn board_text_in(&self, greek: bool) -> String {
        let mut s = String::new();
        for row in (0..ROWS).rev() {
            s.push_str(&format!("{} ", row + 1));
            for col in 0..COLS {
                let c = match self.state.board.piece_at(row * COLS + col) {
                    Some((side, kind)) => [['P', 'O', 'B'], ['p', 'o', 'b']][side][kind],
                    None => '.',
                };
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s.push_str("  ");
        for col in 0..COLS {
            s.push(' ');
            let name = square_name(col, greek);
            s.push_str(&name[..name.len() - 1]);
        }
        s.push('\n');
        s.push_str(&write(&self.state));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// fuzz/artifacts/position/crash-c1fedbfb…: a run of empty squares
    /// as long as `usize::MAX` overflowed the column count.
    #[test]
    fn a_run_past_the_rank_is_an_error_not_an_overflow() {
        let text = "12/12/12/12/12/12/12/P18446744073709551615 w - 0,0 0 0 *";
        let e = read(text, false, 100).expect_err("no such rank");
        assert!(e.to_string().contains("more than 12 squares"), "{e}");
        let e = read("12/12/12/12/12/12/12/99 w - 0,0 0 0 *", false, 100).expect_err("99");
        assert!(e.to_string().contains("more than 12 squares"), "{e}");
        if let Err(e) = read("12/12/12/12/12/12/12/6PPPPPP w - 0,0 0 0 *", false, 100) {
            assert!(!e.to_string().contains("squares"), "a full rank: {e}");
        }
    }
}
