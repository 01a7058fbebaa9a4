//! `agon match` on the command line: run-time evaluation weights are
//! checked against the game's feature count, and a match with them plays.

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

/// `agon match` of a built-in random A against the scripted engine as B
/// (`fake` its arguments) in two short Zamma games: (stdout, stderr).
fn against_fake(fake: &[&str], extra: &[&str]) -> (std::process::ExitStatus, String, String) {
    let mut b = format!("cmd={}", crate::arena_referee::fake_engine().display());
    for arg in fake {
        b += &format!(",arg={arg}");
    }
    b += ",movetime=100,name=fake";
    let mut args = vec![
        "match",
        "--game",
        "zamma",
        "--a",
        "search=random,hash=1",
        "--b",
        &b,
        "--games",
        "2",
        "--max-plies",
        "20",
    ];
    args.extend_from_slice(extra);
    crate::common::run(&args)
}

#[test]
fn an_endless_line_is_a_protocol_forfeit_in_bounded_memory() {
    // The fake prints a 64 MiB line at its second `go` (each game, as it
    // is restarted after the fault); the referee stops reading at its
    // bound, and its peak memory stays far below the line.
    let b = format!(
        "cmd={},arg=--mode,arg=endless,arg=--at,arg=2,movetime=100,name=fake",
        crate::arena_referee::fake_engine().display()
    );
    // Reaped by wait4(2) below, which also reports its peak memory.
    #[allow(clippy::zombie_processes)]
    let child = std::process::Command::new(crate::common::agon_bin())
        .args([
            "match",
            "--game",
            "zamma",
            "--a",
            "search=random,hash=1",
            "--b",
            &b,
            "--games",
            "2",
            "--max-plies",
            "20",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("agon runs");
    let pid = child.id() as libc::pid_t;
    let mut stdout = child.stdout.expect("stdout");
    let mut out = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut out).expect("output");
    let mut status = 0;
    // SAFETY: plain out-parameters; `pid` is our child, not yet reaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid);
    assert_eq!(
        out.matches("B forfeits: protocol error, a line longer than 262144 bytes")
            .count(),
        2,
        "{out}"
    );
    let peak_mib = usage.ru_maxrss / 1024;
    assert!(peak_mib < 32, "the referee grew to {peak_mib} MiB");
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
    let pids = std::env::temp_dir().join(format!("agon-orphans-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&pids);
    let engine = format!(
        "{} --mode deaf --pid-file {}; true",
        crate::arena_referee::fake_engine().display(),
        pids.display()
    );
    let (status, out, err) = crate::common::run(&[
        "match",
        "--game",
        "zamma",
        "--a",
        "search=random,hash=1",
        "--b",
        &format!("cmd=/bin/sh,arg=-c,arg={engine},movetime=100,name=wrapped"),
        "--games",
        "2",
        "--max-plies",
        "10",
    ]);
    assert!(status.success(), "{err}");
    assert!(out.contains("result A vs B: "), "{out}");
    let started: Vec<i32> = std::fs::read_to_string(&pids)
        .expect("the engine wrote its pid")
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    let _ = std::fs::remove_file(&pids);
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
fn the_default_margin_forgives_a_loaded_machine_and_forfeits_stand_out() {
    // 10 ms over its move time every move, as scheduling on a busy
    // machine makes a sound engine: no forfeit by default...
    let (status, out, err) = against_fake(&["--mode", "slow"], &[]);
    assert!(status.success(), "{err}");
    assert!(out.contains("forfeits 0)"), "{out}");
    assert!(!out.contains("FORFEITS"), "{out}");
    // ... and every game lost on time with no margin, said loudly.
    let (status, out, err) = against_fake(&["--mode", "slow"], &["--margin", "0"]);
    assert!(status.success(), "{err}");
    assert_eq!(out.matches("B forfeits: time, ").count(), 2, "{out}");
    assert!(
        out.contains("FORFEITS: 2 of 2 games lost by a fault (B: time 2)"),
        "{out}"
    );
    assert!(err.contains("warning: FORFEITS"), "{err}");
}
