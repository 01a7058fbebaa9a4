//! A tiny dice race for the expectiminimax tests, small enough to solve by
//! hand-written dynamic programming.
//!
//! Two players each need `dist` more steps. The player to roll throws a
//! die showing 1, 2 or 3 with probabilities 1/2, 1/4, 1/4, then advances
//! either 1 step or the number shown. Reaching 0 wins. Advancing 3 earns
//! another roll (the same player moves again: turns do not alternate);
//! otherwise the opponent rolls next.

use agon::game::{
    Evaluated, Evaluator, Game, GameError, GameOptions, Notation, OptionSpec, Outcome, Player,
    Score, SearchHints, Status,
};

pub const DIE: [(u8, f64); 3] = [(1, 0.5), (2, 0.25), (3, 0.25)];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Roll(Player),
    Move(Player, u8),
    Over(Player),
}

#[derive(Clone, Debug)]
pub struct Race {
    pub dist: [u8; 2],
    pub phase: Phase,
    options: GameOptions,
}

/// Moves are step counts; rolls are die values (offset to stay distinct).
pub type RaceMove = u8;
const ROLL: u8 = 100;

impl Race {
    pub fn at(dist: [u8; 2], phase: Phase) -> Race {
        Race {
            dist,
            phase,
            options: GameOptions::defaults(&[]),
        }
    }
}

impl Game for Race {
    type Move = RaceMove;

    const NAME: &'static str = "race";

    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }

    fn new(_: &GameOptions) -> Result<Self, GameError> {
        Ok(Race::at([4, 4], Phase::Roll(0)))
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Roll(_) => Status::Chance,
            Phase::Move(p, _) => Status::Decision(p),
            Phase::Over(w) => Status::Over(Outcome::Win(w)),
        }
    }

    fn moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if let Phase::Move(_, r) = self.phase {
            out.push(1);
            if r > 1 {
                out.push(r);
            }
        }
    }

    fn outcomes(&self, out: &mut Vec<(u8, f64)>) {
        out.clear();
        if let Phase::Roll(_) = self.phase {
            out.extend(DIE.iter().map(|&(v, p)| (ROLL + v, p)));
        }
    }

    fn play(&mut self, m: u8) {
        self.phase = match self.phase {
            Phase::Roll(p) => Phase::Move(p, m - ROLL),
            Phase::Move(p, _) => {
                let d = &mut self.dist[usize::from(p)];
                *d = d.saturating_sub(m);
                if *d == 0 {
                    Phase::Over(p)
                } else if m == 3 {
                    Phase::Roll(p)
                } else {
                    Phase::Roll(1 - p)
                }
            }
            Phase::Over(w) => Phase::Over(w),
        }
    }

    fn hash(&self) -> u64 {
        let (tag, p, r) = match self.phase {
            Phase::Roll(p) => (1, p, 0),
            Phase::Move(p, r) => (2, p, r),
            Phase::Over(p) => (3, p, 0),
        };
        // Distinct small fields, spread by a multiplier.
        (u64::from(self.dist[0])
            | u64::from(self.dist[1]) << 8
            | tag << 16
            | u64::from(p) << 24
            | u64::from(r) << 32)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    fn ply(&self) -> u32 {
        0
    }
}

impl Race {
    /// 10 per step of lead, from the side that decides (or rolls).
    fn evaluate(&self) -> Score {
        let me = match self.phase {
            Phase::Roll(p) | Phase::Move(p, _) | Phase::Over(p) => usize::from(p),
        };
        (i32::from(self.dist[1 - me]) - i32::from(self.dist[me])) * 10
    }
}

/// The test game's evaluator: its own `evaluate` (no weights).
#[derive(Clone, Copy, Debug, Default)]
pub struct RaceEvaluator;

impl Evaluator<Race> for RaceEvaluator {
    type State = ();

    fn evaluate(&self, pos: &Race) -> Score {
        pos.evaluate()
    }
}

impl Evaluated for Race {
    type Evaluator = RaceEvaluator;
}

impl Notation for Race {
    const PLAYER_NAMES: &'static [&'static str] = &["a", "b"];

    const WHITE: Player = 0;

    fn from_position(_: &str, _: &GameOptions) -> Result<Self, GameError> {
        Err(GameError::new("no position strings"))
    }

    fn position(&self) -> String {
        format!("{:?} {:?}", self.dist, self.phase)
    }

    fn move_text(&self, m: u8) -> String {
        if m >= ROLL {
            format!("r{}", m - ROLL)
        } else {
            format!("s{m}")
        }
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let bad = || GameError::new(format!("bad move '{text}'"));
        let (kind, n) = text.split_at(1);
        let n: u8 = n.parse().map_err(|_| bad())?;
        match kind {
            "r" => Ok(ROLL + n),
            "s" => Ok(n),
            _ => Err(bad()),
        }
    }

    fn board_text(&self) -> String {
        self.position()
    }
}

impl SearchHints for Race {
    /// Larger step first.
    fn order_hint(&self, m: u8) -> i32 {
        i32::from(m)
    }
}
