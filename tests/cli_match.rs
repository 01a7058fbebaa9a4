//! `agon match` on the command line: run-time evaluation weights are
//! checked against the game's feature count, and a match with them plays.

use crate::common::scratch::Scratch;

fn agon(args: &[&str]) -> (bool, String, String) {
    let (status, out, err) = crate::common::run(args);
    (status.success(), out, err)
}

#[test]
fn weights_of_the_wrong_length_are_one_error_line() {
    let cases: &[&[&str]] = &[
        &[
            "match",
            "--a",
            "depth=1,weights=1/2",
            "--b",
            "search=greedy",
            "--games",
            "2",
        ],
        &[
            "match",
            "--a",
            "depth=1",
            "--b",
            "weights=1/x",
            "--games",
            "2",
        ],
    ];
    for args in cases {
        let (ok, stdout, stderr) = agon(args);
        assert!(!ok, "{args:?} succeeded: {stdout}");
        // Bad values and flags get clap's error (the argument named, a
        // suggestion, the usage); bad games or positions one line.
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.lines().count() <= 8, "{args:?}: {stderr}");
    }
}

#[test]
fn a_match_between_weight_sets_plays() {
    let w = agon::games::abalone::eval::WEIGHTS
        .iter()
        .map(|w| w.to_string())
        .collect::<Vec<_>>()
        .join("/");
    let a = format!("depth=1,weights={w}");
    let (ok, stdout, stderr) = agon(&["match", "--a", &a, "--b", "search=greedy", "--games", "2"]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("result A vs B"), "{stdout}");
}

/// The `match` arguments of a built-in random A against the engine `b`
/// in two Zamma games of at most `max_plies` plies.
fn zamma_against(b: &str, max_plies: &str) -> Vec<String> {
    [
        "match",
        "--game",
        "zamma",
        "--a",
        "search=random,hash=1",
        "--b",
        b,
        "--games",
        "2",
        "--max-plies",
        max_plies,
    ]
    .map(String::from)
    .to_vec()
}

/// The scripted engine as an external engine spec, `fake` its arguments.
fn fake_spec(fake: &[&str]) -> String {
    let mut b = format!("cmd={}", crate::arena_referee::fake_engine().display());
    for arg in fake {
        b += &format!(",arg={arg}");
    }
    b + ",movetime=100,name=fake"
}

/// `agon match` of a built-in random A against the scripted engine as B
/// (`fake` its arguments) in two short Zamma games: (stdout, stderr).
fn against_fake(fake: &[&str], extra: &[&str]) -> (std::process::ExitStatus, String, String) {
    let mut args = zamma_against(&fake_spec(fake), "20");
    args.extend(extra.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    crate::common::run(&args)
}

#[test]
fn an_endless_line_is_a_protocol_forfeit_in_bounded_memory() {
    // The fake prints a 64 MiB line at its second `go` (each game, as it
    // is restarted after the fault); the referee stops reading at its
    // bound, and its peak memory stays far below the line.
    // Measured by the fake engine's `--measure`: a child of this (large,
    // multi-threaded) test process would report this process's memory.
    let b = fake_spec(&["--mode", "endless", "--at", "2"]);
    let run = std::process::Command::new(crate::arena_referee::fake_engine())
        .arg("--measure")
        .arg(crate::common::agon_bin())
        .args(zamma_against(&b, "20"))
        .output()
        .expect("the fake engine runs agon");
    let out = String::from_utf8_lossy(&run.stdout);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{err}");
    assert_eq!(
        out.matches("B forfeits: protocol error, a line longer than 262144 bytes")
            .count(),
        2,
        "{out}"
    );
    let peak_kb: u64 = err
        .lines()
        .find_map(|l| l.strip_prefix("maxrss_kb "))
        .and_then(|n| n.parse().ok())
        .expect("the peak memory");
    assert!(peak_kb < 32 * 1024, "the referee grew to {peak_kb} KiB");
}

#[test]
fn a_go_answered_twice_is_named_where_it_happens() {
    let (status, out, err) = against_fake(&["--mode", "twice", "--at", "2"], &[]);
    assert!(status.success(), "{err}");
    // The second answer to its 2nd `go` is seen before its 3rd.
    assert_eq!(
        out.matches("B forfeits: protocol error, 'bestmove ")
            .count(),
        2,
        "{out}"
    );
    assert!(out.contains("a go answered twice"), "{out}");
    assert!(!out.contains("illegal move,"), "{out}");
    assert!(
        out.contains("FORFEITS: 2 of 2 games lost by a fault (B: protocol error 2)"),
        "{out}"
    );
    assert!(err.contains("warning: FORFEITS: 2 of 2"), "{err}");
}

#[test]
fn no_engine_process_outlives_the_match() {
    // A wrapper script whose engine ignores `quit` and the end of its
    // input: killing the shell alone would leave the engine running.
    let dir = Scratch::new("orphans");
    let pids = dir.join("pids.txt");
    let engine = format!(
        "{} --mode deaf --pid-file {}; true",
        crate::arena_referee::fake_engine().display(),
        pids.display()
    );
    let args = zamma_against(
        &format!("cmd=/bin/sh,arg=-c,arg={engine},movetime=100,name=wrapped"),
        "10",
    );
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (status, out, err) = crate::common::run(&args);
    assert!(status.success(), "{err}");
    assert!(out.contains("result A vs B: "), "{out}");
    let started: Vec<i32> = std::fs::read_to_string(&pids)
        .expect("the engine wrote its pid")
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    assert!(!started.is_empty());
    // A killed orphan is reaped by init soon after: wait for that (or a
    // zombie), with a deadline.
    let running = |pid: i32| {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            stat.rsplit(") ")
                .next()
                .is_some_and(|s| !s.starts_with('Z'))
        })
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while started.iter().any(|&p| running(p)) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let left: Vec<i32> = started.iter().copied().filter(|&p| running(p)).collect();
    for &pid in &left {
        // SAFETY: kill(2) on the fake engine this test started.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
    assert!(left.is_empty(), "engine processes left running: {left:?}");
}

#[test]
fn the_default_margin_is_100_ms_and_forfeits_stand_out() {
    // An answer 300 ms late at the fake's second `go` is judged against
    // the default margin, which the detail names.
    let (status, out, err) = against_fake(&["--mode", "late", "--at", "2"], &[]);
    assert!(status.success(), "{err}");
    assert!(
        out.contains("B forfeits: time, answered after ") && out.contains("+ margin 100 ms)"),
        "{out}"
    );
    // 10 ms over its move time every move: every game lost with no
    // margin, and said loudly.
    let (status, out, err) = against_fake(&["--mode", "slow"], &["--margin", "0"]);
    assert!(status.success(), "{err}");
    assert_eq!(out.matches("B forfeits: time, ").count(), 2, "{out}");
    assert!(
        out.contains("FORFEITS: 2 of 2 games lost by a fault (B: time 2)"),
        "{out}"
    );
    assert!(err.contains("warning: FORFEITS"), "{err}");
}

/// The `GameOptions` lines the scripted engine (B, with `fake` as further
/// arguments) read in a short Abalone match against a built-in random A
/// with `extra` arguments; the match must end without a fault.
fn game_options_sent(tag: &str, fake: &[&str], extra: &[&str]) -> Vec<String> {
    let dir = Scratch::new(&format!("options-{tag}"));
    let log = dir.join("engine.log");
    let log_text = log.display().to_string();
    let mut b = vec!["--log", log_text.as_str()];
    b.extend_from_slice(fake);
    let mut args: Vec<String> = [
        "match",
        "--game",
        "abalone",
        "--a",
        "search=random,hash=1",
        "--b",
        &fake_spec(&b),
        "--games",
        "2",
        "--max-plies",
        "10",
    ]
    .map(String::from)
    .to_vec();
    args.extend(extra.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (status, out, err) = crate::common::run(&args);
    let lines = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(status.success(), "{err}");
    assert!(out.contains("forfeits 0)"), "{out}");
    assert!(lines.contains("isready"), "the engine ran: {lines}");
    lines
        .lines()
        .filter(|l| l.starts_with("setoption name GameOptions"))
        .map(String::from)
        .collect()
}

#[test]
fn the_referee_sends_only_game_options_off_their_defaults() {
    // No options given: nothing to send (every option is its default).
    assert_eq!(game_options_sent("none", &[], &[]), Vec::<String>::new());
    // Exactly what differs, and nothing of the defaults beside it.
    let sent = game_options_sent("belgian", &[], &["--options", "layout=belgian"]);
    assert!(!sent.is_empty());
    for line in &sent {
        assert_eq!(line, "setoption name GameOptions value layout=belgian");
    }
    // Three players differ from the default two: the engine is told.
    let sent = game_options_sent("players", &[], &["--players", "3"]);
    assert!(!sent.is_empty());
    for line in &sent {
        assert_eq!(line, "setoption name GameOptions value players=3");
    }
    // An engine of an older version that lacks the `players` key plays
    // a two-player game (it rejected the setup when every default was
    // sent).
    let older = ["--known", "layout:princess:max_plies:repetition"];
    assert_eq!(
        game_options_sent("older", &older, &[]),
        Vec::<String>::new()
    );
}
