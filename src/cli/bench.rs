//! `agon bench`: a fixed-depth, single-threaded (by default) search of a
//! fixed list of positions per game (`positions/bench-<game>.txt`, built
//! into the binary), each with a fresh transposition table, so the total
//! node count is a reproducible fingerprint of the search and nodes/s its
//! speed. The games with chance (Palma, Kubeia) are searched by
//! expectiminimax (`Search=auto`), the others by alpha-beta; `--parallel`
//! picks how expectiminimax uses `--threads` (parallel root moves or Lazy
//! SMP).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::{game_and_options, parse_count};
use crate::game::{Game, GameError, GameOptions};
use crate::games::GameKind;
use crate::search::alphabeta::{think_with, AbParams};
use crate::search::expectimax::{self, Parallel};
use crate::search::{Limits, Report, Request, SearchConfig, Searcher};

/// Default search depth of `agon bench`.
pub const DEFAULT_DEPTH: u64 = 6;

/// Arguments of `agon bench`.
pub struct BenchArgs<'a> {
    pub game: &'a str,
    pub options: Option<&'a str>,
    /// One position instead of the built-in list (`start` = start position).
    pub position: Option<&'a str>,
    pub depth: Option<&'a str>,
    pub threads: Option<&'a str>,
    pub hash_mb: Option<&'a str>,
    /// Turn late-move reductions off (to measure what they bring).
    pub no_lmr: bool,
    /// Expectiminimax threads: `root` or `smp` (default: the search's).
    pub parallel: Option<&'a str>,
    /// Print every iteration's report.
    pub verbose: bool,
}

/// The built-in bench positions of a game.
pub fn bench_positions(kind: GameKind) -> Vec<&'static str> {
    let text = match kind {
        GameKind::Abalone => include_str!("../../positions/bench-abalone.txt"),
        GameKind::Zamma => include_str!("../../positions/bench-zamma.txt"),
        GameKind::Petteia => include_str!("../../positions/bench-petteia.txt"),
        GameKind::Kubeia => include_str!("../../positions/bench-kubeia.txt"),
        GameKind::Palma => include_str!("../../positions/bench-palma.txt"),
    };
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Runs the bench and prints per-position and total counts.
pub fn run(args: &BenchArgs) -> Result<(), GameError> {
    let (kind, opts) = game_and_options(args.game, args.options)?;
    let depth = match args.depth {
        Some(d) => parse_count("depth", d)?,
        None => DEFAULT_DEPTH,
    }
    .clamp(1, 64) as u32;
    let threads = parse_count("threads", args.threads.unwrap_or("1"))?.clamp(1, 256) as usize;
    let hash_mb = parse_count("hash", args.hash_mb.unwrap_or("16"))?.clamp(1, 65_536) as usize;
    let positions: Vec<&str> = match args.position {
        Some(p) => vec![p],
        None => bench_positions(kind),
    };
    let config = SearchConfig {
        threads,
        hash_mb,
        ..SearchConfig::default()
    };
    let params = AbParams {
        lmr: !args.no_lmr,
        ..AbParams::default()
    };
    let mut ex = expectimax::Options::default();
    if let Some(p) = args.parallel {
        ex.parallel = Parallel::from_name(p)
            .ok_or_else(|| GameError::new(format!("--parallel must be root or smp, not '{p}'")))?;
    }
    let searches = Searches { params, ex };
    crate::with_game!(kind, G => bench_game::<G>(&opts, &positions, depth, &config, searches, args.verbose))
}

/// The settings of the two searches the bench may run.
#[derive(Clone, Copy)]
struct Searches {
    params: AbParams,
    ex: expectimax::Options,
}

fn bench_game<G: Game>(
    opts: &GameOptions,
    positions: &[&str],
    depth: u32,
    config: &SearchConfig,
    searches: Searches,
    verbose: bool,
) -> Result<(), GameError> {
    let mut roots = Vec::new();
    if positions.is_empty() {
        roots.push(G::new(opts)?);
    }
    for text in positions {
        roots.push(if *text == "start" {
            G::new(opts)?
        } else {
            G::from_position(text, opts)?
        });
    }
    let stop = AtomicBool::new(false);
    let print = |r: &Report| {
        if let Report::Pv(p) = r {
            out!(
                "  depth {} seldepth {} score {:?} {:?} nodes {} time {} ms nps {} pv {}",
                p.depth,
                p.seldepth,
                p.score,
                p.bound,
                p.nodes,
                p.time_ms,
                p.nps,
                p.pv.join(" ")
            );
        }
    };
    let quiet = |_: &Report| {};
    // Tables the evaluator builds on first use (Palma's race table) are
    // not part of any search's time.
    for root in &roots {
        std::hint::black_box(root.evaluate());
    }
    let mut total_nodes = 0u64;
    let mut span_nodes = 0u64;
    let mut total_secs = 0.0;
    let cpu_start = process_cpu_secs();
    let searcher = Searcher::new(config.hash_mb, config.threads).map_err(GameError::new)?;
    let limits = Limits::depth(depth);
    for (i, root) in roots.iter().enumerate() {
        // Each position on a clear table: the node count is a signature.
        searcher.clear();
        let req = Request::new(root, &limits, config);
        let start = Instant::now();
        let report: &(dyn Fn(&Report) + Sync) = if verbose { &print } else { &quiet };
        let res = if G::HAS_CHANCE {
            let m = expectimax::root::measured(&searcher, &req, &searches.ex, &stop, report);
            span_nodes += m.span_nodes;
            m.result
        } else {
            think_with(&searcher, &req, &stop, report, searches.params)
        };
        let secs = start.elapsed().as_secs_f64();
        total_nodes += res.nodes;
        total_secs += secs;
        let best = res.best.map_or("(none)".to_string(), |m| root.move_text(m));
        out!(
            "position {:>2}: depth {} best {best} score {:?} nodes {} time {:.3} s",
            i + 1,
            res.depth,
            res.score,
            res.nodes,
            secs
        );
    }
    out!("===========================");
    if G::HAS_CHANCE && config.threads > 1 {
        let how = match searches.ex.parallel {
            Parallel::RootMoves => "root",
            Parallel::LazySmp => "smp",
        };
        out!("depth {depth} threads {} parallel {how}", config.threads);
    } else {
        out!("depth {depth} threads {}", config.threads);
    }
    out!("nodes: {total_nodes}");
    out!("time: {total_secs:.3} s");
    out!("nodes/s: {:.0}", total_nodes as f64 / total_secs.max(1e-9));
    if G::HAS_CHANCE {
        // Load-independent: what time to depth would be on idle cores.
        out!("critical path nodes: {span_nodes}");
    }
    if let (Some(a), Some(b)) = (cpu_start, process_cpu_secs()) {
        // On a shared machine wall time includes waiting for a core; CPU
        // time does not (all threads summed, 10 ms resolution).
        let cpu = b - a;
        if cpu < 0.1 {
            return Ok(());
        }
        out!("cpu time: {cpu:.2} s");
        out!("nodes/cpu-s: {:.0}", total_nodes as f64 / cpu.max(1e-9));
    }
    Ok(())
}

/// CPU time used by this process so far (Linux `/proc/self/stat` user +
/// system ticks at the usual 100 per second), or `None` elsewhere.
fn process_cpu_secs() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the
    // 14th and 15th fields of the whole line.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
