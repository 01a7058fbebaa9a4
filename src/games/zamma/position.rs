//! The position string (documented in the module docs of [`super`]):
//! `board side quiet ply`, e.g. the start
//! `wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/bbbb1wwww/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb b 0 0`.

use super::board::{bit, point, Bits, FAR_RANK};
use super::{Zamma, MAX_PIECES};
use crate::game::GameError;

/// The start position (zamma.md "Pieces and start").
pub const START: &str =
    "wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/bbbb1wwww/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb b 0 0";

/// The contents of a position string.
pub struct Parsed {
    pub men: [Bits; 2],
    pub mullahs: [Bits; 2],
    pub side: u8,
    pub quiet: u32,
    pub ply: u32,
}

/// Parses and validates a position string.
pub fn parse(text: &str) -> Result<Parsed, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, side, quiet, ply] = fields[..] else {
        return Err(GameError::new(format!(
            "a zamma position has 4 fields (board side quiet-plies ply), found {}",
            fields.len()
        )));
    };
    let (men, mullahs) = parse_board(board)?;
    let side = match side {
        "b" => 0,
        "w" => 1,
        _ => {
            return Err(GameError::new(format!(
                "side to move must be 'b' or 'w', not '{side}'"
            )))
        }
    };
    let number = |what: &str, t: &str| {
        t.parse::<u32>().map_err(|_| {
            GameError::new(format!("{what} must be a non-negative integer, not '{t}'"))
        })
    };
    let quiet = number("quiet-ply count", quiet)?;
    let ply = number("ply count", ply)?;
    Ok(Parsed {
        men,
        mullahs,
        side,
        quiet,
        ply,
    })
}

fn parse_board(board: &str) -> Result<([Bits; 2], [Bits; 2]), GameError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(GameError::new(format!(
            "the board needs 9 ranks separated by '/', found {}",
            ranks.len()
        )));
    }
    let mut men = [0u128; 2];
    let mut mullahs = [0u128; 2];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 8 - i;
        let name = rank + 1;
        let mut file = 0usize;
        let mut last_digit = false;
        for c in text.chars() {
            if let Some(n) = c.to_digit(10) {
                if n == 0 || last_digit {
                    return Err(GameError::new(format!(
                        "rank {name}: write a run of empty points as one digit 1..9 ('{text}')"
                    )));
                }
                file += n as usize;
                last_digit = true;
                continue;
            }
            last_digit = false;
            let (set, side) = match c {
                'b' => (&mut men, 0),
                'w' => (&mut men, 1),
                'B' => (&mut mullahs, 0),
                'W' => (&mut mullahs, 1),
                _ => {
                    return Err(GameError::new(format!(
                        "rank {name}: unexpected '{c}' (pieces are b w B W, empty runs 1..9)"
                    )))
                }
            };
            if file < 9 {
                set[side] |= bit(point(file, rank));
            }
            file += 1;
        }
        if file != 9 {
            return Err(GameError::new(format!(
                "rank {name} ('{text}') covers {file} points, not 9"
            )));
        }
    }
    if men[0] & FAR_RANK[0] != 0 || men[1] & FAR_RANK[1] != 0 {
        return Err(GameError::new(
            "a man on its far rank (Black on 9, White on 1) would have been promoted: write it as a Mullah (B/W)",
        ));
    }
    for (side, name) in [(0, "Black"), (1, "White")] {
        let n = (men[side] | mullahs[side]).count_ones();
        if n > MAX_PIECES {
            return Err(GameError::new(format!(
                "{name} has {n} pieces, at most {MAX_PIECES} allowed"
            )));
        }
    }
    if (men[0] | mullahs[0] | men[1] | mullahs[1]) == 0 {
        return Err(GameError::new(
            "the board is empty: at least one side needs pieces",
        ));
    }
    Ok((men, mullahs))
}

/// The canonical string of a position.
pub fn format(z: &Zamma) -> String {
    let mut out = String::with_capacity(100);
    for rank in (0..9).rev() {
        let mut empties = 0;
        for file in 0..9 {
            let c = piece_char(z, point(file, rank));
            match c {
                None => empties += 1,
                Some(c) => {
                    if empties > 0 {
                        out.push(char::from(b'0' + empties));
                        empties = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empties > 0 {
            out.push(char::from(b'0' + empties));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if z.side() == 0 { 'b' } else { 'w' };
    format!(
        "{out} {side} {} {}",
        z.quiet_plies(),
        crate::game::Game::ply(z)
    )
}

fn piece_char(z: &Zamma, p: u8) -> Option<char> {
    let b = bit(p);
    if z.men(0) & b != 0 {
        Some('b')
    } else if z.men(1) & b != 0 {
        Some('w')
    } else if z.mullahs(0) & b != 0 {
        Some('B')
    } else if z.mullahs(1) & b != 0 {
        Some('W')
    } else {
        None
    }
}

/// A picture of the board, rank 9 at the top.
pub fn board_text(z: &Zamma) -> String {
    let mut out = String::new();
    for rank in (0..9).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..9 {
            out.push(' ');
            out.push(piece_char(z, point(file, rank)).unwrap_or('.'));
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h i\n");
    let side = if z.side() == 0 { "black" } else { "white" };
    out.push_str(&format!(
        "{side} to move, quiet plies {}, board {}\n",
        z.quiet_plies(),
        crate::game::Game::options(z).get("board")
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions, Notation};

    fn opts() -> GameOptions {
        GameOptions::defaults(Zamma::option_specs())
    }

    #[test]
    fn round_trips_exactly() {
        for text in [
            START,
            "9/9/9/4W4/9/2b6/9/9/9 w 7 31",
            "B8/9/9/9/9/9/9/9/8W b 0 0",
            "9/9/2w1w4/9/2w1w4/9/2b6/9/9 b 12 3",
        ] {
            let z = Zamma::from_position(text, &opts()).unwrap();
            assert_eq!(z.position(), text);
        }
    }

    #[test]
    fn rejects_bad_strings_with_a_message() {
        let bad = [
            ("", "4 fields"),
            ("9/9/9/9/9/9/9/9 b 0 0", "9 ranks"),
            ("9/9/9/9/9/9/9/9/9 b 0 0", "empty"),
            ("9/9/9/9/9/9/9/9/b8 x 0 0", "'b' or 'w'"),
            ("9/9/9/9/9/9/9/9/b8 b -1 0", "quiet-ply"),
            ("9/9/9/9/9/9/9/9/b8 b 0 z", "ply count"),
            ("9/9/9/9/9/9/9/9/b7 b 0 0", "covers 8"),
            ("9/9/9/9/9/9/9/9/b9 b 0 0", "covers 10"),
            ("9/9/9/9/9/9/9/9/b44 b 0 0", "one digit"),
            ("9/9/9/9/9/9/9/9/b08 b 0 0", "one digit"),
            ("9/9/9/9/9/9/9/9/x8 b 0 0", "unexpected 'x'"),
            ("b8/9/9/9/9/9/9/9/w8 b 0 0", "promoted"),
            ("9/9/9/9/9/9/9/9/8w b 0 0", "promoted"),
            (
                "bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbb4/9/9/9/9 w 0 0",
                "promoted",
            ),
            (
                "9/wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwww4/9/9/9 b 0 0",
                "at most 40",
            ),
        ];
        for (text, want) in bad {
            let e = Zamma::from_position(text, &opts()).unwrap_err();
            assert!(e.to_string().contains(want), "{text}: {e}");
        }
    }
}
