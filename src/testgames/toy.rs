//! A tiny game for testing the protocol layer in-process before (and
//! independently of) the real games: a race to 10 points, with an
//! optional die (`dice=on`) so chance nodes are exercised.
//!
//! - dice off: the mover plays `1` or `2` (add to own score) or `s`
//!   (take 1 from the opponent's score, not below 0).
//! - dice on: a chance node rolls `r1` (1/2), `r2` (1/4) or `r3` (1/4);
//!   the mover then plays `a` (add the roll to own score) or `s` (take it
//!   from the opponent's). Position string: `<score0> <score1> <side>
//!   <roll or ->`.
//! - Reaching 10 wins. The third occurrence of a position is a draw.

use std::cell::Cell;

use super::checked::{checked_state_hooks, Checks};
use crate::game::{
    Evaluated, Evaluator, Game, GameError, GameOptions, Notation, OptionKind, OptionSpec, Score,
    SearchHints, Status,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToyMove {
    Roll(u8),
    Add,
    Sub,
    Step(u8),
}

#[derive(Clone, Debug)]
pub struct Toy {
    options: GameOptions,
    dice: bool,
    score: [u8; 2],
    side: u8,
    roll: Option<u8>,
    ply: u32,
}

const SPECS: &[OptionSpec] = &[OptionSpec {
    key: "dice",
    kind: OptionKind::Switch,
    default: "off",
    help: "roll a die before each move",
}];

impl Game for Toy {
    type Move = ToyMove;

    const NAME: &'static str = "toy";

    fn option_specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        Ok(Toy {
            options: options.clone(),
            dice: options.switch("dice"),
            score: [0, 0],
            side: 0,
            roll: None,
            ply: 0,
        })
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }

    fn status(&self) -> Status {
        if let Some(p) = (0..2).find(|p| self.score[*p] >= 10) {
            return Status::Over(crate::game::Outcome::Win(p as u8));
        }
        if self.dice && self.roll.is_none() {
            Status::Chance
        } else {
            Status::Decision(self.side)
        }
    }

    fn moves(&self, out: &mut Vec<ToyMove>) {
        out.clear();
        if let Status::Decision(_) = self.status() {
            if self.dice {
                out.extend([ToyMove::Add, ToyMove::Sub]);
            } else {
                out.extend([ToyMove::Step(1), ToyMove::Step(2), ToyMove::Sub]);
            }
        }
    }

    fn outcomes(&self, out: &mut Vec<(ToyMove, f64)>) {
        out.clear();
        if self.status() == Status::Chance {
            out.extend([
                (ToyMove::Roll(1), 0.5),
                (ToyMove::Roll(2), 0.25),
                (ToyMove::Roll(3), 0.25),
            ]);
        }
    }

    fn play(&mut self, m: ToyMove) {
        let me = self.side as usize;
        let other = 1 - me;
        match m {
            ToyMove::Roll(v) => {
                self.roll = Some(v);
                return;
            }
            ToyMove::Add => self.score[me] += self.roll.unwrap_or(0),
            ToyMove::Sub => {
                let v = if self.dice { self.roll.unwrap_or(0) } else { 1 };
                self.score[other] = self.score[other].saturating_sub(v);
            }
            ToyMove::Step(v) => self.score[me] += v,
        }
        self.roll = None;
        self.side = other as u8;
        self.ply += 1;
    }

    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn hash_from_scratch(&self) -> u64 {
        let key = (self.score[0] as u64)
            | (self.score[1] as u64) << 8
            | (self.side as u64) << 16
            | (self.roll.unwrap_or(0) as u64) << 24;
        crate::game::zobrist::splitmix64(key).1
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }
}

impl Toy {
    fn evaluate(&self) -> Score {
        let me = self.side as usize;
        (self.score[me] as i32 - self.score[1 - me] as i32) * 100
    }
}

/// The test game's evaluator: its own `evaluate` (no weights), on a
/// state that checks the search's calls ([`Checks`]).
#[derive(Clone, Debug, Default)]
pub struct ToyEvaluator {
    pub checks: Checks,
    /// A policy for MCTS that puts every prior on the first move (off by
    /// default), so tests see the priors come from the evaluator.
    pub first_move_policy: bool,
}

thread_local! {
    /// How often [`ToyEvaluator::prepare`] ran on this thread: the
    /// protocol's tests see when the reader sets a game up (per thread, so
    /// tests running side by side do not count each other's).
    pub static PREPARED: Cell<usize> = const { Cell::new(0) };
}

impl Evaluator<Toy> for ToyEvaluator {
    checked_state_hooks!(Toy);

    fn evaluate(&self, pos: &Toy) -> Score {
        pos.evaluate()
    }

    fn policy(&self, _pos: &Toy, moves: &[ToyMove], priors: &mut Vec<f32>) -> bool {
        if self.first_move_policy {
            priors.extend((0..moves.len()).map(|i| if i == 0 { 1.0 } else { 0.0 }));
        }
        self.first_move_policy
    }

    fn prepare(&self, _pos: &Toy) {
        PREPARED.with(|n| n.set(n.get() + 1));
    }
}

impl Evaluated for Toy {
    type Evaluator = ToyEvaluator;
}

impl Notation for Toy {
    const PLAYER_NAMES: &'static [&'static str] = &["first", "second"];

    const WHITE: u8 = 1;

    fn from_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let bad = || GameError::new(format!("expected '<n> <n> <0|1> <1..3|->', got '{text}'"));
        let f: Vec<&str> = text.split_whitespace().collect();
        let [a, b, side, roll] = f.as_slice() else {
            return Err(bad());
        };
        let num = |t: &str, max: u8| t.parse::<u8>().ok().filter(|n| *n <= max).ok_or_else(bad);
        let mut pos = Toy::new(options)?;
        pos.score = [num(a, 9)?, num(b, 9)?];
        pos.side = num(side, 1)?;
        pos.roll = match *roll {
            "-" => None,
            r if pos.dice => Some(num(r, 3)?).filter(|v| *v > 0),
            _ => return Err(bad()),
        };
        Ok(pos)
    }

    fn position(&self) -> String {
        let roll = self.roll.map_or("-".to_string(), |r| r.to_string());
        format!("{} {} {} {roll}", self.score[0], self.score[1], self.side)
    }

    fn move_text(&self, m: ToyMove) -> String {
        match m {
            ToyMove::Roll(v) => format!("r{v}"),
            ToyMove::Add => "a".into(),
            ToyMove::Sub => "s".into(),
            ToyMove::Step(v) => v.to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<ToyMove, GameError> {
        super::move_written(self, text)
            .ok_or_else(|| GameError::new(format!("'{text}' is not a legal move")))
    }

    fn board_text(&self) -> String {
        format!("first {} | second {}", self.score[0], self.score[1])
    }
}

/// No hints: the defaults order and time every search.
impl SearchHints for Toy {}
