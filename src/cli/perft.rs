//! `agon perft`: leaf counts per `shared/rules/PERFT.md`, with timing.

use std::io::Write;
use std::time::Instant;

use super::{game_and_options, parse_count};
use crate::game::perft::{divide, perft};
use crate::game::{Game, GameError, GameOptions};

/// Arguments of `agon perft`.
pub struct PerftArgs<'a> {
    pub game: &'a str,
    pub options: Option<&'a str>,
    pub position: Option<&'a str>,
    pub depth: &'a str,
    pub divide: bool,
}

/// Runs perft and prints its report to stdout.
pub fn run(args: &PerftArgs) -> Result<(), GameError> {
    let (kind, opts) = game_and_options(args.game, args.options)?;
    let depth = parse_count("depth", args.depth)?;
    let depth = u32::try_from(depth)
        .ok()
        .filter(|d| *d <= 64)
        .ok_or_else(|| GameError::new(format!("depth {depth} is too large (at most 64)")))?;
    crate::with_game!(kind, G => run_game::<G>(&opts, args.position, depth, args.divide))
}

fn run_game<G: Game>(
    opts: &GameOptions,
    position: Option<&str>,
    depth: u32,
    show_divide: bool,
) -> Result<(), GameError> {
    let pos = match position {
        Some(text) => G::from_position(text, opts)?,
        None => G::new(opts)?,
    };
    // Output errors (a closed pipe, as in `agon perft … | head`) are not
    // the user's problem to see as a panic: the report is simply cut.
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let leaves = if show_divide {
        let parts = divide(&pos, depth);
        for (m, n) in &parts {
            let _ = writeln!(out, "{m}: {n}");
        }
        if parts.is_empty() {
            perft(&pos, depth)
        } else {
            parts.iter().map(|(_, n)| n).sum()
        }
    } else {
        perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    let rate = if secs > 0.0 {
        leaves as f64 / secs
    } else {
        0.0
    };
    let _ = writeln!(out, "perft {depth}: {leaves}");
    let _ = writeln!(out, "time: {:.3} s, leaves/s: {:.0}", secs, rate);
    Ok(())
}
