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
