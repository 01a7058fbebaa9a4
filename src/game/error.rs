//! The error of the rules layer and of the files the tools around it
//! read and write: a message a user can act on, and its kind, for a
//! caller that acts on the kind (a missing file is not a broken record).

use std::fmt;

/// What went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The rules refuse it: a bad option, position string, move or record.
    Rules,
    /// A file could not be read or written (with the operating system's
    /// reason).
    File(std::io::ErrorKind),
}

/// A rules-layer or file error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    kind: ErrorKind,
    message: String,
}

impl GameError {
    /// A rules error.
    pub fn new(message: impl Into<String>) -> Self {
        GameError {
            kind: ErrorKind::Rules,
            message: message.into(),
        }
    }

    /// The file `path` (a `what`: "record file", "openings file"…) could
    /// not be read or written.
    pub fn file(what: &str, path: &str, e: &std::io::Error) -> Self {
        GameError {
            kind: ErrorKind::File(e.kind()),
            message: format!("{what} '{path}': {e}"),
        }
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GameError {}
