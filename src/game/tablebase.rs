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

use std::any::Any;
use std::sync::Arc;

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

    /// How far a proven result of `pos` is (Zamma's tables: the quiet
    /// plies it needs), to show; `None` (the default) where the tables
    /// keep no distance, the position is drawn or outside the domain.
    fn distance(&self, pos: &G) -> Option<u32> {
        let _ = pos;
        None
    }

    /// The distance a search ranks proven results by, preferring the
    /// nearest win and the farthest loss: one that falls with every move
    /// the winner plays well, so that preferring it wins. [`distance`]
    /// by default; Zamma's is 0 right after a capture or a forward man
    /// step (the quiet plies count again from there, and such a move is
    /// progress no quiet move can undo).
    ///
    /// [`distance`]: Tablebase::distance
    fn search_distance(&self, pos: &G) -> Option<u32> {
        self.distance(pos)
    }

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

/// Exact tables read from a file (`EndgamePath`, written by `agon
/// tablebase generate`) for one game, their game type erased so that the
/// engine's game-neutral settings hold them (one pointer: the settings
/// are copied into every engine spec); a search of another game finds
/// none ([`TableFile::of`]).
#[derive(Clone)]
pub struct TableFile(Arc<Loaded>);

struct Loaded {
    tables: Box<dyn Any + Send + Sync>,
    /// What was read (the file's path), for messages.
    label: String,
}

impl TableFile {
    pub fn new<G: Game>(tables: Box<dyn Tablebase<G>>, label: String) -> TableFile {
        TableFile(Arc::new(Loaded {
            tables: Box::new(tables),
            label,
        }))
    }

    /// The tables, when they are `G`'s.
    pub fn of<G: Game>(&self) -> Option<&dyn Tablebase<G>> {
        self.0
            .tables
            .downcast_ref::<Box<dyn Tablebase<G>>>()
            .map(|t| t.as_ref())
    }

    /// What was read (the file's path).
    pub fn label(&self) -> &str {
        &self.0.label
    }
}

impl std::fmt::Debug for TableFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TableFile({})", self.label())
    }
}
