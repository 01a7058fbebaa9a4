//! `agon perft` on the command line (issue 2): counts for the start
//! layouts, and bad input answered by one error line and a failure status.

fn agon(args: &[&str]) -> (bool, String, String) {
    let (status, out, err) = crate::common::run(args);
    (status.success(), out, err)
}

#[test]
fn start_layouts_have_the_published_move_counts() {
    // abalone.md layouts: 44 moves from the standard start, 52 from Belgian
    // Daisy, 80 from German Daisy (counted by hand in abalone_naive_sanity).
    for (options, count) in [("", 44), ("layout=belgian", 52), ("layout=german", 80)] {
        let (ok, stdout, _) = agon(&[
            "perft",
            "--game",
            "abalone",
            "--options",
            options,
            "--depth",
            "1",
        ]);
        assert!(ok);
        assert!(
            stdout.contains(&format!("perft 1: {count}\n")),
            "{options}: {stdout}"
        );
    }
}

#[test]
fn bad_input_is_one_error_line_and_a_failure() {
    let cases: &[&[&str]] = &[
        &["perft", "--game", "chess", "--depth", "1"],
        &["perft", "--options", "layout=square", "--depth", "1"],
        &["perft", "--options", "princess", "--depth", "1"],
        &["perft", "--position", "wwwww/wwwwww b", "--depth", "1"],
        &["perft", "--position", "", "--depth", "1"],
        &["perft", "--depth", "-1"],
        &["perft", "--depth", "abc"],
        &["perft", "--depth", "99999999999999999999"],
        &["perft"],
        &["perft", "--depth", "1", "--colour", "red"],
    ];
    for args in cases {
        let (ok, stdout, stderr) = agon(args);
        assert!(!ok, "{args:?} succeeded: {stdout}");
        // Bad values and flags get clap's error (the argument named, a
        // suggestion, the usage); bad games or positions one line.
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.lines().count() <= 8, "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
