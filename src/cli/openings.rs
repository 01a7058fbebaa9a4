//! `agon openings`: an openings file for `agon match --openings-file`, one
//! position string a line. From game records (`--from FILE`: agon's match
//! records or the game's own format, e.g. the MiGs Abalone games): the
//! distinct positions after `--plies` plies of each game. Without records:
//! random openings (uniform moves, throws and rolls by their
//! probabilities) whose static evaluation for the player to move is within
//! `--balance` centi-units (or win probability 0.5 ± balance/1000 in
//! Palma), distinct, until `--count` are found. The positions are made in
//! [`crate::arena::openings`]; this parses the arguments and prints.

use clap::Args;

use super::{parse_openings, GameCommand, Openings};
use crate::arena::openings::{self, RandomOpenings};
use crate::game::{GameError, GameOptions, Playable};
use crate::games::GameKind;

#[derive(Args)]
pub struct OpeningsArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameKind::Abalone)]
    pub game: GameKind,
    /// Variant options, e.g. "layout=belgian".
    #[arg(long)]
    pub options: Option<String>,
    /// Positions from these game records instead of random openings.
    #[arg(long, value_name = "FILE")]
    pub from: Option<String>,
    /// Plies from the start: N or MIN-MAX (random openings draw each).
    #[arg(long, default_value = "6", value_parser = parse_openings)]
    pub plies: Openings,
    /// Positions wanted (random openings; records give at most one each).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub count: u32,
    /// Largest static evaluation, in centi-units, of a random opening
    /// (Palma: per mille of win probability away from 0.5).
    #[arg(long, default_value_t = 60)]
    pub balance: u32,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl GameCommand for OpeningsArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        self.options.as_deref()
    }

    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        let start = G::new(opts)?;
        let out = if let Some(path) = &self.from {
            let plies = self.plies.min as usize;
            let out = openings::from_records::<G>(opts, path, plies, self.count as usize)?;
            out!(
                "# {}: {} distinct positions after {plies} plies of the games in {path} (agon openings --game {} --from {path} --plies {plies} --count {})",
                G::NAME,
                out.len(),
                G::NAME,
                self.count
            );
            out
        } else {
            let out = RandomOpenings {
                min_plies: self.plies.min,
                max_plies: self.plies.max,
                count: self.count,
                balance: self.balance,
                seed: self.seed,
            }
            .make(&start);
            out!(
                "# {}: {} random openings of {}-{} plies, static evaluation within {} (agon openings --game {} --plies {}-{} --count {} --balance {} --seed {})",
                G::NAME,
                out.len(),
                self.plies.min,
                self.plies.max,
                self.balance,
                G::NAME,
                self.plies.min,
                self.plies.max,
                self.count,
                self.balance,
                self.seed
            );
            out
        };
        if out.is_empty() {
            return Err(GameError::new("no position found"));
        }
        for p in out {
            out!("{p}");
        }
        Ok(())
    }
}
