//! What bounds a search: the protocol's `go` arguments, game-neutral.

use std::time::Duration;

/// One player's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time: Duration,
    pub inc: Duration,
}

/// Limits of one search (`go …`). Every field `None`/empty and
/// `infinite == false` means: search until stopped or until the depth cap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Clock of each player, indexed by `Player`.
    pub clocks: Vec<Option<Clock>>,
    pub movestogo: Option<u32>,
    pub infinite: bool,
    /// `go mate N`: the search ends once it has proved a win in at most
    /// `N` of the mover's moves.
    pub mate: Option<u32>,
}

impl Limits {
    pub fn depth(d: u32) -> Self {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    pub fn movetime(ms: u64) -> Self {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
}
