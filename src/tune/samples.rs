//! Training samples: a position's features and the final result of its
//! game, from recorded games or from self-play.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use crate::arena::{random_opening, EngineSpec, Lineup};
use crate::game::{GameError, GameRecord, Outcome, Playable, Status};

/// One position: its features (from the view of the player to move) and
/// the game's result from that player's view (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub features: Vec<f64>,
    pub result: f64,
}

/// Samples from every decision position of a game played from `start`
/// by `moves` (in notation), skipping the first `skip` plies; a rules
/// error if a move does not parse.
pub fn samples_from_game<G: Playable>(
    start: &G,
    moves: &[String],
    outcome: Outcome,
    skip: usize,
) -> Result<Vec<Sample>, GameError> {
    samples_from_game_where(start, moves, outcome, skip, |_| true)
}

/// Whether no legal move of `pos` is forcing: a quiet position, where the
/// static evaluation stands (what quiescence would return).
pub fn is_quiet<G: Playable>(pos: &G) -> bool {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    !moves.iter().any(|&m| pos.is_forcing(m))
}

/// [`samples_from_game`] keeping only the positions where `keep` holds
/// (e.g. [`is_quiet`]).
pub fn samples_from_game_where<G: Playable>(
    start: &G,
    moves: &[String],
    outcome: Outcome,
    skip: usize,
    keep: impl Fn(&G) -> bool,
) -> Result<Vec<Sample>, GameError> {
    // A game without a tuner has no features (the command line refuses it
    // before collecting samples).
    let features_of = G::tuner().map(|t| t.features);
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if let Status::Decision(p) = pos.status() {
            if i >= skip && keep(&pos) {
                let mut features = Vec::new();
                if let Some(f) = features_of {
                    f(&pos, &mut features);
                }
                let result = outcome.payoff(p, pos.num_players());
                out.push(Sample { features, result });
            }
        }
        let m = pos
            .parse_move(text)
            .map_err(|e| GameError::new(format!("move {} '{text}': {e}", i + 1)))?;
        pos.play(m);
    }
    Ok(out)
}

/// The samples of the decided games among `records` (the game's own
/// record format), skipping `skip` plies of each: how many games were
/// decided, and their samples.
pub fn samples_from_records<G: Playable>(
    records: &[GameRecord<G>],
    skip: usize,
) -> Result<(usize, Vec<Sample>), GameError> {
    let mut samples = Vec::new();
    let mut decided = 0;
    for record in records {
        if let Some(outcome) = record.result {
            decided += 1;
            samples.extend(samples_from_game(
                &record.start,
                &record.moves,
                outcome,
                skip,
            )?);
        }
    }
    Ok((decided, samples))
}

/// The samples of `games` self-play games of `engine` against itself from
/// `initial`, each after a random opening of 2 to 8 plies and cut at 400
/// plies, skipping `skip` plies (and, when `quiet`, positions that are not
/// quiet).
pub fn samples_from_selfplay<G: Playable>(
    initial: &G,
    engine: &EngineSpec,
    (games, seed): (u64, u64),
    skip: usize,
    quiet: bool,
) -> Result<Vec<Sample>, GameError> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut samples = Vec::new();
    let mut lineup = Lineup::new(initial, &[engine, engine])?;
    for _ in 0..games {
        let plies = rng.gen_range(2..=8);
        let opening = random_opening(initial, plies, &mut rng);
        let result = lineup.play(&opening, 400, rng.gen());
        samples.extend(samples_from_game_where(
            &opening,
            &result.moves,
            result.outcome,
            skip,
            |p| !quiet || is_quiet(p),
        )?);
    }
    Ok(samples)
}
