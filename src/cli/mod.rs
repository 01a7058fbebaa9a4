//! Command-line subcommands. With no subcommand `agon` speaks the protocol.
//!
//! Each subcommand is a clap-typed value (numbers with their ranges, the
//! game a [`GameKind`]) that implements [`GameCommand`]: a generic `run`
//! for one game type. [`on_game`] is the one place where the game chosen at
//! run time becomes a monomorphised call.

/// Prints a line; a closed pipe (`agon bench | head`) cuts the report
/// rather than panicking. Defined before the submodules so they see it.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub mod analyse;
pub mod bench;
pub mod datagen;
pub mod matches;
pub mod openings;
pub mod perft;
pub mod progress;
pub mod review;
pub mod tablebase;
pub mod train;
pub mod tune;

use std::fmt;

use clap::{Parser, Subcommand};

use crate::game::files::{read_regular_text, MAX_TEXT_BYTES};
use crate::game::{GameError, GameOptions, Playable};
use crate::games::GameKind;

/// The `agon` command line.
#[derive(Parser)]
#[command(
    name = "agon",
    version,
    about = "A game-playing engine: Abalone, Zamma, Petteia/Kubeia, Gioco della Palma. \
             Without a subcommand it speaks the protocol (protocol.md) on stdin/stdout; \
             at a terminal it greets you, and `help` lists the commands."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Count the leaves of the game tree (the perft definition is in the
    /// module docs of src/game/perft.rs).
    Perft(perft::PerftArgs),
    /// Every legal move with its value and its loss against the best (a
    /// "hint"), or agon's average loss on a set of exactly solved positions.
    Analyse(analyse::AnalyseArgs),
    /// The bench: fixed positions searched to a fixed depth, total nodes
    /// (the regression signature, as the protocol's `bench` prints it) and
    /// nodes/s. Every game unless --game is given.
    Bench(bench::BenchArgs),
    /// Fit the evaluation weights to game results (Texel method), or with
    /// --spsa tune them by match results (SPSA).
    Tune(Box<tune::TuneArgs>),
    /// Play engines against each other: agon configurations or external
    /// programs (both colours, random openings, mirrored chance).
    #[command(after_help = matches::ENGINES)]
    Match(Box<matches::MatchArgs>),
    /// Serve a page on localhost that plays and analyses with engines
    /// through the protocol (prints the address to open).
    Gui(GuiArgs),
    /// Write an openings file for `agon match --openings-file`: positions
    /// from game records, or balanced random openings.
    Openings(openings::OpeningsArgs),
    /// Training data for the networks: self-play at a fixed node or depth
    /// budget from random openings, every position with the search's
    /// score and the game's result (resumes an existing --out; --shard).
    Datagen(datagen::DatagenArgs),
    /// Fit a network (NNUE) to data files of `agon datagen`: a loss per
    /// epoch, a checkpoint to resume from, the quantized net written.
    Train(Box<train::TrainArgs>),
    /// Exact tables larger than the built-in ones, written to a file that
    /// the option EndgamePath loads (Palma's endgames).
    Tablebase(tablebase::TablebaseArgs),
}

impl Cli {
    /// Parses the process's arguments; on an error prints clap's message
    /// (the argument named, a suggestion for a misspelt flag, the usage)
    /// and exits with status 2. The engine spec arguments' help lists the
    /// engine settings from their table.
    pub fn parse_args() -> Cli {
        use clap::{CommandFactory, FromArgMatches};
        let settings = format!(
            "Engine settings (key=value, comma-separated): {}; the limits movetime, depth, nodes (each at least 1); name, chance=stratified|widening (the older key of mctschance), weights=w1/w2/…",
            crate::settings::spec_keys_help()
        );
        let command = Cli::command()
            .mut_subcommand("match", |c| {
                c.mut_arg("a", |a| a.long_help(format!("Engine A, e.g. \"search=alphabeta,movetime=100\". {settings}")))
                    .mut_arg("b", |a| a.long_help(format!("Engine B, e.g. \"search=greedy\". {settings}")))
            })
            .mut_subcommand("tune", |c| {
                c.mut_arg("engine", |a| {
                    a.long_help(format!(
                        "Engine for self-play, or the engine whose weights SPSA tunes (give shallow engines hash=1: two tables per game). {settings}"
                    ))
                })
            });
        let matches = command.get_matches();
        Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
    }
}

impl Command {
    /// Runs the subcommand.
    pub fn run(&self) -> Result<(), GameError> {
        match self {
            Command::Perft(a) => on_game(a, a.game),
            Command::Analyse(a) => on_game(a, a.game),
            Command::Bench(a) => a.run_games(),
            Command::Tune(a) => on_game(a.as_ref(), a.game),
            Command::Match(a) => on_game(a.as_ref(), a.game),
            Command::Openings(a) => on_game(a, a.game),
            Command::Gui(a) => a.run(),
            Command::Datagen(a) => a.run_game(),
            Command::Train(a) => a.run(),
            Command::Tablebase(a) => a.run(),
        }
    }
}

/// Arguments of `agon gui`.
#[derive(clap::Args)]
pub struct GuiArgs {
    /// Port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 8765)]
    pub port: u16,
    /// An engine the page may start: a program and its arguments, once
    /// per engine (default: this agon).
    #[arg(long = "engine", value_name = "CMD")]
    pub engines: Vec<String>,
    /// Close a page's session (and kill its engines) after this many
    /// seconds without a request from it.
    #[arg(long, value_name = "SECONDS", default_value_t = 1800)]
    pub idle: u64,
}

impl GuiArgs {
    fn run(&self) -> Result<(), GameError> {
        let mut engines = self
            .engines
            .iter()
            .map(|e| crate::gui::bridge::EngineCommand::parse(e))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| GameError::new(e.to_string()))?;
        if engines.is_empty() {
            let me = std::env::current_exe()
                .map_err(|e| GameError::new(format!("no path to this agon: {e}")))?;
            engines.push(crate::gui::bridge::EngineCommand {
                program: me.to_string_lossy().into_owned(),
                args: Vec::new(),
            });
        }
        let idle = std::time::Duration::from_secs(self.idle);
        crate::gui::serve(self.port, engines, idle, |addr| {
            out!("agon gui: open {addr}");
        })
        .map_err(|e| GameError::new(e.to_string()))
    }
}

/// A subcommand that runs on one game.
pub trait GameCommand {
    type Output;

    /// The `--options` text (variant options), if any.
    fn options(&self) -> Option<&str>;

    /// Runs on game `G` with the checked variant options.
    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<Self::Output, GameError>;
}

/// The options of the first of agon's match records in the file `path`,
/// to read its records under (a record of 4-player Abalone is read as
/// one without being told), if they are options of `kind`. A file that
/// cannot be read, and options that are not the game's, are left to the
/// reading of the records, which names the file and the line at fault.
pub fn record_options(path: &str, kind: GameKind) -> Option<String> {
    let text = read_regular_text(std::path::Path::new(path), MAX_TEXT_BYTES).ok()?;
    crate::arena::record::first_options(&text).filter(|o| {
        GameOptions::parse(o, kind.option_specs())
            .and_then(|opts| {
                crate::with_game!(kind.for_options(&opts), G => <G as crate::game::Game>::new(&opts).map(|_| ()))
            })
            .is_ok()
    })
}

/// The position a command's `--position` gives, or the start of the game
/// under `opts` without one.
pub fn position_or_start<G: Playable>(
    position: Option<&str>,
    opts: &GameOptions,
) -> Result<G, GameError> {
    match position {
        Some(text) => G::from_position(text, opts),
        None => G::new(opts),
    }
}

/// Checks the variant options against `kind` and runs `cmd` on its game
/// type: the command line's one dispatch over the games.
pub fn on_game<C: GameCommand>(cmd: &C, kind: GameKind) -> Result<C::Output, GameError> {
    let opts = GameOptions::parse(cmd.options().unwrap_or(""), kind.option_specs())?;
    crate::with_game!(kind.for_options(&opts), G => cmd.run::<G>(&opts))
}

/// Random opening plies, `N` or `MIN-MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Openings {
    pub min: u32,
    pub max: u32,
}

/// A command-line value the parser refuses; clap prints it after the
/// flag's name (`invalid value '0' for '--threads'`), nobody else reads
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    Message(String),
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::Message(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ArgError {}

/// Parses `--openings`: `N` or `MIN-MAX` with MIN <= MAX <= 1000.
pub fn parse_openings(text: &str) -> Result<Openings, ArgError> {
    let bad = || {
        ArgError::Message(format!(
            "opening plies are N or MIN-MAX with MIN <= MAX <= 1000, not '{text}'"
        ))
    };
    let number = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
    let (min, max) = match text.split_once('-') {
        Some((lo, hi)) => (number(lo)?, number(hi)?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if min > max || max > 1000 {
        return Err(bad());
    }
    Ok(Openings { min, max })
}

/// A `--search` value: one of the `Search` option's names.
pub fn search_arg(text: &str) -> Result<crate::search::Algorithm, ArgError> {
    crate::search::Algorithm::from_name(text).ok_or_else(|| {
        ArgError::Message(format!(
            "unknown search '{text}' (expected one of {})",
            crate::search::Algorithm::NAMES.join(", ")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn openings() {
        assert_eq!(parse_openings("3"), Ok(Openings { min: 3, max: 3 }));
        assert_eq!(parse_openings("2-4"), Ok(Openings { min: 2, max: 4 }));
        assert!(parse_openings("4-2").is_err());
        assert!(parse_openings("1001").is_err());
        assert!(parse_openings("x").is_err());
    }
}
