//! A deliberately simple Abalone move generator, written only from
//! `shared/rules/abalone.md` and `shared/rules/PERFT.md`, to check the
//! engine's fast generator number for number. It shares no code with
//! `src/games/abalone/`: cells live in a plain array keyed by (row,
//! diagonal), a move is a sorted set of marbles plus a direction, and every
//! rule is checked the long way round.
//!
//! - [`board`]: cells, directions, the position string (its own parser).
//! - [`movegen`]: legal moves, playing them, Aba-Pro move text.
//! - [`perft`]: perft and divide per PERFT.md.
//! - [`suite`]: reading `positions/abalone-perft.txt`.
//! - [`designs`]: the hand-designed positions the suite file is built from.
//! - [`multi`]: the same for 3, 4 and 6 players (abalone-multiplayer.md).
//!
//! Rules decided here (abalone.md leaves nothing open that perft needs, but
//! these are the readings used):
//! - a position string's ejected counts are taken as given; six ejected
//!   marbles of one colour mean the game is already over;
//! - the princess (`princess=on`) counts as an opposing marble for whichever
//!   side pushes; ejecting it ends the game with the pusher as winner.

#![allow(dead_code)]

pub mod board;
pub mod designs;
pub mod movegen;
pub mod multi;
pub mod perft;
pub mod suite;
