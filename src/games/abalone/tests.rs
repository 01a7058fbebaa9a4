//! Unit tests per rule (abalone.md). Positions are written by the test's
//! own `layout` helper from cell lists, expectations worked out by hand.

use super::board::{parse_cell, Bits};
use super::notation::write_nacre;
use super::*;
use crate::game::perft::perft;
use crate::game::Evaluator;

/// A position string built from cell lists, independently of `position.rs`.
fn layout(black: &[&str], white: &[&str], princess: Option<&str>, side: char) -> String {
    let mut rows = Vec::new();
    for r in (0..9u8).rev() {
        let (lo, hi) = ((r as i32 - 4).max(0), (r as i32 + 4).min(8));
        let mut row = String::new();
        let mut run = 0;
        for d in lo..=hi {
            let name = format!("{}{}", (b'a' + r) as char, d + 1);
            let c = if black.contains(&name.as_str()) {
                Some('b')
            } else if white.contains(&name.as_str()) {
                Some('w')
            } else if princess == Some(name.as_str()) {
                Some('p')
            } else {
                None
            };
            match c {
                Some(c) => {
                    if run > 0 {
                        row += &run.to_string();
                        run = 0;
                    }
                    row.push(c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            row += &run.to_string();
        }
        rows.push(row);
    }
    format!("{} {side}", rows.join("/"))
}

fn opts(text: &str) -> GameOptions {
    GameOptions::parse(text, Abalone::option_specs()).unwrap()
}

fn pos(black: &[&str], white: &[&str]) -> Abalone {
    Abalone::from_position(&layout(black, white, None, 'b'), &opts("")).unwrap()
}

fn with_princess(black: &[&str], white: &[&str], p: &str) -> Abalone {
    let text = layout(black, white, Some(p), 'b');
    Abalone::from_position(&text, &opts("princess=on")).unwrap()
}

fn set(names: &[&str]) -> Bits {
    names
        .iter()
        .map(|n| 1u128 << parse_cell(n).unwrap().0)
        .fold(0, |a, b| a | b)
}

fn legal(p: &Abalone, text: &str) -> bool {
    p.parse_move(text).is_ok()
}

fn after(p: &Abalone, text: &str) -> Abalone {
    let mut q = *p;
    q.play(p.parse_move(text).unwrap());
    assert_eq!(q.hash(), q.hash_from_scratch());
    q
}

#[test]
fn start_layout_move_counts() {
    // The acceptance numbers: 44, 52, 80 at depth 1; standard
    // depth 2 is 44² since the armies do not touch.
    for (layout, n) in [("standard", 44), ("belgian", 52), ("german", 80)] {
        let p = Abalone::new(&opts(&format!("layout={layout}"))).unwrap();
        assert_eq!(perft(&p, 1), n, "{layout}");
        assert_eq!(p.count_moves(), n as usize);
    }
    let p = Abalone::new(&opts("")).unwrap();
    assert_eq!(perft(&p, 2), 44 * 44);
}

#[test]
fn layouts_hold_fourteen_marbles_each_and_keep_e5_empty() {
    for (name, _) in options::LAYOUTS {
        let p = Abalone::new(&opts(&format!("layout={name}"))).unwrap();
        assert_eq!(p.marbles(0).count_ones(), 14, "{name}");
        assert_eq!(p.marbles(1).count_ones(), 14, "{name}");
        assert_eq!((p.marbles(0) | p.marbles(1)) & set(&["e5"]), 0, "{name}");
    }
    // Belgian Daisy as abalone.md lists it.
    let p = Abalone::new(&opts("layout=belgian")).unwrap();
    let black = [
        "a1", "a2", "b1", "b2", "b3", "c2", "c3", "g7", "g8", "h7", "h8", "h9", "i8", "i9",
    ];
    assert_eq!(p.marbles(0), set(&black));
}

#[test]
fn single_marble_steps_count_six_ways_in_the_open() {
    let p = pos(&["e5"], &["a1"]);
    assert_eq!(p.count_moves(), 6);
}

#[test]
fn sumito_two_push_one() {
    let p = pos(&["e3", "e4"], &["e5"]);
    let q = after(&p, "e3e4");
    assert_eq!(q.marbles(0), set(&["e4", "e5"]));
    assert_eq!(q.marbles(1), set(&["e6"]));
    assert!(p.is_forcing(p.parse_move("e3e4").unwrap()));
}

#[test]
fn sumito_three_push_one_and_two() {
    let p = pos(&["e2", "e3", "e4"], &["e5"]);
    let q = after(&p, "e2e3");
    assert_eq!(q.marbles(0), set(&["e3", "e4", "e5"]));
    assert_eq!(q.marbles(1), set(&["e6"]));
    let p = pos(&["e1", "e2", "e3"], &["e4", "e5"]);
    let q = after(&p, "e1e2");
    assert_eq!(q.marbles(0), set(&["e2", "e3", "e4"]));
    assert_eq!(q.marbles(1), set(&["e5", "e6"]));
}

#[test]
fn pac_cannot_push() {
    assert!(!legal(&pos(&["e4"], &["e5"]), "e4e5"));
    assert!(!legal(&pos(&["e3", "e4"], &["e5", "e6"]), "e3e4"));
    assert!(!legal(
        &pos(&["e1", "e2", "e3"], &["e4", "e5", "e6"]),
        "e1e2"
    ));
    // Four against three: only three count, and four cannot move at all.
    let p = pos(&["e1", "e2", "e3", "e4"], &["e5", "e6", "e7"]);
    assert!(!legal(&p, "e1e2"));
    assert!(!legal(&p, "e2e3"));
    // Three against two behind which a third opposing marble waits.
    assert!(!legal(
        &pos(&["e1", "e2", "e3"], &["e4", "e5", "e6"]),
        "e1e2"
    ));
}

#[test]
fn push_blocked_by_own_marble_behind() {
    assert!(!legal(&pos(&["e2", "e3", "e4", "e6"], &["e5"]), "e2e3"));
    assert!(!legal(
        &pos(&["e1", "e2", "e3", "e6"], &["e4", "e5"]),
        "e1e2"
    ));
    // ... and by a gap-less opposing marble beyond the pushable ones (2-2).
    assert!(!legal(&pos(&["e3", "e4"], &["e5", "e6"]), "e3e4"));
}

#[test]
fn in_line_into_own_or_off_board_is_not_a_move() {
    // Four in a row: the tail cannot move the whole column.
    let p = pos(&["e1", "e2", "e3", "e4"], &["a1"]);
    assert!(!legal(&p, "e1e2"));
    assert!(legal(&p, "e2e3"));
    // a1 stepping off the board.
    let p = pos(&["a1"], &["i9"]);
    assert_eq!(p.count_moves(), 3);
}

#[test]
fn ejection_and_win_at_six() {
    let p = pos(&["e7", "e8"], &["e9"]);
    let q = after(&p, "e7e8");
    assert_eq!(q.marbles(1), 0);
    assert_eq!(q.ejected(1), 1);
    assert_eq!(q.marbles(0), set(&["e8", "e9"]));
    // Three push two over the edge: one ejected, one left on e9.
    let p = pos(&["e5", "e6", "e7"], &["e8", "e9"]);
    let q = after(&p, "e5e6");
    assert_eq!((q.marbles(1), q.ejected(1)), (set(&["e9"]), 1));
    // The sixth: Black wins.
    let text = layout(&["e7", "e8"], &["e9", "a1"], None, 'b').replace(" b", "-0b5w b");
    let p = Abalone::from_position(&text, &opts("")).unwrap();
    assert_eq!(p.status(), Status::Decision(0));
    let q = after(&p, "e7e8");
    assert_eq!(q.status(), Status::Over(Outcome::Win(0)));
    assert_eq!(q.count_moves(), 0);
}

#[test]
fn broadside_needs_empty_destinations_on_the_board() {
    let p = pos(&["c3", "c4"], &["i9"]);
    assert!(legal(&p, "c3c4d3"));
    let p = pos(&["c3", "c4"], &["d4"]);
    assert!(!legal(&p, "c3c4d3"));
    // Never pushes, even 3 against 1.
    let p = pos(&["c3", "c4", "c5"], &["d5"]);
    assert!(!legal(&p, "c3c5d3"));
    // Along the bottom edge: stepping down would leave the board.
    let p = pos(&["a1", "a2"], &["i9"]);
    assert!(legal(&p, "a1a2b1"));
    assert!(!legal(&p, "a1a2a0"));
    // a1 a2 can go up-left (b1 b2), up-right (b2 b3); 2 single steps
    // each, 1 in-line each way along the row... count all by hand:
    // a1: steps b1, b2 (a2 occupied, rest off); a2: b2, b3, a3;
    // in-line a1a2→a3 (tail a1, dir +1); broadside up ×2. Total 8.
    assert_eq!(p.count_moves(), 8);
}

#[test]
fn princess_is_pushed_like_an_opposing_marble() {
    let p = with_princess(&["e3", "e4"], &["a1"], "e5");
    let q = after(&p, "e3e4");
    assert_eq!(q.princess(), set(&["e6"]));
    assert_eq!(q.marbles(0), set(&["e4", "e5"]));
    // White may push it too.
    let mut p = with_princess(&["a1"], &["e3", "e4"], "e5");
    p.side = 1;
    p.hash = p.compute_hash();
    assert!(legal(&p, "e3e4"));
}

#[test]
fn princess_limits() {
    // A single marble cannot push it.
    assert!(!legal(&with_princess(&["e4"], &["a1"], "e5"), "e4e5"));
    // It blocks a broadside.
    assert!(!legal(
        &with_princess(&["d4", "d5"], &["a1"], "e5"),
        "d4d5e4"
    ));
    // An own marble beyond it blocks the push.
    assert!(!legal(
        &with_princess(&["e2", "e3", "e4", "e6"], &["a1"], "e5"),
        "e2e3"
    ));
    // Pushed together with an opposing marble, 3 against 2.
    let p = with_princess(&["e2", "e3", "e4"], &["e6"], "e5");
    let q = after(&p, "e2e3");
    assert_eq!((q.princess(), q.marbles(1)), (set(&["e6"]), set(&["e7"])));
    // Nobody moves it directly.
    let p = with_princess(&["d4", "d5", "e4"], &["f6", "f5"], "e5");
    let mut moves = Vec::new();
    p.moves(&mut moves);
    assert!(moves.iter().all(|m| m.marbles() & p.princess() == 0));
}

#[test]
fn ejecting_the_princess_wins() {
    let p = with_princess(&["e7", "e8"], &["a1"], "e9");
    let q = after(&p, "e7e8");
    assert_eq!(q.status(), Status::Over(Outcome::Win(0)));
    // The position string of the finished game has no princess and reads
    // back as the same win.
    let r = Abalone::from_position(&q.position(), &opts("princess=on")).unwrap();
    assert_eq!(r.status(), Status::Over(Outcome::Win(0)));
    assert_eq!(r.hash(), q.hash());
}

#[test]
fn princess_option_puts_it_on_e5() {
    let p = Abalone::new(&opts("princess=on layout=belgian")).unwrap();
    assert_eq!(p.princess(), set(&["e5"]));
    assert_eq!(p.status(), Status::Decision(0));
    // Nobody touches e5 at the start: the same 52 moves as without it.
    assert_eq!(p.count_moves(), 52);
    assert_eq!(p.hash(), p.hash_from_scratch());
    assert!(p.position().starts_with("ww1bb/wwwbbb/1ww1bb1/8/4p4/8/"));
    let err = Abalone::from_position(&p.position(), &opts("")).unwrap_err();
    assert!(err.to_string().contains("princess=on"), "{err}");
}

#[test]
fn max_plies_draws() {
    let mut p = Abalone::new(&opts("max_plies=2")).unwrap();
    let m = p
        .parse_move("a1b1")
        .unwrap_or_else(|_| p.parse_move("c3d3").unwrap());
    p.play(m);
    assert!(matches!(p.status(), Status::Decision(1)));
    p.play(p.parse_move("i5h4").unwrap());
    assert_eq!(p.status(), Status::Over(Outcome::Draw));
    assert_eq!(p.count_moves(), 0);
}

#[test]
fn no_legal_move_draws() {
    // Black's only marble a1 is boxed in by three White marbles.
    let p = pos(&["a1"], &["a2", "b1", "b2"]);
    assert_eq!(p.count_moves(), 0);
    assert_eq!(p.status(), Status::Over(Outcome::Draw));
    // Boxed in but able to push: not a draw.
    let p = pos(&["a1", "b2"], &["a2", "b1", "c3", "a3", "b3", "c2"]);
    assert!(p.count_moves() > 0);
    assert_eq!(p.status(), Status::Decision(0));
}

#[test]
fn repetition_option() {
    assert_eq!(Abalone::new(&opts("")).unwrap().repetition_limit(), Some(3));
    let p = Abalone::new(&opts("repetition=off")).unwrap();
    assert_eq!(p.repetition_limit(), None);
    let p = Abalone::new(&opts("repetition=5")).unwrap();
    assert_eq!(p.repetition_limit(), Some(5));
}

#[test]
fn notation_round_trips_and_reads_either_broadside_order() {
    for name in ["standard", "belgian", "german"] {
        let p = Abalone::new(&opts(&format!("layout={name}"))).unwrap();
        let mut moves = Vec::new();
        p.moves(&mut moves);
        for &m in &moves {
            let text = p.move_text(m);
            assert_eq!(p.parse_move(&text), Ok(m), "{text}");
            assert_eq!(p.parse_move(&text.to_uppercase()), Ok(m), "{text}");
        }
    }
    let p = pos(&["f4", "g4", "h4"], &["a1"]);
    let m = p.parse_move("f4h4e3").unwrap();
    assert_eq!(p.move_text(m), "f4h4e3");
    assert_eq!(p.parse_move("h4f4g3"), Ok(m));
    // In-line text: trailing marble and the cell it steps to.
    let p = pos(&["a1", "b2"], &["i9"]);
    let m = p.parse_move("a1b2").unwrap();
    assert_eq!(m.count(), 2);
    assert_eq!(p.move_text(m), "a1b2");
}

#[test]
fn nacre_input() {
    let p = pos(&["a1", "b2", "c3"], &["i9"]);
    // In-line: tail then the head's destination.
    let m = p.parse_move("a1d4").unwrap();
    assert_eq!(p.move_text(m), "a1b2");
    assert_eq!(write_nacre(m), "a1d4");
    // Broadside, per the example: Aba-Pro c3c5d4 is Nacre c3d6.
    let p = pos(&["c3", "c4", "c5"], &["i9"]);
    let m = p.parse_move("c3d6").unwrap();
    assert_eq!(p.move_text(m), "c3c5d4");
    // Adjacent cells are Aba-Pro first: c4d4 is c4's step, although as
    // Nacre it would also name the broadside c3 c4 → d4 d5.
    let p = pos(&["c3", "c4"], &["i9"]);
    let m = p.parse_move("c4d4").unwrap();
    assert_eq!((m.count(), m.is_broadside()), (1, false));
    let m = p.parse_move("c3d5").unwrap();
    assert_eq!(p.move_text(m), "c3c4d4");
}

#[test]
fn bad_move_text_is_an_error() {
    let p = Abalone::new(&opts("")).unwrap();
    for text in [
        "", "a1", "a1a", "z1a1", "a1b2c3d4", "e5e6", "a1a0", "a6a5", "é1",
    ] {
        assert!(p.parse_move(text).is_err(), "{text}");
    }
}

#[test]
fn position_strings_round_trip() {
    let start = "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b";
    let p = Abalone::new(&opts("")).unwrap();
    assert_eq!(p.position(), start);
    for text in [
        start,
        "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww w 7",
        "5/6/7/8/4b4/8/7/6/w4-5b3w w 12",
    ] {
        let q = Abalone::from_position(text, &opts("")).unwrap();
        assert_eq!(q.position(), text);
    }
    // Zero counts and a zero ply are accepted and not written back.
    let q = Abalone::from_position(
        &format!("{}-0b0w b 0", &start[..start.len() - 2]),
        &opts(""),
    )
    .unwrap();
    assert_eq!(q.position(), start);
}

#[test]
fn position_errors_name_the_problem() {
    let cases = [
        ("", "expected"),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb b", "9 rows"),
        (
            "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbb b",
            "row a has 4",
        ),
        (
            "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbbb b",
            "more than 5",
        ),
        (
            "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb x",
            "side to move",
        ),
        ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b -3", "ply"),
        (
            "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbx b",
            "unexpected 'x'",
        ),
        (
            "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb-1b0w b",
            "more than 14",
        ),
        (
            "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb-1x b",
            "-<n>b<m>w",
        ),
        (
            "wwwww/wwwwww/2www2/8/45/8/2bbb2/bbbbbb/bbbbb b",
            "two digits",
        ),
        (
            "wwwww/wwwwww/2www2/8/4p4/8/2bbb2/bbbbbb/bbbbb b",
            "princess=on",
        ),
        ("5/6/7/8/9/8/7/6/bw3-6b6w b", "more than one side"),
        // Positions no game reaches (issue 13: they were taken as draws).
        ("5/6/7/8/9/8/7/6/5 b", "Black has no marble"),
        ("5/6/7/8/9/8/7/6/b4 b", "White has no marble"),
        ("5/6/7/8/9/8/7/6/bw3-7b0w w", "7 Black marbles ejected"),
        (
            "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 1 2",
            "expected",
        ),
    ];
    for (text, needle) in cases {
        let e = Abalone::from_position(text, &opts(""))
            .unwrap_err()
            .to_string();
        assert!(e.contains(needle), "{text}: {e}");
        assert!(!e.contains('\n'));
    }
    let e = Abalone::from_position("3pp/6/7/8/9/8/7/6/bw3 b", &opts("princess=on")).unwrap_err();
    assert!(e.to_string().contains("more than one princess"), "{e}");
}

#[test]
fn search_hooks_rank_ejections_first() {
    let p = pos(&["e7", "e8", "c3"], &["e9"]);
    let eject = p.parse_move("e7e8").unwrap();
    let quiet = p.parse_move("c3d3").unwrap();
    assert!(eject.ejects());
    assert!(p.order_hint(eject) > p.order_hint(quiet));
    assert!(p.is_forcing(eject) && !p.is_forcing(quiet));
    let mut moves = Vec::new();
    Abalone::new(&opts("layout=german"))
        .unwrap()
        .moves(&mut moves);
    let mut seen = std::collections::HashSet::new();
    for m in moves {
        let i = p.history_index(m);
        assert!(i < crate::game::HISTORY_SIZE);
        assert!(seen.insert(i), "two moves share history index {i}");
    }
}

#[test]
fn evaluation_is_symmetric_and_counts_material() {
    let p = Abalone::new(&opts("layout=belgian")).unwrap();
    // Belgian Daisy is symmetric: every feature but the tempo constant
    // cancels, so the evaluation is the tempo bonus alone.
    let f = p.features();
    assert!(f[..7].iter().all(|&x| x == 0), "{f:?}");
    let e = super::eval::AbaloneEvaluator::default();
    assert_eq!(
        crate::game::Evaluator::evaluate(&e, &p),
        super::eval::WEIGHTS[7]
    );
    let text = layout(&["e5"], &["a1"], None, 'b').replace(" b", "-0b2w b");
    let p = Abalone::from_position(&text, &opts("")).unwrap();
    assert_eq!(p.features()[0], 2);
    assert!(e.evaluate(&p) > 0);
    let names: Vec<&str> = e.terms(&p).iter().map(|t| t.0).collect();
    assert_eq!(names.last(), Some(&"total"));
}

#[test]
fn a_position_stays_small_for_copy_make() {
    // mod.rs promises an 80-byte copy: three u128 sets, hash, counters and
    // a pointer to the interned rules.
    assert!(std::mem::size_of::<Abalone>() <= 80);
    let a = Abalone::new(&opts("layout=german")).unwrap();
    let b = Abalone::new(&opts("layout=german")).unwrap();
    assert!(std::ptr::eq(a.rules(), b.rules()), "options are interned");
}
