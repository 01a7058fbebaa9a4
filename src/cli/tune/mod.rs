//! `agon tune`: fits a game's evaluation weights to game results
//! (Texel method, see [`crate::tune`]). Positions come from self-play
//! between agon configurations and, for Abalone, from the MiGs records.
//! With `--spsa N` it tunes them by match results instead (see
//! [`crate::tune::spsa`] and [`spsa`]).

mod spsa;

use clap::Args;

use super::{parse_openings, GameCommand, Openings};
use crate::arena::EngineSpec;
use crate::game::files::{read_regular_text, MAX_TEXT_BYTES};
use crate::game::{GameError, GameOptions, Playable};
use crate::games::GameKind;
use crate::tune::{
    features, fit, fixed_weights, samples_from_records, samples_from_selfplay, start_weights,
    Sample,
};

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
    #[arg(long, value_name = "ENGINE", default_value = "search=alphabeta,depth=2", value_parser = EngineSpec::parse)]
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
    /// SPSA: tune these number settings of --engine instead of its
    /// evaluation weights, from the start values given
    /// (`reversefutility=60,futility=60,latemovepruning=3`).
    #[arg(long, value_name = "KEY=START,…")]
    pub search_params: Option<String>,
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
            Some(iterations) => spsa::run_game::<G>(opts, self, iterations),
            None => run_game::<G>(opts, self),
        }
    }
}

fn run_game<G: Playable>(opts: &GameOptions, args: &TuneArgs) -> Result<(), GameError> {
    let names = features::<G>()?;
    let start = start_weights::<G>(args.start.as_deref())?;
    let fixed = fixed_weights::<G>(&args.fix)?;
    let skip = args.skip_plies;
    let mut samples: Vec<Sample> = Vec::new();
    if let Some(path) = &args.records {
        let text = read_regular_text(std::path::Path::new(path), MAX_TEXT_BYTES)
            .map_err(|e| GameError::file("cannot read", path, &e))?;
        let records = G::read_records(&text, opts)?;
        let (decided, from_records) = samples_from_records(&records, skip)?;
        samples = from_records;
        out!(
            "records: {decided} decided games, {} positions",
            samples.len()
        );
    }
    let selfplay = args.selfplay;
    if selfplay > 0 {
        let initial = G::new(opts)?;
        let how = (selfplay, args.seed);
        let played = samples_from_selfplay(&initial, &args.engine, how, skip, args.quiet)?;
        out!("self-play: {selfplay} games, {} positions", played.len());
        samples.extend(played);
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
