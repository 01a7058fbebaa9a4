//! `agon match`: agon configurations against each other (internal referee).

use super::{game_and_options, parse_count, parse_openings};
use crate::arena::{run_match, EngineSpec, MatchSpec};
use crate::game::{Game, GameError, GameOptions, Outcome};

/// Arguments of `agon match`.
pub struct MatchArgs<'a> {
    pub game: &'a str,
    pub options: Option<&'a str>,
    pub engine_a: &'a str,
    pub engine_b: &'a str,
    pub games: &'a str,
    pub openings: &'a str,
    pub max_plies: &'a str,
    pub concurrency: &'a str,
    pub seed: &'a str,
    pub verbose: bool,
}

/// Runs the match and prints the running and final score.
pub fn run(args: &MatchArgs) -> Result<(), GameError> {
    let (kind, opts) = game_and_options(args.game, args.options)?;
    let a = EngineSpec::parse(args.engine_a)?;
    let b = EngineSpec::parse(args.engine_b)?;
    let (lo, hi) = parse_openings(args.openings)?;
    let spec = MatchSpec {
        games: parse_count("games", args.games)?.min(1_000_000) as u32,
        opening_plies: (lo, hi),
        max_plies: parse_count("max plies", args.max_plies)?.min(u64::from(u32::MAX)) as u32,
        concurrency: parse_count("concurrency", args.concurrency)?.clamp(1, 256) as usize,
        seed: parse_count("seed", args.seed)?,
    };
    crate::with_game!(kind, G => run_game::<G>(&opts, &a, &b, &spec, args.verbose))
}

fn run_game<G: Game>(
    opts: &GameOptions,
    a: &EngineSpec,
    b: &EngineSpec,
    spec: &MatchSpec,
    verbose: bool,
) -> Result<(), GameError> {
    let start = G::new(opts)?;
    for e in [a, b] {
        let wanted = G::weights().len();
        if let Some(w) = e.config.weights {
            if w.as_slice().len() != wanted {
                return Err(GameError::new(format!(
                    "{} takes {wanted} evaluation weights ({}), not {}",
                    G::NAME,
                    G::feature_names().join("/"),
                    w.as_slice().len()
                )));
            }
        }
    }
    println!(
        "match {}: A = {} vs B = {}, {} games",
        G::NAME,
        a.name,
        b.name,
        spec.games.div_ceil(2) * 2
    );
    let clock = std::time::Instant::now();
    let stats = run_match(&start, a, b, spec, &|n, result, a_first, s| {
        if verbose {
            let who = match result.outcome {
                Outcome::Win(p) => {
                    let a_won = (p == 0) == a_first;
                    if a_won {
                        "A wins"
                    } else {
                        "B wins"
                    }
                }
                Outcome::Draw | Outcome::Ranked(_) => "draw",
            };
            println!(
                "game {n}: A plays {}, {who} ({:?}, {} plies): +{} ={} -{}",
                G::PLAYER_NAMES[if a_first { 0 } else { 1 }],
                result.reason,
                result.plies,
                s.wins,
                s.draws,
                s.losses
            );
            println!("  first position: {}", result.first_position);
            println!("  moves: {}", result.moves.join(" "));
            println!("  final position: {}", result.last_position);
        }
    });
    let (elo, margin) = stats.elo();
    println!(
        "result A vs B: +{} ={} -{} score {:.1}% elo {:+.0} ± {:.0} los {:.1}% (adjudicated {}, repetitions {})",
        stats.wins,
        stats.draws,
        stats.losses,
        100.0 * stats.score(),
        elo,
        margin,
        100.0 * stats.los(),
        stats.adjudicated,
        stats.repetitions
    );
    println!(
        "time {:.1} s ({} games at once)",
        clock.elapsed().as_secs_f64(),
        spec.concurrency
    );
    Ok(())
}
