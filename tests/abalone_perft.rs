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
use agon::game::GameOptions;
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

fn engine_position<G: Notation>(line: &SuiteLine) -> Result<G, String> {
    let opts = GameOptions::parse(&line.options, G::option_specs())
        .map_err(|e| format!("{}: options '{}': {e}", line.name, line.options))?;
    G::from_position(&line.position, &opts)
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
        let engine = match engine_position::<Abalone>(line) {
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
                report.push_str(&locate_difference::<Abalone>(
                    naive_position(line),
                    line,
                    depth,
                ));
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
                let engine = match engine_position::<Abalone>(&image_line) {
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
                        report.push_str(&locate_difference::<Abalone>(
                            image.clone(),
                            &image_line,
                            d,
                        ));
                        failures.push(report);
                        continue 'line;
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// A naive generator's position, as [`locate_difference`] walks it.
pub trait NaiveTree: Sized {
    fn text(&self) -> String;
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// The position after the legal move written `text`.
    fn after(&self, text: &str) -> Option<Self>;
}

impl NaiveTree for Position {
    fn text(&self) -> String {
        self.to_text()
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        naive_divide(self, depth)
    }

    fn after(&self, text: &str) -> Option<Self> {
        let m = legal_moves(self)
            .into_iter()
            .find(|x| move_text(x) == text)?;
        Some(play(self, &m))
    }
}

/// Walks down from the suite position: at each level compares the two
/// divides by move text; where the move lists differ, reports the position
/// and the moves only one side generates; otherwise follows the first move
/// whose counts differ.
fn locate_difference<G: Notation>(
    mut naive: impl NaiveTree,
    line: &SuiteLine,
    depth: u32,
) -> String {
    let mut engine = match engine_position::<G>(line) {
        Ok(e) => e,
        Err(e) => return e,
    };
    let mut path: Vec<String> = Vec::new();
    let mut report = String::new();
    for d in (1..=depth).rev() {
        let ours: BTreeMap<String, u64> = naive.divide(d).into_iter().collect();
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
            naive.text(),
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
        let Some(next) = naive.after(m) else {
            return report;
        };
        let engine_move = match engine.parse_move(m) {
            Ok(x) => x,
            Err(e) => {
                let _ = writeln!(report, "  engine cannot parse {m}: {e}");
                return report;
            }
        };
        naive = next;
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

/// The naive generator for 3, 4 and 6 players against the numbers the
/// rules text gives (abalone-multiplayer.md "perft", "Worked examples").
mod multi_naive_checks {
    use crate::naive::abalone::multi::movegen::{legal_moves, move_text, play};
    use crate::naive::abalone::multi::position::Position;
    use crate::naive::abalone::multi::{divide, perft};

    const START_3: &str = "ww1rr/ww2rr/ww3rr/ww4rr/ww5rr/w6r/7/bbbbbb/bbbbb b";
    const START_4: &str = "rrrr1/1rrr1u/2rr1uu/5uuu/www3uuu/www5/ww1bb2/w1bbb1/1bbbb b";
    const START_6: &str = "1uuu1/r1uu1g/rr1u1gg/rrr2ggg/9/www2yyy/ww1b1yy/w1bb1y/1bbb1 b";

    fn parse(text: &str, players: usize) -> Position {
        Position::parse(text, players).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn texts(pos: &Position) -> Vec<String> {
        let mut t: Vec<String> = legal_moves(pos).iter().map(move_text).collect();
        t.sort();
        t
    }

    fn after(pos: &Position, text: &str) -> Position {
        let m = legal_moves(pos)
            .into_iter()
            .find(|m| move_text(m) == text)
            .unwrap_or_else(|| panic!("{text} not legal in {}", pos.to_text()));
        play(pos, &m)
    }

    #[test]
    fn start_counts_of_the_rules_text() {
        for (text, players, want) in [
            (START_3, 3, [40, 1587]),
            (START_4, 4, [43, 1696]),
            (START_6, 6, [36, 1172]),
        ] {
            let pos = parse(text, players);
            assert_eq!(pos.to_text(), text);
            assert_eq!([perft(&pos, 1), perft(&pos, 2)], want, "{players} players");
        }
    }

    #[test]
    fn example_1_mixed_colours_count_together() {
        let pos = parse("5/6/2r4/3w4/4b4/4b3/4b2/6/5 b", 3);
        let next = after(&pos, "c5d5");
        // 3-2: Black d5 e5 f5, White g5, Red h5.
        assert_eq!(next.to_text(), "5/1r4/2w4/3b4/4b4/4b3/7/6/5 w");
        // A White marble on h5: three opponent marbles in front, pac.
        let pac = parse("5/1w4/2r4/3w4/4b4/4b3/4b2/6/5 b", 3);
        assert!(!texts(&pac).contains(&"c5d5".to_string()));
        // A Black marble on h5: the push is blocked.
        let blocked = parse("5/1b4/2r4/3w4/4b4/4b3/4b2/6/5 b", 3);
        assert!(!texts(&blocked).contains(&"c5d5".to_string()));
    }

    #[test]
    fn example_2_the_sixth_ejection_wins() {
        let pos = parse("1w3/2b3/3b3/4b3/9/8/7/6/5+5b0w0r b", 3);
        let next = after(&pos, "f6g6");
        assert_eq!(next.scores[0], 6);
        assert_eq!(next.winner(), Some(vec![0]));
        assert!(legal_moves(&next).is_empty());
        // The win is a leaf: it counts at depth 1 only.
        let wins = divide(&pos, 2).into_iter().find(|(m, _)| m == "f6g6");
        assert_eq!(wins, Some(("f6g6".to_string(), 0)));
    }

    #[test]
    fn example_3_a_partners_marbles_in_a_push() {
        let pos = parse("5/6/1w5/2r5/3r5/3b4/7/6/5 b", 4);
        assert_eq!(perft(&pos, 1), 6, "{:?}", texts(&pos));
        assert_eq!(after(&pos, "d4e4").to_text(), "5/w5/1r5/2r5/3b5/8/7/6/5 w");
        // Red d4, Black e4 f4, White g4: e4f4 pushes 2-1, d4e4 is not a move.
        let red_behind = parse("5/6/1w5/2b5/3b5/3r4/7/6/5 b", 4);
        let t = texts(&red_behind);
        assert!(t.contains(&"e4f4".to_string()) && !t.contains(&"d4e4".to_string()));
        // Black d4 e4, Red f4, g4 empty: no push, so neither moves.
        let no_push = parse("5/6/7/2r5/3b5/3b4/7/6/5 b", 4);
        let t = texts(&no_push);
        assert!(!t.contains(&"d4e4".to_string()) && !t.contains(&"e4f4".to_string()));
        // Black c4 d4 e4, White f4, Red g4: Red behind White blocks.
        let red_beyond = parse("5/6/1r5/2w5/3b5/3b4/3b3/6/5 b", 4);
        assert!(!texts(&red_beyond).contains(&"c4d4".to_string()));
    }

    #[test]
    fn example_4_two_colours_of_the_other_team() {
        let pos = parse("u4/1w4/2b4/3b4/4b4/8/7/6/5+2b0w3r0u b", 4);
        let next = after(&pos, "e5f5");
        assert_eq!(next.to_text(), "w4/1b4/2b4/3b4/9/8/7/6/5+3b0w3r0u w");
        assert_eq!(next.winner(), Some(vec![0, 2]));
    }

    #[test]
    fn example_5_a_player_without_marbles_passes() {
        let pos = parse("5/6/7/8/4b4/8/7/6/u4 w", 6);
        assert_eq!(texts(&pos), ["pass"]);
        assert_eq!([perft(&pos, 1), perft(&pos, 2), perft(&pos, 3)], [1, 1, 3]);
        let blue = after(&after(&pos, "pass"), "pass");
        assert_eq!(texts(&blue), ["a1a2", "a1b1", "a1b2"]);
    }

    #[test]
    fn nobody_able_to_move_is_a_draw_leaf() {
        let pos = parse("5/6/7/8/9/8/7/6/5 b", 6);
        assert!(legal_moves(&pos).is_empty());
        assert_eq!(perft(&pos, 1), 0);
    }

    #[test]
    fn broken_strings_are_refused() {
        for (text, players) in [
            ("5/6/7/8/4u4/8/7/6/5 b", 3),         // Blue is not in a 3-player game
            ("5/6/7/8/4b4/8/7/6/5 u", 3),         // nor can it move
            ("5/6/7/8/9/8/7/6/5+7b0w0r b", 3),    // a side over 6
            ("5/6/7/8/9/8/7/6/5+6b6w0r b", 3),    // two sides at 6
            ("bbbbb/bbbbbb/b6/8/9/8/7/6/5 b", 3), // 12 Black, 11 is the most
            (
                "ww1rr/ww2rr/ww3rr/ww4rr/ww5rr/w6r/7/bbbbbb/bbbbb+1b0w0r b",
                3,
            ), // nothing missing
        ] {
            assert!(Position::parse(text, players).is_err(), "{text}");
        }
        // A finished game and a player without marbles are positions.
        assert!(Position::parse("5/6/7/8/9/8/7/6/5+3b0w3r0u b", 4).is_ok());
    }
}

/// The 3-, 4- and 6-player suite `positions/abalone-multi-perft.txt`: its
/// counts come from the naive generator of `tests/naive/abalone/multi`.
mod multi_suite {
    use super::NaiveTree;
    use crate::naive::abalone::multi::designs::designs;
    use crate::naive::abalone::multi::movegen::{legal_moves, move_text, play};
    use crate::naive::abalone::multi::position::Position;
    use crate::naive::abalone::multi::{divide, perft};
    use crate::naive::abalone::suite::{read_suite_file, SuiteLine, MULTI_SUITE};

    impl NaiveTree for Position {
        fn text(&self) -> String {
            self.to_text()
        }

        fn divide(&self, depth: u32) -> Vec<(String, u64)> {
            divide(self, depth)
        }

        fn after(&self, text: &str) -> Option<Self> {
            let m = legal_moves(self)
                .into_iter()
                .find(|x| move_text(x) == text)?;
            Some(play(self, &m))
        }
    }

    pub fn naive_position(line: &SuiteLine) -> Position {
        let players = line.players().unwrap();
        Position::parse(&line.position, players)
            .unwrap_or_else(|e| panic!("{}: naive parser: {e}", line.name))
    }

    /// The file holds exactly the designed positions, each to depth 3 at
    /// least and the starts to depth 4 (edit `multi/designs.rs`, then
    /// regenerate, never the file by hand).
    #[test]
    fn multi_suite_file_matches_the_designs() {
        let suite = read_suite_file(MULTI_SUITE).unwrap();
        let designs = designs();
        assert_eq!(suite.len(), designs.len());
        for (line, design) in suite.iter().zip(&designs) {
            assert_eq!(line.name, design.name);
            assert_eq!(line.options, design.options());
            assert_eq!(line.position, design.position().unwrap().to_text());
            assert_eq!(line.counts.len(), design.depth as usize, "{}", line.name);
            assert!(line.counts.len() >= 3, "{}", line.name);
        }
        for players in [3, 4, 6] {
            let of_count: Vec<&SuiteLine> = suite
                .iter()
                .filter(|l| l.players() == Ok(players))
                .collect();
            assert!(
                of_count.len() >= 4,
                "{players} players: {} lines",
                of_count.len()
            );
            assert!(of_count
                .iter()
                .any(|l| l.name.starts_with("start") && l.counts.len() >= 4));
        }
    }

    /// The naive generator reproduces the file at depths 1 and 2 (the
    /// deeper counts take it minutes; the datagen command wrote them).
    #[test]
    fn naive_generator_reproduces_the_multi_suite() {
        for line in &read_suite_file(MULTI_SUITE).unwrap() {
            let pos = naive_position(line);
            assert_eq!(pos.to_text(), line.position, "{}: not canonical", line.name);
            for depth in 1..=2 {
                let want = line.counts[depth as usize - 1];
                assert_eq!(perft(&pos, depth), want, "{} perft({depth})", line.name);
            }
        }
    }

    /// Distinct moves have distinct texts at the root and one ply down, so
    /// a divide by text is a divide by move (PERFT.md's move identity).
    #[test]
    fn naive_move_texts_are_distinct_on_the_multi_suite() {
        for line in &read_suite_file(MULTI_SUITE).unwrap() {
            let root = naive_position(line);
            let mut positions = vec![root.clone()];
            positions.extend(legal_moves(&root).iter().map(|m| play(&root, m)));
            for pos in &positions {
                let mut texts: Vec<String> = legal_moves(pos).iter().map(move_text).collect();
                let n = texts.len();
                texts.sort();
                texts.dedup();
                assert_eq!(texts.len(), n, "{}: {}", line.name, pos.to_text());
            }
        }
    }

    /// The naive generator gives the file's depth-2 counts on the twelve
    /// symmetric images of every position and with every seat renamed
    /// one to five places later (turn order and sides are cyclic in the
    /// seat): a guard on its direction and player handling.
    #[test]
    fn naive_generator_is_symmetric_on_the_multi_suite() {
        for line in &read_suite_file(MULTI_SUITE).unwrap() {
            let original = naive_position(line);
            for s in 0..12 {
                let image = original.transformed(s).seats_shifted(s % original.players);
                assert_eq!(
                    perft(&image, 2),
                    line.counts[1],
                    "{} image {s}: {}",
                    line.name,
                    image.to_text()
                );
            }
        }
    }
}

/// Rewrites `positions/abalone-multi-perft.txt` from `multi/designs.rs`
/// with counts from the naive generator:
/// `cargo run --release --features datagen --example datagen -- abalone-multi-perft`.
#[cfg(not(test))]
pub fn regenerate_multi_suite() {
    use naive::abalone::multi::designs::designs;
    use naive::abalone::suite::{repo_path, MULTI_SUITE};
    let mut text = String::from(MULTI_HEADER);
    for design in designs() {
        let pos = design.position().unwrap();
        let counts: Vec<String> = (1..=design.depth)
            .map(|d| naive::abalone::multi::perft(&pos, d).to_string())
            .collect();
        let _ = writeln!(text, "\n# {}", design.note);
        let _ = writeln!(
            text,
            "{} ; {} ; {} ; {}",
            design.name,
            design.options(),
            pos.to_text(),
            counts.join(" ")
        );
        eprintln!("{} {}", design.name, counts.join(" "));
    }
    std::fs::write(repo_path(MULTI_SUITE), text).unwrap();
}

#[cfg(not(test))]
const MULTI_HEADER: &str = "\
# Abalone perft suite for 3, 4 and 6 players (shared/rules/abalone-multiplayer.md,
# shared/rules/PERFT.md).
#
# One position a line:  name ; options ; position string ; perft(1) perft(2) ...
# - options: players=3, 4 or 6 (GameOptions::parse); perft never applies
#   repetition or max_plies.
# - position string: <row i>/.../<row a>[+<n1><c1>...<nN><cN>] <side>, rows
#   from i down to a, each from its lowest diagonal; b w r u g y the marbles
#   of players 1 to 6, digits runs of empty cells; +<n><c>... = marbles
#   ejected BY each player, in player order.
# - counts: leaves at depth 1, 2, 3, 4 (and 5 from the starts). A move is
#   the set of moved marbles (own and partner) and the direction; a forced
#   `pass` is one move. A finished game (a side at 6, or no player able to
#   move: a draw) counts only when reached exactly at depth 0.
#
# The counts come ONLY from the deliberately simple generator in
# tests/naive/abalone/multi (written from the rules text, independent of
# src/games/abalone). The positions are defined in
# tests/naive/abalone/multi/designs.rs; do not edit this file by hand.
# Regenerate (a few minutes):
#   cargo run --release --features datagen --example datagen -- abalone-multi-perft
# Check the naive generator and the engine against it:
#   cargo test --release --test suite abalone_perft::multi
# One naive divide:
#   cargo run --release --features datagen --example datagen -- abalone-multi-divide <name or position> [players=N] [depth]
";

/// Prints the naive divide of one multi-player position (a position string
/// with `players=N`, or a name from the multi-player suite).
#[cfg(not(test))]
pub fn print_naive_multi_divide(text: String, options: String, depth: u32) {
    use naive::abalone::multi::position::Position as MultiPosition;
    use naive::abalone::suite::{read_suite_file, MULTI_SUITE};
    // Without the file (before the first regeneration) only position strings work.
    let suite = read_suite_file(MULTI_SUITE).unwrap_or_default();
    let line = match suite.iter().find(|l| l.name == text) {
        Some(line) => SuiteLine {
            counts: Vec::new(),
            name: line.name.clone(),
            options: line.options.clone(),
            position: line.position.clone(),
        },
        None => SuiteLine {
            counts: Vec::new(),
            name: text.clone(),
            options,
            position: text,
        },
    };
    let parsed = line
        .players()
        .and_then(|players| MultiPosition::parse(&line.position, players));
    let pos = match parsed {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("abalone-multi-divide: {e}");
            std::process::exit(2);
        }
    };
    let parts = naive::abalone::multi::divide(&pos, depth);
    for (m, n) in &parts {
        println!("{m}: {n}");
    }
    println!(
        "{} ; {} ; perft({depth}) = {}",
        line.position,
        line.options,
        parts.iter().map(|(_, n)| n).sum::<u64>()
    );
}

/// The engine (`agon::games::abalone::multi::AbaloneMulti`) against the
/// 3-, 4- and 6-player suite: every count of the file (to depth 5 from the
/// starts, 4 elsewhere), the twelve symmetric images with the seats
/// renamed, and the starts it builds itself.
mod multi_engine {
    use super::multi_suite::naive_position;
    use super::{engine_position, locate_difference, SuiteLine};
    use crate::naive::abalone::multi::position::Position;
    use crate::naive::abalone::suite::{read_suite_file, MULTI_SUITE};
    use agon::game::perft::perft as engine_perft;
    use agon::game::{Game, GameOptions, Notation};
    use agon::games::abalone::multi::AbaloneMulti;

    /// Compares the engine's perft with `counts` up to `depth`; on the
    /// first difference, the report of [`locate_difference`].
    fn check(line: &SuiteLine, naive: Position, depth: usize) -> Result<(), String> {
        let engine = engine_position::<AbaloneMulti>(line)?;
        for (i, &want) in line.counts.iter().take(depth).enumerate() {
            let d = i as u32 + 1;
            let got = engine_perft(&engine, d);
            if got != want {
                return Err(format!(
                    "{}: engine perft({d}) = {got}, suite says {want}\n{}",
                    line.name,
                    locate_difference::<AbaloneMulti>(naive, line, d)
                ));
            }
        }
        Ok(())
    }

    #[test]
    fn engine_reproduces_the_multi_suite() {
        let failures: Vec<String> = read_suite_file(MULTI_SUITE)
            .unwrap()
            .iter()
            .filter_map(|line| check(line, naive_position(line), line.counts.len()).err())
            .collect();
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }

    /// The twelve symmetric images of every suite position, each with the
    /// seats renamed (see the naive test of the same name), at depth 3
    /// where the suite's perft(3) is at most 20,000, depth 2 elsewhere.
    #[test]
    fn engine_reproduces_the_multi_suite_on_symmetric_images() {
        let mut failures = Vec::new();
        for line in &read_suite_file(MULTI_SUITE).unwrap() {
            let original = naive_position(line);
            let depth = if line.counts[2] <= 20_000 { 3 } else { 2 };
            for s in 0..12 {
                let image = original.transformed(s).seats_shifted(s % original.players);
                let image_line = SuiteLine {
                    name: format!("{} (image {s})", line.name),
                    options: line.options.clone(),
                    position: image.to_text(),
                    counts: line.counts.clone(),
                };
                if let Err(e) = check(&image_line, image, depth) {
                    failures.push(e);
                    break;
                }
            }
        }
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }

    /// The engine's own start for `players=N` is the suite's start line.
    #[test]
    fn engine_starts_are_the_suite_starts() {
        let suite = read_suite_file(MULTI_SUITE).unwrap();
        for players in [3, 4, 6] {
            let line = suite
                .iter()
                .find(|l| l.name == format!("start-{players}"))
                .unwrap();
            let opts = GameOptions::parse(&line.options, AbaloneMulti::option_specs()).unwrap();
            let engine = AbaloneMulti::new(&opts).unwrap();
            let mut seen = Position::parse(&engine.position(), players).unwrap();
            seen.ply = None;
            assert_eq!(seen.to_text(), line.position, "{players} players");
        }
    }
}
