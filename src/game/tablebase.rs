//! Exact tables as a value the rest of the engine is handed: a
//! [`Tablebase`] knows the exact result of the positions of its domain
//! (Palma's endgames), so that
//!
//! - the searches probe it (a root inside the domain is reported exact,
//!   expectiminimax and MCTS take an exact child as a leaf) when the
//!   settings say so (`ExactTables`),
//! - the rules' [`Game::adjudicate`] is handed it by its caller (the
//!   referee) instead of reading evaluator data itself: the rules stay
//!   rules-only, and a caller without tables gets the rules' own verdict,
//! - the engine builds it before a clock runs ([`Tablebase::prepare`]).
//!
//! A game's tables are found through
//! [`Evaluated::tablebase`](super::Evaluated::tablebase); a game without
//! any has `None`. The trait lives in the Game abstraction so that the
//! games implement it and the searches call it without either naming
//! the other.

use super::{Game, Player};

/// Exact values of the positions of a domain of `G`.
pub trait Tablebase<G: Game>: Send + Sync {
    /// The exact probability that `player` wins from `pos` under optimal
    /// play by both sides; `None` outside the domain. May build the table
    /// on first use (see [`Tablebase::prepare`]). A finished game is in
    /// every domain (its result).
    fn probe(&self, pos: &G, player: Player) -> Option<f64>;

    /// Whether `pos` lies in the domain, without building anything.
    fn in_domain(&self, pos: &G) -> bool;

    /// The tables' best estimate of `player`'s win probability where no
    /// exact value is known (Palma: the one-sided race table), for a
    /// verdict that must be given anyway (adjudication at a ply limit);
    /// `None` (the default) when the tables have no estimate.
    fn estimate(&self, pos: &G, player: Player) -> Option<f64> {
        let _ = (pos, player);
        None
    }

    /// Builds what [`Tablebase::probe`] would build on first use, so
    /// that no search (and no move a referee times) pays for it out of
    /// its clock; called with the game's positions as they are set.
    /// Nothing by default.
    fn prepare(&self, pos: &G) {
        let _ = pos;
    }
}
