//! Lazy SMP: `threads` searchers run the same iterative deepening on one
//! shared transposition table; they differ only in their start depth, and
//! the table spreads what each finds. The main thread keeps time, reports
//! and gives the result; the helpers end when it sets the abort flag.
//!
//! The threads come from the engine's rayon pool ([`pool`]), built when
//! `Threads` is set, sized exactly `threads` so every helper runs at once
//! (the global pool may be smaller and would queue them behind the main
//! thread). Building it per search cost more than a short search with many
//! threads.

use rayon::ThreadPool;

/// Stack per search thread: recursion is `MAX_PLY` deep with a position
/// copy per frame.
const STACK_BYTES: usize = 16 << 20;

/// The pool for `threads` search threads; `None` for one thread (the
/// search then runs on the caller's thread).
pub fn pool(threads: usize) -> Result<Option<ThreadPool>, String> {
    if threads <= 1 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_BYTES)
        .thread_name(|i| format!("agon-search-{i}"))
        .build()
        .map(Some)
        .map_err(|e| format!("cannot start {threads} search threads: {e}"))
}

/// Runs `main` and `threads - 1` helpers in parallel on `pool`; returns
/// `main`'s result once all have finished. Without a pool `main` runs
/// alone on this thread.
pub fn run<R: Send>(
    pool: Option<&ThreadPool>,
    main: impl FnOnce() -> R + Send,
    helper: impl Fn(usize) + Sync,
) -> R {
    let Some(pool) = pool else {
        return main();
    };
    let threads = pool.current_num_threads();
    pool.scope(|s| {
        let helper = &helper;
        for id in 1..threads {
            s.spawn(move |_| helper(id));
        }
        main()
    })
}
