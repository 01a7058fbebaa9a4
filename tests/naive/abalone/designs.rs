//! The positions of `positions/abalone-perft.txt`, written as cell lists so
//! each one's purpose can be read off. The suite file's counts are computed
//! from these by the naive generator (see `regenerate_suite` in
//! `tests/abalone_perft.rs`).

use super::board::{Colour, Position};

pub struct Design {
    pub name: &'static str,
    /// `key=value` options, `-` for the defaults.
    pub options: &'static str,
    pub black: &'static str,
    pub white: &'static str,
    pub princess: Option<&'static str>,
    pub to_move: Colour,
    /// Ejected (black, white) marbles.
    pub ejected: (u32, u32),
    /// Deepest perft recorded in the suite file.
    pub depth: u32,
    /// What the position tests (a comment line in the suite file).
    pub note: &'static str,
}

impl Design {
    pub fn position(&self) -> Result<Position, String> {
        let princess_rule = self.options.contains("princess=on");
        Position::from_cells(
            self.black,
            self.white,
            self.princess,
            princess_rule,
            self.to_move,
            self.ejected,
        )
        .map_err(|e| format!("{}: {e}", self.name))
    }
}

const STANDARD_BLACK: &str = "a1 a2 a3 a4 a5 b1 b2 b3 b4 b5 b6 c3 c4 c5";
const STANDARD_WHITE: &str = "i5 i6 i7 i8 i9 h4 h5 h6 h7 h8 h9 g5 g6 g7";
const BELGIAN_BLACK: &str = "a1 a2 b1 b2 b3 c2 c3 g7 g8 h7 h8 h9 i8 i9";
const BELGIAN_WHITE: &str = "a4 a5 b4 b5 b6 c5 c6 g4 g5 h4 h5 h6 i5 i6";
const GERMAN_BLACK: &str = "b1 b2 c1 c2 c3 d2 d3 f7 f8 g7 g8 g9 h8 h9";
const GERMAN_WHITE: &str = "b5 b6 c5 c6 c7 d6 d7 f3 f4 g3 g4 g5 h4 h5";

const fn design(
    name: &'static str,
    options: &'static str,
    black: &'static str,
    white: &'static str,
    depth: u32,
    note: &'static str,
) -> Design {
    Design {
        name,
        options,
        black,
        white,
        princess: None,
        to_move: Colour::Black,
        ejected: (0, 0),
        depth,
        note,
    }
}

pub fn designs() -> Vec<Design> {
    use Colour::White;
    vec![
        design("standard", "layout=standard", STANDARD_BLACK, STANDARD_WHITE, 4,
            "Standard start (abalone.md \"Pieces and start\")."),
        design("belgian", "layout=belgian", BELGIAN_BLACK, BELGIAN_WHITE, 4,
            "Belgian Daisy start; the a1 and a5 daisies touch (b3-b4): 3-3 pac."),
        design("german", "layout=german", GERMAN_BLACK, GERMAN_WHITE, 3,
            "German Daisy start."),
        Design {
            princess: Some("e5"),
            ..design("princess-standard", "princess=on", STANDARD_BLACK, STANDARD_WHITE, 4,
                "Standard start with the princess on e5: it blocks broadsides and single steps into e5 from ply 3.")
        },
        Design {
            princess: Some("e5"),
            ..design("princess-belgian", "layout=belgian princess=on", BELGIAN_BLACK, BELGIAN_WHITE, 3,
                "Belgian Daisy with the princess.")
        },
        design("sumito-2-1", "-", "d3 d4 c6 b1", "d5 f7 f8", 4,
            "2-1: d3d4 pushes d5 to d6; f7f8 (White) can push nothing."),
        design("sumito-3-1", "-", "c2 d3 e4 a5", "f5 f8 g8", 4,
            "3-1 along a diagonal: c2d3e4 pushes f5 to g6 (and d3e4 does it 2-1)."),
        design("sumito-3-2", "-", "e1 e2 e3 a3", "e4 e5 e7 h6", 4,
            "3-2: e1e2e3 pushes e4e5 up to e7; White's pair e4e5 cannot push three."),
        design("pac-1-1", "-", "e4 a1", "e5 i9", 4,
            "1-1 pac: neither lone marble can push the other."),
        design("pac-2-2", "-", "e3 e4 a1", "e5 e6 i9", 4,
            "2-2 pac: no push either way along row e."),
        design("pac-3-3", "-", "e2 e3 e4 a1", "e5 e6 e7 i9", 4,
            "3-3 pac: no push either way along row e."),
        design("pac-4-3", "-", "e1 e2 e3 e4 a1", "e5 e6 e7 i9", 4,
            "4 against 3: only three marbles count, so Black cannot push."),
        design("own-behind", "-", "e2 e3 e4 e6 g4 g5 g7 a1", "e5 g6 i9", 4,
            "A push is blocked by the pusher's own marble behind the pushed one: e2e3e4|e5|e6 and g4g5|g6|g7."),
        design("gap-patterns", "-", "e1 e2 e3 c1 c2 g3 g4 g5 a1 a2 a3", "e4 e6 c3 c4 g6 g7 g9 a4 a5", 3,
            "3-1 into a gap before a second enemy (e4 then e6), 2-2 pac by a second enemy (c3c4), 3-2 into a gap (g6g7 then g9), 3-2 ejecting at a5."),
        design("eject-edges", "-", "b4 c4 d2 e3 g4 g5 g7 h7 e7 f8 c5 c6", "a4 c1 g3 i7 g9 c7", 4,
            "2-1 ejections off each of the six edges: a4 (row a), c1 (diagonal 1), g3 (upper left), i7 (row i), g9 (diagonal 9), c7 (lower right)."),
        design("eject-corners", "-", "a2 a3 b6 c7 c1 d1 f9 g9 g3 h4 i6 i7 i8", "a1 a5 e1 e9 i5 i9", 4,
            "Ejections from the six corners a1, a5, e1, e9, i5, i9, in different outward directions, 2-1 and 3-1."),
        Design {
            ejected: (2, 5),
            ..design("win-sixth", "-", "e7 e8 c3 c4 a1 a2 b5 b6", "e9 c5 g5 g6 h8 i5", 4,
                "White has lost five marbles: e7e8 ejecting e9 wins at once, a leaf that counts only at depth 1.")
        },
        design("broadside-edges", "-", "a2 a3 a4 f9 g9 h9 g8 c1 d1", "b3 i5 i6 i7 h6 d2", 4,
            "Broadsides along edges: off the board, into an enemy (b3, d2) and into an own marble (g8) are all blocked."),
        Design {
            ejected: (1, 2),
            ..design("midgame-crowded", "-", "c3 c4 c5 d3 d4 d5 d6 e4 e5 e6 f5 f6 b4",
                "g5 g6 g7 f7 f8 e7 e8 h6 h7 d7 c6 f4", 3,
                "A crowded middle game, many contacts, with ejected marbles on both sides.")
        },
        Design {
            princess: Some("e9"),
            ..design("princess-eject-win", "princess=on", "e7 e8 a1 a2", "f9 g9 i5 i6", 4,
                "Black wins by pushing the princess off e9 (e7e8); White could do the same with g9f9.")
        },
        Design {
            princess: Some("e5"),
            ..design("princess-mixed", "princess=on", "e2 e3 e4 b5 c5 d5 d4", "e6 f6 g7 h8 a5", 4,
                "Princess pushed with enemy marbles: e2e3e4 pushes it and e6 (3-2), c5d5 and b5c5d5 push it alone, White's h8g7f6 pushes it and d4 (3-2).")
        },
        Design {
            princess: Some("e5"),
            ..design("princess-blocks", "princess=on", "e3 e4 e6 c4 d5 a1", "f6 g7 i9", 4,
                "The princess: an own marble beyond it (e6) blocks e3e4, a single marble (e4, d5) cannot push it, it blocks the broadside c4d5 into d4 e5; White's g7f6 pushes it 2-1.")
        },
        design("no-moves-draw", "-", "a1 a2", "a3 a4 b1 b2 b3 i9", 4,
            "Black has no legal move (2-2 pac along row a, every other step blocked): a draw, perft 0 at every depth."),
        Design {
            to_move: White,
            ..design("white-to-move", "-", "f4 e3 b1 h8 h9 c5", "g5 h6 i7 b2 b3 c6", 4,
                "White to move: i7h6g5 pushes f4e3 (3-2), b3b2 ejects b1 off diagonal 1.")
        },
        design("lone-marbles", "-", "e5 a1", "i9", 4,
            "Lone marbles: e5 has 6 steps, the corner a1 has 3."),
    ]
}
