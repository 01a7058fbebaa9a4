//! What the networks read of an Abalone position: the marbles of each
//! colour on the padded grid's bits (`SLOTS` = 121: cell (r, d) is bit
//! `(r + 1)·11 + d + 1`, so the half turn (r, d) → (8 − r, 8 − d) is
//! bit b → 120 − b). Two players without the princess only; the
//! mirror keeps each row and reverses it: (r, d) → (r, r + 4 − d).

use super::Abalone;
use crate::nnue::inputs::{Cells, NetInput};

impl NetInput for Abalone {
    const SLOTS: usize = 121;
    const KINDS: usize = 1;

    fn pieces(&self, side: usize, _kind: usize) -> Cells {
        self.marbles[side & 1]
    }

    fn net_side(&self) -> usize {
        usize::from(self.side & 1)
    }

    fn from_pieces(pieces: &[Vec<Cells>; 2], side: usize) -> Option<Self> {
        use crate::game::Game;
        let mut pos =
            Abalone::new(&crate::game::GameOptions::defaults(Abalone::option_specs())).ok()?;
        pos.marbles = [pieces[0][0], pieces[1][0]];
        pos.ejected = pos
            .marbles
            .map(|m| super::state::MARBLES_PER_SIDE.saturating_sub(m.count_ones()) as u8);
        pos.side = side as u8;
        pos.hash = pos.compute_hash();
        Some(pos)
    }

    fn net_applies(&self) -> bool {
        !self.rules.princess && self.rules.players == 2
    }

    fn mirror_slot(slot: usize) -> Option<usize> {
        let (r, d) = ((slot / 11) as i32 - 1, (slot % 11) as i32 - 1);
        let m = r + 4 - d;
        (super::board::on_board(r, d) && super::board::on_board(r, m))
            .then(|| super::board::bit_index(r, m) as usize)
    }
}

// The default (`Eval=auto`) in the two-player game since it beat the
// classic evaluator at equal time (README, "Networks"), and the net a new
// one must beat. Princess Abalone and 3, 4 and 6 players keep the classic
// evaluator (`net_applies`).
crate::shipped_net!(Abalone, "abalone.nnue", true);
