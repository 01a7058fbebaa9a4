//! The positions of `positions/abalone-multi-perft.txt`: the three starts
//! and hand-made middle games, written as cell lists per player so that
//! each one's purpose can be read off. Directions in the notes: E (0,+1),
//! NE (+1,+1), NW (+1,0), W (0,−1), SW (−1,−1), SE (−1,0) as (row,
//! diagonal) steps.

use super::movegen::{legal_moves, play};
use super::position::Position;

pub struct Design {
    pub name: &'static str,
    pub players: usize,
    /// Marbles per player letter, as cell lists.
    pub marbles: &'static [(char, &'static str)],
    /// Random plies played from these marbles (with `to_move` and `scores`)
    /// to reach the position: `(seed, plies)`; `(0, 0)` for none.
    pub playout: (u64, u32),
    pub to_move: char,
    /// Scores (marbles ejected) in player order.
    pub scores: [u32; 6],
    /// Deepest perft recorded in the suite file.
    pub depth: u32,
    /// What the position tests (a comment line in the suite file).
    pub note: &'static str,
}

impl Design {
    pub fn position(&self) -> Result<Position, String> {
        let mut pos = Position::from_cells(self.players, self.marbles, self.to_move, self.scores)
            .map_err(|e| format!("{}: {e}", self.name))?;
        let (mut seed, plies) = self.playout;
        for _ in 0..plies {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                return Err(format!("{}: the playout ends early", self.name));
            }
            // xorshift64: a fixed sequence, so the position never changes.
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos = play(&pos, &moves[(seed % moves.len() as u64) as usize]);
        }
        Ok(pos)
    }

    /// The `options` field of the suite line.
    pub fn options(&self) -> String {
        format!("players={}", self.players)
    }
}

const START_3: &[(char, &str)] = &[
    ('b', "a1 a2 a3 a4 a5 b1 b2 b3 b4 b5 b6"),
    ('w', "e1 f2 g3 h4 i5 d1 e2 f3 g4 h5 i6"),
    ('r', "e9 f9 g9 h9 i9 d8 e8 f8 g8 h8 i8"),
];
const START_4: &[(char, &str)] = &[
    ('b', "a2 a3 a4 a5 b3 b4 b5 c4 c5"),
    ('w', "b1 c1 d1 e1 c2 d2 e2 d3 e3"),
    ('r', "i5 i6 i7 i8 h5 h6 h7 g5 g6"),
    ('u', "e9 f9 g9 h9 e8 f8 g8 e7 f7"),
];
const START_6: &[(char, &str)] = &[
    ('b', "a2 a3 a4 b3 b4 c4"),
    ('w', "b1 c1 d1 c2 d2 d3"),
    ('r', "f2 g3 h4 f3 g4 f4"),
    ('u', "i6 i7 i8 h6 h7 g6"),
    ('g', "f9 g9 h9 f8 g8 f7"),
    ('y', "b6 c7 d8 c6 d7 d6"),
];

/// A design reached by `plies` random plies from the start of `players`.
fn playout(
    name: &'static str,
    players: usize,
    seed: u64,
    plies: u32,
    note: &'static str,
) -> Design {
    let marbles = match players {
        3 => START_3,
        4 => START_4,
        _ => START_6,
    };
    Design {
        name,
        players,
        marbles,
        playout: (seed, plies),
        to_move: 'b',
        scores: [0; 6],
        depth: 4,
        note,
    }
}

pub fn designs() -> Vec<Design> {
    vec![
        Design {
            name: "start-3",
            players: 3,
            marbles: START_3,
            playout: (0, 0),
            to_move: 'b',
            scores: [0; 6],
            depth: 5,
            note: "3-player start (abalone-multiplayer.md \"Start positions\").",
        },
        Design {
            name: "start-4",
            players: 4,
            marbles: START_4,
            playout: (0, 0),
            to_move: 'b',
            scores: [0; 6],
            depth: 5,
            note: "4-player start.",
        },
        Design {
            name: "start-6",
            players: 6,
            marbles: START_6,
            playout: (0, 0),
            to_move: 'b',
            scores: [0; 6],
            depth: 5,
            note: "6-player start (the rules' reconstruction).",
        },
        Design {
            name: "mixed-runs-3",
            players: 3,
            marbles: &[
                ('b', "a1 a2 a3 b2 c3 c5 d5 e5"),
                ('w', "a5 d4 f5 h6"),
                ('r', "a4 g5 i7 i8"),
            ],
            playout: (0, 0),
            to_move: 'b',
            scores: [0; 6],
            depth: 4,
            note: "Both opponents in one run: c5d5 pushes White f5 and Red g5 (3-2), a1a2 (a1 a2 a3) ejects White a5 behind Red a4 (3-2); b2c3 (a1 b2 c3 NE) is blocked by Black e5 behind White d4.",
        },
        Design {
            name: "eject-race-3",
            players: 3,
            marbles: &[
                ('b', "e7 e8 i5 g4 g5"),
                ('w', "e9 c3 b2 h9"),
                ('r', "a1 i6 i7 d6"),
            ],
            playout: (0, 0),
            to_move: 'b',
            scores: [5, 5, 5, 0, 0, 0],
            depth: 4,
            note: "Every player at 5 with an ejection at hand: Black e7e8 (e9), White c3b2 (a1), Red i7i6 (i5); the first ejection ends the game inside the tree.",
        },
        Design {
            name: "boxed-in-3",
            players: 3,
            marbles: &[
                ('b', "a2 b2 a4 b5 e5 e6"),
                ('w', "b1 b6 f3 g4"),
                ('r', "a1 a5"),
            ],
            playout: (0, 0),
            to_move: 'w',
            scores: [0, 2, 1, 0, 0, 0],
            depth: 4,
            note: "Red's marbles a1 and a5 are boxed in by Black and White: Red passes until a neighbour moves away.",
        },
        Design {
            name: "partner-lines-4",
            players: 4,
            marbles: &[
                ('b', "d4 c2 c3 a3"),
                ('w', "g4 c4 h5 h6"),
                ('r', "e4 f4 c1 h7"),
                ('u', "c5 h8 i9"),
            ],
            playout: (0, 0),
            to_move: 'b',
            scores: [0; 6],
            depth: 4,
            note: "Partner marbles in the pushing line: Black d4e4 pushes White g4 with Red e4 f4 (3-1); Red c1c2 pushes White c4 and Blue c5 with Black c2 c3 (3-2, two colours); White h5h6 is blocked by its partner Blue h8 behind Red h7.",
        },
        Design {
            name: "near-six-4",
            players: 4,
            marbles: &[
                ('b', "a3 a4 i6 d5 e1"),
                ('w', "a5 g7 h8 i5"),
                ('r', "i9 i7 f6"),
                ('u', "e2 e3 c6"),
            ],
            playout: (0, 0),
            to_move: 'b',
            scores: [3, 4, 2, 1, 0, 0],
            depth: 4,
            note: "Both teams at 5: Black a3a4 ejects a5, White g7h8 ejects i9, Red i7i6 ejects White i5 through its partner's i6, Blue e3e2 ejects e1; the sixth ends the game.",
        },
        Design {
            name: "four-in-line-4",
            players: 4,
            marbles: &[
                ('b', "b3 d3 i8 a1"),
                ('w', "f3 h9 e7"),
                ('r', "c3 e3 h8"),
                ('u', "i9"),
            ],
            playout: (0, 0),
            to_move: 'b',
            scores: [0; 6],
            depth: 4,
            note: "Black b3 Red c3 Black d3 Red e3 White f3: b3 has four team marbles in line (no move), d3e3 pushes 2-1, Red c3d3 3-1; Blue's only marble i9 is boxed in by Black, Red and its partner White: Blue passes.",
        },
        Design {
            name: "passes-6",
            players: 6,
            marbles: &[
                ('b', "e4 e5 c3"),
                ('r', "i6 h5"),
                ('u', "h4 a1"),
                ('y', "i5"),
            ],
            playout: (0, 0),
            to_move: 'b',
            scores: [0; 6],
            depth: 4,
            note: "White and Green have no marble and pass; Yellow's only marble i5 is boxed in by its partner Red and by Blue.",
        },
        Design {
            name: "partner-push-6",
            players: 6,
            marbles: &[
                ('b', "a2 d5 g5"),
                ('w', "d2 e8"),
                ('r', "e2 g3 g4"),
                ('u', "b2 c2"),
                ('g', "e7"),
                ('y', "e9 g6"),
            ],
            playout: (0, 0),
            to_move: 'b',
            scores: [0; 6],
            depth: 4,
            note: "Black a2b2 pushes White d2 and Red e2 (two other teams together, 3-2) with its partner's b2 c2; Green e7e8 ejects Yellow e9 with its partner White's e8; Red g3g4 is blocked by its partner Yellow g6 behind Black g5.",
        },
        Design {
            name: "near-six-6",
            players: 6,
            marbles: &[
                ('b', "e2 e3 a1"),
                ('w', "e1 g9 h9"),
                ('r', "c1 b1"),
                ('u', "i9 f4"),
                ('y', "e4"),
            ],
            playout: (0, 0),
            to_move: 'b',
            scores: [2, 5, 3, 2, 0, 2],
            depth: 4,
            note: "Sides at 4, 5, 5: White g9h9 ejects Blue i9 and wins, Red c1b1 ejects Black a1 and wins; Black e3e2 ejects White e1; Green has no marble.",
        },
        Design {
            name: "nobody-moves-6",
            players: 6,
            marbles: &[],
            playout: (0, 0),
            to_move: 'b',
            scores: [0; 6],
            depth: 4,
            note: "An empty board: no player has a legal move, so nobody passes and the game is a draw (perft 0).",
        },
        playout("playout-3", 3, 3, 40, "The 3-player start after 40 random plies (seed 3)."),
        playout("playout-4", 4, 4, 48, "The 4-player start after 48 random plies (seed 4)."),
        playout("playout-6", 6, 6, 60, "The 6-player start after 60 random plies (seed 6)."),
    ]
}
