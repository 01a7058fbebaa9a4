//! Legal moves (zamma.md "Men", "Compulsory capture", "Promotion: the
//! Mullah"): plain steps with bitboard shifts, capture chains by a
//! depth-first search over landing points.
//!
//! A chain is emitted only where it cannot go on (chains are compulsory to
//! complete), and every complete chain is emitted (free choice, no duty to
//! take the longest). Captured pieces stay on the board and block until the
//! move ends but cannot be jumped again; the capturing piece's own start
//! point is empty during the chain.
//!
//! Each emitted chain is a distinct move: the search branches only on the
//! direction of a jump and its landing point, so two branches differ in a
//! landing point. Along one line exactly one piece lies between two
//! landing points, so the landing points also fix the captured set: no two
//! chains share start and landings, and no deduplication pass is needed
//! (the property test checks that moves are pairwise distinct).

use super::board::{bit, shift, Bits, Points, Topology, MAN_DIRS, NONE};
use super::{ZMove, MAX_CHAIN};

/// What the generator needs to know about a position.
#[derive(Clone, Copy)]
pub struct Sides {
    pub topo: &'static Topology,
    pub side: usize,
    pub own_men: Bits,
    pub own_mullahs: Bits,
    pub enemy: Bits,
    /// `mullah_landing=continue`.
    pub landing_continue: bool,
}

impl Sides {
    fn occupied(&self) -> Bits {
        self.own_men | self.own_mullahs | self.enemy
    }

    /// Men that can make a first capture (bitboard test per direction).
    fn capturing_men(&self) -> Bits {
        let empty = !self.occupied() & super::board::ALL;
        let mut from = 0;
        for &d in &MAN_DIRS[self.side] {
            let mask = self.topo.from[d];
            let mid = shift(self.own_men & mask, d) & self.enemy & mask;
            let land = shift(mid, d) & empty;
            if land != 0 {
                // Back two steps to the capturing men.
                let back = (d + 4) % 8;
                let mid_back = shift(land & self.topo.from[back], back);
                from |= shift(mid_back & self.topo.from[back], back);
            }
        }
        from & self.own_men
    }

    /// Whether any capture is available.
    pub fn has_capture(&self) -> bool {
        if self.capturing_men() != 0 {
            return true;
        }
        let occ = self.occupied();
        Points(self.own_mullahs)
            .any(|p| mullah_can_capture(self.topo, p, occ & !bit(p), self.enemy, 0))
    }

    /// Whether any plain step is available.
    pub fn has_step(&self) -> bool {
        let empty = !self.occupied() & super::board::ALL;
        for &d in &MAN_DIRS[self.side] {
            if shift(self.own_men & self.topo.from[d], d) & empty != 0 {
                return true;
            }
        }
        for d in 0..8 {
            if shift(self.own_mullahs & self.topo.from[d], d) & empty != 0 {
                return true;
            }
        }
        false
    }

    /// Whether the side has any legal move.
    pub fn has_move(&self) -> bool {
        self.has_step() || self.has_capture()
    }

    /// Calls `sink(from, landings, captured)` for every complete capture
    /// chain; returns whether there was one.
    pub fn captures<F: FnMut(u8, &[u8], Bits)>(&self, sink: &mut F) -> bool {
        let occ_all = self.occupied();
        let mut any = false;
        let mut path = [0u8; MAX_CHAIN];
        for from in Points(self.capturing_men()) {
            let mut chain = Chain {
                topo: self.topo,
                side: self.side,
                occ: occ_all & !bit(from),
                enemy: self.enemy,
                landing_continue: self.landing_continue,
                from,
                path: &mut path,
            };
            chain.man(from, 0, 0, sink);
            any = true;
        }
        for from in Points(self.own_mullahs) {
            let occ = occ_all & !bit(from);
            if !mullah_can_capture(self.topo, from, occ, self.enemy, 0) {
                continue;
            }
            let mut chain = Chain {
                topo: self.topo,
                side: self.side,
                occ,
                enemy: self.enemy,
                landing_continue: self.landing_continue,
                from,
                path: &mut path,
            };
            chain.mullah(from, 0, 0, sink);
            any = true;
        }
        any
    }

    /// Calls `sink(from, to)` for every plain step.
    pub fn steps<F: FnMut(u8, u8)>(&self, sink: &mut F) {
        let occ = self.occupied();
        let empty = !occ & super::board::ALL;
        for &d in &MAN_DIRS[self.side] {
            let targets = shift(self.own_men & self.topo.from[d], d) & empty;
            let delta = super::board::DELTA[d] as i16;
            for to in Points(targets) {
                sink((to as i16 - delta) as u8, to);
            }
        }
        for from in Points(self.own_mullahs) {
            for d in 0..8 {
                let mut p = self.topo.next[from as usize][d];
                while p != NONE && occ & bit(p) == 0 {
                    sink(from, p);
                    p = self.topo.next[p as usize][d];
                }
            }
        }
    }

    /// Number of plain steps (bulk counting for perft).
    pub fn count_steps(&self) -> usize {
        let occ = self.occupied();
        let empty = !occ & super::board::ALL;
        let mut n = 0;
        for &d in &MAN_DIRS[self.side] {
            n += (shift(self.own_men & self.topo.from[d], d) & empty).count_ones() as usize;
        }
        for from in Points(self.own_mullahs) {
            for d in 0..8 {
                let mut p = self.topo.next[from as usize][d];
                while p != NONE && occ & bit(p) == 0 {
                    n += 1;
                    p = self.topo.next[p as usize][d];
                }
            }
        }
        n
    }

    /// All legal moves: the capture chains if there is any (compulsory
    /// capture), else the steps.
    pub fn moves(&self, out: &mut Vec<ZMove>) {
        out.clear();
        let captured_any = self.captures(&mut |from, path: &[u8], captured| {
            out.push(ZMove::chain(from, path, captured));
        });
        if !captured_any {
            self.steps(&mut |from, to| out.push(ZMove::step(from, to)));
        }
    }

    /// Number of legal moves.
    pub fn count(&self) -> usize {
        let mut n = 0;
        if self.captures(&mut |_, _, _| n += 1) {
            n
        } else {
            self.count_steps()
        }
    }
}

/// Whether a Mullah on `p` can jump an enemy piece not yet captured, with
/// `occ` the blocking pieces (captured ones included, the Mullah's own start
/// point excluded).
fn mullah_can_capture(topo: &Topology, p: u8, occ: Bits, enemy: Bits, captured: Bits) -> bool {
    for d in 0..8 {
        let mut q = topo.next[p as usize][d];
        while q != NONE && occ & bit(q) == 0 {
            q = topo.next[q as usize][d];
        }
        if q == NONE || enemy & bit(q) == 0 || captured & bit(q) != 0 {
            continue;
        }
        let land = topo.next[q as usize][d];
        if land != NONE && occ & bit(land) == 0 {
            return true;
        }
    }
    false
}

/// The state of one chain search.
struct Chain<'a> {
    topo: &'static Topology,
    side: usize,
    /// Every piece but the capturing one: captured pieces still block.
    occ: Bits,
    enemy: Bits,
    landing_continue: bool,
    from: u8,
    path: &'a mut [u8; MAX_CHAIN],
}

impl Chain<'_> {
    /// A man on `p` after `len` jumps that captured `captured`. A man that
    /// reaches the far rank mid-chain goes on as a man (zamma.md
    /// "Promotion").
    fn man<F: FnMut(u8, &[u8], Bits)>(&mut self, p: u8, len: usize, captured: Bits, sink: &mut F) {
        let mut went_on = false;
        for &d in &MAN_DIRS[self.side] {
            let mid = self.topo.next[p as usize][d];
            if mid == NONE || self.enemy & bit(mid) == 0 || captured & bit(mid) != 0 {
                continue;
            }
            let land = self.topo.next[mid as usize][d];
            if land == NONE || self.occ & bit(land) != 0 {
                continue;
            }
            went_on = true;
            self.path[len] = land;
            self.man(land, len + 1, captured | bit(mid), sink);
        }
        if !went_on && len > 0 {
            sink(self.from, &self.path[..len], captured);
        }
    }

    /// A Mullah on `p`: along each line, over empty points, one enemy
    /// piece, then any empty landing point before the next piece.
    fn mullah<F: FnMut(u8, &[u8], Bits)>(
        &mut self,
        p: u8,
        len: usize,
        captured: Bits,
        sink: &mut F,
    ) {
        let mut went_on = false;
        for d in 0..8 {
            let mut q = self.topo.next[p as usize][d];
            while q != NONE && self.occ & bit(q) == 0 {
                q = self.topo.next[q as usize][d];
            }
            if q == NONE || self.enemy & bit(q) == 0 || captured & bit(q) != 0 {
                continue;
            }
            let now = captured | bit(q);
            // With `mullah_landing=continue`, landings that allow a further
            // capture are compulsory when there is one.
            let mut only_continuing = false;
            if self.landing_continue {
                let mut l = self.topo.next[q as usize][d];
                while l != NONE && self.occ & bit(l) == 0 {
                    if mullah_can_capture(self.topo, l, self.occ, self.enemy, now) {
                        only_continuing = true;
                        break;
                    }
                    l = self.topo.next[l as usize][d];
                }
            }
            let mut l = self.topo.next[q as usize][d];
            while l != NONE && self.occ & bit(l) == 0 {
                if !only_continuing || mullah_can_capture(self.topo, l, self.occ, self.enemy, now) {
                    went_on = true;
                    self.path[len] = l;
                    self.mullah(l, len + 1, now, sink);
                }
                l = self.topo.next[l as usize][d];
            }
        }
        if !went_on && len > 0 {
            sink(self.from, &self.path[..len], captured);
        }
    }
}
