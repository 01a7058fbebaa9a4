//! `agon tune`: fits a game's evaluation weights to game results
//! (Texel method, see [`crate::tune`]). Positions come from self-play
//! between agon configurations and, for Abalone, from the MiGs records.
//! With `--spsa N` it tunes them by match results instead (see
//! [`crate::tune::spsa`] and [`super::tune_spsa`]).

use super::{game_and_options, parse_count};
use crate::arena::{play_game, random_opening, EngineSpec};
use crate::game::{Game, GameError, GameOptions};
use crate::tune::{fit, is_quiet, samples_from_game, samples_from_game_where, Sample};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// Arguments of `agon tune`.
pub struct TuneArgs<'a> {
    pub game: &'a str,
    pub options: Option<&'a str>,
    /// An APGN file of real games (Abalone only).
    pub records: Option<&'a str>,
    /// Self-play games to add.
    pub selfplay: &'a str,
    /// Engine for self-play, e.g. "search=alphabeta,depth=2".
    pub engine: &'a str,
    pub skip_plies: &'a str,
    pub iterations: &'a str,
    pub seed: &'a str,
    /// Feature names whose weights are held, comma-separated.
    pub fix: &'a str,
    /// Keep only quiet positions (no forcing move) from self-play.
    pub quiet: bool,
    /// Start weights `w1/w2/…` instead of the compiled ones.
    pub start: Option<&'a str>,
    /// SPSA iterations: tune by match results instead of fitting.
    pub spsa: Option<&'a str>,
    /// SPSA: pairs played at once.
    pub concurrency: &'a str,
    /// SPSA: random opening plies, N or MIN-MAX.
    pub openings: &'a str,
    /// SPSA: ply limit of a game.
    pub max_plies: &'a str,
}

/// Collects samples, fits, prints old and new weights.
pub fn run(args: &TuneArgs) -> Result<(), GameError> {
    let (kind, opts) = game_and_options(args.game, args.options)?;
    if args.spsa.is_some() {
        crate::with_game!(kind, G => super::tune_spsa::run_game::<G>(&opts, args))
    } else {
        crate::with_game!(kind, G => run_game::<G>(&opts, args))
    }
}

/// The game's feature names; an error if it has none.
pub(super) fn features<G: Game>() -> Result<&'static [&'static str], GameError> {
    let names = G::feature_names();
    if names.is_empty() {
        return Err(GameError::new(format!(
            "{} has no tunable evaluation features",
            G::NAME
        )));
    }
    Ok(names)
}

/// The start weights: `--start w1/w2/…` or the compiled ones.
pub(super) fn start_weights<G: Game>(start: Option<&str>) -> Result<Vec<f64>, GameError> {
    let Some(text) = start else {
        return Ok(G::weights());
    };
    let names = G::feature_names();
    let weights = text
        .split('/')
        .map(|w| {
            w.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| {
                    GameError::new(format!(
                        "--start: weight '{w}' is not a number (weights look like 100/300/-9)"
                    ))
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if weights.len() != names.len() {
        return Err(GameError::new(format!(
            "--start: {} takes {} weights ({}), not {}",
            G::NAME,
            names.len(),
            names.join("/"),
            weights.len()
        )));
    }
    Ok(weights)
}

/// Which weights stay: the first (material sets the scale of the others)
/// and those named in `--fix`.
pub(super) fn fixed_weights<G: Game>(fix: &str) -> Result<Vec<bool>, GameError> {
    let names = G::feature_names();
    let mut fixed: Vec<bool> = (0..names.len()).map(|i| i == 0).collect();
    for name in fix.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let i = names.iter().position(|n| *n == name).ok_or_else(|| {
            GameError::new(format!(
                "--fix: {} has no feature '{name}' (features: {})",
                G::NAME,
                names.join(", ")
            ))
        })?;
        fixed[i] = true;
    }
    Ok(fixed)
}

fn run_game<G: Game>(opts: &GameOptions, args: &TuneArgs) -> Result<(), GameError> {
    let names = features::<G>()?;
    let start = start_weights::<G>(args.start)?;
    let fixed = fixed_weights::<G>(args.fix)?;
    let skip = parse_count("skip plies", args.skip_plies)? as usize;
    let mut samples: Vec<Sample> = Vec::new();
    if let Some(path) = args.records {
        let text = std::fs::read_to_string(path)
            .map_err(|e| GameError::new(format!("cannot read '{path}': {e}")))?;
        let records = G::read_records(&text, opts)?;
        let mut decided = 0;
        for record in &records {
            if let Some(outcome) = record.result {
                decided += 1;
                samples.extend(
                    samples_from_game(&record.start, &record.moves, outcome, skip)
                        .map_err(GameError::new)?,
                );
            }
        }
        println!(
            "records: {decided} decided games, {} positions",
            samples.len()
        );
    }
    let selfplay = parse_count("self-play games", args.selfplay)?;
    if selfplay > 0 {
        let engine = EngineSpec::parse(args.engine)?;
        let initial = G::new(opts)?;
        let mut rng = Pcg64::seed_from_u64(parse_count("seed", args.seed)?);
        let before = samples.len();
        for _ in 0..selfplay {
            let plies = rng.gen_range(2..=8);
            let opening = random_opening(&initial, plies, &mut rng);
            let result = play_game(&opening, &[&engine, &engine], 400, rng.gen());
            let quiet = args.quiet;
            samples.extend(
                samples_from_game_where(&opening, &result.moves, result.outcome, skip, |p| {
                    !quiet || is_quiet(p)
                })
                .map_err(GameError::new)?,
            );
        }
        println!(
            "self-play: {selfplay} games, {} positions",
            samples.len() - before
        );
    }
    if samples.is_empty() {
        return Err(GameError::new("no positions: give --records or --selfplay"));
    }
    let iterations = parse_count("iterations", args.iterations)? as usize;
    let report = fit(&samples, &start, &fixed, iterations);
    println!(
        "K = {:.4}, loss {:.6} -> {:.6} over {} positions",
        report.k,
        report.loss_before,
        report.loss_after,
        samples.len()
    );
    println!("{:<24} {:>10} {:>10}", "feature", "old", "new");
    for (i, name) in names.iter().enumerate() {
        println!(
            "{:<24} {:>10.1} {:>10.1}",
            name,
            start.get(i).copied().unwrap_or(0.0),
            report.weights.get(i).copied().unwrap_or(0.0)
        );
    }
    let rounded: Vec<String> = report
        .weights
        .iter()
        .map(|w| format!("{}", w.round() as i64))
        .collect();
    println!("weights: [{}]", rounded.join(", "));
    Ok(())
}
