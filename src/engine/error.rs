//! The error of a request to the engine. Its callers (the protocol, the
//! GUI's engine behind it) print it; the one kind they tell apart is a
//! request that needs the job thread while a job runs.

use std::fmt;

use crate::game::GameError;

/// Why the engine did not do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// A job runs and the request needs the job thread: `stop` first.
    Busy,
    /// Anything else: the request does not fit the game or position, or
    /// the machine refused a thread or the table's memory; the message
    /// says which.
    Message(String),
}

impl EngineError {
    pub fn new(message: impl Into<String>) -> Self {
        EngineError::Message(message.into())
    }
}

impl From<GameError> for EngineError {
    fn from(e: GameError) -> Self {
        EngineError::Message(e.to_string())
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Busy => f.write_str("a search is running; send stop first"),
            EngineError::Message(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for EngineError {}
