//! Searches as the tests ask for them: through the engine core
//! ([`agon::engine::Core`]), as every door of agon searches.

use agon::engine::Core;
use agon::game::{EvalChoice, Playable};
use agon::search::{Report, Request, SearchConfig, SearchResult, Signal};

/// A core with a table of `hash_mb` MiB and `threads` threads.
pub fn core(hash_mb: usize, threads: usize) -> Core {
    Core::new(SearchConfig {
        hash_mb,
        threads,
        ..SearchConfig::default()
    })
    .expect("a small table")
}

/// One search of `req` (its settings and evaluator) on a core of its own,
/// sized by `req.config`.
pub fn think<G: Playable>(
    req: &Request<G>,
    signal: &Signal,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult<G::Move> {
    core(req.config.hash_mb, req.config.threads).think(req, signal, report)
}

/// Issue 40's check that tactics are not lost to the network: `solved`
/// counts the entries of a suite of `total` that a search with the given
/// evaluator solves, and the default evaluator (the network) solves at
/// least as many as the classic one.
pub fn assert_network_solves_as_many(total: usize, solved: impl Fn(EvalChoice) -> usize) {
    let (net, classic) = (solved(EvalChoice::Auto), solved(EvalChoice::Classic));
    eprintln!("depth 6: the network solves {net}, the classic evaluator {classic} of {total}");
    assert!(net >= classic, "network {net}, classic {classic}");
}
