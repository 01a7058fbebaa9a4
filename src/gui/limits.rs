//! What the server holds at once, counted across every connection: a page
//! (or many) cannot make it start engines or threads without end. Each
//! count is taken by a guard and given back when the guard drops, so no
//! path that ends a connection or an engine can leak one.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Connections at once (HTTP requests and WebSocket sessions): each is a
/// thread.
pub const MAX_CONNECTIONS: usize = 32;

/// Engine processes at once, all pages together (two pages' worth).
pub const MAX_ENGINES: usize = 8;

/// Jobs the server computes itself at once, all pages together (a page's
/// rollout and the luck of its review, two pages' worth): each is a
/// thread, and a rollout a pool of one per core.
pub const MAX_JOBS: usize = 4;

/// How long a `start` waits for an engine of another page (or one just
/// closed) to be freed before it is refused: a page reloaded starts its
/// engines while the old page's are being killed.
pub const ENGINE_WAIT: Duration = Duration::from_secs(3);

/// The server's counts.
pub struct Limits {
    connections: AtomicUsize,
    jobs: AtomicUsize,
    engines: Mutex<usize>,
    freed: Condvar,
}

impl Limits {
    pub fn new() -> Arc<Limits> {
        Arc::new(Limits {
            connections: AtomicUsize::new(0),
            jobs: AtomicUsize::new(0),
            engines: Mutex::new(0),
            freed: Condvar::new(),
        })
    }

    /// A connection, if fewer than [`MAX_CONNECTIONS`] are open.
    pub fn connection(self: &Arc<Self>) -> Option<ConnectionGuard> {
        self.connections
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < MAX_CONNECTIONS).then_some(n + 1)
            })
            .ok()
            .map(|_| ConnectionGuard(Arc::clone(self)))
    }

    /// A job, if fewer than [`MAX_JOBS`] run.
    pub fn job(self: &Arc<Self>) -> Option<JobGuard> {
        self.jobs
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < MAX_JOBS).then_some(n + 1)
            })
            .ok()
            .map(|_| JobGuard(Arc::clone(self)))
    }

    /// An engine, if fewer than [`MAX_ENGINES`] run or one is freed
    /// within `wait`.
    pub fn engine(self: &Arc<Self>, wait: Duration) -> Option<EngineGuard> {
        let deadline = Instant::now() + wait;
        let mut running = self.engines.lock().unwrap_or_else(|e| e.into_inner());
        while *running >= MAX_ENGINES {
            let left = deadline.checked_duration_since(Instant::now())?;
            running = self
                .freed
                .wait_timeout(running, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *running += 1;
        Some(EngineGuard(Arc::clone(self)))
    }
}

/// One open connection; given back on drop.
pub struct ConnectionGuard(Arc<Limits>);

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::AcqRel);
    }
}

/// One job of the server's own; given back on drop, which
/// [`super::jobs`] lets happen only once its thread has ended.
pub struct JobGuard(Arc<Limits>);

impl Drop for JobGuard {
    fn drop(&mut self) {
        self.0.jobs.fetch_sub(1, Ordering::AcqRel);
    }
}

/// One engine process; given back on drop, which [`super::bridge::Engine`]
/// lets happen only once its process is reaped.
pub struct EngineGuard(Arc<Limits>);

impl Drop for EngineGuard {
    fn drop(&mut self) {
        let mut running = self.0.engines.lock().unwrap_or_else(|e| e.into_inner());
        *running = running.saturating_sub(1);
        self.0.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_given_back_on_drop() {
        let limits = Limits::new();
        let held: Vec<_> = (0..MAX_CONNECTIONS)
            .map(|_| limits.connection().expect("below the limit"))
            .collect();
        assert!(limits.connection().is_none());
        drop(held);
        assert!(limits.connection().is_some());

        let jobs: Vec<_> = (0..MAX_JOBS)
            .map(|_| limits.job().expect("below the limit"))
            .collect();
        assert!(limits.job().is_none());
        drop(jobs);
        assert!(limits.job().is_some());

        let engines: Vec<_> = (0..MAX_ENGINES)
            .map(|_| limits.engine(Duration::ZERO).expect("below the limit"))
            .collect();
        assert!(limits.engine(Duration::ZERO).is_none());
        // A start waiting for a slot gets the one freed meanwhile.
        let waiter = {
            let limits = Arc::clone(&limits);
            std::thread::spawn(move || limits.engine(Duration::from_secs(60)).is_some())
        };
        drop(engines);
        assert!(waiter.join().expect("no panic"));
    }
}
