//! The accumulators a search thread keeps (one per ply of its line): the
//! hidden layer's sums for both views, made from scratch at the root
//! ([`Accumulators::refresh`]) and below it from an ancestor's by the few
//! pieces that differ, when a node's evaluation asks for them
//! ([`Accumulators::views`]): what makes the network cheap inside
//! alpha-beta.

use std::cell::RefCell;

use super::inputs::{feature, Cells, NetInput};
use super::network::Network;
use super::simd::update;

/// A stack of accumulator pairs, one per ply of the search's line:
/// `2 · hidden` i16 per ply (view 0, then view 1), with the pieces of the
/// ply's position. A push only records the child's pieces; a ply's
/// accumulators are made when its evaluation is asked for
/// ([`Accumulators::views`]), from the nearest ply above it that has
/// them, by the pieces that differ between the two (one pass over the
/// hidden layer for all of them). Nodes cut before their evaluation
/// (a table hit, a null move's refutation, a parent's beta cut on the
/// first move) cost nothing.
#[derive(Default)]
pub struct Accumulators {
    values: Vec<i16>,
    /// `2 · kinds` piece sets per ply, side-major.
    pieces: Vec<Cells>,
    /// Whether a ply's `values` belong to its `pieces` (ply 0 always,
    /// after a refresh).
    made: Vec<bool>,
    hidden: usize,
    slots: usize,
    kinds: usize,
    depth: usize,
    /// The rows to add and subtract per view, kept to reuse their room.
    adds: [Vec<usize>; 2],
    subs: [Vec<usize>; 2],
    /// Whether the stack follows a network (false: the position is one
    /// the net does not cover, or no net; every hook is then a no-op).
    pub active: bool,
}

impl Accumulators {
    /// Brings the stack to `pos` from scratch, as its only ply.
    pub fn refresh<G: NetInput>(&mut self, net: &Network, pos: &G) {
        self.hidden = net.shape.hidden;
        self.slots = G::SLOTS;
        self.kinds = G::KINDS;
        self.depth = 0;
        self.active = true;
        self.record(pos);
        self.make_from_scratch(net, 0);
    }

    /// The top ply follows `child`, one move after the top so far.
    #[inline]
    pub fn push<G: NetInput>(&mut self, child: &G) {
        self.depth += 1;
        self.record(child);
    }

    /// Back to the parent of the top ply.
    #[inline]
    pub fn pop(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The top ply's accumulators: (view `side`, the other view), made
    /// now if the top ply has none yet.
    #[inline]
    pub fn views(&mut self, net: &Network, side: usize) -> (&[i16], &[i16]) {
        if !self.made[self.depth] {
            self.make(net);
        }
        let h = self.hidden;
        let top = &self.values[self.depth * 2 * h..(self.depth + 1) * 2 * h];
        let (v0, v1) = top.split_at(h);
        if side == 0 {
            (v0, v1)
        } else {
            (v1, v0)
        }
    }

    /// Stores `pos`'s pieces as the top ply's, its accumulators not made.
    #[inline]
    fn record<G: NetInput>(&mut self, pos: &G) {
        let (d, k) = (self.depth, 2 * G::KINDS);
        // Each grows on its own: a thread's stack may meet a game with
        // more kinds or a wider net than it has held.
        if self.made.len() <= d {
            self.made.resize(d + 1, false);
        }
        if self.pieces.len() < (d + 1) * k {
            self.pieces.resize((d + 1) * k, 0);
        }
        if self.values.len() < (d + 1) * 2 * self.hidden {
            self.values.resize((d + 1) * 2 * self.hidden, 0);
        }
        self.made[d] = false;
        for side in 0..2 {
            for kind in 0..G::KINDS {
                self.pieces[d * k + side * G::KINDS + kind] = pos.pieces(side, kind);
            }
        }
    }

    /// Makes the top ply's accumulators, and those of every ply between
    /// it and the nearest ply above that has them, each from its parent:
    /// the top's siblings, asked next, then start one ply up (made from
    /// the nearest ply with accumulators instead, every leaf of a subtree
    /// whose inner nodes never evaluate would pay the whole line's
    /// changes, 6 % of Abalone's nodes/s).
    fn make(&mut self, net: &Network) {
        let mut from = self.depth - 1;
        while !self.made[from] {
            from -= 1;
        }
        for ply in from + 1..=self.depth {
            self.make_child(net, ply);
        }
    }

    /// Makes ply `d`'s accumulators from its parent's: the pieces gone
    /// are subtracted, the new ones added. When more pieces changed than
    /// the ply has (a long capture), from the biases instead.
    fn make_child(&mut self, net: &Network, d: usize) {
        let (k, from) = (2 * self.kinds, d - 1);
        for view in 0..2 {
            self.adds[view].clear();
            self.subs[view].clear();
        }
        let (mut changed, mut present) = (0, 0);
        for side in 0..2 {
            for kind in 0..self.kinds {
                let i = side * self.kinds + kind;
                let (before, after) = (self.pieces[from * k + i], self.pieces[d * k + i]);
                present += after.count_ones();
                changed += (before ^ after).count_ones();
                for (cells, gone) in [(before & !after, true), (after & !before, false)] {
                    let mut bits = cells;
                    while bits != 0 {
                        let slot = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        for view in 0..2 {
                            let f = feature(self.slots, view, side, kind, slot);
                            if gone {
                                self.subs[view].push(f);
                            } else {
                                self.adds[view].push(f);
                            }
                        }
                    }
                }
            }
        }
        if changed > present {
            return self.make_from_scratch(net, d);
        }
        let h = self.hidden;
        let (above, rest) = self.values.split_at_mut(d * 2 * h);
        let src = &above[from * 2 * h..(from + 1) * 2 * h];
        for view in 0..2 {
            update(
                &mut rest[view * h..(view + 1) * h],
                &src[view * h..(view + 1) * h],
                &net.input_weights,
                &self.adds[view],
                &self.subs[view],
            );
        }
        self.made[d] = true;
    }

    /// Makes ply `d`'s accumulators from the biases and its pieces.
    fn make_from_scratch(&mut self, net: &Network, d: usize) {
        let (k, h) = (2 * self.kinds, self.hidden);
        for view in 0..2 {
            self.adds[view].clear();
            self.subs[view].clear();
            for side in 0..2 {
                for kind in 0..self.kinds {
                    let mut bits = self.pieces[d * k + side * self.kinds + kind];
                    while bits != 0 {
                        let slot = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        self.adds[view].push(feature(self.slots, view, side, kind, slot));
                    }
                }
            }
            update(
                &mut self.values[(d * 2 + view) * h..(d * 2 + view + 1) * h],
                &net.input_biases,
                &net.input_weights,
                &self.adds[view],
                &[],
            );
        }
        self.made[d] = true;
    }
}

/// The network's output in centi-units for `pos` from the view of its
/// `net_side`, from scratch: the reference the incremental path must
/// equal.
pub fn evaluate_from_scratch<G: NetInput>(net: &Network, pos: &G) -> i32 {
    // A buffer per thread: an evaluation outside a search (the
    // evaluator's plain `evaluate`) allocates nothing after the first.
    thread_local! {
        static SCRATCH: RefCell<Accumulators> = RefCell::new(Accumulators::default());
    }
    SCRATCH.with(|acc| {
        let mut acc = acc.borrow_mut();
        acc.refresh(net, pos);
        let (own, other) = acc.views(net, pos.net_side());
        net.output(own, other)
    })
}
