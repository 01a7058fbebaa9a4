//! Behaviour of `think` on the test games, checked against brute-force
//! minimax and against the games' rules.

use super::alphabeta::{think_with, AbParams};
use super::score::Value;
use super::*;
use crate::game::Notation;
use crate::game::{Game, GameOptions, Playable, Status};
use crate::testgames::brute;
use crate::testgames::connect::Connect;
use crate::testgames::graph::{self, Graph};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const EXACT: AbParams = AbParams {
    lmr: false,
    aspiration: true,
};

fn run<G: Playable>(
    pos: &G,
    history: &[u64],
    limits: &Limits,
    config: &SearchConfig,
    params: AbParams,
) -> (SearchResult<G::Move>, Vec<Report>) {
    let reports = Mutex::new(Vec::new());
    let stop = AtomicBool::new(false);
    let tt = Searcher::new(2, config.threads).expect("a small table");
    let log = |r: &Report| {
        if let Ok(mut v) = reports.lock() {
            v.push(r.clone());
        }
    };
    let res = think_with(
        &tt,
        &Request {
            history,
            ..Request::new(pos, limits, config)
        },
        &stop,
        &log,
        params,
    );
    (res, reports.into_inner().unwrap_or_default())
}

fn pvs(reports: &[Report]) -> Vec<&PvInfo> {
    reports
        .iter()
        .filter_map(|r| match r {
            Report::Pv(p) => Some(p),
            _ => None,
        })
        .collect()
}

/// Non-terminal Connect positions after random openings.
fn connect_positions(n: usize, seed: u64) -> Vec<Connect> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < n {
        let mut g = Connect::new(&GameOptions::default()).expect("start");
        let plies = rng.gen_range(0..18);
        for _ in 0..plies {
            g.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.gen_range(0..moves.len())]);
        }
        if matches!(g.status(), Status::Decision(_)) {
            out.push(g);
        }
    }
    out
}

fn mover<G: Playable>(g: &G) -> u8 {
    match g.status() {
        Status::Decision(p) => p,
        s => panic!("not a decision node: {s:?}"),
    }
}

#[test]
fn values_match_brute_force_minimax() {
    for (i, pos) in connect_positions(24, 1).iter().enumerate() {
        let depth = 1 + (i % 5) as u32;
        let expect = brute::value(pos, mover(pos), depth as i32, 0);
        let (res, _) = run(
            pos,
            &[],
            &Limits::depth(depth),
            &SearchConfig::default(),
            EXACT,
        );
        assert_eq!(
            res.score,
            score::report(expect),
            "position {} depth {depth}",
            pos.position()
        );
        let best = res.best.expect("a move");
        let got = brute::child(pos, best, mover(pos), depth as i32 - 1, 1);
        assert_eq!(got, expect, "best move {best} of {}", pos.position());
        assert_eq!(res.depth, depth);
    }
}

#[test]
fn finds_forced_wins_at_their_distance() {
    let mut found = 0;
    for pos in connect_positions(300, 7) {
        let expect = brute::value(&pos, mover(&pos), 5, 0);
        if !score::is_mate(expect) || expect < 0 {
            continue;
        }
        found += 1;
        for params in [EXACT, AbParams::default()] {
            let (res, _) = run(
                &pos,
                &[],
                &Limits::depth(5),
                &SearchConfig::default(),
                params,
            );
            assert_eq!(res.score, score::report(expect), "{}", pos.position());
            let best = res.best.expect("a move");
            assert_eq!(brute::child(&pos, best, mover(&pos), 4, 1), expect);
        }
        if found == 12 {
            break;
        }
    }
    assert!(found >= 5, "only {found} won positions sampled");
}

#[test]
fn pv_moves_are_legal_and_reports_complete() {
    let config = SearchConfig::default();
    for pos in connect_positions(8, 3) {
        let (res, reports) = run(&pos, &[], &Limits::depth(6), &config, AbParams::default());
        let infos = pvs(&reports);
        assert!(infos
            .iter()
            .any(|p| p.depth == 6 && p.bound == Bound::Exact));
        for info in infos {
            let mut g = pos.clone();
            for text in &info.pv {
                let m = g.parse_move(text).expect("legal PV move");
                g.play(m);
            }
            assert!(info.pv.len() <= info.seldepth.max(1) as usize);
        }
        assert_eq!(
            Some(pos.move_text(res.best.expect("move"))).as_ref(),
            pvs(&reports).last().and_then(|p| p.pv.first())
        );
    }
}

#[test]
fn depth_and_node_limits_are_respected() {
    let pos = Connect::new(&GameOptions::default()).expect("start");
    let (res, reports) = run(
        &pos,
        &[],
        &Limits::depth(4),
        &SearchConfig::default(),
        AbParams::default(),
    );
    assert_eq!(res.depth, 4);
    assert!(pvs(&reports).iter().all(|p| p.depth <= 4));
    let limits = Limits {
        nodes: Some(3000),
        ..Limits::default()
    };
    let (res, _) = run(
        &pos,
        &[],
        &limits,
        &SearchConfig::default(),
        AbParams::default(),
    );
    assert!(res.nodes <= 3000 && res.nodes > 1000, "{} nodes", res.nodes);
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    assert!(moves.contains(&res.best.expect("a move")));
}

#[test]
fn stop_ends_an_infinite_search_promptly() {
    let pos = Connect::new(&GameOptions::default()).expect("start");
    let stop = AtomicBool::new(false);
    let tt = Searcher::new(4, 2).expect("a small table");
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let config = SearchConfig {
        threads: 2,
        ..SearchConfig::default()
    };
    std::thread::scope(|s| {
        let searcher = s.spawn(|| {
            let res = tt.think(&Request::new(&pos, &limits, &config), &stop, &|_| {});
            (res, Instant::now())
        });
        std::thread::sleep(Duration::from_millis(300));
        assert!(
            !searcher.is_finished(),
            "infinite search returned before stop"
        );
        let stopped_at = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let (res, ended) = searcher.join().expect("search thread");
        assert!(ended.duration_since(stopped_at) < Duration::from_secs(1));
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        assert!(moves.contains(&res.best.expect("a move")));
    });
}

#[test]
fn movetime_is_kept() {
    let pos = Connect::new(&GameOptions::default()).expect("start");
    let start = Instant::now();
    let (res, _) = run(
        &pos,
        &[],
        &Limits::movetime(200),
        &SearchConfig::default(),
        AbParams::default(),
    );
    assert!(start.elapsed() < Duration::from_millis(1200));
    assert!(res.best.is_some() && res.depth >= 1);
}

#[test]
fn cycles_inside_the_tree_are_draws() {
    // E: going to L loses; E -> F -> E repeats, which F prefers to losing.
    let (res, _) = run(
        &Graph::at(graph::E),
        &[],
        &Limits::depth(8),
        &SearchConfig::default(),
        EXACT,
    );
    assert_eq!(res.best, Some(graph::F));
    assert_eq!(res.score, ScoreReport::Cp(0));
}

#[test]
fn repetition_of_a_game_position_is_a_draw() {
    // From B, going back to A loses to A -> C -> D -> W0, unless A was on
    // the board before: then it is a repetition.
    let b = Graph::at(graph::B);
    let (res, _) = run(&b, &[], &Limits::depth(8), &SearchConfig::default(), EXACT);
    assert_eq!(res.score, ScoreReport::Mate(-2));
    let (res, _) = run(
        &b,
        &[Graph::key(graph::A)],
        &Limits::depth(8),
        &SearchConfig::default(),
        EXACT,
    );
    assert_eq!((res.best, res.score), (Some(graph::A), ScoreReport::Cp(0)));
}

#[test]
fn chance_nodes_count_by_expectation_and_same_mover_is_not_negated() {
    let (res, _) = run(
        &Graph::at(graph::G),
        &[],
        &Limits::depth(4),
        &SearchConfig::default(),
        EXACT,
    );
    assert_eq!(res.best, Some(graph::H));
    assert!(matches!(res.score, ScoreReport::Cp(v) if v > 0));
    let (res, _) = run(
        &Graph::at(graph::P),
        &[],
        &Limits::depth(4),
        &SearchConfig::default(),
        EXACT,
    );
    assert_eq!(res.best, Some(graph::Q));
    assert!(matches!(res.score, ScoreReport::Mate(n) if n > 0));
    let (res, _) = run(
        &Graph::at(graph::H),
        &[],
        &Limits::depth(4),
        &SearchConfig::default(),
        EXACT,
    );
    assert_eq!(res.best, None);
}

#[test]
fn multipv_lines_are_the_best_distinct_moves() {
    let config = SearchConfig {
        multipv: 3,
        ..SearchConfig::default()
    };
    for pos in connect_positions(6, 11) {
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        if moves.len() < 3 {
            continue;
        }
        let (_, reports) = run(&pos, &[], &Limits::depth(4), &config, EXACT);
        let last: Vec<&PvInfo> = pvs(&reports)
            .into_iter()
            .filter(|p| p.depth == 4 && p.bound == Bound::Exact)
            .collect();
        assert_eq!(
            last.iter().map(|p| p.multipv).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
        let mut expect: Vec<Value> = moves
            .iter()
            .map(|&m| brute::child(&pos, m, mover(&pos), 3, 1))
            .collect();
        expect.sort_unstable_by(|a, b| b.cmp(a));
        let got: Vec<ScoreReport> = last.iter().map(|p| p.score).collect();
        let want: Vec<ScoreReport> = expect[..3].iter().map(|&v| score::report(v)).collect();
        assert_eq!(got, want, "{}", pos.position());
        let mut firsts: Vec<&String> = last.iter().map(|p| &p.pv[0]).collect();
        firsts.dedup();
        assert_eq!(firsts.len(), 3);
    }
}

#[test]
fn threads_search_together_and_return_a_legal_move() {
    let config = SearchConfig {
        threads: 3,
        ..SearchConfig::default()
    };
    for pos in connect_positions(4, 5) {
        let (res, _) = run(&pos, &[], &Limits::depth(7), &config, AbParams::default());
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        assert!(moves.contains(&res.best.expect("a move")));
        assert_eq!(res.depth, 7);
    }
}

#[test]
fn searchmoves_restrict_the_root() {
    let pos = Connect::new(&GameOptions::default()).expect("start");
    let stop = AtomicBool::new(false);
    let res = think(
        &Request {
            root_moves: &[5],
            ..Request::new(&pos, &Limits::depth(3), &SearchConfig::default())
        },
        &stop,
        &|_| {},
    );
    assert_eq!(res.best, Some(5));
}

#[test]
fn test_opponents_are_seeded_and_greedy_takes_a_win() {
    let stop = AtomicBool::new(false);
    let config = |algorithm, seed| SearchConfig {
        algorithm,
        seed,
        ..SearchConfig::default()
    };
    // First player has three in column 0 and wins by playing it.
    let pos = Connect::from_position("01010", &GameOptions::default()).expect("legal");
    let res = think(
        &Request::new(&pos, &Limits::default(), &config(Algorithm::Greedy, 3)),
        &stop,
        &|_| {},
    );
    assert_eq!(res.best, Some(0));
    let start = Connect::new(&GameOptions::default()).expect("start");
    let picks: Vec<Option<u8>> = (0..40)
        .map(|s| {
            think(
                &Request::new(&start, &Limits::default(), &config(Algorithm::Random, s)),
                &stop,
                &|_| {},
            )
            .best
        })
        .collect();
    let again: Vec<Option<u8>> = (0..40)
        .map(|s| {
            think(
                &Request::new(&start, &Limits::default(), &config(Algorithm::Random, s)),
                &stop,
                &|_| {},
            )
            .best
        })
        .collect();
    assert_eq!(picks, again);
    let mut distinct: Vec<u8> = picks.iter().flatten().copied().collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 6, "40 seeds should reach all 6 columns");
}
