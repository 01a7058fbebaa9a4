//! The position (the game type, its rules state, the move type) and the
//! rules that change it: compulsory capture,
//! activity and reluctance, and every ending (petteia.md "Active and
//! passive pieces", "End of game", "Kubeia (dice)").
//!
//! After a move the endings are judged in this order (the first that
//! applies decides): rout, decimation, breakthrough, siege (the opponent
//! cannot move) — all wins for the mover; after a Hand-of-Zeus move, the
//! mover who must move again and cannot loses; then reluctance (the
//! mover's third counted passive move loses); then superiority at the
//! no-capture ply limit. A win by another rule therefore beats the third
//! passive move, as the Decision line says; reluctance before superiority
//! is this engine's choice (the source gives no order).

use super::board::{
    bit, neighbours, row_of, squares, Bb, Board, BASILEUS, HOPLITE, KINDS, PELTAST, RANK_1, RANK_8,
};
use super::capture::{capture_targets, captured};
use super::hash;
use super::kubeia;
use super::movegen::{self, fill, has_move, reach, Limits, HOPLITE_LIMIT};
use super::options::Rules;
use crate::game::Outcome;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    Decimation,
    Siege,
    Rout,
    Breakthrough,
    Reluctance,
    /// More pieces at the no-capture limit.
    Superiority,
    /// Equal numbers at the no-capture limit (a draw).
    Equality,
}

impl Reason {
    pub const ALL: [Reason; 7] = [
        Reason::Decimation,
        Reason::Siege,
        Reason::Rout,
        Reason::Breakthrough,
        Reason::Reluctance,
        Reason::Superiority,
        Reason::Equality,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reason::Decimation => "decimation",
            Reason::Siege => "siege",
            Reason::Rout => "rout",
            Reason::Breakthrough => "breakthrough",
            Reason::Reluctance => "reluctance",
            Reason::Superiority => "superiority",
            Reason::Equality => "equality",
        }
    }

    /// The English name or the source's Italian word.
    pub fn from_name(text: &str) -> Option<Reason> {
        let t = text.trim().to_lowercase();
        let italian = [
            ("decimazione", Reason::Decimation),
            ("assedio", Reason::Siege),
            ("sbando", Reason::Rout),
            ("sfondamento", Reason::Breakthrough),
            ("renitenza", Reason::Reluctance),
            ("superiorità", Reason::Superiority),
            ("superiorita", Reason::Superiority),
            ("parità", Reason::Equality),
            ("parita", Reason::Equality),
        ];
        Reason::ALL
            .iter()
            .copied()
            .find(|r| r.name() == t)
            .or_else(|| italian.iter().find(|(w, _)| *w == t).map(|(_, r)| *r))
    }
}

/// Everything the rules need; shared by Petteia and Kubeia (`dice`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub board: Board,
    /// The player to move (0 = White).
    pub side: usize,
    /// Kubeia (dice) rules.
    pub dice: bool,
    /// Kubeia: the current roll (higher, lower); `None` = roll pending.
    pub roll: Option<(u8, u8)>,
    /// Consecutive counted passive moves per side.
    pub reluctance: [u8; 2],
    /// Plies since the last capture.
    pub nocapture: u32,
    /// Plies played.
    pub ply: u32,
    pub result: Option<(Outcome, Reason)>,
    /// The `nocapture_plies` option.
    pub nocapture_limit: u32,
    pub hash: u64,
}

impl State {
    /// The limits the current player moves under.
    pub fn limits(&self) -> Limits {
        match self.roll {
            Some((hi, lo)) if self.dice => Limits::kubeia(hi, lo),
            _ => Limits::PETTEIA,
        }
    }

    pub fn is_chance(&self) -> bool {
        self.result.is_none() && self.dice && self.roll.is_none()
    }

    /// Destination masks: the capture squares when a capture exists
    /// (capture is compulsory among the moves allowed), else everything.
    fn to_masks(&self, limits: &Limits) -> [Bb; KINDS] {
        let targets = capture_targets(&self.board, self.side);
        let empty = self.board.empty();
        let can_capture = [PELTAST, HOPLITE, BASILEUS].iter().any(|&k| {
            targets[k] != 0
                && squares(self.board.bb[self.side][k])
                    .any(|sq| reach(sq, k, empty, limits) & targets[k] != 0)
        });
        if can_capture {
            targets
        } else {
            [!0; KINDS]
        }
    }

    /// Legal moves at a decision node (a pass when a Kubeia roll allows none).
    pub fn moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.result.is_some() || self.is_chance() {
            return;
        }
        let limits = self.limits();
        let masks = self.to_masks(&limits);
        movegen::generate(&self.board, self.side, &limits, &masks, |f, t| {
            out.push(Move::step(f, t))
        });
        if out.is_empty() && self.dice {
            out.push(Move::PASS);
        }
    }

    pub fn count_moves(&self) -> usize {
        if self.result.is_some() || self.is_chance() {
            return 0;
        }
        let limits = self.limits();
        let masks = self.to_masks(&limits);
        let n = movegen::count(&self.board, self.side, &limits, &masks);
        if n == 0 && self.dice {
            1
        } else {
            n
        }
    }

    /// Plays a legal move or roll.
    pub fn play(&mut self, m: Move) {
        match m.kind() {
            MoveKind::Roll { hi, lo } => {
                self.hash ^= hash::roll_key(self.roll);
                self.roll = Some((hi, lo));
                self.hash ^= hash::roll_key(self.roll);
            }
            MoveKind::Pass => {
                // Unreachable in play from the start (see petteia.md Kubeia
                // Decision on passing); it changes no count.
                self.nocapture += 1;
                self.finish_turn(None);
            }
            MoveKind::Step { from, to } => self.play_step(from, to),
        }
    }

    fn play_step(&mut self, from: usize, to: usize) {
        let side = self.side;
        let enemy = 1 - side;
        let Some((_, kind)) = self.board.piece_at(from) else {
            debug_assert!(false, "no piece on the from-square");
            return;
        };
        // Reluctance is judged on the position before the move.
        let counted_passive =
            has_active(&self.board, side) && !is_active(&self.board, from, kind, side);

        self.board.bb[side][kind] ^= bit(from) | bit(to);
        self.hash ^= hash::piece_key(side, kind, from) ^ hash::piece_key(side, kind, to);
        let taken = captured(&self.board, to, side);
        let mut outcome = None;
        if taken != 0 {
            let mut emptied_class = false;
            for k in [PELTAST, HOPLITE, BASILEUS] {
                let hit = self.board.bb[enemy][k] & taken;
                if hit == 0 {
                    continue;
                }
                for sq in squares(hit) {
                    self.hash ^= hash::piece_key(enemy, k, sq);
                }
                self.board.bb[enemy][k] &= !hit;
                if k == BASILEUS {
                    outcome = Some((Outcome::Win(side as u8), Reason::Rout));
                } else if self.board.bb[enemy][k] == 0 {
                    emptied_class = true;
                }
            }
            if outcome.is_none() && emptied_class {
                outcome = Some((Outcome::Win(side as u8), Reason::Decimation));
            }
            self.nocapture = 0;
        } else {
            self.nocapture += 1;
        }
        let far = if side == 0 { RANK_8 } else { RANK_1 };
        if outcome.is_none() && kind == BASILEUS && bit(to) & far != 0 {
            outcome = Some((Outcome::Win(side as u8), Reason::Breakthrough));
        }
        self.hash ^= hash::reluctance_key(side, self.reluctance[side]);
        self.reluctance[side] = if counted_passive {
            self.reluctance[side] + 1
        } else {
            0
        };
        self.hash ^= hash::reluctance_key(side, self.reluctance[side]);
        self.finish_turn(outcome);
    }

    /// Passes the turn (or keeps it after the Hand of Zeus) and judges the
    /// endings that do not depend on what was captured.
    fn finish_turn(&mut self, mut outcome: Option<(Outcome, Reason)>) {
        let side = self.side;
        let enemy = 1 - side;
        let zeus =
            self.dice && matches!(self.roll, Some((hi, lo)) if kubeia::is_hand_of_zeus(hi, lo));
        self.ply += 1;
        if outcome.is_none() && !has_move(&self.board, enemy) {
            outcome = Some((Outcome::Win(side as u8), Reason::Siege));
        }
        if outcome.is_none() && zeus && !has_move(&self.board, side) {
            outcome = Some((Outcome::Win(enemy as u8), Reason::Siege));
        }
        if outcome.is_none() && self.reluctance[side] >= 3 {
            outcome = Some((Outcome::Win(enemy as u8), Reason::Reluctance));
        }
        if outcome.is_none() && self.nocapture >= self.nocapture_limit {
            let (mine, theirs) = (self.board.total(side), self.board.total(enemy));
            outcome = Some(if mine > theirs {
                (Outcome::Win(side as u8), Reason::Superiority)
            } else if theirs > mine {
                (Outcome::Win(enemy as u8), Reason::Superiority)
            } else {
                (Outcome::Draw, Reason::Equality)
            });
        }
        if self.dice {
            self.hash ^= hash::roll_key(self.roll) ^ hash::roll_key(None);
            self.roll = None;
        }
        if !zeus {
            self.side = enemy;
            self.hash ^= hash::side_key();
        }
        if outcome.is_some() {
            self.hash ^= hash::over_key();
        }
        self.result = outcome;
    }

    /// The hash from scratch.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for side in 0..2 {
            for kind in 0..KINDS {
                for sq in squares(self.board.bb[side][kind]) {
                    h ^= hash::piece_key(side, kind, sq);
                }
            }
            h ^= hash::reluctance_key(side, self.reluctance[side]);
        }
        if self.side == 1 {
            h ^= hash::side_key();
        }
        if self.dice {
            h ^= hash::roll_key(self.roll);
        }
        if self.result.is_some() {
            h ^= hash::over_key();
        }
        h
    }
}

/// Contact squares of `side`: empty squares next to an enemy piece.
pub fn contact_squares(board: &Board, side: usize) -> Bb {
    neighbours(board.side(1 - side)) & board.empty()
}

/// Whether the piece of `kind` on `sq` can reach a contact square with
/// Petteia movement (petteia.md Kubeia Decision: dice and the duty to
/// capture are ignored; the Hoplite limit applies).
pub fn is_active(board: &Board, sq: usize, kind: usize, side: usize) -> bool {
    reach(sq, kind, board.empty(), &Limits::PETTEIA) & contact_squares(board, side) != 0
}

/// Whether `side` has at least one active piece.
pub fn has_active(board: &Board, side: usize) -> bool {
    let empty = board.empty();
    let contact = contact_squares(board, side);
    let b = &board.bb[side];
    fill(b[PELTAST] | b[BASILEUS], empty, 11) & contact != 0
        || fill(b[HOPLITE], empty, HOPLITE_LIMIT) & contact != 0
}

/// The row of `side`'s Basileus counted from its own side (0 = home row).
pub fn basileus_advance(board: &Board, side: usize) -> Option<usize> {
    squares(board.bb[side][BASILEUS]).next().map(|sq| {
        if side == 0 {
            row_of(sq)
        } else {
            7 - row_of(sq)
        }
    })
}

/// Petteia or (with `DICE`) Kubeia; see the module docs.
#[derive(Clone, Debug)]
pub struct PetteiaGame<const DICE: bool> {
    pub(super) state: State,
    pub(super) rules: &'static Rules,
}

/// Petteia, the game without dice.
pub type Petteia = PetteiaGame<false>;
/// Kubeia, the same game with dice.
pub type Kubeia = PetteiaGame<true>;

impl<const DICE: bool> PetteiaGame<DICE> {
    /// The rules state (board, counters, result).
    pub fn state(&self) -> &State {
        &self.state
    }
}

/// A move (from, to), a roll (higher die, lower die) or a pass, packed in 16 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

const ROLL_FLAG: u16 = 0x8000;
const PASS: u16 = 0xC000;

/// What a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Step { from: usize, to: usize },
    Roll { hi: u8, lo: u8 },
    Pass,
}

impl Move {
    pub fn step(from: usize, to: usize) -> Move {
        Move((from as u16) | ((to as u16) << 7))
    }

    /// A roll; the dice are stored higher first.
    pub fn roll(a: u8, b: u8) -> Move {
        let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
        Move(ROLL_FLAG | ((hi as u16) << 3) | lo as u16)
    }

    pub const PASS: Move = Move(PASS);

    pub fn kind(self) -> MoveKind {
        if self.0 == PASS {
            MoveKind::Pass
        } else if self.0 & ROLL_FLAG != 0 {
            MoveKind::Roll {
                hi: ((self.0 >> 3) & 7) as u8,
                lo: (self.0 & 7) as u8,
            }
        } else {
            MoveKind::Step {
                from: (self.0 & 0x7F) as usize,
                to: ((self.0 >> 7) & 0x7F) as usize,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        assert_eq!(Move::step(95, 3).kind(), MoveKind::Step { from: 95, to: 3 });
        assert_eq!(Move::roll(3, 6).kind(), MoveKind::Roll { hi: 6, lo: 3 });
        assert_eq!(Move::roll(6, 3), Move::roll(3, 6));
        assert_eq!(Move::PASS.kind(), MoveKind::Pass);
    }
}
