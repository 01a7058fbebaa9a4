//! The first `go` after choosing a game, with no `isready` before it,
//! searches on its whole budget: the tables an evaluator builds on first
//! use (Palma's race table, longer to build than a 100 ms move) are built
//! when the game and position are set, not inside the search.

use crate::common;

use common::Agon;

/// The depth of the final `info` line of a search.
fn final_depth(out: &[String]) -> u32 {
    let n = out.len();
    assert!(n >= 2 && out[n - 1].starts_with("bestmove"), "{out:?}");
    let mut words = out[n - 2].split(' ');
    assert_eq!(words.next(), Some("info"), "{out:?}");
    words
        .find(|w| *w == "depth")
        .and_then(|_| words.next())
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| panic!("no depth in the final line: {out:?}"))
}

#[test]
fn the_first_go_of_every_game_completes_an_iteration() {
    for game in ["abalone", "zamma", "petteia", "kubeia", "palma"] {
        // A new engine each time: nothing built by an earlier game.
        let mut e = Agon::start();
        e.send(&format!("setoption name Game value {game}"));
        e.send("position startpos");
        e.send("go movetime 100");
        let out = e.until(|l| l.starts_with("bestmove"));
        assert!(!out.iter().any(|l| l.contains("error")), "{game}: {out:?}");
        // Depth 1 of any of these starts takes well under a millisecond
        // once the tables exist; a table built in the search's time
        // leaves it at depth 0.
        assert!(final_depth(&out) >= 1, "{game}: {out:?}");
    }
}

#[test]
fn options_that_change_the_tables_build_them_before_go() {
    // Other rules make another race table, built when the options are set.
    let mut e = Agon::start();
    e.send("setoption name Game value palma");
    e.send("setoption name GameOptions value shortcuts=none extra_squares=none");
    e.send("position startpos moves t5");
    e.send("go movetime 100");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    assert!(final_depth(&out) >= 1, "{out:?}");
}

#[test]
fn an_endgame_position_builds_the_exact_table_before_go() {
    // Palma's exact endgame table (1.4 s in release) is built at
    // `position` when the position lies in its domain: the first `go`
    // there, at a movetime far below the build, still finishes an
    // iteration and reports no error. (How long the build takes is the
    // bench's to measure, not a test's.)
    let mut e = Agon::start();
    e.send("setoption name Game value palma");
    e.send("position fen h=0/0/24,26,27,28,29 j=0/0/22,24,26,27,28 use=j:1");
    e.send("go movetime 100");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    assert!(final_depth(&out) >= 1, "{out:?}");
}
