//! Petteia and Kubeia, tournament versions (`shared/rules/petteia.md`,
//! after the PerGioco text and M. W. Callen's reconstruction).
//!
//! Two games share these rules: [`Petteia`] (`petteia`, no dice) and
//! [`Kubeia`] (`kubeia`, two dice rolled before every move: a chance node).
//!
//! - Board (petteia.md "Board and coordinates"): 12 files a..l (Greek
//!   Α Β Γ Δ Ε Ζ Η Θ Ι Κ Λ Μ) × 8 ranks; White (player 0) moves first.
//!   Each side has 12 Peltasts, 12 Hoplites and a Basileus; White's
//!   Basileus on f3 and Black's on g6 (`kings=mirror`: g3 and f6).
//! - Movement ("Movement (Petteia)"): orthogonal slides over empty squares,
//!   a Hoplite at most 6 squares. Kubeia: Peltast up to the higher die,
//!   Hoplite up to the lower, Basileus up to the lower or exactly the higher
//!   ([`movegen`]).
//! - Capture ("Capture"): custodial and corner capture of Peltasts and
//!   Hoplites (Hoplite class rule), Basileus enclosure (4 / 3 on an edge /
//!   2 in a corner, Basileus class rule), several at once, no suicide,
//!   capture compulsory among the moves allowed ([`capture`]).
//! - Endings ("End of game"): decimation, siege, rout, breakthrough,
//!   reluctance (three counted passive moves), superiority or a draw after
//!   `nocapture_plies` plies (default 100) without a capture ([`state`]).
//! - Kubeia ("Kubeia (dice)"): 21 distinct rolls; doubles are the Hand of
//!   Zeus (the same player rolls and moves again); activity and siege are
//!   judged with Petteia movement ([`kubeia`]).
//! - Notation ("Transcription"): `e3-e5xd5xe6`, rolls `r65`
//!   ([`notation`]); game records `1) 63 a2-a4, 32 g6-f6;` ([`record`]).
//!
//! Choices the rules file leaves open are documented where they are made:
//! the order of endings in [`state`], activity in Petteia judged like in
//! Kubeia (movement only, ignoring the duty to capture), the position
//! string in [`position`].

pub mod board;
pub mod capture;
pub mod eval;
pub mod hash;
pub mod kubeia;
pub mod movegen;
pub mod net;
pub mod notation;
mod options;
pub mod position;
pub mod record;
pub mod state;

pub use state::{Kubeia, Move, MoveKind, Petteia, PetteiaGame, Reason, State};

use crate::game::options::intern;
use crate::game::{
    Game, GameError, GameOptions, Notation, OptionSpec, Player, PruningMargins, SearchHints, Status,
};
use board::{row_of, Board};

use options::{Rules, SPECS};

impl<const DICE: bool> PetteiaGame<DICE> {
    fn build(state: State, rules: &'static Rules) -> Self {
        let mut g = PetteiaGame { state, rules };
        g.state.hash = g.state.compute_hash();
        g
    }
}

impl<const DICE: bool> Game for PetteiaGame<DICE> {
    type Move = Move;

    const NAME: &'static str = if DICE { "kubeia" } else { "petteia" };

    const HAS_CHANCE: bool = DICE;

    fn option_specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        let rules: &Rules = intern(options)?;
        let state = State {
            board: Board::start(rules.mirror),
            side: 0,
            dice: DICE,
            roll: None,
            reluctance: [0, 0],
            nocapture: 0,
            ply: 0,
            result: None,
            nocapture_limit: rules.nocapture_limit,
            hash: 0,
        };
        Ok(Self::build(state, rules))
    }

    fn options(&self) -> &GameOptions {
        &self.rules.options
    }

    fn status(&self) -> Status {
        match self.state.result {
            Some((o, _)) => Status::Over(o),
            None if self.state.is_chance() => Status::Chance,
            None => Status::Decision(self.state.side as Player),
        }
    }

    fn moves(&self, out: &mut Vec<Move>) {
        self.state.moves(out);
    }

    fn count_moves(&self) -> usize {
        self.state.count_moves()
    }

    fn outcomes(&self, out: &mut Vec<(Move, f64)>) {
        out.clear();
        if self.state.is_chance() {
            kubeia::outcomes(out);
        }
    }

    fn play(&mut self, m: Move) {
        self.state.play(m);
    }

    fn hash(&self) -> u64 {
        self.state.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.state.compute_hash()
    }

    fn ply(&self) -> u32 {
        self.state.ply
    }
}

crate::linear_evaluation!(PetteiaGame<DICE>, eval::NUM_FEATURES; const DICE: bool);

impl<const DICE: bool> Notation for PetteiaGame<DICE> {
    const PLAYER_NAMES: &'static [&'static str] = &["white", "black"];

    const WHITE: Player = 0;

    fn from_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let rules: &Rules = intern(options)?;
        let state = position::read(text, DICE, rules.nocapture_limit)?;
        Ok(Self::build(state, rules))
    }

    fn position(&self) -> String {
        position::write(&self.state)
    }

    fn move_text(&self, m: Move) -> String {
        self.move_text_in(m, false)
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        self.parse_move_in(text, false)
    }

    fn board_text(&self) -> String {
        self.board_text_in(self.rules.greek)
    }

    /// The source's transcription (`record.rs`), which starts from the
    /// start position; the result and its reason come from the rules,
    /// so an unfinished game has none.
    fn write_record(
        start: &Self,
        moves: &[String],
        _outcome: Option<crate::game::Outcome>,
        _names: &[String],
    ) -> Result<String, GameError> {
        let options = start.options();
        if start.position() != Self::new(options)?.position() {
            return Err(GameError::new(
                "the transcription starts from the start position (play with --openings 0)",
            ));
        }
        let mut pos = start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for m in moves {
            let mv = pos.parse_move(m)?;
            pos.play(mv);
            played.push(mv);
        }
        record::write(start, &played, start.rules.greek)
    }

    /// One game per block of lines, blocks separated by an empty line.
    fn read_records(
        text: &str,
        options: &GameOptions,
    ) -> Result<Vec<crate::game::GameRecord<Self>>, GameError> {
        let greek = options.switch("greek");
        text.split("\n\n")
            .filter(|block| !block.trim().is_empty())
            .enumerate()
            .map(|(i, block)| {
                let (end, moves) = record::read::<DICE>(block, options, greek)
                    .map_err(|e| GameError::new(format!("game {}: {e}", i + 1)))?;
                let start = Self::new(options)?;
                let mut pos = start.clone();
                let texts = moves
                    .iter()
                    .map(|&m| {
                        let t = pos.move_text(m);
                        pos.play(m);
                        t
                    })
                    .collect();
                Ok(crate::game::GameRecord {
                    start,
                    moves: texts,
                    result: match end.status() {
                        Status::Over(o) => Some(o),
                        _ => None,
                    },
                })
            })
            .collect()
    }
}

impl<const DICE: bool> SearchHints for PetteiaGame<DICE> {
    const FORCING_COMPULSORY: bool = true;

    // Kubeia: expectiminimax reaches 2-3 plies under the 21 rolls of each
    // move; MCTS beat it +68 =3 −29 at 100 ms a move, and +78 =1 −21 with
    // random playouts (100 games each, mirrored rolls, README). Petteia
    // keeps alpha-beta.
    const AUTO_MCTS: bool = DICE;

    // Pruning near the horizon lost at these margins (36.0 % at 100 ms a
    // move, 200 games) until sacrifices (quiet moves that offer a
    // capture) were kept from it; since then it wins 56.8 % (README,
    // "Pruning near the horizon"). Kubeia's searches do not prune so.
    const SHALLOW_PRUNING: Option<PruningMargins> = Some(PruningMargins {
        reverse_futility: 80,
        futility: 100,
        late_moves: 3,
    });

    // In Kubeia random playouts of 8 plies beat the evaluator alone in
    // MCTS (+30 −10 at 100 ms a move, 40 games); in Petteia they lost
    // +4 −36 (README).
    const MCTS_RANDOM_PLAYOUTS: bool = DICE;

    // The game ends by captures (or a capture-less stretch), so the pieces
    // left say how far it has to go. Engine games at 10 s + 0.1 s lasted a
    // median of 20 moves a side in Petteia. In Kubeia, where the dice often
    // leave no capture, self-play at 10 s + 0.1 s (issue 22) ran 36 to 75
    // moves a side (the longest to the 300-ply limit), and the former
    // `pieces / 2 + 10` (35 from the start) spent 87-90 % of the base by
    // ply 60 (`pieces + 20` still 70-78 %: MCTS overruns its share and
    // captures shorten the estimate), so the start expects 120.
    fn moves_left(&self) -> Option<u32> {
        let board = &self.state.board;
        let pieces = board.side(0).count_ones() + board.side(1).count_ones();
        // Petteia's self-play games at 10 s + 0.1 s last 5 to 27 moves a
        // side, but a game that goes on must still have its clock at ply
        // 60: `pieces / 4 + 8` spent 79 % of the base by then; this keeps
        // the plan within half of it (tests/time_budget.rs).
        Some(if DICE { 2 * pieces + 20 } else { pieces + 48 })
    }

    fn is_forcing(&self, m: Move) -> bool {
        matches!(m.kind(), MoveKind::Step { from, to } if self.captures_of(from, to) != 0)
    }

    fn order_hint(&self, m: Move) -> i32 {
        match m.kind() {
            MoveKind::Step { from, to } => {
                let taken = self.captures_of(from, to);
                let rout = taken & self.state.board.bb[1 - self.state.side][board::BASILEUS] != 0;
                let forward = if self.state.side == 0 {
                    row_of(to) as i32 - row_of(from) as i32
                } else {
                    row_of(from) as i32 - row_of(to) as i32
                };
                10_000 * rout as i32 + 1000 * taken.count_ones() as i32 + forward
            }
            _ => 0,
        }
    }

    fn history_index(&self, m: Move) -> usize {
        match m.kind() {
            // from-square × direction × distance (1..=8, longer folded): < 3072.
            MoveKind::Step { from, to } => {
                let (dir, dist) = if row_of(from) == row_of(to) {
                    if to > from {
                        (0, to - from)
                    } else {
                        (1, from - to)
                    }
                } else if to > from {
                    (2, row_of(to) - row_of(from))
                } else {
                    (3, row_of(from) - row_of(to))
                };
                from * 32 + dir * 8 + (dist.clamp(1, 8) - 1)
            }
            MoveKind::Roll { hi, lo } => 3072 + kubeia::roll_index(hi, lo),
            MoveKind::Pass => 3100,
        }
    }
}
