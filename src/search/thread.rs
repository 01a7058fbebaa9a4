//! What each search thread owns across searches (after Viridithas's
//! `ThreadData`): alpha-beta's move-ordering memory (killers and history),
//! its PV stack and its other buffers (per-ply move lists, the repetition
//! filter, the reduction table: [`AbState`]), and the evaluator's state,
//! per thread. The
//! [`Searcher`] owns them, so no search allocates them: a new game
//! (`Searcher::clear`) empties them and a new thread count makes a new
//! set. What a search reads of the last one's contents is its own
//! choice: alpha-beta starts each search from a clean history (measured:
//! `alphabeta::root`), the evaluator's state is refreshed (below).
//!
//! The evaluator's state ([`Evaluator::State`] of the game's evaluator,
//! which is what a request carries) is kept only for its memory (a
//! network's accumulator stack, allocated once): every search refreshes
//! it at its root before reading it, since the last search may have
//! left it at another position or filled it for other weights. Below the
//! root the search pushes and pops it with every move it plays and
//! takes back, so it is in sync with the node being evaluated.
//!
//! [`Searcher`]: crate::search::Searcher
//! [`AbState`]: crate::search::alphabeta::AbState
//! [`Evaluator::State`]: crate::game::Evaluator::State

use crate::game::{Evaluator, Playable};
use crate::search::alphabeta::{AbState, History};
use crate::search::score::MAX_PLY;
use std::sync::{Mutex, MutexGuard};

/// One search thread's kept state.
pub struct ThreadData<G: Playable> {
    /// Alpha-beta's killers and history heuristic.
    pub history: History<G>,
    /// Alpha-beta's principal variation below each ply.
    pub pv: Vec<Vec<G::Move>>,
    /// The evaluator's incremental state (refreshed at each root).
    pub eval: EvalState<G>,
    /// Alpha-beta's other buffers and tables.
    pub ab: AbState<G>,
}

/// The per-thread state of `G`'s evaluator.
pub type EvalState<G> = <<G as crate::game::Evaluated>::Evaluator as Evaluator<G>>::State;

impl<G: Playable> ThreadData<G> {
    pub fn new() -> Self {
        ThreadData {
            history: History::new(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            eval: EvalState::<G>::default(),
            ab: AbState::new(),
        }
    }
}

impl<G: Playable> Default for ThreadData<G> {
    fn default() -> Self {
        ThreadData::new()
    }
}

/// Every thread's [`ThreadData`] for one game, each behind its own lock
/// (only its thread takes it, so it is never contended).
pub struct Threads<G: Playable> {
    data: Vec<Mutex<ThreadData<G>>>,
}

impl<G: Playable> Threads<G> {
    /// Fresh state for `threads` threads.
    pub fn new(threads: usize) -> Self {
        Threads {
            data: (0..threads.max(1))
                .map(|_| Mutex::new(ThreadData::new()))
                .collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Thread `id`'s state (a poisoned lock is taken as it is: the state
    /// is move-ordering memory, any content of it is sound).
    pub fn lock(&self, id: usize) -> MutexGuard<'_, ThreadData<G>> {
        let slot = &self.data[id.min(self.data.len() - 1)];
        slot.lock().unwrap_or_else(|e| e.into_inner())
    }
}
