//! Command-line subcommands. With no subcommand `agon` speaks the protocol.

/// Prints a line; a closed pipe (`agon bench | head`) cuts the report
/// rather than panicking. Defined before the submodules so they see it.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub mod analyse;
pub mod bench;
pub mod matches;
pub mod perft;
pub mod tune;
pub mod tune_spsa;

use crate::game::{GameError, GameOptions};
use crate::games::GameKind;

/// Parses a non-negative integer argument with a one-line error.
pub fn parse_count(what: &str, text: &str) -> Result<u64, GameError> {
    text.trim().parse::<u64>().map_err(|_| {
        GameError::new(format!(
            "{what} must be a non-negative integer, not '{text}'"
        ))
    })
}

/// Looks up the game by name and validates its variant options (a one-line
/// error for an unknown game, key or value).
pub fn game_and_options(
    game: &str,
    options: Option<&str>,
) -> Result<(GameKind, GameOptions), GameError> {
    let kind = GameKind::from_name(game)?;
    let opts = GameOptions::parse(options.unwrap_or(""), kind.option_specs())?;
    Ok((kind, opts))
}

/// Parses random opening plies, `N` or `MIN-MAX`.
pub fn parse_openings(text: &str) -> Result<(u32, u32), GameError> {
    let (lo, hi) = match text.split_once('-') {
        Some((lo, hi)) => (
            parse_count("opening plies", lo)?,
            parse_count("opening plies", hi)?,
        ),
        None => {
            let n = parse_count("opening plies", text)?;
            (n, n)
        }
    };
    if lo > hi || hi > 1000 {
        return Err(GameError::new(format!(
            "opening plies '{text}' must be N or MIN-MAX with MIN <= MAX <= 1000"
        )));
    }
    Ok((lo as u32, hi as u32))
}
