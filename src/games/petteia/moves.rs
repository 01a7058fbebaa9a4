//! The one `Move` type of both games: a from-to move, a Kubeia roll (a
//! chance outcome) or a Kubeia pass.

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
