//! The accumulators a search thread keeps (one per ply of its line): the
//! hidden layer's sums for both views, made from scratch at the root
//! ([`Accumulators::refresh`]) and then changed by a move's few added and
//! removed pieces ([`Accumulators::push`]), which is what makes the
//! network cheap inside alpha-beta.

use std::cell::RefCell;

use super::inputs::{feature, for_each_feature, NetInput};
use super::network::Network;

/// A stack of accumulator pairs: `2 · hidden` i16 per ply (view 0, then
/// view 1), the top one in sync with the position the search is at.
#[derive(Default)]
pub struct Accumulators {
    values: Vec<i16>,
    hidden: usize,
    depth: usize,
    /// Whether the stack follows a network (false: the position is one
    /// the net does not cover, or no net; every hook is then a no-op).
    pub active: bool,
}

impl Accumulators {
    /// Brings the stack to `pos` from scratch, as its only ply.
    pub fn refresh<G: NetInput>(&mut self, net: &Network, pos: &G) {
        let h = net.shape.hidden;
        self.hidden = h;
        self.depth = 0;
        self.active = true;
        if self.values.len() < 2 * h {
            self.values.resize(2 * h, 0);
        }
        for view in 0..2 {
            let acc = &mut self.values[view * h..(view + 1) * h];
            acc.copy_from_slice(&net.input_biases);
            for_each_feature(pos, view, |f| add(acc, row(net, f)));
        }
    }

    /// The top ply follows `child`, one move after `parent` (the top so
    /// far): the accumulators change by the pieces the move removed and
    /// added.
    #[inline]
    pub fn push<G: NetInput>(&mut self, net: &Network, parent: &G, child: &G) {
        let h = self.hidden;
        let (from, to) = (self.depth * 2 * h, (self.depth + 1) * 2 * h);
        if self.values.len() < to + 2 * h {
            self.values.resize(to + 2 * h, 0);
        }
        self.depth += 1;
        let (done, rest) = self.values.split_at_mut(to);
        let top = &mut rest[..2 * h];
        top.copy_from_slice(&done[from..to]);
        for side in 0..2 {
            for kind in 0..G::KINDS {
                let (before, after) = (parent.pieces(side, kind), child.pieces(side, kind));
                let (mut gone, mut new) = (before & !after, after & !before);
                while gone != 0 {
                    let slot = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    for view in 0..2 {
                        let f = feature(G::SLOTS, view, side, kind, slot);
                        sub(&mut top[view * h..(view + 1) * h], row(net, f));
                    }
                }
                while new != 0 {
                    let slot = new.trailing_zeros() as usize;
                    new &= new - 1;
                    for view in 0..2 {
                        let f = feature(G::SLOTS, view, side, kind, slot);
                        add(&mut top[view * h..(view + 1) * h], row(net, f));
                    }
                }
            }
        }
    }

    /// Back to the parent of the top ply.
    #[inline]
    pub fn pop(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The top ply's accumulators: (view `side`, the other view).
    #[inline]
    pub fn views(&self, side: usize) -> (&[i16], &[i16]) {
        let h = self.hidden;
        let top = &self.values[self.depth * 2 * h..(self.depth + 1) * 2 * h];
        let (v0, v1) = top.split_at(h);
        if side == 0 {
            (v0, v1)
        } else {
            (v1, v0)
        }
    }
}

/// The input weights of input `f`.
#[inline(always)]
fn row(net: &Network, f: usize) -> &[i16] {
    let h = net.shape.hidden;
    &net.input_weights[f * h..(f + 1) * h]
}

// Plain loops over equal-length slices: the compiler turns them into
// SIMD adds on every target.
#[inline(always)]
fn add(acc: &mut [i16], w: &[i16]) {
    for (a, &x) in acc.iter_mut().zip(w) {
        *a = a.wrapping_add(x);
    }
}

#[inline(always)]
fn sub(acc: &mut [i16], w: &[i16]) {
    for (a, &x) in acc.iter_mut().zip(w) {
        *a = a.wrapping_sub(x);
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
        let (own, other) = acc.views(pos.net_side());
        net.output(own, other)
    })
}
