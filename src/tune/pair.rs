//! One SPSA game pair: two weight sets play a colour-swapped pair of games
//! from the same random opening and with the same chance seed (mirrored
//! dice), as the pairs of `agon match` are played (`arena/referee.rs`).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::spsa::{rounded, PairResult};
use crate::arena::seating::Seating;
use crate::arena::{play_game, random_opening, EngineSpec, Lineup};
use crate::engine::Core;
use crate::game::{GameError, Playable, Player, WeightSet};

/// What every pair of a run shares.
#[derive(Clone, Debug)]
pub struct PairSetup<G> {
    pub start: G,
    /// The engine both sides use; only its weights differ.
    pub engine: EngineSpec,
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
    theta: &[f64],
) -> Result<(), GameError> {
    let e = engine_with(engine, theta)?;
    Lineup::new(start, &[&e])?;
    Core::new(e.config)
        .map_err(|err| GameError::new(err.to_string()))?
        .with_weights(e.weights)
        .evaluator::<G>()
        .map(drop)
}

/// `engine` evaluating with the weights `theta` (rounded); an error if the
/// evaluator cannot take that many weights.
pub fn engine_with(engine: &EngineSpec, theta: &[f64]) -> Result<EngineSpec, GameError> {
    let mut e = engine.clone();
    e.weights = Some(WeightSet::new(&rounded(theta))?);
    Ok(e)
}

/// Plays `plus` against `minus`, each with both colours, from an opening
/// and chance seed drawn from `seed`; the result counts for `plus`.
/// `plus` and `minus` have the length of the start weights, which the
/// caller checked with [`engine_with`].
pub fn play_pair<G: Playable>(
    setup: &PairSetup<G>,
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
        engine_with(&setup.engine, theta).expect("weight count checked before the run")
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
