//! What a game tells a search beyond its rules: which moves are forcing
//! (quiescence) and how to generate only them, a static move order, a
//! move's shape for history tables, a move's 16-bit form for the
//! transposition table, the expected length of the rest of the game (the
//! time manager) and a piece's progress along its track (the `rearmost`
//! test opponent). Only the searches use it; every hint has a default that
//! is always correct, only slower or weaker.

use super::Game;

/// Size of per-move-shape tables (history, counter moves):
/// [`SearchHints::history_index`] is below it.
pub const HISTORY_SIZE: usize = 4096;

/// Margins of alpha-beta's pruning near the horizon at nodes off the
/// principal variation, in centi-units (the protocol's scale, 100 a
/// piece), 0 turning each off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PruningMargins {
    /// A node whose static value is above beta by this much per ply of
    /// depth left returns it unsearched (`ReverseFutility`).
    pub reverse_futility: u32,
    /// Quiet moves are not tried at a node whose static value is below
    /// alpha by more than this per ply of depth left (`Futility`).
    pub futility: u32,
    /// At depth `d`, the quiet moves after the first `late_moves · d²`
    /// are not tried (`LateMovePruning`).
    pub late_moves: u32,
}

/// Hints a search may use to order, extend and time its work.
pub trait SearchHints: Game {
    /// Whether forcing moves (captures) are compulsory when available, so
    /// that a quiescence search may not "stand pat" where they exist.
    const FORCING_COMPULSORY: bool = false;

    /// The margins alpha-beta prunes near the horizon with under
    /// `ShallowPruning=auto` (reverse futility, futility, late moves):
    /// set in the games where matches showed they pay, at margins that
    /// keep the game's tactics suite; `None` prunes nothing.
    const SHALLOW_PRUNING: Option<PruningMargins> = None;

    /// Whether `Search=auto` runs MCTS in this game when time, nodes or
    /// nothing limits the search (a `depth` limit counts plies of the
    /// full-width search, which it keeps): true where MCTS beat the
    /// full-width search at equal time.
    const AUTO_MCTS: bool = false;

    /// Whether MCTS values a new node by a short random playout before
    /// the evaluator (`MctsPlayout=auto`): true where that beat the
    /// evaluator alone at equal time.
    const MCTS_RANDOM_PLAYOUTS: bool = false;

    /// This decision node with the turn passed to the next player and
    /// nothing else changed: alpha-beta's null-move pruning searches it,
    /// shallower, to learn that the node is good enough for its mover
    /// even without a move. `None` (the default) turns that pruning off:
    /// for games without such a position, and for those where moving
    /// often hurts (zugzwang), where a pass would flatter the mover.
    fn passed(&self) -> Option<Self> {
        None
    }

    /// Whether a move is forcing (searched in quiescence).
    fn is_forcing(&self, _m: Self::Move) -> bool {
        false
    }

    /// The forcing moves of this decision node (those [`is_forcing`]
    /// says are), written into `out` (cleared first), in generation order
    /// or any other: quiescence orders them itself. Returns whether they
    /// are every legal move and there is at least one, so the mover has no
    /// quiet move to stand on (what [`FORCING_COMPULSORY`] games need to
    /// know). The default generates every move and keeps the forcing ones;
    /// a game may generate them alone (captures only), which quiescence
    /// asks for at every node below the horizon where stand-pat did not
    /// already cut. (In a [`FORCING_COMPULSORY`] game quiescence looks
    /// for one quiet move first, which decides that cut at most nodes;
    /// filtering every move there before it cost Petteia 16 % of its
    /// nodes/s.)
    ///
    /// [`is_forcing`]: SearchHints::is_forcing
    /// [`FORCING_COMPULSORY`]: SearchHints::FORCING_COMPULSORY
    fn forcing_moves(&self, out: &mut Vec<Self::Move>) -> bool {
        self.moves(out);
        let all = out.len();
        out.retain(|&m| self.is_forcing(m));
        all > 0 && out.len() == all
    }

    /// `m`, a legal move of this position, in 16 bits for the
    /// transposition table: `None` when it has no such form (the table
    /// then keeps no move), and the value `0xFFFF` is the table's "no
    /// move", so a game never gives it. `index` is `m`'s index in this
    /// position's generation order ([`Game::moves`]), which the search
    /// has at hand. The default is that index: it pins the table's moves
    /// to the generation order, so a game that wants to generate in
    /// another order (or in stages) packs the move itself and overrides
    /// [`unpack_move`](SearchHints::unpack_move) to match.
    fn pack_move(&self, _m: Self::Move, index: usize) -> Option<u16> {
        u16::try_from(index).ok().filter(|&i| i != u16::MAX)
    }

    /// The move that [`pack_move`](SearchHints::pack_move) gave `packed`
    /// for, in this position; `moves` is this position's legal moves in
    /// generation order. A table entry may come from another position
    /// (a key collision), so any `packed` may arrive and the result need
    /// not be legal: the search plays it only if it is one of `moves`.
    /// The default reads the index.
    fn unpack_move(&self, packed: u16, moves: &[Self::Move]) -> Option<Self::Move> {
        moves.get(usize::from(packed)).copied()
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
