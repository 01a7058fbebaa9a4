//! What a game tells the networks about a position: its pieces as sets
//! of cells, per side and kind ([`NetInput`]), and the one map from a
//! piece to an input index ([`feature`]).

use crate::game::Game;

/// Cells are bits of a `u128`: every board agon plays fits.
pub type Cells = u128;

/// A two-sided game the networks can read.
pub trait NetInput: Game {
    /// Size of the cell index space (the bits `pieces` may set). Turning
    /// the board half a turn maps cell `c` to `SLOTS - 1 - c`, and the
    /// rules are the same for both sides under that turn.
    const SLOTS: usize;
    /// Piece kinds per side.
    const KINDS: usize;

    /// The pieces of `side` (0 or 1) of `kind` (below `KINDS`).
    fn pieces(&self, side: usize, kind: usize) -> Cells;

    /// The side an evaluation of this position is from: the player to
    /// move, at a chance node the one who moves after it.
    fn net_side(&self) -> usize;

    /// The position with `pieces[side][kind]` and `side` to move, under
    /// the default options (counters at zero): what the trainer gives the
    /// classic evaluator, whose value the network corrects.
    fn from_pieces(pieces: &[Vec<Cells>; 2], side: usize) -> Option<Self>;

    /// Whether a network can evaluate this position (false: a variant
    /// the networks do not cover, such as Abalone for more than two).
    fn net_applies(&self) -> bool {
        true
    }

    /// The left-right mirror of a cell, when the rules and the usual
    /// start positions are symmetric under it (the trainer doubles its
    /// data with it); `None` for a game that is not.
    fn mirror_slot(slot: usize) -> Option<usize> {
        let _ = slot;
        None
    }
}

/// Inputs per view: every kind of both sides on every cell.
pub const fn inputs(slots: usize, kinds: usize) -> usize {
    2 * kinds * slots
}

/// The input index of a piece of `side` and `kind` on `slot`, seen from
/// `view`: own pieces first, the board turned for the second view.
#[inline(always)]
pub fn feature(slots: usize, view: usize, side: usize, kind: usize, slot: usize) -> usize {
    let cell = if view == 0 { slot } else { slots - 1 - slot };
    (kind * 2 + (side ^ view)) * slots + cell
}

/// Calls `f` with every active input of `pos` seen from `view`.
pub fn for_each_feature<G: NetInput>(pos: &G, view: usize, mut f: impl FnMut(usize)) {
    for side in 0..2 {
        for kind in 0..G::KINDS {
            let mut bits = pos.pieces(side, kind);
            while bits != 0 {
                let slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                f(feature(G::SLOTS, view, side, kind, slot));
            }
        }
    }
}
