//! No heap allocation per search node, in any game (issue 12: positions are
//! copied at every node, so a position that owns a `Vec`, a `String` or a
//! cloned `GameOptions` pays allocator calls millions of times a second).
//!
//! A counting global allocator sees every allocation of this test binary
//! (which is why this file is its own `[[test]]` target). Each game's bench
//! positions are searched at two depths; the deeper search visits many
//! times more nodes, so an allocation made per node shows up as an
//! allocation count that grows with the node count, while the per-search
//! set-up (tables, root move lists, the reports) stays about the same.
//!
//! The same allocator checks the games alone: every operation a search
//! calls per node (`status`, `moves`, `outcomes`, `play`, `hash`,
//! `evaluate`, the ordering hints, a copy) makes no allocation at all along
//! random playouts, so whatever the search-level count still shows comes
//! from the search code.
//!
//! Run with `--nocapture` to see the per-game figures.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use agon::engine::bench;
use agon::game::{Evaluator, GameOptions, Playable, Status};
use agon::games::GameKind;
use agon::search::{Limits, Report, Request, SearchConfig, Signal};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

struct Counting;

/// Allocations by every thread: a search may run on helper threads.
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
/// Allocations inside the searches (not in making their table).
static SEARCH_ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Allocations by this thread alone, for the exact game-level count
    /// (the test harness's own threads allocate at any time).
    static MINE: Cell<u64> = const { Cell::new(0) };
}

/// The searches are measured with the global count, so the tests of this
/// binary take turns.
static SERIAL: Mutex<()> = Mutex::new(());

fn count() {
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    // A const-initialised `Cell` needs no set-up, so this cannot allocate.
    let _ = MINE.try_with(|c| c.set(c.get() + 1));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// One fixed-depth, single-threaded search as `agon bench` runs it; the
/// number of nodes searched. The only place this test calls the search.
fn search<G: Playable>(root: &G, depth: u32) -> u64 {
    let stop = Signal::new();
    let quiet = |_: &Report| {};
    let config = SearchConfig::default();
    let limits = Limits::depth(depth);
    // The table (1 MiB) is made before the count starts, as an engine
    // makes it at `setoption Hash`.
    let searcher = agon::engine::Core::new(SearchConfig {
        hash_mb: 1,
        threads: 1,
        ..SearchConfig::default()
    })
    .expect("a 1 MiB table");
    let req = Request::new(root, &limits, &config);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    // `Search auto` at a depth: alpha-beta, or expectiminimax for dice.
    let nodes = searcher.think(&req, &stop, &quiet).nodes;

    SEARCH_ALLOCATIONS.fetch_add(
        ALLOCATIONS.load(Ordering::Relaxed) - before,
        Ordering::Relaxed,
    );
    nodes
}

/// Allocations and nodes of searching every root to `depth`.
fn measure<G: Playable>(roots: &[G], depth: u32) -> (u64, u64) {
    let before = SEARCH_ALLOCATIONS.load(Ordering::Relaxed);
    let nodes = roots.iter().map(|r| search(r, depth)).sum();
    (SEARCH_ALLOCATIONS.load(Ordering::Relaxed) - before, nodes)
}

fn roots<G: Playable>(kind: GameKind, count: usize) -> Vec<G> {
    let opts = GameOptions::parse("", G::option_specs()).expect("default options");
    let texts = bench::position_texts(kind.name());
    let mut roots = bench::roots::<G>(&opts, &texts).expect("the bench positions");
    roots.truncate(count);
    roots
}

/// Searches `roots` at `shallow` and `deep` and checks that the extra
/// nodes of the deeper search came with (almost) no extra allocations.
fn check<G: Playable>(roots: &[G], shallow: u32, deep: u32) -> Result<(), String> {
    // Warm up what is built once per process (Palma's race table, lazily
    // interned options, thread pools) outside the measured searches.
    for r in roots {
        G::Evaluator::default().prepare(r);
        search(r, 1);
    }
    let (a0, n0) = measure(roots, shallow);
    let (a1, n1) = measure(roots, deep);
    let extra_nodes = n1.saturating_sub(n0);
    let extra_allocs = a1.saturating_sub(a0);
    let per_node = a1 as f64 / n1.max(1) as f64;
    println!(
        "{:8} depth {shallow}: {n0:>9} nodes {a0:>7} allocations | depth {deep}: {n1:>9} nodes {a1:>7} allocations ({per_node:.5}/node)",
        G::NAME
    );
    if extra_nodes < 4 * n0.max(1) {
        return Err(format!(
            "{}: depth {deep} searched {n1} nodes, depth {shallow} {n0}: too few to tell set-up from per-node costs",
            G::NAME
        ));
    }
    // Per search, the set-up allocates a bounded amount (reports, root move
    // lists, iterative-deepening bookkeeping), which can grow with the
    // depth reached but not with the nodes searched.
    let allowed = 64 * roots.len() as u64 * u64::from(deep);
    if extra_allocs > allowed {
        return Err(format!(
            "{}: {extra_allocs} more allocations for {extra_nodes} more nodes ({per_node:.4} per node at depth {deep}; at most {allowed} more allowed)",
            G::NAME
        ));
    }
    Ok(())
}

/// Allocations made by `f` on this thread.
fn allocations_of(f: impl FnOnce()) -> u64 {
    let before = MINE.with(Cell::get);
    f();
    MINE.with(Cell::get) - before
}

/// Plays random games from each root, calling at every node what a search
/// calls; the first allocating operation, named.
/// With `warm_up`, allocations are allowed (and not reported).
fn playout_allocations<G: Playable>(
    roots: &[G],
    seed: u64,
    warm_up: bool,
    moves: &mut Vec<G::Move>,
    outcomes: &mut Vec<(G::Move, f64)>,
) -> Result<u64, String> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut nodes = 0u64;
    let evaluator = G::Evaluator::default();
    for root in roots.iter().cycle().take(roots.len().max(20)) {
        let mut pos = root.clone();
        for _ in 0..300 {
            nodes += 1;
            let name = G::NAME;
            let check = |what: &str, n: u64| {
                if n == 0 || warm_up {
                    Ok(())
                } else {
                    Err(format!(
                        "{name}: {what} made {n} allocations at {}",
                        pos.position()
                    ))
                }
            };
            let mut status = Status::Chance;
            check("status", allocations_of(|| status = pos.status()))?;
            check(
                "hash",
                allocations_of(|| _ = std::hint::black_box(pos.hash())),
            )?;
            check(
                "evaluate",
                allocations_of(|| _ = std::hint::black_box(evaluator.evaluate(&pos))),
            )?;
            check(
                "clone",
                allocations_of(|| _ = std::hint::black_box(pos.clone())),
            )?;
            let next = match status {
                Status::Over(_) => break,
                Status::Chance => {
                    check("outcomes", allocations_of(|| pos.outcomes(outcomes)))?;
                    outcomes[rng.gen_range(0..outcomes.len())].0
                }
                Status::Decision(_) => {
                    check("moves", allocations_of(|| pos.moves(moves)))?;
                    let mut count = 0;
                    check("count_moves", allocations_of(|| count = pos.count_moves()))?;
                    assert_eq!(count, moves.len(), "{name}: count_moves");
                    for &m in moves.iter() {
                        let hints = allocations_of(|| {
                            std::hint::black_box((
                                pos.is_forcing(m),
                                pos.order_hint(m),
                                pos.history_index(m),
                                pos.piece_progress(m),
                            ));
                        });
                        check("is_forcing/order_hint/history_index/piece_progress", hints)?;
                        let mut child = pos.clone();
                        check("play", allocations_of(|| child.play(m)))?;
                    }
                    moves[rng.gen_range(0..moves.len())]
                }
            };
            pos.play(next);
        }
    }
    Ok(nodes)
}

/// The games' per-node operations, without any search.
fn check_game_operations<G: Playable>(roots: &[G]) -> Result<(), String> {
    // First pass: whatever is built once per process on first use (Palma's
    // race and endgame tables) is built here, on the same playouts.
    // The buffers too: growing one to the widest position seen is an
    // allocation a search makes once, not per node.
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    playout_allocations(roots, 7, true, &mut moves, &mut outcomes)?;
    let nodes = playout_allocations(roots, 7, false, &mut moves, &mut outcomes)?;
    println!("{:8} playouts: {nodes} nodes, no allocation", G::NAME);
    Ok(())
}

#[test]
fn game_operations_never_allocate() {
    // Its warm-up allocates (Palma's tables), which a search measured at
    // the same time would count.
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut failures = Vec::new();
    for &kind in GameKind::ALL {
        let result = agon::with_game!(kind, G => check_game_operations(&roots::<G>(kind, 100)));
        failures.extend(result.err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The search-level check for `kinds`.
fn check_searches(kinds: &[GameKind]) {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut failures = Vec::new();
    for &kind in kinds {
        // (bench positions, shallow depth, deep depth): deep enough that the
        // deeper search has many times the nodes, quick in a test build.
        let (count, shallow, deep) = match kind {
            GameKind::Abalone => (3, 3, 5),
            GameKind::AbaloneMulti => (1, 2, 4),
            GameKind::Zamma => (1, 5, 10),
            GameKind::Petteia => (1, 2, 4),
            GameKind::Kubeia => (2, 1, 2),
            GameKind::Palma => (4, 3, 5),
        };
        let result = agon::with_game!(kind, G => check(&roots::<G>(kind, count), shallow, deep));
        failures.extend(result.err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn alpha_beta_searches_allocate_nothing_per_node() {
    check_searches(&[GameKind::Abalone, GameKind::Zamma, GameKind::Petteia]);
}

/// Expectiminimax nodes work in per-worker buffer pools (moves, move
/// order, chance children and their bounds), Star2's probes included.
#[test]
fn expectiminimax_searches_allocate_nothing_per_node() {
    check_searches(&[GameKind::Kubeia, GameKind::Palma]);
}
