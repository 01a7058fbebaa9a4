//! `agon openings`: an openings file for `agon match --openings-file`, one
//! position string a line. From game records (`--from FILE`: agon's match
//! records or the game's own format, e.g. the MiGs Abalone games): the
//! distinct positions after `--plies` plies of each game. Without records:
//! random openings (uniform moves, throws and rolls by their
//! probabilities) whose static evaluation for the player to move is within
//! `--balance` centi-units (or win probability 0.5 ± balance/1000 in
//! Palma), distinct, until `--count` are found.

use clap::Args;
use rand::SeedableRng;
use rand_pcg::Pcg64;

use super::{parse_openings, GameCommand, Openings};
use crate::arena::{random_opening, record};
use crate::game::files::{read_regular_text, MAX_TEXT_BYTES};
use crate::game::{Evaluator, GameError, GameOptions, Playable, Status};
use crate::games::GameKind;
use crate::search::expectimax::value::Scale;

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
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        if let Some(path) = &self.from {
            let text = read_regular_text(std::path::Path::new(path), MAX_TEXT_BYTES)
                .map_err(|e| GameError::file("cannot read", path, &e))?;
            if text.trim().is_empty() {
                return Err(GameError::new(format!("'{path}' is empty")));
            }
            let games: Vec<(G, Vec<String>)> = if record::is_match_record(&text) {
                let options = opts.to_string();
                record::read_located::<G>(&text)
                    .map_err(|e| e.in_file(path))?
                    .records
                    .into_iter()
                    .map(|located| {
                        // The record's own options (checked) must be the
                        // variant asked for: its positions are of that one.
                        let line = located.replay::<G>().map_err(|e| e.in_file(path))?;
                        if located.record.options != options {
                            return Err(GameError::new(format!(
                                "{path}:{}: options '{}', not '{options}' (--options)",
                                located.tag_line("Options"),
                                located.record.options
                            )));
                        }
                        let moves = located.record.moves.into_iter().map(|(m, _)| m);
                        Ok((line[0].clone(), moves.collect()))
                    })
                    .collect::<Result<_, GameError>>()?
            } else {
                G::read_records(&text, opts)?
                    .into_iter()
                    .map(|r| (r.start, r.moves))
                    .collect()
            };
            let plies = self.plies.min as usize;
            for (mut pos, moves) in games {
                if moves.len() <= plies || out.len() >= self.count as usize {
                    continue;
                }
                let mut ok = true;
                for m in &moves[..plies] {
                    match pos.parse_move(m) {
                        Ok(mv) => pos.play(mv),
                        Err(_) => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok && !pos.status().is_over() && seen.insert(pos.position()) {
                    out.push(pos.position());
                }
            }
            out!(
                "# {}: {} distinct positions after {plies} plies of the games in {path} (agon openings --game {} --from {path} --plies {plies} --count {})",
                G::NAME,
                out.len(),
                G::NAME,
                self.count
            );
        } else {
            let evaluator = G::Evaluator::default();
            let scale = Scale::of::<G>(&evaluator);
            let exact = evaluator.win_probability_scale().is_some();
            let mut rng = Pcg64::seed_from_u64(self.seed);
            let mut tries = 0u64;
            while out.len() < self.count as usize && tries < 1000 * u64::from(self.count) {
                tries += 1;
                let (lo, hi) = (self.plies.min, self.plies.max);
                let n = if hi > lo {
                    rand::Rng::gen_range(&mut rng, lo..=hi)
                } else {
                    lo
                };
                let pos = random_opening(&start, n, &mut rng);
                let me = match pos.status() {
                    Status::Decision(p) => p,
                    // A throw or roll pending: judged for the one to throw.
                    Status::Chance => crate::search::expectimax::root_view(&pos),
                    Status::Over(_) => continue,
                };
                let value = f64::from(evaluator.evaluate_for(&pos, me));
                let off = if exact {
                    (scale.win_probability(value) - 0.5).abs() * 1000.0
                } else {
                    value.abs()
                };
                if off <= f64::from(self.balance) && seen.insert(pos.position()) {
                    out.push(pos.position());
                }
            }
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
        }
        if out.is_empty() {
            return Err(GameError::new("no position found"));
        }
        for p in out {
            out!("{p}");
        }
        Ok(())
    }
}
