//! Evaluation tables built once per rule set and kept for the process.
//!
//! The tables belong to the evaluation, not to the rules: a [`PerRules`]
//! maps an interned [`Rules`] (one `&'static` value per option set, so
//! its address names it) to its table, built on first use. Every search
//! node asks for its table, so the first rule sets are found without a
//! lock ([`FAST`] slots, filled in order); the rest take a lock.

use std::sync::{Mutex, OnceLock};

use super::super::options::Rules;

/// Rule sets found without a lock: a process plays one or a few.
const FAST: usize = 16;

/// A rule set (by address) and its table's slot; slots are leaked so that
/// a table outlives the lock and builds outside it.
type Slot<T> = (usize, &'static OnceLock<T>);

/// One table of type `T` per rule set.
pub struct PerRules<T: 'static> {
    fast: [OnceLock<Slot<T>>; FAST],
    all: Mutex<Vec<Slot<T>>>,
}

impl<T: Send + Sync + 'static> PerRules<T> {
    pub const fn new() -> Self {
        PerRules {
            fast: [const { OnceLock::new() }; FAST],
            all: Mutex::new(Vec::new()),
        }
    }

    /// The table of `rules`, built by `build` if no thread has built it.
    #[inline]
    pub fn get(&'static self, rules: &'static Rules, build: impl FnOnce() -> T) -> &'static T {
        let key = std::ptr::from_ref(rules) as usize;
        for fast in &self.fast {
            match fast.get() {
                Some(&(k, slot)) if k == key => return slot.get_or_init(build),
                Some(_) => {}
                None => break,
            }
        }
        self.slot(key).get_or_init(build)
    }

    /// Whether the table of `rules` has been built.
    pub fn is_built(&'static self, rules: &'static Rules) -> bool {
        let key = std::ptr::from_ref(rules) as usize;
        self.slot(key).get().is_some()
    }

    fn slot(&'static self, key: usize) -> &'static OnceLock<T> {
        // Slots are only ever pushed whole: a panic elsewhere while the
        // lock was held leaves the list valid.
        let mut all = self.all.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, slot)) = all.iter().find(|(k, _)| *k == key) {
            return slot;
        }
        let slot: &'static OnceLock<T> = Box::leak(Box::new(OnceLock::new()));
        all.push((key, slot));
        // Under the lock, so the fast slots fill in order and a reader may
        // stop at the first empty one.
        if let Some(free) = self.fast.iter().find(|f| f.get().is_none()) {
            let _ = free.set((key, slot));
        }
        slot
    }
}
