//! The test games, in one place for the unit tests, the in-process
//! protocol tests and the integration tests (not shipped games: no
//! `GameKind` names them, so neither the protocol nor the command line
//! reaches them except through a test's own catalogue).
//!
//! - [`toy`]: a two-player race to 10 points with an optional die, for the
//!   protocol layer;
//! - [`connect`]: Connect-Four on a 6×5 board, with forcing moves, for
//!   alpha-beta;
//! - [`graph`]: a game on an explicit graph with cycles, a chance node and
//!   a player moving twice;
//! - [`trirace`]: a race for 2 to 4 players, with dice and teams (2 v 2),
//!   and its exact solvers: max^n and the two-team solver;
//! - [`checked`]: the test evaluators' state, which checks that a search
//!   keeps it in step with its nodes;
//! - [`brute`]: plain minimax with alpha-beta's scoring conventions, the
//!   reference values for the search tests.

pub mod brute;
pub mod checked;
pub mod connect;
pub mod graph;
pub mod toy;
pub mod trirace;

pub use connect::Connect;
pub use graph::Graph;
pub use toy::Toy;
pub use trirace::{TriMove, TriRace, TriRaceEvaluator};

use crate::game::Notation;

/// The legal move or chance outcome of `pos` written `text`: a test
/// game's moves are few, so it parses by writing each of them.
fn move_written<G: Notation>(pos: &G, text: &str) -> Option<G::Move> {
    let mut all = Vec::new();
    pos.moves(&mut all);
    let mut outcomes = Vec::new();
    pos.outcomes(&mut outcomes);
    all.extend(outcomes.iter().map(|(m, _)| *m));
    all.into_iter().find(|m| pos.move_text(*m) == text)
}
