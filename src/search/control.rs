//! When a search stops, for every algorithm: the caller's stop flag, a
//! node limit, the time manager's hard limit, and the abort flag that the
//! first thread to see a reason raises for all the others (and that the
//! main thread raises when it is done, ending the Lazy SMP helpers).
//!
//! Each search thread counts its nodes in a [`Ticker`]; it adds them to
//! the shared count and looks at the clock every [`POLL`] nodes, and at
//! the abort flag and the node limit at every node.

use super::info::ScoreReport;
use super::limits::Limits;
use super::signal::Signal;
use super::time::TimeManager;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Nodes between two looks at the clock and the stop flag.
pub const POLL: u64 = 1024;
const _: () = assert!(POLL.is_power_of_two());

/// State shared by the threads of one search.
pub struct Control<'a> {
    signal: &'a Signal,
    abort: AtomicBool,
    /// Nodes flushed by all threads.
    nodes: AtomicU64,
    node_limit: Option<u64>,
    /// `go mate N`'s N.
    mate: Option<u32>,
    /// The limits as the search started; see [`Control::time`].
    time: TimeManager,
}

impl<'a> Control<'a> {
    pub fn new(limits: &Limits, time: TimeManager, signal: &'a Signal) -> Self {
        Control {
            signal,
            abort: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            node_limit: limits.nodes,
            mate: limits.mate,
            time,
        }
    }

    /// Stops only on `stop` (fixed-depth searches).
    pub fn unlimited(signal: &'a Signal) -> Self {
        Control::new(&Limits::default(), TimeManager::unlimited(), signal)
    }

    /// The time limits as they stand: none while the search ponders,
    /// from `ponderhit` on those of `go` with the clock started there
    /// ([`TimeManager::after_ponderhit`]).
    pub fn time(&self) -> Option<TimeManager> {
        if self.signal.is_pondering() {
            return None;
        }
        Some(match self.signal.ponderhit_at() {
            Some(at) => self.time.after_ponderhit(at),
            None => self.time.clone(),
        })
    }

    /// Whether time is set by a clock (the search may stop early when
    /// its best move is settled): never while pondering.
    pub fn flexible(&self) -> bool {
        self.time().is_some_and(|t| t.flexible)
    }

    /// Whether `score` is the win `go mate N` looks for: in at most `N`
    /// of the mover's moves.
    pub fn mate_found(&self, score: ScoreReport) -> bool {
        match (self.mate, score) {
            (Some(limit), ScoreReport::Mate(n)) => n > 0 && n.unsigned_abs() <= limit,
            _ => false,
        }
    }

    /// Ends the search for every thread.
    pub fn abort(&self) {
        self.abort.store(true, Ordering::Relaxed);
    }

    pub fn aborted(&self) -> bool {
        self.abort.load(Ordering::Relaxed)
    }

    /// Nodes counted by all threads so far (up to each one's last flush).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Time since the search started, pondering included: what the
    /// reports show (`time`, and `nps` with it) and what iterations are
    /// measured by; the limits count from `ponderhit` ([`Control::time`]).
    pub fn elapsed(&self) -> Duration {
        self.time.elapsed()
    }

    /// Whether the main thread may start another iteration, expected to
    /// take `next`.
    pub fn may_deepen(&self, next: Duration) -> bool {
        !self.must_stop() && self.time().is_none_or(|t| t.may_start_iteration(next))
    }

    /// Whether an anytime search (MCTS, whose result improves with every
    /// playout but needs no finished iteration) must stop now: at any
    /// reason to stop, or at the soft time limit, where an iterative
    /// search would start no new iteration. Raises the abort flag if so.
    pub fn anytime_done(&self) -> bool {
        if self.time().is_some_and(|t| t.past_soft()) {
            self.abort();
        }
        self.must_stop()
    }

    /// Whether to stop now; raises the abort flag if so. Every thread
    /// looks at the clock: with more threads than cores the main thread
    /// may not run for a while.
    fn must_stop(&self) -> bool {
        if self.aborted() {
            return true;
        }
        let out = self.signal.stopped()
            || self.node_limit.is_some_and(|l| self.nodes() >= l)
            || self.time().is_some_and(|t| t.out_of_time());
        if out {
            self.abort();
        }
        out
    }
}

/// One thread's node count.
#[derive(Default)]
pub struct Ticker {
    /// Nodes visited by this thread.
    pub nodes: u64,
    flushed: u64,
    /// Nodes of the other threads at the last poll.
    others: u64,
    /// This thread has seen a reason to stop.
    pub stopped: bool,
}

impl Ticker {
    /// Counts a node; true if the search must stop.
    #[inline]
    pub fn tick(&mut self, c: &Control) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if c.node_limit.is_some_and(|l| self.nodes + self.others >= l) {
            c.abort();
            self.stopped = true;
        } else if self.nodes & (POLL - 1) == 0 {
            self.poll(c);
        } else if c.aborted() {
            // Seen at the next node, not the next poll: with more threads
            // than cores a thread may wait long for its next poll.
            self.stopped = true;
        }
        self.stopped
    }

    /// Adds this thread's new nodes to the shared count and looks at
    /// every reason to stop.
    pub fn poll(&mut self, c: &Control) {
        self.flush(c);
        self.others = c.nodes() - self.flushed;
        if c.must_stop() {
            self.stopped = true;
        }
    }

    /// Adds this thread's new nodes to the shared count.
    pub fn flush(&mut self, c: &Control) {
        c.nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// All nodes of all threads so far (exact for this thread).
    pub fn total(&self, c: &Control) -> u64 {
        c.nodes() + (self.nodes - self.flushed)
    }
}
