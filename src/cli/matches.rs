//! `agon match`: engines against each other under the referee — built-in
//! agon configurations and external programs that speak the protocol.

use std::time::Duration;

use clap::Args;

use super::progress::Progress;
use super::{parse_openings, GameCommand, Openings};
use std::io::Write as _;

use crate::arena::record::{self, MatchRecord};
use crate::arena::{
    in_shard, run_match, stats_of, EndReason, Entrant, GameResult, MatchSpec, MatchStats,
    ScoreRule, Sprt, Tally, Verdict,
};
use crate::game::{GameError, GameOptions, Outcome, Playable};
use crate::games::GameKind;

/// `--margin`'s default: what cutechess-cli and fastchess users commonly
/// give as `timemargin` (tens to a few hundred ms), enough for a machine
/// busy with other work, small against any clock worth testing at.
pub const DEFAULT_MARGIN_MS: u64 = 100;

/// Arguments of `agon match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameKind::Abalone)]
    pub game: GameKind,
    /// Variant options, e.g. "layout=belgian".
    #[arg(long)]
    pub options: Option<String>,
    /// Engine A, e.g. "search=alphabeta,movetime=100" or
    /// "cmd=/path/agon,tc=10+0.1" (see below; --help lists the settings).
    #[arg(long, value_name = "ENGINE", value_parser = parse_entrant, required_unless_present = "merge")]
    pub a: Option<Entrant>,
    /// Engine B, e.g. "search=greedy".
    #[arg(long, value_name = "ENGINE", value_parser = parse_entrant, required_unless_present = "merge")]
    pub b: Option<Entrant>,
    /// More engines (C, D, …), once each: a tournament of every pairing
    /// (--tournament); each pairing is a match of --games games.
    #[arg(long, value_name = "ENGINE", value_parser = parse_entrant)]
    pub engine: Vec<Entrant>,
    /// With --engine: round-robin (every pair of engines) or gauntlet (A
    /// against each other engine). With --record FILE each pairing has
    /// its file, FILE-AB, FILE-AC, ….
    #[arg(long, value_enum, default_value_t = Tournament::RoundRobin)]
    pub tournament: Tournament,
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
    /// Milliseconds an engine may use beyond its clock or move time
    /// before it loses on time: the time from `go` to `bestmove` includes
    /// the operating system's scheduling, which a loaded machine stretches
    /// by tens of milliseconds (0 forfeits sound engines there).
    #[arg(long, allow_negative_numbers = true, default_value_t = DEFAULT_MARGIN_MS, value_parser = clap::value_parser!(u64).range(0..=3_600_000))]
    pub margin: u64,
    /// Print each engine's time per game and the share of its base
    /// time spent by ply 60.
    #[arg(long)]
    pub time_report: bool,
    /// Start the pairs from these positions (a file of position
    /// strings, one a line, `#` comments) instead of random openings.
    #[arg(long)]
    pub openings_file: Option<String>,
    /// Stop on an SPRT verdict over the pairs (pentanomial, as fishtest):
    /// "elo0=0,elo1=5[,alpha=0.05][,beta=0.05][,model=logistic|normalized]".
    #[arg(long, value_parser = parse_sprt)]
    pub sprt: Option<Sprt>,
    /// Print every game's moves and positions.
    #[arg(long)]
    pub verbose: bool,
    /// Adjudicate a loss when, for N moves of each, the loser's engine
    /// scored at most -CP and the winner's at least CP (two players):
    /// "movecount=3,score=1000".
    #[arg(long, value_parser = parse_score_rule)]
    pub resign: Option<ScoreRule>,
    /// Adjudicate a draw after move M when both engines scored within
    /// ±CP for N moves each: "movenumber=40,movecount=8,score=10".
    #[arg(long, value_parser = parse_score_rule)]
    pub draw: Option<ScoreRule>,
    /// Append each game's record to FILE as it ends (agon's record
    /// format: tags, moves with throws and rolls, scores and times).
    #[arg(long, value_name = "FILE")]
    pub record: Option<String>,
    /// Also append each game in the game's own record format to FILE (APGN
    /// for Abalone; the transcription for Petteia and Kubeia, which starts
    /// from the start position: use --openings 0).
    #[arg(long, value_name = "FILE")]
    pub record_native: Option<String>,
    /// With --record: count the games already in FILE and play only the
    /// others (a match interrupted and started again with the same
    /// arguments).
    #[arg(long, requires = "record")]
    pub resume: bool,
    /// Play only share I of N of the rounds (I from 1), e.g. 2/8; the
    /// shards' records together make the whole match (--merge).
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(u32, u32)>,
    /// No games: the statistics of the records in these files (the
    /// shards of one match), as one run would print them.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["a", "b", "engine", "resume", "shard"])]
    pub merge: Vec<String>,
}

/// `I/N` with `1 <= I <= N`, as the shard's index from 0 and the count.
fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse::<u32>().ok()?, n.trim().parse::<u32>().ok()?)));
    match parsed {
        Some((i, n)) if (1..=n).contains(&i) => Ok((i - 1, n)),
        _ => Err(format!("'{text}' is not I/N with 1 <= I <= N")),
    }
}

/// How `agon match` engines are written (also in the README).
pub const ENGINES: &str = "\
Engines (--a, --b) are comma-separated key=value settings.
  Built in:  search=alphabeta,movetime=100,threads=1,hash=64,...  (agon's own settings)
  External:  cmd=PATH[,arg=ARG]...[,dir=DIR][,proto=uci|ugi][,name=NAME][,option.NAME=VALUE]...
             a program that speaks the agon protocol; arg= once per argument, in order;
             options are sent as setoption after Game and GameOptions, in the order given.
  Limits of either kind: tc=BASE+INC (seconds, a clock), movetime=MS, depth=N, nodes=N,
             timeout=MS (how long a search without a time limit may take; default 60000).
The referee checks every move, keeps the clocks (time from `go` to `bestmove`; --margin MS
allowed beyond, default 100), throws the sticks and rolls the dice itself (the same in both
games of a pair), and an engine that crashes, hangs, loses on time, plays an illegal move or
breaks the protocol (a line over 256 KiB, a `go` answered twice) loses the game (the reason
is printed, and the forfeits stand out in the summary) and is restarted for its next game
(not after a late answer: it is alive and in step). Each engine runs in its own process
group, killed whole when the engine is done with.";

/// Parses `--a`/`--b`: a built-in configuration or an external engine.
pub fn parse_entrant(text: &str) -> Result<Entrant, String> {
    Entrant::parse(text).map_err(|e| e.to_string())
}

fn parse_score_rule(text: &str) -> Result<ScoreRule, String> {
    ScoreRule::parse(text).map_err(|e| e.to_string())
}

fn parse_sprt(text: &str) -> Result<Sprt, String> {
    Sprt::parse(text).map_err(|e| e.to_string())
}

impl GameCommand for MatchArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        self.options.as_deref()
    }

    /// Runs the match and prints a line per game and the final score.
    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        if !self.merge.is_empty() {
            return merge::<G>(&self.merge);
        }
        let (Some(a), Some(b)) = (&self.a, &self.b) else {
            return Err(GameError::new("a match needs --a and --b"));
        };
        let mut engines = vec![a.clone(), b.clone()];
        engines.extend(self.engine.iter().cloned());
        let pairings: Vec<(usize, usize)> = match self.tournament {
            Tournament::RoundRobin => (0..engines.len())
                .flat_map(|i| (i + 1..engines.len()).map(move |j| (i, j)))
                .collect(),
            Tournament::Gauntlet => (1..engines.len()).map(|j| (0, j)).collect(),
        };
        let openings = match &self.openings_file {
            Some(path) => read_openings::<G>(path, opts)?,
            None => Vec::new(),
        };
        // Per engine: points and games over every pairing.
        let mut standings = vec![(0.0f64, 0u32); engines.len()];
        for &(i, j) in &pairings {
            let per_pairing = |path: &String| {
                if engines.len() == 2 {
                    path.clone()
                } else {
                    pairing_path(path, i, j)
                }
            };
            let record = self.record.as_ref().map(per_pairing);
            let native = self.record_native.as_ref().map(per_pairing);
            if engines.len() > 2 {
                out!(
                    "pairing {} vs {}: {} vs {}",
                    letter(i),
                    letter(j),
                    engines[i].name,
                    engines[j].name
                );
            }
            let spec = MatchSpec {
                games: self.games,
                opening_plies: (self.openings.min, self.openings.max),
                openings: openings.clone(),
                max_plies: self.max_plies,
                concurrency: usize::from(self.concurrency),
                seed: self.seed,
                margin: Duration::from_millis(self.margin),
                sprt: self.sprt,
                shard: self.shard.unwrap_or((0, 1)),
                done: self.resumed::<G>(record.as_deref(), &opts.to_string())?,
                resign: self.resign,
                draw: self.draw,
            };
            let pair = [engines[i].clone(), engines[j].clone()];
            let files = (record.as_deref(), native.as_deref());
            let stats = run_game::<G>(opts, &pair, &spec, self, files)?;
            let draws = f64::from(stats.draws) / 2.0;
            standings[i].0 += f64::from(stats.wins) + draws;
            standings[j].0 += f64::from(stats.losses) + draws;
            standings[i].1 += stats.games();
            standings[j].1 += stats.games();
        }
        if engines.len() > 2 {
            print_standings(&engines, &standings);
        }
        Ok(())
    }
}

/// How more than two engines meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Tournament {
    /// Every engine against every other.
    RoundRobin,
    /// Engine A against each of the others.
    Gauntlet,
}

/// `A`, `B`, `C`, …: the engines in the order given.
fn letter(i: usize) -> char {
    char::from(b'A' + (i % 26) as u8)
}

/// The record file of pairing `i`-`j` in a tournament: `match.agn` →
/// `match-AC.agn`.
fn pairing_path(path: &str, i: usize, j: usize) -> String {
    let tag = format!("-{}{}", letter(i), letter(j));
    let p = std::path::Path::new(path);
    match (p.file_stem(), p.extension()) {
        (Some(stem), Some(ext)) => p
            .with_file_name(format!(
                "{}{tag}.{}",
                stem.to_string_lossy(),
                ext.to_string_lossy()
            ))
            .to_string_lossy()
            .into_owned(),
        _ => format!("{path}{tag}"),
    }
}

/// The final table of a tournament: each engine's points, games, score
/// and the Elo difference that score means against its opponents.
fn print_standings(engines: &[Entrant], standings: &[(f64, u32)]) {
    let mut order: Vec<usize> = (0..engines.len()).collect();
    order.sort_by(|&a, &b| {
        let share = |k: usize| standings[k].0 / f64::from(standings[k].1.max(1));
        share(b).total_cmp(&share(a))
    });
    out!("standings:");
    for (rank, k) in order.into_iter().enumerate() {
        let (points, games) = standings[k];
        let score = points / f64::from(games.max(1));
        let elo = if score <= 0.0 || score >= 1.0 {
            if score <= 0.0 {
                "-inf".to_string()
            } else {
                "+inf".to_string()
            }
        } else {
            format!("{:+.0}", -400.0 * (1.0 / score - 1.0).log10())
        };
        out!(
            "{:>3}. {} {:<20} {points:>6.1}/{games:<5} {:>5.1}%  elo {elo}",
            rank + 1,
            letter(k),
            engines[k].name,
            100.0 * score
        );
    }
}

impl MatchArgs {
    /// With `--resume`: the games already in `record` that belong to this
    /// match and shard. Each must replay under the rules and options of
    /// this match (a record that does not is an error, not a game played).
    /// A last record cut short is cut off the file with a warning, so that
    /// the games to come follow whole records.
    fn resumed<G: Playable>(
        &self,
        record: Option<&str>,
        options: &str,
    ) -> Result<Vec<(u32, GameResult)>, GameError> {
        let (true, Some(path)) = (self.resume, record) else {
            return Ok(Vec::new());
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            // A match resumed before its first game ended.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(GameError::new(format!("record file '{path}': {e}"))),
        };
        let file = record::read_located::<G>(&text).map_err(|e| e.in_file(path))?;
        for located in &file.records {
            located.replay::<G>().map_err(|e| e.in_file(path))?;
            if located.record.options != options {
                return Err(GameError::new(format!(
                    "{path}:{}: options '{}', but this match plays '{options}'",
                    located.tag_line("Options"),
                    located.record.options
                )));
            }
        }
        if let Some(line) = file.cut_at {
            eprintln!(
                "warning: {path}:{line}: the last record was cut short (a match stopped while writing it); it is removed and its game played again"
            );
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .and_then(|f| f.set_len(file.whole_len as u64))
                .map_err(|e| GameError::new(format!("record file '{path}': {e}")))?;
        }
        let seats = G::PLAYER_NAMES.len();
        let shard = self.shard.unwrap_or((0, 1));
        let mut done: Vec<(u32, GameResult)> = Vec::new();
        for located in file.records {
            let r = located.record;
            let number = r.number;
            let fits = number <= self.games.div_ceil(seats as u32) * seats as u32;
            if fits && in_shard(shard, number, seats) {
                done.retain(|(n, _)| *n != number);
                done.push((number, r.result()));
            }
        }
        Ok(done)
    }
}

/// The records of `path` (an error if it holds none: an empty file, or
/// one whose only record was cut short).
fn read_record_file<G: Playable>(path: &str) -> Result<Vec<MatchRecord>, GameError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| GameError::new(format!("record file '{path}': {e}")))?;
    if text.trim().is_empty() {
        return Err(GameError::new(format!("record file '{path}' is empty")));
    }
    let file = record::read_located::<G>(&text).map_err(|e| e.in_file(path))?;
    if file.records.is_empty() {
        return Err(GameError::new(format!(
            "record file '{path}' has no complete record"
        )));
    }
    Ok(file.records.into_iter().map(|l| l.record).collect())
}

/// `--merge`: the statistics of the games in `paths`, each game number
/// counted once.
fn merge<G: Playable>(paths: &[String]) -> Result<(), GameError> {
    let mut games: Vec<(u32, GameResult)> = Vec::new();
    let mut names: Vec<String> = vec!["A".into(), "B".into()];
    for path in paths {
        for r in read_record_file::<G>(path)? {
            for (p, &e) in r.entrants.iter().enumerate() {
                if let (Some(slot), Some(name)) = (names.get_mut(e), r.players.get(p)) {
                    slot.clone_from(name);
                }
            }
            if games.iter().all(|(n, _)| *n != r.number) {
                games.push((r.number, r.result()));
            }
        }
    }
    games.sort_by_key(|(n, _)| *n);
    out!(
        "merged {}: A = {} vs B = {}, {} games from {} files",
        G::NAME,
        names[0],
        names[1],
        games.len(),
        paths.len()
    );
    let stats = stats_of(&games, G::PLAYER_NAMES.len());
    let mut tallies = vec![Tally::default(); 2];
    for (_, g) in &games {
        for (e, t) in tallies.iter_mut().enumerate() {
            t.add(g, e);
        }
    }
    print_summary(&stats, None, &tallies);
    Ok(())
}

/// The position strings of an openings file: one a line; empty lines and
/// lines starting with `#` are skipped. A position `G` cannot start from
/// is an error at its line.
fn read_openings<G: Playable>(path: &str, opts: &GameOptions) -> Result<Vec<String>, GameError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| GameError::new(format!("openings file '{path}': {e}")))?;
    let lines: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i, l.to_string()))
        .collect();
    if lines.is_empty() {
        let what = if text.trim().is_empty() {
            "is empty"
        } else {
            "has no position"
        };
        return Err(GameError::new(format!("openings file '{path}' {what}")));
    }
    lines
        .into_iter()
        .map(|(n, text)| match G::from_position(&text, opts) {
            Ok(_) => Ok(text),
            Err(e) => Err(GameError::new(format!("{path}:{n}: {e}"))),
        })
        .collect()
}

fn run_game<G: Playable>(
    opts: &GameOptions,
    entrants: &[Entrant],
    spec: &MatchSpec,
    args: &MatchArgs,
    (record, native): (Option<&str>, Option<&str>),
) -> Result<MatchStats, GameError> {
    let start = G::new(opts)?;
    if native.is_some() {
        // A game without a format of its own is an error before any game.
        G::write_record(&start, &[], None, &[])?;
    }
    let append = |path: &str| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map(std::sync::Mutex::new)
            .map_err(|e| GameError::new(format!("record file '{path}': {e}")))
    };
    let native_file = native.map(append).transpose()?;
    for e in entrants {
        G::evaluator_with(e.weights())?;
    }
    let total = spec.games.div_ceil(2) * 2;
    let mine = (1..=total).filter(|&n| spec.in_shard(n, 2)).count() as u64;
    let share = match spec.shard {
        (_, 1) => String::new(),
        (i, n) => format!(", shard {}/{n}: {mine} of them", i + 1),
    };
    out!(
        "match {}: A = {} vs B = {}, {total} games{share}",
        G::NAME,
        entrants[0].name,
        entrants[1].name,
    );
    let clock = std::time::Instant::now();
    let progress = Progress::new(mine, "games");
    progress.advance(spec.done.len() as u64);
    let mut tallies = vec![Tally::default(); entrants.len()];
    for (_, done) in &spec.done {
        for (e, tally) in tallies.iter_mut().enumerate() {
            tally.add(done, e);
        }
    }
    let tallies = std::sync::Mutex::new(tallies);
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let controls: Vec<String> = entrants.iter().map(|e| e.control.text()).collect();
    let record_file = record.map(append).transpose()?;
    let options = start.options().to_string();
    let stats = run_match(&start, entrants, spec, &|n, result, s| {
        if let Ok(mut t) = tallies.lock() {
            for (e, tally) in t.iter_mut().enumerate() {
                tally.add(result, e);
            }
        }
        if let Some(file) = &record_file {
            let text = MatchRecord::of::<G>(result, n, &options, &names, &controls).text::<G>();
            write_whole(file, &text, &progress);
        }
        if let Some(file) = &native_file {
            let by_player: Vec<String> = result.seats.iter().map(|&e| names[e].clone()).collect();
            match G::from_position(&result.first_position, start.options()).and_then(|first| {
                G::write_record(&first, &result.moves, Some(result.outcome), &by_player)
            }) {
                Ok(text) => write_whole(file, &format!("{}\n\n", text.trim_end()), &progress),
                Err(e) => progress.line(&format!("game {n}: no native record: {e}")),
            }
        }
        let sprt = spec
            .sprt
            .map(|t| format!(" llr {:.2}", t.llr(&s.pairs)))
            .unwrap_or_default();
        let mut text = format!("game {n}/{total}: {}{sprt}", game_line::<G>(result, s));
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
                text += &format!(
                    "\n  time {who}: {} moves {:.0} ms{share}{left}",
                    time.moves,
                    time.used.as_secs_f64() * 1000.0
                );
            }
        }
        if args.verbose {
            text += &format!(
                "\n  first position: {}\n  moves: {}\n  final position: {}",
                result.first_position,
                result.moves.join(" "),
                result.last_position
            );
        }
        progress.line(&text);
        progress.step();
    });
    progress.finish();
    let stats = stats?;
    let tallies = match tallies.into_inner() {
        Ok(t) => t,
        Err(poisoned) => poisoned.into_inner(),
    };
    print_summary(&stats, spec.sprt.as_ref(), &tallies);
    out!(
        "time {:.1} s ({} games at once)",
        clock.elapsed().as_secs_f64(),
        spec.concurrency
    );
    Ok(stats)
}

/// Appends `text` to `file` in one write. A write that fails part-way (a
/// full disk) is cut back off, so the file keeps whole records and the
/// next game's record does not follow a broken one; a kill during the
/// write leaves one record cut short at the end, which `--resume` removes.
fn write_whole(file: &std::sync::Mutex<std::fs::File>, text: &str, progress: &Progress) {
    let Ok(mut f) = file.lock() else {
        progress.line("error: a record file is unusable after a failed write");
        return;
    };
    let before = f.metadata().map(|m| m.len());
    if let Err(e) = f.write_all(text.as_bytes()).and_then(|()| f.flush()) {
        let undone = before.and_then(|len| f.set_len(len)).is_ok();
        let state = if undone {
            "the game is not recorded (--resume plays it again)"
        } else {
            "the record file may end with a record cut short (--resume removes it)"
        };
        progress.line(&format!("error: cannot write a record: {e}; {state}"));
    }
}

/// The result lines of a match: score, Elo, LOS, pentanomial pairs, the
/// SPRT's state and each engine's forfeits. Games lost by a fault are
/// also a line of their own, repeated on the standard error: a match
/// decided by forfeits measures the machine, not the engines.
fn print_summary(stats: &MatchStats, sprt: Option<&Sprt>, tallies: &[Tally]) {
    out!(
        "result A vs B: {} los {:.1}% (adjudicated {}, repetitions {}, forfeits {})",
        score_line(stats),
        100.0 * stats.los(),
        stats.adjudicated,
        stats.repetitions,
        stats.forfeits
    );
    if stats.forfeits > 0 {
        let who: Vec<String> = ["A", "B"]
            .iter()
            .zip(tallies)
            .filter_map(|(who, t)| t.lost_text().map(|lost| format!("{who}: {lost}")))
            .collect();
        let line = format!(
            "FORFEITS: {} of {} games lost by a fault ({})",
            stats.forfeits,
            stats.games(),
            who.join("; ")
        );
        out!("{line}");
        eprintln!("warning: {line}");
    }
    if let Some(elo) = pair_elo_text(stats) {
        let [ll, ld, even, wd, ww] = stats.pairs;
        out!("pairs (pentanomial LL LD DD/WL WD WW): {ll} {ld} {even} {wd} {ww}, {elo}");
    }
    if let Some(t) = sprt {
        let llr = t.llr(&stats.pairs);
        let (lower, upper) = t.bounds();
        let verdict = match t.verdict(llr) {
            Some(Verdict::H0) => "H0 accepted",
            Some(Verdict::H1) => "H1 accepted",
            None => "no decision",
        };
        out!(
            "sprt [{}, {}] {} elo, alpha {} beta {}: llr {llr:.2} ({lower:.2}, {upper:.2}): {verdict}",
            t.elo0,
            t.elo1,
            t.model.name(),
            t.alpha,
            t.beta
        );
    }
    for (who, tally) in ["A", "B"].iter().zip(tallies) {
        out!("forfeits {who}: {}", tally.summary());
    }
}

/// `A (black) wins by rules, 87 plies | +5 =1 -6 score 45.8% elo -29 ± 150 los 38.1%`
fn game_line<G: Playable>(result: &GameResult, s: &MatchStats) -> String {
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
        EndReason::PlyLimit => format!("ply limit: {}", result.detail),
        EndReason::ScoreDraw => "draw by scores".to_string(),
        EndReason::Resign(p) => format!("{} resigns by scores", who(p)),
        EndReason::Forfeit(p, fault) => format!("{} forfeits: {fault}, {}", who(p), result.detail),
    };
    format!(
        "A plays {a_plays}, {verdict} ({reason}), {} plies | {} los {:.1}%",
        result.plies,
        score_line(s),
        100.0 * s.los()
    )
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

/// `elo E ± M` over the pairs; every pair won (or lost) twice has no
/// finite estimate, as [`score_line`] says for games.
fn pair_elo_text(s: &MatchStats) -> Option<String> {
    let (elo, margin) = s.pair_elo()?;
    let played: u32 = s.pairs.iter().sum();
    let [ll, .., ww] = s.pairs;
    Some(if ww == played {
        "elo +inf".to_string()
    } else if ll == played {
        "elo -inf".to_string()
    } else {
        let elo = if elo.abs() < 0.5 { 0.0 } else { elo };
        format!("elo {elo:+.0} ± {margin:.0}")
    })
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

    #[test]
    fn pairs_all_won_have_no_finite_elo() {
        let pairs = |pairs| MatchStats {
            pairs,
            ..MatchStats::default()
        };
        assert_eq!(
            pair_elo_text(&pairs([0, 0, 0, 0, 3])).as_deref(),
            Some("elo +inf")
        );
        assert_eq!(
            pair_elo_text(&pairs([2, 0, 0, 0, 0])).as_deref(),
            Some("elo -inf")
        );
        let mixed = pair_elo_text(&pairs([0, 1, 0, 0, 3])).unwrap_or_default();
        assert!(
            mixed.contains(" ± ") && mixed.starts_with("elo +"),
            "{mixed}"
        );
        assert_eq!(pair_elo_text(&pairs([0; 5])), None);
    }
}
