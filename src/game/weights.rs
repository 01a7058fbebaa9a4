//! Evaluation weights chosen at run time, so that two weight sets can
//! play each other in one `agon match` (validating a tuning run, or
//! SPSA-style tuning later) without rebuilding the binary.
//!
//! An evaluator that supports it reads its weights through [`current`],
//! which returns the compiled-in defaults unless the search running on
//! this thread was given a [`WeightSet`] of the same length
//! (`SearchConfig::weights`). The override is per thread because the two
//! engines of a match search on the same threads one after the other;
//! the searches set it on every thread they spawn.

use std::cell::Cell;

use super::{GameError, Score};

/// Most weights an evaluator can take from a [`WeightSet`].
pub const MAX_WEIGHTS: usize = 16;

/// A list of evaluation weights, at most [`MAX_WEIGHTS`] long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightSet {
    len: u8,
    weights: [Score; MAX_WEIGHTS],
}

impl WeightSet {
    pub fn new(weights: &[Score]) -> Result<WeightSet, GameError> {
        if weights.is_empty() || weights.len() > MAX_WEIGHTS {
            return Err(GameError::new(format!(
                "a weight set has 1 to {MAX_WEIGHTS} weights, not {}",
                weights.len()
            )));
        }
        let mut set = WeightSet {
            len: weights.len() as u8,
            weights: [0; MAX_WEIGHTS],
        };
        set.weights[..weights.len()].copy_from_slice(weights);
        Ok(set)
    }

    /// Parses integers separated by `/` (commas separate engine settings).
    pub fn parse(text: &str) -> Result<WeightSet, GameError> {
        let weights = text
            .split('/')
            .map(|w| {
                w.trim().parse::<Score>().map_err(|_| {
                    GameError::new(format!(
                        "weight '{w}' is not an integer (weights look like 100/505/-9)"
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        WeightSet::new(&weights)
    }

    pub fn as_slice(&self) -> &[Score] {
        &self.weights[..self.len as usize]
    }
}

thread_local! {
    static OVERRIDE: Cell<Option<WeightSet>> = const { Cell::new(None) };
}

/// The weight set in force on this thread.
pub fn active() -> Option<WeightSet> {
    OVERRIDE.with(Cell::get)
}

/// Runs `f` with `set` in force on this thread, then restores the
/// previous one.
pub fn with<R>(set: Option<WeightSet>, f: impl FnOnce() -> R) -> R {
    let previous = OVERRIDE.with(|c| c.replace(set));
    let result = f();
    OVERRIDE.with(|c| c.set(previous));
    result
}

/// Puts `set` in force on this thread for good (a search's worker
/// threads, which die with the search).
pub fn install(set: Option<WeightSet>) {
    OVERRIDE.with(|c| c.set(set));
}

/// The weights an evaluator with `defaults` uses on this thread: the
/// active set if it has exactly `N` weights, else the defaults.
#[inline]
pub fn current<const N: usize>(defaults: &[Score; N]) -> [Score; N] {
    match active() {
        Some(set) if set.len as usize == N => {
            let mut w = [0; N];
            w.copy_from_slice(&set.weights[..N]);
            w
        }
        _ => *defaults,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_is_scoped_and_per_thread() {
        let defaults = [1, 2, 3];
        let set = WeightSet::parse("7/-8/9").unwrap();
        assert_eq!(current(&defaults), defaults);
        let inside = with(Some(set), || {
            let other = std::thread::spawn(move || current(&[1, 2, 3]))
                .join()
                .unwrap();
            assert_eq!(other, [1, 2, 3]);
            current(&defaults)
        });
        assert_eq!(inside, [7, -8, 9]);
        assert_eq!(current(&defaults), defaults);
        // A set of another length leaves the defaults alone.
        assert_eq!(with(Some(set), || current(&[5, 6])), [5, 6]);
    }

    #[test]
    fn bad_sets_are_errors() {
        assert!(WeightSet::parse("1/x").is_err());
        assert!(WeightSet::parse("").is_err());
        assert!(WeightSet::new(&[0; MAX_WEIGHTS + 1]).is_err());
    }
}
