//! The one error type of the rules layer: a message a user can act on.

use std::fmt;

/// A rules-layer error (bad option, bad position string, illegal move…).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    message: String,
}

impl GameError {
    pub fn new(message: impl Into<String>) -> Self {
        GameError {
            message: message.into(),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GameError {}
