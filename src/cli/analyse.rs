//! `agon analyse`: a backgammon-style "hint" — every legal move of a
//! decision position with its value and its loss against the best — and
//! `--equity-loss FILE`, agon's average loss per move on a set of positions
//! whose exact values the game knows.
//!
//! Generic over [`Game`]: each move's value is the engine's own search
//! with the root restricted to that move (`searchmoves`), so a
//! deterministic game gets its alpha-beta value and a chance game its
//! expectiminimax value after the move, at the given depth or time per
//! move. When the game knows the exact win probability after a move
//! ([`Evaluator::exact_win_probability`](crate::game::Evaluator::exact_win_probability): Palma's exact endgames) an "exact"
//! column is added. The command names no game.
//!
//! Units: for games whose evaluator is a win probability
//! ([`Evaluator::win_probability_scale`](crate::game::Evaluator::win_probability_scale)) values and losses are win
//! probabilities of the player to move, 0..1 (equity on the 0..1 scale, not
//! backgammon's 2p − 1); otherwise search scores in centi-units.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use super::GameCommand;
use crate::game::{Evaluator, GameError, GameOptions, Playable, Player, Status};
use crate::games::GameKind;
use crate::search::expectimax::value::Scale;
use crate::search::{think, Limits, Report, Request, ScoreReport, SearchConfig, Searcher};

/// Search depth per move when neither `--depth` nor `--movetime` is given.
pub const DEFAULT_DEPTH: u32 = 3;

/// A move counts as "exactly right" when it loses at most this much.
pub const EXACT_TOLERANCE: f64 = 1e-9;

/// Arguments of `agon analyse`.
#[derive(Args)]
pub struct AnalyseArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameKind::Abalone)]
    pub game: GameKind,
    /// Variant options, e.g. "layout=belgian".
    #[arg(long)]
    pub options: Option<String>,
    /// Position string (a decision node); default: the start.
    #[arg(long, conflicts_with = "equity_loss")]
    pub position: Option<String>,
    /// Search depth per move in decision plies (default 3).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Search time per move in milliseconds (instead of --depth).
    #[arg(long, allow_negative_numbers = true, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// A file of positions with exact values: print agon's average loss
    /// per move (e.g. positions/palma-endgames.txt).
    #[arg(long)]
    pub equity_loss: Option<String>,
    /// With --equity-loss: one line per position.
    #[arg(long)]
    pub verbose: bool,
}

impl GameCommand for AnalyseArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        self.options.as_deref()
    }

    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        let limits = match (self.movetime, self.depth) {
            (Some(ms), _) => Limits::movetime(ms),
            (None, d) => Limits::depth(d.unwrap_or(DEFAULT_DEPTH)),
        };
        match &self.equity_loss {
            Some(file) => {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| GameError::new(format!("cannot read '{file}': {e}")))?;
                equity_loss::<G>(opts, &text, &limits, self.verbose)
            }
            None => hint::<G>(opts, self.position.as_deref(), &limits),
        }
    }
}

fn decider<G: Playable>(pos: &G) -> Result<Player, GameError> {
    match pos.status() {
        Status::Decision(p) => Ok(p),
        Status::Chance => Err(GameError::new(
            "the position is a chance node (nothing thrown or rolled yet); give one where a player is to move",
        )),
        Status::Over(_) => Err(GameError::new("the game is over in this position")),
    }
}

/// One analysed move.
struct Line {
    text: String,
    /// Comparable value, larger is better for the mover.
    key: f64,
    shown: String,
    exact: Option<f64>,
}

/// A search score as a number on one axis: centi-units, or for proven
/// results ±(1e6 − moves), so a quicker win sorts above a slower one.
fn score_key(s: ScoreReport) -> f64 {
    match s {
        ScoreReport::Cp(v) => f64::from(v),
        ScoreReport::Mate(n) if n > 0 => 1e6 - f64::from(n),
        ScoreReport::Mate(n) => -1e6 - f64::from(n),
    }
}

/// The default evaluator's win-probability scale, if it has one.
fn win_scale<G: Playable>() -> Option<crate::game::Score> {
    G::Evaluator::default().win_probability_scale()
}

/// Value of a search score in the command's units (see the module docs).
fn to_units<G: Playable>(s: ScoreReport) -> f64 {
    match (win_scale::<G>(), s) {
        (Some(_), ScoreReport::Cp(v)) => {
            Scale::of::<G>(&G::Evaluator::default()).win_probability(f64::from(v))
        }
        (Some(_), ScoreReport::Mate(n)) => f64::from(u8::from(n > 0)),
        (None, s) => score_key(s),
    }
}

fn show<G: Playable>(s: ScoreReport) -> String {
    match (win_scale::<G>(), s) {
        (None, ScoreReport::Mate(n)) => format!("mate {n}"),
        (None, ScoreReport::Cp(v)) => v.to_string(),
        (Some(_), s) => format!("{:.4}", to_units::<G>(s)),
    }
}

/// Every legal move with its searched value, best first.
fn analyse_moves<G: Playable>(pos: &G, limits: &Limits) -> Result<Vec<Line>, GameError> {
    let me = decider(pos)?;
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let config = SearchConfig {
        hash_mb: 16,
        ..SearchConfig::default()
    };
    let searcher = Searcher::new(config.hash_mb, config.threads).map_err(GameError::new)?;
    let stop = AtomicBool::new(false);
    let mut lines = Vec::new();
    for &m in &moves {
        // A fresh table per move: an entry for the root searched with
        // another forced move must not answer for this one.
        searcher.clear();
        let req = Request {
            root_moves: &[m],
            ..Request::new(pos, limits, &config)
        };
        let r = searcher.think(&req, &stop, &|_: &Report| {});
        let mut child = pos.clone();
        child.play(m);
        lines.push(Line {
            text: pos.move_text(m),
            key: to_units::<G>(r.score),
            shown: show::<G>(r.score),
            exact: G::Evaluator::default().exact_win_probability(&child, me),
        });
    }
    // Stable: equal values keep the move generator's order.
    lines.sort_by(|a, b| b.key.total_cmp(&a.key));
    Ok(lines)
}

fn hint<G: Playable>(
    opts: &GameOptions,
    position: Option<&str>,
    limits: &Limits,
) -> Result<(), GameError> {
    let pos = match position {
        Some(text) => G::from_position(text, opts)?,
        None => G::new(opts)?,
    };
    let began = Instant::now();
    let lines = analyse_moves(&pos, limits)?;
    let budget = match (limits.depth, limits.movetime) {
        (_, Some(t)) => format!("movetime {} ms per move", t.as_millis()),
        (d, None) => format!("depth {} per move", d.unwrap_or(0)),
    };
    let units = if win_scale::<G>().is_some() {
        "win probability of the player to move"
    } else {
        "centi-units for the player to move"
    };
    out!("position {}", pos.position());
    out!("{} legal moves, {budget}; values: {units}", lines.len());
    let has_exact = lines.iter().any(|l| l.exact.is_some());
    let best_key = lines.first().map_or(0.0, |l| l.key);
    let best_exact = lines
        .iter()
        .filter_map(|l| l.exact)
        .fold(f64::NEG_INFINITY, f64::max);
    if has_exact {
        out!(
            "{:>3}  {:<10} {:>10} {:>10} {:>10} {:>10}",
            "#",
            "move",
            "value",
            "loss",
            "exact",
            "exact loss"
        );
    } else {
        out!("{:>3}  {:<10} {:>10} {:>10}", "#", "move", "value", "loss");
    }
    for (i, l) in lines.iter().enumerate() {
        let loss = loss_text::<G>(best_key, l.key);
        match (has_exact, l.exact) {
            (true, Some(x)) => out!(
                "{:>3}  {:<10} {:>10} {:>10} {:>10.4} {:>10.4}",
                i + 1,
                l.text,
                l.shown,
                loss,
                x,
                best_exact - x
            ),
            (true, None) => out!(
                "{:>3}  {:<10} {:>10} {:>10} {:>10} {:>10}",
                i + 1,
                l.text,
                l.shown,
                loss,
                "-",
                "-"
            ),
            (false, _) => out!("{:>3}  {:<10} {:>10} {:>10}", i + 1, l.text, l.shown, loss),
        }
    }
    out!("time: {:.3} s", began.elapsed().as_secs_f64());
    Ok(())
}

fn loss_text<G: Playable>(best: f64, v: f64) -> String {
    let d = best - v;
    if win_scale::<G>().is_some() {
        format!("{d:.4}")
    } else if d.abs() >= 1e5 {
        "mate".to_string()
    } else {
        format!("{d:.0}")
    }
}

/// The positions of a set file: one per line, `#` starts a comment.
pub fn set_positions(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect()
}

/// Exact values of every legal move for the mover (`None` if one is not
/// known).
pub fn exact_move_values<G: Playable>(pos: &G) -> Option<Vec<(G::Move, f64)>> {
    let Status::Decision(me) = pos.status() else {
        return None;
    };
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut c = pos.clone();
            c.play(m);
            G::Evaluator::default()
                .exact_win_probability(&c, me)
                .map(|x| (m, x))
        })
        .collect()
}

/// What `--equity-loss` measured.
#[derive(Clone, Debug, PartialEq)]
pub struct LossReport {
    pub positions: usize,
    pub mean_loss: f64,
    pub max_loss: f64,
    /// Positions where agon's move lost at most [`EXACT_TOLERANCE`].
    pub exactly_right: usize,
    /// The average loss of a uniformly random legal move (a baseline that
    /// says how much the set's choices matter).
    pub random_loss: f64,
}

/// agon's loss per move on `text`'s positions: exact value of the best
/// move minus exact value of the move the engine plays with its default
/// settings (`think`, `SearchConfig::default()`) within `limits`.
pub fn measure_loss<G: Playable>(
    opts: &GameOptions,
    text: &str,
    limits: &Limits,
    mut each: impl FnMut(usize, &G, f64, &str, &str),
) -> Result<LossReport, GameError> {
    let config = SearchConfig::default();
    let stop = AtomicBool::new(false);
    let mut total = 0.0;
    let mut report = LossReport {
        positions: 0,
        mean_loss: 0.0,
        max_loss: 0.0,
        exactly_right: 0,
        random_loss: 0.0,
    };
    let mut random_total = 0.0;
    for (line, p) in set_positions(text) {
        let pos =
            G::from_position(p, opts).map_err(|e| GameError::new(format!("line {line}: {e}")))?;
        decider(&pos).map_err(|e| GameError::new(format!("line {line}: {e}")))?;
        let values = exact_move_values(&pos).ok_or_else(|| {
            GameError::new(format!(
                "line {line}: the game knows no exact value for this position's moves"
            ))
        })?;
        let r = think(
            &Request::new(&pos, limits, &config),
            &stop,
            &|_: &Report| {},
        );
        let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
        let (chosen, got) = r
            .best
            .and_then(|b| values.iter().find(|v| v.0 == b).copied())
            .ok_or_else(|| GameError::new(format!("line {line}: the search returned no move")))?;
        let best_move = values
            .iter()
            .find(|v| v.1 == best)
            .map_or(String::new(), |v| pos.move_text(v.0));
        let loss = best - got;
        random_total += values.iter().map(|v| best - v.1).sum::<f64>() / values.len() as f64;
        each(line, &pos, loss, &pos.move_text(chosen), &best_move);
        total += loss;
        report.positions += 1;
        report.max_loss = report.max_loss.max(loss);
        if loss <= EXACT_TOLERANCE {
            report.exactly_right += 1;
        }
    }
    if report.positions == 0 {
        return Err(GameError::new("the file holds no positions"));
    }
    report.mean_loss = total / report.positions as f64;
    report.random_loss = random_total / report.positions as f64;
    Ok(report)
}

fn equity_loss<G: Playable>(
    opts: &GameOptions,
    text: &str,
    limits: &Limits,
    verbose: bool,
) -> Result<(), GameError> {
    let began = Instant::now();
    let r = measure_loss::<G>(opts, text, limits, |line, pos, loss, chosen, best| {
        if verbose {
            out!(
                "line {line}: played {chosen}, best {best}, loss {loss:.5}  {}",
                pos.position()
            );
        }
    })?;
    let budget = match (limits.depth, limits.movetime) {
        (_, Some(t)) => format!("movetime {} ms", t.as_millis()),
        (d, None) => format!("depth {}", d.unwrap_or(0)),
    };
    out!("positions: {}  budget: {budget} per move", r.positions);
    out!(
        "average loss per move: {:.5} (win probability, 0..1)",
        r.mean_loss
    );
    out!("largest loss: {:.5}", r.max_loss);
    out!(
        "a uniformly random legal move would lose: {:.5} on average",
        r.random_loss
    );
    out!(
        "best move played: {} of {} ({:.1}%)",
        r.exactly_right,
        r.positions,
        100.0 * r.exactly_right as f64 / r.positions as f64
    );
    out!("time: {:.1} s", began.elapsed().as_secs_f64());
    Ok(())
}
