//! `agon perft`: leaf counts (the definition is in the module docs of
//! [`crate::game::perft`]), with timing.

use std::time::Instant;

use clap::Args;

use super::GameCommand;
use crate::game::perft::{divide_each, perft};
use crate::game::{GameError, GameOptions, Playable};
use crate::games::GameKind;

/// Arguments of `agon perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameKind::Abalone)]
    pub game: GameKind,
    /// Variant options, e.g. "layout=belgian princess=on".
    #[arg(long)]
    pub options: Option<String>,
    /// Position string (the game's own format); default: the start.
    #[arg(long)]
    pub position: Option<String>,
    /// Depth in decision plies.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: u32,
    /// Print the count below each root move as it is counted.
    #[arg(long)]
    pub divide: bool,
}

impl GameCommand for PerftArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        self.options.as_deref()
    }

    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        let pos: G = super::position_or_start(self.position.as_deref(), opts)?;
        let depth = self.depth;
        let start = Instant::now();
        let leaves = if self.divide {
            let mut sum = 0;
            let mut any = false;
            divide_each(&pos, depth, |m, n| {
                out!("{m}: {n}");
                sum += n;
                any = true;
            });
            if any {
                sum
            } else {
                perft(&pos, depth)
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
        out!("perft {depth}: {leaves}");
        out!("time: {:.3} s, leaves/s: {:.0}", secs, rate);
        Ok(())
    }
}
