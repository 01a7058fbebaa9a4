//! Expectiminimax: values against independent brute force (a tiny dice
//! race solved by dynamic programming and a depth-limited recursion written
//! here), Star1/Star2 against plain expectiminimax on seeded Palma and
//! Kubeia positions, legality of `best`, limits and stop.

#[path = "expectimax/race.rs"]
mod race;

use agon::game::walk::random_position;
use agon::game::Notation;
use agon::game::{Game, GameOptions, Playable, Status, EVAL_LIMIT};
use agon::games::palma::Palma;
use agon::games::petteia::Kubeia;
use agon::search::expectimax::{fixed_depth, plain, root_view, Options, Pruning};
use agon::search::{
    Algorithm, Limits, Report, Request, ScoreReport, SearchConfig, SearchResult, Signal,
};
use race::{Phase, Race, DIE};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::collections::HashMap;
use std::sync::Mutex;

/// A search's result with the nodes on its critical path.
struct Measured<M> {
    result: SearchResult<M>,
    span_nodes: u64,
}

/// Expectiminimax of `pos` on a table and threads of its own, sized by
/// `config`, with `options`, and the critical path it reports.
fn measured<G: Playable>(
    pos: &G,
    limits: &Limits,
    config: &SearchConfig,
    options: &Options,
    stop: &Signal,
) -> Measured<G::Move> {
    let options = Options {
        critical_path: true,
        ..*options
    };
    let span = Mutex::new(None);
    let report = |r: &Report| {
        if let Report::String(s) = r {
            let n = s
                .strip_prefix("critical path ")
                .and_then(|t| t.strip_suffix(" nodes"));
            if let Some(n) = n.and_then(|n| n.parse::<u64>().ok()) {
                *span.lock().unwrap() = Some(n);
            }
        }
    };
    let result = search_with(pos, limits, config, &options, stop, &report);
    let span_nodes = span
        .into_inner()
        .unwrap()
        .expect("an info string with the critical path");
    Measured { result, span_nodes }
}

fn search_with<G: Playable>(
    pos: &G,
    limits: &Limits,
    config: &SearchConfig,
    options: &Options,
    stop: &Signal,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult<G::Move> {
    let searcher = crate::common::engine::core(config.hash_mb, config.threads);
    let config = SearchConfig {
        algorithm: Algorithm::Expectimax,
        expectimax: *options,
        ..config.clone()
    };
    searcher.think(&Request::new(pos, limits, &config), stop, report)
}

fn search<G: Playable>(
    pos: &G,
    limits: &Limits,
    config: &SearchConfig,
    stop: &Signal,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult<G::Move> {
    search_with(pos, limits, config, &Options::default(), stop, report)
}

/// A won game when the evaluator is not a win probability (value.rs).
const WIN: f64 = (EVAL_LIMIT + 10_000) as f64;

const MODES: [Pruning; 3] = [Pruning::Plain, Pruning::Star1, Pruning::Star2];

/// Probability that `me` wins the race from a roll of `roller`, under
/// optimal play by both, by memoised recursion over (dist, roller).
fn race_win(
    dist: [u8; 2],
    roller: usize,
    me: usize,
    memo: &mut HashMap<([u8; 2], usize), f64>,
) -> f64 {
    if let Some(&p) = memo.get(&(dist, roller)) {
        return if me == 0 { p } else { 1.0 - p };
    }
    let mut p0 = 0.0; // for player 0
    for &(r, pr) in &DIE {
        let mut options = vec![1u8];
        if r > 1 {
            options.push(r);
        }
        let values = options.iter().map(|&s| {
            let mut d = dist;
            d[roller] = d[roller].saturating_sub(s);
            if d[roller] == 0 {
                if roller == 0 {
                    1.0
                } else {
                    0.0
                }
            } else {
                let next = if s == 3 { roller } else { 1 - roller };
                race_win(d, next, 0, memo)
            }
        });
        let best = if roller == 0 {
            values.fold(0.0, f64::max)
        } else {
            values.fold(1.0, f64::min)
        };
        p0 += pr * best;
    }
    memo.insert((dist, roller), p0);
    if me == 0 {
        p0
    } else {
        1.0 - p0
    }
}

/// The race's depth-limited expectiminimax value for player 0, written
/// against the race's own fields (not through the search's code).
fn race_brute(dist: [u8; 2], phase: Phase, depth: u32) -> f64 {
    let lead0 = (f64::from(dist[1]) - f64::from(dist[0])) * 10.0;
    match phase {
        Phase::Over(w) => {
            if w == 0 {
                WIN
            } else {
                -WIN
            }
        }
        // Both leaves are scored from the side that decides: player 0's lead.
        Phase::Roll(_) | Phase::Move(_, _) if depth == 0 => lead0,
        Phase::Roll(p) => DIE
            .iter()
            .map(|&(r, pr)| pr * race_brute(dist, Phase::Move(p, r), depth))
            .sum(),
        Phase::Move(p, r) => {
            let mut steps = vec![1u8];
            if r > 1 {
                steps.push(r);
            }
            let vals = steps.iter().map(|&s| {
                let mut d = dist;
                let i = usize::from(p);
                d[i] = d[i].saturating_sub(s);
                let next = if d[i] == 0 {
                    Phase::Over(p)
                } else if s == 3 {
                    Phase::Roll(p)
                } else {
                    Phase::Roll(1 - p)
                };
                race_brute(d, next, depth - 1)
            });
            if p == 0 {
                vals.fold(f64::NEG_INFINITY, f64::max)
            } else {
                vals.fold(f64::INFINITY, f64::min)
            }
        }
    }
}

/// Converts a value from `root_view`'s side to player 0's side.
fn for_player0<G: Playable>(pos: &G, v: f64) -> f64 {
    if root_view(pos) == 0 {
        v
    } else {
        -v
    }
}

fn race_roots() -> Vec<Race> {
    let mut out = Vec::new();
    for a in 1..=4 {
        for b in 1..=4 {
            out.push(Race::at([a, b], Phase::Roll(0)));
            out.push(Race::at([a, b], Phase::Roll(1)));
            out.push(Race::at([a, b], Phase::Move(1, 3)));
            out.push(Race::at([a, b], Phase::Move(0, 2)));
        }
    }
    out
}

#[test]
fn solved_race_values_equal_the_dynamic_programme() {
    let mut memo = HashMap::new();
    for root in race_roots() {
        // Every decision advances a player, so 7 decisions end any race here.
        let exact = match root.phase {
            Phase::Roll(p) => race_win(root.dist, usize::from(p), 0, &mut memo),
            _ => (race_brute(root.dist, root.phase, 8) / WIN + 1.0) / 2.0,
        };
        for mode in MODES {
            for tt in [None, Some(1)] {
                let f = fixed_depth(&root, 8, mode, tt);
                let p0 = (for_player0(&root, f.value) / WIN + 1.0) / 2.0;
                assert!(
                    (p0 - exact).abs() < 1e-9,
                    "{root:?} {mode:?} {tt:?}: {p0} vs {exact}"
                );
            }
        }
    }
    // Hand check: [1, 1], player 0 rolls: any roll finishes.
    assert_eq!(race_win([1, 1], 0, 0, &mut memo), 1.0);
    // [2, 1], player 0 rolls: a 2 or 3 (1/2) wins at once; a 1 hands the
    // roll to player 1, who then wins with any roll.
    assert!((race_win([2, 1], 0, 0, &mut memo) - 0.5).abs() < 1e-12);
}

#[test]
fn depth_limited_race_values_equal_brute_force() {
    for root in race_roots() {
        for depth in 1..=5 {
            let expect = race_brute(root.dist, root.phase, depth);
            assert!((plain::value(&root, depth) - expect).abs() < 1e-9);
            for mode in MODES {
                let f = fixed_depth(&root, depth, mode, Some(1));
                let got = for_player0(&root, f.value);
                assert!(
                    (got - expect).abs() < 1e-9,
                    "{root:?} d{depth} {mode:?}: {got} vs {expect}"
                );
            }
        }
    }
}

/// Positions from seeded random playouts (outcomes drawn by probability),
/// not finished games.
fn playout_positions<G: Playable>(start: &G, seed: u64, count: usize, max_plies: u32) -> Vec<G> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let plies = rng.gen_range(0..max_plies) as usize;
        out.extend(random_position(start, plies, &mut rng));
    }
    out
}

/// Star1 and Star2 (with and without the table) equal plain
/// expectiminimax at every position and depth; returns node totals of
/// plain, Star1, Star2 (no table).
fn check_star_equals_plain<G: Playable>(positions: &[G], depths: &[u32]) -> [u64; 3] {
    let mut nodes = [0u64; 3];
    for pos in positions {
        for &d in depths {
            let reference = plain::value(pos, d);
            for (k, mode) in MODES.iter().enumerate() {
                for tt in [None, Some(1)] {
                    let f = fixed_depth(pos, d, *mode, tt);
                    let got = for_player0(pos, f.value);
                    assert!(
                        (got - reference).abs() < 1e-9,
                        "{} d{d} {mode:?} tt {tt:?}: {got} vs {reference}",
                        pos.position()
                    );
                    if let Some(m) = f.best {
                        let mut legal = Vec::new();
                        pos.moves(&mut legal);
                        assert!(legal.contains(&m));
                    }
                    if tt.is_none() {
                        nodes[k] += f.nodes;
                    }
                }
            }
        }
    }
    nodes
}

#[test]
fn star_pruning_equals_plain_on_palma_positions() {
    let start = Palma::new(&GameOptions::defaults(Palma::option_specs())).unwrap();
    let positions = playout_positions(&start, 7, 30, 120);
    let [plain, star1, star2] = check_star_equals_plain(&positions, &[1, 2, 3]);
    assert!(star1 < plain && star2 < plain, "{plain} {star1} {star2}");
}

#[test]
fn star_pruning_equals_plain_on_kubeia_positions() {
    let start = Kubeia::new(&GameOptions::defaults(Kubeia::option_specs())).unwrap();
    let positions = playout_positions(&start, 11, 12, 60);
    let [plain1, ..] = check_star_equals_plain(&positions, &[1]);
    let [plain, star1, star2] = check_star_equals_plain(&positions[..3], &[2]);
    assert!(plain1 > 0);
    assert!(star1 < plain && star2 < plain, "{plain} {star1} {star2}");
}

#[test]
fn search_returns_a_legal_move_and_reports_each_depth() {
    let opts = GameOptions::defaults(Palma::option_specs());
    let start = Palma::new(&opts).unwrap();
    let stop = Signal::new();
    for pos in playout_positions(&start, 3, 12, 100) {
        let depths = Mutex::new(Vec::new());
        let last_pv = Mutex::new(Vec::new());
        let report = |r: &Report| {
            if let Report::Pv(i) = r {
                depths.lock().unwrap().push(i.depth);
                *last_pv.lock().unwrap() = i.pv.clone();
                assert!(i.wdl.is_some_and(|[w, d, l]| w + d + l == 1000 && d == 0));
            }
        };
        let r = search(
            &pos,
            &Limits::depth(3),
            &SearchConfig::default(),
            &stop,
            &report,
        );
        assert_eq!(*depths.lock().unwrap(), vec![1, 2, 3]);
        assert_eq!(r.depth, 3);
        let f = fixed_depth(&pos, 3, Pruning::Plain, None);
        let ScoreReport::Cp(cp) = r.score else {
            panic!("expectimax reports cp")
        };
        assert_eq!(cp, f.value.round() as i32, "{}", pos.position());
        // The PV replays legally from the root, starts with `best` and
        // never ends on a chance outcome.
        let pv = last_pv.lock().unwrap().clone();
        let mut line = pos;
        let mut last_from_chance = false;
        for (k, t) in pv.iter().enumerate() {
            let m = line.parse_move(t).unwrap();
            if k == 0 && r.best.is_some() {
                assert_eq!(Some(m), r.best);
            }
            last_from_chance = line.status() == Status::Chance;
            line.play(m);
        }
        assert!(!(last_from_chance && pv.len() > 1), "{pv:?}");
        match pos.status() {
            Status::Chance => assert_eq!(r.best, None),
            _ => {
                let mut legal = Vec::new();
                pos.moves(&mut legal);
                assert!(r.best.is_some_and(|m| legal.contains(&m)));
            }
        }
    }
}

/// Kubeia draws after 100 plies without a capture: two plies before that
/// limit in the level start position every line the search sees is drawn,
/// and the reported `wdl` gives the draw a real share (value.rs's band).
#[test]
fn kubeia_near_the_no_capture_limit_reports_a_draw_share() {
    let opts = GameOptions::defaults(Kubeia::option_specs());
    let start = Kubeia::new(&opts).unwrap();
    let mut fields: Vec<String> = start
        .position()
        .split_whitespace()
        .map(String::from)
        .collect();
    assert_eq!(fields.len(), 7, "{}", start.position());
    fields[4] = "98".into();
    let pos = Kubeia::from_position(&fields.join(" "), &opts).unwrap();
    let wdl = Mutex::new(None);
    let report = |r: &Report| {
        if let Report::Pv(i) = r {
            *wdl.lock().unwrap() = i.wdl;
        }
    };
    let stop = Signal::new();
    // Analysis: a draw is worth 0 (no contempt).
    let config = SearchConfig {
        analyse_mode: true,
        ..SearchConfig::default()
    };
    let r = search(&pos, &Limits::depth(2), &config, &stop, &report);
    assert_eq!(r.score, ScoreReport::Cp(0), "every line is drawn");
    let [w, d, l] = wdl.lock().unwrap().expect("expectiminimax reports wdl");
    assert_eq!(w + d + l, 1000);
    assert_eq!(w, l);
    assert!(d >= 300, "draw share {d}");
}

#[test]
fn parallel_root_moves_give_the_single_thread_value() {
    use agon::search::expectimax::Parallel;
    let start = Kubeia::new(&GameOptions::defaults(Kubeia::option_specs())).unwrap();
    let stop = Signal::new();
    for pos in playout_positions(&start, 5, 6, 40) {
        let one = search(
            &pos,
            &Limits::depth(2),
            &SearchConfig::default(),
            &stop,
            &|_| {},
        );
        let two = SearchConfig {
            threads: 2,
            ..SearchConfig::default()
        };
        let root_moves = Options {
            parallel: Parallel::RootMoves,
            ..Options::default()
        };
        let two = search_with(&pos, &Limits::depth(2), &two, &root_moves, &stop, &|_| {});
        assert_eq!(one.score, two.score, "{}", pos.position());
    }
}

/// Lazy SMP: the helpers only fill the table, which never changes a value
/// of the searched depth, so the value is the single thread's, at decision
/// and chance roots; and the helpers end with the main thread, whatever
/// stops it.
#[test]
fn lazy_smp_gives_the_single_thread_value_and_ends_with_the_main_thread() {
    use agon::search::expectimax::Parallel;
    let smp = Options {
        parallel: Parallel::LazySmp,
        ..Options::default()
    };
    let two = SearchConfig {
        threads: 2,
        ..SearchConfig::default()
    };
    let stop = Signal::new();
    fn check<G: Playable>(positions: &[G], depth: u32, smp: &Options, two: &SearchConfig) {
        let stop = Signal::new();
        for pos in positions {
            let one = search(
                pos,
                &Limits::depth(depth),
                &SearchConfig::default(),
                &stop,
                &|_| {},
            );
            let par = search_with(pos, &Limits::depth(depth), two, smp, &stop, &|_| {});
            assert_eq!(one.score, par.score, "{}", pos.position());
            assert_eq!(par.depth, depth);
        }
    }
    let kubeia = Kubeia::new(&GameOptions::defaults(Kubeia::option_specs())).unwrap();
    check(&playout_positions(&kubeia, 5, 6, 40), 2, &smp, &two);
    let palma = Palma::new(&GameOptions::defaults(Palma::option_specs())).unwrap();
    let mut roots = playout_positions(&palma, 7, 6, 120);
    roots.push(palma);
    assert!(roots.iter().any(|p| p.status() == Status::Chance));
    check(&roots, 4, &smp, &two);
    // A node budget ends the main thread, and the helpers with it.
    let limits = Limits {
        nodes: Some(30_000),
        ..Limits::default()
    };
    let r = search_with(&palma, &limits, &two, &smp, &stop, &|_| {});
    assert!(r.depth >= 1);
}

#[test]
fn stop_flag_and_node_limit_are_honoured() {
    let start = Kubeia::new(&GameOptions::defaults(Kubeia::option_specs())).unwrap();
    let pos = playout_positions(&start, 9, 1, 30)
        .into_iter()
        .find(|p| matches!(p.status(), Status::Decision(_)))
        .or_else(|| {
            playout_positions(&start, 10, 20, 30)
                .into_iter()
                .find(|p| matches!(p.status(), Status::Decision(_)))
        })
        .unwrap();
    let mut legal = Vec::new();
    pos.moves(&mut legal);
    // Already stopped: answers at once, still with a legal move.
    let stop = Signal::new();
    stop.stop();
    let r = search(
        &pos,
        &Limits::default(),
        &SearchConfig::default(),
        &stop,
        &|_| {},
    );
    assert!(r.best.is_some_and(|m| legal.contains(&m)));
    assert!(r.nodes < 5_000);
    // A node budget: stops within one poll interval per thread.
    let stop = Signal::new();
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let r = search(&pos, &limits, &SearchConfig::default(), &stop, &|_| {});
    assert!(r.nodes < 20_000 + 2 * 1024, "{}", r.nodes);
    assert!(r.best.is_some_and(|m| legal.contains(&m)));
    // Raised from another thread while searching without limits.
    let stop = Signal::new();
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            stop.stop();
        });
        let r = search(
            &pos,
            &Limits::default(),
            &SearchConfig::default(),
            &stop,
            &|_| {},
        );
        assert!(r.best.is_some_and(|m| legal.contains(&m)));
    });
}

/// Node counts at equal depth over fixed Palma and Kubeia positions: plain
/// expectiminimax (no table) against Star1 and Star2 (each without and with
/// a 16 MB table), plain with the table (transpositions only), and the
/// engine's search (Star2, table, iterative
/// deepening: the nodes of all iterations 1..=d). Run with
/// `cargo run --release --features datagen --example datagen -- expectimax-nodes`.
#[cfg(not(test))]
pub fn node_counts_benchmark() {
    fn run<G: Playable>(name: &str, positions: &[G], depth: u32) {
        let mut totals = [0u64; 7];
        let stop = Signal::new();
        for pos in positions {
            let plain = fixed_depth(pos, depth, Pruning::Plain, None);
            let runs = [
                plain,
                fixed_depth(pos, depth, Pruning::Star1, None),
                fixed_depth(pos, depth, Pruning::Star2, None),
                fixed_depth(pos, depth, Pruning::Star1, Some(16)),
                fixed_depth(pos, depth, Pruning::Star2, Some(16)),
                fixed_depth(pos, depth, Pruning::Plain, Some(16)),
            ];
            for (t, r) in totals.iter_mut().zip(&runs) {
                assert!((r.value - plain.value).abs() < 1e-9);
                *t += r.nodes;
            }
            let id = search_with(
                pos,
                &Limits::depth(depth),
                &SearchConfig::default(),
                &Options::default(),
                &stop,
                &|_| {},
            );
            assert_eq!(id.score, ScoreReport::Cp(plain.value.round() as i32));
            totals[6] += id.nodes;
        }
        let names = [
            "plain",
            "star1",
            "star2",
            "star1+tt",
            "star2+tt",
            "plain+tt",
            "star2+tt+id",
        ];
        let cols: Vec<String> = names
            .iter()
            .zip(totals)
            .map(|(n, t)| format!("{n} {t} ({:.3})", t as f64 / totals[0] as f64))
            .collect();
        println!(
            "{name} d{depth} ({} pos): {}",
            positions.len(),
            cols.join(" | ")
        );
    }
    let palma = Palma::new(&GameOptions::defaults(Palma::option_specs())).unwrap();
    let palma = playout_positions(&palma, 2026, 100, 150);
    for d in 1..=6 {
        run("palma", &palma, d);
    }
    let kubeia = Kubeia::new(&GameOptions::defaults(Kubeia::option_specs())).unwrap();
    let kubeia = playout_positions(&kubeia, 2026, 20, 80);
    for d in 1..=2 {
        run("kubeia", &kubeia, d);
    }
}

/// The critical path the bench reports: every node with one thread; with
/// two, part of the nodes (Lazy SMP: the main thread's; parallel root
/// moves: the first move's and the busiest worker's).
#[test]
fn critical_path_is_every_node_with_one_thread_and_part_of_them_with_two() {
    use agon::search::expectimax::Parallel;
    let palma = Palma::new(&GameOptions::defaults(Palma::option_specs())).unwrap();
    let stop = Signal::new();
    let pos = playout_positions(&palma, 7, 6, 120)
        .into_iter()
        .find(|p| matches!(p.status(), Status::Decision(_)))
        .unwrap();
    let limits = Limits::depth(5);
    let one = measured(
        &pos,
        &limits,
        &SearchConfig::default(),
        &Options::default(),
        &stop,
    );
    assert_eq!(one.span_nodes, one.result.nodes);
    let two = SearchConfig {
        threads: 2,
        ..SearchConfig::default()
    };
    for parallel in [Parallel::RootMoves, Parallel::LazySmp] {
        let options = Options {
            parallel,
            ..Options::default()
        };
        let m = measured(&pos, &limits, &two, &options, &stop);
        assert!(
            m.span_nodes > 0 && m.span_nodes <= m.result.nodes,
            "{parallel:?}"
        );
    }
}
