//! The position (men and Mullahs of each side, side to move, quiet and
//! total plies, Zobrist hash) and the move type: a start point, the landing
//! points in order and the captured pieces (zamma.md "Move identity");
//! playing a move and the hash.

use super::board::{bit, rank_of, Bits, Points, Topology, FAR_RANK, POINTS};
use super::movegen::Sides;
use super::options::Rules;
use crate::game::options::intern;
use crate::game::zobrist::keys;
use crate::game::{GameError, GameOptions};

/// The longest chain a move can hold: a side never has more than 40
/// pieces to be captured (the position string enforces it).
pub const MAX_CHAIN: usize = 40;

/// The most pieces a side may have (zamma.md "Pieces and start").
pub const MAX_PIECES: u32 = 40;

/// A move: start point, landing points in order, captured pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ZMove {
    pub from: u8,
    len: u8,
    path: [u8; MAX_CHAIN],
    pub captured: Bits,
}

impl ZMove {
    pub fn step(from: u8, to: u8) -> ZMove {
        let mut path = [0; MAX_CHAIN];
        path[0] = to;
        ZMove {
            from,
            len: 1,
            path,
            captured: 0,
        }
    }

    pub fn chain(from: u8, landings: &[u8], captured: Bits) -> ZMove {
        let mut path = [0; MAX_CHAIN];
        path[..landings.len()].copy_from_slice(landings);
        ZMove {
            from,
            len: landings.len() as u8,
            path,
            captured,
        }
    }

    /// The landing points in order (one point for a step).
    pub fn landings(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }

    /// Where the moving piece ends.
    pub fn to(&self) -> u8 {
        self.path[self.len as usize - 1]
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    pub fn num_captured(&self) -> u32 {
        self.captured.count_ones()
    }
}

/// Zobrist keys: 4 piece kinds (Black man, White man, Black Mullah, White
/// Mullah) × 81 points, then the side-to-move key.
static KEYS: [u64; 4 * POINTS + 1] = keys::<{ 4 * POINTS + 1 }>(0x5A4D_4D41_0000_0005);
const SIDE_KEY: usize = 4 * POINTS;

#[inline(always)]
fn piece_key(mullah: bool, side: usize, p: u8) -> u64 {
    KEYS[(mullah as usize * 2 + side) * POINTS + p as usize]
}

/// A Zamma position.
#[derive(Clone, Copy, Debug)]
pub struct Zamma {
    pub(super) rules: &'static Rules,
    pub(super) men: [Bits; 2],
    pub(super) mullahs: [Bits; 2],
    pub(super) side: u8,
    pub(super) quiet: u32,
    pub(super) ply: u32,
    pub(super) hash: u64,
}

impl Zamma {
    /// A position from its parts (the hash is computed here).
    pub(super) fn from_parts(
        options: &GameOptions,
        men: [Bits; 2],
        mullahs: [Bits; 2],
        side: u8,
        quiet: u32,
        ply: u32,
    ) -> Result<Zamma, GameError> {
        let mut z = Zamma {
            rules: intern(options)?,
            men,
            mullahs,
            side,
            quiet,
            ply,
            hash: 0,
        };
        z.hash = z.compute_hash();
        Ok(z)
    }

    /// The player to move.
    pub fn side(&self) -> usize {
        self.side as usize
    }

    /// Men of a side.
    pub fn men(&self, side: usize) -> Bits {
        self.men[side]
    }

    /// Mullahs of a side.
    pub fn mullahs(&self, side: usize) -> Bits {
        self.mullahs[side]
    }

    /// All pieces of a side.
    pub fn pieces(&self, side: usize) -> Bits {
        self.men[side] | self.mullahs[side]
    }

    /// Consecutive quiet plies so far.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    pub fn topology(&self) -> &'static Topology {
        self.rules.topo
    }

    /// The generator's view with `side` to move.
    pub(crate) fn sides(&self, side: usize) -> Sides {
        Sides {
            topo: self.rules.topo,
            side,
            own_men: self.men[side],
            own_mullahs: self.mullahs[side],
            enemy: self.pieces(1 - side),
            landing_continue: self.rules.landing_continue,
        }
    }

    /// The endings of [`crate::game::Game::status`] that leave the side to move with
    /// pieces that could move (the other endings leave no move to
    /// generate anyway); cheaper than `status` for the move generator.
    pub(super) fn over_with_moves_left(&self) -> bool {
        self.pieces(1 - self.side()) == 0 || self.rules.quiet_limit.is_some_and(|n| self.quiet >= n)
    }

    /// Plays `m`, a legal move, updating the hash as it goes.
    #[inline]
    pub(super) fn play_move(&mut self, m: ZMove) {
        let s = self.side();
        let o = 1 - s;
        let from = m.from;
        let to = m.to();
        let was_man = self.men[s] & bit(from) != 0;
        if was_man {
            self.men[s] &= !bit(from);
        } else {
            self.mullahs[s] &= !bit(from);
        }
        self.hash ^= piece_key(!was_man, s, from);
        for p in Points(m.captured) {
            let mullah = self.mullahs[o] & bit(p) != 0;
            self.hash ^= piece_key(mullah, o, p);
        }
        self.men[o] &= !m.captured;
        self.mullahs[o] &= !m.captured;
        let mullah_after = !was_man || FAR_RANK[s] & bit(to) != 0;
        if mullah_after {
            self.mullahs[s] |= bit(to);
        } else {
            self.men[s] |= bit(to);
        }
        self.hash ^= piece_key(mullah_after, s, to);
        // zamma.md "End of game": captures and forward man moves reset.
        let progress = m.is_capture() || (was_man && rank_of(to) != rank_of(from));
        self.quiet = if progress {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.side ^= 1;
        self.hash ^= KEYS[SIDE_KEY];
        self.ply = self.ply.saturating_add(1);
    }

    /// The Zobrist hash from the pieces and the side to move.
    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for side in 0..2 {
            for p in Points(self.men[side]) {
                h ^= piece_key(false, side, p);
            }
            for p in Points(self.mullahs[side]) {
                h ^= piece_key(true, side, p);
            }
        }
        if self.side == 1 {
            h ^= KEYS[SIDE_KEY];
        }
        h
    }

    /// Whether the move ends with a promotion.
    pub fn promotes(&self, m: ZMove) -> bool {
        let s = self.side();
        self.men[s] & bit(m.from) != 0 && FAR_RANK[s] & bit(m.to()) != 0
    }
}
