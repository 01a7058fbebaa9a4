//! An evaluator state that checks how a search drives it: a stack of
//! position hashes that [`Checks`] keeps as the evaluator hooks are called
//! (refresh: the root alone; push: the parent must be on top, the child
//! goes on; pop: back to the parent, never below the root; an evaluation:
//! the position must be on top), counting the calls and every breach of
//! the contract. The test games' evaluators use it, so every search test
//! on them would see a search that lets the state drift from its nodes.

use crate::game::Game;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The checked state: the hashes from the root to the current position.
pub type PathState = Vec<u64>;

/// What the hooks of one evaluator (and its clones) saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Calls {
    pub refreshes: u64,
    pub pushes: u64,
    pub pops: u64,
    /// Evaluations read from the state (`evaluate_in`, `evaluate_all`).
    pub evaluations: u64,
    /// Calls whose state was not in sync with their position.
    pub violations: u64,
}

#[derive(Debug, Default)]
struct Counters([AtomicU64; 5]);

/// The counters an evaluator and its clones share (a search's threads
/// each hold a clone's reference, so the counts are atomic).
#[derive(Clone, Debug, Default)]
pub struct Checks(Arc<Counters>);

const REFRESHES: usize = 0;
const PUSHES: usize = 1;
const POPS: usize = 2;
const EVALUATIONS: usize = 3;
const VIOLATIONS: usize = 4;

impl Checks {
    fn count(&self, which: usize) {
        self.0 .0[which].fetch_add(1, Ordering::Relaxed);
    }

    fn check(&self, ok: bool) {
        if !ok {
            self.count(VIOLATIONS);
        }
    }

    pub fn refresh<G: Game>(&self, state: &mut PathState, pos: &G) {
        self.count(REFRESHES);
        state.clear();
        state.push(pos.hash());
    }

    pub fn push<G: Game>(&self, state: &mut PathState, parent: &G, child: &G) {
        self.count(PUSHES);
        self.check(state.last() == Some(&parent.hash()));
        state.push(child.hash());
    }

    pub fn pop(&self, state: &mut PathState) {
        self.count(POPS);
        self.check(state.len() > 1);
        state.pop();
    }

    /// An evaluation of `pos` read from `state`.
    pub fn evaluated<G: Game>(&self, state: &PathState, pos: &G) {
        self.count(EVALUATIONS);
        self.check(state.last() == Some(&pos.hash()));
    }

    /// The counts so far.
    pub fn calls(&self) -> Calls {
        let c = |i: usize| self.0 .0[i].load(Ordering::Relaxed);
        Calls {
            refreshes: c(REFRESHES),
            pushes: c(PUSHES),
            pops: c(POPS),
            evaluations: c(EVALUATIONS),
            violations: c(VIOLATIONS),
        }
    }
}

/// `Evaluator`'s state hooks for a test evaluator with a `checks` field
/// and a stateless `evaluate`/`evaluate_for`: inside the `impl`.
macro_rules! checked_state_hooks {
    ($game:ty) => {
        type State = $crate::testgames::checked::PathState;

        fn refresh(&self, state: &mut Self::State, pos: &$game) {
            self.checks.refresh(state, pos);
        }

        fn push(&self, state: &mut Self::State, parent: &$game, child: &$game) {
            self.checks.push(state, parent, child);
        }

        fn pop(&self, state: &mut Self::State) {
            self.checks.pop(state);
        }

        fn evaluate_in(&self, state: &mut Self::State, pos: &$game) -> $crate::game::Score {
            self.checks.evaluated(state, pos);
            self.evaluate(pos)
        }

        fn evaluate_all(
            &self,
            state: &mut Self::State,
            pos: &$game,
            out: &mut [$crate::game::Score],
        ) {
            self.checks.evaluated(state, pos);
            $crate::game::eval::evaluate_each(self, pos, out);
        }
    };
}
pub(crate) use checked_state_hooks;
