//! What the networks read of a Zamma position: men and mullahs of each
//! side on the 81 points (point = rank·9 + file, so the half turn is
//! p → 80 − p). The mirror swaps files (f → 8 − f), which keeps the
//! diagonals of every board (a point has them when file + rank is even
//! on the Alquerque pattern, and 8 is even).

use super::Zamma;
use crate::nnue::inputs::{Cells, NetInput};

impl NetInput for Zamma {
    const SLOTS: usize = super::board::POINTS;
    const KINDS: usize = 2;

    fn pieces(&self, side: usize, kind: usize) -> Cells {
        if kind == 0 {
            self.men[side & 1]
        } else {
            self.mullahs[side & 1]
        }
    }

    fn net_side(&self) -> usize {
        usize::from(self.side & 1)
    }

    fn from_pieces(pieces: &[Vec<Cells>; 2], side: usize) -> Option<Self> {
        let options =
            crate::game::GameOptions::defaults(<Zamma as crate::game::Game>::option_specs());
        let men = [pieces[0][0], pieces[1][0]];
        let mullahs = [pieces[0][1], pieces[1][1]];
        Zamma::from_parts(&options, men, mullahs, side as u8, 0, 0).ok()
    }

    fn mirror_slot(slot: usize) -> Option<usize> {
        (slot < 81).then(|| slot / 9 * 9 + (8 - slot % 9))
    }
}

// The default (`Eval=auto`) since it beat the classic evaluator at equal
// time (README, "Networks"), and the net a new one must beat.
crate::shipped_net!(Zamma, "zamma.nnue", true);
