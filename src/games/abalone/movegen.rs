//! Move generation (abalone.md, "A move"): whole-board bit operations, one
//! direction at a time, so counting needs no move list (perft's bulk
//! counting at the leaves).
//!
//! `own` are the mover's marbles; `team` the marbles of the mover's team
//! (`own` itself with two players, own and partner marbles in the 4- and
//! 6-player games); `opp` every marble the mover may push: the opponents'
//! (of every colour) and, with `princess=on`, the princess (abalone.md,
//! "Save the Princess": it counts as an opposing marble for either side).
//!
//! A tail cell `t` of an in-line move of n marbles in direction D is an
//! own marble. A plain move (into an empty cell) needs own marbles on
//! t .. t+(n−1)D; a push (sumito) needs team marbles on t+D .. t+(n−1)D,
//! then k < n pushable marbles followed by a cell that is empty or off the
//! board (`free`): a team marble there blocks the push, and a partner's
//! marble moves only inside a push (the multi-player rules' "the first
//! marble has to belong to you"). Broadside moves move own marbles only.

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
fn inline(own: Bits, team: Bits, opp: Bits, empty: Bits, free: Bits, d: i32) -> Inline {
    let o2 = own & shift(own, -d);
    let o3 = o2 & shift(own, -2 * d);
    let (t2, t3) = if own == team {
        (o2, o3)
    } else {
        let t2 = own & shift(team, -d);
        (t2, t2 & shift(team, -2 * d))
    };
    let opp3 = shift(opp, -3 * d);
    Inline {
        step: [
            own & shift(empty, -d),
            o2 & shift(empty, -2 * d),
            o3 & shift(empty, -3 * d),
        ],
        push21: t2 & shift(opp, -2 * d) & shift(free, -3 * d),
        push31: t3 & opp3 & shift(free, -4 * d),
        push32: t3 & opp3 & shift(opp, -4 * d) & shift(free, -5 * d),
    }
}

/// Directions across each axis (broadside directions), per axis 0..3.
const ACROSS: [[usize; 4]; 3] = [[1, 2, 4, 5], [0, 2, 3, 5], [0, 1, 3, 4]];

/// Tail cells of single steps and the number of in-line moves in
/// direction `D` (a constant, so every shift is an immediate).
#[inline(always)]
fn count_dir<const D: i32, const PARTNERS: bool>(
    own: Bits,
    team: Bits,
    opp: Bits,
    empty: Bits,
    free: Bits,
) -> (Bits, u32) {
    let o2 = own & shift(own, -D);
    let o3 = o2 & shift(own, -2 * D);
    // Without partners the pushing line is the own line itself (the same
    // sets, and the two-player code as it was before partners).
    let (t2, t3) = if PARTNERS {
        let t2 = own & shift(team, -D);
        (t2, t2 & shift(team, -2 * D))
    } else {
        (o2, o3)
    };
    let step1 = own & shift(empty, -D);
    // The tail sets of the six in-line kinds are disjoint (they differ in
    // what the cells ahead hold), so one popcount of their union counts
    // them all.
    let mut tails = step1 | (o2 & shift(empty, -2 * D)) | (o3 & shift(empty, -3 * D));
    let c2 = t2 & shift(opp, -2 * D);
    let c3 = t3 & shift(opp, -3 * D);
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

/// `PARTNERS`: whether `team` may hold more than `own` (false: the
/// two-player game, compiled as it was before there were partners).
#[inline(always)]
fn count_impl<const PARTNERS: bool>(own: Bits, team: Bits, opp: Bits) -> u32 {
    let team = if PARTNERS { team } else { own };
    let empty = BOARD & !(team | opp);
    let free = !(team | opp);
    let (s0, n0) = count_dir::<1, PARTNERS>(own, team, opp, empty, free);
    let (s1, n1) = count_dir::<12, PARTNERS>(own, team, opp, empty, free);
    let (s2, n2) = count_dir::<11, PARTNERS>(own, team, opp, empty, free);
    let (s3, n3) = count_dir::<-1, PARTNERS>(own, team, opp, empty, free);
    let (s4, n4) = count_dir::<-12, PARTNERS>(own, team, opp, empty, free);
    let (s5, n5) = count_dir::<-11, PARTNERS>(own, team, opp, empty, free);
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
/// several times slower. Two entries, so that the two-player count passes
/// no team set at all.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn count_popcnt(own: Bits, opp: Bits) -> u32 {
    count_impl::<false>(own, own, opp)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn count_popcnt_team(own: Bits, team: Bits, opp: Bits) -> u32 {
    count_impl::<true>(own, team, opp)
}

/// The number of legal moves of the two-player game (bulk count:
/// popcounts, no list).
#[inline]
pub fn count(own: Bits, opp: Bits) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has just been found to support POPCNT.
        return unsafe { count_popcnt(own, opp) };
    }
    count_impl::<false>(own, own, opp)
}

/// [`count`] with partner marbles in `team`.
#[inline]
pub fn count_team(own: Bits, team: Bits, opp: Bits) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has just been found to support POPCNT.
        return unsafe { count_popcnt_team(own, team, opp) };
    }
    count_impl::<true>(own, team, opp)
}

/// Whether the mover has at least one legal move (`team`: its own
/// marbles and its partner's).
#[inline]
pub fn any(own: Bits, team: Bits, opp: Bits) -> bool {
    let empty = BOARD & !(team | opp);
    // A marble next to an empty cell can step there (almost always found
    // in the first direction tried); only a boxed-in side needs the full
    // count, which then finds its pushes, if any.
    DIRS.iter().any(|&d| own & shift(empty, -d) != 0) || count_team(own, team, opp) > 0
}

/// Appends every legal move of the two-player game to `out` (not
/// cleared here).
pub fn generate(own: Bits, opp: Bits, out: &mut Vec<Move>) {
    generate_impl::<false>(own, own, opp, out);
}

/// [`generate`] with partner marbles in `team`.
pub fn generate_team(own: Bits, team: Bits, opp: Bits, out: &mut Vec<Move>) {
    generate_impl::<true>(own, team, opp, out);
}

#[inline(always)]
fn generate_impl<const PARTNERS: bool>(own: Bits, team: Bits, opp: Bits, out: &mut Vec<Move>) {
    let team = if PARTNERS { team } else { own };
    let empty = BOARD & !(team | opp);
    let free = !(team | opp);
    let off = !BOARD;
    let mut steps = [0 as Bits; 6];
    for (dir, &d) in DIRS.iter().enumerate() {
        let m = inline(own, team, opp, empty, free, d);
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

/// Pushes available to `own` (with `team` marbles in the line) that eject
/// a marble: an evaluation feature.
pub fn count_ejections(own: Bits, team: Bits, opp: Bits) -> u32 {
    // A push ejects when the cell beyond the last pushed marble is off
    // the board (it is then at most one step outside, in the padding).
    let off = !BOARD;
    DIRS.iter()
        .map(|&d| {
            let t2 = own & shift(team, -d);
            let t3 = t2 & shift(team, -2 * d);
            let opp3 = shift(opp, -3 * d);
            (t2 & shift(opp, -2 * d) & shift(off, -3 * d)).count_ones()
                + (t3 & opp3 & shift(off, -4 * d)).count_ones()
                + (t3 & opp3 & shift(opp, -4 * d) & shift(off, -5 * d)).count_ones()
        })
        .sum()
}

/// Pushes (sumito) available to `own`, ejections included.
pub fn count_pushes(own: Bits, team: Bits, opp: Bits) -> u32 {
    let empty = BOARD & !(team | opp);
    let free = !(team | opp);
    DIRS.iter()
        .map(|&d| {
            let m = inline(own, team, opp, empty, free, d);
            m.push21.count_ones() + m.push31.count_ones() + m.push32.count_ones()
        })
        .sum()
}
