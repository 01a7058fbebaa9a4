//! `agon analyse`: a backgammon-style "hint" — every legal move of a
//! decision position with its value and its loss against the best; at a
//! chance node what GNU Backgammon shows before the roll (the expected
//! value, and per outcome its probability, best move and value) — and
//! `--equity-loss FILE`, agon's average loss per move on a set of positions
//! whose exact values the game knows, and `--rollout N`, each move rated
//! by N games played out from it ([`crate::analysis::rollout`]).
//!
//! The values come from [`crate::analysis`] (which says how they are
//! searched and in what units); this file parses the arguments and prints
//! the tables, at the given depth or time per move. When the game knows
//! the exact win probability after a move (Palma's exact endgames) an
//! "exact" column is added. The command names no game.

use std::time::Instant;

use clap::Args;

use super::progress::analyse_step;
use super::GameCommand;
use crate::analysis::rollout::RolloutConfig;
use crate::analysis::units::{show, win_scale};
use crate::analysis::{self, best_exact, chance_hint, move_values, MoveValue};
use crate::engine::Core;
use crate::game::files::{read_regular_text, MAX_TEXT_BYTES};
use crate::game::{GameError, GameOptions, Playable, Status};
use crate::games::GameKind;
use crate::search::{Algorithm, Limits};

// The equity-loss measure, where the tests have always found it.
pub use crate::analysis::{
    exact_move_values, measure_loss, move_values_by, set_positions, EXACT_TOLERANCE,
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

/// Arguments of `agon analyse`.
#[derive(Args)]
pub struct AnalyseArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameKind::Abalone)]
    pub game: GameKind,
    /// Variant options, e.g. "layout=belgian" (with --record of agon's
    /// match records: by default the first record's, e.g. "players=4").
    #[arg(long)]
    pub options: Option<String>,
    /// The first match record's options, when --options is not given.
    #[arg(skip)]
    record_options: std::sync::OnceLock<Option<String>>,
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
    /// With --record: a loss from this much is an inaccuracy `?!`
    /// (default half the error's).
    #[arg(long, requires = "record")]
    pub inaccuracy: Option<f64>,
    /// With --record: a loss from this much is an error `?` (default
    /// 0.04 win probability for Palma, 50 centi-units elsewhere).
    #[arg(long, requires = "record")]
    pub error: Option<f64>,
    /// With --record: a loss from this much is a blunder `??` (default
    /// 0.08 for Palma, 150 elsewhere).
    #[arg(long, requires = "record")]
    pub blunder: Option<f64>,
    /// The engine's table in MiB, kept for the whole analysis (cleared
    /// where an earlier question must not answer for the next).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::settings::hash_arg, default_value_t = crate::analysis::HASH_MB)]
    pub hash: usize,
    /// Search threads (with --rollout: threads playing the games).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::settings::threads_arg, default_value_t = 1)]
    pub threads: usize,
    /// Rate every move of the position by this many games played out from
    /// it (a rollout, as GNU Backgammon's: variance reduction, stratified
    /// throws, the same throws for every move; mean and standard error).
    #[arg(long, value_name = "GAMES", conflicts_with_all = ["record", "equity_loss", "depth", "movetime", "search"], value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub rollout: Option<u32>,
    /// With --rollout: end each game after this many plies (throws
    /// included) and take the evaluator's value there (default: play to
    /// the end).
    #[arg(long, requires = "rollout", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub truncate: Option<u32>,
    /// With --rollout: the seed of the throws.
    #[arg(long, requires = "rollout", default_value_t = 1)]
    pub seed: u64,
    /// With --rollout in a dice game: how deep the policy looks, 1 (its
    /// evaluator after each move) or 2 (the mean over the next throw of
    /// the position after the reply: about twenty times slower, less of
    /// the policy's own error).
    #[arg(long, requires = "rollout", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=2))]
    pub ply: u32,
    /// With --rollout: keep each move's result in FILE as it is done, and
    /// take the moves FILE already holds (a stopped rollout of the same
    /// position and settings) instead of rolling them out again.
    #[arg(long, value_name = "FILE", requires = "rollout")]
    pub resume: Option<String>,
    /// An exact table file of `agon tablebase generate` for the searches
    /// to probe (as the protocol's `EndgamePath`): Zamma's endgame
    /// databases, Palma's larger domain.
    #[arg(long, value_name = "FILE", conflicts_with = "rollout")]
    pub tables: Option<String>,
}

impl GameCommand for AnalyseArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        if self.options.is_some() {
            return self.options.as_deref();
        }
        // A record of 4-player Abalone is read as one without being told.
        // A file that cannot be read is reported when it is read.
        let file = self.record.as_deref()?;
        self.record_options
            .get_or_init(|| super::record_options(file, self.game))
            .as_deref()
    }

    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        let limits = match (self.movetime, self.depth) {
            (Some(ms), _) => Limits::movetime(ms),
            (None, d) => Limits::depth(d.unwrap_or(default_depth(self.game))),
        };
        if let Some(file) = &self.record {
            let text = read_regular_text(std::path::Path::new(file), MAX_TEXT_BYTES)
                .map_err(|e| GameError::file("cannot read", file, &e))?;
            let mut core = self.engine::<G>()?;
            core.config_mut().multipv = self.multipv.unwrap_or(1) as usize;
            let default = analysis::default_thresholds::<G>();
            let error = self.error.unwrap_or(default.error);
            let thresholds = analysis::Thresholds {
                inaccuracy: self.inaccuracy.unwrap_or(if self.error.is_some() {
                    error / 2.0
                } else {
                    default.inaccuracy
                }),
                error,
                blunder: self.blunder.unwrap_or(default.blunder),
            };
            let index = self.game_index.map(|i| i as usize);
            let how = (&limits, &core);
            return super::review::review::<G>(opts, (file, &text), index, how, thresholds);
        }
        if let Some(games) = self.rollout {
            let config = RolloutConfig {
                games: games as usize,
                truncate: self.truncate,
                seed: self.seed,
                threads: self.threads,
                ply: self.ply,
            };
            let how = (&config, self.resume.as_deref());
            return rollout::<G>(opts, self.position.as_deref(), how, self.multipv);
        }
        match &self.equity_loss {
            Some(file) => {
                let text = read_regular_text(std::path::Path::new(file), MAX_TEXT_BYTES)
                    .map_err(|e| GameError::file("cannot read", file, &e))?;
                equity_loss::<G>(opts, &text, &limits, &self.engine::<G>()?, self.verbose)
            }
            None => hint::<G>(
                opts,
                self.position.as_deref(),
                &limits,
                &self.engine::<G>()?,
                self.multipv.map(|k| k as usize),
            ),
        }
    }
}

impl AnalyseArgs {
    /// The engine of the whole analysis: `--search`, `--hash`,
    /// `--threads`, `--tables`.
    fn engine<G: Playable>(&self) -> Result<Core, GameError> {
        let mut core = analysis::engine(self.search.unwrap_or_default(), self.hash, self.threads)?;
        if let Some(path) = &self.tables {
            let tables = G::load_tablebase(std::path::Path::new(path))?;
            core.set_table_file(Some(crate::game::TableFile::new::<G>(tables, path.clone())));
        }
        Ok(core)
    }
}

/// The engine the analysis ran on, as its searcher has it (`--hash`,
/// `--threads`).
fn engine_line(core: &Core) {
    out!(
        "engine: table {} MiB, threads {}",
        core.hash_mb(),
        core.threads()
    );
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
    core: &Core,
    multipv: Option<usize>,
) -> Result<(), GameError> {
    let pos: G = super::position_or_start(position, opts)?;
    let began = Instant::now();
    if pos.status() == Status::Chance {
        print_chance_hint(&pos, limits, core, began)?;
        out!("time: {:.3} s", began.elapsed().as_secs_f64());
        return Ok(());
    }
    let mut lines = move_values(&pos, limits, core, |done, total, l| {
        analyse_step(done, total, "moves", &l.text, began)
    })?;
    out!("position {}", pos.position());
    engine_line(core);
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
    print_moves::<G>(&lines);
    out!("time: {:.3} s", began.elapsed().as_secs_f64());
    Ok(())
}

/// `--rollout`: each move's rollout mean and standard error, best first,
/// beside the plain mean's (without variance reduction).
fn rollout<G: Playable>(
    opts: &GameOptions,
    position: Option<&str>,
    (config, resume): (&RolloutConfig, Option<&str>),
    multipv: Option<u32>,
) -> Result<(), GameError> {
    let pos: G = super::position_or_start(position, opts)?;
    let began = Instant::now();
    let mut saved = match resume {
        Some(file) => Some(RolloutFile::open::<G>(file, &pos, config)?),
        None => None,
    };
    let known = saved
        .as_mut()
        .map_or(Vec::new(), |f| std::mem::take(&mut f.rows));
    if !known.is_empty() {
        eprintln!(
            "rollout: {} moves read from {}",
            known.len(),
            resume.unwrap_or("")
        );
    }
    let mut failed = None;
    let mut rows = analysis::rollout::rollout_resumed(
        &pos,
        config,
        G::tablebase(),
        &known,
        |done, total, row| {
            if let Some(f) = saved.as_mut() {
                if let Err(e) = f.append(row) {
                    failed.get_or_insert(e);
                }
            }
            analyse_step(done, total, "moves rolled out", &row.text, began)
        },
    )?;
    if let Some(e) = failed {
        return Err(e);
    }
    out!("position {}", pos.position());
    out!(
        "rollout: {} games a move, {}, seed {}, {} threads{}; values: win probability of the player to move",
        config.games,
        match config.truncate {
            Some(k) => format!("truncated after {k} plies"),
            None => "to the end".to_string(),
        },
        config.seed,
        config.threads,
        if config.ply >= 2 && G::HAS_CHANCE {
            ", 2-ply policy"
        } else {
            ""
        }
    );
    if let Some(k) = multipv {
        rows.truncate(k as usize);
    }
    out!(
        "{:>3}  {:<10} {:>8} {:>8} {:>10} {:>10}",
        "#",
        "move",
        "mean",
        "s.e.",
        "plain mean",
        "plain s.e."
    );
    for (i, r) in rows.iter().enumerate() {
        out!(
            "{:>3}  {:<10} {:>8.4} {:>8.4} {:>10.4} {:>10.4}",
            i + 1,
            r.text,
            r.mean,
            r.stderr,
            r.raw_mean,
            r.raw_stderr
        );
    }
    out!("time: {:.3} s", began.elapsed().as_secs_f64());
    Ok(())
}

/// The table of moves: value and loss, and the exact columns when a move
/// has an exact value.
fn print_moves<G: Playable>(lines: &[MoveValue]) {
    let has_exact = lines.iter().any(|l| l.exact.is_some());
    let best_key = lines.first().map_or(0.0, |l| l.key);
    let best_exact = best_exact(lines);
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
}

/// What GNU Backgammon shows before the roll ([`chance_hint`]).
fn print_chance_hint<G: Playable>(
    pos: &G,
    limits: &Limits,
    how: &Core,
    began: Instant,
) -> Result<(), GameError> {
    let hint = chance_hint(pos, limits, how, |done, total, outcome| {
        analyse_step(done, total, "outcomes", outcome, began)
    })?;
    let thrower_name = G::PLAYER_NAMES
        .get(usize::from(hint.thrower))
        .copied()
        .unwrap_or("the thrower");
    out!("position {}", pos.position());
    engine_line(how);
    out!(
        "chance node: {thrower_name} to throw, {} outcomes; {}; values: {}",
        hint.rows.len(),
        budget_text(limits),
        units_text::<G>(thrower_name)
    );
    match hint.expected {
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
    for row in hint.rows {
        let (outcome, p, best) = (row.outcome, row.probability, row.best);
        let value = show::<G>(row.score);
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

fn equity_loss<G: Playable>(
    opts: &GameOptions,
    text: &str,
    limits: &Limits,
    core: &Core,
    verbose: bool,
) -> Result<(), GameError> {
    let began = Instant::now();
    let r = measure_loss::<G>(opts, text, limits, core, |line, pos, loss, chosen, best| {
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

/// A rollout's results kept as they are done (`--resume`): a header line
/// naming the rollout (game, options, games, truncation, seed, position),
/// then one line per move rolled out, `row <mean> <s.e.> <plain mean>
/// <plain s.e.> <move>` (numbers as Rust prints them, which read back to
/// the same bits). A file of another rollout is an error, a cut last line
/// is rolled out again.
struct RolloutFile {
    file: std::fs::File,
    /// The rows read back, until the rollout takes them.
    rows: Vec<analysis::rollout::RolloutRow>,
}

impl RolloutFile {
    fn header<G: Playable>(pos: &G, config: &RolloutConfig) -> String {
        format!(
            "agon rollout 1 game={} options={} games={} truncate={} seed={} ply={} position={}",
            G::NAME,
            pos.options(),
            config.games,
            config
                .truncate
                .map_or("none".to_string(), |k| k.to_string()),
            config.seed,
            config.ply,
            pos.position()
        )
    }

    fn open<G: Playable>(
        path: &str,
        pos: &G,
        config: &RolloutConfig,
    ) -> Result<RolloutFile, GameError> {
        use std::io::Write as _;
        let fail = |e: &dyn std::fmt::Display| GameError::new(format!("{path}: {e}"));
        let header = Self::header(pos, config);
        let p = std::path::Path::new(path);
        let mut rows = Vec::new();
        let mut keep = 0;
        let text = match p.exists() {
            true => read_regular_text(p, MAX_TEXT_BYTES).map_err(|e| fail(&e))?,
            false => String::new(),
        };
        if !text.is_empty() {
            let mut lines = text.split_inclusive('\n');
            if lines.next().map(str::trim_end) != Some(header.as_str()) {
                return Err(fail(&format!(
                    "not this rollout's file (its first line is not '{header}'): \
                     another position or settings; remove it or name another"
                )));
            }
            keep = header.len() + 1;
            for line in lines {
                let Some(row) = line.strip_suffix('\n').and_then(parse_row) else {
                    break;
                };
                rows.push(row);
                keep += line.len();
            }
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
            .map_err(|e| fail(&e))?;
        // Drop a cut last line; a new file gets its header.
        file.set_len(keep as u64).map_err(|e| fail(&e))?;
        if keep == 0 {
            writeln!(file, "{header}").map_err(|e| fail(&e))?;
        }
        Ok(RolloutFile { file, rows })
    }

    fn append(&mut self, r: &analysis::rollout::RolloutRow) -> Result<(), GameError> {
        use std::io::Write as _;
        writeln!(
            self.file,
            "row {} {} {} {} {}",
            r.mean, r.stderr, r.raw_mean, r.raw_stderr, r.text
        )
        .and_then(|()| self.file.sync_data())
        .map_err(|e| GameError::new(format!("rollout file: {e}")))
    }
}

/// A `row` line of a rollout file.
fn parse_row(line: &str) -> Option<analysis::rollout::RolloutRow> {
    let rest = line.strip_prefix("row ")?;
    let mut parts = rest.splitn(5, ' ');
    let mut number = || parts.next()?.parse::<f64>().ok().filter(|x| x.is_finite());
    let (mean, stderr, raw_mean, raw_stderr) = (number()?, number()?, number()?, number()?);
    let text = parts.next()?.to_string();
    Some(analysis::rollout::RolloutRow {
        text,
        mean,
        stderr,
        raw_mean,
        raw_stderr,
    })
}
