//! Turning `go` limits into stopping rules, for every search and game.
//!
//! - `movetime`: soft = hard = movetime − overhead.
//! - clock: the time left less a reserve (`MoveOverhead` plus a safety
//!   margin, [`safety`]) is shared over the moves still to make:
//!   `movestogo` if given, else the game's estimate from the position
//!   ([`crate::game::SearchHints::moves_left`]), else [`DEFAULT_MOVES_TO_GO`].
//!   The share `left / moves + ¾·inc`, a quarter more with `Ponder` on
//!   (at most 40 % of what is left), is
//!   the soft limit — no new iteration starts after half of it, since the
//!   next one usually takes longer than all before it — and at most 4× the
//!   soft limit, never more than 80 % of what is left, is the hard limit,
//!   checked while searching. A search that pondered gets, from
//!   `ponderhit`, its share as both limits
//!   ([`TimeManager::after_ponderhit`]).
//! - clocks given, but none for the mover, and no `movetime`, `depth` or
//!   `nodes`: [`UNCLOCKED_MOVETIME`], as if `movetime` said so (`go wtime
//!   1000` with Black to move must still answer).
//! - `infinite` or no limit at all: only `stop`, depth and nodes end it.

use super::limits::Limits;
use super::SearchConfig;
use crate::game::Player;
use std::time::{Duration, Instant};

/// Moves to share the clock over when neither `movestogo` nor the game
/// gives a number.
pub const DEFAULT_MOVES_TO_GO: u32 = 30;

/// The most moves a clock is shared over (Zamma's and Kubeia's openings
/// expect 120, so that 60 plies leave more than 40 % of the base).
pub const MAX_MOVES_TO_GO: u32 = 120;

/// The move time of a search whose `go` gives clocks but not the mover's,
/// and nothing else that ends it: short, so a GUI that sent the wrong
/// side's clock gets a prompt `bestmove`.
pub const UNCLOCKED_MOVETIME: Duration = Duration::from_millis(1000);

/// The margin kept beyond `MoveOverhead`: 1 % of the clock, 5 to 50 ms
/// (process start-up of a search thread, a descheduled poll, output).
fn safety(time: Duration) -> Duration {
    (time / 100).clamp(Duration::from_millis(5), Duration::from_millis(50))
}

#[derive(Clone, Debug)]
pub struct TimeManager {
    pub start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// Time is set by a clock (not a fixed movetime): may stop early.
    pub flexible: bool,
}

impl TimeManager {
    /// The limits of a search by `mover`, who expects to make `moves_left`
    /// more moves in the game (the game's estimate, if it has one).
    pub fn new(
        limits: &Limits,
        config: &SearchConfig,
        mover: Player,
        moves_left: Option<u32>,
    ) -> TimeManager {
        let overhead = config.move_overhead;
        let floor = Duration::from_millis(1);
        let mut tm = TimeManager::unlimited();
        if limits.infinite {
            return tm;
        }
        let movers_clock = limits.clocks.get(usize::from(mover)).copied().flatten();
        let others_only = movers_clock.is_none() && limits.clocks.iter().any(Option::is_some);
        let bounded = limits.depth.is_some() || limits.nodes.is_some();
        let movetime = match limits.movetime {
            None if others_only && !bounded => Some(UNCLOCKED_MOVETIME),
            mt => mt,
        };
        if let Some(mt) = movetime {
            let t = mt.saturating_sub(overhead).max(floor);
            tm.soft = Some(t);
            tm.hard = Some(t);
        }
        if let Some(clock) = movers_clock {
            let reserve = overhead + safety(clock.time);
            let left = clock.time.saturating_sub(reserve).max(floor);
            let mtg = limits
                .movestogo
                .or(moves_left)
                .unwrap_or(DEFAULT_MOVES_TO_GO)
                .clamp(1, MAX_MOVES_TO_GO);
            let mut share = left / mtg + clock.inc * 3 / 4;
            if config.ponder {
                // Stockfish's: the opponent's time is also ours to think.
                share += share / 4;
            }
            let soft = share.min(left * 4 / 10).max(floor);
            let hard = (soft * 4).min(left * 8 / 10).max(soft);
            tm.soft = Some(tm.soft.map_or(soft, |s| s.min(soft)));
            tm.hard = Some(tm.hard.map_or(hard, |h| h.min(hard)));
            tm.flexible = true;
        }
        tm
    }

    /// No limit: only `stop`, depth and nodes end the search.
    pub fn unlimited() -> TimeManager {
        TimeManager {
            start: Instant::now(),
            soft: None,
            hard: None,
            flexible: false,
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The limits of a search that pondered, from `ponderhit` at `at`:
    /// the clock starts there. Under a clock the search gets its share
    /// of the clock, as its hard limit too. The time
    /// pondered was the opponent's, and saving it for later (Stockfish
    /// counts it against the share) gains nothing in a game that ends
    /// with most of the clock unused: Petteia's at 10+0.1 spend a fifth of
    /// it, and with the time pondered counted a ponder that hit two
    /// moves in three gained +7 ± 48 Elo (README, "Pondering"). The
    /// iteration running at `ponderhit` started without a limit, so the
    /// share is also the hard limit: a hit never costs the clock more than
    /// a share, where a search of its own may run to four.
    pub fn after_ponderhit(&self, at: Instant) -> TimeManager {
        let mut tm = TimeManager {
            start: at,
            ..self.clone()
        };
        if self.flexible {
            tm.hard = self.soft;
        }
        tm
    }

    /// Whether another iteration, expected to take `next`, may start:
    /// under a clock only before half the soft limit and if it would end
    /// before the hard one (an iteration cut short by the hard limit is
    /// time spent for nothing: Kubeia's next ply costs about 100 times the
    /// last).
    pub fn may_start_iteration(&self, next: Duration) -> bool {
        let elapsed = self.elapsed();
        match (self.soft, self.hard) {
            (Some(soft), Some(hard)) if self.flexible => {
                elapsed < soft / 2 && elapsed + next < hard
            }
            (Some(soft), _) => elapsed < soft,
            (None, _) => true,
        }
    }

    /// Whether the soft limit has passed (an anytime search stops there).
    pub fn past_soft(&self) -> bool {
        self.soft.is_some_and(|s| self.elapsed() >= s)
    }

    /// Whether the search must stop now.
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    pub fn has_deadline(&self) -> bool {
        self.hard.is_some()
    }

    /// The time a search under these limits aims to use.
    pub fn soft_limit(&self) -> Option<Duration> {
        self.soft
    }
}

/// The main thread's iterations so far, to predict the next one's time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Deepening {
    /// When the last completed iteration ended (time since the start).
    end: Duration,
    last: Duration,
    prev: Duration,
}

impl Deepening {
    /// Records an iteration completed `at` this time since the start.
    pub fn completed(&mut self, at: Duration) {
        self.prev = self.last;
        self.last = at.saturating_sub(self.end);
        self.end = at;
    }

    /// The next iteration's time: the last one's times its growth over
    /// the one before (at least 2).
    pub fn next(&self) -> Duration {
        let growth = if self.prev.is_zero() {
            2.0
        } else {
            (self.last.as_secs_f64() / self.prev.as_secs_f64()).clamp(2.0, 1000.0)
        };
        self.last.mul_f64(growth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Clock;

    fn cfg() -> SearchConfig {
        SearchConfig {
            move_overhead: Duration::from_millis(10),
            ..SearchConfig::default()
        }
    }

    #[test]
    fn movetime_is_net_of_overhead() {
        let tm = TimeManager::new(&Limits::movetime(500), &cfg(), 0, None);
        assert_eq!(tm.hard, Some(Duration::from_millis(490)));
        assert_eq!(tm.soft, tm.hard);
    }

    #[test]
    fn clock_uses_the_movers_clock_and_stays_within_it() {
        let limits = Limits {
            clocks: vec![
                Some(Clock {
                    time: Duration::from_millis(60_000),
                    inc: Duration::from_millis(1000),
                }),
                Some(Clock {
                    time: Duration::from_millis(1_000),
                    inc: Duration::ZERO,
                }),
            ],
            ..Limits::default()
        };
        let a = TimeManager::new(&limits, &cfg(), 0, None);
        let b = TimeManager::new(&limits, &cfg(), 1, None);
        // (60 s − 10 ms − 50 ms) / 30 + 0.75 s.
        assert_eq!(a.soft, Some(Duration::from_millis(2_748)));
        assert_eq!(a.hard, Some(Duration::from_millis(4 * 2_748)));
        // The game's estimate of the moves left replaces the default.
        let long = TimeManager::new(&limits, &cfg(), 0, Some(60));
        assert_eq!(long.soft, Some(Duration::from_millis(999 + 750)));
        assert!(b.hard.expect("hard bound") <= Duration::from_millis(800));
        assert!(b.soft < a.soft);
        let tg = Limits {
            movestogo: Some(1),
            ..limits.clone()
        };
        let c = TimeManager::new(&tg, &cfg(), 1, None);
        // One move to go may not spend the whole clock.
        assert!(c.hard.expect("hard") < Duration::from_millis(990));
    }

    #[test]
    fn after_ponderhit_a_clocked_search_has_its_share_as_its_hard_limit() {
        let clocked = Limits {
            clocks: vec![Some(Clock {
                time: Duration::from_millis(60_000),
                inc: Duration::ZERO,
            })],
            ..Limits::default()
        };
        let tm = TimeManager::new(&clocked, &cfg(), 0, None);
        let soft = tm.soft.expect("a soft limit");
        assert!(tm.hard > tm.soft);
        // Whatever was pondered, the share counts from ponderhit, and it
        // is the hard limit too.
        for pondered in [soft / 4, soft * 2] {
            let hit = tm.start + pondered;
            let after = tm.after_ponderhit(hit);
            assert_eq!(after.start, hit);
            assert_eq!((after.soft, after.hard), (Some(soft), Some(soft)));
        }
        // A movetime is the time after ponderhit, whatever was pondered.
        let mt = TimeManager::new(&Limits::movetime(500), &cfg(), 0, None);
        let after = mt.after_ponderhit(mt.start + Duration::from_secs(3));
        assert_eq!((after.soft, after.hard), (mt.soft, mt.hard));
    }

    #[test]
    fn no_iteration_starts_that_would_end_after_the_hard_limit() {
        let limits = Limits {
            clocks: vec![Some(Clock {
                time: Duration::from_millis(10_000),
                inc: Duration::ZERO,
            })],
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, &cfg(), 0, None);
        let mut d = Deepening::default();
        d.completed(Duration::from_millis(1));
        d.completed(Duration::from_millis(101));
        // The last took 100 ms, 100 times the one before: 10 s next.
        assert_eq!(d.next(), Duration::from_secs(10));
        assert!(!tm.may_start_iteration(d.next()));
        assert!(tm.may_start_iteration(Duration::from_millis(10)));
    }

    #[test]
    fn a_clock_for_another_player_only_still_ends_the_search() {
        let limits = Limits {
            clocks: vec![
                None,
                Some(Clock {
                    time: Duration::from_millis(1000),
                    inc: Duration::ZERO,
                }),
            ],
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, &cfg(), 0, None);
        assert_eq!(
            tm.hard,
            Some(UNCLOCKED_MOVETIME - Duration::from_millis(10))
        );
        // A depth or node limit ends it already; no clock at all is `go`.
        let deep = Limits {
            depth: Some(3),
            ..limits.clone()
        };
        assert!(!TimeManager::new(&deep, &cfg(), 0, None).has_deadline());
        assert!(!TimeManager::new(&Limits::default(), &cfg(), 0, None).has_deadline());
    }

    #[test]
    fn infinite_has_no_deadline() {
        let limits = Limits {
            infinite: true,
            movetime: Some(Duration::from_millis(5)),
            ..Limits::default()
        };
        assert!(!TimeManager::new(&limits, &cfg(), 0, None).has_deadline());
    }
}
