//! The bench: the engine's regression signature, one definition for the
//! protocol's `bench` and `agon bench`. For each game a fixed list of
//! positions (`positions/bench-<game>.txt`, built into the binary: the
//! start and middlegame positions from real play) is searched to the
//! game's bench depth, each position with a fresh table of [`HASH_MB`], so
//! the total node count is reproducible (with one thread) and nodes/s the
//! speed. Both places print the same lines
//! ([`crate::protocol::output::bench_game_line`] per game and
//! [`crate::protocol::output::bench_total_line`] at the end).
//!
//! The table size is part of the definition, as in Stockfish's bench: it
//! is not the engine's `Hash` (64 MiB by default), so the signature does
//! not change with the engine's settings.

use std::time::Instant;

use crate::engine::{Core, SearchJob};
use crate::game::{Evaluator, GameError, GameOptions, Playable};
use crate::search::{Limits, Report, ScoreReport, SearchConfig, Signal};

/// Transposition table size of every bench search, in MiB.
pub const HASH_MB: usize = 16;

/// The bench position lists, by game name; a game without one (a test
/// game) is benched at its start position.
const POSITIONS: &[(&str, &str)] = &[
    ("abalone", include_str!("../../positions/bench-abalone.txt")),
    ("zamma", include_str!("../../positions/bench-zamma.txt")),
    ("petteia", include_str!("../../positions/bench-petteia.txt")),
    ("kubeia", include_str!("../../positions/bench-kubeia.txt")),
    ("palma", include_str!("../../positions/bench-palma.txt")),
];

/// The bench depth of each game: a few seconds at most per game, deep
/// enough that the search's pruning and ordering all take part. A chance
/// game's tree grows by its outcomes per ply, hence Kubeia's 2.
const DEPTHS: &[(&str, u32)] = &[
    ("abalone", 6),
    ("zamma", 9),
    ("petteia", 5),
    ("kubeia", 2),
    ("palma", 6),
];

/// Depth of a game without an entry in the table.
const OTHER_DEPTH: u32 = 4;

/// The game's bench depth.
pub fn default_depth(game: &str) -> u32 {
    DEPTHS
        .iter()
        .find(|(g, _)| *g == game)
        .map_or(OTHER_DEPTH, |(_, d)| *d)
}

/// The game's bench positions as written in its file (`start` = the start
/// position); empty for a game without a file.
pub fn position_texts(game: &str) -> Vec<&'static str> {
    let text = POSITIONS
        .iter()
        .find(|(g, _)| *g == game)
        .map_or("", |(_, t)| *t);
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect()
}

/// The positions of `texts` (the start if there are none).
pub fn roots<G: Playable>(opts: &GameOptions, texts: &[&str]) -> Result<Vec<G>, GameError> {
    if texts.is_empty() {
        return Ok(vec![G::new(opts)?]);
    }
    texts
        .iter()
        .map(|t| {
            if *t == "start" {
                G::new(opts)
            } else {
                G::from_position(t, opts)
            }
        })
        .collect()
}

/// What the search of one bench position found.
pub struct Searched {
    pub depth: u32,
    pub best: Option<String>,
    pub score: ScoreReport,
    pub nodes: u64,
    pub secs: f64,
}

/// A bench's totals.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Totals {
    pub positions: usize,
    pub nodes: u64,
    /// Time in the searches (not in allocating their tables).
    pub secs: f64,
    /// The process's CPU seconds spent building what the evaluators and
    /// the exact tables need before the searches (Palma's tables): the
    /// command line's nodes per CPU second leave them out.
    pub prepare_cpu_secs: f64,
}

impl Totals {
    pub fn add(&mut self, other: Totals) {
        self.positions += other.positions;
        self.nodes += other.nodes;
        self.secs += other.secs;
        self.prepare_cpu_secs += other.prepare_cpu_secs;
    }
}

/// The CPU seconds this process has used, all threads (10 ms
/// resolution; `None` where `/proc` does not tell).
pub fn process_cpu_secs() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the
    // 14th and 15th fields of the whole line.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Searches each root to `depth` on `core`, its table cleared before
/// each; `each` sees every result as it comes. `signal`'s stop ends the
/// search of the root at hand and skips the rest (the totals are then
/// partial).
pub fn search<G: Playable>(
    roots: &[G],
    depth: u32,
    core: &Core,
    signal: &Signal,
    report: &(dyn Fn(&Report) + Sync),
    each: &mut dyn FnMut(usize, &Searched),
) -> Totals {
    // Tables an evaluator builds on first use (Palma's race table) are
    // not part of any search's time.
    let cpu_before = process_cpu_secs();
    for root in roots {
        if let Err(e) = core.prepare(root) {
            report(&Report::String(format!("error: {e}")));
            return Totals::default();
        }
    }
    let limits = Limits::depth(depth);
    let mut total = Totals::default();
    if let (Some(a), Some(b)) = (cpu_before, process_cpu_secs()) {
        total.prepare_cpu_secs = b - a;
    }
    for (i, root) in roots.iter().enumerate() {
        if signal.stopped() {
            break;
        }
        // A table cleared per position keeps the count independent of
        // what was searched before.
        core.new_game();
        let start = Instant::now();
        let res = core.search(&SearchJob::new(root, &limits), signal, report);
        let secs = start.elapsed().as_secs_f64();
        total.add(Totals {
            positions: 1,
            nodes: res.nodes,
            secs,
            prepare_cpu_secs: 0.0,
        });
        each(
            i,
            &Searched {
                depth: res.depth,
                best: res.best.map(|m| root.move_text(m)),
                score: res.score,
                nodes: res.nodes,
                secs,
            },
        );
    }
    total
}

/// The bench of `G` as defined: its positions with default options, to
/// `depth`, on `core` (whose table should be of [`HASH_MB`]: see
/// [`engine`]), or until `signal`'s stop.
pub fn run<G: Playable>(depth: u32, core: &Core, signal: &Signal) -> Result<Totals, GameError> {
    let opts = GameOptions::defaults(G::option_specs());
    let roots = roots::<G>(&opts, &position_texts(G::NAME))?;
    Ok(search(&roots, depth, core, signal, &|_| {}, &mut |_, _| {}))
}

/// The bench's engine: `config` with the bench's table, [`HASH_MB`].
pub fn engine(config: &SearchConfig) -> Result<Core, GameError> {
    Core::new(SearchConfig {
        hash_mb: HASH_MB,
        ..config.clone()
    })
    .map_err(|e| GameError::new(e.to_string()))
}

/// The bench of the game named `game` (a game of
/// [`crate::games::GameKind`]), as [`run`].
pub fn run_game(game: &str, depth: u32, core: &Core, signal: &Signal) -> Result<Totals, GameError> {
    let kind = crate::games::GameKind::from_name(game)?;
    crate::with_game!(kind, G => run::<G>(depth, core, signal))
}

/// The evaluator `core` makes for `game`, as [`Evaluator::label`] names
/// it.
pub fn eval_label(game: &str, core: &Core) -> String {
    let label = match crate::games::GameKind::from_name(game) {
        Ok(kind) => crate::with_game!(kind, G => core.evaluator::<G>().map(|e| e.label())),
        Err(e) => Err(e),
    };
    label.unwrap_or_else(|_| "classic".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn every_game_has_middlegame_positions_that_parse() {
        for kind in GameKind::ALL {
            let texts = position_texts(kind.name());
            let middle = texts.iter().filter(|t| **t != "start").count();
            assert!(middle >= 3, "{}: {texts:?}", kind.name());
            let opts = crate::game::GameOptions::defaults(kind.option_specs());
            let parsed: Result<usize, GameError> =
                crate::with_game!(*kind, G => roots::<G>(&opts, &texts).map(|r| r.len()));
            assert_eq!(parsed.ok(), Some(texts.len()), "{}", kind.name());
        }
    }
}
