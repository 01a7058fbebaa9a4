//! A `go` whose clocks say nothing about the player to move still ends
//! (issue 22): `go wtime 1000` with Black to move in Abalone searched
//! for ever; it now searches the documented default (protocol.md, `go`)
//! and answers. The read deadline of [`Agon`] turns a hang into a failure.

use crate::common::Agon;

#[test]
fn a_clock_for_the_other_side_only_still_answers() {
    let mut e = Agon::start();
    e.send("setoption name Game value abalone");
    e.send("position startpos");
    // Black (p1) moves first; wtime is White's clock.
    e.send("go wtime 1000");
    let out = e.until(|l| l.starts_with("bestmove"));
    let best = out.last().map(String::as_str).unwrap_or("");
    assert!(
        best.starts_with("bestmove ") && best != "bestmove (none)",
        "{out:?}"
    );
    // The same in UGI words, for the player of a game with more clocks
    // than the mover's.
    e.send("setoption name Game value zamma");
    e.send("position startpos");
    e.send("go p2time 1000 p2inc 10");
    e.until(|l| l.starts_with("bestmove"));
    let (_, status, _) = e.finish();
    assert!(status.success());
}
