//! What the networks read of a Petteia or Kubeia position: the three
//! kinds of each side on the 96 squares (square = row·12 + column, so
//! the half turn is s → 95 − s). Kubeia's position is read before and
//! after the roll alike: the dice are not inputs. No mirror: the start
//! position's kings stand on f3/g6, which a mirror turns into the
//! other layout.

use super::board::{KINDS, SQUARES};
use super::PetteiaGame;
use crate::nnue::inputs::{Cells, NetInput};

impl<const DICE: bool> NetInput for PetteiaGame<DICE> {
    const SLOTS: usize = SQUARES;
    const KINDS: usize = KINDS;

    fn pieces(&self, side: usize, kind: usize) -> Cells {
        self.state.board.bb[side & 1][kind]
    }

    fn net_side(&self) -> usize {
        self.state.side & 1
    }
}

// By hand rather than `shipped_net!`: one generic impl serves both
// games, each with its own file.
impl<const DICE: bool> crate::nnue::ShippedNet for PetteiaGame<DICE> {
    fn shipped() -> Option<&'static std::sync::Arc<crate::nnue::Network>> {
        None
    }
    const NET_BY_DEFAULT: bool = false;
}
