//! The naive generator for Abalone with 3, 4 and 6 players, written only
//! from `shared/rules/abalone-multiplayer.md` (on top of `abalone.md`) and
//! `PERFT.md`, independent of `src/games/abalone/`: a board of owners keyed
//! by (row, diagonal), the rules' move test walked cell by cell.
//!
//! - [`position`]: players, teams, scores, the position string.
//! - [`movegen`]: legal moves (`pass` included), playing them, move text.
//! - [`designs`]: the positions of `positions/abalone-multi-perft.txt`.
//!
//! perft per PERFT.md: a finished game (a side at 6, or nobody able to
//! move: a draw) is a leaf that counts only when reached at depth 0; a
//! forced `pass` is one move.

pub mod designs;
pub mod movegen;
pub mod position;

use movegen::{legal_moves, move_text, play};
use position::Position;

pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&play(pos, m), depth - 1)).sum()
}

/// The count per root move, with the move's text, sorted by text.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out: Vec<(String, u64)> = legal_moves(pos)
        .iter()
        .map(|m| (move_text(m), perft(&play(pos, m), depth - 1)))
        .collect();
    out.sort();
    out
}
