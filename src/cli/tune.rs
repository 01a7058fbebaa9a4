//! `agon tune`: fits a game's evaluation weights to game results
//! (Texel method, see [`crate::tune`]). Positions come from self-play
//! between agon configurations and, for Abalone, from the MiGs records.
//! With `--spsa N` it tunes them by match results instead (see
//! [`crate::tune::spsa`] and [`super::tune_spsa`]).

use clap::Args;

use super::{parse_engine, parse_openings, GameCommand, Openings};
use crate::arena::{play_game, random_opening, EngineSpec};
use crate::game::{GameError, GameOptions, Playable, Tuner};
use crate::games::GameKind;
use crate::tune::{fit, is_quiet, samples_from_game, samples_from_game_where, Sample};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// Arguments of `agon tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameKind::Abalone)]
    pub game: GameKind,
    /// Variant options.
    #[arg(long)]
    pub options: Option<String>,
    /// A file of game records in the game's format (Abalone: APGN).
    #[arg(long)]
    pub records: Option<String>,
    /// Self-play games to add.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0)]
    pub selfplay: u64,
    /// Engine for self-play, or the engine whose weights SPSA tunes, as
    /// for `agon match --a` (give shallow engines hash=1: two tables per
    /// game).
    #[arg(long, value_name = "ENGINE", default_value = "search=alphabeta,depth=2", value_parser = parse_engine)]
    pub engine: EngineSpec,
    /// Skip this many plies at the start of each game.
    #[arg(long, allow_negative_numbers = true, default_value_t = 6)]
    pub skip_plies: usize,
    /// Optimiser iterations.
    #[arg(long, allow_negative_numbers = true, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub iterations: u32,
    /// Seed for self-play openings (SPSA: for its signs, openings and
    /// chance outcomes).
    #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
    pub seed: u64,
    /// Features whose weights stay at their start, comma-separated (the
    /// first feature always stays: it sets the scale).
    #[arg(long, default_value = "")]
    pub fix: String,
    /// Keep only quiet self-play positions (no capture, push or other
    /// forcing move for the side to move).
    #[arg(long)]
    pub quiet: bool,
    /// Start weights w1/w2/… (default: the compiled ones).
    #[arg(long, allow_hyphen_values = true)]
    pub start: Option<String>,
    /// SPSA iterations: tune by match results, one colour-swapped pair
    /// of --engine games per iteration, instead of the Texel fit.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub spsa: Option<u32>,
    /// SPSA: game pairs played at once (with the same weights).
    #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub concurrency: u16,
    /// SPSA: random opening plies, N or MIN-MAX.
    #[arg(long, default_value = "2-4", value_parser = parse_openings)]
    pub openings: Openings,
    /// SPSA: ply limit; the game adjudicates at it.
    #[arg(long, allow_negative_numbers = true, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
}

impl GameCommand for TuneArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        self.options.as_deref()
    }

    /// Collects samples, fits, prints old and new weights (or SPSA).
    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        match self.spsa {
            Some(iterations) => super::tune_spsa::run_game::<G>(opts, self, iterations),
            None => run_game::<G>(opts, self),
        }
    }
}

/// The game's tuner; an error if its evaluator is not linear.
pub(super) fn tuner<G: Playable>() -> Result<Tuner<G>, GameError> {
    G::tuner()
        .ok_or_else(|| GameError::new(format!("{} has no tunable evaluation features", G::NAME)))
}

/// The game's feature names; an error if it has none.
pub(super) fn features<G: Playable>() -> Result<&'static [&'static str], GameError> {
    Ok(tuner::<G>()?.feature_names)
}

/// The start weights: `--start w1/w2/…` or the compiled ones.
pub(super) fn start_weights<G: Playable>(start: Option<&str>) -> Result<Vec<f64>, GameError> {
    let tuner = tuner::<G>()?;
    let Some(text) = start else {
        return Ok((tuner.default_weights)());
    };
    let names = tuner.feature_names;
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
pub(super) fn fixed_weights<G: Playable>(fix: &str) -> Result<Vec<bool>, GameError> {
    let names = features::<G>()?;
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

fn run_game<G: Playable>(opts: &GameOptions, args: &TuneArgs) -> Result<(), GameError> {
    let names = features::<G>()?;
    let start = start_weights::<G>(args.start.as_deref())?;
    let fixed = fixed_weights::<G>(&args.fix)?;
    let skip = args.skip_plies;
    let mut samples: Vec<Sample> = Vec::new();
    if let Some(path) = &args.records {
        let text =
            std::fs::read_to_string(path).map_err(|e| GameError::file("cannot read", path, &e))?;
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
        out!(
            "records: {decided} decided games, {} positions",
            samples.len()
        );
    }
    let selfplay = args.selfplay;
    if selfplay > 0 {
        let engine = &args.engine;
        let initial = G::new(opts)?;
        let mut rng = Pcg64::seed_from_u64(args.seed);
        let before = samples.len();
        for _ in 0..selfplay {
            let plies = rng.gen_range(2..=8);
            let opening = random_opening(&initial, plies, &mut rng);
            let result = play_game(&opening, &[engine, engine], 400, rng.gen());
            let quiet = args.quiet;
            samples.extend(
                samples_from_game_where(&opening, &result.moves, result.outcome, skip, |p| {
                    !quiet || is_quiet(p)
                })
                .map_err(GameError::new)?,
            );
        }
        out!(
            "self-play: {selfplay} games, {} positions",
            samples.len() - before
        );
    }
    if samples.is_empty() {
        return Err(GameError::new("no positions: give --records or --selfplay"));
    }
    let iterations = args.iterations as usize;
    let report = fit(&samples, &start, &fixed, iterations);
    out!(
        "K = {:.4}, loss {:.6} -> {:.6} over {} positions",
        report.k,
        report.loss_before,
        report.loss_after,
        samples.len()
    );
    out!("{:<24} {:>10} {:>10}", "feature", "old", "new");
    for (i, name) in names.iter().enumerate() {
        out!(
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
    out!("weights: [{}]", rounded.join(", "));
    Ok(())
}
