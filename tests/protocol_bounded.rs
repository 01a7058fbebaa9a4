//! Every command ends, and says only what it knows: quiescence in
//! positions where nearly every move captures completes depth 1 at once,
//! `go perft` and `bench` yield to `stop`, `quit` and the end of input,
//! and the reports of a search stopped inside an iteration claim no exact
//! score.

use crate::common;

use std::time::Duration;

use common::Agon;

/// Positions full of captures: Petteia with each side's back row next to
/// the other's men (every man can take at once, in chains), Zamma with
/// flying Mullahs face to face or spread over the board.
const CAPTURE_RICH: &[(&str, &str)] = &[
    (
        "petteia",
        "OOOOOOOOOOOO/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/oooooooooooo w - 0,0 0 0 *",
    ),
    ("zamma", "WWWWWWWWW/BBBBBBBBB/9/9/9/9/9/9/9 w 0 0"),
    (
        "zamma",
        "W1W1W1W1W/1B1B1B1B1/B1B1B1B1B/9/9/9/9/1W1W1W1W1/9 w 0 0",
    ),
];

#[test]
fn depth_1_completes_at_once_where_everything_captures() {
    let mut e = Agon::start();
    for (game, fen) in CAPTURE_RICH {
        e.send(&format!("setoption name Game value {game}"));
        e.send(&format!("position fen {fen}"));
        e.send("moves");
        let moves = e.recv().split_whitespace().count() as u64 - 1;
        e.send("go depth 1");
        let out = e.until(|l| l.starts_with("bestmove"));
        // Bounded in nodes, not in time (a loaded machine stretches
        // time): each root move's quiescence spends its budget, and past
        // it each open ply visits its remaining moves once. Before the
        // budget these searches took minutes to hours.
        let nodes: u64 = out
            .iter()
            .filter(|l| l.starts_with("info depth 1 seldepth"))
            .filter_map(|l| l.split_whitespace().skip_while(|w| *w != "nodes").nth(1))
            .filter_map(|n| n.parse().ok())
            .next_back()
            .unwrap_or_else(|| panic!("{game} {fen}: depth 1 did not complete: {out:?}"));
        let budget = (moves + 1) * 4 * agon::search::alphabeta::QS_BUDGET;
        assert!(
            nodes <= budget,
            "{game} {fen}: depth 1 searched {nodes} nodes, over {budget}"
        );
        assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    }
}

/// `go perft 64` of Petteia's start runs for ages: only a stop ends it.
fn start_long_perft(e: &mut Agon) {
    e.send("setoption name Game value petteia");
    e.send("go perft 64");
    // The reader answers while perft counts.
    e.send("isready");
    e.expect("readyok");
}

#[test]
fn stop_ends_perft_and_the_engine_goes_on() {
    let mut e = Agon::start();
    start_long_perft(&mut e);
    e.send("go perft 1");
    e.expect("info string error: a search is running; send stop first");
    e.send("stop");
    e.expect("info string perft stopped");
    e.send("go perft 1");
    let out = e.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(out.last().unwrap(), "Nodes searched: 57");
    assert_eq!(out.len(), 58, "{out:?}");
}

#[test]
fn quit_and_end_of_input_end_perft() {
    for last in [Some("quit"), None] {
        let mut e = Agon::start();
        start_long_perft(&mut e);
        if let Some(word) = last {
            e.send(word);
        }
        let (rest, status, stderr) = e.finish();
        assert_eq!(rest, ["info string perft stopped"], "{last:?}");
        assert!(status.success(), "{last:?}: {status:?} {stderr}");
    }
}

/// `bench 64` runs for hours: the reader must answer while it runs.
fn start_long_bench(e: &mut Agon) {
    e.send("bench 64");
    e.send("isready");
    e.expect("readyok");
}

#[test]
fn stop_ends_the_bench_and_the_engine_goes_on() {
    let mut e = Agon::start();
    start_long_bench(&mut e);
    e.send("go depth 1");
    e.expect("info string error: a search is running; send stop first");
    e.send("stop");
    e.expect("info string bench stopped");
    e.send("isready");
    e.expect("readyok");
    // A bench that is not stopped still prints every game and the total.
    e.send("bench 1");
    let out = e.until(|l| l.starts_with("bench nodes "));
    let games = out
        .iter()
        .filter(|l| l.starts_with("info string bench ") && l.contains(" positions "))
        .count();
    assert_eq!(games, 5, "{out:?}");
    assert_eq!(games + 1, out.len(), "{out:?}");
}

#[test]
fn quit_and_end_of_input_end_the_bench() {
    for last in [Some("quit"), None] {
        let mut e = Agon::start();
        start_long_bench(&mut e);
        if let Some(word) = last {
            e.send(word);
        }
        let (rest, status, stderr) = e.finish();
        assert_eq!(rest, ["info string bench stopped"], "{last:?}");
        assert!(status.success(), "{last:?}: {status:?} {stderr}");
    }
}

#[test]
fn perft_deeper_than_the_command_line_allows_is_one_error() {
    let mut e = Agon::start();
    for depth in ["65", "1000", "99999999999"] {
        e.send(&format!("go perft {depth}"));
        let out = e.sync();
        assert_eq!(out.len(), 1, "{depth}: {out:?}");
        assert!(out[0].starts_with("info string error: "), "{out:?}");
    }
    let (status, _, _) = common::run(&["perft", "--game", "petteia", "--depth", "65"]);
    assert!(!status.success(), "the command line refuses depth 65 too");
}

/// The words after `key` in an `info` line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split(' ');
    words.find(|w| *w == key)?;
    words.next()
}

/// The score of an `info` line as written (`cp 12`, `mate -3`) and
/// whether it is a bound.
fn score_of(line: &str) -> Option<(String, bool)> {
    let at = line.find(" score ")?;
    let words: Vec<&str> = line[at + 7..].split(' ').collect();
    let bound = matches!(words.get(2), Some(&("lowerbound" | "upperbound")));
    Some((format!("{} {}", words[0], words[1]), bound))
}

/// The final `info` line of a search (the one before `bestmove`) shows a
/// score only where one is known: the exact score reported for its depth,
/// or a bound marked as one.
fn assert_final_score_is_backed(what: &str, out: &[String]) {
    let n = out.len();
    assert!(
        n >= 2 && out[n - 1].starts_with("bestmove"),
        "{what}: {out:?}"
    );
    let last = &out[n - 2];
    let depth = field(last, "depth").expect("the final line has a depth");
    let Some((score, bound)) = score_of(last) else {
        return;
    };
    if bound {
        return;
    }
    let reported = out[..n - 2].iter().any(|l| {
        l.contains(" seldepth ")
            && field(l, "depth") == Some(depth)
            && field(l, "multipv") == Some("1")
            && score_of(l) == Some((score.clone(), false))
    });
    assert!(
        reported,
        "{what}: the final line's score {score} was never reported exact at depth {depth}: {out:?}"
    );
}

#[test]
fn a_stopped_search_shows_no_score_it_does_not_know() {
    let mut e = Agon::start();
    let mut cases: Vec<(&str, &str)> = CAPTURE_RICH.to_vec();
    cases.push(("abalone", "startpos"));
    for (game, fen) in cases {
        e.send(&format!("setoption name Game value {game}"));
        if fen == "startpos" {
            e.send("position startpos");
        } else {
            e.send(&format!("position fen {fen}"));
        }
        // Node limits that stop the search before, inside and after the
        // first iterations.
        for nodes in [1, 50, 500, 3000, 20000] {
            e.send("ucinewgame");
            if fen != "startpos" {
                e.send(&format!("position fen {fen}"));
            }
            e.send(&format!("go nodes {nodes}"));
            let out = e.until(|l| l.starts_with("bestmove"));
            assert_final_score_is_backed(&format!("{game} {fen} nodes {nodes}"), &out);
        }
    }
}

#[test]
fn seldepth_is_never_below_depth() {
    // Zamma: a mate in one (the game ends at ply 1: no node deeper than the
    // root was searched) and a mate in four, searched deeper than the mate;
    // then the dice games' expectiminimax.
    let cases = [
        (
            "zamma",
            "position fen 9/9/9/9/4b4/9/4W4/9/9 w 0 0",
            "go depth 6",
        ),
        (
            "zamma",
            "position fen 9/9/9/4b4/9/9/9/4w4/9 w 0 0",
            "go depth 12",
        ),
        ("kubeia", "position startpos moves r64", "go depth 2"),
        ("palma", "position startpos moves t5", "go depth 3"),
    ];
    let mut e = Agon::start();
    for (game, position, go) in cases {
        e.send(&format!("setoption name Game value {game}"));
        e.send(position);
        e.send(go);
        let out = e.until(|l| l.starts_with("bestmove"));
        let mut seen = 0;
        for l in out.iter().filter(|l| l.contains(" seldepth ")) {
            let depth: u32 = field(l, "depth").unwrap().parse().unwrap();
            let sel: u32 = field(l, "seldepth").unwrap().parse().unwrap();
            assert!(sel >= depth, "{game} {position}: {l}");
            seen += 1;
        }
        assert!(seen > 0, "{game} {position}: {out:?}");
    }
}

/// A Zamma position whose flying Mullah has 768,168 capture chains (the
/// count is in positions/zamma-perft.txt): listing them is linear, and a
/// search sorts them once instead of selecting from them move by move.
/// Before, `moves` and a depth-2 search each took minutes.
#[test]
fn a_position_with_hundreds_of_thousands_of_moves_is_listed_and_searched() {
    let mut e = Agon::start();
    // About 30 CPU seconds of listing and searching 768,168 moves.
    e.allow(Duration::from_secs(300));
    e.send("setoption name GameOptions value board=full");
    e.send("setoption name Game value zamma");
    e.send("position fen 9/4b4/9/3b4b/2B6/b3b4/1bbbb4/2b4bb/Wb1b1bb2 w 1 149");
    e.send("moves");
    let listed = e.until(|l| l.starts_with("moves ") || l.contains("error"));
    let line = listed.last().expect("an answer");
    let moves: Vec<&str> = line.split(' ').skip(1).collect();
    assert_eq!(moves.len(), 768_168, "{}", &line[..line.len().min(200)]);
    let distinct: std::collections::HashSet<&str> = moves.iter().copied().collect();
    assert_eq!(distinct.len(), moves.len(), "every move has its own text");
    e.send("go depth 2");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(
        out.iter().any(|l| l.starts_with("info depth 2 ")),
        "depth 2 did not complete: {out:?}"
    );
    let best = out
        .last()
        .and_then(|l| l.split(' ').nth(1))
        .expect("a move");
    assert!(distinct.contains(best), "bestmove {best} is not legal");
}

/// Each distinct option set a process plays is kept for its life, so a
/// client sending ever new ones is refused past a bound (one error line
/// each, the game keeping its options) instead of growing memory; sets
/// already played stay playable.
#[test]
fn option_sets_past_the_kept_bound_are_refused_and_the_kept_ones_play_on() {
    let mut e = Agon::start();
    e.send("setoption name Game value palma");
    let mut last_accepted = None;
    let mut refused = 0;
    for n in 1..=24 {
        e.send(&format!(
            "setoption name GameOptions value extra_squares={n}"
        ));
        e.send("position startpos");
        e.send("isready");
        let out = e.until(|l| l == "readyok");
        let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
        match errors[..] {
            [] => {
                assert_eq!(refused, 0, "extra_squares={n} accepted after a refusal");
                last_accepted = Some(n);
            }
            [line] => {
                assert!(line.contains("restart the engine"), "{line}");
                refused += 1;
            }
            _ => panic!("more than one error line: {out:?}"),
        }
    }
    let kept = last_accepted.expect("no option set accepted");
    assert!(refused > 0 && kept >= 8, "kept {kept}, refused {refused}");
    e.send("d");
    let d = e.until(|l| l.starts_with("game:"));
    assert!(
        d.last()
            .is_some_and(|l| l.ends_with(&format!("extra_squares={kept}"))),
        "{d:?}"
    );
    // A set played before is found again, and plays.
    e.send("setoption name GameOptions value extra_squares=1");
    e.send("position startpos");
    e.send("go depth 1");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
}
