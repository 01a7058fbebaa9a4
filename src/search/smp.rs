//! Lazy SMP: `threads` searchers run the same iterative deepening on one
//! shared transposition table; they differ only in their start depth, and
//! the table spreads what each finds. The main thread keeps time, reports
//! and gives the result; the helpers end when it sets the abort flag.
//!
//! The threads come from a rayon pool built for the search, sized exactly
//! `threads`, so every helper runs at once (the global pool may be smaller
//! and would queue them behind the main thread).

/// Stack per search thread: recursion is `MAX_PLY` deep with a position
/// copy per frame.
const STACK_BYTES: usize = 16 << 20;

/// Runs `main` and `threads - 1` helpers in parallel; returns `main`'s
/// result once all have finished.
pub fn run<R: Send>(
    threads: usize,
    main: impl FnOnce() -> R + Send,
    helper: impl Fn(usize) + Sync,
) -> R {
    if threads <= 1 {
        return main();
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_BYTES)
        .thread_name(|i| format!("agon-search-{i}"))
        .build();
    match pool {
        Ok(pool) => pool.scope(|s| {
            let helper = &helper;
            let weights = crate::game::weights::active();
            for id in 1..threads {
                s.spawn(move |_| {
                    crate::game::weights::install(weights);
                    helper(id)
                });
            }
            main()
        }),
        // No threads to be had: search alone rather than fail.
        Err(_) => main(),
    }
}
