//! The protocol's `bench` on its own thread, like a search or a perft, so
//! that the reader keeps answering while it runs: `isready` at once,
//! `stop`, `quit`, `ucinewgame` and the end of input end it (protocol.md,
//! "bench").

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

use super::engine::Catalog;
use super::output::Output;
use crate::bench::{default_depth, game_line, total_line, Totals};
use crate::search::SearchConfig;

/// Starts every game's bench ([`crate::bench`]) at `depth` (each game's
/// own without one): a line per game as it ends, then the total; after
/// `stop` (set by the reader) the lines of the games that ended and then
/// `info string bench stopped` instead of the total. `done` is set before
/// the last line, as a search's is before `bestmove`.
pub fn start(
    catalog: Catalog,
    depth: Option<u32>,
    config: SearchConfig,
    out: Output,
    stop: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
) -> Result<JoinHandle<()>, String> {
    thread::Builder::new()
        .name("bench".into())
        .spawn(move || {
            let total = catch_unwind(AssertUnwindSafe(|| {
                every_game(&catalog, depth, &config, &out, &stop)
            }));
            done.store(true, Ordering::Release);
            match total {
                Ok(Some(total)) => out.line(&total_line(&total)),
                Ok(None) => out.line("info string bench stopped"),
                Err(_) => out.error("the bench failed (an engine bug; please report it)"),
            }
        })
        .map_err(|e| format!("bench: cannot start the bench thread: {e}"))
}

/// The totals of every game's bench, or `None` once stopped.
fn every_game(
    catalog: &Catalog,
    depth: Option<u32>,
    config: &SearchConfig,
    out: &Output,
    stop: &AtomicBool,
) -> Option<Totals> {
    let mut total = Totals::default();
    for &game in &catalog.games {
        let depth = depth.unwrap_or_else(|| default_depth(game));
        match (catalog.make)(game, "") {
            Ok(engine) => {
                let t = engine.bench(depth, config, stop);
                // A game cut short has no line: its count is not the
                // signature's.
                if stop.load(Ordering::Acquire) {
                    return None;
                }
                let line = game_line(game, t.positions, depth, t.nodes);
                out.line(&format!("info string {line}"));
                total.add(t);
            }
            Err(e) => out.error(&format!("bench {game}: {e}")),
        }
    }
    Some(total)
}
