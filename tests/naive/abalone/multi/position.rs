//! Players, teams, scores and the multi-player position string
//! (abalone-multiplayer.md "Players, colours, teams", "Ejection, score and
//! the end of the game", "Position string"):
//! `<row i>/…/<row a>[+<n1><c1>…<nN><cN>] <side>[ <ply>]`.

use crate::naive::abalone::board::{all_cells, on_board, parse_cell, Cell};

/// The letters of players 1..6 in turn order: Black, White, Red, Blue,
/// Green, Yellow.
pub const LETTERS: [char; 6] = ['b', 'w', 'r', 'u', 'g', 'y'];

/// A player as an index into [`LETTERS`] (player 1 = 0).
pub type Player = usize;

/// The sides of the game as written in the rules: 3 players each alone;
/// 4 players {Black, Red} and {White, Blue}; 6 players {Black, Blue},
/// {White, Green}, {Red, Yellow}.
pub fn sides(players: usize) -> Vec<Vec<Player>> {
    match players {
        3 => vec![vec![0], vec![1], vec![2]],
        4 => vec![vec![0, 2], vec![1, 3]],
        6 => vec![vec![0, 3], vec![1, 4], vec![2, 5]],
        _ => panic!("the multi-player rules have 3, 4 or 6 players, not {players}"),
    }
}

/// The start count of each player's marbles.
pub fn start_marbles(players: usize) -> u32 {
    match players {
        3 => 11,
        4 => 9,
        _ => 6,
    }
}

/// A multi-player position: the board, the player to move, each player's
/// score (marbles that player ejected).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub players: usize,
    /// Indexed `[row][diagonal]`; the owner of the marble, if any.
    cells: [[Option<Player>; 10]; 10],
    pub to_move: Player,
    pub scores: [u32; 6],
    pub ply: Option<u32>,
}

impl Position {
    pub fn get(&self, cell: Cell) -> Option<Player> {
        if on_board(cell) {
            self.cells[cell.0 as usize][cell.1 as usize]
        } else {
            None
        }
    }

    /// Sets an on-board cell; callers never pass an off-board one.
    pub fn set(&mut self, cell: Cell, owner: Option<Player>) {
        assert!(on_board(cell), "set on off-board cell {cell:?}");
        self.cells[cell.0 as usize][cell.1 as usize] = owner;
    }

    /// The players on `p`'s side (p included).
    pub fn team(&self, p: Player) -> Vec<Player> {
        sides(self.players)
            .into_iter()
            .find(|side| side.contains(&p))
            .expect("every player has a side")
    }

    pub fn same_team(&self, p: Player, q: Player) -> bool {
        self.team(p).contains(&q)
    }

    /// A side's score: the sum of its players' ejections.
    pub fn side_score(&self, p: Player) -> u32 {
        self.team(p).iter().map(|&q| self.scores[q]).sum()
    }

    /// The first side to 6 has won and the game is over.
    pub fn winner(&self) -> Option<Vec<Player>> {
        sides(self.players)
            .into_iter()
            .find(|side| side.iter().map(|&q| self.scores[q]).sum::<u32>() >= 6)
    }

    pub fn marbles(&self, p: Player) -> Vec<Cell> {
        all_cells()
            .into_iter()
            .filter(|&c| self.get(c) == Some(p))
            .collect()
    }

    /// The player after `p` in turn order.
    pub fn next_player(&self, p: Player) -> Player {
        (p + 1) % self.players
    }

    /// Parses the position string of a game of `players` players.
    pub fn parse(text: &str, players: usize) -> Result<Position, String> {
        if ![3, 4, 6].contains(&players) {
            return Err(format!("players={players} is not 3, 4 or 6"));
        }
        let letters = &LETTERS[..players];
        let mut tokens = text.split_whitespace();
        let board = tokens.next().ok_or("empty position string")?;
        let side = tokens.next().ok_or("no side to move")?;
        let ply = tokens.next();
        if tokens.next().is_some() {
            return Err("too many fields".into());
        }
        let mut pos = Position {
            players,
            cells: [[None; 10]; 10],
            to_move: 0,
            scores: [0; 6],
            ply: None,
        };
        pos.to_move = match side.chars().collect::<Vec<_>>()[..] {
            [c] => letters
                .iter()
                .position(|&l| l == c)
                .ok_or(format!("side '{side}' is not a player"))?,
            _ => return Err(format!("side '{side}' is not one letter")),
        };
        if let Some(p) = ply {
            pos.ply = Some(p.parse().map_err(|_| format!("bad ply '{p}'"))?);
        }
        let (rows, scores) = match board.split_once('+') {
            Some((rows, scores)) => (rows, Some(scores)),
            None => (board, None),
        };
        if let Some(scores) = scores {
            pos.scores = parse_scores(scores, letters)?;
        }
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 9 {
            return Err(format!("{} rows, expected 9", rows.len()));
        }
        for (i, row_text) in rows.iter().enumerate() {
            let r = 9 - i as i8;
            let diags: Vec<i8> = (1..=9).filter(|&d| on_board((r, d))).collect();
            let mut k = 0;
            for ch in row_text.chars() {
                if let Some(run) = ch.to_digit(10).filter(|&n| n > 0) {
                    k += run as usize;
                    continue;
                }
                let owner = letters
                    .iter()
                    .position(|&l| l == ch)
                    .ok_or(format!("bad character '{ch}' in row {row_text}"))?;
                let d = *diags.get(k).ok_or(format!("row {row_text} too long"))?;
                pos.set((r, d), Some(owner));
                k += 1;
            }
            if k != diags.len() {
                return Err(format!(
                    "row {row_text} has {k} cells, expected {}",
                    diags.len()
                ));
            }
        }
        pos.check_counts()?;
        Ok(pos)
    }

    /// The rules' "Broken" list: too many marbles of a colour, a side over
    /// 6 or two sides at 6, more ejections than marbles missing.
    fn check_counts(&self) -> Result<(), String> {
        let start = start_marbles(self.players);
        let mut missing = 0;
        for (p, letter) in LETTERS.iter().enumerate().take(self.players) {
            let on_board = self.marbles(p).len() as u32;
            if on_board > start {
                return Err(format!("{on_board} marbles of '{letter}'"));
            }
            missing += start - on_board;
        }
        let side_scores: Vec<u32> = sides(self.players)
            .iter()
            .map(|side| side.iter().map(|&q| self.scores[q]).sum())
            .collect();
        if side_scores.iter().any(|&s| s > 6) || side_scores.iter().filter(|&&s| s == 6).count() > 1
        {
            return Err("a side over 6, or two sides at 6".into());
        }
        if self.scores.iter().sum::<u32>() > missing {
            return Err("more ejections than marbles missing".into());
        }
        Ok(())
    }

    /// Builds a position from cell lists per player letter, e.g.
    /// `[('b', "e4 e5"), ('w', "f6")]`, so designed positions read easily.
    pub fn from_cells(
        players: usize,
        marbles: &[(char, &str)],
        to_move: char,
        scores: [u32; 6],
    ) -> Result<Position, String> {
        let empty = format!("5/6/7/8/9/8/7/6/5 {to_move}");
        let mut pos = Position::parse(&empty, players)?;
        pos.scores = scores;
        for &(letter, cells) in marbles {
            let owner = LETTERS[..players]
                .iter()
                .position(|&l| l == letter)
                .ok_or(format!("'{letter}' is not a player"))?;
            for name in cells.split_whitespace() {
                let cell = parse_cell(name).ok_or(format!("bad cell '{name}'"))?;
                if pos.get(cell).is_some() {
                    return Err(format!("cell {name} given twice"));
                }
                pos.set(cell, Some(owner));
            }
        }
        pos.check_counts()?;
        Ok(pos)
    }

    /// The canonical position string (inverse of [`Position::parse`]).
    pub fn to_text(&self) -> String {
        let mut rows = Vec::new();
        for r in (1..=9).rev() {
            let mut row = String::new();
            let mut run = 0;
            for d in (1..=9).filter(|&d| on_board((r, d))) {
                match self.get((r, d)) {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            row.push_str(&run.to_string());
                            run = 0;
                        }
                        row.push(LETTERS[p]);
                    }
                }
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            rows.push(row);
        }
        let mut text = rows.join("/");
        if self.scores.iter().any(|&s| s > 0) {
            text.push('+');
            for (score, letter) in self.scores.iter().zip(LETTERS).take(self.players) {
                text.push_str(&format!("{score}{letter}"));
            }
        }
        text.push(' ');
        text.push(LETTERS[self.to_move]);
        if let Some(ply) = self.ply {
            text.push_str(&format!(" {ply}"));
        }
        text
    }

    /// The image under one of the board's 12 symmetries (see
    /// `board::Position::transformed`): the rules name no direction, so
    /// every image has the same perft counts.
    pub fn transformed(&self, symmetry: usize) -> Position {
        let mut out = self.clone();
        out.cells = [[None; 10]; 10];
        for cell in all_cells() {
            out.set(
                crate::naive::abalone::board::transform_cell(cell, symmetry),
                self.get(cell),
            );
        }
        out
    }

    /// Every player renamed `k` seats later (marbles, scores, the player to
    /// move). Turn order and the sides are both cyclic in the seat number,
    /// so the perft counts stay the same.
    pub fn seats_shifted(&self, k: usize) -> Position {
        let n = self.players;
        let mut out = self.clone();
        for cell in all_cells() {
            out.set(cell, self.get(cell).map(|p| (p + k) % n));
        }
        for p in 0..n {
            out.scores[(p + k) % n] = self.scores[p];
        }
        out.to_move = (self.to_move + k) % n;
        out
    }
}

/// `2b0w3r`: every player's score in player order, each followed by the
/// player's letter.
fn parse_scores(text: &str, letters: &[char]) -> Result<[u32; 6], String> {
    let mut scores = [0; 6];
    let mut rest = text;
    for (p, &letter) in letters.iter().enumerate() {
        let end = rest
            .find(letter)
            .ok_or(format!("score field '{text}' has no '{letter}'"))?;
        scores[p] = rest[..end]
            .parse()
            .map_err(|_| format!("bad score '{}' in '{text}'", &rest[..end]))?;
        rest = &rest[end + 1..];
    }
    if !rest.is_empty() {
        return Err(format!(
            "score field '{text}' goes on after the last player"
        ));
    }
    Ok(scores)
}
