//! Checks of the naive Abalone generator itself against counts reasoned by
//! hand from `shared/rules/abalone.md` (and the well-known 44 moves of the
//! standard start), so that the suite file it writes can be trusted.
//!
//! Direction names used in the comments: E (0,+1), W (0,−1), NE (+1,+1),
//! NW (+1,0), SE (−1,0), SW (−1,−1), as (row, diagonal) steps.

use crate::naive;

use naive::abalone::board::{parse_cell, Colour, Ending, Piece, Position};
use naive::abalone::movegen::{legal_moves, move_text, play, Move};
use naive::abalone::perft::perft;

fn pos(black: &str, white: &str) -> Position {
    Position::from_cells(black, white, None, false, Colour::Black, (0, 0)).unwrap()
}

fn princess_pos(black: &str, white: &str, princess: &str) -> Position {
    Position::from_cells(black, white, Some(princess), true, Colour::Black, (0, 0)).unwrap()
}

fn texts(p: &Position) -> Vec<String> {
    let mut t: Vec<String> = legal_moves(p).iter().map(move_text).collect();
    t.sort();
    t
}

fn find(p: &Position, text: &str) -> Move {
    legal_moves(p)
        .into_iter()
        .find(|m| move_text(m) == text)
        .unwrap_or_else(|| panic!("{text} not legal in {}", p.to_text()))
}

fn cell(name: &str) -> (i8, i8) {
    parse_cell(name).unwrap()
}

const STANDARD: &str = "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b";

#[test]
fn lone_marbles_step_to_each_free_neighbour() {
    // A middle cell has all six neighbours on the board.
    assert_eq!(perft(&pos("e5", ""), 1), 6);
    // Corner a1: only a2, b1, b2 are on the board.
    assert_eq!(perft(&pos("a1", ""), 1), 3);
    // Corner i9: i8, h8, h9.
    assert_eq!(perft(&pos("i9", ""), 1), 3);
    // Edge a3: a2, a4, b3, b4.
    assert_eq!(perft(&pos("a3", ""), 1), 4);
    // Corner e1: e2, f2, d1 (f1 and d0 are not cells).
    assert_eq!(perft(&pos("e1", ""), 1), 3);
}

#[test]
fn two_and_three_marbles_in_the_open() {
    // e5 e6: each single has 5 free neighbours (10); the pair moves in-line
    // to e4 or e7 (2) and broadside NW, NE, SE, SW (4): 16.
    assert_eq!(perft(&pos("e5 e6", ""), 1), 16);
    // e4 e5 e6: singles 5 + 4 + 5; pairs e4e5 and e5e6 each one in-line
    // (outwards) and four broadsides (10); the triple 2 + 4: 14 + 10 + 6.
    assert_eq!(perft(&pos("e4 e5 e6", ""), 1), 30);
    // Two lone marbles that do not touch: 6 + 3 moves; White's i9 then has
    // 3 answers whatever Black did (no Black move reaches i9's neighbours).
    assert_eq!(perft(&pos("e5 a1", "i9"), 1), 9);
    assert_eq!(perft(&pos("e5 a1", "i9"), 2), 27);
}

#[test]
fn standard_start_has_44_moves() {
    // By hand (Black a1-a5, b1-b6, c3-c5; everything above row c empty):
    // - singles: c3 3 (c2 d3 d4), c4 2, c5 3, b1 2 (c1 c2), b2 1 (c2),
    //   b5 1 (c6), b6 2 (c6 c7), the rest boxed in: 14;
    // - along rows: c3c4 W, c4c5 E, c3c4c5 W and E (4 in-line); broadsides
    //   b1b2 NW, b5b6 NE, c3c4 NW NE, c4c5 NW NE, c3c4c5 NW NE (8): 12;
    // - along NW diagonals: a1b1 and a2b2 to c1 c2, b3c3 b4c4 b5c5 and
    //   the three triples a3b3c3 a4b4c4 a5b5c5 to row d (8); broadside
    //   b5c5 NE (1): 9;
    // - along NE diagonals: b2c3 b3c4 b4c5 and the triples a1b2c3 a2b3c4
    //   a3b4c5 to row d, a4b5 to c6, a5b6 to c7 (8); broadside b2c3 NW: 9.
    // 14 + 12 + 9 + 9 = 44, the figure Abalone programs publish.
    let start = Position::parse(STANDARD, false).unwrap();
    assert_eq!(perft(&start, 1), 44);
    // After one Black move Black still sits in rows a-d and White's moves
    // only touch rows e-i, so each of White's 44 answers (the start is
    // symmetric under a half turn that swaps the colours) stays legal:
    // 44 * 44.
    assert_eq!(perft(&start, 2), 1936);
}

#[test]
fn belgian_daisy_has_52_moves() {
    // Black's a1 daisy (a1 a2 b1 b2 b3 c2 c3; White's b4 b5 b6 a4 a5 c5 c6
    // beside it) by hand:
    // - singles: a2 1 (a3), b1 1 (c1), b3 2 (c4 a3; b4 cannot be pushed by
    //   one), c2 3 (c1 d2 d3), c3 3 (c4 d3 d4), a1 and b2 none: 10;
    // - rows: a1a2 E (1); b2b3 and b1b2b3 meet b4b5b6 (pac, 2-3 and 3-3);
    //   c2c3 E W NW NE (4): 5;
    // - NW diagonals: a1b1 to c1, b2c2 and a2b2c2 to d2, b3c3 to d3 and a3
    //   and broadside NE (3): 6;
    // - NE diagonals: b2c3 and a1b2c3 to d4, a2b3 to c4, b1c2 to d3 and
    //   broadside NW to c1 d2 (2): 5.
    // 26 per daisy; the layout is symmetric under a half turn that keeps
    // the colours (b2 <-> h8, b5 <-> h5), so 52.
    let belgian = Position::from_cells(
        "a1 a2 b1 b2 b3 c2 c3 g7 g8 h7 h8 h9 i8 i9",
        "a4 a5 b4 b5 b6 c5 c6 g4 g5 h4 h5 h6 i5 i6",
        None,
        false,
        Colour::Black,
        (0, 0),
    )
    .unwrap();
    assert_eq!(perft(&belgian, 1), 52);
}

#[test]
fn german_daisy_has_80_moves() {
    // Black's c2 daisy (b1 b2 c1 c2 c3 d2 d3) touches nothing of White's:
    // - singles: b1 1, b2 3, c1 1, c3 3, d2 3, d3 3, c2 none: 14;
    // - rows: b1b2 E and SE (2), c2c3 E, c1c2c3 E, d2d3 E W NW NE (4): 8;
    // - NW diagonals: b1c1 NW SE, b2c2 SE, c2d2 NW, b2c2d2 NW SE, c3d3 NW
    //   SE and broadsides E and NE: 2 + 1 + 1 + 2 + 4 = 10;
    // - NE diagonals: c2d3 NE, b1c2d3 NE, c1d2 NE and broadside NW, b2c3
    //   NE SW and broadsides E and SE: 1 + 1 + 2 + 4 = 8.
    // 40 per daisy, two daisies related by a half turn: 80.
    let german = Position::from_cells(
        "b1 b2 c1 c2 c3 d2 d3 f7 f8 g7 g8 g9 h8 h9",
        "b5 b6 c5 c6 c7 d6 d7 f3 f4 g3 g4 g5 h4 h5",
        None,
        false,
        Colour::Black,
        (0, 0),
    )
    .unwrap();
    assert_eq!(perft(&german, 1), 80);
}

#[test]
fn position_string_round_trips() {
    let start = Position::parse(STANDARD, false).unwrap();
    assert_eq!(start.to_text(), STANDARD);
    assert_eq!(start.get(cell("a1")), Some(Piece::Marble(Colour::Black)));
    assert_eq!(start.get(cell("c3")), Some(Piece::Marble(Colour::Black)));
    assert_eq!(start.get(cell("c2")), None);
    assert_eq!(start.get(cell("g5")), Some(Piece::Marble(Colour::White)));
    assert_eq!(start.get(cell("i9")), Some(Piece::Marble(Colour::White)));
    let text = "5/6/7/8/4p4/8/7/6/5-2b5w w 17";
    let p = Position::parse(text, true).unwrap();
    assert_eq!(p.get(cell("e5")), Some(Piece::Princess));
    assert_eq!(p.ejected(Colour::Black), 2);
    assert_eq!(p.ejected(Colour::White), 5);
    assert_eq!(p.to_move, Colour::White);
    assert_eq!(p.to_text(), text);
    for bad in [
        "5/6/7/8/4p4/8/7/6/5 b", // princess without princess=on
        "5/6/7/8/9/8/7/6/6 b",   // row a too long
        "5/6/7/8/9/8/7/6 b",     // eight rows
        "5/6/7/8/9/8/7/6/5 x",   // side
        "5/6/7/8/9/8/7/6/5-2b b",
    ] {
        assert!(Position::parse(bad, false).is_err(), "{bad}");
    }
}

#[test]
fn move_text_follows_aba_pro() {
    // The rules' own examples: a1b2 (in-line) and f4h4e3 (broadside).
    let p = pos("a1 f4 g4 h4", "");
    let t = texts(&p);
    assert!(t.contains(&"a1b2".to_string()));
    assert!(t.contains(&"f4h4e3".to_string()));
    // The column f4 g4 h4 stepping SE is written by its trailing marble;
    // it cannot step NW (i4 is not a cell).
    assert!(t.contains(&"h4g4".to_string()));
    assert!(!t.contains(&"f4g4".to_string()));
    // Distinct moves have distinct texts.
    let mut dedup = t.clone();
    dedup.dedup();
    assert_eq!(dedup, t);
}

#[test]
fn three_push_two() {
    let p = pos("e1 e2 e3", "e4 e5");
    let m = find(&p, "e1e2");
    let after = play(&p, &m);
    let black = Some(Piece::Marble(Colour::Black));
    let white = Some(Piece::Marble(Colour::White));
    assert_eq!(after.get(cell("e1")), None);
    for c in ["e2", "e3", "e4"] {
        assert_eq!(after.get(cell(c)), black, "{c}");
    }
    for c in ["e5", "e6"] {
        assert_eq!(after.get(cell(c)), white, "{c}");
    }
    assert_eq!(after.to_move, Colour::White);
    // Two cannot push two: e2e3 forward is not a move.
    assert!(!texts(&p).contains(&"e2e3".to_string()));
}

#[test]
fn ejection_counts_and_the_sixth_wins() {
    let p = pos("e7 e8", "e9");
    let after = play(&p, &find(&p, "e7e8"));
    assert_eq!(after.ejected(Colour::White), 1);
    assert_eq!(after.get(cell("e9")), Some(Piece::Marble(Colour::Black)));
    assert_eq!(after.ending, None);
    let p = Position::from_cells("e7 e8", "e9 a1", None, false, Colour::Black, (0, 5)).unwrap();
    let after = play(&p, &find(&p, "e7e8"));
    assert_eq!(after.ending, Some(Ending::Won(Colour::Black)));
    assert!(legal_moves(&after).is_empty());
    // By hand: e7 steps to e6 f7 f8 d7 d6 (5); e8 to f8 f9 d8 d7 (4, a
    // single cannot push e9); the pair pushes e9 off (the winning move),
    // steps back to e6 and has four broadsides (6): 15 at depth 1. At
    // depth 2 the finished game below the winning push counts nothing.
    assert_eq!(perft(&p, 1), 15);
    let white_replies: u64 = legal_moves(&p)
        .iter()
        .filter(|m| move_text(m) != "e7e8")
        .map(|m| perft(&play(&p, m), 1))
        .sum();
    assert_eq!(perft(&p, 2), white_replies);
    // A game already won (six White marbles ejected) has no moves.
    let over = Position::from_cells("e5", "a1", None, false, Colour::White, (0, 6)).unwrap();
    assert_eq!(over.ending, Some(Ending::Won(Colour::Black)));
    assert_eq!(perft(&over, 0), 1);
    assert_eq!(perft(&over, 1), 0);
}

#[test]
fn pac_and_blocked_pushes_are_not_moves() {
    // No legal in-line move of Black may move a marble onto a White one.
    let enters_enemy = |p: &Position| {
        legal_moves(p).iter().any(|m| {
            m.is_inline()
                && m.marbles.iter().any(|&c| {
                    let next = (c.0 + m.dir.0, c.1 + m.dir.1);
                    p.get(next) == Some(Piece::Marble(Colour::White))
                })
        })
    };
    for (black, white) in [
        ("e4", "e5"),                // 1-1
        ("e3 e4", "e5 e6"),          // 2-2
        ("e2 e3 e4", "e5 e6 e7"),    // 3-3
        ("e1 e2 e3 e4", "e5 e6 e7"), // 4 against 3: only three count
        ("e2 e3 e4 e6", "e5"),       // own marble behind the pushed one
        ("e3 e4 e6", "e5"),          // 2-1 blocked the same way
        ("e2 e3 e4", "e5 e6 e7 e8"), // 3-4
    ] {
        let p = pos(black, white);
        assert!(!enters_enemy(&p), "{black} vs {white}");
    }
    // The checker itself sees a legal push.
    assert!(enters_enemy(&pos("e3 e4", "e5")));
    // pac 2-2 by hand: e3 5 steps (all but e4), e4 4 (not e3, not e5), the
    // pair W and four broadsides (5): 14.
    assert_eq!(perft(&pos("e3 e4", "e5 e6"), 1), 14);
    // The same with a gap before the second White marble: 2-1 is legal.
    assert!(texts(&pos("e3 e4", "e5 e7")).contains(&"e3e4".to_string()));
}

#[test]
fn princess_rules() {
    // A single marble cannot push the princess; two can, three can push it
    // with a White marble; an own marble beyond it blocks.
    let p = princess_pos("e4", "", "e5");
    assert!(!texts(&p).contains(&"e4e5".to_string()));
    let p = princess_pos("e3 e4", "", "e5");
    assert!(texts(&p).contains(&"e3e4".to_string()));
    let p = princess_pos("e3 e4 e6", "", "e5");
    assert!(!texts(&p).contains(&"e3e4".to_string()));
    let p = princess_pos("e2 e3 e4", "e6", "e5");
    let after = play(&p, &find(&p, "e2e3"));
    assert_eq!(after.get(cell("e6")), Some(Piece::Princess));
    assert_eq!(after.get(cell("e7")), Some(Piece::Marble(Colour::White)));
    // Two cannot push the princess and a White marble (2-2).
    let p = princess_pos("e3 e4", "e6", "e5");
    assert!(!texts(&p).contains(&"e3e4".to_string()));
    // A broadside into the princess's cell is blocked: d4d5 NW would enter
    // e4 and e5; d3d4 NW enters e3 e4 and is fine.
    let p = princess_pos("d4 d5", "", "e5");
    assert!(!texts(&p).contains(&"d4d5e4".to_string()));
    let p = princess_pos("d3 d4", "", "e5");
    assert!(texts(&p).contains(&"d3d4e3".to_string()));
    // White pushes it too; ejecting it wins for the pusher at once.
    let p = Position::from_cells("a1", "g9 f9", Some("e9"), true, Colour::White, (0, 0)).unwrap();
    let after = play(&p, &find(&p, "g9f9"));
    assert_eq!(after.ending, Some(Ending::Won(Colour::White)));
    assert_eq!(
        after.ejected(Colour::Black) + after.ejected(Colour::White),
        0
    );
}

#[test]
fn no_legal_move_is_a_dead_end() {
    // a1 a2 against a3 a4 (2-2 pac) and b1 b2 b3 above: see the suite note.
    let p = pos("a1 a2", "a3 a4 b1 b2 b3 i9");
    assert!(legal_moves(&p).is_empty());
    assert_eq!(perft(&p, 0), 1);
    assert_eq!(perft(&p, 1), 0);
    assert_eq!(perft(&p, 3), 0);
}

#[test]
fn symmetric_images_have_the_same_counts() {
    // The twelve symmetries of the hexagon map the board onto itself and
    // lines onto lines; the rules name no direction, so perft cannot
    // change. Swapping the colours (with the side to move) cannot either.
    let cases = [
        ("e2 e3 e4 a1 b6", "e5 e6 g7 i9", None),
        ("a1 a2 a3 c3 c4", "a4 a5 b5 e9", None),
        ("e7 e8 d4 d5", "f8 f9 g9 i5", Some("e9")),
    ];
    for (black, white, princess) in cases {
        let p = Position::from_cells(
            black,
            white,
            princess,
            princess.is_some(),
            Colour::Black,
            (1, 2),
        )
        .unwrap();
        let want: Vec<u64> = (1..=3).map(|d| perft(&p, d)).collect();
        let mut images = std::collections::HashSet::new();
        for s in 0..12 {
            let image = p.transformed(s);
            images.insert(image.to_text());
            let got: Vec<u64> = (1..=3).map(|d| perft(&image, d)).collect();
            assert_eq!(got, want, "symmetry {s}: {}", image.to_text());
            let swapped = image.colours_swapped();
            let got: Vec<u64> = (1..=3).map(|d| perft(&swapped, d)).collect();
            assert_eq!(got, want, "swapped {s}: {}", swapped.to_text());
        }
        // The images really differ (these positions have no symmetry).
        assert_eq!(images.len(), 12, "{black} / {white}");
    }
    // Corners go to corners: a1's six rotations are the six corners.
    let corners: std::collections::BTreeSet<String> = (0..6)
        .map(|s| pos("a1", "").transformed(s).to_text())
        .collect();
    let expected: std::collections::BTreeSet<String> = ["a1", "a5", "e1", "e9", "i5", "i9"]
        .iter()
        .map(|c| pos(c, "").to_text())
        .collect();
    assert_eq!(corners, expected);
}

#[test]
fn suite_positions_counted_by_hand() {
    // Depth-1 counts of some positions of positions/abalone-perft.txt,
    // counted by hand (singles; then columns: in-line, broadsides).
    let by_name = |name: &str| {
        naive::abalone::designs::designs()
            .into_iter()
            .find(|d| d.name == name)
            .unwrap_or_else(|| panic!("no design {name}"))
            .position()
            .unwrap()
    };
    // sumito-2-1 (Black d3 d4 c6 b1, White d5 f7 f8): b1 4, c6 6, d3 5,
    // d4 4 (d5 cannot be pushed by one); d3d4 pushes d5 (2-1), steps to d2
    // and has four broadsides: 6. Total 25.
    assert_eq!(perft(&by_name("sumito-2-1"), 1), 25);
    // sumito-3-2 (Black e1 e2 e3 a3, White e4 e5 e7 h6): a3 4, e1 2 (e2 is
    // own; f1, d0, e0 are off), e2 4, e3 4; e1e2 broadsides NE and SE (2);
    // e2e3 four broadsides, no push (2-2): 4; e1e2e3 pushes 3-2, broadsides
    // NE and SE (NW and SW leave the board): 3. Total 23.
    assert_eq!(perft(&by_name("sumito-3-2"), 1), 23);
    // pac-1-1: e4 5 (not onto e5), a1 3.
    assert_eq!(perft(&by_name("pac-1-1"), 1), 8);
    // pac-2-2: e3 5, e4 4, e3e4 W plus four broadsides, a1 3.
    assert_eq!(perft(&by_name("pac-2-2"), 1), 17);
    // princess-blocks (Black e3 e4 e6 c4 d5 a1, White f6 g7 i9, princess
    // e5): singles a1 3, e3 5, e4 4, e6 3, c4 5, d5 3 (23); e3e4 W and four
    // broadsides, no push (own e6 beyond the princess): 5; c4d5 SW, E, W,
    // SE (NW would enter e5): 4; d5e6 NE, E, SE: 3; c4d5e6 NE, SW, E, SE:
    // 4. Total 39.
    assert_eq!(perft(&by_name("princess-blocks"), 1), 39);
    // white-to-move (White g5 h6 i7 b2 b3 c6; Black f4 e3 b1 h8 h9 c5):
    // singles g5 4, h6 4, i7 3, b2 4, b3 5, c6 5 (25); b2b3 E, ejects b1 W,
    // four broadsides: 6; g5h6 four broadsides (f4 e3 is 2-2): 4; h6i7
    // three broadsides: 3; g5h6i7 pushes f4 e3 (3-2) and three
    // broadsides: 4. Total 42.
    assert_eq!(perft(&by_name("white-to-move"), 1), 42);
    assert_eq!(perft(&by_name("no-moves-draw"), 1), 0);
    // lone-marbles: see two_and_three_marbles_in_the_open.
    assert_eq!(perft(&by_name("lone-marbles"), 2), 27);
}
