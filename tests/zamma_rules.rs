//! One test per rule of `shared/rules/zamma.md`: a position and the exact
//! list of legal moves, worked out by hand (the reasoning is in the
//! comments; a1 = file 0 rank 0, diagonals at even file + rank).

use agon::game::Notation;
use agon::game::{Game, GameOptions, Outcome, Status};
use agon::games::zamma::Zamma;

fn pos(options: &str, text: &str) -> Zamma {
    let opts = GameOptions::parse(options, Zamma::option_specs()).unwrap();
    Zamma::from_position(text, &opts).unwrap()
}

fn legal(z: &Zamma) -> Vec<String> {
    let mut moves = Vec::new();
    z.moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| z.move_text(*m)).collect();
    texts.sort();
    texts
}

fn expect(options: &str, text: &str, want: &[&str]) {
    let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(legal(&pos(options, text)), want, "{options} {text}");
}

fn play(z: &mut Zamma, text: &str) {
    let m = z.parse_move(text).unwrap();
    z.play(m);
}

#[test]
fn start_position_and_black_first() {
    let z = Zamma::new(&GameOptions::parse("", Zamma::option_specs()).unwrap()).unwrap();
    assert_eq!(z.status(), Status::Decision(0));
    assert_eq!(
        z.position(),
        "wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/bbbb1wwww/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb b 0 0"
    );
    // Only e5 is empty: d5 sideways, e4 forward, d4 and f4 diagonally
    // forward (both even points); d6/f6 are White's.
    assert_eq!(legal(&z), ["d4-e5", "d5-e5", "e4-e5", "f4-e5"]);
}

#[test]
fn man_steps_forward_diagonally_forward_and_sideways_never_back() {
    // e5 is a diagonal point; e4, d4, f4 are behind.
    expect(
        "",
        "w8/9/9/9/4b4/9/9/9/9 b 0 0",
        &["e5-d5", "e5-d6", "e5-e6", "e5-f5", "e5-f6"],
    );
    // e4 has no diagonals on the Alquerque board.
    expect(
        "",
        "w8/9/9/9/9/4b4/9/9/9 b 0 0",
        &["e4-d4", "e4-e5", "e4-f4"],
    );
    // White moves down the board.
    expect(
        "",
        "9/9/9/9/4w4/9/9/9/8b w 0 0",
        &["e5-d4", "e5-d5", "e5-e4", "e5-f4", "e5-f5"],
    );
}

#[test]
fn board_option_sets_the_diagonals() {
    expect(
        "board=full",
        "w8/9/9/9/9/4b4/9/9/9 b 0 0",
        &["e4-d4", "e4-d5", "e4-e5", "e4-f4", "e4-f5"],
    );
    expect(
        "board=orthogonal",
        "w8/9/9/9/4b4/9/9/9/9 b 0 0",
        &["e5-d5", "e5-e6", "e5-f5"],
    );
}

#[test]
fn mullah_slides_any_distance_in_every_line_direction() {
    // Mullah b2 (even point), own man b4 blocks the file; White i5 is on
    // none of b2's lines.
    expect(
        "",
        "9/9/9/9/8w/1b7/9/1B7/9 b 0 0",
        &[
            "b2-b3", "b2-b1", "b2-a2", "b2-c2", "b2-d2", "b2-e2", "b2-f2", "b2-g2", "b2-h2",
            "b2-i2", "b2-c3", "b2-d4", "b2-e5", "b2-f6", "b2-g7", "b2-h8", "b2-i9", "b2-a3",
            "b2-c1", "b2-a1", "b4-b5", "b4-c5", "b4-a5", "b4-c4", "b4-a4",
        ],
    );
}

#[test]
fn capture_is_compulsory_and_men_capture_mullahs() {
    // a1 could step, but e4 can jump the White Mullah e5 to e6.
    let mut z = pos("", "9/9/9/9/4W4/4b4/9/9/b8 b 0 0");
    assert_eq!(legal(&z), ["e4xe6"]);
    let e = z.parse_move("a1-a2").unwrap_err();
    assert!(e.to_string().contains("compulsory"), "{e}");
    play(&mut z, "e4xe6");
    // White has no pieces left: White loses.
    assert_eq!(z.status(), Status::Over(Outcome::Win(0)));
}

#[test]
fn men_capture_sideways_but_never_backward_and_never_twice() {
    // Black e5; White d5, f5, g5 on its rank, e4 and f4 behind it.
    // e5xc5 over d5; e5 over f5 lands on g5 (occupied). From c5 the man
    // could jump d5 back to e5 (its empty start) only if d5 could be
    // jumped twice; e4 and f4 are behind.
    expect("", "9/9/9/9/3wbww2/4ww3/9/9/9 b 0 0", &["e5xc5"]);
}

#[test]
fn chains_must_be_completed_but_need_not_be_longest() {
    // a1xc3 over b2; from c3 over c4 to c5 (end), or over d3 to e3 and on
    // over e4 to e5 (end). The two-capture chain stays legal beside the
    // three-capture one; a1xc3 alone is not a move.
    let z = pos("", "9/9/9/9/9/2w1w4/3w5/1w7/b8 b 0 0");
    assert_eq!(legal(&z), ["a1xc3xc5", "a1xc3xe3xe5"]);
    assert!(z.parse_move("a1xc3").is_err());
}

#[test]
fn promotion_only_when_the_move_ends_on_the_far_rank() {
    // e7 over e8 lands on e9 (far rank) and goes on as a man: over f9 to
    // g9. As a Mullah it could also jump f8 backward to g7: not allowed.
    // Or e7 over f8 to g9, then over f9 to e9.
    let mut z = pos("", "5w3/4ww3/4b4/9/9/9/9/9/9 b 0 0");
    assert_eq!(legal(&z), ["e7xe9xg9", "e7xg9xe9"]);
    play(&mut z, "e7xe9xg9");
    assert_eq!(z.position(), "6B2/5w3/9/9/9/9/9/9/9 w 0 1");
    // A plain step onto the far rank promotes too.
    let mut z = pos("", "w8/4b4/9/9/9/9/9/9/9 b 3 10");
    play(&mut z, "e8-e9");
    assert_eq!(z.position(), "w3B4/9/9/9/9/9/9/9/9 w 0 11");
}

#[test]
fn flying_captures_land_anywhere_and_captured_pieces_block() {
    // Mullah a3 flies over e3: lands f3, g3, h3 or i3. From f3 it must jump
    // f4 (landing f5..f9); from g3 it must jump f4 diagonally (landing
    // e5, d6, c7, b8, a9); h3 and i3 allow nothing more, so the chain
    // ends there. From e5 the captured e3 still blocks the file, so e2
    // cannot be taken.
    let all = [
        "a3xh3", "a3xi3", "a3xf3xf5", "a3xf3xf6", "a3xf3xf7", "a3xf3xf8", "a3xf3xf9", "a3xg3xe5",
        "a3xg3xd6", "a3xg3xc7", "a3xg3xb8", "a3xg3xa9",
    ];
    let text = "9/9/9/9/9/5w3/B3w4/4w4/9 b 0 0";
    expect("", text, &all);
    // mullah_landing=continue: where some landing goes on, only those.
    expect("mullah_landing=continue", text, &all[2..]);
}

#[test]
fn the_capturing_pieces_start_counts_as_empty() {
    // Orthogonal board. Mullah a3: over a2 to a1 (end), or over c3 to
    // d3..i3. From d3 over d5 to d6..d9; from d6 over b6 to a6; from a6
    // down the a-file *through its own start a3* over a2 to a1.
    expect(
        "board=orthogonal",
        "9/9/9/1w7/3w5/9/B1w6/w8/9 b 0 0",
        &[
            "a3xa1",
            "a3xd3xd6xa6xa1",
            "a3xd3xd7",
            "a3xd3xd8",
            "a3xd3xd9",
            "a3xe3",
            "a3xf3",
            "a3xg3",
            "a3xh3",
            "a3xi3",
        ],
    );
}

#[test]
fn notation_parses_short_forms_and_rejects_nonsense() {
    let z = pos("board=orthogonal", "9/9/9/1w7/3w5/9/B1w6/w8/9 b 0 0");
    // Start and end alone, when one chain has them.
    let m = z.parse_move("a3xd7").unwrap();
    assert_eq!(z.move_text(m), "a3xd3xd7");
    // An exact landing list wins over the start-end reading.
    let m = z.parse_move("a3xa1").unwrap();
    assert_eq!(m.num_captured(), 1);
    // The captured set in brackets is accepted when it matches.
    assert!(z.parse_move("a3xd3xd7[c3,d5]").is_ok());
    assert!(z.parse_move("a3xd3xd7[c3]").is_err());
    for bad in [
        "",
        "a3",
        "a3-a4",
        "z9xa1",
        "a3xd3-d7",
        "a3xd3xd7[c3",
        "a3xa2",
    ] {
        assert!(z.parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_player_who_cannot_move_loses() {
    // Black a8: a9 is White (jump would leave the board), b8 White with
    // c8 behind it; a8 has no diagonals. White can move.
    let z = pos("", "w8/bww6/9/9/9/9/9/9/9 b 0 0");
    assert!(legal(&z).is_empty());
    assert_eq!(z.status(), Status::Over(Outcome::Win(1)));
}

#[test]
fn when_neither_can_move_more_pieces_wins_and_equal_is_a_draw() {
    // Ranks 1-2 Black, 3-4 White: every jump lands on an occupied point,
    // every step is blocked or backward. 18 against 18: draw.
    let z = pos(
        "",
        "9/9/9/9/9/wwwwwwwww/wwwwwwwww/bbbbbbbbb/bbbbbbbbb b 0 0",
    );
    assert_eq!(z.status(), Status::Over(Outcome::Draw));
    // Rank 1 Black, ranks 2-3 White: nobody moves; White (18) beats Black
    // (9) whoever is to move.
    for side in ["b", "w"] {
        let z = pos(
            "",
            &format!("9/9/9/9/9/9/wwwwwwwww/wwwwwwwww/bbbbbbbbb {side} 0 0"),
        );
        assert_eq!(z.status(), Status::Over(Outcome::Win(1)), "{side}");
    }
}

#[test]
fn quiet_plies_draw_counts_mullah_and_sideways_moves_only() {
    // Black Mullah a1 and man e4; White Mullah i9 and man b7 (on none of
    // their lines).
    let text = "8W/9/1w7/9/9/4b4/9/9/B8 b 47 100";
    let mut z = pos("", text);
    play(&mut z, "e4-f4"); // sideways: quiet
    assert_eq!(z.quiet_plies(), 48);
    play(&mut z, "i9-i8"); // Mullah: quiet
    assert_eq!(z.quiet_plies(), 49);
    assert_eq!(z.status(), Status::Decision(0));
    let mut drawn = z;
    play(&mut drawn, "a1-a2"); // 50th quiet ply
    assert_eq!(drawn.status(), Status::Over(Outcome::Draw));
    assert!(legal(&drawn).is_empty());
    let mut reset = z;
    play(&mut reset, "f4-f5"); // forward man move resets
    assert_eq!(reset.quiet_plies(), 0);
    // quiet_plies=off never draws; perft ignores it too.
    let off = pos("quiet_plies=off", "8W/9/1w7/9/9/4b4/9/9/B8 b 80 100");
    assert_eq!(off.status(), Status::Decision(0));
    let over = pos("", "8W/9/1w7/9/9/4b4/9/9/B8 b 80 100");
    assert_eq!(over.status(), Status::Over(Outcome::Draw));
    assert!(agon::game::perft::perft(&over, 1) > 0);
}

#[test]
fn no_move_is_checked_before_quiet_plies() {
    let z = pos("", "w8/bww6/9/9/9/9/9/9/9 b 60 100");
    assert_eq!(z.status(), Status::Over(Outcome::Win(1)));
}

#[test]
fn repetition_limit_follows_the_option() {
    assert_eq!(
        pos("", "w8/9/9/9/9/9/9/9/b8 b 0 0").repetition_limit(),
        Some(3)
    );
    assert_eq!(
        pos("repetition=off", "w8/9/9/9/9/9/9/9/b8 b 0 0").repetition_limit(),
        None
    );
    assert_eq!(
        pos("repetition=5", "w8/9/9/9/9/9/9/9/b8 b 0 0").repetition_limit(),
        Some(5)
    );
}

/// A position the `position` fuzz target found (it ran 17 s there, when
/// the target round-tripped all of its moves): white's mullahs fly over
/// a crowd of black men, chains branch at every landing, and the list
/// holds nearly two thousand captures. Each of them prints a word of its
/// own that parses back to it, and playing it keeps the incremental hash.
#[test]
fn a_position_with_thousands_of_capture_chains_round_trips_every_word() {
    let z = pos(
        "",
        "wwwwWwwwW/wwww1wW1w/Www1Www2/b1bbbwW2/bb1b5/bbbbbbW2/bb1b5/bbbbbb2b/bbbb2bbb w 0 23",
    );
    let mut moves = Vec::new();
    z.moves(&mut moves);
    assert!(moves.len() > 1000, "{} moves", moves.len());
    let mut words = std::collections::HashSet::new();
    for &m in &moves {
        let word = z.move_text(m);
        assert_eq!(z.parse_move(&word).ok(), Some(m), "'{word}'");
        assert!(words.insert(word.clone()), "'{word}' twice");
        let mut next = z;
        next.play(m);
        assert_eq!(next.hash(), next.hash_from_scratch(), "'{word}'");
    }
}
