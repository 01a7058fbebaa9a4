//! `agon datagen`: training data for the networks from self-play
//! (`src/learn/datagen.rs`), with its progress on standard error and a
//! summary line on standard output.

use std::io::{IsTerminal as _, Write as _};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;

use super::matches::parse_shard;
use super::{parse_openings, Openings};
use crate::arena::EngineSpec;
use crate::game::{GameError, GameOptions, Playable};
use crate::games::GameKind;
use crate::learn::datagen::{generate, Event, Plan, Summary};
use crate::nnue::NetInput;

#[derive(Args)]
pub struct DatagenArgs {
    /// The game (abalone for two without princess, zamma, petteia, kubeia).
    #[arg(long, value_enum)]
    pub game: GameKind,
    /// Variant options, e.g. "board=full".
    #[arg(long)]
    pub options: Option<String>,
    /// Games of the whole set (all shards).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=100_000_000))]
    pub games: u32,
    /// Nodes per search (ignored with --depth).
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Depth per search instead of a node budget.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The data file; an existing one of the same run is resumed (started
    /// again with the same arguments, it plays only the games not in it;
    /// other arguments are refused, naming what differs).
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// Seed of the openings and chance outcomes: game g is a function of
    /// (seed, g) alone.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play only share I of N (I from 1): the games g with g mod N = I-1.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(u32, u32)>,
    /// Games played at once (default: the cores available).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub concurrency: Option<u16>,
    /// Uniformly random plies before the engines play: N or MIN-MAX.
    #[arg(long, default_value = "4-10", value_parser = parse_openings)]
    pub random_plies: Openings,
    /// Plies after the opening (throws and rolls count) at which a game
    /// stops as a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=60_000))]
    pub max_plies: u32,
    /// Further engine settings, as `agon match --a` takes them (e.g.
    /// "hash=16"); the limit is --nodes or --depth, one thread a game.
    #[arg(long, default_value = "")]
    pub engine: String,
}

impl DatagenArgs {
    /// Runs on the game asked for: the games the networks read by name,
    /// the others one error line.
    pub fn run_game(&self) -> Result<(), GameError> {
        let opts = GameOptions::parse(
            self.options.as_deref().unwrap_or(""),
            self.game.option_specs(),
        )?;
        use crate::games::{abalone::Abalone, petteia, zamma::Zamma};
        match self.game.for_options(&opts) {
            GameKind::Abalone => self.run::<Abalone>(&opts),
            GameKind::Zamma => self.run::<Zamma>(&opts),
            GameKind::Petteia => self.run::<petteia::Petteia>(&opts),
            GameKind::Kubeia => self.run::<petteia::Kubeia>(&opts),
            kind @ (GameKind::Palma | GameKind::AbaloneMulti) => Err(GameError::new(format!(
                "the networks do not cover {kind}{}: no training data for it",
                if kind == GameKind::AbaloneMulti {
                    " for more than two players"
                } else {
                    ""
                }
            ))),
        }
    }

    fn plan(&self) -> Result<Plan, GameError> {
        let limit = match self.depth {
            Some(d) => format!("depth={d}"),
            None => format!("nodes={}", self.nodes),
        };
        // A small table: a few thousand nodes a move fill a fraction of
        // it, and every game zeroes both players' tables.
        let mut spec = EngineSpec::parse(&format!("hash=8,{},{limit},threads=1", self.engine))?;
        if self.depth.is_some() {
            spec.limits.nodes = None;
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Plan {
            games: self.games,
            shard: self.shard.unwrap_or((0, 1)),
            seed: self.seed,
            opening_plies: (self.random_plies.min, self.random_plies.max),
            max_plies: self.max_plies,
            engine: spec,
            settings: self.engine.clone(),
            concurrency: self.concurrency.map_or(cores, usize::from),
        })
    }

    fn run<G: NetInput + Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        let start = G::new(opts)?;
        let plan = self.plan()?;
        let began = Instant::now();
        let meter = Mutex::new(Meter::new(began));
        let summary = generate(&start, &plan, &self.out, &|event| {
            if let Ok(mut m) = meter.lock() {
                m.hear(event, &self.out);
            }
        })?;
        if let Ok(m) = meter.lock() {
            m.finish();
        }
        let secs = began.elapsed().as_secs_f64();
        let Summary {
            games,
            positions,
            played,
            played_positions,
            wdl,
        } = summary;
        out!(
            "datagen {}: {games} games, {positions} positions in {}; first player +{} ={} -{}; this run {played} games, {played_positions} positions in {secs:.1} s ({:.0} positions/s)",
            G::NAME,
            self.out,
            wdl[0],
            wdl[1],
            wdl[2],
            played_positions as f64 / secs.max(1e-9)
        );
        Ok(())
    }
}

/// The progress line on standard error: redrawn in place on a terminal,
/// else a line every half minute (a batch job's log).
struct Meter {
    began: Instant,
    last: Option<Instant>,
    terminal: bool,
    to_play: usize,
    mine: usize,
    before: usize,
    before_positions: u64,
    played: usize,
    positions: u64,
}

impl Meter {
    fn new(began: Instant) -> Meter {
        Meter {
            began,
            last: None,
            terminal: std::io::stderr().is_terminal(),
            to_play: 0,
            mine: 0,
            before: 0,
            before_positions: 0,
            played: 0,
            positions: 0,
        }
    }

    fn hear(&mut self, event: &Event, path: &str) {
        match *event {
            Event::Resumed {
                games,
                positions,
                cut,
            } => {
                self.before_positions = positions;
                let dropped = if cut > 0 {
                    format!(" and {cut} bytes of a cut game, dropped")
                } else {
                    String::new()
                };
                eprintln!("datagen: {path} holds {games} games ({positions} positions){dropped}; playing the others");
            }
            Event::Started { to_play, mine } => {
                self.to_play = to_play;
                self.mine = mine;
                self.before = mine - to_play;
            }
            Event::Written { positions, .. } => {
                self.played += 1;
                self.positions += positions as u64;
                let every = if self.terminal {
                    Duration::from_millis(250)
                } else {
                    Duration::from_secs(30)
                };
                let due = self.last.is_none_or(|t| t.elapsed() >= every);
                if due || self.played == self.to_play {
                    self.show();
                }
            }
        }
    }

    fn show(&mut self) {
        self.last = Some(Instant::now());
        let secs = self.began.elapsed().as_secs_f64().max(1e-9);
        let left = (self.to_play - self.played) as f64;
        let eta = secs / self.played.max(1) as f64 * left;
        let text = format!(
            "datagen: {}/{} games, {} positions, {:.0} positions/s, eta {}",
            self.before + self.played,
            self.mine,
            self.before_positions + self.positions,
            self.positions as f64 / secs,
            clock(eta)
        );
        let mut err = std::io::stderr();
        let _ = if self.terminal {
            write!(err, "\r{text}\x1b[K")
        } else {
            writeln!(err, "{text}")
        };
    }

    fn finish(&self) {
        if self.terminal && self.last.is_some() {
            eprintln!();
        }
    }
}

/// Seconds as `1h02m`, `3m04s` or `5s`.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards() {
        assert_eq!(parse_shard("2/8"), Ok((1, 8)));
        assert!(parse_shard("0/8").is_err());
        assert!(parse_shard("9/8").is_err());
        assert!(parse_shard("x").is_err());
    }

    #[test]
    fn clock_text() {
        assert_eq!(clock(5.2), "5s");
        assert_eq!(clock(184.0), "3m04s");
        assert_eq!(clock(3720.0), "1h02m");
    }
}
