//! The Petteia/Kubeia perft suite `positions/petteia-perft.txt`: the naive
//! generator (tests/naive/petteia.rs) must reproduce every count in
//! the file, and the engine must agree with it.

use crate::common::suite_lines::suite_lines;
use crate::naive::petteia::Naive;
use agon::game::perft::{divide, perft};
use agon::game::Notation;
use agon::game::Playable;
use agon::game::{Game, GameOptions};
use agon::games::petteia::{Kubeia, Petteia};

struct Case {
    name: String,
    game: String,
    options: String,
    position: String,
    counts: Vec<u64>,
}

const SUITE: &str = include_str!("../positions/petteia-perft.txt");

fn cases() -> Vec<Case> {
    suite_lines("positions/petteia-perft.txt", SUITE, '|', 5)
        .into_iter()
        .map(|(_, f)| Case {
            name: f[0].to_string(),
            game: f[1].to_string(),
            options: f[2].to_string(),
            position: f[3].to_string(),
            counts: f[4]
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect(),
        })
        .collect()
}

fn naive_of(c: &Case) -> Naive {
    let dice = c.game == "kubeia";
    let opts = GameOptions::parse(&c.options, Petteia::option_specs()).unwrap();
    let limit = opts.int("nocapture_plies").unwrap() as u32;
    if c.position == "start" {
        Naive::start(dice, limit, opts.get("kings") == "mirror")
    } else {
        Naive::parse(&c.position, dice, limit)
    }
}

fn engine_counts<G: Playable>(c: &Case, depths: usize) -> Vec<u64> {
    let opts = GameOptions::parse(&c.options, G::option_specs()).unwrap();
    let pos = if c.position == "start" {
        G::new(&opts).unwrap()
    } else {
        G::from_position(&c.position, &opts).unwrap()
    };
    (1..=depths as u32).map(|d| perft(&pos, d)).collect()
}

#[test]
fn naive_generator_reproduces_the_suite() {
    for c in cases() {
        assert!(!c.counts.is_empty(), "{}: no counts", c.name);
        let n = naive_of(&c);
        let got: Vec<u64> = (1..=c.counts.len() as u32).map(|d| n.perft(d)).collect();
        assert_eq!(got, c.counts, "naive perft of {} ({})", c.name, c.game);
    }
}

#[test]
fn engine_matches_the_suite() {
    for c in cases() {
        let got = match c.game.as_str() {
            "petteia" => engine_counts::<Petteia>(&c, c.counts.len()),
            "kubeia" => engine_counts::<Kubeia>(&c, c.counts.len()),
            g => panic!("unknown game {g}"),
        };
        assert_eq!(got, c.counts, "engine perft of {} ({})", c.name, c.game);
    }
}

#[test]
fn divide_matches_naive_per_move_at_depth_two() {
    // Locates differences by move text, and checks the engine's move texts
    // (captures included) against the naive generator's.
    for c in cases().iter().filter(|c| c.game == "petteia") {
        let opts = GameOptions::parse(&c.options, Petteia::option_specs()).unwrap();
        let pos = if c.position == "start" {
            Petteia::new(&opts).unwrap()
        } else {
            Petteia::from_position(&c.position, &opts).unwrap()
        };
        let mut engine = divide(&pos, 2);
        let n = naive_of(c);
        let mut naive: Vec<(String, u64)> = n
            .moves()
            .into_iter()
            .map(|m| {
                let mut child = n.clone();
                child.play(m);
                (n.move_text(m), child.perft(1))
            })
            .collect();
        engine.sort();
        naive.sort();
        assert_eq!(engine, naive, "divide of {}", c.name);
    }
}

/// Prints the suite with counts from the naive generator, to the depth
/// each line asks for (its current number of counts, or 3 / 2).
/// `cargo run --release --features datagen --example datagen -- petteia-perft`.
#[cfg(not(test))]
pub fn regenerate_suite_counts() {
    for l in SUITE.lines() {
        if l.trim().is_empty() || l.starts_with('#') {
            println!("{l}");
            continue;
        }
        let f: Vec<&str> = l.split('|').map(str::trim).collect();
        let c = Case {
            name: f[0].into(),
            game: f[1].into(),
            options: f[2].into(),
            position: f[3].into(),
            counts: vec![],
        };
        let depth = f[4]
            .split_whitespace()
            .count()
            .max(if c.game == "kubeia" { 2 } else { 3 });
        let n = naive_of(&c);
        let counts: Vec<String> = (1..=depth as u32).map(|d| n.perft(d).to_string()).collect();
        println!(
            "{} | {} | {} | {} | {}",
            c.name,
            c.game,
            c.options,
            c.position,
            counts.join(" ")
        );
    }
}

/// Deeper cross-check of the start positions (minutes):
/// `cargo run --release --features datagen --example datagen -- petteia-deep-check`.
#[cfg(not(test))]
pub fn start_depth_four_and_kubeia_depth_three_match_naive() {
    let p = Petteia::new(&GameOptions::defaults(Petteia::option_specs())).unwrap();
    assert_eq!(perft(&p, 4), Naive::start(false, 100, false).perft(4));
    let k = Kubeia::new(&GameOptions::defaults(Kubeia::option_specs())).unwrap();
    let kp = Kubeia::from_position(&k.position(), k.options()).unwrap();
    assert_eq!(perft(&kp, 3), Naive::start(true, 100, false).perft(3));
}
