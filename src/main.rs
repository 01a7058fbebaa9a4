//! The `agon` binary: with no subcommand it speaks the protocol on
//! stdin/stdout (see protocol.md); subcommands serve the command line.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "agon",
    version,
    about = "A game-playing engine: Abalone, Zamma, Petteia/Kubeia, Gioco della Palma"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the game tree (shared/rules/PERFT.md).
    Perft {
        /// Game name: abalone, zamma, petteia, kubeia, palma.
        #[arg(long, default_value = "abalone")]
        game: String,
        /// Variant options, e.g. "layout=belgian princess=on".
        #[arg(long)]
        options: Option<String>,
        /// Position string (the game's own format); default: the start.
        #[arg(long)]
        position: Option<String>,
        /// Depth in decision plies.
        #[arg(long, allow_hyphen_values = true)]
        depth: String,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
    },
    /// Every legal move with its value and its loss against the best (a
    /// "hint"), or agon's average loss on a set of exactly solved positions.
    Analyse {
        /// Game name: abalone, zamma, petteia, kubeia, palma.
        #[arg(long, default_value = "abalone")]
        game: String,
        /// Variant options, e.g. "layout=belgian".
        #[arg(long)]
        options: Option<String>,
        /// Position string (a decision node); default: the start.
        #[arg(long)]
        position: Option<String>,
        /// Search depth per move in decision plies (default 3).
        #[arg(long, allow_hyphen_values = true)]
        depth: Option<String>,
        /// Search time per move in milliseconds (instead of --depth).
        #[arg(long, allow_hyphen_values = true)]
        movetime: Option<String>,
        /// A file of positions with exact values: print agon's average loss
        /// per move (e.g. positions/palma-endgames.txt).
        #[arg(long)]
        equity_loss: Option<String>,
        /// With --equity-loss: one line per position.
        #[arg(long)]
        verbose: bool,
    },
    /// Search fixed positions to a fixed depth: total nodes and nodes/s.
    Bench {
        /// Game name: abalone.
        #[arg(long, default_value = "abalone")]
        game: String,
        /// Variant options, e.g. "layout=belgian".
        #[arg(long)]
        options: Option<String>,
        /// One position string (or "start") instead of the built-in list.
        #[arg(long)]
        position: Option<String>,
        /// Depth in plies (default 6).
        #[arg(long)]
        depth: Option<String>,
        /// Search threads (default 1).
        #[arg(long)]
        threads: Option<String>,
        /// Transposition table size in MiB (default 16).
        #[arg(long)]
        hash: Option<String>,
        /// Turn late-move reductions off.
        #[arg(long)]
        no_lmr: bool,
        /// Expectiminimax threads (Palma, Kubeia): "smp" (Lazy SMP, the
        /// default) or "root" (parallel root moves).
        #[arg(long)]
        parallel: Option<String>,
        /// Print every iteration.
        #[arg(long)]
        verbose: bool,
    },
    /// Fit the evaluation weights to game results (Texel method), or with
    /// --spsa tune them by match results (SPSA).
    Tune {
        /// Game name.
        #[arg(long, default_value = "abalone")]
        game: String,
        /// Variant options.
        #[arg(long)]
        options: Option<String>,
        /// A file of game records in the game's format (Abalone: APGN).
        #[arg(long)]
        records: Option<String>,
        /// Self-play games to add.
        #[arg(long, default_value = "0")]
        selfplay: String,
        /// Engine for self-play, or the engine whose weights SPSA tunes
        /// (give shallow engines hash=1: two tables per game).
        #[arg(long, default_value = "search=alphabeta,depth=2")]
        engine: String,
        /// Skip this many plies at the start of each game.
        #[arg(long, default_value = "6")]
        skip_plies: String,
        /// Optimiser iterations.
        #[arg(long, default_value = "300")]
        iterations: String,
        /// Seed for self-play openings (SPSA: for its signs, openings and
        /// chance outcomes).
        #[arg(long, default_value = "1")]
        seed: String,
        /// Features whose weights stay at their start, comma-separated (the
        /// first feature always stays: it sets the scale).
        #[arg(long, default_value = "")]
        fix: String,
        /// Keep only quiet self-play positions (no capture, push or other
        /// forcing move for the side to move).
        #[arg(long)]
        quiet: bool,
        /// Start weights w1/w2/… (default: the compiled ones).
        #[arg(long, allow_hyphen_values = true)]
        start: Option<String>,
        /// SPSA iterations: tune by match results, one colour-swapped pair
        /// of --engine games per iteration, instead of the Texel fit.
        #[arg(long, allow_hyphen_values = true)]
        spsa: Option<String>,
        /// SPSA: game pairs played at once (with the same weights).
        #[arg(long, default_value = "1")]
        concurrency: String,
        /// SPSA: random opening plies, N or MIN-MAX.
        #[arg(long, default_value = "2-4")]
        openings: String,
        /// SPSA: ply limit; the game adjudicates at it.
        #[arg(long, default_value = "300")]
        max_plies: String,
    },
    /// Play engines against each other: agon configurations or external programs (both colours, random openings, mirrored chance).
    #[command(after_help = MATCH_ENGINES)]
    Match {
        /// Game name.
        #[arg(long, default_value = "abalone")]
        game: String,
        /// Variant options, e.g. "layout=belgian".
        #[arg(long)]
        options: Option<String>,
        /// Engine A, e.g. "search=alphabeta,movetime=100" or "cmd=/path/agon,tc=10+0.1" (see below).
        #[arg(long)]
        a: String,
        /// Engine B, e.g. "search=greedy".
        #[arg(long)]
        b: String,
        /// Number of games (rounded up to colour-swapped pairs).
        #[arg(long, default_value = "100")]
        games: String,
        /// Random opening plies: N or MIN-MAX.
        #[arg(long, default_value = "2-4")]
        openings: String,
        /// Ply limit; the game adjudicates at it (Abalone: ejected marbles).
        #[arg(long, default_value = "300")]
        max_plies: String,
        /// Games played at once.
        #[arg(long, default_value = "1")]
        concurrency: String,
        /// Seed for openings and chance outcomes.
        #[arg(long, default_value = "1")]
        seed: String,
        /// Milliseconds an engine may use beyond its clock or move time
        /// before it loses on time.
        #[arg(long, default_value = "0")]
        margin: String,
        /// Print each engine's time per game and the share of its base
        /// time spent by ply 60.
        #[arg(long)]
        time_report: bool,
        /// Start the pairs from these positions (a file of position
        /// strings, one a line, `#` comments) instead of random openings.
        #[arg(long)]
        openings_file: Option<String>,
        /// Stop on an SPRT verdict over the pairs (pentanomial, logistic
        /// Elo as fishtest): "elo0=0,elo1=5[,alpha=0.05][,beta=0.05]".
        #[arg(long)]
        sprt: Option<String>,
        /// Print every game's moves and positions.
        #[arg(long)]
        verbose: bool,
    },
}

/// How `agon match` engines are written (also in the README).
const MATCH_ENGINES: &str = "\
Engines (--a, --b) are comma-separated key=value settings.
  Built in:  search=alphabeta,movetime=100,threads=1,hash=64,...  (agon's own settings)
  External:  cmd=PATH[,arg=ARG]...[,dir=DIR][,proto=uci|ugi][,name=NAME][,option.NAME=VALUE]...
             a program that speaks the agon protocol; arg= once per argument, in order;
             options are sent as setoption after Game and GameOptions, in the order given.
  Limits of either kind: tc=BASE+INC (seconds, a clock), movetime=MS, depth=N, nodes=N,
             timeout=MS (how long a search without a time limit may take; default 60000).
The referee checks every move, keeps the clocks (time from `go` to `bestmove`; --margin MS
allowed beyond), throws the sticks and rolls the dice itself (the same in both games of a
pair), and an engine that crashes, hangs, loses on time or plays an illegal move loses the
game (the reason is printed) and is restarted for its next game (not after a late answer:
it is alive and in step).";

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                print!("{e}");
                return ExitCode::SUCCESS;
            }
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!("{first}");
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        None => {
            agon::protocol::run();
            Ok(())
        }
        Some(Command::Perft {
            game,
            options,
            position,
            depth,
            divide,
        }) => agon::cli::perft::run(&agon::cli::perft::PerftArgs {
            game: &game,
            options: options.as_deref(),
            position: position.as_deref(),
            depth: &depth,
            divide,
        }),
        Some(Command::Analyse {
            game,
            options,
            position,
            depth,
            movetime,
            equity_loss,
            verbose,
        }) => agon::cli::analyse::run(&agon::cli::analyse::AnalyseArgs {
            game: &game,
            options: options.as_deref(),
            position: position.as_deref(),
            depth: depth.as_deref(),
            movetime: movetime.as_deref(),
            equity_loss: equity_loss.as_deref(),
            verbose,
        }),
        Some(Command::Bench {
            game,
            options,
            position,
            depth,
            threads,
            hash,
            no_lmr,
            parallel,
            verbose,
        }) => agon::cli::bench::run(&agon::cli::bench::BenchArgs {
            game: &game,
            options: options.as_deref(),
            position: position.as_deref(),
            depth: depth.as_deref(),
            threads: threads.as_deref(),
            hash_mb: hash.as_deref(),
            no_lmr,
            parallel: parallel.as_deref(),
            verbose,
        }),
        Some(Command::Tune {
            game,
            options,
            records,
            selfplay,
            engine,
            skip_plies,
            iterations,
            seed,
            fix,
            quiet,
            start,
            spsa,
            concurrency,
            openings,
            max_plies,
        }) => agon::cli::tune::run(&agon::cli::tune::TuneArgs {
            game: &game,
            options: options.as_deref(),
            records: records.as_deref(),
            selfplay: &selfplay,
            engine: &engine,
            skip_plies: &skip_plies,
            iterations: &iterations,
            seed: &seed,
            fix: &fix,
            quiet,
            start: start.as_deref(),
            spsa: spsa.as_deref(),
            concurrency: &concurrency,
            openings: &openings,
            max_plies: &max_plies,
        }),
        Some(Command::Match {
            game,
            options,
            a,
            b,
            games,
            openings,
            max_plies,
            concurrency,
            seed,
            margin,
            time_report,
            sprt,
            openings_file,
            verbose,
        }) => agon::cli::matches::run(&agon::cli::matches::MatchArgs {
            game: &game,
            options: options.as_deref(),
            engine_a: &a,
            engine_b: &b,
            games: &games,
            openings: &openings,
            max_plies: &max_plies,
            concurrency: &concurrency,
            seed: &seed,
            margin: &margin,
            time_report,
            sprt: sprt.as_deref(),
            openings_file: openings_file.as_deref(),
            verbose,
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
