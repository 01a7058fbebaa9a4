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

    fn from_pieces(pieces: &[Vec<Cells>; 2], side: usize) -> Option<Self> {
        use crate::game::Game;
        let mut pos = Self::new(&crate::game::GameOptions::defaults(Self::option_specs())).ok()?;
        for (s, kinds) in pieces.iter().enumerate() {
            for (k, &cells) in kinds.iter().enumerate().take(KINDS) {
                pos.state.board.bb[s][k] = cells;
            }
        }
        pos.state.side = side;
        pos.state.hash = pos.state.compute_hash();
        Some(pos)
    }
}

// By hand rather than `shipped_net!`: one generic impl serves both
// games, each with its own net. Petteia's is the default since it beat
// the classic evaluator at equal time (README, "Networks"). Kubeia's
// (positions read after the roll, without the dice) beat it at 100 ms a
// move but not significantly at 10+0.1, and Kubeia's strength levels
// were measured with the classic evaluator (a level's `UCI_Elo` would
// be off by what the net adds), so `Eval=auto` keeps that evaluator.
impl<const DICE: bool> crate::nnue::ShippedNet for PetteiaGame<DICE> {
    fn shipped() -> Option<&'static std::sync::Arc<crate::nnue::Network>> {
        use crate::game::Game;
        use crate::nnue::shipped::{load, Cell};
        // Two cells: a static in a generic function is one for every
        // instance.
        static PETTEIA: Cell = Cell::new();
        static KUBEIA: Cell = Cell::new();
        if DICE {
            load(&KUBEIA, include_bytes!("kubeia.nnue"), Self::NAME)
        } else {
            load(&PETTEIA, include_bytes!("petteia.nnue"), Self::NAME)
        }
    }
    const NET_BY_DEFAULT: bool = !DICE;
}
