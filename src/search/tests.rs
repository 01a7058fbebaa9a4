//! Behaviour of `think` on the test games, checked against brute-force
//! minimax and against the games' rules.

use super::score::{Value, MAX_PLY};
use super::*;
use crate::game::{Game, GameOptions, Playable, Status};
use crate::game::{Notation, PruningMargins, SearchHints};
use crate::testgames::brute;
use crate::testgames::connect::Connect;
use crate::testgames::graph::{self, Graph};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One search on a table and threads of its own, sized by the config.
fn think<G: Playable>(
    req: &Request<G>,
    signal: &Signal,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult<G::Move> {
    Searcher::new(req.config.hash_mb, req.config.threads)
        .expect("a small table")
        .think(req, signal, report)
}

/// Alpha-beta's switches a test runs with.
#[derive(Clone, Copy, PartialEq)]
struct AbParams {
    lmr: bool,
    aspiration: bool,
    shallow: alphabeta::Shallow,
}

const NO_PRUNING: alphabeta::Shallow = alphabeta::Shallow {
    mode: alphabeta::PruningMode::Off,
    margins: PruningMargins {
        reverse_futility: 0,
        futility: 0,
        late_moves: 0,
    },
};

const DEFAULT: AbParams = AbParams {
    lmr: true,
    aspiration: true,
    shallow: NO_PRUNING,
};

/// Without reductions or pruning: the value is exactly minimax's.
const EXACT: AbParams = AbParams {
    lmr: false,
    aspiration: true,
    shallow: NO_PRUNING,
};

/// Every pruning near the horizon on, with small margins.
const PRUNED: AbParams = AbParams {
    lmr: true,
    aspiration: true,
    shallow: alphabeta::Shallow {
        mode: alphabeta::PruningMode::On,
        margins: PruningMargins {
            reverse_futility: 20,
            futility: 20,
            late_moves: 1,
        },
    },
};

fn run<G: Playable>(
    pos: &G,
    history: &[u64],
    limits: &Limits,
    config: &SearchConfig,
    params: AbParams,
) -> (SearchResult<G::Move>, Vec<Report>) {
    let reports = Mutex::new(Vec::new());
    let stop = Signal::new();
    let tt = Searcher::new(2, config.threads).expect("a small table");
    let log = |r: &Report| {
        if let Ok(mut v) = reports.lock() {
            v.push(r.clone());
        }
    };
    let config = SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        lmr: params.lmr,
        aspiration: params.aspiration,
        shallow: params.shallow,
        ..config.clone()
    };
    let res = tt.think(
        &Request {
            history,
            ..Request::new(pos, limits, &config)
        },
        &stop,
        &log,
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
    // Nodes searched with the default switches and with pruning.
    let mut nodes = [0u64; 2];
    for pos in connect_positions(300, 7) {
        let expect = brute::value(&pos, mover(&pos), 5, 0);
        if !score::is_mate(expect) || expect < 0 {
            continue;
        }
        found += 1;
        // Pruning stands on no mate score and prunes no move once every
        // move tried loses, so a forced win keeps its distance.
        for params in [EXACT, DEFAULT, PRUNED] {
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
            if let Some(i) = [DEFAULT, PRUNED].iter().position(|&p| p == params) {
                nodes[i] += res.nodes;
            }
        }
        if found == 12 {
            break;
        }
    }
    assert!(found >= 5, "only {found} won positions sampled");
    // Not vacuous: the pruning pruned.
    assert!(nodes[1] < nodes[0], "{nodes:?}");
}

#[test]
fn pv_moves_are_legal_and_reports_complete() {
    let config = SearchConfig::default();
    for (i, pos) in connect_positions(8, 3).into_iter().enumerate() {
        let params = if i % 2 == 0 { DEFAULT } else { PRUNED };
        let (res, reports) = run(&pos, &[], &Limits::depth(6), &config, params);
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
        DEFAULT,
    );
    assert_eq!(res.depth, 4);
    assert!(pvs(&reports).iter().all(|p| p.depth <= 4));
    let limits = Limits {
        nodes: Some(3000),
        ..Limits::default()
    };
    let (res, _) = run(&pos, &[], &limits, &SearchConfig::default(), DEFAULT);
    assert!(res.nodes <= 3000 && res.nodes > 1000, "{} nodes", res.nodes);
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    assert!(moves.contains(&res.best.expect("a move")));
}

#[test]
fn stop_ends_an_infinite_search_promptly() {
    let pos = Connect::new(&GameOptions::default()).expect("start");
    let stop = Signal::new();
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
        // As the engine runs `go infinite`: the search, then the wait for
        // `stop` (a search that solves the game is done before it).
        let searcher = s.spawn(|| {
            let res = tt.think(&Request::new(&pos, &limits, &config), &stop, &|_| {});
            stop.wait(true);
            (res, Instant::now())
        });
        let stopped_at = Instant::now();
        stop.stop();
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
        DEFAULT,
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
        &contempt(0, false),
        EXACT,
    );
    assert_eq!(res.best, Some(graph::F));
    assert_eq!(res.score, ScoreReport::Cp(0));
}

/// `config` without contempt (analysis), or with `cp` of it.
fn contempt(cp: i32, analysing: bool) -> SearchConfig {
    SearchConfig {
        contempt: cp,
        analyse_mode: analysing,
        ..SearchConfig::default()
    }
}

#[test]
fn contempt_scores_a_draw_against_the_root_side_except_in_analysis() {
    // E -> F -> E repeats: the root's draw is worth -Contempt to it.
    for (config, want) in [
        (contempt(20, false), -20),
        (contempt(-35, false), 35),
        (contempt(20, true), 0),
        (contempt(0, false), 0),
    ] {
        let (res, _) = run(&Graph::at(graph::E), &[], &Limits::depth(8), &config, EXACT);
        assert_eq!(
            (res.best, res.score),
            (Some(graph::F), ScoreReport::Cp(want))
        );
    }
    // At R the draw (Z) beats T's -10 without contempt, and loses to it
    // with 11 or more; both searches of the draw's end agree.
    let expectimax = |config: SearchConfig| SearchConfig {
        algorithm: Algorithm::Expectimax,
        ..config
    };
    let searcher = Searcher::new(2, 1).expect("a small table");
    let stop = Signal::new();
    for (cp, analysing, want) in [
        (0, false, graph::Z),
        (10, false, graph::Z),
        (11, false, graph::T),
        (100, true, graph::Z),
    ] {
        let (res, _) = run(
            &Graph::at(graph::R),
            &[],
            &Limits::depth(1),
            &contempt(cp, analysing),
            EXACT,
        );
        assert_eq!(res.best, Some(want), "alpha-beta, contempt {cp}");
        let config = expectimax(contempt(cp, analysing));
        let res = searcher.think(
            &Request::new(&Graph::at(graph::R), &Limits::depth(1), &config),
            &stop,
            &|_| {},
        );
        assert_eq!(res.best, Some(want), "expectimax, contempt {cp}");
    }
    // MCTS: at R, T loses once searched, so the draw (Z) is the best
    // move, its payoff that of -Contempt; the root's mean mixes it with
    // the first estimates, so it falls with contempt, and analysis gives
    // exactly the value without.
    let mcts = |config: SearchConfig| {
        let config = SearchConfig {
            algorithm: Algorithm::Mcts,
            ..config
        };
        let limits = Limits {
            nodes: Some(300),
            ..Limits::default()
        };
        let res = searcher.think(
            &Request::new(&Graph::at(graph::R), &limits, &config),
            &stop,
            &|_| {},
        );
        assert_eq!(res.best, Some(graph::Z), "mcts");
        match res.score {
            ScoreReport::Cp(v) => v,
            other => panic!("mcts: {other:?}"),
        }
    };
    let (plain, against, analysing) = (
        mcts(contempt(0, false)),
        mcts(contempt(40, false)),
        mcts(contempt(40, true)),
    );
    assert!(
        against < plain,
        "mcts: {against} with contempt, {plain} without"
    );
    assert_eq!(analysing, plain, "mcts in analysis");
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
        &contempt(0, false),
        EXACT,
    );
    assert_eq!((res.best, res.score), (Some(graph::A), ScoreReport::Cp(0)));
}

#[test]
fn chance_nodes_count_by_expectation_and_same_mover_is_not_negated() {
    let expectimax = SearchConfig {
        algorithm: Algorithm::Expectimax,
        ..SearchConfig::default()
    };
    let stop = Signal::new();
    let g = Graph::at(graph::G);
    let searcher = Searcher::new(2, 1).expect("a small table");
    let res = searcher.think(
        &Request::new(&g, &Limits::depth(4), &expectimax),
        &stop,
        &|_| {},
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
    let h = Graph::at(graph::H);
    let res = searcher.think(
        &Request::new(&h, &Limits::depth(4), &expectimax),
        &stop,
        &|_| {},
    );
    assert_eq!(res.best, None);
}

/// Every report of a search of `req` on a fresh searcher, and its result.
fn think_logged<G: Playable>(req: &Request<G>) -> (SearchResult<G::Move>, Vec<Report>) {
    let reports = Mutex::new(Vec::new());
    let stop = Signal::new();
    let searcher = Searcher::new(2, req.config.threads).expect("a small table");
    let res = searcher.think(req, &stop, &|r: &Report| {
        if let Ok(mut v) = reports.lock() {
            v.push(r.clone());
        }
    });
    (res, reports.into_inner().unwrap_or_default())
}

#[test]
fn every_search_plays_only_the_searchmoves_and_all_moves_when_none_is_legal() {
    let pos = connect_positions(40, 5)
        .into_iter()
        .find(|p| {
            let mut moves = Vec::new();
            p.moves(&mut moves);
            moves.len() >= 4
        })
        .expect("a position with four moves");
    let mut legal = Vec::new();
    pos.moves(&mut legal);
    let limits = Limits::depth(3);
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::Expectimax,
        Algorithm::Mcts,
        Algorithm::Greedy,
        Algorithm::Random,
        Algorithm::Rearmost,
    ] {
        for threads in [1, 2] {
            let config = SearchConfig {
                algorithm,
                threads,
                ..SearchConfig::default()
            };
            // Each legal move alone, and the last two together.
            let mut sets: Vec<Vec<<Connect as Game>::Move>> =
                legal.iter().map(|&m| vec![m]).collect();
            sets.push(legal[legal.len() - 2..].to_vec());
            for only in &sets {
                let req = Request {
                    root_moves: only,
                    ..Request::new(&pos, &limits, &config)
                };
                let (res, reports) = think_logged(&req);
                let best = res.best.expect("a move");
                assert!(
                    only.contains(&best),
                    "{algorithm:?} x{threads}: {best:?} not in {only:?}"
                );
                for p in pvs(&reports) {
                    let first = pos.parse_move(&p.pv[0]).expect("a move");
                    assert!(only.contains(&first), "{algorithm:?}: line {:?}", p.pv);
                }
            }
            // No legal move among them: every legal move.
            let req = Request {
                root_moves: &[],
                ..Request::new(&pos, &limits, &config)
            };
            let all = think_logged(&req).0.best.expect("a move");
            assert!(legal.contains(&all), "{algorithm:?}");
        }
    }
}

#[test]
fn thread_state_is_kept_by_the_searcher_and_emptied_by_clear() {
    let pos = Connect::new(&GameOptions::default()).expect("start");
    let config = SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        ..SearchConfig::default()
    };
    let limits = Limits::depth(6);
    let stop = Signal::new();
    let searcher = Searcher::new(2, 1).expect("a small table");
    let think = || searcher.think(&Request::new(&pos, &limits, &config), &stop, &|_| {});
    let fresh = think();
    // What the threads learnt is kept: so is the table, so it alone
    // would cut the second search; the history is what this test reads.
    let rewarded = |s: &Searcher| {
        let threads = s.take_threads::<Connect>();
        let n = threads.lock(0).history.rewarded();
        s.keep_threads(threads);
        n
    };
    let learnt = rewarded(&searcher);
    assert!(learnt > 0, "a search rewards some cut moves");
    let again = think();
    assert!(
        again.nodes < fresh.nodes,
        "{} then {}",
        fresh.nodes,
        again.nodes
    );
    // The second search started from a clean history: it learnt only
    // what its own (table-cut, smaller) tree taught it.
    assert!(rewarded(&searcher) > 0);
    searcher.clear();
    assert_eq!(rewarded(&searcher), 0, "clear forgets the histories");
    // A cleared searcher searches as a new one: the same nodes.
    assert_eq!(think().nodes, fresh.nodes);
    // Another thread count makes new state for every thread.
    let mut searcher = searcher;
    searcher.set_threads(2).expect("two threads");
    assert_eq!(searcher.take_threads::<Connect>().len(), 2);
}

#[test]
fn alphabeta_buffers_kept_from_a_stopped_search_leave_the_next_one_unchanged() {
    // The thread's kept buffers (`alphabeta::AbState`: the path, the
    // repetition filter, the per-ply move lists) are working memory: a
    // search stopped deep in another position's tree leaves the next
    // search the same tree as a new thread's.
    let config = SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        ..SearchConfig::default()
    };
    let stop = Signal::new();
    let other = Connect::from_position("2323", &GameOptions::default()).expect("legal");
    let stopped = Limits {
        nodes: Some(2_000),
        ..Limits::depth(12)
    };
    let used = Searcher::new(2, 1).expect("a small table");
    let _ = used.think(&Request::new(&other, &stopped, &config), &stop, &|_| {});
    let pos = Connect::new(&GameOptions::default()).expect("start");
    let limits = Limits::depth(6);
    let think = |s: &Searcher| s.think(&Request::new(&pos, &limits, &config), &stop, &|_| {});
    let clean = think(&Searcher::new(2, 1).expect("a small table"));
    // The used thread state on a searcher with an empty table.
    let searcher = Searcher::new(2, 1).expect("a small table");
    searcher.keep_threads(used.take_threads::<Connect>());
    let after = think(&searcher);
    assert_eq!(after.nodes, clean.nodes, "the same tree as a new thread's");
    assert_eq!(after.best, clean.best);
}

#[test]
fn alphabeta_starts_each_search_from_a_clean_history() {
    let pos = Connect::new(&GameOptions::default()).expect("start");
    let config = SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        ..SearchConfig::default()
    };
    let limits = Limits::depth(6);
    let stop = Signal::new();
    let think = |s: &Searcher| s.think(&Request::new(&pos, &limits, &config), &stop, &|_| {});
    let clean = think(&Searcher::new(2, 1).expect("a small table"));
    // Another searcher whose thread remembers a history that orders the
    // moves backwards (and killers at every ply): kept, it would change
    // the tree.
    let searcher = Searcher::new(2, 1).expect("a small table");
    let threads = searcher.take_threads::<Connect>();
    {
        let mut t = threads.lock(0);
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        for (i, &m) in moves.iter().enumerate() {
            for player in 0..2 {
                for _ in 0..=i {
                    t.history.reward(player, 12, pos.history_index(m), &[]);
                }
            }
            for ply in 0..MAX_PLY {
                t.history.add_killer(ply, m);
            }
        }
        assert!(t.history.rewarded() > 0);
    }
    searcher.keep_threads(threads);
    let after = think(&searcher);
    assert_eq!(
        after.nodes, clean.nodes,
        "the same tree as a new searcher's"
    );
    assert_eq!(after.best, clean.best);
}

#[test]
fn alphabeta_on_a_game_with_chance_runs_expectiminimax_and_says_so() {
    use crate::testgames::trirace::TriRace;
    let pos = TriRace::with("players=2 dice=on");
    let limits = Limits::depth(3);
    let asked = SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        ..SearchConfig::default()
    };
    let expectimax = SearchConfig {
        algorithm: Algorithm::Expectimax,
        ..SearchConfig::default()
    };
    let (res, reports) = think_logged(&Request::new(&pos, &limits, &asked));
    let said = reports.iter().any(|r| {
        matches!(r, Report::String(s) if s == "search alphabeta: trirace has chance; using expectimax")
    });
    assert!(said, "{reports:?}");
    let (want, _) = think_logged(&Request::new(&pos, &limits, &expectimax));
    assert_eq!(
        (res.best, res.score, res.nodes),
        (want.best, want.score, want.nodes)
    );
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
        let (res, _) = run(&pos, &[], &Limits::depth(7), &config, DEFAULT);
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        assert!(moves.contains(&res.best.expect("a move")));
        assert_eq!(res.depth, 7);
    }
}

#[test]
fn searchmoves_restrict_the_root() {
    let pos = Connect::new(&GameOptions::default()).expect("start");
    let stop = Signal::new();
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
    let stop = Signal::new();
    // Greedy and random use no table: the smallest one spares 81 searches
    // zeroing the default's.
    let config = |algorithm, seed| SearchConfig {
        algorithm,
        seed,
        hash_mb: 1,
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
