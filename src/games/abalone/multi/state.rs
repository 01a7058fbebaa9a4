//! The multi-player position (a set of marbles per colour, the score of
//! each player, the player to move) and how a move changes it.

use super::super::board::{shift, Bits, BOARD, DIRS};
use super::super::movegen;
use super::super::options::Rules;
use super::super::state::{Move, MARBLES_TO_WIN};
use super::hash;
use crate::game::{Outcome, Player, Team};

/// The most players (and colours) of a multi-player game.
pub const MAX_SEATS: usize = 6;

/// An Abalone position with 3, 4 or 6 players.
#[derive(Clone, Copy, Debug)]
pub struct AbaloneMulti {
    /// Marbles of each player's colour (player order; unused ones empty).
    pub(super) marbles: [Bits; MAX_SEATS],
    pub(super) hash: u64,
    pub(super) ply: u32,
    /// Marbles each player has ejected (of any colour but its team's).
    pub(super) scores: [u8; MAX_SEATS],
    /// The player to move.
    pub(super) side: u8,
    /// 3, 4 or 6.
    pub(super) players: u8,
    /// 0 while the game goes on, else 1 + the winning team.
    pub(super) winner: u8,
    pub(super) rules: &'static Rules,
}

/// The team of `p` among `players` (abalone-multiplayer rules, "Players,
/// colours, teams"): alone with 3 players; partners face each other, so
/// with 4 players {0, 2} and {1, 3}, with 6 players {0, 3}, {1, 4}, {2, 5}.
#[inline(always)]
pub const fn team_of(p: Player, players: u8) -> Team {
    match players {
        4 => p % 2,
        6 => p % 3,
        _ => p,
    }
}

/// Number of teams among `players`.
pub const fn num_teams(players: u8) -> usize {
    match players {
        4 => 2,
        6 => 3,
        n => n as usize,
    }
}

/// The partner of `p`, if the game has teams.
#[inline(always)]
pub const fn partner(p: Player, players: u8) -> Option<Player> {
    match players {
        4 => Some((p + 2) % 4),
        6 => Some((p + 3) % 6),
        _ => None,
    }
}

impl AbaloneMulti {
    /// Number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// Marbles of `player`'s colour.
    pub fn marbles(&self, player: Player) -> Bits {
        self.marbles[player as usize % MAX_SEATS]
    }

    /// Marbles `player` has ejected.
    pub fn score(&self, player: Player) -> u8 {
        self.scores[player as usize % MAX_SEATS]
    }

    /// The score of `team`: the sum of its members' scores.
    pub fn team_score(&self, team: Team) -> u8 {
        (0..self.players)
            .filter(|&p| team_of(p, self.players) == team)
            .map(|p| self.scores[p as usize])
            .sum()
    }

    /// The player to move.
    pub fn side(&self) -> Player {
        self.side
    }

    /// The parsed options.
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// Every marble on the board.
    #[inline(always)]
    pub(super) fn occupied(&self) -> Bits {
        self.marbles.iter().fold(0, |a, &b| a | b)
    }

    /// `p`'s own marbles, its team's, and the marbles it may push.
    #[inline(always)]
    pub(super) fn sides_of(&self, p: Player) -> (Bits, Bits, Bits) {
        let own = self.marbles[p as usize];
        let team = match partner(p, self.players) {
            Some(q) => own | self.marbles[q as usize],
            None => own,
        };
        (own, team, self.occupied() & !team)
    }

    /// Whether `p` has a legal move other than `pass`.
    #[inline]
    pub(super) fn can_move(&self, p: Player) -> bool {
        let (own, team, opp) = self.sides_of(p);
        own != 0 && movegen::any(own, team, opp)
    }

    /// Whether the game is over by the rules: a side at six, or (checked
    /// only when the mover is stuck) no player with a move.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        if self.winner != 0 {
            let team = self.winner - 1;
            let mut members = [0 as Player; 2];
            let mut n = 0;
            for p in 0..self.players {
                if team_of(p, self.players) == team {
                    members[n] = p;
                    n += 1;
                }
            }
            return Some(Outcome::team_win(&members[..n], self.players()));
        }
        if let Some(limit) = self.rules.max_plies {
            if self.ply >= limit {
                return Some(Outcome::Draw);
            }
        }
        if !self.can_move(self.side) && !(0..self.players).any(|p| self.can_move(p)) {
            return Some(Outcome::Draw);
        }
        None
    }

    #[inline]
    pub(super) fn play_move(&mut self, m: Move) {
        let me = self.side as usize;
        let mut h = self.hash;
        if !m.is_pass() {
            let d = DIRS[m.dir()];
            // The moving line (own and partner marbles) and the pushed run
            // (opponents of any colour) all step one cell; a marble
            // stepping off the board is gone.
            let moving = m.marbles() | m.pushed_cells();
            for c in 0..self.players as usize {
                let old = self.marbles[c];
                let moved = old & moving;
                if moved != 0 {
                    let new = (old & !moved) | (shift(moved, d) & BOARD);
                    h ^= hash::pieces(old ^ new, c);
                    self.marbles[c] = new;
                }
            }
            if m.ejects() {
                let n = self.scores[me];
                h ^= hash::score(me, n) ^ hash::score(me, n + 1);
                self.scores[me] = n + 1;
                let team = team_of(me as Player, self.players);
                if self.team_score(team) >= MARBLES_TO_WIN {
                    self.winner = team + 1;
                }
            }
        }
        let next = (me + 1) % self.players as usize;
        self.hash = h ^ hash::side(me) ^ hash::side(next);
        self.side = next as u8;
        self.ply += 1;
    }

    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = hash::side(self.side as usize);
        for c in 0..self.players as usize {
            h ^= hash::pieces(self.marbles[c], c) ^ hash::score(c, self.scores[c]);
        }
        h
    }
}
