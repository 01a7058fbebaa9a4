//! What the referee allows one engine per move: a clock (`tc=base+inc`),
//! a fixed time per move, a depth or node limit, and the time a search
//! without any time limit may take before the referee calls it hung.

use std::time::Duration;

use crate::game::GameError;
use crate::search::Clock;

/// How long a search without a clock or `movetime` may take before the
/// referee gives up on it (a depth or node limit never ends in a hang
/// detected sooner than this).
pub const UNTIMED_DEADLINE: Duration = Duration::from_secs(60);

/// The limits one engine plays under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Base time and increment: the engine's clock starts at `time` each
    /// game and gains `inc` after every move it makes.
    pub clock: Option<Clock>,
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Replaces [`UNTIMED_DEADLINE`] for searches without a time limit.
    pub timeout: Option<Duration>,
}

impl TimeControl {
    /// The time this move may take before it is late: what is left on the
    /// clock, the fixed move time, or (neither) the untimed deadline.
    pub fn budget(&self, remaining: Option<Duration>) -> Duration {
        match (remaining, self.movetime) {
            (Some(r), Some(m)) => r.min(m),
            (Some(r), None) => r,
            (None, Some(m)) => m,
            (None, None) => self.timeout.unwrap_or(UNTIMED_DEADLINE),
        }
    }

    /// The limits as an engine spec writes them (`tc=10+0.1,movetime=100`;
    /// `none` for none), for records.
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(c) = self.clock {
            parts.push(format!(
                "tc={}+{}",
                c.time.as_secs_f64(),
                c.inc.as_secs_f64()
            ));
        }
        if let Some(m) = self.movetime {
            parts.push(format!("movetime={}", m.as_millis()));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(",")
        }
    }

    /// Whether the engine can lose on time (it has a clock or a move time).
    pub fn is_timed(&self) -> bool {
        self.clock.is_some() || self.movetime.is_some()
    }
}

/// Parses `tc=` values: seconds of base time, optionally `+` seconds of
/// increment (`10+0.1`, `60`), as cutechess-cli writes them.
pub fn parse_tc(text: &str) -> Result<Clock, GameError> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |part: &str| -> Result<Duration, GameError> {
        part.trim()
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e7)
            .map(Duration::from_secs_f64)
            .ok_or_else(|| {
                GameError::new(format!(
                    "time control '{text}' must be BASE or BASE+INC in seconds, e.g. 10+0.1"
                ))
            })
    };
    let clock = Clock {
        time: seconds(base)?,
        inc: seconds(inc)?,
    };
    if clock.time.is_zero() {
        return Err(GameError::new(format!(
            "time control '{text}' has no base time"
        )));
    }
    Ok(clock)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tc_reads_base_and_increment_in_seconds() {
        let c = parse_tc("10+0.1").unwrap();
        assert_eq!(c.time, Duration::from_secs(10));
        assert_eq!(c.inc, Duration::from_millis(100));
        assert_eq!(parse_tc("60").unwrap().inc, Duration::ZERO);
        for bad in ["", "+1", "ten", "10+x", "-5", "0+1", "inf"] {
            assert!(parse_tc(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_budget_is_the_tighter_limit() {
        let tc = TimeControl {
            movetime: Some(Duration::from_millis(100)),
            ..TimeControl::default()
        };
        assert_eq!(tc.budget(None), Duration::from_millis(100));
        assert_eq!(
            tc.budget(Some(Duration::from_millis(40))),
            Duration::from_millis(40)
        );
        assert_eq!(TimeControl::default().budget(None), UNTIMED_DEADLINE);
    }
}
