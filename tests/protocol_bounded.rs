//! Every command ends, and says only what it knows: quiescence in
//! positions where nearly every move captures completes depth 1 at once,
//! `go perft` yields to `stop`, `quit` and the end of input, and the
//! reports of a search stopped inside an iteration claim no exact score.

use crate::common;

use std::time::{Duration, Instant};

use common::Agon;

/// "At once" for depth 1, generously: a shared machine, a debug build.
/// Before quiescence had a node budget these took minutes to hours.
const DEPTH_1_WITHIN: Duration = Duration::from_secs(10);

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
        let start = Instant::now();
        e.send("go depth 1");
        let out = e.until(|l| l.starts_with("bestmove"));
        let took = start.elapsed();
        assert!(took < DEPTH_1_WITHIN, "{game} {fen}: depth 1 took {took:?}");
        assert!(
            out.iter().any(|l| l.starts_with("info depth 1 seldepth")),
            "{game} {fen}: depth 1 did not complete: {out:?}"
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
