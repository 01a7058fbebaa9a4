//! Making an openings file's positions (`agon openings`): the distinct
//! positions after some plies of recorded games, or random openings whose
//! static evaluation is near level. The command line reads its arguments
//! and prints what these return.

use std::collections::HashSet;

use rand::SeedableRng;
use rand_pcg::Pcg64;

use crate::arena::{random_opening, record};
use crate::game::{Evaluator, GameError, GameOptions, Playable, Status};
use crate::search::winprob::Scale;

/// The distinct positions after `plies` plies of the games in the record
/// file `path` (agon's match records, whose options must be `opts`, or the
/// game's own format), at most `count`, in the order of the games. A game
/// shorter than that, ended by then, or with a move that does not parse
/// gives none.
pub fn from_records<G: Playable>(
    opts: &GameOptions,
    path: &str,
    plies: usize,
    count: usize,
) -> Result<Vec<String>, GameError> {
    let text = crate::game::files::read_regular_text(
        std::path::Path::new(path),
        crate::game::files::MAX_TEXT_BYTES,
    )
    .map_err(|e| GameError::file("cannot read", path, &e))?;
    from_record_text::<G>(opts, path, &text, plies, count)
}

/// [`from_records`] of a record file's `text` (`path` names it in errors).
// pub: the fuzz target `openings` reads texts without files.
pub fn from_record_text<G: Playable>(
    opts: &GameOptions,
    path: &str,
    text: &str,
    plies: usize,
    count: usize,
) -> Result<Vec<String>, GameError> {
    if text.trim().is_empty() {
        return Err(GameError::new(format!("'{path}' is empty")));
    }
    let games: Vec<(G, Vec<String>)> = if record::is_match_record(text) {
        let options = opts.to_string();
        record::read_located::<G>(text)
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
        G::read_records(text, opts)?
            .into_iter()
            .map(|r| (r.start, r.moves))
            .collect()
    };
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (mut pos, moves) in games {
        if moves.len() <= plies || out.len() >= count {
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
    Ok(out)
}

/// What random openings to make.
#[derive(Clone, Copy, Debug)]
pub struct RandomOpenings {
    /// Plies from the start, drawn in `min..=max` for each.
    pub min_plies: u32,
    pub max_plies: u32,
    /// Positions wanted; 1000 tries for each at most.
    pub count: u32,
    /// Largest static evaluation for the player to move, in centi-units
    /// (a win-probability evaluator, Palma: per mille away from 0.5).
    pub balance: u32,
    pub seed: u64,
}

impl RandomOpenings {
    /// Random openings from `start` (uniform moves, throws and rolls by
    /// their probabilities), distinct and within the balance, until
    /// `count` are found or the tries run out.
    pub fn make<G: Playable>(&self, start: &G) -> Vec<String> {
        let evaluator = G::Evaluator::default();
        let scale = Scale::of::<G>(&evaluator);
        let exact = evaluator.win_probability_scale().is_some();
        let mut rng = Pcg64::seed_from_u64(self.seed);
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut tries = 0u64;
        while out.len() < self.count as usize && tries < 1000 * u64::from(self.count) {
            tries += 1;
            let (lo, hi) = (self.min_plies, self.max_plies);
            let n = if hi > lo {
                rand::Rng::gen_range(&mut rng, lo..=hi)
            } else {
                lo
            };
            let pos = random_opening(start, n, &mut rng);
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
        out
    }
}
