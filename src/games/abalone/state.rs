//! The position (marbles, princess, ejected counts, side to move, hash)
//! and how a move changes it; the move type: a set of one to three marbles
//! in a line plus a direction (PERFT.md: Abalone moves are distinct by set
//! and direction), packed in a `u32` with what the search hooks want to
//! know without the board.

use super::board::{shift, Bits, BOARD, DIRS};
use super::hash;
use super::options::Rules;
use crate::game::Player;

/// A move. Bits 0-6: the *tail* cell (for an in-line move the trailing
/// marble, for a broadside the lower end); 7-9: move direction; 10-12:
/// line axis (equal to the move direction for in-line moves); 13-14:
/// marbles moved (1..3); 15-16: marbles pushed (0..2); 17: the push ejects
/// a marble.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u32);

impl Move {
    /// An in-line move of `count` marbles from `tail` in direction `dir`
    /// pushing `pushed` marbles (`ejects`: the last goes off the board).
    #[inline(always)]
    pub const fn inline(tail: u32, dir: usize, count: u32, pushed: u32, ejects: bool) -> Move {
        Move(
            tail | (dir as u32) << 7
                | (dir as u32) << 10
                | count << 13
                | pushed << 15
                | (ejects as u32) << 17,
        )
    }

    /// A broadside move of `count` marbles from the lower end `tail` along
    /// axis `axis` (0..3), each stepping in direction `dir`.
    #[inline(always)]
    pub const fn broadside(tail: u32, axis: usize, dir: usize, count: u32) -> Move {
        Move(tail | (dir as u32) << 7 | (axis as u32) << 10 | count << 13)
    }

    #[inline(always)]
    pub const fn tail(self) -> u32 {
        self.0 & 0x7f
    }

    #[inline(always)]
    pub const fn dir(self) -> usize {
        ((self.0 >> 7) & 7) as usize
    }

    #[inline(always)]
    pub const fn axis(self) -> usize {
        ((self.0 >> 10) & 7) as usize
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        (self.0 >> 13) & 3
    }

    #[inline(always)]
    pub const fn pushed(self) -> u32 {
        (self.0 >> 15) & 3
    }

    #[inline(always)]
    pub const fn ejects(self) -> bool {
        (self.0 >> 17) & 1 != 0
    }

    #[inline(always)]
    pub const fn is_broadside(self) -> bool {
        self.dir() != self.axis()
    }

    /// The moving marbles.
    #[inline(always)]
    pub const fn marbles(self) -> Bits {
        let step = DIRS[self.axis()];
        let t = self.tail() as i32;
        let mut b: Bits = 1 << t;
        if self.count() >= 2 {
            b |= 1 << (t + step);
        }
        if self.count() == 3 {
            b |= 1 << (t + 2 * step);
        }
        b
    }

    /// The far end of the moving line (the head for an in-line move).
    #[inline(always)]
    pub const fn head(self) -> u32 {
        (self.tail() as i32 + (self.count() as i32 - 1) * DIRS[self.axis()]) as u32
    }

    /// The marbles pushed by an in-line move (empty for others).
    #[inline(always)]
    pub const fn pushed_cells(self) -> Bits {
        let step = DIRS[self.dir()];
        let first = self.tail() as i32 + self.count() as i32 * step;
        match self.pushed() {
            0 => 0,
            1 => 1 << first,
            _ => (1 << first) | (1 << (first + step)),
        }
    }

    /// The forced pass of the multi-player games: a player with no legal
    /// move lets the next one play (no marble moves).
    pub const PASS: Move = Move(0);

    /// Whether this is [`Move::PASS`] (no other move has tail cell 0,
    /// which is padding, off the board).
    #[inline(always)]
    pub const fn is_pass(self) -> bool {
        self.0 == 0
    }

    /// The raw encoding (stable within one build; for tables and tests).
    pub const fn raw(self) -> u32 {
        self.0
    }
}

/// Marbles a side must eject to win (abalone.md, "End of game").
pub const MARBLES_TO_WIN: u8 = 6;

/// Marbles per colour in every layout.
pub const MARBLES_PER_SIDE: u32 = 14;

/// An Abalone position.
#[derive(Clone, Copy, Debug)]
pub struct Abalone {
    /// Marbles of Black (0) and White (1).
    pub(super) marbles: [Bits; 2],
    /// The princess marble's cell (empty set when off or ejected).
    pub(super) princess: Bits,
    pub(super) hash: u64,
    pub(super) ply: u32,
    /// Marbles of each colour pushed off the board.
    pub(super) ejected: [u8; 2],
    /// The player to move.
    pub(super) side: u8,
    /// 0 while the game goes on, else 1 + the winner.
    pub(super) winner: u8,
    pub(super) rules: &'static Rules,
}

impl Abalone {
    /// Marbles of `player`.
    pub fn marbles(&self, player: Player) -> Bits {
        self.marbles[player as usize & 1]
    }

    /// The princess's cell as a set (empty when not on the board).
    pub fn princess(&self) -> Bits {
        self.princess
    }

    /// Marbles of `player`'s colour ejected so far.
    pub fn ejected(&self, player: Player) -> u8 {
        self.ejected[player as usize & 1]
    }

    /// The player to move.
    pub fn side(&self) -> Player {
        self.side
    }

    /// The parsed options.
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    #[inline(always)]
    pub(super) fn own_and_pushable(&self) -> (Bits, Bits) {
        let me = self.side as usize;
        (self.marbles[me], self.marbles[me ^ 1] | self.princess)
    }

    #[inline(always)]
    pub(super) fn play_move(&mut self, m: Move) {
        let me = self.side as usize;
        let you = me ^ 1;
        let d = DIRS[m.dir()];
        let from = m.marbles();
        let changed = from ^ shift(from, d);
        self.marbles[me] ^= changed;
        let mut h = self.hash ^ hash::pieces(changed, me) ^ hash::side();
        if m.pushed() > 0 {
            let q = m.pushed_cells();
            let opp = self.marbles[you] & q;
            let opp_moved = opp ^ (shift(opp, d) & BOARD);
            self.marbles[you] ^= opp_moved;
            h ^= hash::pieces(opp_moved, you);
            let pr = self.princess & q;
            if pr != 0 {
                let pr_moved = pr ^ (shift(pr, d) & BOARD);
                self.princess ^= pr_moved;
                h ^= hash::pieces(pr_moved, hash::PRINCESS);
            }
            if m.ejects() {
                if pr != 0 && self.princess == 0 {
                    self.winner = me as u8 + 1;
                } else {
                    let n = self.ejected[you];
                    h ^= hash::ejected(you, n) ^ hash::ejected(you, n + 1);
                    self.ejected[you] = n + 1;
                    if n + 1 >= MARBLES_TO_WIN {
                        self.winner = me as u8 + 1;
                    }
                }
            }
        }
        self.hash = h;
        self.side ^= 1;
        self.ply += 1;
    }

    /// This position with the other colour to move (a pass).
    pub(super) fn passed_turn(&self) -> Abalone {
        let mut p = *self;
        p.hash ^= hash::side();
        p.side ^= 1;
        p.ply += 1;
        p
    }

    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = hash::pieces(self.marbles[0], 0)
            ^ hash::pieces(self.marbles[1], 1)
            ^ hash::pieces(self.princess, hash::PRINCESS)
            ^ hash::ejected(0, self.ejected[0])
            ^ hash::ejected(1, self.ejected[1]);
        if self.side == 1 {
            h ^= hash::side();
        }
        h
    }
}
