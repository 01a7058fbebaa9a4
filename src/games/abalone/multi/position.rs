//! The multi-player position string:
//!
//! `<row i>/<row h>/…/<row a>[+<n1><c1>…<nN><cN>] <side>[ <ply>]`
//!
//! - rows as in the two-player string (row i first, each from its lowest
//!   diagonal; a digit for a run of empty cells), with one letter per
//!   colour: `b w r u g y` for players 1 to 6 (Black, White, Red, Blue,
//!   Green, Yellow), only those of the players in the game;
//! - `+…`: every player's score (marbles it has ejected), in player order,
//!   each followed by its letter (`+2b0w3r`); absent when all are 0. It
//!   says who ejected, not who lost: the winner depends on that;
//! - the letter of the player to move; the plies played (passes
//!   included), written only when > 0.
//!
//! Broken strings are one error: a letter of a player not in the game, more
//! marbles of a colour than its start count, a side over six or two sides
//! at six, or scores adding up to more marbles than are missing from the
//! board. A player without marbles is allowed; a side at six is a finished
//! game.

use super::super::board::{bit_index, Bits};
use super::super::options::Rules;
use super::super::position::{board_picture, parse_rows, write_rows};
use super::super::state::MARBLES_TO_WIN;
use super::state::{num_teams, team_of, AbaloneMulti, MAX_SEATS};
use crate::game::{GameError, Player};

/// Colour letters in player order.
pub const LETTERS: [char; MAX_SEATS] = ['b', 'w', 'r', 'u', 'g', 'y'];

/// Colour names in player order.
pub const COLOURS: [&str; MAX_SEATS] = ["Black", "White", "Red", "Blue", "Green", "Yellow"];

/// The start of each player count (the rules' "Start positions").
pub fn start_text(players: u8) -> &'static str {
    match players {
        3 => "ww1rr/ww2rr/ww3rr/ww4rr/ww5rr/w6r/7/bbbbbb/bbbbb b",
        4 => "rrrr1/1rrr1u/2rr1uu/5uuu/www3uuu/www5/ww1bb2/w1bbb1/1bbbb b",
        _ => "1uuu1/r1uu1g/rr1u1gg/rrr2ggg/9/www2yyy/ww1b1yy/w1bb1y/1bbb1 b",
    }
}

/// Marbles of each colour at the start.
pub fn start_count(players: u8) -> u32 {
    match players {
        3 => 11,
        4 => 9,
        _ => 6,
    }
}

fn player_of(letter: char, players: u8) -> Option<usize> {
    LETTERS[..players as usize]
        .iter()
        .position(|&l| l == letter)
}

/// Parses a position string of `rules.players` players.
pub fn parse(text: &str, rules: &'static Rules) -> Result<AbaloneMulti, GameError> {
    let players = rules.players;
    let n = players as usize;
    let letters: String = LETTERS[..n].iter().collect();
    let err = |msg: String| GameError::new(format!("bad position '{text}': {msg}"));
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 3 {
        return Err(err(format!(
            "expected '<rows>[+<scores>] <side>[ <ply>]' (e.g. '{}')",
            start_text(players)
        )));
    }
    let (rows_text, scores_text) = match fields[0].split_once('+') {
        Some((rows, sc)) => (rows, Some(sc)),
        None => (fields[0], None),
    };
    let mut marbles: [Bits; MAX_SEATS] = [0; MAX_SEATS];
    parse_rows(
        rows_text,
        &format!("with {players} players use {letters}"),
        |ch| player_of(ch, players).is_some(),
        |ch, bit| {
            if let Some(p) = player_of(ch, players) {
                marbles[p] |= bit;
            }
            Ok(())
        },
    )
    .map_err(err)?;
    let scores = match scores_text {
        None => [0; MAX_SEATS],
        Some(t) => parse_scores(t, players).ok_or_else(|| {
            err(format!(
                "scores '+{t}' should give every player's count in order, each followed by its letter (e.g. +{})",
                LETTERS[..n].iter().map(|l| format!("0{l}")).collect::<String>()
            ))
        })?,
    };
    let per_colour = start_count(players);
    let mut missing = 0;
    for p in 0..n {
        let on_board = marbles[p].count_ones();
        if on_board > per_colour {
            return Err(err(format!(
                "{} has {on_board} marbles, more than the {per_colour} of the start",
                COLOURS[p]
            )));
        }
        missing += per_colour - on_board;
    }
    let total: u32 = scores.iter().map(|&s| u32::from(s)).sum();
    if total > missing {
        return Err(err(format!(
            "the scores add up to {total} ejected marbles, but only {missing} are missing from the board"
        )));
    }
    let mut winners = Vec::new();
    for team in 0..num_teams(players) as u8 {
        let score: u32 = (0..players)
            .filter(|&p| team_of(p, players) == team)
            .map(|p| u32::from(scores[p as usize]))
            .sum();
        if score > u32::from(MARBLES_TO_WIN) {
            return Err(err(format!(
                "a side has {score} points, but the game ends at {MARBLES_TO_WIN}"
            )));
        }
        if score == u32::from(MARBLES_TO_WIN) {
            winners.push(team);
        }
    }
    if winners.len() > 1 {
        return Err(err("two sides have six points".into()));
    }
    let side = match fields[1].chars().collect::<Vec<_>>().as_slice() {
        [c] => player_of(*c, players),
        _ => None,
    }
    .ok_or_else(|| {
        err(format!(
            "side to move '{}' should be one of {letters}",
            fields[1]
        ))
    })?;
    let ply = match fields.get(2) {
        None => 0,
        Some(p) => p
            .parse::<u32>()
            .map_err(|_| err(format!("ply count '{p}' is not a non-negative integer")))?,
    };
    let mut pos = AbaloneMulti {
        marbles,
        hash: 0,
        ply,
        scores,
        side: side as Player,
        players,
        winner: winners.first().map_or(0, |t| t + 1),
        rules,
    };
    pos.hash = pos.compute_hash();
    Ok(pos)
}

/// `<n1><c1>…<nN><cN>`: every player's score in order, each at most six.
fn parse_scores(t: &str, players: u8) -> Option<[u8; MAX_SEATS]> {
    let mut scores = [0u8; MAX_SEATS];
    let mut rest = t;
    for (p, &letter) in LETTERS[..players as usize].iter().enumerate() {
        let digits = rest.bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let value: u8 = rest[..digits].parse().ok()?;
        rest = rest[digits..].strip_prefix(letter)?;
        scores[p] = value;
    }
    rest.is_empty().then_some(scores)
}

/// The letter of cell (r, d), `None` when empty.
fn piece_at(pos: &AbaloneMulti, r: i32, d: i32) -> Option<char> {
    let bit: Bits = 1 << bit_index(r, d);
    (0..pos.players as usize)
        .find(|&p| pos.marbles[p] & bit != 0)
        .map(|p| LETTERS[p])
}

/// Writes the position string.
pub fn write(pos: &AbaloneMulti) -> String {
    let mut s = write_rows(|r, d| piece_at(pos, r, d));
    let n = pos.players as usize;
    if pos.scores[..n].iter().any(|&v| v > 0) {
        s.push('+');
        for (score, letter) in pos.scores.iter().zip(LETTERS).take(n) {
            s.push_str(&format!("{score}{letter}"));
        }
    }
    s.push(' ');
    s.push(LETTERS[pos.side as usize]);
    if pos.ply > 0 {
        s.push_str(&format!(" {}", pos.ply));
    }
    s
}

/// A picture of the board, row i on top, then every player's colour,
/// team, marbles and score, and who is to move.
pub fn board_text(pos: &AbaloneMulti) -> String {
    let mut s = board_picture(|r, d| piece_at(pos, r, d));
    let players = pos.players;
    for p in 0..players {
        s.push_str(&format!(
            "{} ({}): team {}, on the board {}, score {}\n",
            COLOURS[p as usize],
            LETTERS[p as usize],
            team_of(p, players) + 1,
            pos.marbles[p as usize].count_ones(),
            pos.scores[p as usize]
        ));
    }
    s.push_str(&format!(
        "{} to move, ply {}\n",
        COLOURS[pos.side as usize], pos.ply
    ));
    s
}
