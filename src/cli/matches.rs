//! `agon match`: engines against each other under the referee — built-in
//! agon configurations and external programs that speak the protocol.

use std::time::Duration;

use super::{game_and_options, parse_count, parse_openings};
use crate::arena::{
    run_match, EndReason, Entrant, GameResult, MatchSpec, MatchStats, Sprt, Tally, Verdict,
};
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
    /// Milliseconds an engine may use beyond its clock or move time.
    pub margin: &'a str,
    /// Print each engine's time per game (and the share by ply 60).
    pub time_report: bool,
    /// `elo0=…,elo1=…[,alpha=…][,beta=…]`: stop on the test's verdict.
    pub sprt: Option<&'a str>,
    /// A file of position strings, one a line, each the start of a pair.
    pub openings_file: Option<&'a str>,
    pub verbose: bool,
}

/// Runs the match and prints a line per game and the final score.
pub fn run(args: &MatchArgs) -> Result<(), GameError> {
    let (kind, opts) = game_and_options(args.game, args.options)?;
    let a = Entrant::parse(args.engine_a)?;
    let b = Entrant::parse(args.engine_b)?;
    let (lo, hi) = parse_openings(args.openings)?;
    let spec = MatchSpec {
        games: parse_count("games", args.games)?.min(1_000_000) as u32,
        opening_plies: (lo, hi),
        openings: match args.openings_file {
            Some(path) => read_openings(path)?,
            None => Vec::new(),
        },
        max_plies: parse_count("max plies", args.max_plies)?.min(u64::from(u32::MAX)) as u32,
        concurrency: parse_count("concurrency", args.concurrency)?.clamp(1, 256) as usize,
        seed: parse_count("seed", args.seed)?,
        margin: Duration::from_millis(parse_count("margin", args.margin)?.min(3_600_000)),
        sprt: args.sprt.map(Sprt::parse).transpose()?,
    };
    crate::with_game!(kind, G => run_game::<G>(&opts, &[a, b], &spec, args))
}

/// The position strings of an openings file: one a line; empty lines and
/// lines starting with `#` are skipped.
fn read_openings(path: &str) -> Result<Vec<String>, GameError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| GameError::new(format!("openings file '{path}': {e}")))?;
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    if lines.is_empty() {
        return Err(GameError::new(format!(
            "openings file '{path}' has no position"
        )));
    }
    Ok(lines)
}

fn run_game<G: Game>(
    opts: &GameOptions,
    entrants: &[Entrant],
    spec: &MatchSpec,
    args: &MatchArgs,
) -> Result<(), GameError> {
    let start = G::new(opts)?;
    for e in entrants {
        let wanted = G::weights().len();
        if let Some(len) = e.weights_len() {
            if len != wanted {
                return Err(GameError::new(format!(
                    "{} takes {wanted} evaluation weights ({}), not {len}",
                    G::NAME,
                    G::feature_names().join("/"),
                )));
            }
        }
    }
    let total = spec.games.div_ceil(2) * 2;
    println!(
        "match {}: A = {} vs B = {}, {total} games",
        G::NAME,
        entrants[0].name,
        entrants[1].name,
    );
    let clock = std::time::Instant::now();
    let tallies = std::sync::Mutex::new(vec![Tally::default(); entrants.len()]);
    let stats = run_match(&start, entrants, spec, &|n, result, s| {
        if let Ok(mut t) = tallies.lock() {
            for (e, tally) in t.iter_mut().enumerate() {
                tally.add(result, e);
            }
        }
        let sprt = spec
            .sprt
            .map(|t| format!(" llr {:.2}", t.llr(&s.pairs)))
            .unwrap_or_default();
        println!("game {n}/{total}: {}{sprt}", game_line::<G>(result, s));
        if args.time_report {
            for (e, who) in ["A", "B"].iter().enumerate() {
                let Some(time) = result
                    .seats
                    .iter()
                    .position(|&s| s == e)
                    .and_then(|p| result.times.get(p))
                else {
                    continue;
                };
                let share = match time.early_share() {
                    Some(share) => format!(
                        ", by ply {} {:.0} ms = {:.1}% of base",
                        crate::arena::referee::REPORT_PLY,
                        time.used_early.as_secs_f64() * 1000.0,
                        100.0 * share
                    ),
                    None => String::new(),
                };
                let left = time
                    .least_left_ms
                    .map(|l| format!(", least left {l} ms"))
                    .unwrap_or_default();
                println!(
                    "  time {who}: {} moves {:.0} ms{share}{left}",
                    time.moves,
                    time.used.as_secs_f64() * 1000.0
                );
            }
        }
        if args.verbose {
            println!("  first position: {}", result.first_position);
            println!("  moves: {}", result.moves.join(" "));
            println!("  final position: {}", result.last_position);
        }
    })?;
    let (elo, margin) = stats.elo();
    let elo = elo + 0.0; // no "-0" for an even score
    println!(
        "result A vs B: +{} ={} -{} score {:.1}% elo {:+.0} ± {:.0} los {:.1}% (adjudicated {}, repetitions {}, forfeits {})",
        stats.wins,
        stats.draws,
        stats.losses,
        100.0 * stats.score(),
        elo,
        margin,
        100.0 * stats.los(),
        stats.adjudicated,
        stats.repetitions,
        stats.forfeits
    );
    if let Some((elo, margin)) = stats.pair_elo() {
        let elo = elo + 0.0;
        let [ll, ld, even, wd, ww] = stats.pairs;
        println!(
            "pairs (pentanomial LL LD DD/WL WD WW): {ll} {ld} {even} {wd} {ww}, elo {elo:+.0} ± {margin:.0}"
        );
    }
    if let Some(t) = &spec.sprt {
        let llr = t.llr(&stats.pairs);
        let (lower, upper) = t.bounds();
        let verdict = match t.verdict(llr) {
            Some(Verdict::H0) => "H0 accepted",
            Some(Verdict::H1) => "H1 accepted",
            None => "no decision",
        };
        println!(
            "sprt [{}, {}] logistic elo, alpha {} beta {}: llr {llr:.2} ({lower:.2}, {upper:.2}): {verdict}",
            t.elo0, t.elo1, t.alpha, t.beta
        );
    }
    if let Ok(t) = tallies.lock() {
        for (who, tally) in ["A", "B"].iter().zip(t.iter()) {
            println!("forfeits {who}: {}", tally.summary());
        }
    }
    println!(
        "time {:.1} s ({} games at once)",
        clock.elapsed().as_secs_f64(),
        spec.concurrency
    );
    Ok(())
}

/// `A (black) wins by rules, 87 plies | +5 =1 -6 score 45.8% elo -29 ± 150 los 38.1%`
fn game_line<G: Game>(result: &GameResult, s: &MatchStats) -> String {
    let who = |p: u8| {
        if result.seats.get(usize::from(p)) == Some(&0) {
            "A"
        } else {
            "B"
        }
    };
    let a_plays = G::PLAYER_NAMES[result.seats.iter().position(|&e| e == 0).unwrap_or(0)];
    let verdict = match result.outcome {
        Outcome::Win(p) => format!("{} wins", who(p)),
        _ => "draw".to_string(),
    };
    let reason = match result.reason {
        EndReason::Rules => "rules".to_string(),
        EndReason::Repetition => "repetition".to_string(),
        EndReason::PlyLimit => "ply limit".to_string(),
        EndReason::Forfeit(p, fault) => format!("{} forfeits: {fault}, {}", who(p), result.detail),
    };
    let (elo, margin) = s.elo();
    let elo = elo + 0.0; // no "-0" for an even score
    format!(
        "A plays {a_plays}, {verdict} ({reason}), {} plies | +{} ={} -{} score {:.1}% elo {:+.0} ± {:.0} los {:.1}%",
        result.plies,
        s.wins,
        s.draws,
        s.losses,
        100.0 * s.score(),
        elo,
        margin,
        100.0 * s.los()
    )
}
