//! What a running search hears from outside: `stop`, and `ponderhit`
//! (UCI: the expected reply was played, so the search that pondered on it
//! goes on as a timed search whose clock starts now).
//!
//! One value shared by the engine that owns the search and the search's
//! threads: the threads read its flags at every poll ([`super::control`]);
//! the engine waits on it without polling (a `go infinite` search that is
//! done answers only after `stop`, a pondering one only after `ponderhit`
//! or `stop`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

/// Stop and ponderhit, and when the search's clock started.
#[derive(Debug)]
pub struct Signal {
    stop: AtomicBool,
    /// Set while the search ponders: no time limit applies until
    /// `ponderhit`.
    pondering: AtomicBool,
    /// When `ponderhit` came, if it did: the clock of a search that
    /// pondered starts there (any other search's clock starts with it).
    hit: Mutex<Option<Instant>>,
    /// Wakes [`Signal::wait`] on `stop` and `ponderhit`.
    changed: Condvar,
}

impl Default for Signal {
    fn default() -> Self {
        Signal::new()
    }
}

impl Signal {
    /// The signal of a search that does not ponder.
    pub fn new() -> Signal {
        Signal {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            hit: Mutex::new(None),
            changed: Condvar::new(),
        }
    }

    /// The signal of a search that ponders: no time limit until
    /// [`Signal::ponderhit`].
    pub fn pondering() -> Signal {
        let s = Signal::new();
        s.pondering.store(true, Ordering::Release);
        s
    }

    /// Ends the search within milliseconds.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
        self.notify();
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The stop flag alone, for jobs that hear nothing else (perft, the
    /// bench's loop over positions).
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// The pondering search becomes a timed one, its clock started now;
    /// false (and nothing done) for a search that does not ponder.
    pub fn ponderhit(&self) -> bool {
        if !self.pondering.load(Ordering::Acquire) {
            return false;
        }
        if let Ok(mut hit) = self.hit.lock() {
            *hit = Some(Instant::now());
        }
        self.pondering.store(false, Ordering::Release);
        self.notify();
        true
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// When `ponderhit` came: where the clock of a search that pondered
    /// starts. `None` for a search that did not ponder.
    pub fn ponderhit_at(&self) -> Option<Instant> {
        self.hit.lock().map_or_else(|e| *e.into_inner(), |h| *h)
    }

    /// Blocks until `stop`, or also until `ponderhit` when `infinite` is
    /// false: what a search that is done waits for before it answers
    /// (`go infinite` answers only after `stop`; a pondering search only
    /// once the GUI has said whether its guess was played).
    pub fn wait(&self, infinite: bool) {
        let done = |s: &Signal| s.stopped() || (!infinite && !s.is_pondering());
        let Ok(mut guard) = self.hit.lock() else {
            return;
        };
        while !done(self) {
            guard = match self.changed.wait(guard) {
                Ok(g) => g,
                Err(_) => return,
            };
        }
    }

    fn notify(&self) {
        // Taking the lock orders the flag's store before a waiter's check.
        drop(self.hit.lock());
        self.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn ponderhit_restarts_the_clock_and_ends_pondering() {
        let s = Signal::pondering();
        let before = Instant::now();
        assert!(s.is_pondering());
        assert_eq!(s.ponderhit_at(), None);
        assert!(s.ponderhit());
        assert!(!s.is_pondering());
        let hit = s.ponderhit_at().expect("ponderhit starts the clock");
        assert!(hit >= before);
        // A second ponderhit leaves the clock alone, and a search that
        // does not ponder has no ponderhit.
        assert!(!s.ponderhit());
        assert_eq!(s.ponderhit_at(), Some(hit));
        let plain = Signal::new();
        assert!(!plain.ponderhit());
        assert_eq!(plain.ponderhit_at(), None);
    }

    #[test]
    fn a_waiter_wakes_on_stop_and_on_ponderhit() {
        let s = Arc::new(Signal::new());
        let waiter = {
            let s = Arc::clone(&s);
            std::thread::spawn(move || s.wait(true))
        };
        s.stop();
        waiter.join().expect("the waiter wakes on stop");

        let s = Arc::new(Signal::pondering());
        let waiter = {
            let s = Arc::clone(&s);
            std::thread::spawn(move || s.wait(false))
        };
        assert!(s.ponderhit());
        waiter.join().expect("a finite waiter wakes on ponderhit");
        assert!(!s.stopped());
    }
}
