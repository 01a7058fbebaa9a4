//! When a search stops: the caller's stop flag, a node budget and the
//! time budget (`movetime`, or a share of the mover's clock), polled every
//! [`POLL`] nodes by each thread. The first thread to see a reason raises
//! `aborted`, which every thread then honours.

use crate::game::Player;
use crate::search::{Limits, SearchConfig};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Nodes between two polls.
pub const POLL: u64 = 1024;

/// Moves the rest of the clock is assumed to last when `movestogo` is unset.
const MOVES_LEFT: u32 = 30;

pub struct Clock<'a> {
    pub start: Instant,
    stop: &'a AtomicBool,
    aborted: AtomicBool,
    nodes: AtomicU64,
    node_limit: Option<u64>,
    /// Abort the running iteration at this time.
    hard: Option<Duration>,
    /// Start no new iteration after this time.
    soft: Option<Duration>,
}

impl<'a> Clock<'a> {
    pub fn new(
        limits: &Limits,
        config: &SearchConfig,
        mover: Player,
        stop: &'a AtomicBool,
    ) -> Self {
        let (mut hard, mut soft) = (None, None);
        if !limits.infinite {
            if let Some(t) = limits.movetime {
                let t = t
                    .saturating_sub(config.move_overhead)
                    .max(Duration::from_millis(1));
                hard = Some(t);
                soft = Some(t);
            } else if let Some(Some(c)) = limits.clocks.get(usize::from(mover)) {
                let left = c.time.saturating_sub(config.move_overhead);
                let share = left / limits.movestogo.unwrap_or(MOVES_LEFT).max(1) + c.inc * 3 / 4;
                let budget = share.min(left / 2).max(Duration::from_millis(1));
                hard = Some(budget);
                // The next iteration costs several times all earlier ones.
                soft = Some(budget / 3);
            }
        }
        Clock {
            start: Instant::now(),
            stop,
            aborted: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            node_limit: limits.nodes,
            hard,
            soft,
        }
    }

    /// A clock that only stops on `stop` (fixed-depth searches).
    pub fn unlimited(stop: &'a AtomicBool) -> Self {
        Clock {
            start: Instant::now(),
            stop,
            aborted: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            node_limit: None,
            hard: None,
            soft: None,
        }
    }

    /// Adds a thread's new nodes and says whether to abort.
    pub fn poll(&self, new_nodes: u64) -> bool {
        let n = self.nodes.fetch_add(new_nodes, Ordering::Relaxed) + new_nodes;
        if self.aborted.load(Ordering::Relaxed) {
            return true;
        }
        let out = self.stop.load(Ordering::Relaxed)
            || self.node_limit.is_some_and(|l| n >= l)
            || self.hard.is_some_and(|h| self.start.elapsed() >= h);
        if out {
            self.aborted.store(true, Ordering::Relaxed);
        }
        out
    }

    pub fn aborted(&self) -> bool {
        self.aborted.load(Ordering::Relaxed)
    }

    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Whether another iteration may start.
    pub fn may_deepen(&self) -> bool {
        !self.poll(0) && self.soft.is_none_or(|s| self.start.elapsed() < s)
    }
}
