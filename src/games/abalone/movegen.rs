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
use super::state::Move;

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

/// Tail cells of single steps and the number of in-line moves in
/// direction `D` (a constant, so every shift is an immediate).
#[inline(always)]
fn count_dir<const D: i32>(own: Bits, opp: Bits, empty: Bits, free: Bits) -> (Bits, u32) {
    let o2 = own & shift(own, -D);
    let o3 = o2 & shift(own, -2 * D);
    let step1 = own & shift(empty, -D);
    // The tail sets of the six in-line kinds are disjoint (they differ in
    // what the cells ahead hold), so one popcount of their union counts
    // them all.
    let mut tails = step1 | (o2 & shift(empty, -2 * D)) | (o3 & shift(empty, -3 * D));
    let c2 = o2 & shift(opp, -2 * D);
    let c3 = o3 & shift(opp, -3 * D);
    // Most lines touch no opposing marble: skip the push tests then.
    if c2 | c3 != 0 {
        tails |= (c2 & shift(free, -3 * D))
            | (c3 & shift(free, -4 * D))
            | (c3 & shift(opp, -4 * D) & shift(free, -5 * D));
    }
    (step1, tails.count_ones())
}

/// Broadside moves along axis `A` of the marbles in `s`, which can all
/// step in one direction across it.
#[inline(always)]
fn count_across<const A: i32>(s: Bits) -> u32 {
    let two = s & shift(s, -A);
    two.count_ones() + (two & shift(s, -2 * A)).count_ones()
}

#[inline(always)]
fn count_impl(own: Bits, opp: Bits) -> u32 {
    let empty = BOARD & !(own | opp);
    let free = !(own | opp);
    let (s0, n0) = count_dir::<1>(own, opp, empty, free);
    let (s1, n1) = count_dir::<12>(own, opp, empty, free);
    let (s2, n2) = count_dir::<11>(own, opp, empty, free);
    let (s3, n3) = count_dir::<-1>(own, opp, empty, free);
    let (s4, n4) = count_dir::<-12>(own, opp, empty, free);
    let (s5, n5) = count_dir::<-11>(own, opp, empty, free);
    // ACROSS: axis 0 (D = 1) takes directions 1, 2, 4, 5; axis 1 (12)
    // takes 0, 2, 3, 5; axis 2 (11) takes 0, 1, 3, 4.
    n0 + n1
        + n2
        + n3
        + n4
        + n5
        + count_across::<1>(s1)
        + count_across::<1>(s2)
        + count_across::<1>(s4)
        + count_across::<1>(s5)
        + count_across::<12>(s0)
        + count_across::<12>(s2)
        + count_across::<12>(s3)
        + count_across::<12>(s5)
        + count_across::<11>(s0)
        + count_across::<11>(s1)
        + count_across::<11>(s3)
        + count_across::<11>(s4)
}

/// `count_impl` compiled with the POPCNT instruction: the default x86-64
/// target lacks it, and a software popcount of a `u128` made counting
/// several times slower.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn count_popcnt(own: Bits, opp: Bits) -> u32 {
    count_impl(own, opp)
}

/// The number of legal moves (bulk count: popcounts, no list).
#[inline]
pub fn count(own: Bits, opp: Bits) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has just been found to support POPCNT.
        return unsafe { count_popcnt(own, opp) };
    }
    count_impl(own, opp)
}

/// Whether the mover has at least one legal move.
#[inline]
pub fn any(own: Bits, opp: Bits) -> bool {
    let empty = BOARD & !(own | opp);
    // A marble next to an empty cell can step there (almost always found
    // in the first direction tried); only a boxed-in side needs the full
    // count, which then finds its pushes, if any.
    DIRS.iter().any(|&d| own & shift(empty, -d) != 0) || count(own, opp) > 0
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
/// Pushes available to `own` that eject a marble.
pub fn count_ejections(own: Bits, opp: Bits) -> u32 {
    // A push ejects when the cell beyond the last pushed marble is off
    // the board (it is then at most one step outside, in the padding).
    let off = !BOARD;
    DIRS.iter()
        .map(|&d| {
            let o2 = own & shift(own, -d);
            let o3 = o2 & shift(own, -2 * d);
            let opp3 = shift(opp, -3 * d);
            (o2 & shift(opp, -2 * d) & shift(off, -3 * d)).count_ones()
                + (o3 & opp3 & shift(off, -4 * d)).count_ones()
                + (o3 & opp3 & shift(opp, -4 * d) & shift(off, -5 * d)).count_ones()
        })
        .sum()
}

/// Pushes (sumito) available to `own`, ejections included.
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
