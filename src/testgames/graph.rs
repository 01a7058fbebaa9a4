//! A game on a fixed graph: the position is a node, a move names the node
//! it leads to. Built to test what board games make awkward: cycles
//! (repetition), a chance node, and a player moving twice in a row.
//!
//! ```text
//! A(0) -> B, L, C      B(1) -> A, W0     C(1) -> D     D(0) -> W0
//! E(0) -> F, L         F(1) -> E, W0
//! G(0) -> H, Z         H(chance) -> W0 ¾, W1 ¼
//! P(0) -> Q, L         Q(0) -> W0        (player 0 moves twice)
//! R(0) -> Z, T         T(1) -> W0, L     (a draw or a slight minus, at depth 1)
//! L = W1 = player 1 wins, W0 = player 0 wins, Z = draw
//! ```

use crate::game::{
    zobrist, Evaluated, Evaluator, Game, GameError, GameOptions, Notation, OptionSpec, Outcome,
    Player, Score, SearchHints, Status,
};

#[derive(Clone, Copy)]
enum Kind {
    Decision(Player),
    Chance,
    Over(Outcome),
}

struct Node {
    name: &'static str,
    kind: Kind,
    edges: &'static [(u8, f64)],
    /// Static evaluation for the mover.
    eval: i32,
}

pub const A: u8 = 0;
pub const B: u8 = 1;
pub const C: u8 = 2;
pub const E: u8 = 4;
pub const F: u8 = 5;
pub const G: u8 = 6;
pub const H: u8 = 7;
pub const P: u8 = 8;
pub const Q: u8 = 9;
pub const W0: u8 = 10;
pub const L: u8 = 11;
pub const Z: u8 = 12;
pub const R: u8 = 13;
pub const T: u8 = 14;

static NODES: [Node; 15] = [
    Node {
        name: "A",
        kind: Kind::Decision(0),
        edges: &[(B, 1.0), (L, 1.0), (C, 1.0)],
        eval: 40,
    },
    Node {
        name: "B",
        kind: Kind::Decision(1),
        edges: &[(A, 1.0), (W0, 1.0)],
        eval: 30,
    },
    Node {
        name: "C",
        kind: Kind::Decision(1),
        edges: &[(3, 1.0)],
        eval: -20,
    },
    Node {
        name: "D",
        kind: Kind::Decision(0),
        edges: &[(W0, 1.0)],
        eval: 10,
    },
    Node {
        name: "E",
        kind: Kind::Decision(0),
        edges: &[(F, 1.0), (L, 1.0)],
        eval: 50,
    },
    Node {
        name: "F",
        kind: Kind::Decision(1),
        edges: &[(E, 1.0), (W0, 1.0)],
        eval: 70,
    },
    Node {
        name: "G",
        kind: Kind::Decision(0),
        edges: &[(H, 1.0), (Z, 1.0)],
        eval: 0,
    },
    Node {
        name: "H",
        kind: Kind::Chance,
        edges: &[(W0, 0.75), (L, 0.25)],
        eval: 0,
    },
    Node {
        name: "P",
        kind: Kind::Decision(0),
        edges: &[(Q, 1.0), (L, 1.0)],
        eval: 0,
    },
    Node {
        name: "Q",
        kind: Kind::Decision(0),
        edges: &[(W0, 1.0)],
        eval: 0,
    },
    Node {
        name: "W0",
        kind: Kind::Over(Outcome::Win(0)),
        edges: &[],
        eval: 0,
    },
    Node {
        name: "L",
        kind: Kind::Over(Outcome::Win(1)),
        edges: &[],
        eval: 0,
    },
    Node {
        name: "Z",
        kind: Kind::Over(Outcome::Draw),
        edges: &[],
        eval: 0,
    },
    Node {
        name: "R",
        kind: Kind::Decision(0),
        edges: &[(Z, 1.0), (T, 1.0)],
        eval: 0,
    },
    // A tenth of a unit better for its mover: to player 0 at R, a draw
    // beats it without contempt and loses to it with contempt above 10.
    Node {
        name: "T",
        kind: Kind::Decision(1),
        edges: &[(W0, 1.0), (L, 1.0)],
        eval: 10,
    },
];

static KEYS: [u64; 15] = zobrist::keys::<15>(0x6A5E);

#[derive(Clone, Debug)]
pub struct Graph {
    node: u8,
    ply: u32,
    options: GameOptions,
}

impl Graph {
    pub fn at(node: u8) -> Graph {
        Graph {
            node,
            ply: 0,
            options: GameOptions::default(),
        }
    }

    pub fn key(node: u8) -> u64 {
        KEYS[usize::from(node)]
    }

    fn info(&self) -> &'static Node {
        &NODES[usize::from(self.node)]
    }
}

impl Game for Graph {
    type Move = u8;

    const NAME: &'static str = "graph";

    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }

    fn new(_options: &GameOptions) -> Result<Self, GameError> {
        Ok(Graph::at(A))
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }

    fn status(&self) -> Status {
        match self.info().kind {
            Kind::Decision(p) => Status::Decision(p),
            Kind::Chance => Status::Chance,
            Kind::Over(o) => Status::Over(o),
        }
    }

    fn moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if let Kind::Decision(_) = self.info().kind {
            out.extend(self.info().edges.iter().map(|e| e.0));
        }
    }

    fn outcomes(&self, out: &mut Vec<(u8, f64)>) {
        out.clear();
        if let Kind::Chance = self.info().kind {
            out.extend_from_slice(self.info().edges);
        }
    }

    fn play(&mut self, m: u8) {
        self.node = m;
        self.ply += 1;
    }

    fn hash(&self) -> u64 {
        Graph::key(self.node)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    fn ply(&self) -> u32 {
        self.ply
    }
}

impl Graph {
    fn evaluate(&self) -> Score {
        self.info().eval
    }
}

/// The test game's evaluator: its own `evaluate` (no weights).
#[derive(Clone, Copy, Debug, Default)]
pub struct GraphEvaluator;

impl Evaluator<Graph> for GraphEvaluator {
    type State = ();

    fn evaluate(&self, pos: &Graph) -> Score {
        pos.evaluate()
    }
}

impl Evaluated for Graph {
    type Evaluator = GraphEvaluator;
}

impl Notation for Graph {
    const PLAYER_NAMES: &'static [&'static str] = &["first", "second"];

    const WHITE: Player = 0;

    fn from_position(text: &str, _options: &GameOptions) -> Result<Self, GameError> {
        NODES
            .iter()
            .position(|n| n.name == text.trim())
            .map(|i| Graph::at(i as u8))
            .ok_or_else(|| GameError::new(format!("no node '{text}'")))
    }

    fn position(&self) -> String {
        self.info().name.to_string()
    }

    fn move_text(&self, m: u8) -> String {
        NODES[usize::from(m)].name.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let mut moves = Vec::new();
        self.moves(&mut moves);
        moves
            .into_iter()
            .find(|&m| NODES[usize::from(m)].name == text.trim())
            .ok_or_else(|| GameError::new(format!("no move to '{text}'")))
    }

    fn board_text(&self) -> String {
        self.position()
    }
}

/// No hints: the defaults order and time every search.
impl SearchHints for Graph {}
