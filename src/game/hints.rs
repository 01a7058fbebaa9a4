//! What a game tells a search beyond its rules: which moves are forcing
//! (quiescence), a static move order, a move's shape for history tables,
//! the expected length of the rest of the game (the time manager) and a
//! piece's progress along its track (the `rearmost` test opponent). Only
//! the searches use it; every hint has a default that is always correct,
//! only slower or weaker.

use super::Game;

/// Size of per-move-shape tables (history, counter moves):
/// [`SearchHints::history_index`] is below it.
pub const HISTORY_SIZE: usize = 4096;

/// Hints a search may use to order, extend and time its work.
pub trait SearchHints: Game {
    /// Whether forcing moves (captures) are compulsory when available, so
    /// that a quiescence search may not "stand pat" where they exist.
    const FORCING_COMPULSORY: bool = false;

    /// Whether `Search=auto` runs MCTS in this game when time, nodes or
    /// nothing limits the search (a `depth` limit counts plies of the
    /// full-width search, which it keeps): true where MCTS beat the
    /// full-width search at equal time.
    const AUTO_MCTS: bool = false;

    /// Whether MCTS values a new node by a short random playout before
    /// the evaluator (`MctsPlayout=auto`): true where that beat the
    /// evaluator alone at equal time.
    const MCTS_RANDOM_PLAYOUTS: bool = false;

    /// Whether a move is forcing (searched in quiescence).
    fn is_forcing(&self, _m: Self::Move) -> bool {
        false
    }

    /// A cheap static ordering hint: larger is searched first.
    fn order_hint(&self, _m: Self::Move) -> i32 {
        0
    }

    /// A small index identifying the move's "shape" for history and
    /// killer tables (e.g. from-square × direction). Must be below
    /// [`HISTORY_SIZE`].
    fn history_index(&self, _m: Self::Move) -> usize {
        0
    }

    /// How many more moves the player to move expects to make in this
    /// game (from its phase, the pieces left, the plies played): the
    /// time manager shares the clock over them. `None`: its default.
    fn moves_left(&self) -> Option<u32> {
        None
    }

    /// How far along its track the piece that `m` moves stands before the
    /// move, for the `rearmost` test opponent (which plays the legal move
    /// with the smallest value): 0 for a piece entering from off the board,
    /// larger further on. `None` for a move that moves no piece along a
    /// track (a pass, a chance outcome) and in games without tracks (the
    /// default), where `rearmost` plays as `greedy`.
    fn piece_progress(&self, _m: Self::Move) -> Option<u32> {
        None
    }
}
