//! Issue 42: pondering's clock, and `go mate N` checked against an
//! independent proof (an AND-OR search over the rules alone: no
//! evaluation, no pruning but the proof's own early exits).

use crate::common;

use std::time::{Duration, Instant};

use agon::game::{Game, GameOptions, Playable, Player, Status};
use agon::games::abalone::Abalone;
use agon::games::zamma::Zamma;
use common::Agon;

/// The `time` field of an `info` line.
fn info_time(line: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == "time")?;
    words.next()?.parse().ok()
}

/// A pondering search has no time limit, and its `go` limits count from
/// `ponderhit`: with `movetime 100` it is still searching long after
/// 100 ms, and after `ponderhit` it takes its 100 ms (less the move
/// overhead) again before it answers.
#[test]
fn ponderhit_starts_the_clock_of_a_pondering_search() {
    let mut e = Agon::start();
    e.send("setoption name Game value abalone");
    e.send("setoption name Ponder value true");
    e.send("position startpos moves a4b4 i9h8");
    e.send("go ponder movetime 100");
    // The search reports a time past three move times, and has not
    // answered: it ponders.
    let pondered = e.until(|l| info_time(l).is_some_and(|t| t >= 300));
    assert!(
        !pondered.iter().any(|l| l.starts_with("bestmove")),
        "{pondered:?}"
    );
    let hit = Instant::now();
    e.send("ponderhit");
    let out = e.until(|l| l.starts_with("bestmove"));
    let waited = hit.elapsed();
    // MoveOverhead is 10 ms: the search's own limit is 90 ms from
    // ponderhit, which it cannot have received before `hit`.
    assert!(
        waited >= Duration::from_millis(90),
        "answered {waited:?} after ponderhit: {out:?}"
    );
    let last = &out[out.len() - 2];
    assert!(
        info_time(last).is_some_and(|t| t >= 390),
        "the final time counts from go: {last}"
    );
    let best: Vec<&str> = out[out.len() - 1].split_whitespace().collect();
    assert!(best.len() == 4 && best[2] == "ponder", "{best:?}");
    let (rest, status, _) = e.finish();
    assert!(rest.is_empty() && status.success(), "{rest:?}");
}

/// Without `Ponder` the answer names no reply (every client before
/// pondering keeps its `bestmove <move>`); with it, the reply is the
/// line's second move.
#[test]
fn the_expected_reply_is_named_only_with_ponder_on() {
    let mut e = Agon::start();
    e.send("setoption name Game value zamma");
    e.send("go depth 3");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert_eq!(out[out.len() - 1].split_whitespace().count(), 2, "{out:?}");
    e.send("setoption name Ponder value true");
    e.send("go depth 3");
    let out = e.until(|l| l.starts_with("bestmove"));
    let pv: Vec<&str> = out[out.len() - 2]
        .split(" pv ")
        .nth(1)
        .expect("a line")
        .split_whitespace()
        .collect();
    let best: Vec<&str> = out[out.len() - 1].split_whitespace().collect();
    assert_eq!(best, ["bestmove", pv[0], "ponder", pv[1]], "{out:?}");
    e.send("setoption name Clear Hash");
    assert!(e.sync().is_empty());
    let (rest, status, _) = e.finish();
    assert!(rest.is_empty() && status.success(), "{rest:?}");
}

/// Whether `me`, to move at `pos`, can force a win in at most `n` of its
/// moves: some move wins at once, or (n > 1) leads to a position where
/// every reply leaves such a win in `n − 1`.
fn wins_within<G: Game>(pos: &G, me: Player, n: u32) -> bool {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    // Immediate wins first: the proof's cheap exits.
    let children: Vec<G> = moves
        .iter()
        .map(|&m| {
            let mut c = pos.clone();
            c.play(m);
            c
        })
        .collect();
    if children.iter().any(|c| won_by(c, me)) {
        return true;
    }
    n > 1
        && children
            .iter()
            .any(|c| !c.status().is_over() && every_reply_loses(c, me, n - 1))
}

/// Whether every reply at `pos` (the opponent to move) leaves `me` a win
/// in at most `n`.
fn every_reply_loses<G: Game>(pos: &G, me: Player, n: u32) -> bool {
    let mut replies = Vec::new();
    pos.moves(&mut replies);
    replies.iter().all(|&r| {
        let mut c = pos.clone();
        c.play(r);
        match c.status() {
            Status::Over(_) => won_by(&c, me),
            _ => wins_within(&c, me, n),
        }
    })
}

fn won_by<G: Game>(pos: &G, me: Player) -> bool {
    match pos.status() {
        Status::Over(outcome) => outcome.payoff(me, pos.num_players()) == 1.0,
        _ => false,
    }
}

/// `go mate 3` in `fen`: the engine reports `score mate 3` and plays a
/// move after which every reply still loses within two more moves; the
/// independent proof says a win in three exists and none in two.
fn mate_in_three<G: Playable>(fen: &str) {
    let pos = G::from_position(fen, &GameOptions::defaults(G::option_specs())).expect("a position");
    let Status::Decision(me) = pos.status() else {
        panic!("{fen}: no decision")
    };
    assert!(wins_within(&pos, me, 3), "{fen}: no win in three");
    assert!(!wins_within(&pos, me, 2), "{fen}: a win in two");
    let mut e = Agon::start();
    e.send(&format!("setoption name Game value {}", G::NAME));
    e.send(&format!("position fen {fen}"));
    e.send("go mate 3");
    let out = e.until(|l| l.starts_with("bestmove"));
    let last = &out[out.len() - 2];
    assert!(last.contains(" score mate 3 "), "{fen}: {out:?}");
    let best = out[out.len() - 1]
        .strip_prefix("bestmove ")
        .expect("a move");
    let m = pos.parse_move(best).expect("a legal move");
    let mut after = pos.clone();
    after.play(m);
    assert!(
        every_reply_loses(&after, me, 2),
        "{fen}: {best} does not force the win"
    );
    // Two moves are not enough: no win in one or two is reported (the
    // search may still see the win in three through its extensions).
    e.send("go mate 2");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(
        !out.iter()
            .any(|l| l.contains(" score mate 1 ") || l.contains(" score mate 2 ")),
        "{fen}: {out:?}"
    );
    let (rest, status, _) = e.finish();
    assert!(rest.is_empty() && status.success(), "{rest:?}");
}

/// Three Mullahs against one: the lone Mullah cannot be caught at once.
#[test]
fn go_mate_finds_a_zamma_win_in_three() {
    mate_in_three::<Zamma>("W8/9/9/9/9/9/9/BB7/6B2 b 0 0");
}

/// White needs two more black marbles off (4 are out); the first push
/// of the line sets up the last two.
#[test]
fn go_mate_finds_an_abalone_win_in_three() {
    mate_in_three::<Abalone>("5/1www2/2w4/3bw3/3bw4/1bbww3/bbbwww1/1bbwwb/5-4b1w w 53");
}
