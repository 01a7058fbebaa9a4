//! `agon match`: engines against each other under the referee — built-in
//! agon configurations and external programs that speak the protocol. In
//! a two-player game more than two engines make a tournament of
//! two-engine matches; in a game of more players all the engines share
//! every game ([`Seating`]), and each engine's results are reported
//! beside its fair share.

use std::time::Duration;

use clap::Args;

use super::progress::Progress;
use super::{parse_openings, ArgError, GameCommand, Openings};

use crate::arena::tournament::{letter, pairing_path, Standing, Standings, Tournament};
use crate::arena::{
    merge, play_recorded, read_openings, resume, EndReason, Entrant, GameResult, MatchEvent,
    MatchSpec, MatchStats, RecordFiles, ScoreRule, Seating, Sprt, Tally, Verdict,
};
use crate::game::{GameError, GameOptions, Outcome, Playable, Player};
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
    /// The game's number of players: the option `players=N` (Abalone: 2,
    /// 3, 4 or 6). With more than two players the engines share every
    /// game: two engines in teams play team against team, or one engine
    /// one side against the other on all the others (rotated: each plays
    /// every seat equally often); as many engines as teams or players
    /// (--engine) play one each.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: Option<u8>,
    /// `--options` with `players=N` of `--players` added; with `--merge`
    /// and neither, the first record's options.
    #[arg(skip)]
    game_options: std::sync::OnceLock<Option<String>>,
    /// Engine A, e.g. "search=alphabeta,movetime=100" or
    /// "cmd=/path/agon,tc=10+0.1" (see below; --help lists the settings).
    #[arg(long, value_name = "ENGINE", value_parser = Entrant::parse, required_unless_present = "merge")]
    pub a: Option<Entrant>,
    /// Engine B, e.g. "search=greedy".
    #[arg(long, value_name = "ENGINE", value_parser = Entrant::parse, required_unless_present = "merge")]
    pub b: Option<Entrant>,
    /// More engines (C, D, …), once each: in a two-player game a
    /// tournament of every pairing (--tournament), each pairing a match of
    /// --games games; in a game of more players they join A and B in
    /// every game.
    #[arg(long, value_name = "ENGINE", value_parser = Entrant::parse)]
    pub engine: Vec<Entrant>,
    /// With --engine: round-robin (every pair of engines) or gauntlet (A
    /// against each other engine). With --record FILE each pairing has
    /// its file, FILE-AB, FILE-AC, ….
    #[arg(long, value_enum, default_value_t = Tournament::RoundRobin)]
    pub tournament: Tournament,
    /// Number of games (rounded up to whole rounds: colour-swapped pairs,
    /// or one game per seating of the engines).
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
    /// Print each engine's time per game, the share of its base time
    /// spent by ply 60 and, for an engine that ponders, its ponder hits.
    #[arg(long)]
    pub time_report: bool,
    /// Start the pairs from these positions (a file of position
    /// strings, one a line, `#` comments) instead of random openings.
    #[arg(long)]
    pub openings_file: Option<String>,
    /// Stop on an SPRT verdict over the pairs (pentanomial, as fishtest):
    /// "elo0=0,elo1=5[,alpha=0.05][,beta=0.05][,model=logistic|normalized]".
    #[arg(long, value_parser = Sprt::parse)]
    pub sprt: Option<Sprt>,
    /// Print every game's moves and positions.
    #[arg(long)]
    pub verbose: bool,
    /// Adjudicate a loss when, for N moves of each, the loser's engine
    /// scored at most -CP and the winner's at least CP (two players):
    /// "movecount=3,score=1000".
    #[arg(long, value_parser = ScoreRule::parse)]
    pub resign: Option<ScoreRule>,
    /// Adjudicate a draw after move M when both engines scored within
    /// ±CP for N moves each: "movenumber=40,movecount=8,score=10".
    #[arg(long, value_parser = ScoreRule::parse)]
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
pub(crate) fn parse_shard(text: &str) -> Result<(u32, u32), ArgError> {
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse::<u32>().ok()?, n.trim().parse::<u32>().ok()?)));
    match parsed {
        Some((i, n)) if (1..=n).contains(&i) => Ok((i - 1, n)),
        _ => Err(ArgError::Message(format!(
            "'{text}' is not I/N with 1 <= I <= N"
        ))),
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

impl GameCommand for MatchArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        self.game_options
            .get_or_init(|| match (self.players, &self.options) {
                (Some(n), given) => {
                    let given = given.as_deref().unwrap_or("");
                    Some(format!("{given} players={n}").trim().to_string())
                }
                (None, Some(given)) => Some(given.clone()),
                // Shards of a 4-player match merge without being told. A
                // file that cannot be read is reported when it is read.
                (None, None) => super::record_options(self.merge.first()?, self.game),
            })
            .as_deref()
    }

    /// Runs the match and prints a line per game and the final score.
    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        let given = self.options.as_deref().unwrap_or("");
        if self.players.is_some() && given.split_whitespace().any(|t| t.starts_with("players=")) {
            return Err(GameError::new(
                "give the number of players once: --players N or --options players=N",
            ));
        }
        if !self.merge.is_empty() {
            return print_merge::<G>(&self.merge);
        }
        let (Some(a), Some(b)) = (&self.a, &self.b) else {
            return Err(GameError::new("a match needs --a and --b"));
        };
        let mut engines = vec![a.clone(), b.clone()];
        engines.extend(self.engine.iter().cloned());
        if G::new(opts)?.num_players() > 2 {
            return self.run_table::<G>(opts, &engines);
        }
        let pairings = self.tournament.pairings(engines.len());
        let openings = match &self.openings_file {
            Some(path) => read_openings::<G>(path, opts)?,
            None => Vec::new(),
        };
        let mut standings = Standings::new(engines.len());
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
            let done = self.resumed::<G>(record.as_deref(), &opts.to_string(), 2)?;
            let spec = self.spec(openings.clone(), done);
            let pair = [engines[i].clone(), engines[j].clone()];
            let files = RecordFiles {
                record: record.as_deref(),
                native: native.as_deref(),
            };
            let stats = run_pairing::<G>(opts, &pair, &spec, self, files)?;
            standings.add(i, j, &stats);
        }
        if engines.len() > 2 {
            print_standings(&engines, &standings);
        }
        Ok(())
    }
}

/// The final table of a tournament: each engine's points, games, score
/// and the Elo difference that score means against its opponents.
fn print_standings(engines: &[Entrant], standings: &Standings) {
    out!("standings:");
    for (rank, row) in standings.table().into_iter().enumerate() {
        let Standing {
            engine,
            points,
            games,
            score,
            elo,
        } = row;
        let elo = if elo.is_infinite() {
            (if elo < 0.0 { "-inf" } else { "+inf" }).to_string()
        } else {
            format!("{elo:+.0}")
        };
        out!(
            "{:>3}. {} {:<20} {points:>6.1}/{games:<5} {:>5.1}%  elo {elo}",
            rank + 1,
            letter(engine),
            engines[engine].name,
            100.0 * score
        );
    }
}

impl MatchArgs {
    /// The match as the arguments give it, from `openings` (position
    /// strings; none: random openings), with the games `done` already.
    fn spec(&self, openings: Vec<String>, done: Vec<(u32, GameResult)>) -> MatchSpec {
        MatchSpec {
            games: self.games,
            opening_plies: (self.openings.min, self.openings.max),
            openings,
            max_plies: self.max_plies,
            concurrency: usize::from(self.concurrency),
            seed: self.seed,
            margin: Duration::from_millis(self.margin),
            sprt: self.sprt,
            shard: self.shard.unwrap_or((0, 1)),
            done,
            resign: self.resign,
            draw: self.draw,
        }
    }

    /// The match of a game of more than two players: every engine in
    /// every game, seated by [`Seating`].
    fn run_table<G: Playable>(
        &self,
        opts: &GameOptions,
        engines: &[Entrant],
    ) -> Result<(), GameError> {
        let seating = Seating::new(&G::new(opts)?, engines.len())?;
        if self.sprt.is_some() && !seating.is_pair() {
            return Err(GameError::new(
                "--sprt counts colour-swapped pairs: it needs two engines that play one side each",
            ));
        }
        let openings = match &self.openings_file {
            Some(path) => read_openings::<G>(path, opts)?,
            None => Vec::new(),
        };
        let record = self.record.as_deref();
        let done = self.resumed::<G>(record, &opts.to_string(), seating.round())?;
        let spec = self.spec(openings, done);
        let files = RecordFiles {
            record,
            native: self.record_native.as_deref(),
        };
        run_pairing::<G>(opts, engines, &spec, self, files)?;
        Ok(())
    }

    /// With `--resume`: the games already in `record` that belong to this
    /// match (`round` games a round) and shard ([`resume`]), with a
    /// warning when a last record cut short was removed.
    fn resumed<G: Playable>(
        &self,
        record: Option<&str>,
        options: &str,
        round: usize,
    ) -> Result<Vec<(u32, GameResult)>, GameError> {
        let (true, Some(path)) = (self.resume, record) else {
            return Ok(Vec::new());
        };
        let shard = self.shard.unwrap_or((0, 1));
        let resumed = resume::<G>(path, options, self.games, round, shard)?;
        if let Some(line) = resumed.cut_at {
            eprintln!(
                "warning: {path}:{line}: the last record was cut short (a match stopped while writing it); it is removed and its game played again"
            );
        }
        Ok(resumed.done)
    }
}

/// `--merge`: the statistics of the games in `paths`, each game number
/// counted once.
fn print_merge<G: Playable>(paths: &[String]) -> Result<(), GameError> {
    let merged = merge::<G>(paths)?;
    out!(
        "merged {}: {}, {} games from {} files",
        G::NAME,
        names_text(&merged.names),
        merged.games.len(),
        paths.len()
    );
    let players = merged.games.first().map_or(2, |(_, g)| g.seats.len());
    let table = Table {
        players,
        pair: merged.round == 2,
    };
    print_summary(&merged.stats, None, &merged.tallies, table);
    Ok(())
}

/// `A = one vs B = two` (`A = one, B = two, C = three` for more).
fn names_text(names: &[String]) -> String {
    let named: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(k, n)| format!("{} = {n}", letter(k)))
        .collect();
    if named.len() == 2 {
        named.join(" vs ")
    } else {
        named.join(", ")
    }
}

/// What the summary of a match shows besides the first engine's score.
#[derive(Clone, Copy)]
struct Table {
    /// The game's players: more than two, and each engine's results are
    /// shown beside its fair share.
    players: usize,
    /// Rounds of two games, one side each (an Elo means something).
    pair: bool,
}

/// Plays one pairing with its record files ([`play_recorded`]) and prints
/// a line per game (with `--time-report` and `--verbose` more) and the
/// summary.
fn run_pairing<G: Playable>(
    opts: &GameOptions,
    entrants: &[Entrant],
    spec: &MatchSpec,
    args: &MatchArgs,
    files: RecordFiles,
) -> Result<MatchStats, GameError> {
    let clock = std::time::Instant::now();
    let seating = Seating::new(&G::new(opts)?, entrants.len())?;
    let table = Table {
        players: seating.players(),
        pair: seating.is_pair(),
    };
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let progress: std::sync::OnceLock<(Progress, u32)> = std::sync::OnceLock::new();
    let played = play_recorded::<G>(opts, entrants, spec, files, &|event| match event {
        MatchEvent::Started { total, mine } => {
            let share = match spec.shard {
                (_, 1) => String::new(),
                (i, n) => format!(", shard {}/{n}: {mine} of them", i + 1),
            };
            let seats = if table.players > 2 {
                let each: Vec<String> = (0..entrants.len())
                    .map(|e| format!("{} {}", letter(e), seating.seats_of(e)))
                    .collect();
                format!(
                    " ({} players; players per game: {}; {} games a round)",
                    table.players,
                    each.join(", "),
                    seating.round()
                )
            } else {
                String::new()
            };
            out!(
                "match {}: {}{seats}, {total} games{share}",
                G::NAME,
                names_text(&names),
            );
            let bar = Progress::new(mine, "games");
            bar.advance(spec.done.len() as u64);
            let _ = progress.set((bar, total));
        }
        MatchEvent::Game {
            number,
            result,
            stats,
        } => {
            if let Some((bar, total)) = progress.get() {
                bar.line(&game_text::<G>(number, *total, result, stats, spec, args));
                bar.step();
            }
        }
        MatchEvent::Problem(text) => match progress.get() {
            Some((bar, _)) => bar.line(&text),
            None => out!("{text}"),
        },
    });
    if let Some((bar, _)) = progress.get() {
        bar.finish();
    }
    let (stats, tallies) = played?;
    print_summary(&stats, spec.sprt.as_ref(), &tallies, table);
    out!(
        "time {:.1} s ({} games at once)",
        clock.elapsed().as_secs_f64(),
        spec.concurrency
    );
    Ok(stats)
}

/// The report of game `n` of `total`: its result line, the SPRT's
/// log-likelihood ratio, and with `--time-report` / `--verbose` the
/// clocks and the moves.
fn game_text<G: Playable>(
    n: u32,
    total: u32,
    result: &GameResult,
    s: &MatchStats,
    spec: &MatchSpec,
    args: &MatchArgs,
) -> String {
    let sprt = spec
        .sprt
        .map(|t| format!(" llr {:.2}", t.llr(&s.pairs)))
        .unwrap_or_default();
    let mut text = format!("game {n}/{total}: {}{sprt}", game_line::<G>(result, s));
    if args.time_report {
        // Per engine (two players), or per player: an engine may play several.
        let timed: Vec<(String, Option<usize>)> = if result.seats.len() == 2 {
            (0..2)
                .map(|e| {
                    let p = result.seats.iter().position(|&s| s == e);
                    (letter(e).to_string(), p)
                })
                .collect()
        } else {
            (0..result.seats.len())
                .map(|p| (player_text::<G>(result, p), Some(p)))
                .collect()
        };
        for (who, p) in timed {
            let Some(time) = p.and_then(|p| result.times.get(p)) else {
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
            let ponder = crate::arena::tally::ponder_hits_text(time.ponder_hits, time.pondered)
                .map(|hits| format!(", {hits}"))
                .unwrap_or_default();
            text += &format!(
                "\n  time {who}: {} moves {:.0} ms{share}{left}{ponder}",
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
    text
}

/// The result lines of a match: score, Elo, LOS, pentanomial pairs, the
/// SPRT's state and each engine's forfeits. Games lost by a fault are
/// also a line of their own, repeated on the standard error: a match
/// decided by forfeits measures the machine, not the engines.
fn print_summary(stats: &MatchStats, sprt: Option<&Sprt>, tallies: &[Tally], table: Table) {
    let counts = format!(
        "adjudicated {}, repetitions {}, forfeits {}",
        stats.adjudicated, stats.repetitions, stats.forfeits
    );
    if table.players == 2 || table.pair {
        out!(
            "result A vs B: {} los {:.1}% ({counts})",
            score_line(stats),
            100.0 * stats.los(),
        );
    } else {
        out!("result: {} games ({counts})", stats.games());
    }
    if table.players > 2 {
        for (e, t) in tallies.iter().enumerate() {
            out!("result {}: {}", letter(e), t.results_text());
        }
    }
    if stats.forfeits > 0 {
        let who: Vec<String> = tallies
            .iter()
            .enumerate()
            .filter_map(|(e, t)| t.lost_text().map(|lost| format!("{}: {lost}", letter(e))))
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
    for (e, tally) in tallies.iter().enumerate() {
        out!("forfeits {}: {}", letter(e), tally.summary());
    }
}

/// `A white` (engine A playing white).
fn player_text<G: Playable>(result: &GameResult, p: usize) -> String {
    let e = result.seats.get(p).copied().unwrap_or(0);
    let name = G::PLAYER_NAMES.get(p).copied().unwrap_or("?");
    format!("{} {name}", letter(e))
}

/// A game of more than two players: `A black, B white red: A wins
/// (black; rules), 87 plies | A +5 =1 -6`.
fn table_line<G: Playable>(result: &GameResult, s: &MatchStats) -> String {
    let players = result.seats.len();
    let name = |p: usize| G::PLAYER_NAMES.get(p).copied().unwrap_or("?");
    let mut seated: Vec<String> = Vec::new();
    let entrants = result.seats.iter().max().map_or(0, |&m| m + 1);
    for e in 0..entrants {
        let theirs: Vec<&str> = (0..players)
            .filter(|&p| result.seats[p] == e)
            .map(name)
            .collect();
        seated.push(format!("{} {}", letter(e), theirs.join(" ")));
    }
    let first: Vec<usize> = (0..players)
        .filter(|&p| result.outcome.is_win_for(p as Player, players))
        .collect();
    let mut winners: Vec<char> = first.iter().map(|&p| letter(result.seats[p])).collect();
    winners.dedup();
    let reason = match result.reason {
        EndReason::Rules => "rules".to_string(),
        EndReason::Repetition => "repetition".to_string(),
        EndReason::PlyLimit => format!("ply limit: {}", result.detail),
        EndReason::ScoreDraw => "draw by scores".to_string(),
        EndReason::Agreed => "draw agreed".to_string(),
        EndReason::Unfinished => "unfinished".to_string(),
        EndReason::Resign(p) => format!("{} resigns by scores", player_text::<G>(result, p.into())),
        EndReason::Forfeit(p, fault) => format!(
            "{} forfeits: {fault}, {}",
            player_text::<G>(result, p.into()),
            result.detail
        ),
    };
    let verdict = if first.is_empty() {
        format!("draw ({reason})")
    } else {
        let who: Vec<String> = winners.iter().map(char::to_string).collect();
        let colours: Vec<&str> = first.iter().map(|&p| name(p)).collect();
        format!(
            "{} wins ({}; {reason})",
            who.join(" and "),
            colours.join(" ")
        )
    };
    format!(
        "{}: {verdict}, {} plies | A +{} ={} -{}",
        seated.join(", "),
        result.plies,
        s.wins,
        s.draws,
        s.losses
    )
}

/// `A (black) wins by rules, 87 plies | +5 =1 -6 score 45.8% elo -29 ± 150 los 38.1%`
fn game_line<G: Playable>(result: &GameResult, s: &MatchStats) -> String {
    if result.seats.len() > 2 {
        return table_line::<G>(result, s);
    }
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
        EndReason::Agreed => "draw agreed".to_string(),
        EndReason::Unfinished => "unfinished".to_string(),
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
