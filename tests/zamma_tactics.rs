//! The Zamma tactics suite `positions/zamma-tactics.txt`: positions where
//! the side to move forces a net material gain (men 1, Mullahs 3) or a win
//! within N = 1, 2 or 3 of its own moves, found and checked by the
//! exhaustive solver in `zamma_solver` (its module docs define the value
//! precisely).
//!
//! - `suite_entries_are_solved_tactics` (fast) re-solves every entry: N is
//!   the fewest moves that gain, the gain and the set of winning first
//!   moves are as recorded, and some first move fails.
//! - `generate_suite` rebuilds the file from a seeded scan (about 30 s):
//!   `cargo run --release --features datagen --example datagen -- zamma-tactics`
//! - `alphabeta_solves_the_suite` (ignored until the alpha-beta search is
//!   merged) checks that agon's alpha-beta at depth 2N-1 (2N+1 if that
//!   misses) plays a winning first move:
//!   `cargo test --release --test suite -- --ignored zamma_tactics::alphabeta --nocapture`.
//!   Its quiescence must not stand pat where every legal move captures
//!   (captures are compulsory): most first moves here are sacrifices that
//!   only work because the reply capture is forced.

mod zamma_solver;

use crate::common::engine::{assert_network_solves_as_many, think};
use crate::common::suite_lines::suite_lines;
use agon::game::EvalChoice;
use agon::game::Notation;
use agon::game::{Game, GameOptions};
use agon::games::zamma::Zamma;
use agon::search::{Algorithm, Limits, Report, Request, SearchConfig, Signal};
use std::sync::Mutex;
use zamma_solver::scan::{can_step_to_promotion, tactic_kind};
use zamma_solver::{forces_win, gain_text, parse_gain, solve, value, value_minimax, MAX_N, WIN};

const SUITE: &str = include_str!("../positions/zamma-tactics.txt");
#[cfg(not(test))]
const SUITE_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/zamma-tactics.txt");
#[cfg(not(test))]
const SEED: u64 = 2026;

/// One suite line: `name | options | position | N | gain | first moves`.
struct Entry {
    name: String,
    options: String,
    position: String,
    n: u32,
    gain: i32,
    solutions: Vec<String>,
}

fn suite() -> Vec<Entry> {
    suite_lines("positions/zamma-tactics.txt", SUITE, '|', 6)
        .into_iter()
        .map(|(_, parts)| {
            let mut solutions: Vec<String> =
                parts[5].split_whitespace().map(str::to_string).collect();
            solutions.sort();
            Entry {
                name: parts[0].to_string(),
                options: parts[1].to_string(),
                position: parts[2].to_string(),
                n: parts[3].parse().expect("N is a number"),
                gain: parse_gain(parts[4]).expect("gain is a number or 'win'"),
                solutions,
            }
        })
        .collect()
}

fn engine(e: &Entry) -> Zamma {
    let opts = GameOptions::parse(&e.options, Zamma::option_specs()).expect("suite options");
    Zamma::from_position(&e.position, &opts).expect("suite position")
}

fn position(text: &str) -> Zamma {
    Zamma::from_position(text, &GameOptions::defaults(Zamma::option_specs()))
        .expect("test position")
}

#[test]
fn solver_scores_hand_made_positions() {
    // Black e4 must take the White man on e5 (compulsory), landing on e6;
    // the White man on a9 can then capture nothing: one man gained.
    let t = solve(&position("w8/9/9/9/4w4/4b4/9/9/9 b 0 0"), MAX_N, u64::MAX)
        .expect("small tree")
        .expect("a gain");
    assert_eq!((t.n, t.gain, t.values.clone()), (1, 1, vec![1]));
    // The same with a White Mullah on e5: three men's worth.
    let t = solve(&position("w8/9/9/9/4W4/4b4/9/9/9 b 0 0"), MAX_N, u64::MAX)
        .expect("small tree")
        .expect("a gain");
    assert_eq!((t.n, t.gain), (1, 3));
    // Without the man on a9, White is left with no pieces: a win.
    let z = position("9/9/9/9/4w4/4b4/9/9/9 b 0 0");
    let t = solve(&z, MAX_N, u64::MAX)
        .expect("small tree")
        .expect("a gain");
    assert_eq!((t.n, t.gain), (1, WIN));
    assert_eq!(t.solutions.len(), 1);
    assert_eq!(z.move_text(t.solutions[0]), "e4xe6");
    // Men far apart cannot meet within three moves each: nothing to gain.
    let far = position("8w/9/9/9/9/9/9/b8/9 b 0 0");
    assert_eq!(solve(&far, MAX_N, u64::MAX), Ok(None));
    for n in 1..=MAX_N {
        assert_eq!(value(&far, n, u64::MAX), Some(0));
    }
}

#[test]
fn alphabeta_solver_agrees_with_plain_minimax() {
    let mut compared = 0;
    for e in suite() {
        let z = engine(&e);
        for n in 1..=e.n {
            // Only trees small enough for the full-width walk.
            if let Some(plain) = value_minimax(&z, n, 300_000) {
                assert_eq!(value(&z, n, u64::MAX), Some(plain), "{} n={n}", e.name);
                compared += 1;
            }
        }
    }
    assert!(compared >= 20, "only {compared} trees compared");
}

#[test]
fn suite_is_large_and_varied() {
    let s = suite();
    assert!(s.len() >= 30, "{} entries", s.len());
    assert!(s.iter().filter(|e| e.n >= 2).count() >= 10);
    assert!(s.iter().any(|e| e.n == 3));
    // Entries with Mullahs on the board (B or W in the board field).
    let with_mullahs = s
        .iter()
        .filter(|e| {
            e.position
                .split(' ')
                .next()
                .is_some_and(|b| b.contains(['B', 'W']))
        })
        .count();
    assert!(with_mullahs >= 5, "{with_mullahs} entries with Mullahs");
    // Most first moves are quiet moves or sacrifices, not captures.
    let captures = s.iter().filter(|e| e.name.contains("capture")).count();
    assert!(captures * 2 < s.len());
}

#[test]
fn suite_entries_are_solved_tactics() {
    for e in suite() {
        let z = engine(&e);
        let t = solve(&z, MAX_N, u64::MAX)
            .expect("unbounded budget")
            .unwrap_or_else(|| panic!("{}: no gain within {MAX_N} moves", e.name));
        assert_eq!(t.n, e.n, "{}: fewest moves", e.name);
        assert_eq!(t.gain, e.gain, "{}: gain", e.name);
        assert!(t.gain >= 1);
        // Fewer moves gain nothing (so the gain is not a one-mover).
        assert!(t.values[..t.values.len() - 1].iter().all(|&v| v < 1));
        let mut solutions: Vec<String> = t.solutions.iter().map(|&m| z.move_text(m)).collect();
        solutions.sort();
        assert_eq!(solutions, e.solutions, "{}: first moves", e.name);
        let mut legal = Vec::new();
        z.moves(&mut legal);
        assert!(solutions.len() < legal.len(), "{}: every move wins", e.name);
        assert!(
            !can_step_to_promotion(&z, e.n),
            "{}: a plain walk to promotion gains",
            e.name
        );
        assert!(
            e.name.contains(tactic_kind(&z, &t)),
            "{}: kind {}",
            e.name,
            tactic_kind(&z, &t)
        );
    }
}

#[cfg(not(test))]
pub fn generate_suite() {
    use zamma_solver::scan::{scan, BUDGET, QUOTA};
    let start = std::time::Instant::now();
    let (picks, tried) = scan(SEED);
    let mut out = String::new();
    out.push_str(
        "# Zamma tactics suite (rules shared/rules/zamma.md; default options).\n\
         # name | options | position | N | gain | first moves that achieve it\n\
         # The side to move forces a net material gain (man 1, Mullah 3; `win` =\n\
         # a won game) within N of its own moves against every defence, and\n\
         # not in fewer; the value is defined in tests/zamma_solver/mod.rs.\n\
         # The name tells how the winning first move starts: capture, quiet\n\
         # (no reply capture), sacrifice (the reply must capture), or mixed.\n\
         # Generated by the exhaustive solver from a seeded scan:\n\
         #   cargo run --release --features datagen --example datagen -- zamma-tactics\n\
         # tests/zamma_tactics.rs re-solves every entry.\n",
    );
    for p in &picks {
        out.push_str(&format!(
            "{} |  | {} | {} | {} | {}\n",
            p.name,
            p.position,
            p.tactic.n,
            gain_text(p.tactic.gain),
            p.solutions.join(" ")
        ));
    }
    std::fs::write(SUITE_PATH, out).expect("write the suite");
    let per_n: Vec<String> = QUOTA
        .iter()
        .map(|&(n, _, _)| {
            let c = picks.iter().filter(|p| p.tactic.n == n).count();
            format!("N={n}: {c}")
        })
        .collect();
    eprintln!(
        "{} positions ({}) from {tried} candidates, budget {BUDGET} nodes, {:.1} s",
        picks.len(),
        per_n.join(", "),
        start.elapsed().as_secs_f64()
    );
}

/// agon's alpha-beta (one thread) at a fixed depth: its move, and the
/// last principal variation it reported (for failure messages).
///
/// With the classic evaluator, whose men and Mullahs are worth what the
/// solver counts: the suite checks the search's tactics (the quiescence,
/// the compulsory captures), and a learned evaluation may rightly prefer
/// a smaller gain in a better position. (At depth 3, `agon analyse`,
/// the network values n1-sacrifice-03's c7-b6, which gains less, at
/// +137 and its solution i5-h4, three men, at +119.)
fn alphabeta_move(z: &Zamma, depth: u32) -> (Option<String>, String) {
    alphabeta_move_with(z, depth, EvalChoice::Classic)
}

/// [`alphabeta_move`] with the evaluator `eval`.
fn alphabeta_move_with(z: &Zamma, depth: u32, eval: EvalChoice) -> (Option<String>, String) {
    let config = SearchConfig {
        algorithm: Algorithm::AlphaBeta,
        threads: 1,
        eval,
        ..Default::default()
    };
    let stop = Signal::new();
    let last_pv = Mutex::new(String::new());
    let report = |r: &Report| {
        if let (Report::Pv(info), Ok(mut last)) = (r, last_pv.lock()) {
            *last = format!("{:?} {}", info.score, info.pv.join(" "));
        }
    };
    let result = think(
        &Request::new(z, &Limits::depth(depth), &config),
        &stop,
        &report,
    );
    let pv = last_pv.lock().map(|l| l.clone()).unwrap_or_default();
    (result.best.map(|m| z.move_text(m)), pv)
}

/// Each entry's solution set holds every first move that reaches the
/// gain, so the search's move is right exactly when it is in the set.
/// The search gets depth 2N-1 (the solver's horizon; its quiescence
/// plays out the captures), and one more move pair (2N+1) when that
/// misses, since its pruning may need the extra depth to see the line.
#[test]
fn alphabeta_solves_the_suite() {
    let mut failures = Vec::new();
    let mut at_horizon = 0;
    let suite = suite();
    for e in &suite {
        let z = engine(e);
        let mut tries = Vec::new();
        for depth in [2 * e.n - 1, 2 * e.n + 1] {
            let (best, pv) = alphabeta_move(&z, depth);
            let solved = best.as_ref().is_some_and(|b| e.solutions.contains(b));
            tries.push(format!("depth {depth}: {best:?} (pv {pv})"));
            if solved {
                at_horizon += (depth == 2 * e.n - 1) as usize;
                tries.clear();
                break;
            }
        }
        if !tries.is_empty() {
            failures.push(format!(
                "{}: wants one of {:?} (gain {}); {}",
                e.name,
                e.solutions,
                gain_text(e.gain),
                tries.join("; ")
            ));
        }
    }
    eprintln!(
        "{} of {} solved at depth 2N-1, {} more at 2N+1",
        at_horizon,
        suite.len(),
        suite.len() - failures.len() - at_horizon
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whether the solver proves that `text`, a move at `z`, wins the game
/// within `WIN_MOVES` moves: better than the entry's gain, though outside
/// its solution set (which holds the moves reaching the gain within N).
fn proven_win(z: &Zamma, text: &str) -> bool {
    const WIN_MOVES: u32 = MAX_N + 1;
    let m = z.parse_move(text).expect("the search's own move");
    forces_win(z, m, WIN_MOVES, 5_000_000) == Some(true)
}

/// The depth-6 comparison's allowance checked against the solver: in
/// `n2-quiet-03` (a Mullah and four men against two men; one man won in
/// two moves) the Mullah's `f9-a9` wins the game in four, which makes it
/// a better move than the entry's, and the man's `e6-e7` does not.
#[test]
fn a_forced_win_outside_the_solution_set_is_proven() {
    let e = suite()
        .into_iter()
        .find(|e| e.name == "n2-quiet-03")
        .expect("the entry");
    let z = engine(&e);
    assert!(!e.solutions.contains(&"f9-a9".to_string()));
    assert!(proven_win(&z, "f9-a9"));
    assert!(!proven_win(&z, "e6-e7"));
}

/// Issue 40: tactics are not lost to the network. At depth 6, one thread,
/// the default evaluator (the network) plays a solution in at least as
/// many entries as the classic evaluator; a move the solver proves to win
/// the game counts too ([`proven_win`]). Not yet so: `zamma-3` solves 30
/// of the 38, the classic evaluator 31 (run it with `--ignored`).
#[test]
#[ignore = "issue 40, open: zamma-3 solves 30 of 38 at depth 6, the classic evaluator 31"]
fn the_network_solves_as_many_as_the_classic_evaluator_at_depth_6() {
    let suite = suite();
    let solved = |eval: EvalChoice| {
        suite
            .iter()
            .filter(|e| {
                let z = engine(e);
                let (best, _) = alphabeta_move_with(&z, 6, eval);
                best.is_some_and(|b| e.solutions.contains(&b) || proven_win(&z, &b))
            })
            .count()
    };
    assert_network_solves_as_many(suite.len(), solved);
}
