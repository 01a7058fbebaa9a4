//! The UCI-style text protocol (`protocol.md` is its specification).

/// Reads protocol commands from stdin until `quit` or end of input.
pub fn run() {}
