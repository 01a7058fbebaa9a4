//! `agon match`: agon configurations against each other (internal referee),
//! with a score line after every game and a progress bar on a terminal.

use clap::Args;

use super::progress::Progress;
use super::{parse_engine, parse_openings, GameCommand, Openings};
use crate::arena::{run_match, EngineSpec, MatchSpec, MatchStats};
use crate::game::{Game, GameError, GameOptions, Outcome};
use crate::games::GameKind;

/// Arguments of `agon match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameKind::Abalone)]
    pub game: GameKind,
    /// Variant options, e.g. "layout=belgian".
    #[arg(long)]
    pub options: Option<String>,
    /// Engine A, e.g. "search=alphabeta,movetime=100" (--help lists the
    /// settings).
    #[arg(long, value_name = "ENGINE", value_parser = parse_engine)]
    pub a: EngineSpec,
    /// Engine B, e.g. "search=greedy".
    #[arg(long, value_name = "ENGINE", value_parser = parse_engine)]
    pub b: EngineSpec,
    /// Number of games (rounded up to colour-swapped pairs).
    #[arg(long, allow_negative_numbers = true, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Random opening plies: N or MIN-MAX.
    #[arg(long, default_value = "2-4", value_parser = parse_openings)]
    pub openings: Openings,
    /// Ply limit; the game adjudicates at it (Abalone: ejected marbles).
    #[arg(long, allow_negative_numbers = true, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Games played at once.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub concurrency: u16,
    /// Seed for openings and chance outcomes.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
    pub seed: u64,
    /// Print every game's result, first position and moves.
    #[arg(long)]
    pub verbose: bool,
}

impl GameCommand for MatchArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        self.options.as_deref()
    }

    fn run<G: Game>(&self, opts: &GameOptions) -> Result<(), GameError> {
        let (a, b) = (&self.a, &self.b);
        let spec = MatchSpec {
            games: self.games,
            opening_plies: (self.openings.min, self.openings.max),
            max_plies: self.max_plies,
            concurrency: usize::from(self.concurrency),
            seed: self.seed,
        };
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
        let total = spec.games.div_ceil(2) * 2;
        out!(
            "match {}: A = {} vs B = {}, {total} games",
            G::NAME,
            a.name,
            b.name,
        );
        let clock = std::time::Instant::now();
        let progress = Progress::new(u64::from(total), "games");
        let verbose = self.verbose;
        let stats = run_match(&start, a, b, &spec, &|n, result, a_first, s| {
            if verbose {
                let who = match result.outcome {
                    Outcome::Win(p) if (p == 0) == a_first => "A wins",
                    Outcome::Win(_) => "B wins",
                    Outcome::Draw => "draw",
                };
                progress.line(&format!(
                    "game {n}: A plays {}, {who} ({:?}, {} plies)\n  first position: {}\n  moves: {}\n  final position: {}",
                    G::PLAYER_NAMES[if a_first { 0 } else { 1 }],
                    result.reason,
                    result.plies,
                    result.first_position,
                    result.moves.join(" "),
                    result.last_position
                ));
            }
            progress.line(&format!(
                "after {} of {total} games: {}",
                s.games(),
                score_line(s)
            ));
            progress.step();
        });
        progress.finish();
        out!(
            "result A vs B: {} los {:.1}% (adjudicated {}, repetitions {})",
            score_line(&stats),
            100.0 * stats.los(),
            stats.adjudicated,
            stats.repetitions
        );
        out!(
            "time {:.1} s ({} games at once)",
            clock.elapsed().as_secs_f64(),
            spec.concurrency
        );
        Ok(())
    }
}

/// `+W =D -L score S% elo E ± M`: a perfect or a zero score has no finite
/// Elo estimate, and says so (`elo +inf`, as cutechess prints `inf`)
/// instead of the figure a clamped score would give.
pub fn score_line(s: &MatchStats) -> String {
    let elo = if s.games() == 0 {
        "elo 0".to_string()
    } else if s.losses == 0 && s.draws == 0 {
        "elo +inf".to_string()
    } else if s.wins == 0 && s.draws == 0 {
        "elo -inf".to_string()
    } else {
        let (elo, margin) = s.elo();
        // An even score is +0, not the -0 of a rounding error.
        let elo = if elo.abs() < 0.5 { 0.0 } else { elo };
        format!("elo {elo:+.0} ± {margin:.0}")
    };
    format!(
        "+{} ={} -{} score {:.1}% {elo}",
        s.wins,
        s.draws,
        s.losses,
        100.0 * s.score()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(wins: u32, draws: u32, losses: u32) -> MatchStats {
        MatchStats {
            wins,
            draws,
            losses,
            ..MatchStats::default()
        }
    }

    #[test]
    fn perfect_scores_have_no_finite_elo() {
        assert_eq!(
            score_line(&stats(10, 0, 0)),
            "+10 =0 -0 score 100.0% elo +inf"
        );
        assert_eq!(score_line(&stats(0, 0, 4)), "+0 =0 -4 score 0.0% elo -inf");
        let even = score_line(&stats(5, 2, 5));
        assert!(even.starts_with("+5 =2 -5 score 50.0% elo +0 ± "), "{even}");
        assert!(score_line(&stats(3, 1, 0)).contains(" ± "));
    }
}
