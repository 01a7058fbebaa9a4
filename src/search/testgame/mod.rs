//! Small games for testing the searches before (and besides) the real
//! games: a Connect-Four on a 6×5 board with forcing moves, and a game on
//! an explicit graph with cycles and a chance node. Plus a plain
//! brute-force minimax with the same scoring conventions, to compare
//! alpha-beta's values with.

pub mod brute;
pub mod connect;
pub mod graph;
