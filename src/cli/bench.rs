//! `agon bench`: the bench of [`crate::engine::bench`] (the protocol's `bench`
//! prints the same signature), with each position's result, and options
//! to measure with: threads, another table size, LMR off, one position,
//! every iteration, another search (`--search mcts`: playouts per second).

use clap::Args;

use super::{on_game, GameCommand};
use crate::engine::bench::{process_cpu_secs, Totals};
use crate::engine::Core;
use crate::game::Evaluator;
use crate::game::{EvalChoice, GameError, GameOptions, Playable};
use crate::games::GameKind;
use crate::nnue::Network;
use crate::protocol::output::{pv_line, score_text};
use crate::search::{Algorithm, Report, SearchConfig, Signal};
use crate::settings::{hash_arg, threads_arg, THREADS};

/// `agon bench --search mcts`'s default rounds.
const MCTS_ROUNDS: u32 = 7;

/// Arguments of `agon bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// The game; default: every game, as the protocol's `bench`.
    #[arg(long, value_enum)]
    pub game: Option<GameKind>,
    /// Variant options, e.g. "layout=belgian".
    #[arg(long, requires = "game")]
    pub options: Option<String>,
    /// One position string (or "start") instead of the game's bench
    /// positions (positions/bench-<game>.txt).
    #[arg(long, requires = "game")]
    pub position: Option<String>,
    /// Depth in decision plies; default: each game's bench depth (Abalone
    /// 6, Zamma 9, Petteia 5, Kubeia 2, Palma 6).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Search threads (the node count is deterministic with 1).
    #[arg(long, allow_negative_numbers = true, value_parser = threads_arg, default_value_t = THREADS.spin_default() as usize)]
    pub threads: usize,
    /// Transposition table size in MiB; the bench's own size (16, not the
    /// engine's Hash) is part of its definition.
    #[arg(long, allow_negative_numbers = true, value_parser = hash_arg, default_value_t = crate::engine::bench::HASH_MB)]
    pub hash: usize,
    /// Turn late-move reductions off (alpha-beta).
    #[arg(long)]
    pub no_lmr: bool,
    /// The search to bench (default: each game's own, as the protocol's
    /// `bench`). With `mcts` the nodes are playouts and the depth is
    /// rounds (default 7: 16,384 playouts a position and thread).
    #[arg(long, value_parser = super::search_arg)]
    pub search: Option<Algorithm>,
    /// Print every iteration.
    #[arg(long)]
    pub verbose: bool,
    /// The evaluation: auto (each game's default), classic or nnue.
    #[arg(long, value_parser = eval_arg, default_value = "auto")]
    pub eval: EvalChoice,
    /// A network file to evaluate with (for --game's game).
    #[arg(long, requires = "game")]
    pub evalfile: Option<std::path::PathBuf>,
}

fn eval_arg(value: &str) -> Result<EvalChoice, String> {
    EvalChoice::from_name(value).ok_or_else(|| format!("one of {}", EvalChoice::NAMES.join(", ")))
}

impl BenchArgs {
    /// Benches the chosen game, or every game, and prints the signature.
    pub fn run_games(&self) -> Result<(), GameError> {
        let kinds = match self.game {
            Some(kind) => vec![kind],
            None => GameKind::ALL.to_vec(),
        };
        let cpu_start = process_cpu_secs();
        let mut total = Totals::default();
        for kind in kinds {
            let (depth, t, label) = on_game(self, kind)?;
            out!(
                "{}",
                crate::protocol::output::bench_game_line(
                    kind.name(),
                    t.positions,
                    depth,
                    t.nodes,
                    &label
                )
            );
            total.add(t);
        }
        out!("{}", crate::protocol::output::bench_total_line(&total));
        if let (Some(a), Some(b)) = (cpu_start, process_cpu_secs()) {
            // On a shared machine wall time includes waiting for a core; CPU
            // time does not (all threads summed, 10 ms resolution). The
            // tables built before the searches are not search time.
            let cpu = b - a - total.prepare_cpu_secs;
            if cpu >= 0.1 {
                out!(
                    "cpu time {cpu:.2} s, nodes/cpu-s {:.0}",
                    total.nodes as f64 / cpu.max(1e-9)
                );
            }
        }
        Ok(())
    }
}

impl BenchArgs {
    /// The search settings the flags give (the algorithm aside).
    fn config(&self) -> Result<SearchConfig, GameError> {
        let eval_file = match (&self.evalfile, self.game) {
            (Some(path), Some(kind)) => Some(std::sync::Arc::new(
                Network::load(path, Some(kind.name())).map_err(GameError::new)?,
            )),
            _ => None,
        };
        Ok(SearchConfig {
            threads: self.threads,
            hash_mb: self.hash,
            lmr: !self.no_lmr,
            eval: self.eval,
            eval_file,
            ..crate::settings::default_config()
        })
    }
}

impl GameCommand for BenchArgs {
    /// The depth, the totals and the evaluator's label.
    type Output = (u32, Totals, String);

    fn options(&self) -> Option<&str> {
        self.options.as_deref()
    }

    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(u32, Totals, String), GameError> {
        let texts = match &self.position {
            Some(p) => vec![p.as_str()],
            None => crate::engine::bench::position_texts(G::NAME),
        };
        let roots = crate::engine::bench::roots::<G>(opts, &texts)?;
        let algorithm = self
            .search
            .unwrap_or(crate::settings::default_config().algorithm);
        let depth = match (self.depth, algorithm) {
            (Some(d), _) => d,
            (None, Algorithm::Mcts) => MCTS_ROUNDS,
            (None, _) => crate::engine::bench::default_depth(G::NAME),
        };
        let core = Core::new(SearchConfig {
            algorithm,
            ..self.config()?
        })
        .map_err(|e| GameError::new(e.to_string()))?;
        let label = core.evaluator::<G>()?.label();
        let verbose = self.verbose;
        let report = move |r: &Report| {
            if let (true, Report::Pv(p)) = (verbose, r) {
                out!("  {}", pv_line(p, false));
            }
        };
        // The command line's bench runs to its end (^C ends the process).
        let signal = Signal::new();
        let totals =
            crate::engine::bench::search(&roots, depth, &core, &signal, &report, &mut |i, s| {
                out!(
                    "{} position {:>2}: depth {} best {} score {} nodes {} time {:.3} s",
                    G::NAME,
                    i + 1,
                    s.depth,
                    s.best.as_deref().unwrap_or("(none)"),
                    score_text(s.score),
                    s.nodes,
                    s.secs
                );
            });
        Ok((depth, totals, label))
    }
}
