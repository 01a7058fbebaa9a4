//! Legal uses of a value (palma.md "A turn" 2, 4 and 5): one step of any
//! piece on the board (square 0 included) ending on a free square, no move
//! past 29, an entry on a 5; `pass` only when nothing else is legal.

use super::options::{Rules, LAST};
use super::state::{Palma, PalmaMove, Track};

/// Calls `f` for every legal use of `v` by `track` (not `pass`).
#[inline]
pub fn for_each_use(track: Track, v: u8, rules: &Rules, mut f: impl FnMut(PalmaMove)) {
    if v == 5 && track.waiting > 0 {
        f(PalmaMove::Enter);
    }
    if track.start > 0 {
        step(track.board, 0, v, rules, &mut f);
    }
    let mut b = track.board;
    while b != 0 {
        let q = b.trailing_zeros() as u8;
        b &= b - 1;
        step(track.board, q, v, rules, &mut f);
    }
}

#[inline]
fn step(board: u32, from: u8, v: u8, rules: &Rules, f: &mut impl FnMut(PalmaMove)) {
    let to = from + v;
    if to > LAST {
        return; // palma.md: no bounce past 29
    }
    let rest = rules.rest[usize::from(to)];
    // Judged on the final square, which the moving piece itself has left.
    let others = if from == 0 {
        board
    } else {
        board & !(1 << from)
    };
    if others & (1 << rest) == 0 {
        f(PalmaMove::Step { from, to });
    }
}

/// All legal moves for `track` with value `v`, `pass` if there is none.
pub fn generate(track: Track, v: u8, rules: &Rules, out: &mut Vec<PalmaMove>) {
    out.clear();
    for_each_use(track, v, rules, |m| out.push(m));
    if out.is_empty() {
        out.push(PalmaMove::Pass);
    }
}

/// The number of legal moves (a forced pass counts 1).
pub fn count(track: Track, v: u8, rules: &Rules) -> usize {
    let mut n = 0;
    for_each_use(track, v, rules, |_| n += 1);
    n.max(1)
}

impl Palma {
    /// Legal moves at a decision node (a forced pass is one move).
    pub fn legal_moves(&self, out: &mut Vec<PalmaMove>) {
        match self.decider() {
            Some((p, v)) => generate(self.tracks[usize::from(p)], v, self.rules, out),
            None => out.clear(),
        }
    }
}
