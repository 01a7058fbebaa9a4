//! The compact position: per player a mask of squares 1..29, the number of
//! pieces on square 0 and the number not yet entered; the phase of the turn
//! (palma.md "The turn as a state machine"); the Zobrist hash.

use super::options::{Rules, GOAL_MASK};
use crate::game::zobrist::keys;
use crate::game::Player;

/// Pieces per player (palma.md "Board and pieces").
pub const PIECES: u8 = 5;

/// A decision or a throw outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PalmaMove {
    /// A throw of the sticks (a chance outcome): 1, 2, 3 or 5.
    Throw(u8),
    /// A new piece placed on square 0 (a 5 only).
    Enter,
    /// A piece from `from` forward to the landing square `to`, before any
    /// shortcut (pieces sharing square 0 make one move).
    Step { from: u8, to: u8 },
    /// No legal use of the value.
    Pass,
}

/// One player's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Track {
    /// Bit q set: a piece on square q (1..=29).
    pub board: u32,
    /// Pieces on square 0.
    pub start: u8,
    /// Pieces not yet entered.
    pub waiting: u8,
}

impl Track {
    pub const NEW: Track = Track {
        board: 0,
        start: 0,
        waiting: PIECES,
    };

    /// All five pieces on 25..29 (palma.md "Board": goal squares).
    pub fn is_home(self) -> bool {
        (self.board & GOAL_MASK).count_ones() == u32::from(PIECES)
    }
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Step 1: the player throws (a chance node).
    Throw(Player),
    /// Step 2: the player uses their own throw `v`.
    Use(Player, u8),
    /// Step 3: the player uses the opponent's passed value `v`; when `v` is
    /// 5 the opponent (the original thrower) keeps the extra throw.
    Passed(Player, u8),
    /// The player has all five pieces home.
    Over(Player),
}

pub const THROWS: [u8; 4] = [1, 2, 3, 5];
/// palma.md "The throw": 1 and 2 dark faces 3/8 each, 3 and 0 dark 1/8 each.
pub const THROW_PROBS: [f64; 4] = [0.375, 0.375, 0.125, 0.125];

pub fn other(p: Player) -> Player {
    1 - p
}

fn throw_index(v: u8) -> usize {
    match v {
        1 => 0,
        2 => 1,
        3 => 2,
        _ => 3,
    }
}

const SQUARE_KEYS: [u64; 60] = keys::<60>(0x5041_4c4d_4101);
const START_KEYS: [u64; 12] = keys::<12>(0x5041_4c4d_4102);
const WAITING_KEYS: [u64; 12] = keys::<12>(0x5041_4c4d_4103);
const PHASE_KEYS: [u64; 20] = keys::<20>(0x5041_4c4d_4104);

pub fn square_key(p: Player, q: u8) -> u64 {
    SQUARE_KEYS[usize::from(p) * 30 + usize::from(q)]
}

pub fn start_key(p: Player, n: u8) -> u64 {
    START_KEYS[usize::from(p) * 6 + usize::from(n.min(PIECES))]
}

pub fn waiting_key(p: Player, n: u8) -> u64 {
    WAITING_KEYS[usize::from(p) * 6 + usize::from(n.min(PIECES))]
}

pub fn phase_key(phase: Phase) -> u64 {
    let i = match phase {
        Phase::Throw(p) => usize::from(p),
        Phase::Use(p, v) => 2 + usize::from(p) * 4 + throw_index(v),
        Phase::Passed(p, v) => 10 + usize::from(p) * 4 + throw_index(v),
        Phase::Over(p) => 18 + usize::from(p),
    };
    PHASE_KEYS[i]
}

/// The hash of one track from scratch.
pub fn track_hash(p: Player, t: Track) -> u64 {
    let mut h = start_key(p, t.start) ^ waiting_key(p, t.waiting);
    let mut b = t.board;
    while b != 0 {
        let q = b.trailing_zeros() as u8;
        b &= b - 1;
        h ^= square_key(p, q);
    }
    h
}

/// A Palma position.
#[derive(Clone, Copy, Debug)]
pub struct Palma {
    pub(crate) tracks: [Track; 2],
    pub(crate) phase: Phase,
    pub(crate) hash: u64,
    pub(crate) ply: u32,
    pub(crate) rules: &'static Rules,
}

impl Palma {
    /// The start: all pieces off the board, the first player to throw.
    pub fn start(rules: &'static Rules) -> Palma {
        Palma::from_parts([Track::NEW; 2], Phase::Throw(rules.first), 0, rules)
    }

    pub(crate) fn from_parts(
        tracks: [Track; 2],
        phase: Phase,
        ply: u32,
        rules: &'static Rules,
    ) -> Palma {
        let mut pos = Palma {
            tracks,
            phase,
            hash: 0,
            ply,
            rules,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        track_hash(0, self.tracks[0]) ^ track_hash(1, self.tracks[1]) ^ phase_key(self.phase)
    }

    pub fn tracks(&self) -> [Track; 2] {
        self.tracks
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// The player who decides now and the value they must use.
    pub(crate) fn decider(&self) -> Option<(Player, u8)> {
        match self.phase {
            Phase::Use(p, v) | Phase::Passed(p, v) => Some((p, v)),
            _ => None,
        }
    }

    /// Moves a piece of `p` (hash kept up to date).
    pub(crate) fn apply(&mut self, p: Player, m: PalmaMove) {
        let t = &mut self.tracks[usize::from(p)];
        match m {
            PalmaMove::Enter => {
                self.hash ^= waiting_key(p, t.waiting) ^ start_key(p, t.start);
                t.waiting -= 1;
                t.start += 1;
                self.hash ^= waiting_key(p, t.waiting) ^ start_key(p, t.start);
            }
            PalmaMove::Step { from, to } => {
                if from == 0 {
                    self.hash ^= start_key(p, t.start);
                    t.start -= 1;
                    self.hash ^= start_key(p, t.start);
                } else {
                    t.board &= !(1 << from);
                    self.hash ^= square_key(p, from);
                }
                let rest = self.rules.rest[usize::from(to)];
                t.board |= 1 << rest;
                self.hash ^= square_key(p, rest);
            }
            PalmaMove::Throw(_) | PalmaMove::Pass => {}
        }
    }

    pub(crate) fn set_phase(&mut self, phase: Phase) {
        self.hash ^= phase_key(self.phase) ^ phase_key(phase);
        self.phase = phase;
    }

    /// Plays a legal move or throw (palma.md "The turn as a state machine").
    pub fn play_move(&mut self, m: PalmaMove) {
        self.ply += 1;
        let next = match (self.phase, m) {
            (Phase::Throw(p), PalmaMove::Throw(v)) => Phase::Use(p, v),
            (Phase::Use(p, v), PalmaMove::Pass) => Phase::Passed(other(p), v),
            (Phase::Use(p, v), _) => {
                self.apply(p, m);
                let rest = match m {
                    PalmaMove::Step { to, .. } => self.rules.rest[usize::from(to)],
                    _ => 0,
                };
                if self.tracks[usize::from(p)].is_home() {
                    Phase::Over(p)
                } else if v == 5 || self.rules.extra & (1 << rest) != 0 {
                    // "A turn" 3 and 4; one action earns one extra throw.
                    Phase::Throw(p)
                } else {
                    Phase::Throw(other(p))
                }
            }
            (Phase::Passed(o, v), _) => {
                self.apply(o, m);
                if self.tracks[usize::from(o)].is_home() {
                    Phase::Over(o)
                } else if v == 5 {
                    // The original thrower keeps the 5's extra throw.
                    Phase::Throw(other(o))
                } else {
                    Phase::Throw(o)
                }
            }
            (phase, _) => phase,
        };
        self.set_phase(next);
    }
}
