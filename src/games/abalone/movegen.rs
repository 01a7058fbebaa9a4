//! Move generation (abalone.md, "A move"): whole-board bit operations, one
//! direction at a time, so counting needs no move list (perft's bulk
//! counting at the leaves).
//!
//! `own` are the mover's marbles; `opp` every marble the mover may push:
//! the opponent's and, with `princess=on`, the princess (abalone.md,
//! "Save the Princess": it counts as an opposing marble for either side).
//! A tail cell `t` of an in-line move of n marbles in direction D needs
//! own marbles on t .. t+(n−1)D and then either an empty cell, or k < n
//! pushable marbles followed by a cell that is empty or off the board
//! (`free`); an own marble there blocks the push.

use super::board::{cells, shift, Bits, BOARD, DIRS};
use super::moves::Move;

/// The sets of tail cells of each kind of in-line move in one direction.
#[derive(Clone, Copy)]
struct Inline {
    /// n marbles into an empty cell, n = 1, 2, 3.
    step: [Bits; 3],
    /// 2 push 1, 3 push 1, 3 push 2.
    push21: Bits,
    push31: Bits,
    push32: Bits,
}

#[inline(always)]
fn inline(own: Bits, opp: Bits, empty: Bits, free: Bits, d: i32) -> Inline {
    let o2 = own & shift(own, -d);
    let o3 = o2 & shift(own, -2 * d);
    let opp3 = shift(opp, -3 * d);
    Inline {
        step: [
            own & shift(empty, -d),
            o2 & shift(empty, -2 * d),
            o3 & shift(empty, -3 * d),
        ],
        push21: o2 & shift(opp, -2 * d) & shift(free, -3 * d),
        push31: o3 & opp3 & shift(free, -4 * d),
        push32: o3 & opp3 & shift(opp, -4 * d) & shift(free, -5 * d),
    }
}

/// Directions across each axis (broadside directions), per axis 0..3.
const ACROSS: [[usize; 4]; 3] = [[1, 2, 4, 5], [0, 2, 3, 5], [0, 1, 3, 4]];

/// The number of legal moves (bulk count: popcounts, no list).
#[inline]
pub fn count(own: Bits, opp: Bits) -> u32 {
    let empty = BOARD & !(own | opp);
    let free = !(own | opp);
    let mut steps = [0 as Bits; 6];
    let mut n = 0;
    for (i, &d) in DIRS.iter().enumerate() {
        let m = inline(own, opp, empty, free, d);
        steps[i] = m.step[0];
        n += m.step[0].count_ones()
            + m.step[1].count_ones()
            + m.step[2].count_ones()
            + m.push21.count_ones()
            + m.push31.count_ones()
            + m.push32.count_ones();
    }
    for (axis, across) in ACROSS.iter().enumerate() {
        let a = DIRS[axis];
        for &dir in across {
            let s = steps[dir];
            let two = s & shift(s, -a);
            n += two.count_ones() + (two & shift(s, -2 * a)).count_ones();
        }
    }
    n
}

/// Whether the mover has at least one legal move.
#[inline]
pub fn any(own: Bits, opp: Bits) -> bool {
    let empty = BOARD & !(own | opp);
    let near_empty = DIRS.iter().fold(0, |acc, &d| acc | shift(empty, -d));
    // A marble next to an empty cell can step there; only a boxed-in side
    // needs the full count (which then finds pushes, if any).
    own & near_empty != 0 || count(own, opp) > 0
}

/// Appends every legal move to `out` (not cleared here).
pub fn generate(own: Bits, opp: Bits, out: &mut Vec<Move>) {
    let empty = BOARD & !(own | opp);
    let free = !(own | opp);
    let off = !BOARD;
    let mut steps = [0 as Bits; 6];
    for (dir, &d) in DIRS.iter().enumerate() {
        let m = inline(own, opp, empty, free, d);
        steps[dir] = m.step[0];
        for (k, &set) in m.step.iter().enumerate() {
            for t in cells(set) {
                out.push(Move::inline(t, dir, k as u32 + 1, 0, false));
            }
        }
        for (set, count, pushed) in [(m.push21, 2, 1), (m.push31, 3, 1), (m.push32, 3, 2)] {
            let ejecting = set & shift(off, -((count + pushed) as i32) * d);
            for t in cells(set) {
                let ej = ejecting & (1 << t) != 0;
                out.push(Move::inline(t, dir, count, pushed, ej));
            }
        }
    }
    for (axis, across) in ACROSS.iter().enumerate() {
        let a = DIRS[axis];
        for &dir in across {
            let s = steps[dir];
            let two = s & shift(s, -a);
            for t in cells(two) {
                out.push(Move::broadside(t, axis, dir, 2));
            }
            for t in cells(two & shift(s, -2 * a)) {
                out.push(Move::broadside(t, axis, dir, 3));
            }
        }
    }
}

/// Number of pushing (sumito) moves: an evaluation feature.
#[inline]
pub fn count_pushes(own: Bits, opp: Bits) -> u32 {
    let empty = BOARD & !(own | opp);
    let free = !(own | opp);
    DIRS.iter()
        .map(|&d| {
            let m = inline(own, opp, empty, free, d);
            m.push21.count_ones() + m.push31.count_ones() + m.push32.count_ones()
        })
        .sum()
}
