//! Every search drives the evaluator's state as [`Evaluator`]'s contract
//! says: the test games' evaluators keep a stack of position hashes that
//! counts each call that finds the state out of step with its position
//! ([`crate::testgames::checked`]), and each search here must leave none,
//! as many pops as pushes, and its leaves read from the state.

use super::*;
use crate::game::{Evaluator, Game, GameOptions, Player, Score, MAX_PLAYERS};
use crate::testgames::checked::{Calls, Checks};
use crate::testgames::connect::Connect;
use crate::testgames::{TriRace, TriRaceEvaluator};

/// Searches `positions` one after another on one engine (so each search
/// meets the state the last one left) with `config` and `threads`,
/// checking the calls after each; returns the counts.
fn searched<G: Playable>(
    positions: &[G],
    eval: G::Evaluator,
    checks: &Checks,
    config: &SearchConfig,
    limits: &Limits,
) -> Calls {
    let searcher = Searcher::new(4, config.threads).expect("an engine");
    let stop = Signal::new();
    for pos in positions {
        let req = Request {
            evaluator: eval.clone(),
            ..Request::new(pos, limits, config)
        };
        let result = searcher.think(&req, &stop, &|_| {});
        let mut legal = Vec::new();
        if let crate::game::Status::Decision(_) = pos.status() {
            pos.moves(&mut legal);
            assert!(result.best.is_some_and(|m| legal.contains(&m)));
        }
        let c = checks.calls();
        assert_eq!(c.violations, 0, "{c:?}");
        assert_eq!(c.pushes, c.pops, "{c:?}");
    }
    let c = checks.calls();
    assert!(
        c.evaluations > 0 && c.refreshes >= positions.len() as u64,
        "{c:?}"
    );
    c
}

fn config(algorithm: Algorithm, threads: usize) -> SearchConfig {
    SearchConfig {
        algorithm,
        threads,
        ..SearchConfig::default()
    }
}

/// `n` decision positions a few random plies into `start`.
fn positions<G: Game>(start: &G, n: usize) -> Vec<G> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
    let mut out = Vec::new();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    while out.len() < n {
        match pos.status() {
            crate::game::Status::Over(_) => pos = start.clone(),
            crate::game::Status::Chance => {
                pos.outcomes(&mut outcomes);
                pos.play(outcomes[rng.gen_range(0..outcomes.len())].0);
            }
            crate::game::Status::Decision(_) => {
                out.push(pos.clone());
                pos.moves(&mut moves);
                pos.play(moves[rng.gen_range(0..moves.len())]);
            }
        }
    }
    out
}

#[test]
fn alphabeta_keeps_the_evaluator_state_in_step() {
    let start = Connect::new(&GameOptions::default()).expect("start");
    for threads in [1, 2] {
        let eval = <Connect as crate::game::Evaluated>::Evaluator::default();
        let checks = eval.checks.clone();
        let c = searched(
            &positions(&start, 4),
            eval,
            &checks,
            &config(Algorithm::AlphaBeta, threads),
            &Limits::depth(6),
        );
        assert!(c.pushes > 0, "{c:?}");
    }
}

/// `evaluate_all` gives every player's `evaluate_for`, and the
/// state-reading evaluation is `evaluate`, for two players (one
/// evaluation and its negation) and for three.
#[test]
fn evaluate_all_agrees_with_evaluate_for() {
    fn check<G: Playable>(start: &G) {
        let eval = G::Evaluator::default();
        let mut state = Default::default();
        for pos in positions(start, 12) {
            let n = pos.num_players();
            let mut all = [0 as Score; MAX_PLAYERS];
            eval.refresh(&mut state, &pos);
            eval.evaluate_all(&mut state, &pos, &mut all[..n]);
            for (p, &v) in all[..n].iter().enumerate() {
                assert_eq!(v, eval.evaluate_for(&pos, p as Player));
            }
            assert_eq!(eval.evaluate_in(&mut state, &pos), eval.evaluate(&pos));
        }
    }
    check(&Connect::new(&GameOptions::default()).expect("start"));
    check(&TriRace::with("players=3"));
    check(&TriRace::with("players=2 dice=on"));
}

/// A dice game of two players (and of two teams of two), one thread and
/// two (Lazy SMP and parallel root moves, whose helpers make states of
/// their own), every pruning.
#[test]
fn expectimax_keeps_the_evaluator_state_in_step() {
    use crate::search::expectimax::{Options, Parallel, Pruning};
    for (variant, depth) in [("players=2 dice=on", 4), ("players=4 teams=on dice=on", 3)] {
        let start = TriRace::with(variant);
        for (threads, parallel, pruning) in [
            (1, Parallel::LazySmp, Pruning::Star2),
            (1, Parallel::LazySmp, Pruning::Star1),
            (1, Parallel::LazySmp, Pruning::Plain),
            (2, Parallel::LazySmp, Pruning::Star2),
            (2, Parallel::RootMoves, Pruning::Star2),
        ] {
            let eval = TriRaceEvaluator::default();
            let checks = eval.checks.clone();
            let config = SearchConfig {
                expectimax: Options {
                    parallel,
                    pruning,
                    ..Options::default()
                },
                ..config(Algorithm::Expectimax, threads)
            };
            let c = searched(
                &positions(&start, 4),
                eval,
                &checks,
                &config,
                &Limits::depth(depth),
            );
            assert!(c.pushes > 0, "{c:?}");
        }
    }
}

/// Three players, with and without dice: max^n (the runner gives it one
/// thread whatever the setting).
#[test]
fn maxn_keeps_the_evaluator_state_in_step() {
    for variant in ["players=3", "players=3 dice=on"] {
        let start = TriRace::with(variant);
        for threads in [1, 2] {
            let eval = TriRaceEvaluator::default();
            let checks = eval.checks.clone();
            let c = searched(
                &positions(&start, 4),
                eval,
                &checks,
                &config(Algorithm::AlphaBeta, threads),
                &Limits::depth(4),
            );
            assert!(c.pushes > 0, "{c:?}");
        }
    }
}

/// The `greedy` opponent, two players and three.
#[test]
fn greedy_keeps_the_evaluator_state_in_step() {
    for variant in ["players=3", "players=2 dice=on"] {
        let start = TriRace::with(variant);
        for threads in [1, 2] {
            let eval = TriRaceEvaluator::default();
            let checks = eval.checks.clone();
            let c = searched(
                &positions(&start, 4),
                eval,
                &checks,
                &config(Algorithm::Greedy, threads),
                &Limits::depth(1),
            );
            assert!(c.pushes > 0, "{c:?}");
        }
    }
}

/// MCTS on two players and three (with dice), one tree and two, with
/// the evaluator's leaves, random playouts and guided ones.
#[test]
fn mcts_keeps_the_evaluator_state_in_step() {
    use crate::search::mcts::params::Playout;
    let limits = Limits {
        nodes: Some(1_500),
        ..Limits::default()
    };
    for threads in [1, 2] {
        for playout in [Playout::None, Playout::Random, Playout::Guided] {
            let mut config = config(Algorithm::Mcts, threads);
            config.mcts.playout = playout;
            let start = Connect::new(&GameOptions::default()).expect("start");
            let eval = <Connect as crate::game::Evaluated>::Evaluator::default();
            let checks = eval.checks.clone();
            let c = searched(&positions(&start, 3), eval, &checks, &config, &limits);
            assert!(c.pushes > 0, "{c:?}");
            let start = TriRace::with("players=3 dice=on");
            let eval = TriRaceEvaluator::default();
            let checks = eval.checks.clone();
            let c = searched(&positions(&start, 3), eval, &checks, &config, &limits);
            assert!(c.pushes > 0, "{c:?}");
        }
    }
}
