//! The Zamma perft suite `positions/zamma-perft.txt`: its counts come from
//! the naive generator in `tests/naive/zamma.rs` (written from zamma.md
//! alone); this test checks that the naive generator still reproduces them
//! and that the engine agrees, count for count and move list for move list.

use crate::common::suite_lines::suite_lines;
use crate::naive;
use agon::game::perft::perft;
use agon::game::Notation;
use agon::game::{Game, GameOptions};
use agon::games::zamma::Zamma;

const SUITE: &str = include_str!("../positions/zamma-perft.txt");

/// One suite line: `name | options | position | perft(1) perft(2) ...`.
struct Entry {
    name: String,
    options: String,
    position: String,
    counts: Vec<u64>,
}

fn suite() -> Vec<Entry> {
    suite_lines("positions/zamma-perft.txt", SUITE, '|', 4)
        .into_iter()
        .map(|(_, parts)| Entry {
            name: parts[0].to_string(),
            options: parts[1].to_string(),
            position: parts[2].to_string(),
            counts: parts[3]
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect(),
        })
        .collect()
}

fn engine(e: &Entry) -> Zamma {
    let opts = GameOptions::parse(&e.options, Zamma::option_specs()).unwrap();
    Zamma::from_position(&e.position, &opts).unwrap()
}

#[test]
fn suite_has_every_kind_of_position() {
    let s = suite();
    assert!(s.len() >= 12);
    // Three plies deep at least, but for finished games and the entry whose
    // root alone has more moves than a 16-bit move index can name.
    let huge = |e: &Entry| e.counts[0] > usize::from(u16::MAX) as u64;
    assert!(s
        .iter()
        .all(|e| e.counts.len() >= 3 || e.counts.iter().all(|&n| n == 0) || huge(e)));
    assert!(s.iter().any(huge));
    for opt in ["board=full", "board=orthogonal", "mullah_landing=continue"] {
        assert!(s.iter().any(|e| e.options.contains(opt)), "{opt}");
    }
}

#[test]
fn naive_generator_reproduces_the_suite() {
    for e in suite() {
        let pos = naive::zamma::parse(&e.options, &e.position);
        for (i, &want) in e.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(pos.perft(depth), want, "{} depth {depth}", e.name);
        }
    }
}

#[test]
fn engine_matches_the_suite() {
    for e in suite() {
        let pos = engine(&e);
        for (i, &want) in e.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(perft(&pos, depth), want, "{} depth {depth}", e.name);
        }
    }
}

/// Compares the sorted move texts of both generators at every node of
/// the first `depth` plies, so a difference names the position.
fn compare_tree(z: &Zamma, n: &naive::zamma::Pos, depth: u32) {
    let mut moves = Vec::new();
    z.moves(&mut moves);
    let mut mine: Vec<String> = moves.iter().map(|m| z.move_text(*m)).collect();
    let naive_moves = n.moves();
    let mut theirs: Vec<String> = naive_moves.iter().map(|m| m.text()).collect();
    mine.sort();
    theirs.sort();
    assert_eq!(mine, theirs, "at {}", z.position());
    if depth == 0 {
        return;
    }
    for nm in &naive_moves {
        let m = z.parse_move(&nm.text()).unwrap();
        let mut child = *z;
        child.play(m);
        compare_tree(&child, &n.play(nm), depth - 1);
    }
}

#[test]
fn move_lists_agree_node_by_node() {
    for e in suite() {
        let z = engine(&e).without_adjudication();
        let n = naive::zamma::parse(&e.options, &e.position);
        // An entry counted to depth 1 only (hundreds of thousands of
        // moves) is compared at its root.
        compare_tree(&z, &n, (e.counts.len() as u32 - 1).min(2));
    }
}

/// Prints suite lines (naive counts) for candidate positions; run with
/// `cargo run --release --features datagen --example datagen -- zamma-perft`.
#[cfg(not(test))]
pub fn print_suite() {
    let file = "positions/zamma-perft-candidates.txt";
    let candidates = std::fs::read_to_string(file).unwrap();
    for (_, parts) in suite_lines(file, &candidates, '|', 4) {
        let depth: u32 = parts[3].parse().unwrap();
        let pos = naive::zamma::parse(parts[1], parts[2]);
        let counts: Vec<String> = (1..=depth).map(|d| pos.perft(d).to_string()).collect();
        println!(
            "{} | {} | {} | {}",
            parts[0],
            parts[1],
            parts[2],
            counts.join(" ")
        );
    }
}

/// Prints positions reached by seeded random playouts (suite candidates);
/// `cargo run --release --features datagen --example datagen -- zamma-candidates`.
#[cfg(not(test))]
pub fn print_random_positions() {
    use rand::{Rng, SeedableRng};
    for (options, seed, plies) in [
        ("", 1u64, 24),
        ("", 2, 40),
        ("", 3, 70),
        ("board=full", 4, 20),
        ("board=orthogonal", 5, 30),
    ] {
        let opts = GameOptions::parse(options, Zamma::option_specs()).unwrap();
        let mut z = Zamma::new(&opts).unwrap().without_adjudication();
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        let mut moves = Vec::new();
        for _ in 0..plies {
            z.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            z.play(moves[rng.gen_range(0..moves.len())]);
        }
        println!("random-{seed} | {options} | {} |", z.position());
    }
}
