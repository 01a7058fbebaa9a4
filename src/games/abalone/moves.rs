//! The move type: a set of one to three marbles in a line plus a direction
//! (PERFT.md: Abalone moves are distinct by set and direction), packed in a
//! `u32` with what the search hooks want to know without the board.

use super::board::{Bits, DIRS};

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

    /// The raw encoding (stable within one build; for tables and tests).
    pub const fn raw(self) -> u32 {
        self.0
    }
}
