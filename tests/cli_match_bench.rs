//! `agon match` and `agon bench` on the command line for the dice games:
//! a mirrored Palma match against `rearmost` reports every game, and the
//! expectiminimax bench gives the same scores whatever the threads.

fn agon(args: &[&str]) -> (bool, String, String) {
    let (status, out, err) = crate::common::run(args);
    (status.success(), out, err)
}

#[test]
fn palma_match_against_rearmost_counts_every_game() {
    let (ok, stdout, stderr) = agon(&[
        "match",
        "--game",
        "palma",
        "--a",
        "search=auto,depth=1,hash=1",
        "--b",
        "search=rearmost,hash=1",
        "--games",
        "6",
        "--openings",
        "0",
        "--max-plies",
        "5000",
        "--concurrency",
        "2",
    ]);
    assert!(ok, "{stderr}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("result A vs B: +"))
        .unwrap_or_else(|| panic!("{stdout}"));
    // "+W =D -L": every one of the 6 games counted, none adjudicated.
    let count = |sign: char| -> u32 {
        let word = line
            .split_whitespace()
            .find(|w| w.starts_with(sign))
            .unwrap();
        word[1..].parse().unwrap()
    };
    assert_eq!(count('+') + count('=') + count('-'), 6, "{line}");
    assert!(line.contains("(adjudicated 0,"), "{line}");
    assert!(stdout.contains("(2 games at once)"), "{stdout}");
}

/// Per-position "best … score …" lines of a bench run.
fn scores(args: &[&str]) -> Vec<String> {
    let (ok, stdout, stderr) = agon(args);
    assert!(ok, "{stderr}");
    let lines: Vec<String> = stdout
        .lines()
        .filter(|l| l.contains(" position "))
        .map(|l| l.split(" nodes").next().unwrap().to_string())
        .collect();
    assert!(lines.len() >= 2, "{stdout}");
    lines
}

#[test]
fn expectimax_bench_scores_do_not_depend_on_threads() {
    for game in ["palma", "kubeia"] {
        let depth = if game == "palma" { "3" } else { "1" };
        let base = ["bench", "--game", game, "--depth", depth];
        let one = scores(&base);
        let mut args = base.to_vec();
        args.extend(["--threads", "2"]);
        // Best moves may differ only between equal values; the scores are
        // the exact depth-limited values.
        let strip = |v: Vec<String>| -> Vec<String> {
            v.iter()
                .map(|l| {
                    l.split(" best").next().unwrap().to_string() + l.split(" score").nth(1).unwrap()
                })
                .collect()
        };
        assert_eq!(strip(scores(&args)), strip(one.clone()), "{game}");
    }
}
