//! Rules tests for Gioco della Palma (`shared/rules/palma.md`): each rule
//! and each Decision line with the exact legal-move list or the exact
//! successor positions, worked out by hand from the rules text.

use agon::game::Notation;
use agon::game::{Game, GameOptions, Outcome, Status};
use agon::games::palma::{Palma, PalmaMove};

fn pos_with(options: &str, text: &str) -> Palma {
    let opts = GameOptions::parse(options, Palma::option_specs()).expect("options");
    let p = Palma::from_position(text, &opts).expect("position");
    assert_eq!(p.position(), text, "round trip");
    p
}

fn pos(text: &str) -> Palma {
    pos_with("", text)
}

fn moves(p: &Palma) -> Vec<String> {
    let mut v = Vec::new();
    p.moves(&mut v);
    let mut out: Vec<String> = v.iter().map(|&m| p.move_text(m)).collect();
    out.sort();
    out
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn after(p: &Palma, text: &str) -> Palma {
    let m = p.parse_move(text).expect("legal move");
    let mut c = *p;
    c.play(m);
    assert_eq!(c.hash(), c.hash_from_scratch());
    c
}

/// Every successor as (move, position), sorted by move text.
fn successors(p: &Palma) -> Vec<(String, String)> {
    let mut v = Vec::new();
    p.moves(&mut v);
    let mut out: Vec<(String, String)> = v
        .iter()
        .map(|&m| {
            let mut c = *p;
            c.play(m);
            (p.move_text(m), c.position())
        })
        .collect();
    out.sort();
    out
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = list
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    v.sort();
    v
}

#[test]
fn the_start_is_a_throw_with_the_stick_probabilities() {
    let start = Palma::new(&GameOptions::defaults(Palma::option_specs())).unwrap();
    assert_eq!(start.position(), "h=5/0/- j=5/0/- throw=h");
    assert_eq!(start.status(), Status::Chance);
    assert!(moves(&start).is_empty());
    let mut out = Vec::new();
    start.outcomes(&mut out);
    let texts: Vec<(String, f64)> = out.iter().map(|&(m, p)| (start.move_text(m), p)).collect();
    assert_eq!(
        texts,
        vec![
            ("t1".to_string(), 3.0 / 8.0),
            ("t2".to_string(), 3.0 / 8.0),
            ("t3".to_string(), 1.0 / 8.0),
            ("t5".to_string(), 1.0 / 8.0),
        ]
    );
    let t3 = after(&start, "t3");
    assert_eq!(t3.position(), "h=5/0/- j=5/0/- use=h:3");
    assert_eq!(t3.status(), Status::Decision(0));
}

#[test]
fn first_option_sets_who_throws_first() {
    let opts = GameOptions::parse("first=jackals", Palma::option_specs()).unwrap();
    let start = Palma::new(&opts).unwrap();
    assert_eq!(start.position(), "h=5/0/- j=5/0/- throw=j");
    assert_eq!(after(&start, "t5").status(), Status::Decision(1));
}

#[test]
fn entry_only_on_a_five_and_it_earns_an_extra_throw() {
    for v in ["1", "2", "3"] {
        let p = pos(&format!("h=5/0/- j=5/0/- use=h:{v}"));
        assert_eq!(moves(&p), sorted(&["pass"]), "throw {v}");
    }
    let p = pos("h=5/0/- j=5/0/- use=h:5");
    assert_eq!(
        successors(&p),
        pairs(&[("enter", "h=4/1/- j=5/0/- throw=h")])
    );
}

#[test]
fn pieces_on_square_zero_make_one_move_and_a_five_may_move_or_enter() {
    let p = pos("h=2/3/- j=5/0/- use=h:2");
    assert_eq!(successors(&p), pairs(&[("0-2", "h=2/2/2 j=5/0/- throw=j")]));
    let p = pos("h=2/3/- j=5/0/- use=h:5");
    assert_eq!(
        successors(&p),
        pairs(&[
            ("enter", "h=1/4/- j=5/0/- throw=h"),
            ("0-5", "h=2/2/5 j=5/0/- throw=h"),
        ])
    );
}

#[test]
fn a_move_jumps_over_pieces_but_ends_on_a_free_square() {
    // 0-3, 3-6 and 6-9 end on own pieces; 4-7 jumps over 6.
    let p = pos("h=0/1/3,4,6,9 j=5/0/- use=h:3");
    assert_eq!(moves(&p), sorted(&["4-7", "9-12"]));
    // The other track never blocks: Jackals on 7 and 12 change nothing.
    let p = pos("h=0/1/3,4,6,9 j=3/0/7,12 use=h:3");
    assert_eq!(moves(&p), sorted(&["4-7", "9-12"]));
}

#[test]
fn no_bounce_past_29_and_moves_inside_the_goal_are_legal_and_compulsory() {
    let p = pos("h=0/0/24,25,26,27,28 j=5/0/- use=h:3");
    assert_eq!(
        successors(&p),
        pairs(&[("26-29", "h=0/0/24,25,27,28,29 j=5/0/- throw=j")])
    );
    let p = pos("h=0/0/24,25,26,27,29 j=5/0/- use=h:1");
    assert_eq!(moves(&p), sorted(&["27-28"]));
    let p = pos("h=0/0/22,26,27,28,29 j=5/0/- use=h:5");
    assert_eq!(moves(&p), sorted(&["pass"]));
}

#[test]
fn shortcuts_move_on_at_once_and_are_written_by_the_landing_square() {
    let p = pos("h=0/0/7,8,9,18,19 j=5/0/- use=h:3");
    assert_eq!(
        successors(&p),
        pairs(&[
            ("7-10", "h=0/0/8,9,18,19,24 j=5/0/- throw=j"),
            ("8-11", "h=0/0/7,9,11,18,19 j=5/0/- throw=j"),
            ("9-12", "h=0/0/7,8,12,18,19 j=5/0/- throw=j"),
            ("18-21", "h=0/0/7,8,9,19,21 j=5/0/- throw=j"),
            ("19-22", "h=0/0/7,8,9,18,22 j=5/0/- throw=j"),
        ])
    );
    let p = pos("h=0/0/7,8,9,18,19 j=5/0/- use=h:2");
    assert_eq!(
        successors(&p),
        pairs(&[
            ("8-10", "h=0/0/7,9,18,19,24 j=5/0/- throw=j"),
            ("9-11", "h=0/0/7,8,11,18,19 j=5/0/- throw=j"),
            ("18-20", "h=0/0/7,8,9,19,22 j=5/0/- throw=j"),
            ("19-21", "h=0/0/7,8,9,18,21 j=5/0/- throw=j"),
        ])
    );
    // The target square must be written as the landing square.
    assert!(p.parse_move("8-24").is_err());
}

#[test]
fn a_shortcut_is_illegal_when_its_target_is_taken() {
    // palma.md "A turn" 4, Decision: judged on the final square.
    let p = pos("h=0/1/8,19,22,24 j=5/0/- use=h:2");
    assert_eq!(moves(&p), sorted(&["0-2", "19-21", "24-26"]));
    let p = pos("h=0/1/8,19,22,24 j=5/0/- use=h:1");
    assert_eq!(moves(&p), sorted(&["0-1", "8-9", "22-23", "24-25"]));
}

#[test]
fn ending_on_15_earns_an_extra_throw() {
    let p = pos("h=0/1/12,13,14,21 j=0/0/3,12,14,22,26 use=h:2");
    assert_eq!(
        successors(&p),
        pairs(&[
            ("0-2", "h=0/0/2,12,13,14,21 j=0/0/3,12,14,22,26 throw=j"),
            ("13-15", "h=0/1/12,14,15,21 j=0/0/3,12,14,22,26 throw=h"),
            ("14-16", "h=0/1/12,13,16,21 j=0/0/3,12,14,22,26 throw=j"),
            ("21-23", "h=0/1/12,13,14,23 j=0/0/3,12,14,22,26 throw=j"),
        ])
    );
}

#[test]
fn a_five_ending_on_15_earns_one_extra_throw_not_two() {
    let p = pos("h=0/1/10,11,12,13 j=5/0/- use=h:5");
    let q = after(&p, "10-15");
    assert_eq!(q.position(), "h=0/1/11,12,13,15 j=5/0/- throw=h");
    // The one extra throw is spent: an ordinary throw then ends the turn.
    let r = after(&after(&q, "t1"), "0-1");
    assert_eq!(r.position(), "h=0/0/1,11,12,13,15 j=5/0/- throw=j");
}

#[test]
fn an_unusable_value_passes_to_the_opponent_who_must_use_it() {
    let p = pos("h=0/0/24,26,27,28,29 j=0/1/3,5,8,13 use=h:3");
    assert_eq!(
        successors(&p),
        pairs(&[(
            "pass",
            "h=0/0/24,26,27,28,29 j=0/1/3,5,8,13 passed=j:3 extra=-"
        )])
    );
    let q = after(&p, "pass");
    assert_eq!(q.status(), Status::Decision(1));
    // 0-3 and 5-8 end on Jackals' own pieces; then Jackals throw their own.
    assert_eq!(
        successors(&q),
        pairs(&[
            ("3-6", "h=0/0/24,26,27,28,29 j=0/1/5,6,8,13 throw=j"),
            ("8-11", "h=0/0/24,26,27,28,29 j=0/1/3,5,11,13 throw=j"),
            ("13-16", "h=0/0/24,26,27,28,29 j=0/1/3,5,8,16 throw=j"),
        ])
    );
}

#[test]
fn a_passed_five_may_enter_and_earns_the_receiver_no_extra_throw() {
    // Hounds cannot use a 5 (23-28 taken): Jackals use it, Hounds keep the
    // extra throw, whatever Jackals' piece lands on (15 included).
    let p = pos("h=0/0/23,25,26,27,28 j=2/1/6,10 use=h:5");
    let q = after(&p, "pass");
    assert_eq!(
        q.position(),
        "h=0/0/23,25,26,27,28 j=2/1/6,10 passed=j:5 extra=h"
    );
    assert_eq!(
        successors(&q),
        pairs(&[
            ("enter", "h=0/0/23,25,26,27,28 j=1/2/6,10 throw=h"),
            ("0-5", "h=0/0/23,25,26,27,28 j=2/0/5,6,10 throw=h"),
            ("6-11", "h=0/0/23,25,26,27,28 j=2/1/10,11 throw=h"),
            ("10-15", "h=0/0/23,25,26,27,28 j=2/1/6,15 throw=h"),
        ])
    );
}

#[test]
fn a_value_neither_side_can_use_is_discarded() {
    let p = pos("h=0/0/24,26,27,28,29 j=0/0/24,26,27,28,29 use=h:3");
    let q = after(&p, "pass");
    assert_eq!(
        successors(&q),
        pairs(&[("pass", "h=0/0/24,26,27,28,29 j=0/0/24,26,27,28,29 throw=j")])
    );
    // A discarded 5: the original thrower still throws again.
    let p = pos("h=0/0/23,25,26,27,28 j=0/0/23,25,26,27,28 use=h:5");
    let q = after(&p, "pass");
    assert_eq!(
        q.position(),
        "h=0/0/23,25,26,27,28 j=0/0/23,25,26,27,28 passed=j:5 extra=h"
    );
    assert_eq!(
        successors(&q),
        pairs(&[("pass", "h=0/0/23,25,26,27,28 j=0/0/23,25,26,27,28 throw=h")])
    );
}

#[test]
fn the_game_ends_at_the_fifth_piece_home_even_through_a_passed_value() {
    let p = pos("h=0/0/24,25,26,27,28 j=0/0/23,25,26,27,28 use=j:5");
    let q = after(&p, "pass");
    assert_eq!(
        q.position(),
        "h=0/0/24,25,26,27,28 j=0/0/23,25,26,27,28 passed=h:5 extra=j"
    );
    assert_eq!(
        successors(&q),
        pairs(&[("24-29", "h=0/0/25,26,27,28,29 j=0/0/23,25,26,27,28 over=h")])
    );
    let r = after(&q, "24-29");
    assert_eq!(r.status(), Status::Over(Outcome::Win(0)));
    assert!(moves(&r).is_empty());
    // A winning 5 ends the game: no extra throw is taken.
    let p = pos("h=0/0/24,25,26,27,28 j=5/0/- use=h:5");
    assert_eq!(
        successors(&p),
        pairs(&[("24-29", "h=0/0/25,26,27,28,29 j=5/0/- over=h")])
    );
}

#[test]
fn reverse_sends_throws_ending_on_22_and_24_back() {
    let o = "reverse=on";
    let p = pos_with(o, "h=0/0/17,19,20,21,23 j=0/1/8,18,21,22 use=h:2");
    // 20-22 returns to 20: legal, nothing changes but the turn.
    assert_eq!(
        successors(&p),
        pairs(&[
            ("20-22", "h=0/0/17,19,20,21,23 j=0/1/8,18,21,22 throw=j"),
            ("23-25", "h=0/0/17,19,20,21,25 j=0/1/8,18,21,22 throw=j"),
        ])
    );
    let p = pos_with(o, "h=0/0/17,19,20,21,23 j=0/1/8,18,21,22 use=h:3");
    // 17-20 is shortcut to 22 and stays; 21-24 goes back to 10 and stays;
    // 19-22 would go back to 20, which is taken.
    assert_eq!(
        successors(&p),
        pairs(&[
            ("17-20", "h=0/0/19,20,21,22,23 j=0/1/8,18,21,22 throw=j"),
            ("21-24", "h=0/0/10,17,19,20,23 j=0/1/8,18,21,22 throw=j"),
            ("23-26", "h=0/0/17,19,20,21,26 j=0/1/8,18,21,22 throw=j"),
        ])
    );
}

#[test]
fn extra_squares_option_adds_square_5() {
    let p = pos_with("extra_squares=5,15", "h=2/1/3,11 j=3/0/4,12 use=h:2");
    assert_eq!(
        successors(&p),
        pairs(&[
            ("0-2", "h=2/0/2,3,11 j=3/0/4,12 throw=j"),
            ("3-5", "h=2/1/5,11 j=3/0/4,12 throw=h"),
            ("11-13", "h=2/1/3,13 j=3/0/4,12 throw=j"),
        ])
    );
}

#[test]
fn shortcuts_none_lets_pieces_rest_on_10_and_20() {
    let p = pos_with("shortcuts=none", "h=0/1/6,7,8,18 j=1/1/9,19,23 use=h:2");
    assert_eq!(
        successors(&p),
        pairs(&[
            ("0-2", "h=0/0/2,6,7,8,18 j=1/1/9,19,23 throw=j"),
            ("7-9", "h=0/1/6,8,9,18 j=1/1/9,19,23 throw=j"),
            ("8-10", "h=0/1/6,7,10,18 j=1/1/9,19,23 throw=j"),
            ("18-20", "h=0/1/6,7,8,20 j=1/1/9,19,23 throw=j"),
        ])
    );
}

#[test]
fn notation_accepts_short_forms_and_refuses_with_a_reason() {
    let p = pos("h=2/3/- j=5/0/- use=h:5");
    assert_eq!(p.parse_move("e"), Ok(PalmaMove::Enter));
    assert_eq!(p.parse_move("ENTER"), Ok(PalmaMove::Enter));
    assert_eq!(p.parse_move("0-5"), Ok(PalmaMove::Step { from: 0, to: 5 }));
    let e = p.parse_move("0-3").unwrap_err().to_string();
    assert!(e.contains("not legal") && e.contains("enter 0-5"), "{e}");
    assert!(p.parse_move("pass").is_err());
    assert!(p.parse_move("t5").is_err());
    assert!(p
        .parse_move("x-y")
        .unwrap_err()
        .to_string()
        .contains("7-12"));
    let start = pos("h=5/0/- j=5/0/- throw=h");
    assert_eq!(start.parse_move("t5"), Ok(PalmaMove::Throw(5)));
    assert_eq!(start.parse_move("2"), Ok(PalmaMove::Throw(2)));
    assert!(start.parse_move("t4").is_err());
    assert!(start.parse_move("enter").is_err());
}

#[test]
fn bad_position_strings_are_refused_with_a_reason() {
    let opts = GameOptions::defaults(Palma::option_specs());
    for (text, needle) in [
        ("", "expected"),
        ("h=5/0/- throw=h", "expected"),
        ("j=5/0/- h=5/0/- throw=h", "'h='"),
        ("h=5/0 j=5/0/- throw=h", "WAITING/ON0/SQUARES"),
        ("h=4/0/- j=5/0/- throw=h", "4 pieces"),
        ("h=0/0/1,2,3,4,30 j=5/0/- throw=h", "1..29"),
        ("h=0/0/1,3,2,4,5 j=5/0/- throw=h", "increasing"),
        ("h=0/0/1,2,2,4,5 j=5/0/- throw=h", "increasing"),
        ("h=6/0/- j=5/0/- throw=h", "0..5"),
        ("h=5/0/- j=5/0/- throw=x", "not a side"),
        ("h=5/0/- j=5/0/- use=h:4", "1, 2, 3 or 5"),
        ("h=5/0/- j=5/0/- use=h", "SIDE:VALUE"),
        ("h=5/0/- j=5/0/- passed=j:5", "extra="),
        ("h=5/0/- j=5/0/- passed=j:5 extra=-", "belongs to 'h'"),
        ("h=5/0/- j=5/0/- passed=j:3 extra=h", "belongs to '-'"),
        ("h=5/0/- j=5/0/- throw=h x", "unexpected"),
        ("h=5/0/- j=5/0/- over=h", "do not have"),
        ("h=0/0/25,26,27,28,29 j=5/0/- throw=j", "must be over=h"),
        ("h=0/0/25,26,27,28,29 j=5/0/- over=j", "hounds who"),
        (
            "h=0/0/25,26,27,28,29 j=0/0/25,26,27,28,29 over=h",
            "both sides",
        ),
        ("h=5/0/- j=5/0/- wait=h", "phase"),
    ] {
        let e = Palma::from_position(text, &opts).unwrap_err().to_string();
        assert!(e.contains(needle), "{text:?}: {e}");
        assert!(!e.contains('\n'));
    }
}

#[test]
fn custom_shortcuts_replace_the_default_ones() {
    // Only 7>13: 5-7 would rest on 13 (taken); 20 is an ordinary square.
    let p = pos_with(
        "shortcuts=7>13 extra_squares=none",
        "h=0/1/4,5,13,20 j=5/0/- use=h:2",
    );
    assert_eq!(
        successors(&p),
        pairs(&[
            ("0-2", "h=0/0/2,4,5,13,20 j=5/0/- throw=j"),
            ("4-6", "h=0/1/5,6,13,20 j=5/0/- throw=j"),
            ("13-15", "h=0/1/4,5,15,20 j=5/0/- throw=j"),
            ("20-22", "h=0/1/4,5,13,22 j=5/0/- throw=j"),
        ])
    );
    let p = pos_with("shortcuts=7>13", "h=0/1/4,6,12,20 j=5/0/- use=h:1");
    assert_eq!(
        successors(&p),
        pairs(&[
            ("0-1", "h=0/0/1,4,6,12,20 j=5/0/- throw=j"),
            ("4-5", "h=0/1/5,6,12,20 j=5/0/- throw=j"),
            ("6-7", "h=0/1/4,12,13,20 j=5/0/- throw=j"),
            ("12-13", "h=0/1/4,6,13,20 j=5/0/- throw=j"),
            ("20-21", "h=0/1/4,6,12,21 j=5/0/- throw=j"),
        ])
    );
}

#[test]
fn palma_is_registered_with_its_options() {
    use agon::games::GameKind;
    let kind = GameKind::from_name("Palma").unwrap();
    assert_eq!(kind.name(), "palma");
    let keys: Vec<&str> = kind.option_specs().iter().map(|s| s.key).collect();
    assert_eq!(keys, ["first", "shortcuts", "reverse", "extra_squares"]);
    assert_eq!(Palma::PLAYER_NAMES, ["hounds", "jackals"]);
    assert_eq!(Palma::WHITE, 0);
    let e = GameOptions::parse("first=cats", kind.option_specs()).unwrap_err();
    assert!(e.to_string().contains("hounds, jackals"));
}
