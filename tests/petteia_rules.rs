//! Petteia/Kubeia rules, one test per rule, with the exact legal move list
//! of each position written out by hand from `shared/rules/petteia.md`
//! (destinations enumerated square by square in the comments).

use agon::game::Notation;
use agon::game::Playable;
use agon::game::{Evaluator, Game, GameOptions, Outcome, Status};
use agon::games::petteia::eval::PetteiaEvaluator;
use agon::games::petteia::{Kubeia, Petteia, Reason};

fn opts<G: Playable>(text: &str) -> GameOptions {
    GameOptions::parse(text, G::option_specs()).unwrap()
}

fn pos<G: Playable>(options: &str, position: &str) -> G {
    G::from_position(position, &opts::<G>(options)).unwrap()
}

fn legal<G: Playable>(g: &G) -> Vec<String> {
    let mut v = Vec::new();
    g.moves(&mut v);
    let mut t: Vec<String> = v.iter().map(|&m| g.move_text(m)).collect();
    t.sort();
    t
}

/// "from-to" for each destination in the space-separated list.
fn slides(from: &str, tos: &str) -> Vec<String> {
    tos.split_whitespace()
        .map(|to| format!("{from}-{to}"))
        .collect()
}

fn sorted(parts: &[Vec<String>]) -> Vec<String> {
    let mut v: Vec<String> = parts.concat();
    v.sort();
    v
}

fn after<G: Playable>(g: &G, text: &str) -> G {
    let mut c = g.clone();
    let m = c.parse_move(text).unwrap();
    c.play(m);
    c
}

fn reason(g: &Petteia) -> Option<Reason> {
    g.state().result.map(|(_, r)| r)
}

#[test]
fn start_position_moves() {
    let g = Petteia::new(&opts::<Petteia>("")).unwrap();
    // Peltasts on rank 2 move up to rank 6 (rank 7 is Black's); f2 is
    // blocked by the Basileus on f3 and g2 stops under the Basileus on g6.
    let mut parts: Vec<Vec<String>> = "abcdehijkl"
        .chars()
        .map(|c| slides(&format!("{c}2"), &format!("{c}3 {c}4 {c}5 {c}6")))
        .collect();
    parts.push(slides("g2", "g3 g4 g5"));
    parts.push(slides("f3", "f4 f5 f6 e3 d3 c3 b3 a3 g3 h3 i3 j3 k3 l3"));
    assert_eq!(legal(&g), sorted(&parts));
    assert_eq!(g.status(), Status::Decision(0));
}

#[test]
fn mirror_kings_start_on_g3_and_f6() {
    let g = Petteia::new(&opts::<Petteia>("kings=mirror")).unwrap();
    assert!(g
        .position()
        .starts_with("oooooooooooo/pppppppppppp/5b6/12/12/6B5/"));
}

#[test]
fn custodial_double_capture_is_compulsory() {
    // White Pe3 Pc5 Oe7 Oa1 Bk2; Black pd5 pe6 ol8 bh8 pj8. Arriving on e5
    // takes d5 (partner c5) and e6 (partner e7); no other move captures.
    let g: Petteia = pos("", "7b1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 w - 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["e3-e5xd5xe6"]);
    let g2 = after(&g, "e3-e5");
    assert!(g2.position().starts_with("7b1p1o/4O7/12/2P1P7/"));
    assert_eq!(g2.state().nocapture, 0);
}

#[test]
fn hoplite_class_rule() {
    // Black Od5 between White Pc5 and e5: Pe2-e5 (two Peltasts) takes
    // nothing; the Hoplite h5 arriving on e5 does, and capture is compulsory.
    let g: Petteia = pos("", "P9p1/12/12/2Po3O4/11b/B11/4P7/10o1 w - 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["h5-e5xd5"]);
    // With a Hoplite partner on c5 a Peltast mover suffices.
    let g: Petteia = pos("", "P9p1/12/12/2Oo3P4/11b/B11/4P7/10o1 w - 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["e2-e5xd5", "h5-e5xd5"]);
}

#[test]
fn corner_captures_with_the_class_rule() {
    // pa8 in the corner with Pb8: a5-a7 takes it. ol1 in the corner with
    // Pl2: the Hoplite k3-k1 takes it, the Peltast j1-k1 may not.
    let g: Petteia = pos("", "pP1b2p5/12/1o10/P11/12/10O1/11P/5B3P1o w - 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["a5-a7xa8", "k3-k1xl1"]);
}

#[test]
fn basileus_enclosed_in_the_middle_needs_two_hoplites() {
    // bf5 enclosed by Of6 Pe5 Pg5; f4 completes it. Hoplites c4 and f2 make
    // two Hoplites; the Peltast k4 arriving on f4 would make only one.
    let g: Petteia = pos("", "10o1/10p1/5O6/4PbP5/2O7P1/12/5O6/B10p w - 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["c4-f4xf5", "f2-f4xf5"]);
    let g2 = after(&g, "f2-f4");
    assert_eq!(g2.status(), Status::Over(Outcome::Win(0)));
    assert_eq!(reason(&g2), Some(Reason::Rout));
}

#[test]
fn basileus_on_an_edge_needs_three_and_one_hoplite() {
    let g: Petteia = pos("", "4o2p4/4p7/P11/b1P9/O11/11B/12/10P1 w - 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["c5-b5xa5"]);
    assert_eq!(reason(&after(&g, "c5-b5")), Some(Reason::Rout));
}

#[test]
fn basileus_in_a_corner_taken_by_two_with_the_basileus() {
    // bl8 with Pk8: the White Basileus arriving on l7 satisfies the class rule.
    let g: Petteia = pos("", "p9Pb/o11/12/12/7p3B/12/1P10/2O9 w - 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["l4-l7xl8"]);
}

#[test]
fn basileus_class_rule_for_black() {
    // White Bd4 has od5 pc4 pd3 around it; e4 completes the enclosure. The
    // Hoplite e1 makes two Hoplites; the Peltast h4 would leave one.
    let g: Petteia = pos("", "7p2b1/11o/12/3o8/2pB3p4/3p8/1O10/P3o7 b - 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["e1-e4xd4"]);
    let g2 = after(&g, "e1-e4");
    assert_eq!(g2.status(), Status::Over(Outcome::Win(1)));
}

#[test]
fn false_capture_no_suicide() {
    // Black pd7 moves d7-d5 between White Pc5 and Pe5: nothing is taken.
    let g: Petteia = pos("", "7b4/3p8/12/2P1P7/12/12/12/O4B4op b - 0,0 0 0 *");
    let g2 = after(&g, "d7-d5");
    assert!(g2.position().starts_with("7b4/12/12/2PpP7/"));
    assert_eq!(g2.status(), Status::Decision(0));
}

#[test]
fn decimation_when_the_last_peltast_falls() {
    let g: Petteia = pos("", "3o3b4/8o3/2Pp8/12/12/4P7/12/O10B w - 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["e3-e6xd6"]);
    let g2 = after(&g, "e3-e6");
    assert_eq!(g2.status(), Status::Over(Outcome::Win(0)));
    assert_eq!(reason(&g2), Some(Reason::Decimation));
}

#[test]
fn breakthrough_on_the_far_row() {
    // White Bc7 Pa2 Oa1; Black pl8 ol7 bj5 pf2; no capture anywhere.
    let g: Petteia = pos("", "11p/2B8o/12/9b2/12/12/P4p6/O11 w - 0,0 0 0 *");
    let expect = sorted(&[
        slides("c7", "c8 c6 c5 c4 c3 c2 c1 b7 a7 d7 e7 f7 g7 h7 i7 j7 k7"),
        slides("a2", "a3 a4 a5 a6 a7 a8 b2 c2 d2 e2"),
        // The Hoplite stops after six squares.
        slides("a1", "b1 c1 d1 e1 f1 g1"),
    ]);
    assert_eq!(legal(&g), expect);
    let g2 = after(&g, "c7-c8");
    assert_eq!(g2.status(), Status::Over(Outcome::Win(0)));
    assert_eq!(reason(&g2), Some(Reason::Breakthrough));
}

#[test]
fn siege_when_the_opponent_cannot_move() {
    // Black ba8 pl8 ol7 are hemmed in but for a7; a5-a7 shuts the last door.
    let g: Petteia = pos("", "bP8Pp/10Oo/11P/P3O7/12/5B6/12/12 w - 0,0 0 0 *");
    let g2 = after(&g, "a5-a7");
    assert_eq!(g2.status(), Status::Over(Outcome::Win(0)));
    assert_eq!(reason(&g2), Some(Reason::Siege));
    assert_eq!(legal(&g2), Vec::<String>::new());
    // A position where the side to move cannot move is already lost.
    let g3: Petteia = pos("", "bP8Pp/P9Oo/11P/4O7/12/5B6/12/12 b - 0,0 0 0 *");
    assert_eq!(g3.status(), Status::Over(Outcome::Win(0)));
}

#[test]
fn reluctance_third_passive_move_loses() {
    // White Pa1 Ob1 Bl1 Pk5 with two counted passive moves; Black pf8 bh8
    // pk8 of7. Active: Pk5 (k7 touches k8) and Bl1 (l8 touches k8).
    let g: Petteia = pos("", "5p1b2p1/5o6/12/10P1/12/12/12/PO9B w - 2,1 0 0 *");
    let expect = sorted(&[
        slides("a1", "a2 a3 a4 a5 a6 a7 a8"),
        slides("b1", "b2 b3 b4 b5 b6 b7 c1 d1 e1 f1 g1 h1"),
        slides("l1", "k1 j1 i1 h1 g1 f1 e1 d1 c1 l2 l3 l4 l5 l6 l7 l8"),
        slides("k5", "k6 k7 k4 k3 k2 k1 j5 i5 h5 g5 f5 e5 d5 c5 b5 a5 l5"),
    ]);
    assert_eq!(legal(&g), expect);
    let lost = after(&g, "a1-a2");
    assert_eq!(lost.status(), Status::Over(Outcome::Win(1)));
    assert_eq!(reason(&lost), Some(Reason::Reluctance));
    // Moving an active piece resets the count.
    let fine = after(&g, "k5-k4");
    assert_eq!(fine.status(), Status::Decision(1));
    assert_eq!(fine.state().reluctance, [0, 1]);
    // A win by another rule beats the third passive move: l1-l8 is a
    // breakthrough.
    assert_eq!(reason(&after(&g, "l1-l8")), Some(Reason::Breakthrough));
}

#[test]
fn no_reluctance_without_an_active_piece() {
    // Far apart armies: nothing is active, so passive moves do not count.
    let g: Petteia = pos("", "7b2po/12/12/12/12/12/12/POB9 w - 2,0 0 0 *");
    let g2 = after(&g, "a1-a2");
    assert_eq!(g2.status(), Status::Decision(1));
    assert_eq!(g2.state().reluctance, [0, 0]);
}

#[test]
fn superiority_win_at_the_ply_limit() {
    // nocapture_plies=3 with 2 played: every White move ends it, 5 pieces
    // to 4, unless it wins otherwise (l1-l8).
    let g: Petteia = pos(
        "nocapture_plies=3",
        "5p1b2p1/12/5o6/12/12/1O10/12/PPP8B w - 0,0 2 0 *",
    );
    let expect = sorted(&[
        slides("a1", "a2 a3 a4 a5 a6 a7 a8"),
        slides("b1", "b2"),
        slides("c1", "c2 c3 c4 c5 c6 c7 c8 d1 e1 f1 g1 h1 i1 j1 k1"),
        slides("b3", "b4 b5 b6 b7 b8 b2 a3 c3 d3 e3 f3 g3 h3"),
        slides("l1", "k1 j1 i1 h1 g1 f1 e1 d1 l2 l3 l4 l5 l6 l7 l8"),
    ]);
    assert_eq!(legal(&g), expect);
    let g2 = after(&g, "a1-a2");
    assert_eq!(g2.status(), Status::Over(Outcome::Win(0)));
    assert_eq!(reason(&g2), Some(Reason::Superiority));
    assert_eq!(reason(&after(&g, "l1-l8")), Some(Reason::Breakthrough));
}

#[test]
fn superiority_draw_with_equal_numbers() {
    let g: Petteia = pos(
        "nocapture_plies=4",
        "7b2p1/12/5o6/12/12/1O10/12/P10B w - 0,0 2 0 *",
    );
    let expect = sorted(&[
        slides("a1", "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1 i1 j1 k1"),
        slides("b3", "b4 b5 b6 b7 b8 b2 b1 a3 c3 d3 e3 f3 g3 h3"),
        slides("l1", "k1 j1 i1 h1 g1 f1 e1 d1 c1 b1 l2 l3 l4 l5 l6 l7 l8"),
    ]);
    assert_eq!(legal(&g), expect);
    let g2 = after(&g, "a1-a2");
    assert_eq!(g2.status(), Status::Decision(1));
    let g3 = after(&g2, "k8-k7");
    assert_eq!(g3.status(), Status::Over(Outcome::Draw));
    assert_eq!(reason(&g3), Some(Reason::Equality));
}

fn kreason(g: &Kubeia) -> Option<Reason> {
    g.state().result.map(|(_, r)| r)
}

#[test]
fn kubeia_start_is_a_roll_with_21_outcomes() {
    let g = Kubeia::new(&opts::<Kubeia>("")).unwrap();
    assert_eq!(g.status(), Status::Chance);
    let mut o = Vec::new();
    g.outcomes(&mut o);
    let mut texts: Vec<String> = o.iter().map(|&(m, _)| g.move_text(m)).collect();
    texts.sort();
    let mut expect = Vec::new();
    for hi in 1..=6 {
        for lo in 1..=hi {
            expect.push(format!("r{hi}{lo}"));
        }
    }
    expect.sort();
    assert_eq!(texts, expect);
    let p66 = o.iter().find(|&&(m, _)| g.move_text(m) == "r66").unwrap().1;
    let p65 = o.iter().find(|&&(m, _)| g.move_text(m) == "r65").unwrap().1;
    assert_eq!((p66 * 36.0).round(), 1.0);
    assert_eq!((p65 * 36.0).round(), 2.0);
    // A roll is a Move of the same type, parsed from either die order.
    assert_eq!(g.parse_move("r56").unwrap(), g.parse_move("r65").unwrap());
}

#[test]
fn kubeia_limits_and_the_move_of_hermes() {
    // Roll 6-3. Basileus f3: up to 3, or exactly 6 (l3); Hoplite c2 up to
    // 3; Peltast a1 up to 6.
    let g: Kubeia = pos("", "5b5p/11o/12/12/12/5B6/2O9/P11 w 63 0,0 0 0 *");
    let expect = sorted(&[
        slides("f3", "f4 f5 f6 f2 f1 e3 d3 c3 g3 h3 i3 l3"),
        slides("c2", "c3 c4 c5 c1 b2 a2 d2 e2 f2"),
        slides("a1", "a2 a3 a4 a5 a6 a7 b1 c1 d1 e1 f1 g1"),
    ]);
    assert_eq!(legal(&g), expect);
}

#[test]
fn kubeia_compulsory_capture_among_the_moves_the_roll_allows() {
    let p = "7b1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 w 11 0,0 0 0 *";
    // With 1-1 the capture e3-e5 is out of reach, so every move is legal.
    let g: Kubeia = pos("", p);
    let expect = sorted(&[
        slides("e3", "e4 e2 d3 f3"),
        slides("c5", "c6 c4 b5"),
        slides("e7", "e8 d7 f7"),
        slides("a1", "a2 b1"),
        slides("k2", "k3 k1 j2 l2"),
    ]);
    assert_eq!(legal(&g), expect);
    // With 2-1 the Peltast reaches e5 and must capture.
    let g: Kubeia = pos("", &p.replace(" 11 ", " 21 "));
    assert_eq!(legal(&g), vec!["e3-e5xd5xe6"]);
}

#[test]
fn kubeia_hand_of_zeus_rolls_again_for_the_same_player() {
    let g: Kubeia = pos("", "7b1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 w 22 0,0 0 0 *");
    assert_eq!(legal(&g), vec!["e3-e5xd5xe6"]);
    let g2 = after(&g, "e3-e5");
    assert_eq!(g2.status(), Status::Chance);
    let g3 = after(&g2, "r43");
    assert_eq!(g3.status(), Status::Decision(0), "White moves again");
    let m = {
        let mut v = Vec::new();
        g3.moves(&mut v);
        v[0]
    };
    let mut g4 = g3.clone();
    g4.play(m);
    assert_eq!(g4.status(), Status::Chance);
    assert_eq!(g4.state().side, 1, "after a non-double Black rolls");
}

#[test]
fn kubeia_activity_is_judged_with_petteia_movement() {
    // Roll 1-1: no piece can reach a contact square with the dice, but Pk5
    // and Bl1 can with Petteia movement, so a1-a2 is the third passive move.
    let g: Kubeia = pos("", "5p1b2p1/5o6/12/10P1/12/12/12/PO9B w 11 2,1 0 0 *");
    let expect = sorted(&[
        slides("a1", "a2"),
        slides("b1", "b2 c1"),
        slides("l1", "k1 l2"),
        slides("k5", "k6 k4 j5 l5"),
    ]);
    assert_eq!(legal(&g), expect);
    let g2 = after(&g, "a1-a2");
    assert_eq!(g2.status(), Status::Over(Outcome::Win(1)));
    assert_eq!(kreason(&g2), Some(Reason::Reluctance));
}

#[test]
fn kubeia_siege_is_judged_before_the_roll() {
    let g: Kubeia = pos("", "bP8Pp/10Oo/11P/P3O7/12/5B6/12/12 w 41 0,0 0 0 *");
    let g2 = after(&g, "a5-a7");
    assert_eq!(
        g2.status(),
        Status::Over(Outcome::Win(0)),
        "no roll follows"
    );
    assert_eq!(kreason(&g2), Some(Reason::Siege));
}

#[test]
fn bad_input_gives_errors_not_panics() {
    let o = opts::<Petteia>("");
    for bad in [
        "",
        "12/12/12/12/12/12/12 w - 0,0 0 0 *",
        "13/12/12/12/12/12/12/12 w - 0,0 0 0 *",
        "7b1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 x - 0,0 0 0 *",
        "7b1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 w 63 0,0 0 0 *",
        "7b1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 w - 3,0 0 0 *",
        "7b1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 w - 0,0 100 0 *",
        "7p1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 w - 0,0 0 0 *",
        "7b1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 w - 0,0 0 0 2-0:siege",
        "7b1p1q/4O7/4p7/2Pp8/12/4P7/10B1/O11 w - 0,0 0 0 *",
    ] {
        assert!(Petteia::from_position(bad, &o).is_err(), "accepted '{bad}'");
    }
    let g = Petteia::new(&o).unwrap();
    for bad in [
        "", "a2", "a2-a9", "a2-a8", "z2-z3", "a2-a3xa4", "r63", "pass",
    ] {
        assert!(g.parse_move(bad).is_err(), "accepted move '{bad}'");
    }
    assert!(Petteia::new(&o).unwrap().parse_move("a2-a4").is_ok());
    assert!(GameOptions::parse("kings=left", Petteia::option_specs()).is_err());
    assert!(GameOptions::parse("nocapture_plies=0", Petteia::option_specs()).is_err());
}

#[test]
fn evaluation_is_symmetric_at_the_start_and_counts_material() {
    // The start is symmetric under a half turn (f3 <-> g6), so every
    // feature difference is zero.
    let g = Petteia::new(&opts::<Petteia>("")).unwrap();
    assert_eq!(PetteiaEvaluator::default().evaluate(&g), 0);
    // After White's double capture Black (to move) has pj8 left against Pc5, Pe5.
    let g: Petteia = pos("", "7b1p1o/4O7/4p7/2Pp8/12/4P7/10B1/O11 w - 0,0 0 0 *");
    let before = -PetteiaEvaluator::default().evaluate(&g);
    let g2 = after(&g, "e3-e5");
    let terms = PetteiaEvaluator::default().terms(&g2);
    let pel = terms.iter().find(|(n, _)| *n == "peltasts").unwrap().1;
    assert_eq!(pel, -100, "Black to move: 1 Peltast (j8) against 2");
    assert!(
        -PetteiaEvaluator::default().evaluate(&g2) > before,
        "White's view improves after capturing"
    );
    assert_eq!(
        terms.last().unwrap(),
        &("total", PetteiaEvaluator::default().evaluate(&g2))
    );
}

#[test]
fn board_picture_in_both_alphabets() {
    let o = GameOptions::parse("greek=on", Petteia::option_specs()).unwrap();
    let g = Petteia::new(&o).unwrap();
    let text = g.board_text();
    assert!(text.contains("Α Β Γ Δ Ε Ζ Η Θ Ι Κ Λ Μ"), "{text}");
    let g = Petteia::new(&opts::<Petteia>("")).unwrap();
    assert!(g.board_text().contains("a b c d e f g h i j k l"));
    assert!(g.board_text().starts_with("8  o o o o o o o o o o o o\n"));
}
