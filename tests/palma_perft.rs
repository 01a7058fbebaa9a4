//! The Palma perft suite `positions/palma-perft.txt`: its counts come from
//! the naive generator (`tests/naive/palma.rs`); this test checks (a) that
//! the naive generator reproduces the file and (b) that the engine matches
//! it.

use crate::common::suite_lines::suite_lines;
use crate::naive::palma::Naive;
use agon::game::perft::perft;
use agon::game::Notation;
use agon::game::{Game, GameOptions};
use agon::games::palma::Palma;

struct Case {
    name: String,
    options: String,
    position: String,
    counts: Vec<u64>,
}

fn suite() -> Vec<Case> {
    let text = include_str!("../positions/palma-perft.txt");
    suite_lines("positions/palma-perft.txt", text, ';', 4)
        .into_iter()
        .map(|(_, f)| Case {
            name: f[0].to_string(),
            options: if f[1] == "-" {
                String::new()
            } else {
                f[1].to_string()
            },
            position: f[2].to_string(),
            counts: f[3]
                .split_whitespace()
                .map(|n| n.parse().expect("count"))
                .collect(),
        })
        .collect()
}

fn engine(case: &Case) -> Palma {
    let opts = GameOptions::parse(&case.options, Palma::option_specs()).expect("options");
    Palma::from_position(&case.position, &opts).expect("position")
}

#[test]
fn suite_is_deep_enough() {
    let cases = suite();
    assert!(cases.len() >= 14);
    for c in &cases {
        assert!(c.counts.len() >= 4, "{}: fewer than 4 depths", c.name);
    }
}

#[test]
fn naive_generator_reproduces_the_suite() {
    for c in suite() {
        let n = Naive::parse(&c.options, &c.position);
        for (d, &want) in c.counts.iter().enumerate() {
            assert_eq!(n.perft(d as u32 + 1), want, "{} depth {}", c.name, d + 1);
        }
    }
}

#[test]
fn engine_matches_the_suite() {
    for c in suite() {
        let pos = engine(&c);
        assert_eq!(pos.position(), c.position, "{}: round trip", c.name);
        for (d, &want) in c.counts.iter().enumerate() {
            assert_eq!(
                perft(&pos, d as u32 + 1),
                want,
                "{} depth {}",
                c.name,
                d + 1
            );
        }
    }
}

/// Prints the suite with counts from the naive generator (to regenerate the
/// file): at least 4 depths, then more while a count stays below 150,000.
#[cfg(not(test))]
pub fn print_naive_counts() {
    for c in suite() {
        let n = Naive::parse(&c.options, &c.position);
        let mut counts = Vec::new();
        for d in 1..=10 {
            let x = n.perft(d);
            if d > 4 && x > 150_000 {
                break;
            }
            counts.push(x.to_string());
        }
        let opts = if c.options.is_empty() {
            "-"
        } else {
            &c.options
        };
        println!(
            "{} ; {} ; {} ; {}",
            c.name,
            opts,
            c.position,
            counts.join(" ")
        );
    }
}
