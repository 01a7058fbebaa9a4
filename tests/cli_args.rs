//! The command line's arguments (issue 13, items 10-13; issue 12, item 6):
//! values out of range are errors that name the argument, a missing
//! argument is named, a misspelt flag gets a suggestion, the help lists
//! every game and points at no file outside the repository; `agon bench`
//! and the protocol's `bench` print the same signature; `agon perft
//! --divide` prints each root move as it is counted; `agon match` prints a
//! score line after every game.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use agon::games::GameKind;

fn agon(args: &[&str]) -> (Option<i32>, String, String) {
    let (status, out, err) = crate::common::run(args);
    (status.code(), out, err)
}

#[test]
fn out_of_range_values_are_errors_naming_the_argument() {
    let cases: &[(&[&str], &str)] = &[
        (&["bench", "--depth", "0"], "--depth"),
        (&["bench", "--threads", "0"], "--threads"),
        (&["bench", "--hash", "0"], "--hash"),
        (&["bench", "--hash", "65537"], "--hash"),
        (&["perft", "--depth", "65"], "--depth"),
        (
            &[
                "match",
                "--a",
                "depth=1",
                "--b",
                "depth=1",
                "--concurrency",
                "0",
            ],
            "--concurrency",
        ),
        (
            &["match", "--a", "depth=1", "--b", "depth=1", "--games", "0"],
            "--games",
        ),
        (
            &["match", "--a", "threads=0", "--b", "depth=1"],
            "engine setting 'threads'",
        ),
        (
            &["match", "--a", "depth=1", "--b", "hash=0"],
            "engine setting 'hash'",
        ),
        (&["tune", "--spsa", "0"], "--spsa"),
        (
            &["tune", "--engine", "threads=0", "--selfplay", "1"],
            "threads",
        ),
        (&["match", "--a", "depth=1"], "--b <ENGINE>"),
        (
            &["bench", "--dept", "3"],
            "a similar argument exists: '--depth'",
        ),
        (
            &["bench", "--game", "abalon"],
            "[possible values: abalone, zamma, petteia, kubeia, palma]",
        ),
    ];
    for (args, named) in cases {
        let (code, stdout, stderr) = agon(args);
        assert_eq!(code, Some(2), "{args:?} did not fail: {stdout}{stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(
            stderr.contains(named),
            "{args:?} does not name {named}: {stderr}"
        );
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
    }
}

#[test]
fn help_lists_every_game_and_no_outside_file() {
    for cmd in ["perft", "bench", "match", "tune", "analyse"] {
        let (code, help, _) = agon(&[cmd, "--help"]);
        assert_eq!(code, Some(0), "{cmd}");
        for kind in GameKind::ALL {
            assert!(
                help.contains(kind.name()),
                "{cmd} --help lacks {}: {help}",
                kind.name()
            );
        }
        assert!(!help.contains("shared/"), "{cmd} --help: {help}");
    }
    let (_, help, _) = agon(&["--help"]);
    assert!(!help.contains("shared/"), "{help}");
}

/// `bench <game> positions N depth D nodes N` lines and the total of a
/// bench printed by `agon bench` or (behind `info string`) the protocol.
fn signature(out: &str) -> (Vec<String>, u64) {
    let games: Vec<String> = out
        .lines()
        .map(|l| l.trim_start_matches("info string "))
        .filter(|l| l.starts_with("bench ") && l.contains(" positions "))
        .map(String::from)
        .collect();
    let total = out
        .lines()
        .find_map(|l| l.strip_prefix("bench nodes "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no total line: {out}"));
    (games, total)
}

#[test]
fn the_command_line_and_the_protocol_print_the_same_bench() {
    let (code, cli, err) = agon(&["bench", "--depth", "2"]);
    assert_eq!(code, Some(0), "{err}");
    // The bench runs on its own thread: `quit` would stop it, so it is
    // sent only after the total.
    let mut e = crate::common::Agon::start();
    e.send("bench 2");
    let protocol = e.until(|l| l.starts_with("bench nodes ")).join("\n");
    e.send("quit");
    let (cli_games, cli_total) = signature(&cli);
    let (protocol_games, protocol_total) = signature(&protocol);
    assert_eq!(cli_games.len(), GameKind::ALL.len(), "{cli}");
    assert_eq!(cli_games, protocol_games, "{cli}\n{protocol}");
    assert_eq!(cli_total, protocol_total);
    assert!(cli_total > 0);
    // Scores as the protocol writes them, and middlegame positions for
    // every game (more than one position each).
    for line in cli.lines().filter(|l| l.contains(" position ")) {
        assert!(
            line.contains(" score cp ") || line.contains(" score mate "),
            "{line}"
        );
    }
    for kind in GameKind::ALL {
        let line = cli_games
            .iter()
            .find(|l| l.starts_with(&format!("bench {} ", kind.name())))
            .unwrap_or_else(|| panic!("{cli}"));
        let n: usize = line.split_whitespace().nth(3).unwrap().parse().unwrap();
        assert!(n >= 4, "{line}");
    }
}

#[test]
fn perft_divide_prints_each_move_as_it_is_counted() {
    // Abalone depth 6 takes far longer than a test: the first root move's
    // line must arrive while the count is still running.
    let mut child = Command::new(crate::common::agon_bin())
        .args(["perft", "--game", "abalone", "--depth", "6", "--divide"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("agon runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("a line");
    // A count printed at the end would arrive with the others, just before
    // the process exits; one printed as counted leaves the rest running.
    std::thread::sleep(std::time::Duration::from_secs(1));
    let still_running = child.try_wait().expect("status").is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(still_running, "perft ended before its first line: {first}");
    let (mv, count) = first.trim().split_once(": ").expect("move: count");
    assert!(!mv.is_empty() && count.parse::<u64>().is_ok(), "{first}");
}

#[test]
fn a_match_prints_a_score_line_after_every_game() {
    let (code, out, err) = agon(&[
        "match",
        "--game",
        "zamma",
        "--a",
        "search=greedy",
        "--b",
        "search=random",
        "--games",
        "4",
        "--max-plies",
        "60",
    ]);
    assert_eq!(code, Some(0), "{err}");
    for n in 1..=4 {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("game {n}/4: ")))
            .unwrap_or_else(|| panic!("no line for game {n}: {out}"));
        assert!(
            line.contains(" | +") && line.contains(" score ") && line.contains(" elo "),
            "{line}"
        );
    }
    // Not a terminal: no progress bar drawn.
    assert!(!err.contains("eta"), "{err}");
}

#[test]
fn a_perfect_score_has_an_unbounded_elo() {
    // cutechess prints `inf`; a clamped score gave `+2400 ± 59`.
    let (code, out, err) = agon(&[
        "match",
        "--game",
        "abalone",
        "--a",
        "depth=2",
        "--b",
        "search=random",
        "--games",
        "2",
        "--max-plies",
        "80",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let line = |head: &str| {
        out.lines()
            .find(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("no '{head}' line: {out}"))
    };
    let result = line("result A vs B: ");
    assert!(result.starts_with("result A vs B: +2 =0 -0 "), "{out}");
    assert!(result.contains(" elo +inf "), "{result}");
    assert!(line("pairs ").ends_with(" elo +inf"), "{out}");
    assert!(!out.contains("2400"), "{out}");
}

#[test]
fn a_match_draws_a_progress_bar_on_a_terminal() {
    // `script` (util-linux) runs the match on a pseudo-terminal, where
    // standard error is a terminal and the bar is drawn.
    let cmd = format!(
        "'{}' match --game zamma --a search=greedy --b search=random --games 2 --max-plies 20",
        crate::common::agon_bin()
    );
    let Ok(out) = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .output()
    else {
        eprintln!("skipped: no `script` command to make a terminal");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("game 2/2: "), "{text}");
    assert!(text.contains("2/2 games"), "no progress bar: {text}");
}
