//! The Abalone perft suite `positions/abalone-perft.txt`, checked two ways:
//! the naive generator of `tests/naive/abalone` must reproduce the file (it
//! wrote it), and the engine (`agon::games::abalone`) must reproduce it too.
//! Where the engine disagrees, [`locate_difference`] walks down the divides
//! of both generators to the first position whose move lists differ.

use crate::naive;
use agon::game::Notation;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use agon::game::perft::{divide as engine_divide, perft as engine_perft};
use agon::game::{Game, GameOptions};
use agon::games::abalone::Abalone;
use naive::abalone::board::Position;
use naive::abalone::designs::designs;
use naive::abalone::movegen::{legal_moves, move_text, play};
use naive::abalone::perft::{divide as naive_divide, perft as naive_perft};
use naive::abalone::suite::{read_suite, SuiteLine};

fn naive_position(line: &SuiteLine) -> Position {
    Position::parse(&line.position, line.princess())
        .unwrap_or_else(|e| panic!("{}: naive parser: {e}", line.name))
}

fn engine_position(line: &SuiteLine) -> Result<Abalone, String> {
    let opts = GameOptions::parse(&line.options, Abalone::option_specs())
        .map_err(|e| format!("{}: options '{}': {e}", line.name, line.options))?;
    Abalone::from_position(&line.position, &opts)
        .map_err(|e| format!("{}: position '{}': {e}", line.name, line.position))
}

/// Part (a): the naive generator reproduces every count of the file.
#[test]
fn naive_generator_reproduces_the_suite() {
    let suite = read_suite().unwrap();
    assert!(suite.len() >= 20, "suite has only {} lines", suite.len());
    for line in &suite {
        let pos = naive_position(line);
        assert_eq!(pos.to_text(), line.position, "{}: not canonical", line.name);
        for (i, &want) in line.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                naive_perft(&pos, depth),
                want,
                "{} perft({depth})",
                line.name
            );
        }
    }
}

/// Part (a), continued: the naive generator gives the suite's counts on
/// all twelve symmetric images of every position and on their
/// colour-swapped twins (depth 2; a guard on its direction handling).
#[test]
fn naive_generator_is_symmetric_on_the_suite() {
    for line in &read_suite().unwrap() {
        let original = naive_position(line);
        for s in 0..12 {
            for image in [
                original.transformed(s),
                original.transformed(s).colours_swapped(),
            ] {
                for d in 1..=2 {
                    assert_eq!(
                        naive_perft(&image, d),
                        line.counts[d as usize - 1],
                        "{} image {s}: {}",
                        line.name,
                        image.to_text()
                    );
                }
            }
        }
    }
}

/// The file holds exactly the designed positions (edit `designs.rs`, then
/// regenerate, never the file by hand).
#[test]
fn suite_file_matches_the_designs() {
    let suite = read_suite().unwrap();
    let designs = designs();
    assert_eq!(suite.len(), designs.len());
    for (line, design) in suite.iter().zip(&designs) {
        assert_eq!(line.name, design.name);
        assert_eq!(line.position, design.position().unwrap().to_text());
        assert_eq!(line.counts.len(), design.depth as usize, "{}", line.name);
        assert!(line.counts.len() >= 3, "{}", line.name);
    }
}

/// Part (b): the engine reproduces every count of the file.
#[test]
fn engine_reproduces_the_suite() {
    let suite = read_suite().unwrap();
    let mut failures = Vec::new();
    for line in &suite {
        let engine = match engine_position(line) {
            Ok(e) => e,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        for (i, &want) in line.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            let got = engine_perft(&engine, depth);
            if got != want {
                let mut report = format!(
                    "{}: engine perft({depth}) = {got}, suite says {want}\n",
                    line.name
                );
                report.push_str(&locate_difference(line, depth));
                failures.push(report);
                break;
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Part (b), continued: the engine gives the same counts on the twelve
/// symmetric images of every suite position and on their colour-swapped
/// twins (the rules name no direction and favour no colour), which
/// exercises every direction of its generator. Depth 3 where the suite's
/// perft(3) is at most 100,000, depth 2 elsewhere.
#[test]
fn engine_reproduces_the_suite_on_symmetric_images() {
    let suite = read_suite().unwrap();
    let mut failures = Vec::new();
    'line: for line in &suite {
        let original = naive_position(line);
        let depth = if line.counts.get(2).is_some_and(|&n| n <= 100_000) {
            3
        } else {
            2
        };
        for s in 0..12 {
            for image in [
                original.transformed(s),
                original.transformed(s).colours_swapped(),
            ] {
                let image_line = SuiteLine {
                    name: format!("{} (image {s})", line.name),
                    options: line.options.clone(),
                    position: image.to_text(),
                    counts: line.counts.clone(),
                };
                let engine = match engine_position(&image_line) {
                    Ok(e) => e,
                    Err(e) => {
                        failures.push(e);
                        continue 'line;
                    }
                };
                for d in 1..=depth.min(line.counts.len() as u32) {
                    let want = line.counts[d as usize - 1];
                    let got = engine_perft(&engine, d);
                    if got != want {
                        let mut report = format!(
                            "{}: engine perft({d}) = {got}, suite says {want}\n",
                            image_line.name
                        );
                        report.push_str(&locate_difference(&image_line, d));
                        failures.push(report);
                        continue 'line;
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Walks down from the suite position: at each level compares the two
/// divides by move text; where the move lists differ, reports the position
/// and the moves only one side generates; otherwise follows the first move
/// whose counts differ.
fn locate_difference(line: &SuiteLine, depth: u32) -> String {
    let mut naive = naive_position(line);
    let mut engine = match engine_position(line) {
        Ok(e) => e,
        Err(e) => return e,
    };
    let mut path: Vec<String> = Vec::new();
    let mut report = String::new();
    for d in (1..=depth).rev() {
        let ours: BTreeMap<String, u64> = naive_divide(&naive, d).into_iter().collect();
        let theirs: BTreeMap<String, u64> = engine_divide(&engine, d)
            .into_iter()
            .map(|(m, n)| (m.to_ascii_lowercase(), n))
            .collect();
        let only_ours: Vec<&String> = ours.keys().filter(|m| !theirs.contains_key(*m)).collect();
        let only_theirs: Vec<&String> = theirs.keys().filter(|m| !ours.contains_key(*m)).collect();
        let _ = writeln!(
            report,
            "  after [{}]: naive {} | engine {}",
            path.join(" "),
            naive.to_text(),
            engine.position()
        );
        if !only_ours.is_empty() || !only_theirs.is_empty() {
            let _ = writeln!(
                report,
                "  moves only the naive generator makes: {only_ours:?}"
            );
            let _ = writeln!(report, "  moves only the engine makes: {only_theirs:?}");
            return report;
        }
        let Some((m, n)) = ours.iter().find(|(m, n)| theirs.get(*m) != Some(n)) else {
            let _ = writeln!(report, "  the divides agree here (depth {d})");
            return report;
        };
        let _ = writeln!(
            report,
            "  {m}: naive {n}, engine {:?} (depth {d})",
            theirs.get(m)
        );
        let Some(naive_move) = legal_moves(&naive).into_iter().find(|x| &move_text(x) == m) else {
            return report;
        };
        let engine_move = match engine.parse_move(m) {
            Ok(x) => x,
            Err(e) => {
                let _ = writeln!(report, "  engine cannot parse {m}: {e}");
                return report;
            }
        };
        naive = play(&naive, &naive_move);
        engine.play(engine_move);
        path.push(m.clone());
    }
    report
}

/// Rewrites `positions/abalone-perft.txt` from `designs.rs` with counts
/// from the naive generator:
/// `cargo run --release --features datagen --example datagen -- abalone-perft`.
#[cfg(not(test))]
pub fn regenerate_suite() {
    use naive::abalone::suite::suite_path;
    let mut text = String::from(HEADER);
    for design in designs() {
        let pos = design.position().unwrap();
        let counts: Vec<String> = (1..=design.depth)
            .map(|d| naive_perft(&pos, d).to_string())
            .collect();
        let _ = writeln!(text, "\n# {}", design.note);
        let _ = writeln!(
            text,
            "{} ; {} ; {} ; {}",
            design.name,
            design.options,
            pos.to_text(),
            counts.join(" ")
        );
    }
    std::fs::write(suite_path(), text).unwrap();
}

#[cfg(not(test))]
const HEADER: &str = "\
# Abalone perft suite (shared/rules/abalone.md, shared/rules/PERFT.md).
#
# One position a line:  name ; options ; position string ; perft(1) perft(2) ...
# - options: key=value pairs for GameOptions::parse (`-` = the defaults);
#   perft never applies repetition or max_plies.
# - position string: <row i>/.../<row a>[-<n>b<m>w] <side>, rows from i down
#   to a, each from its lowest diagonal; b/w marbles, p the princess
#   (princess=on), digits runs of empty cells; -<n>b<m>w = marbles already
#   ejected (n Black, m White).
# - counts: leaves at depth 1, 2, 3 (and 4 where cheap). A finished game
#   (sixth marble or the princess ejected, or no legal move: a draw) counts
#   only when reached exactly at depth 0.
#
# The counts come ONLY from the deliberately simple generator in
# tests/naive/abalone (written from the rules text, independent of
# src/games/abalone). The positions are defined in
# tests/naive/abalone/designs.rs; do not edit this file by hand. Regenerate:
#   cargo run --release --features datagen --example datagen -- abalone-perft
# Check the naive generator and the engine against it:
#   cargo test --release --test suite abalone_perft::
# (this also runs the engine on the 12 symmetric images and colour-swapped
# twins of every position; a mismatch report walks both divides down to the
# first position whose move lists differ). One naive divide:
#   cargo run --release --features datagen --example datagen -- abalone-divide <name or position> [options] [depth]
";

/// Prints the naive divide of one position, for comparing by hand with
/// `agon perft --game abalone --divide`:
/// `cargo run --release --features datagen --example datagen -- abalone-divide <position> [options] [depth]`
/// (the position may also be a suite line's name; options as in the suite,
/// e.g. `princess=on`).
#[cfg(not(test))]
pub fn print_naive_divide(text: String, options: String, depth: u32) {
    let suite = read_suite().unwrap();
    let (position, options) = match suite.iter().find(|l| l.name == text) {
        Some(line) => (line.position.clone(), line.options.clone()),
        None => (text, options),
    };
    let princess = options.split_whitespace().any(|kv| kv == "princess=on");
    let pos = Position::parse(&position, princess).unwrap();
    let parts = naive_divide(&pos, depth);
    for (m, n) in &parts {
        println!("{m}: {n}");
    }
    println!(
        "{position} ; {options} ; perft({depth}) = {}",
        parts.iter().map(|(_, n)| n).sum::<u64>()
    );
}
