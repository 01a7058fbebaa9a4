//! Hostile sizes: an input of any length costs one error line of bounded
//! length that quotes at most 40 characters of it (protocol.md, "Errors"),
//! in every game's move and position parser and in every option; a
//! command line longer than the engine reads is one error line, is never
//! held in memory whole, and the engine answers the next line.

use crate::common;

use common::Agon;

/// protocol.md, "Errors".
const QUOTE: usize = 40;
const MAX_ERROR_LINE: usize = 512;

/// The filler of every huge input: no game reads it as anything.
const FILL: char = 'q';

fn huge(n: usize) -> String {
    std::iter::repeat_n(FILL, n).collect()
}

/// Sends `command` and checks its answer: exactly one error line, bounded
/// and quoting at most [`QUOTE`] characters of the filler in a row.
fn one_bounded_error(e: &mut Agon, what: &str, command: &str) {
    e.send(command);
    let out = e.sync();
    assert_eq!(out.len(), 1, "{what}: {} lines", out.len());
    let line = &out[0];
    let start: String = line.chars().take(200).collect();
    assert!(line.starts_with("info string error: "), "{what}: {start}");
    assert!(
        line.chars().count() <= MAX_ERROR_LINE,
        "{what}: an error line of {} characters: {start}…",
        line.chars().count()
    );
    assert!(
        !line.contains(&huge(QUOTE + 1)),
        "{what}: quotes more than {QUOTE} characters: {line}"
    );
}

/// The first word of the `moves` answer (a move or a chance outcome).
fn first_move(e: &mut Agon) -> String {
    e.send("moves");
    let line = e.recv();
    line.split(' ').nth(1).expect("a legal move").to_string()
}

/// The option keys of the current game, from `d`'s `game:` line.
fn option_keys(e: &mut Agon) -> Vec<String> {
    e.send("d");
    let out = e.sync();
    let game = out
        .iter()
        .find_map(|l| l.strip_prefix("game: "))
        .expect("a game line");
    game.split(' ')
        .skip(1)
        .filter_map(|kv| kv.split_once('=').map(|(k, _)| k.to_string()))
        .collect()
}

#[test]
fn huge_inputs_give_bounded_error_lines_in_every_game() {
    let word = huge(70_000);
    let words = format!("{FILL} ").repeat(20_000);
    let mut e = Agon::start();
    for game in ["abalone", "zamma", "petteia", "kubeia", "palma"] {
        e.send(&format!("setoption name Game value {game}"));
        e.send("position startpos");
        // The start's parser (a throw or roll pending in the dice games),
        // then the one after the first move (the dice games' moves).
        let first = first_move(&mut e);
        for before in [String::new(), format!("{first} ")] {
            let what = format!("{game} after '{before}'");
            let moves = format!("position startpos moves {before}");
            one_bounded_error(&mut e, &what, &format!("{moves}{word}"));
            one_bounded_error(&mut e, &what, &format!("{moves}{word} {word}"));
            e.send(&format!("position startpos moves {before}"));
            one_bounded_error(&mut e, &what, &format!("go searchmoves {word}"));
        }
        one_bounded_error(&mut e, game, &format!("position fen {word}"));
        one_bounded_error(&mut e, game, &format!("position fen {word} {word}"));
        one_bounded_error(&mut e, game, &format!("position fen {words}"));
        for key in option_keys(&mut e) {
            let what = format!("{game} option {key}");
            for value in [&word, &words] {
                // Checked at the `isready` that ends the exchange.
                let set = format!("setoption name GameOptions value {key}={value}");
                one_bounded_error(&mut e, &what, &set);
            }
        }
        // The state stayed: the start, with the default options.
        e.send("position startpos");
        assert_eq!(first_move(&mut e), first, "{game}");
    }
    for command in [
        word.clone(),
        format!("setoption name {word} value 1"),
        format!("setoption name Hash value {word}"),
        format!("setoption name Game value {word}"),
        format!("go depth {word}"),
        format!("go {word}"),
        format!("query {word}"),
        format!("bench {word}"),
    ] {
        one_bounded_error(&mut e, &command[..20], &command);
    }
}

/// `VmRSS` or `VmHWM` of process `pid`, in KiB (Linux).
fn memory_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc");
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no {field} in {status}"))
}

#[cfg(target_os = "linux")]
#[test]
fn an_overlong_line_is_one_error_and_is_never_held_whole() {
    let mut e = Agon::start();
    // A small table, so the engine's own memory is a few MiB.
    e.send("setoption name Hash value 1");
    e.sync();
    let pid = e.pid();
    let before = memory_kib(pid, "VmRSS");
    // Peak memory from here on (the start-up table was larger).
    let peak_reset = std::fs::write(format!("/proc/{pid}/clear_refs"), "5").is_ok();
    // 64 MiB without a line break, then a command.
    let mut line = format!("position startpos moves {}", huge(64 << 20)).into_bytes();
    line.push(b'\n');
    e.send_bytes(&line);
    drop(line);
    e.send("position startpos moves c3c4d3");
    let out = e.sync();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("info string error: a line longer than ")
            && out[0].chars().count() <= MAX_ERROR_LINE,
        "{}",
        out[0].chars().take(200).collect::<String>()
    );
    let grown = |field| memory_kib(pid, field).saturating_sub(before) / 1024;
    // The line is dropped as it comes: the memory it took is gone.
    assert!(grown("VmRSS") < 16, "VmRSS grew by {} MiB", grown("VmRSS"));
    if peak_reset {
        assert!(grown("VmHWM") < 16, "VmHWM grew by {} MiB", grown("VmHWM"));
    }
    // The command after it was read whole: the position has that move.
    e.send("d");
    let d = e.sync();
    assert!(d.iter().any(|l| l == "ply: 1"), "{d:?}");
}
