//! How an engine can lose a game without the rules deciding it.

use std::fmt;

/// An engine's fault: it loses the game, and an external engine is
/// restarted before its next game (except after a late answer: it is
/// alive and in step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// The process exited, closed its output or could not be started.
    Crash,
    /// No answer by its time plus the margin (and a grace second to tell a
    /// late answer from none); the referee stopped waiting.
    Hang,
    /// It answered, but after its time plus the margin.
    Time,
    /// It answered with a move the rules do not allow here.
    Illegal,
    /// It broke the protocol: a line longer than the referee reads, or a
    /// `bestmove` nobody asked for (a `go` answered twice); what it says
    /// next cannot be trusted to answer the referee's question.
    Protocol,
}

impl Fault {
    pub const ALL: [Fault; 5] = [
        Fault::Crash,
        Fault::Hang,
        Fault::Time,
        Fault::Illegal,
        Fault::Protocol,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Fault::Crash => "crash",
            Fault::Hang => "hang",
            Fault::Time => "time",
            Fault::Illegal => "illegal move",
            Fault::Protocol => "protocol error",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A fault with what the referee saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub fault: Fault,
    pub detail: String,
}

impl Failure {
    pub fn new(fault: Fault, detail: impl Into<String>) -> Failure {
        Failure {
            fault,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.fault, self.detail)
    }
}
