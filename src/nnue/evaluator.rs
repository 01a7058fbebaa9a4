//! The evaluator of a game that has both a classic evaluation and a
//! network: [`Netted`] evaluates with the classic evaluator corrected by
//! the network when it has one for the position at hand (the network is
//! trained on the difference between the search's scores and the classic
//! evaluation: see [`super`]), with the classic evaluator alone
//! otherwise, and keeps the search thread's accumulators in step through
//! the evaluator's push/pop hooks.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use super::accumulator::{evaluate_from_scratch, Accumulators};
use super::inputs::NetInput;
use super::network::Network;
use crate::game::eval::{evaluate_each, two_sided_for};
use crate::game::{EvalChoice, EvalResources, Evaluator, Player, Score, CP_PER_UNIT, EVAL_LIMIT};

/// A game's shipped network and whether it is the default.
pub trait ShippedNet: NetInput {
    /// The network embedded in the binary, if the game has one.
    fn shipped() -> Option<&'static Arc<Network>>;
    /// Whether `Eval=auto` uses it: it scored better than the classic
    /// evaluator in the matches the README gives, and the game's strength
    /// levels were measured with it.
    const NET_BY_DEFAULT: bool;
}

/// The network `res` selects for `G` (its `EvalFile` network, used only
/// if it is a network for `G`, or the shipped one), or `None` for the
/// classic evaluator.
pub fn chosen_net<G: ShippedNet>(res: &EvalResources) -> Option<Arc<Network>> {
    let file = res
        .net
        .clone()
        .and_then(|n| n.into_any().downcast::<Network>().ok())
        .filter(|n| {
            n.shape.game == G::NAME && n.shape.slots == G::SLOTS && n.shape.kinds == G::KINDS
        });
    match res.choice {
        EvalChoice::Classic => None,
        EvalChoice::Nnue => file.or_else(|| G::shipped().cloned()),
        EvalChoice::Auto => file.or_else(|| G::shipped().filter(|_| G::NET_BY_DEFAULT).cloned()),
    }
}

/// The classic evaluator `C` of `G`, or a network in its place.
pub struct Netted<G, C> {
    pub classic: C,
    pub net: Option<Arc<Network>>,
    game: PhantomData<fn() -> G>,
}

impl<G, C> Netted<G, C> {
    pub fn new(classic: C, net: Option<Arc<Network>>) -> Self {
        Netted {
            classic,
            net,
            game: PhantomData,
        }
    }
}

impl<G, C: Clone> Clone for Netted<G, C> {
    fn clone(&self) -> Self {
        Netted::new(self.classic.clone(), self.net.clone())
    }
}

impl<G, C: fmt::Debug> fmt::Debug for Netted<G, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.net {
            Some(net) => write!(f, "{net:?}"),
            None => self.classic.fmt(f),
        }
    }
}

impl<G: ShippedNet, C: Default> Default for Netted<G, C> {
    fn default() -> Self {
        Netted::new(C::default(), chosen_net::<G>(&EvalResources::default()))
    }
}

impl<G: NetInput, C: Evaluator<G, State = ()>> Netted<G, C> {
    /// The net, when it covers `pos`.
    #[inline]
    fn net_for(&self, pos: &G) -> Option<&Network> {
        self.net.as_deref().filter(|_| pos.net_applies())
    }

    /// The classic evaluation of `pos` corrected by the network's output
    /// `cp` (centi-units, turned into the classic evaluator's internal
    /// units, so the search's margins keep their meaning).
    #[inline]
    fn corrected(&self, pos: &G, cp: i32) -> Score {
        let v = i64::from(self.classic.evaluate(pos))
            + i64::from(cp) * i64::from(self.classic.cp_unit()) / i64::from(CP_PER_UNIT);
        let limit = i64::from(EVAL_LIMIT - 1);
        v.clamp(-limit, limit) as Score
    }
}

impl<G: NetInput, C: Evaluator<G, State = ()>> Evaluator<G> for Netted<G, C> {
    type State = Accumulators;

    fn refresh(&self, state: &mut Accumulators, pos: &G) {
        match self.net_for(pos) {
            Some(net) => state.refresh(net, pos),
            None => state.active = false,
        }
    }

    #[inline]
    fn push(&self, state: &mut Accumulators, _parent: &G, child: &G) {
        if state.active {
            state.push(child);
        }
    }

    #[inline]
    fn pop(&self, state: &mut Accumulators) {
        if state.active {
            state.pop();
        }
    }

    #[inline]
    fn evaluate_in(&self, state: &mut Accumulators, pos: &G) -> Score {
        match &self.net {
            Some(net) if state.active => {
                let (own, other) = state.views(net, pos.net_side());
                let out = net.output(own, other);
                #[cfg(test)]
                check::leaf(out, evaluate_from_scratch(net, pos));
                self.corrected(pos, out)
            }
            _ => self.evaluate(pos),
        }
    }

    #[inline]
    fn evaluate_all(&self, state: &mut Accumulators, pos: &G, out: &mut [Score]) {
        if self.net.is_some() && state.active {
            let v = self.evaluate_in(state, pos);
            for (p, o) in out.iter_mut().enumerate() {
                *o = two_sided_for(pos, v, p as Player);
            }
        } else if self.net.is_some() {
            evaluate_each(self, pos, out);
        } else {
            self.classic.evaluate_all(&mut (), pos, out);
        }
    }

    fn policy(&self, pos: &G, moves: &[G::Move], priors: &mut Vec<f32>) -> bool {
        self.classic.policy(pos, moves, priors)
    }

    fn evaluate(&self, pos: &G) -> Score {
        match self.net_for(pos) {
            Some(net) => self.corrected(pos, evaluate_from_scratch(net, pos)),
            None => self.classic.evaluate(pos),
        }
    }

    fn evaluate_for(&self, pos: &G, player: Player) -> Score {
        match self.net_for(pos) {
            Some(_) => two_sided_for(pos, self.evaluate(pos), player),
            None => self.classic.evaluate_for(pos, player),
        }
    }

    fn terms(&self, pos: &G) -> Vec<(&'static str, Score)> {
        match self.net_for(pos) {
            Some(_) => {
                let total = self.evaluate(pos);
                let classic = self.classic.evaluate(pos);
                vec![
                    ("classic", classic),
                    ("nnue", total - classic),
                    ("total", total),
                ]
            }
            None => self.classic.terms(pos),
        }
    }

    fn cp_unit(&self) -> Score {
        self.classic.cp_unit()
    }

    fn label(&self) -> String {
        match &self.net {
            Some(net) => format!("nnue {}", net.label()),
            None => self.classic.label(),
        }
    }

    fn win_probability_scale(&self) -> Option<Score> {
        self.classic.win_probability_scale()
    }

    fn exact_win_probability(&self, pos: &G, player: Player) -> Option<f64> {
        self.classic.exact_win_probability(pos, player)
    }

    fn prepare(&self, pos: &G) {
        self.classic.prepare(pos);
    }
}

/// Under test, every leaf a search reads from the accumulators is also
/// evaluated from scratch, and the two are counted: a search that lets
/// them drift apart shows mismatches.
#[cfg(test)]
pub mod check {
    use std::sync::atomic::{AtomicU64, Ordering};

    pub static LEAVES: AtomicU64 = AtomicU64::new(0);
    pub static MISMATCHES: AtomicU64 = AtomicU64::new(0);

    pub fn leaf(incremental: i32, scratch: i32) {
        LEAVES.fetch_add(1, Ordering::Relaxed);
        if incremental != scratch {
            MISMATCHES.fetch_add(1, Ordering::Relaxed);
        }
    }
}
