//! `go perft N` for one game: counts on its own thread, like a search, so
//! that `stop`, `quit` and the end of input end it (protocol.md,
//! "go perft").

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

use super::output::Output;
use crate::game::perft::{divide_until, perft_until};
use crate::game::Notation;

/// Starts counting `depth` plies below `root`: one line per root move or
/// outcome as it is counted, then the total; after `stop` (set by the
/// reader) one `info string` line instead of the total. `done` is set
/// before the last line, as a search's is before `bestmove`.
pub fn start<G: Notation>(
    root: G,
    depth: u32,
    out: Output,
    stop: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
) -> Result<JoinHandle<()>, String> {
    thread::Builder::new()
        .name("perft".into())
        .spawn(move || {
            let mut total = 0;
            let mut any = false;
            let finished = divide_until(&root, depth, &stop, |m, n| {
                out.line(&format!("{m}: {n}"));
                total += n;
                any = true;
            });
            // No root move to divide by (depth 0, a finished game).
            let total = if finished && !any {
                perft_until(&root, depth, &stop)
            } else {
                finished.then_some(total)
            };
            done.store(true, Ordering::Release);
            match total {
                Some(n) => out.line(&format!("Nodes searched: {n}")),
                None => out.line("info string perft stopped"),
            }
        })
        .map_err(|e| format!("cannot start the perft thread: {e}"))
}
