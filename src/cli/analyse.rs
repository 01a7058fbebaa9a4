//! `agon analyse`: a backgammon-style "hint" — every legal move of a
//! decision position with its value and its loss against the best; at a
//! chance node what GNU Backgammon shows before the roll (the expected
//! value, and per outcome its probability, best move and value) — and
//! `--equity-loss FILE`, agon's average loss per move on a set of positions
//! whose exact values the game knows.
//!
//! Generic over [`Playable`]: each move's value is the engine's own search
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
use crate::game::{
    decider_after, Evaluator, GameError, GameOptions, Outcome, Playable, Player, Status,
    CP_PER_UNIT,
};
use crate::games::GameKind;
use crate::search::expectimax::value::Scale;
use crate::search::{
    think, Algorithm, Limits, Report, Request, ScoreReport, SearchConfig, Searcher,
};

/// Search depth per move when neither `--depth` nor `--movetime` is given:
/// 3, except Kubeia's 2. A Kubeia move searched 3 plies deep averages over
/// 21 rolls twice: the start (every roll, every move after it) took more
/// than 11 minutes at depth 3 and takes seconds at 2.
pub fn default_depth(game: GameKind) -> u32 {
    match game {
        GameKind::Kubeia => 2,
        _ => 3,
    }
}

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
    /// Position string; default: the start. At a chance node (a throw or
    /// roll pending): the expected value and each outcome's best move.
    #[arg(long, conflicts_with = "equity_loss")]
    pub position: Option<String>,
    /// Search depth per move in decision plies (default 3; Kubeia 2).
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
    /// The search (default: the game's own, as `Search auto`).
    #[arg(long, value_parser = super::search_arg)]
    pub search: Option<Algorithm>,
    /// Annotate every move of the games in this record file (agon's
    /// match records, APGN for Abalone, the transcription for Petteia and
    /// Kubeia): best move, played move's loss, error and blunder marks, a
    /// summary per player.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "equity_loss"])]
    pub record: Option<String>,
    /// With --record: only this game of the file (from 1).
    #[arg(long, requires = "record", value_parser = clap::value_parser!(u32).range(1..))]
    pub game_index: Option<u32>,
    /// The K best moves: with --record each move's K best lines; for a
    /// position, only the K best of its moves.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub multipv: Option<u32>,
    /// With --record: a loss from this much is an error `?` (default
    /// 0.04 win probability for Palma, 50 centi-units elsewhere).
    #[arg(long, requires = "record")]
    pub error: Option<f64>,
    /// With --record: a loss from this much is a blunder `??` (default
    /// 0.08 for Palma, 150 elsewhere).
    #[arg(long, requires = "record")]
    pub blunder: Option<f64>,
}

impl GameCommand for AnalyseArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        self.options.as_deref()
    }

    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        let limits = match (self.movetime, self.depth) {
            (Some(ms), _) => Limits::movetime(ms),
            (None, d) => Limits::depth(d.unwrap_or(default_depth(self.game))),
        };
        if let Some(file) = &self.record {
            let text = std::fs::read_to_string(file)
                .map_err(|e| GameError::new(format!("cannot read '{file}': {e}")))?;
            let (searcher, mut config) = new_searcher(self.algorithm())?;
            config.multipv = self.multipv.unwrap_or(1) as usize;
            let (error, blunder) = super::review::default_thresholds::<G>();
            let thresholds = (self.error.unwrap_or(error), self.blunder.unwrap_or(blunder));
            let index = self.game_index.map(|i| i as usize);
            let how = (&limits, &config, &searcher);
            return super::review::review::<G>(opts, (file, &text), index, how, thresholds);
        }
        match &self.equity_loss {
            Some(file) => {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| GameError::new(format!("cannot read '{file}': {e}")))?;
                equity_loss::<G>(opts, &text, &limits, self.algorithm(), self.verbose)
            }
            None => hint::<G>(
                opts,
                self.position.as_deref(),
                &limits,
                self.algorithm(),
                self.multipv.map(|k| k as usize),
            ),
        }
    }
}

impl AnalyseArgs {
    fn algorithm(&self) -> Algorithm {
        self.search.unwrap_or_default()
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
    score: ScoreReport,
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
pub(super) fn win_scale<G: Playable>() -> Option<crate::game::Score> {
    G::Evaluator::default().win_probability_scale()
}

/// Value of a search score in the command's units (see the module docs).
pub(super) fn to_units<G: Playable>(s: ScoreReport) -> f64 {
    match (win_scale::<G>(), s) {
        (Some(_), ScoreReport::Cp(v)) => {
            // Back from the protocol's scale to the evaluator's.
            let ev = G::Evaluator::default();
            let internal = f64::from(v) * f64::from(ev.cp_unit()) / f64::from(CP_PER_UNIT);
            Scale::of::<G>(&ev).win_probability(internal)
        }
        (Some(_), ScoreReport::Mate(n)) => f64::from(u8::from(n > 0)),
        (None, s) => score_key(s),
    }
}

pub(super) fn show<G: Playable>(s: ScoreReport) -> String {
    match (win_scale::<G>(), s) {
        (None, ScoreReport::Mate(n)) => format!("mate {n}"),
        (None, ScoreReport::Cp(v)) => v.to_string(),
        (Some(_), s) => format!("{:.4}", to_units::<G>(s)),
    }
}

/// A progress line on standard error (standard output keeps the table):
/// `analyse: <done>/<total> <what> (<last>, <seconds> s)`, one per step,
/// so a long analysis shows it is moving.
pub(super) fn progress(done: usize, total: usize, what: &str, last: &str, began: Instant) {
    use std::io::Write as _;
    let secs = began.elapsed().as_secs_f64();
    let _ = writeln!(
        std::io::stderr(),
        "analyse: {done}/{total} {what} ({last}, {secs:.1} s)"
    );
}

/// The searcher `analyse` uses: a 16 MiB table, one thread.
fn new_searcher(algorithm: Algorithm) -> Result<(Searcher, SearchConfig), GameError> {
    let config = SearchConfig {
        algorithm,
        hash_mb: 16,
        ..SearchConfig::default()
    };
    let searcher = Searcher::new(config.hash_mb, config.threads).map_err(GameError::new)?;
    Ok((searcher, config))
}

/// Every legal move with its searched value, best first; a progress line
/// per move when `began` says since when.
fn analyse_moves<G: Playable>(
    pos: &G,
    limits: &Limits,
    searcher: &Searcher,
    config: &SearchConfig,
    began: Option<Instant>,
) -> Result<Vec<Line>, GameError> {
    let me = decider(pos)?;
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let stop = AtomicBool::new(false);
    let mut lines = Vec::new();
    for &m in &moves {
        // A fresh table per move: an entry for the root searched with
        // another forced move must not answer for this one.
        searcher.clear();
        let req = Request {
            root_moves: &[m],
            ..Request::new(pos, limits, config)
        };
        let r = searcher.think(&req, &stop, &|_: &Report| {});
        let mut child = pos.clone();
        child.play(m);
        lines.push(Line {
            text: pos.move_text(m),
            score: r.score,
            key: to_units::<G>(r.score),
            shown: show::<G>(r.score),
            exact: G::Evaluator::default().exact_win_probability(&child, me),
        });
        if let (Some(t), Some(l)) = (began, lines.last()) {
            progress(lines.len(), moves.len(), "moves", &l.text, t);
        }
    }
    // Stable: equal values keep the move generator's order.
    lines.sort_by(|a, b| b.key.total_cmp(&a.key));
    Ok(lines)
}

fn budget_text(limits: &Limits) -> String {
    match (limits.depth, limits.movetime) {
        (_, Some(t)) => format!("movetime {} ms per move", t.as_millis()),
        (d, None) => format!("depth {} per move", d.unwrap_or(0)),
    }
}

fn units_text<G: Playable>(whom: &str) -> String {
    if win_scale::<G>().is_some() {
        format!("win probability of {whom}")
    } else {
        format!("centi-units for {whom}")
    }
}

fn hint<G: Playable>(
    opts: &GameOptions,
    position: Option<&str>,
    limits: &Limits,
    algorithm: Algorithm,
    multipv: Option<usize>,
) -> Result<(), GameError> {
    let pos = match position {
        Some(text) => G::from_position(text, opts)?,
        None => G::new(opts)?,
    };
    let began = Instant::now();
    if pos.status() == Status::Chance {
        chance_hint(&pos, limits, algorithm, began)?;
        out!("time: {:.3} s", began.elapsed().as_secs_f64());
        return Ok(());
    }
    let (searcher, config) = new_searcher(algorithm)?;
    let mut lines = analyse_moves(&pos, limits, &searcher, &config, Some(began))?;
    out!("position {}", pos.position());
    let legal = lines.len();
    if let Some(k) = multipv {
        lines.truncate(k);
    }
    out!(
        "{} legal moves, {}; values: {}",
        legal,
        budget_text(limits),
        units_text::<G>("the player to move")
    );
    let has_exact = lines.iter().any(|l| l.exact.is_some());
    let best_key = lines.first().map_or(0.0, |l| l.key);
    let best_exact = best_exact(&lines);
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
        let dash = || "-".to_string();
        let exact = l.exact.map_or_else(dash, |x| format!("{x:.4}"));
        let exact_loss = match (best_exact, l.exact) {
            (Some(b), Some(x)) => format!("{:.4}", b - x),
            _ => dash(),
        };
        if has_exact {
            out!(
                "{:>3}  {:<10} {:>10} {:>10} {:>10} {:>10}",
                i + 1,
                l.text,
                l.shown,
                loss,
                exact,
                exact_loss
            );
        } else {
            out!("{:>3}  {:<10} {:>10} {:>10}", i + 1, l.text, l.shown, loss);
        }
    }
    out!("time: {:.3} s", began.elapsed().as_secs_f64());
    Ok(())
}

/// The exact value of the best move overall, which the exact losses are
/// measured from: the largest exact value when every move has one, else
/// the exact value of the searched best (the first line), if known. Never
/// the best among only the moves that have an exact value: a worse move
/// that reaches a known endgame would then show no loss.
fn best_exact(lines: &[Line]) -> Option<f64> {
    let all: Option<Vec<f64>> = lines.iter().map(|l| l.exact).collect();
    match all {
        Some(values) if !values.is_empty() => {
            Some(values.into_iter().fold(f64::NEG_INFINITY, f64::max))
        }
        _ => lines.first().and_then(|l| l.exact),
    }
}

/// A score seen from the other side of a two-player game.
fn flipped(s: ScoreReport) -> ScoreReport {
    match s {
        ScoreReport::Cp(v) => ScoreReport::Cp(-v),
        ScoreReport::Mate(n) => ScoreReport::Mate(-n),
    }
}

/// What GNU Backgammon shows before the roll: at a chance node, the
/// expected value for the player whose throw or roll it is, and for each
/// outcome its probability, the best move after it and that move's value
/// (the values of [`hint`] at the position after the outcome, seen from
/// the thrower). The expected value is the probability-weighted mean of
/// the listed values, so the table adds up.
fn chance_hint<G: Playable>(
    pos: &G,
    limits: &Limits,
    algorithm: Algorithm,
    began: Instant,
) -> Result<(), GameError> {
    let thrower = decider_after(pos).ok_or_else(|| {
        GameError::new("no player decides after this throw or roll (the game ends first)")
    })?;
    let thrower_name = G::PLAYER_NAMES
        .get(usize::from(thrower))
        .copied()
        .unwrap_or("the thrower");
    let (searcher, config) = new_searcher(algorithm)?;
    let mut outcomes = Vec::new();
    pos.outcomes(&mut outcomes);
    let mut rows = Vec::new();
    let mut expected = Some(0.0);
    for &(outcome, p) in &outcomes {
        let mut child = pos.clone();
        child.play(outcome);
        let (best, score) = match child.status() {
            Status::Decision(c) => {
                let lines = analyse_moves(&child, limits, &searcher, &config, None)?;
                let first = lines
                    .first()
                    .ok_or_else(|| GameError::new("a decision node without a legal move"))?;
                let score = if c == thrower {
                    first.score
                } else {
                    flipped(first.score)
                };
                (first.text.clone(), score)
            }
            // A throw that earns another throw (no game here has one): the
            // value is the search of that chance node, from its thrower.
            Status::Chance => {
                searcher.clear();
                let stop = AtomicBool::new(false);
                let r = searcher.think(
                    &Request::new(&child, limits, &config),
                    &stop,
                    &|_: &Report| {},
                );
                let score = if decider_after(&child) == Some(thrower) {
                    r.score
                } else {
                    flipped(r.score)
                };
                ("(throw)".to_string(), score)
            }
            Status::Over(o) => {
                let score = match o {
                    Outcome::Win(w) if w == thrower => ScoreReport::Mate(1),
                    Outcome::Win(_) => ScoreReport::Mate(-1),
                    _ => ScoreReport::Cp(0),
                };
                ("(over)".to_string(), score)
            }
        };
        // A proven result has no place in an average of centi-units.
        let value = match (win_scale::<G>(), score) {
            (None, ScoreReport::Mate(_)) => None,
            _ => Some(to_units::<G>(score)),
        };
        expected = expected.zip(value).map(|(e, v)| e + p * v);
        rows.push((pos.move_text(outcome), p, best, show::<G>(score)));
        let text = pos.move_text(outcome);
        progress(rows.len(), outcomes.len(), "outcomes", &text, began);
    }
    out!("position {}", pos.position());
    out!(
        "chance node: {thrower_name} to throw, {} outcomes; {}; values: {}",
        outcomes.len(),
        budget_text(limits),
        units_text::<G>(thrower_name)
    );
    match expected {
        Some(e) if win_scale::<G>().is_some() => {
            out!("expected value before the throw: {e:.4}")
        }
        Some(e) => out!("expected value before the throw: {e:.0}"),
        None => out!("expected value before the throw: - (an outcome has a proven result)"),
    }
    out!(
        "{:<10} {:>11}  {:<10} {:>10}",
        "outcome",
        "probability",
        "best move",
        "value"
    );
    for (outcome, p, best, value) in rows {
        out!("{outcome:<10} {p:>11.4}  {best:<10} {value:>10}");
    }
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
/// move minus exact value of the move the engine plays with `config`
/// (`think`) within `limits`.
pub fn measure_loss<G: Playable>(
    opts: &GameOptions,
    text: &str,
    limits: &Limits,
    config: &SearchConfig,
    mut each: impl FnMut(usize, &G, f64, &str, &str),
) -> Result<LossReport, GameError> {
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
        let r = think(&Request::new(&pos, limits, config), &stop, &|_: &Report| {});
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
    algorithm: Algorithm,
    verbose: bool,
) -> Result<(), GameError> {
    let began = Instant::now();
    let config = SearchConfig {
        algorithm,
        ..SearchConfig::default()
    };
    let r = measure_loss::<G>(
        opts,
        text,
        limits,
        &config,
        |line, pos, loss, chosen, best| {
            if verbose {
                out!(
                    "line {line}: played {chosen}, best {best}, loss {loss:.5}  {}",
                    pos.position()
                );
            }
        },
    )?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn line(key: f64, exact: Option<f64>) -> Line {
        Line {
            text: String::new(),
            score: ScoreReport::Cp(0),
            key,
            shown: String::new(),
            exact,
        }
    }

    #[test]
    fn the_exact_reference_is_the_best_move_overall() {
        // Every move known: the true best.
        let all = [line(2.0, Some(0.5)), line(1.0, Some(0.7))];
        assert_eq!(best_exact(&all), Some(0.7));
        // The searched best unknown: no reference, although a worse move
        // has an exact value.
        let top_unknown = [line(2.0, None), line(1.0, Some(0.7))];
        assert_eq!(best_exact(&top_unknown), None);
        // Only some known: the searched best's own value.
        let top_known = [line(2.0, Some(0.6)), line(1.0, None), line(0.0, Some(0.4))];
        assert_eq!(best_exact(&top_known), Some(0.6));
        assert_eq!(best_exact(&[]), None);
    }
}
