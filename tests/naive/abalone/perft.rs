//! perft and divide per PERFT.md: leaves `depth` plies deep; a finished
//! game (six ejected, the princess ejected, or no legal move: a draw) is a
//! leaf that counts only when reached exactly at depth 0.

use super::board::Position;
use super::movegen::{legal_moves, move_text, play};

pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // legal_moves is empty once the game is over, and a side without a
    // legal move has drawn: either way nothing lies below.
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&play(pos, m), depth - 1)).sum()
}

/// The count per root move, with the move's Aba-Pro text, sorted by text.
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
