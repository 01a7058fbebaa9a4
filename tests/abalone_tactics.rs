//! The Abalone tactics suite `positions/abalone-tactics.txt` (issue 3,
//! acceptance "Tactics"): the exhaustive solver of `tests/abalone_solver`
//! re-verifies every line (so the file cannot rot), and agon's alpha-beta
//! must find each tactic within its depth.

mod abalone_solver;

use agon::game::Notation;
use std::sync::Mutex;

use crate::common::engine::{assert_network_solves_as_many, think};
use abalone_solver::solver::{
    can_eject, forced, quiet_defender, shortest, texts, winning_first_moves, Goal,
};
use abalone_solver::suite::{read_suite, Entry};
use agon::game::{EvalChoice, Game, GameOptions};
use agon::games::abalone::Abalone;
use agon::search::{Algorithm, Limits, PvInfo, Report, Request, ScoreReport, SearchConfig, Signal};

fn root(e: &Entry) -> Abalone {
    e.root().unwrap_or_else(|err| panic!("{err}"))
}

fn count(entries: &[Entry], goal: Goal, n: u32) -> usize {
    entries
        .iter()
        .filter(|e| e.goal == goal && e.n == n)
        .count()
}

/// Rewrites the suite file from the generator (about 15 minutes in
/// --release, almost all of it the marble-won check of `CLEAN_MOVES`).
#[cfg(not(test))]
pub fn regenerate_suite() {
    use abalone_solver::generate::generate;
    use abalone_solver::suite::write_suite;
    let entries = generate();
    for goal in [Goal::Win, Goal::Eject] {
        for n in 1..=3 {
            println!("{} in {n}: {}", goal.name(), count(&entries, goal, n));
        }
    }
    write_suite(&entries).unwrap();
}

/// Issue 3: at least 30 positions, at least 10 of them deeper than one move.
#[test]
fn suite_has_the_required_mix() {
    let suite = read_suite().unwrap();
    assert!(suite.len() >= 30, "only {} positions", suite.len());
    assert!(suite.iter().filter(|e| e.n >= 2).count() >= 10);
    for goal in [Goal::Win, Goal::Eject] {
        for n in 1..=3 {
            assert!(count(&suite, goal, n) > 0, "no {} in {n}", goal.name());
        }
    }
    assert!(suite.iter().any(|e| root(e).princess() != 0));
}

/// Every line: the position is canonical, the claimed N is the least, and
/// the listed first moves are exactly those that force the goal within N.
#[test]
fn solver_confirms_every_line() {
    for e in &read_suite().unwrap() {
        let pos = root(e);
        assert_eq!(pos.position(), e.position, "{}: not canonical", e.name);
        assert!((1..=3).contains(&e.n), "{}: N out of range", e.name);
        let found = texts(&pos, &winning_first_moves(&pos, e.goal, e.n));
        assert!(!found.is_empty(), "{}: no forced {}", e.name, e.goal.name());
        assert_eq!(found, e.first_moves, "{}: first moves differ", e.name);
        assert!(
            e.goal != Goal::Eject || quiet_defender(&pos, e.n),
            "{}: the defender has an ejection of its own",
            e.name
        );
        assert!(
            e.goal != Goal::Eject || e.n == 1 || !can_eject(&pos),
            "{}: an ejection is available at once",
            e.name
        );
        assert!(
            !forced(&pos, e.goal, e.n - 1),
            "{}: forced in fewer than {} moves",
            e.name,
            e.n
        );
    }
}

fn hand_position(text: &str) -> Abalone {
    let opts = GameOptions::parse("", Abalone::option_specs()).unwrap();
    Abalone::from_position(text, &opts).unwrap()
}

/// Hand-worked checks of the solver. Black c3+b3 against White a3 on the
/// rim: only the in-line pair c3b3 pushes a3 off (2 against 1); b3 alone
/// is 1 against 1 and a broadside never pushes.
#[test]
fn solver_on_hand_worked_positions() {
    // White has lost five: the push is the sixth marble, a win in 1.
    let pos = hand_position("5/6/7/8/9/8/2b4/2b3/2w2-0b5w b");
    assert_eq!(shortest(&pos, Goal::Win, 3), Some(1));
    assert_eq!(
        texts(&pos, &winning_first_moves(&pos, Goal::Win, 1)),
        ["c3b3"]
    );
    // White to move: one marble pushes nothing, so White forces nothing.
    let pos = hand_position("5/6/7/8/9/8/2b4/2b3/2w2-0b5w w");
    assert_eq!(shortest(&pos, Goal::Win, 3), None);
    assert_eq!(shortest(&pos, Goal::Eject, 3), None);
    // Four lost and a second White marble on i9: the push ejects only the
    // fifth, a clean gain (a lone marble cannot push back), not a win.
    let pos = hand_position("4w/6/7/8/9/8/2b4/2b3/2w2-0b4w b");
    assert_eq!(shortest(&pos, Goal::Win, 3), None);
    assert_eq!(
        texts(&pos, &winning_first_moves(&pos, Goal::Eject, 1)),
        ["c3b3"]
    );
}

/// The last principal variation a search reports.
fn search(pos: &Abalone, depth: u32) -> (Option<String>, ScoreReport, Option<PvInfo>) {
    search_with(pos, depth, EvalChoice::Auto)
}

/// [`search`] with the evaluator `eval`.
fn search_with(
    pos: &Abalone,
    depth: u32,
    eval: EvalChoice,
) -> (Option<String>, ScoreReport, Option<PvInfo>) {
    let last = Mutex::new(None);
    let report = |r: &Report| {
        if let Report::Pv(pv) = r {
            *last.lock().unwrap() = Some(pv.clone());
        }
    };
    let config = SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        threads: 1,
        hash_mb: 16,
        eval,
        ..Default::default()
    };
    let stop = Signal::new();
    let result = think(
        &Request::new(pos, &Limits::depth(depth), &config),
        &stop,
        &report,
    );
    let best = result.best.map(|m| pos.move_text(m));
    (best, result.score, last.into_inner().unwrap())
}

/// Runs the search on every entry of one kind; returns the misses.
fn alpha_beta_misses(goal: Goal) -> Vec<String> {
    let mut misses = Vec::new();
    for e in read_suite().unwrap().iter().filter(|e| e.goal == goal) {
        let pos = root(e);
        // Depth 2N-1 reaches the goal; ejection entries may take two more
        // plies, so that the defender's quiet replies at the horizon are
        // searched rather than left to quiescence (which only pushes).
        let mut depth = 2 * e.n - 1;
        let (mut best, mut score, mut pv) = search(&pos, depth);
        if goal == Goal::Eject && !best.as_ref().is_some_and(|b| e.first_moves.contains(b)) {
            depth += 2;
            (best, score, pv) = search(&pos, depth);
        }
        let pv_score = pv.as_ref().map(|p| p.score);
        let ok_move = best.as_ref().is_some_and(|b| e.first_moves.contains(b));
        let ok_score = goal == Goal::Eject
            || (score == ScoreReport::Mate(e.n as i32) && pv_score == Some(score));
        if !ok_move || !ok_score {
            misses.push(format!(
                "{} ({} in {}, depth {depth}): best {best:?} score {score:?} pv score {pv_score:?}; want one of {:?}",
                e.name,
                e.goal.name(),
                e.n,
                e.first_moves
            ));
        }
    }
    misses
}

/// Issue 3: at depth 2N-1 agon plays a first move of the solver's set for
/// every forced win in N and reports it as `Mate(N)`.
#[test]
fn alpha_beta_finds_every_forced_win() {
    let misses = alpha_beta_misses(Goal::Win);
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}

/// Issue 3: at depth 2N-1 (2N+1 if need be) agon plays a first move of
/// the solver's set for every forced ejection in N.
#[test]
fn alpha_beta_finds_every_forced_ejection() {
    let misses = alpha_beta_misses(Goal::Eject);
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}

/// Issue 40: tactics are not lost to the network. At depth 6, one thread,
/// the default evaluator (the network) plays a first move of the solver's
/// set in at least as many entries as the classic evaluator.
#[test]
fn the_network_solves_as_many_as_the_classic_evaluator_at_depth_6() {
    let suite = read_suite().unwrap();
    let solved = |eval: EvalChoice| {
        suite
            .iter()
            .filter(|e| {
                let (best, _, _) = search_with(&root(e), 6, eval);
                best.is_some_and(|b| e.first_moves.contains(&b))
            })
            .count()
    };
    assert_network_solves_as_many(suite.len(), solved);
}
