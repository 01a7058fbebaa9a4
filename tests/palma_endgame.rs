//! Exact Palma endgames (`src/games/palma/eval/endgame.rs`) against values
//! derived by hand from the throw probabilities, against an independent
//! value iteration over the `Game` trait, against the Bellman equation on
//! the shared table and against deep plain expectiminimax.

use agon::game::Notation;
use agon::game::{Evaluator, Game, GameOptions, Status};
use agon::games::palma::eval::endgame::{exact_win_probability, in_domain, table, EndgameTable};
use agon::games::palma::eval::PalmaEvaluator;
use agon::games::palma::{Palma, Rules};
use agon::search::expectimax::plain;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::collections::HashMap;

fn opts() -> GameOptions {
    GameOptions::defaults(Palma::option_specs())
}

fn pos(text: &str) -> Palma {
    Palma::from_position(text, &opts()).unwrap()
}

fn hounds(text: &str) -> f64 {
    exact_win_probability(&pos(text), 0).unwrap()
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn one_piece_each_that_only_a_one_brings_home() {
    // 24 + 26..29 each. The thrower wins on a 1 (3/8); a 2 or 3 has no use
    // for either side and the opponent throws (4/8); a 5 has none either
    // and the thrower throws again (1/8):
    // x = 3/8 + 1/2·(1 − x) + 1/8·x  →  x = 7/11.
    let s = "h=0/0/24,26,27,28,29 j=0/0/24,26,27,28,29";
    assert!(close(hounds(&format!("{s} throw=h")), 7.0 / 11.0, 1e-12));
    assert!(close(hounds(&format!("{s} throw=j")), 4.0 / 11.0, 1e-12));
    // Holding a 1: 24-25 wins; holding a 2: discarded, Jackals throw.
    assert_eq!(hounds(&format!("{s} use=h:1")), 1.0);
    assert!(close(hounds(&format!("{s} use=h:2")), 4.0 / 11.0, 1e-12));
    // A passed 5 nobody can use: Hounds keep the extra throw.
    assert!(close(
        hounds(&format!("{s} passed=j:5 extra=h")),
        7.0 / 11.0,
        1e-12
    ));
    // The view of the other player is the complement.
    let p = pos(&format!("{s} throw=h"));
    assert!(close(
        PalmaEvaluator.exact_win_probability(&p, 1).unwrap(),
        4.0 / 11.0,
        1e-12
    ));
}

#[test]
fn a_passed_two_wins_for_the_opponent() {
    // Hounds 24 + 26..29, Jackals 23 + 26..29. Hounds: a 1 wins; a 2 has no
    // use and passes to Jackals, whose 23-25 wins; a 3 nobody uses (Jackals
    // throw: y); a 5 nobody uses (Hounds again: x).
    //   x = 3/8 + 1/8·y + 1/8·x
    // Jackals: a 1 plays 23-24 (their only use), then Hounds throw in the
    // 7/11 race; a 2 wins (23-25); a 3 passes to Hounds, who cannot use it
    // (Hounds throw next: x); a 5 nobody uses (Jackals again: y).
    //   y = 3/8·7/11 + 1/8·x + 1/8·y
    // So 7x = 3 + y and 7y = 21/11 + x: x = 21/44, y = 15/44.
    let s = "h=0/0/24,26,27,28,29 j=0/0/23,26,27,28,29";
    assert!(close(hounds(&format!("{s} throw=h")), 21.0 / 44.0, 1e-12));
    assert!(close(hounds(&format!("{s} throw=j")), 15.0 / 44.0, 1e-12));
    assert_eq!(hounds(&format!("{s} use=h:2")), 0.0);
    assert!(close(hounds(&format!("{s} use=j:1")), 7.0 / 11.0, 1e-12));
    assert!(close(hounds(&format!("{s} use=j:3")), 21.0 / 44.0, 1e-12));
}

#[test]
fn outside_the_domain_there_is_no_value() {
    assert_eq!(
        PalmaEvaluator.exact_win_probability(&pos("h=5/0/- j=5/0/- throw=h"), 0),
        None
    );
    // One piece below 17.
    let p = pos("h=0/0/16,26,27,28,29 j=0/0/24,26,27,28,29 throw=h");
    assert!(!in_domain(&p));
    assert_eq!(PalmaEvaluator.exact_win_probability(&p, 0), None);
    // reverse=on: pieces can go back below the domain.
    let rev = GameOptions::parse("reverse=on", Palma::option_specs()).unwrap();
    let p =
        Palma::from_position("h=0/0/24,26,27,28,29 j=0/0/24,26,27,28,29 throw=h", &rev).unwrap();
    assert_eq!(PalmaEvaluator.exact_win_probability(&p, 0), None);
    // A finished game is known everywhere.
    let p = pos("h=0/0/25,26,27,28,29 j=5/0/- over=h");
    assert_eq!(PalmaEvaluator.exact_win_probability(&p, 0), Some(1.0));
    assert_eq!(PalmaEvaluator.exact_win_probability(&p, 1), Some(0.0));
}

/// Every non-terminal throw point of the domain "all pieces on
/// `first..=29`", as position strings' tracks.
fn domain_tracks(first: u8) -> Vec<Vec<u8>> {
    let squares: Vec<u8> = (first..=29).collect();
    let mut out = Vec::new();
    let n = squares.len();
    for mask in 0u32..(1 << n) {
        if mask.count_ones() == 5 {
            out.push(
                (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| squares[i])
                    .collect(),
            );
        }
    }
    out
}

fn track_text(t: &[u8]) -> String {
    let list: Vec<String> = t.iter().map(|q| q.to_string()).collect();
    format!("0/0/{}", list.join(","))
}

fn is_home(t: &[u8]) -> bool {
    t.iter().all(|&q| q >= 25)
}

/// P(Hounds win) at a node, given the throw-point values `v` (by hash).
fn node_value(p: &Palma, v: &HashMap<u64, f64>) -> f64 {
    match p.status() {
        Status::Over(agon::game::Outcome::Win(w)) => f64::from(u8::from(w == 0)),
        Status::Over(_) => 0.5,
        Status::Chance => v[&p.hash()],
        Status::Decision(who) => {
            let mut moves = Vec::new();
            p.moves(&mut moves);
            let vals = moves.iter().map(|&m| {
                let mut c = *p;
                c.play(m);
                node_value(&c, v)
            });
            if who == 0 {
                vals.fold(f64::NEG_INFINITY, f64::max)
            } else {
                vals.fold(f64::INFINITY, f64::min)
            }
        }
    }
}

#[test]
fn small_domain_matches_value_iteration_over_the_game_trait() {
    // Domain 23..29: C(7,5) = 21 configurations per side. The reference
    // iterates the Bellman equation with the engine's own `play`, `moves`
    // and `outcomes` (no endgame code) until nothing moves by 1e-14. The
    // second rule set puts a shortcut and extra-throw squares inside the
    // domain.
    for options in ["", "shortcuts=24>26 extra_squares=25,28"] {
        let opts = GameOptions::parse(options, Palma::option_specs()).unwrap();
        let rules = Rules::intern(&opts).unwrap();
        small_domain_case(&opts, rules, options.is_empty());
    }
}

fn small_domain_case(opts: &GameOptions, rules: &'static Rules, compare_shared: bool) {
    const FIRST: u8 = 23;
    let tracks = domain_tracks(FIRST);
    let mut points: Vec<Palma> = Vec::new();
    for a in &tracks {
        for b in &tracks {
            if is_home(a) || is_home(b) {
                continue;
            }
            for side in ["h", "j"] {
                let text = format!("h={} j={} throw={side}", track_text(a), track_text(b));
                points.push(Palma::from_position(&text, opts).unwrap());
            }
        }
    }
    let mut v: HashMap<u64, f64> = points.iter().map(|p| (p.hash(), 0.5)).collect();
    let mut outcomes = Vec::new();
    for _ in 0..10_000 {
        let mut change = 0f64;
        for p in &points {
            p.outcomes(&mut outcomes);
            let x: f64 = outcomes
                .iter()
                .map(|&(m, pr)| {
                    let mut c = *p;
                    c.play(m);
                    pr * node_value(&c, &v)
                })
                .sum();
            change = change.max((x - v[&p.hash()]).abs());
            v.insert(p.hash(), x);
        }
        if change < 1e-14 {
            break;
        }
    }
    let small = EndgameTable::build(rules, FIRST);
    assert_eq!(small.configs(), 21);
    assert_eq!(small.deadlocks, 0);
    for p in &points {
        let want = v[&p.hash()];
        let got = small.hounds_win(p).unwrap();
        assert!(close(got, want, 1e-10), "{}: {got} vs {want}", p.position());
        if compare_shared {
            // The domain is closed under play, so the big table agrees.
            let big = table(rules).unwrap().hounds_win(p).unwrap();
            assert!(close(big, got, 1e-12), "{}", p.position());
        }
    }
}

/// Seeded positions of the shared domain (17..29) at every phase.
fn random_domain_positions(n: usize, seed: u64) -> Vec<Palma> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut tr = Vec::new();
        for _ in 0..2 {
            let mut squares: Vec<u8> = Vec::new();
            while squares.len() < 5 {
                let q = rng.gen_range(17..=29u8);
                if !squares.contains(&q) {
                    squares.push(q);
                }
            }
            squares.sort_unstable();
            tr.push(squares);
        }
        if is_home(&tr[0]) || is_home(&tr[1]) {
            continue;
        }
        let side = ["h", "j"][rng.gen_range(0..2)];
        let o = if side == "h" { "j" } else { "h" };
        let v = [1, 2, 3, 5][rng.gen_range(0..4)];
        let phase = match rng.gen_range(0..3) {
            0 => format!("throw={side}"),
            1 => format!("use={side}:{v}"),
            _ if v == 5 => format!("passed={side}:5 extra={o}"),
            _ => format!("passed={side}:{v} extra=-"),
        };
        out.push(pos(&format!(
            "h={} j={} {phase}",
            track_text(&tr[0]),
            track_text(&tr[1])
        )));
    }
    out
}

#[test]
fn shared_table_satisfies_the_bellman_equation() {
    // Value = probability-weighted children at throws, the mover's best
    // child at decisions, exact 0/1 at the end; all within [0, 1].
    let mut outcomes = Vec::new();
    let mut moves = Vec::new();
    for p in random_domain_positions(400, 7) {
        let x = exact_win_probability(&p, 0).unwrap();
        assert!((0.0..=1.0).contains(&x));
        let child = |m| {
            let mut c = p;
            c.play(m);
            exact_win_probability(&c, 0).unwrap()
        };
        let want = match p.status() {
            Status::Chance => {
                p.outcomes(&mut outcomes);
                outcomes.iter().map(|&(m, pr)| pr * child(m)).sum::<f64>()
            }
            Status::Decision(who) => {
                p.moves(&mut moves);
                let vals = moves.iter().map(|&m| child(m));
                if who == 0 {
                    vals.fold(f64::NEG_INFINITY, f64::max)
                } else {
                    vals.fold(f64::INFINITY, f64::min)
                }
            }
            Status::Over(_) => unreachable!(),
        };
        assert!(close(x, want, 1e-12), "{}: {x} vs {want}", p.position());
    }
    let t = table(Rules::standard()).unwrap();
    assert_eq!(t.deadlocks, 0);
    assert_eq!(t.configs(), 1287);
}

#[test]
fn deep_plain_expectiminimax_agrees_near_the_end() {
    // Every side at most one piece outside the goal, so most lines end
    // within a few plies; the leaves' race evaluations then weigh little.
    for text in [
        "h=0/0/24,26,27,28,29 j=0/0/23,26,27,28,29 use=h:1",
        "h=0/0/22,25,26,28,29 j=0/0/23,25,26,27,29 use=h:3",
        "h=0/0/23,25,27,28,29 j=0/0/21,25,26,27,28 use=j:2",
        "h=0/0/22,26,27,28,29 j=0/0/24,25,26,27,28 passed=j:3 extra=-",
    ] {
        let p = pos(text);
        let exact = exact_win_probability(&p, 0).unwrap();
        let deep = (plain::value(&p, 9) / 1000.0 + 1.0) / 2.0;
        assert!(close(deep, exact, 0.01), "{text}: {deep} vs {exact}");
    }
}

const SET_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/palma-endgames.txt");

#[cfg(not(test))]
fn set_header() -> String {
    "# Palma exact-endgame set: decision positions with every piece on 17..29\n\
     # where the exact values of the moves differ by at least 0.01.\n\
     # Generated by src/games/palma/eval/endgame_set.rs (seeded; see its docs):\n\
     # cargo run --release --features datagen --example datagen -- palma-endgames\n\
     # Used by: agon analyse --game palma --equity-loss positions/palma-endgames.txt\n"
        .to_string()
}

#[test]
fn endgame_set_file_is_what_the_generator_gives() {
    let text = std::fs::read_to_string(SET_FILE).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let want = agon::games::palma::eval::endgame_set::generate();
    assert_eq!(lines.len(), want.len());
    assert!(lines.len() >= 200);
    for (a, b) in lines.iter().zip(&want) {
        assert_eq!(a, b, "regenerate: see the file's header");
    }
    // Every position is a decision in the domain with a choice that matters.
    for l in lines {
        let p = pos(l);
        assert!(in_domain(&p), "{l}");
        let me = match p.status() {
            Status::Decision(me) => me,
            _ => panic!("{l}: not a decision"),
        };
        let mut moves = Vec::new();
        p.moves(&mut moves);
        let vals: Vec<f64> = moves
            .iter()
            .map(|&m| {
                let mut c = p;
                c.play(m);
                exact_win_probability(&c, me).unwrap()
            })
            .collect();
        let hi = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let lo = vals.iter().copied().fold(f64::INFINITY, f64::min);
        assert!(vals.len() >= 2 && hi - lo >= 0.01, "{l}");
    }
}

/// Rewrites the endgame set file: `cargo run --release --features datagen --example datagen -- palma-endgames`.
#[cfg(not(test))]
pub fn write_endgame_set() {
    let mut text = set_header();
    for l in agon::games::palma::eval::endgame_set::generate() {
        text.push_str(&l);
        text.push('\n');
    }
    std::fs::write(SET_FILE, text).unwrap();
}

/// Size and build time of the exact endgame table:
/// `cargo run --release --features datagen --example datagen -- palma-tables`.
#[cfg(not(test))]
pub fn build_size() {
    let t = EndgameTable::build(
        Rules::standard(),
        agon::games::palma::eval::endgame::FIRST_SQUARE,
    );
    println!(
        "domain {}..29: {} configurations per side, {} pairs, {:.1} MB, built in {:.2} s, {} deadlocks",
        t.first_square(),
        t.configs(),
        t.configs() * t.configs(),
        t.memory_bytes() as f64 / 1e6,
        t.build_time.as_secs_f64(),
        t.deadlocks
    );
}
