//! Which evaluation weights a tuned evaluator uses on this thread: its
//! current ones, or the earlier set it keeps for comparison. A match runner
//! switches the set around one engine's search, so two weight sets can play
//! each other in one process (`agon match --a "weights=previous"`) without
//! a second binary. A game whose evaluator keeps no earlier set ignores it.
//!
//! Thread-local: it reaches the thread that runs the search (one search
//! thread); Lazy SMP helper threads evaluate with the current set.

use std::cell::Cell;

thread_local! {
    static PREVIOUS: Cell<bool> = const { Cell::new(false) };
}

/// Whether evaluators on this thread use their previous weight set.
#[inline]
pub fn previous() -> bool {
    PREVIOUS.with(Cell::get)
}

/// Runs `f` with the previous weight set chosen (or not), then restores
/// the earlier choice.
pub fn with_previous<R>(on: bool, f: impl FnOnce() -> R) -> R {
    let before = PREVIOUS.with(|p| p.replace(on));
    let out = f();
    PREVIOUS.with(|p| p.set(before));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choice_holds_inside_and_is_restored_after() {
        assert!(!previous());
        let inner = with_previous(true, || (previous(), with_previous(false, previous)));
        assert_eq!(inner, (true, false));
        assert!(!previous());
    }
}
