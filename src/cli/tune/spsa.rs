//! `agon tune --spsa N`: tunes a game's evaluation weights (or with
//! `--search-params` number settings of the search) by match results
//! ([`crate::tune::spsa`]), one colour-swapped pair of games of the
//! `--engine` against itself with perturbed values per iteration
//! ([`crate::tune::pair`]).

use super::TuneArgs;
use crate::game::{GameError, GameOptions, Playable};
use crate::tune::pair::{check_engine, held_values, parse_settings, play_pair, PairSetup, Tuned};
use crate::tune::spsa::{self, PairResult, Params};
use crate::tune::{features, fixed_weights, start_weights};

/// Runs SPSA and prints progress, the final weights by name and a
/// `weights=…` line for `agon match --a "…,weights=…"`.
pub fn run_game<G: Playable>(
    opts: &GameOptions,
    args: &TuneArgs,
    iterations: u32,
) -> Result<(), GameError> {
    if args.records.is_some() || args.selfplay > 0 {
        return Err(GameError::new(
            "--spsa plays its own games: --records and --selfplay are for the Texel fit",
        ));
    }
    let iterations = iterations as usize;
    let searched = match &args.search_params {
        Some(text) => {
            if args.start.is_some() || !args.fix.is_empty() {
                return Err(GameError::new(
                    "--search-params gives its own start values: --start and --fix are for weights",
                ));
            }
            parse_settings(text)?
        }
        None => Vec::new(),
    };
    let specs: Vec<_> = searched.iter().map(|&(spec, _)| spec).collect();
    let (names, start, fixed, tuned) = if specs.is_empty() {
        let start = start_weights::<G>(args.start.as_deref())?;
        let fixed = fixed_weights::<G>(&args.fix)?;
        (features::<G>()?.to_vec(), start, fixed, Tuned::Weights)
    } else {
        let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
        let start: Vec<f64> = searched.iter().map(|&(_, v)| v).collect();
        (
            names,
            start,
            vec![false; specs.len()],
            Tuned::Settings(&specs),
        )
    };
    if fixed.iter().all(|&f| f) {
        return Err(GameError::new(format!(
            "nothing to tune: every weight of {} is fixed ({} is always, it sets the scale)",
            G::NAME,
            names.first().copied().unwrap_or("the first")
        )));
    }
    let engine = args.engine.clone();
    if engine.weights.is_some() && matches!(tuned, Tuned::Weights) {
        return Err(GameError::new(
            "--engine must not set weights= (give start weights with --start)",
        ));
    }
    // The engine must start and its evaluator take this many weights;
    // every θ has the same length.
    check_engine(&G::new(opts)?, &engine, tuned, &start)?;
    let mut params = Params::new(&start, iterations, args.seed);
    params.concurrency = usize::from(args.concurrency);
    let setup = PairSetup {
        start: G::new(opts)?,
        engine,
        tuned,
        opening_plies: (args.openings.min, args.openings.max),
        max_plies: args.max_plies,
    };
    out!(
        "spsa {}: {iterations} iterations of one game pair, engine {}, seed {}, {} pairs at once",
        G::NAME,
        args.engine.name,
        params.seed,
        params.concurrency
    );
    out!("c (perturbation at k = 0): {}", slashed(&params.c, 1));
    let every = (iterations / 20).max(1);
    let clock = std::time::Instant::now();
    let mut tally = PairResult::default();
    let end = spsa::run(
        &start,
        &fixed,
        &params,
        |plus, minus, seed| play_pair(&setup, plus, minus, seed),
        |k, theta, result| {
            tally.add(result);
            if k % every == 0 || k == iterations {
                out!(
                    "spsa iter {k}/{iterations}: {} (last results +{} ={} -{})",
                    values_text(tuned, theta),
                    tally.wins,
                    tally.draws,
                    tally.losses
                );
                tally = PairResult::default();
            }
        },
    );
    out!("time {:.1} s", clock.elapsed().as_secs_f64());
    out!("{:<24} {:>10} {:>10}", "feature", "start", "end");
    for (i, name) in names.iter().enumerate() {
        out!(
            "{:<24} {:>10.1} {:>10.1}{}",
            name,
            start.get(i).copied().unwrap_or(0.0),
            end.get(i).copied().unwrap_or(0.0),
            if fixed.get(i).copied().unwrap_or(true) {
                "  (fixed)"
            } else {
                ""
            }
        );
    }
    out!("{}", values_text(tuned, &end));
    Ok(())
}

/// θ rounded as an engine spec takes it: `weights=w1/w2/…`, or
/// `key=value,…` for settings (held inside their ranges).
fn values_text(tuned: Tuned, theta: &[f64]) -> String {
    match tuned {
        Tuned::Weights => {
            let w: Vec<String> = spsa::rounded(theta).iter().map(|w| w.to_string()).collect();
            format!("weights={}", w.join("/"))
        }
        Tuned::Settings(specs) => held_values(specs, theta)
            .map(|(spec, v)| format!("{}={v}", spec.name.to_ascii_lowercase()))
            .collect::<Vec<_>>()
            .join(","),
    }
}

fn slashed(values: &[f64], decimals: usize) -> String {
    values
        .iter()
        .map(|v| format!("{v:.decimals$}"))
        .collect::<Vec<_>>()
        .join("/")
}
