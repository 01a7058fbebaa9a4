//! One SPSA game pair: two parameter sets (evaluation weights, or number
//! settings of the search) play a colour-swapped pair of games from the
//! same random opening and with the same chance seed (mirrored dice), as
//! the pairs of `agon match` are played (`arena/referee.rs`).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::spsa::{rounded, PairResult};
use crate::arena::seating::Seating;
use crate::arena::{play_game, random_opening, EngineSpec, Lineup};
use crate::engine::Core;
use crate::game::{GameError, Playable, Player, WeightSet};
use crate::settings::{self, Kind, SettingSpec, SETTINGS};

/// What SPSA moves.
#[derive(Clone, Copy)]
pub enum Tuned<'a> {
    /// The engine's evaluation weights (`weights=`).
    Weights,
    /// Number settings of the engine (`--search-params`: search margins
    /// and counts), each kept inside its range.
    Settings(&'a [&'static SettingSpec]),
}

/// The number settings `text` names with their start values
/// (`reversefutility=60,latemovepruning=3`: engine-spec keys of spin
/// settings).
pub fn parse_settings(text: &str) -> Result<Vec<(&'static SettingSpec, f64)>, GameError> {
    let mut out: Vec<(&'static SettingSpec, f64)> = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| GameError::new(format!("--search-params: '{part}' is not key=start")))?;
        let spec = SETTINGS
            .iter()
            .find(|s| s.in_spec && s.name.eq_ignore_ascii_case(key.trim()))
            .filter(|s| matches!(s.kind, Kind::Spin { .. }))
            .ok_or_else(|| {
                let numbers: Vec<String> = SETTINGS
                    .iter()
                    .filter(|s| s.in_spec && matches!(s.kind, Kind::Spin { .. }))
                    .map(|s| s.name.to_ascii_lowercase())
                    .collect();
                GameError::new(format!(
                    "--search-params: '{key}' is not a number setting (these are: {})",
                    numbers.join(", ")
                ))
            })?;
        if out.iter().any(|(s, _)| s.id == spec.id) {
            return Err(GameError::new(format!("--search-params: '{key}' twice")));
        }
        let start = spec
            .spin(value)
            .map_err(|e| GameError::new(format!("--search-params: {key}: {e}")))?;
        out.push((spec, start as f64));
    }
    if out.is_empty() {
        return Err(GameError::new("--search-params: no setting named"));
    }
    Ok(out)
}

/// What every pair of a run shares.
#[derive(Clone)]
pub struct PairSetup<'a, G> {
    pub start: G,
    /// The engine both sides use; only what is tuned differs.
    pub engine: EngineSpec,
    pub tuned: Tuned<'a>,
    /// Random opening plies: `min..=max`.
    pub opening_plies: (u32, u32),
    pub max_plies: u32,
}

/// Whether `engine` with the weights `theta` can play `start`'s game: its
/// table fits the machine and its evaluator takes that many weights. What
/// the run checks before its first pair.
pub fn check_engine<G: Playable>(
    start: &G,
    engine: &EngineSpec,
    tuned: Tuned,
    theta: &[f64],
) -> Result<(), GameError> {
    let e = engine_with(engine, tuned, theta)?;
    Lineup::new(start, &[&e])?;
    Core::new(e.config)
        .map_err(|err| GameError::new(err.to_string()))?
        .with_weights(e.weights)
        .evaluator::<G>()
        .map(drop)
}

/// `engine` with `theta` (rounded) as its weights or its settings; an
/// error if the evaluator cannot take that many weights. A setting's
/// value is held inside its range.
pub fn engine_with(
    engine: &EngineSpec,
    tuned: Tuned,
    theta: &[f64],
) -> Result<EngineSpec, GameError> {
    let mut e = engine.clone();
    match tuned {
        Tuned::Weights => e.weights = Some(WeightSet::new(&rounded(theta))?),
        Tuned::Settings(specs) => {
            for (spec, value) in held_values(specs, theta) {
                let setting = spec
                    .check(&value.to_string(), &[])
                    .map_err(|err| GameError::new(format!("{}: {err}", spec.name)))?;
                settings::apply(&mut e.config, &setting);
            }
        }
    }
    Ok(e)
}

/// The settings' values `theta` gives, rounded and each held inside its
/// range (the settings of [`Tuned::Settings`] are number settings).
pub fn held_values<'a>(
    specs: &'a [&'static SettingSpec],
    theta: &[f64],
) -> impl Iterator<Item = (&'static SettingSpec, i64)> + 'a {
    let values = rounded(theta);
    specs.iter().zip(values).map(|(&spec, v)| {
        let v = i64::from(v);
        let held = match spec.kind {
            Kind::Spin { min, max, .. } => v.clamp(min, max),
            _ => v,
        };
        (spec, held)
    })
}

/// Plays `plus` against `minus`, each with both colours, from an opening
/// and chance seed drawn from `seed`; the result counts for `plus`.
/// `plus` and `minus` have the length of the start values, which the
/// caller checked with [`engine_with`].
pub fn play_pair<G: Playable>(
    setup: &PairSetup<'_, G>,
    plus: &[f64],
    minus: &[f64],
    seed: u64,
) -> PairResult {
    let mut rng = Pcg64::seed_from_u64(seed);
    let (lo, hi) = setup.opening_plies;
    let plies = if hi > lo { rng.gen_range(lo..=hi) } else { lo };
    let opening = random_opening(&setup.start, plies, &mut rng);
    let chance_seed: u64 = rng.gen();
    let [p, m] = [plus, minus].map(|theta| {
        engine_with(&setup.engine, setup.tuned, theta).expect("checked before the run")
    });
    let mut result = PairResult::default();
    let n = opening.num_players();
    // Who plays which player: `play_game` seats two engines as a match
    // round's first seating (one player each, or whole teams).
    let seats = Seating::new(&opening, 2).map_or_else(|_| vec![0, 1], |s| s.game(0).to_vec());
    for plus in [0usize, 1] {
        let engines = if plus == 0 { [&p, &m] } else { [&m, &p] };
        // The caller started this engine once before the run
        // ([`check_engine`]): its table fits the machine.
        let outcome = play_game(&opening, &engines, setup.max_plies, chance_seed)
            .expect("the engine started before the run")
            .outcome;
        let won_by = |e: usize| {
            (0..n).any(|q| seats.get(q) == Some(&e) && outcome.is_win_for(q as Player, n))
        };
        if won_by(plus) {
            result.wins += 1;
        } else if won_by(1 - plus) {
            result.losses += 1;
        } else {
            result.draws += 1;
        }
    }
    result
}
