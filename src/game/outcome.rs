//! How a finished game ended, for any number of players, and what each
//! player gets from it (the payoff a search maximises and a referee scores).
//!
//! Three forms, one meaning: a rank per player (0 = first; equal ranks are
//! ties). [`Outcome::ranked`] builds the canonical form, so two outcomes are
//! equal exactly when they rank the players the same way:
//! - [`Outcome::Draw`]: every player tied;
//! - [`Outcome::Win`]: one player first, all the others tied behind;
//! - [`Outcome::Ranked`]: anything else, e.g. a full ranking of a 3-player
//!   race or a winning team (all its members first, the others behind:
//!   [`Outcome::team_win`]). A two-player game never needs this form.
//!
//! **Payoff rule**: a player's payoff is the share of the other players it
//! finished ahead of, a tie counting half:
//! `(ahead + tied / 2) / (players − 1)`, in `[0, 1]`. So a sole win pays 1,
//! a two-player draw 0.5 each, and the payoffs of any outcome sum to
//! `players / 2` (constant-sum, so "zero-sum" searches stay valid). A
//! teammate counts as a tied opponent: a winning pair of a 2-v-2 game gets
//! 5/6 each and the losers 1/6, an affine image of 1/0 that every search
//! prefers the same way.
//!
//! **Teams** ([`super::Game::team_of`]): a team's payoff is the mean of its
//! members' payoffs ([`Outcome::team_payoff`]), so a team win (members
//! first together) pays each member and the team alike, and the payoffs of
//! the teams, each weighted by its size, still sum to `players / 2`. In a
//! game of two teams [`Outcome::team_result`] reads that as won, drawn or
//! lost, which is all a two-sided search needs.

use super::{Player, Team};
use std::cmp::Ordering;

/// The most players an outcome can rank (the protocol's `p8time` bound).
pub const MAX_PLAYERS: usize = 8;

/// Bits per rank in a [`Ranking`]; ranks are dense, so < `MAX_PLAYERS`.
const RANK_BITS: u32 = 3;
const RANK_MASK: u32 = (1 << RANK_BITS) - 1;
const LEN_SHIFT: u32 = RANK_BITS * MAX_PLAYERS as u32;

/// A rank per player, ties allowed, packed in 32 bits so that
/// [`Outcome`] (and the [`super::Status`] every search node asks for)
/// stays a register-sized value. Ranks are dense (0, 1, 2, … with no gap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ranking(u32);

impl Ranking {
    /// Number of players ranked.
    pub fn len(self) -> usize {
        (self.0 >> LEN_SHIFT) as usize
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The rank of `player` (0 = first); `None` for a player not ranked.
    pub fn rank(self, player: Player) -> Option<u8> {
        let p = player as usize;
        (p < self.len()).then(|| ((self.0 >> (RANK_BITS * p as u32)) & RANK_MASK) as u8)
    }

    /// Dense ranks from any ranks (only their order matters).
    fn dense(ranks: &[u8]) -> Ranking {
        assert!(
            (1..=MAX_PLAYERS).contains(&ranks.len()),
            "a ranking of {} players (1..={MAX_PLAYERS} allowed)",
            ranks.len()
        );
        let mut packed = (ranks.len() as u32) << LEN_SHIFT;
        for (p, &r) in ranks.iter().enumerate() {
            // Dense rank = the number of distinct ranks better than r (each
            // counted at its first occurrence): no allocation, as a game's
            // `status` may build its outcome at every search node.
            let better = (0..ranks.len())
                .filter(|&j| ranks[j] < r && !ranks[..j].contains(&ranks[j]))
                .count();
            packed |= (better as u32) << (RANK_BITS * p as u32);
        }
        Ranking(packed)
    }
}

/// How a finished game ended (see the module documentation for the forms
/// and the payoff rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given player finished first, alone; all the others tied behind.
    Win(Player),
    /// All players tied.
    Draw,
    /// Any other ranking; built by [`Outcome::ranked`], which never
    /// produces this form for a ranking that `Win` or `Draw` expresses.
    Ranked(Ranking),
}

impl Outcome {
    /// The outcome that ranks player `p` at `ranks[p]` (smaller is better,
    /// equal is a tie; only the order matters), in canonical form.
    ///
    /// Panics unless `1 <= ranks.len() <= MAX_PLAYERS`: a game's rules
    /// build outcomes, so a wrong length is a bug, not an input error.
    pub fn ranked(ranks: &[u8]) -> Outcome {
        let r = Ranking::dense(ranks);
        let n = ranks.len();
        let firsts = (0..n).filter(|&p| r.rank(p as Player) == Some(0)).count();
        let max = (0..n)
            .filter_map(|p| r.rank(p as Player))
            .max()
            .unwrap_or(0);
        if max == 0 {
            Outcome::Draw
        } else if firsts == 1 && max == 1 {
            let p = (0..n)
                .find(|&p| r.rank(p as Player) == Some(0))
                .unwrap_or(0);
            Outcome::Win(p as Player)
        } else {
            Outcome::Ranked(r)
        }
    }

    /// The members of `team` first (tied), everyone else tied behind.
    /// A team of one is [`Outcome::Win`].
    pub fn team_win(team: &[Player], num_players: usize) -> Outcome {
        assert!(
            num_players <= MAX_PLAYERS,
            "a team win among {num_players} players"
        );
        let mut ranks = [0u8; MAX_PLAYERS];
        for (p, r) in ranks.iter_mut().enumerate().take(num_players) {
            *r = u8::from(!team.contains(&(p as Player)));
        }
        Outcome::ranked(&ranks[..num_players])
    }

    /// The dense rank of `player` among `num_players` (0 = first).
    pub fn rank(self, player: Player, num_players: usize) -> u8 {
        match self {
            Outcome::Draw => 0,
            Outcome::Win(w) => u8::from(w != player),
            Outcome::Ranked(r) => {
                debug_assert_eq!(r.len(), num_players, "a ranking of another game");
                r.rank(player).unwrap_or(0)
            }
        }
    }

    /// Whether `player` finished first and not everyone did (a sole win,
    /// or a place in the winning team).
    pub fn is_win_for(self, player: Player, num_players: usize) -> bool {
        self != Outcome::Draw && self.rank(player, num_players) == 0
    }

    /// The payoff of `player` in `[0, 1]`: the share of the other players
    /// it finished ahead of, ties counting half (module documentation).
    pub fn payoff(self, player: Player, num_players: usize) -> f64 {
        if num_players < 2 {
            return 1.0;
        }
        let mine = self.rank(player, num_players);
        let mut twice = 0u32;
        for other in (0..num_players as Player).filter(|&o| o != player) {
            let theirs = self.rank(other, num_players);
            twice += match mine.cmp(&theirs) {
                std::cmp::Ordering::Less => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Greater => 0,
            };
        }
        f64::from(twice) / (2.0 * (num_players - 1) as f64)
    }

    /// The payoff of `team` (players mapped to teams by `team_of`): the
    /// mean payoff of its members; 0 for a team without players.
    pub fn team_payoff(
        self,
        team: Team,
        team_of: impl Fn(Player) -> Team,
        num_players: usize,
    ) -> f64 {
        let (mut sum, mut members) = (0.0, 0u32);
        for p in (0..num_players as Player).filter(|&p| team_of(p) == team) {
            sum += self.payoff(p, num_players);
            members += 1;
        }
        if members == 0 {
            0.0
        } else {
            sum / f64::from(members)
        }
    }

    /// In a game of two teams, how `team` came out against the other:
    /// `Greater` won (its payoff above the other's), `Equal` drawn, `Less`
    /// lost. A sole winner's team won; without teams this is the
    /// two-player win, draw or loss.
    #[inline]
    pub fn team_result(
        self,
        team: Team,
        team_of: impl Fn(Player) -> Team,
        num_players: usize,
    ) -> Ordering {
        match self {
            Outcome::Win(w) if team_of(w) == team => Ordering::Greater,
            Outcome::Win(_) => Ordering::Less,
            Outcome::Draw => Ordering::Equal,
            Outcome::Ranked(_) => {
                let mine = self.team_payoff(team, &team_of, num_players);
                let other = (0..num_players as Player)
                    .map(&team_of)
                    .find(|&t| t != team)
                    .map_or(mine, |t| self.team_payoff(t, &team_of, num_players));
                if (mine - other).abs() < 1e-12 {
                    Ordering::Equal
                } else if mine > other {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
        }
    }

    /// The protocol's word for the outcome (`query result`, `go` on a
    /// finished game): `p<k>win` for a sole winner, `draw`, or `rank`
    /// followed by each player's place from 1, dash-separated
    /// (`rank1-3-2`; a team win in four players: `rank1-2-1-2`).
    pub fn word(self, num_players: usize) -> String {
        match self {
            Outcome::Win(p) => format!("p{}win", p as usize + 1),
            Outcome::Draw => "draw".into(),
            Outcome::Ranked(_) => {
                let places: Vec<String> = (0..num_players)
                    .map(|p| (self.rank(p as Player, num_players) + 1).to_string())
                    .collect();
                format!("rank{}", places.join("-"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payoffs(o: Outcome, n: usize) -> Vec<f64> {
        (0..n as Player).map(|p| o.payoff(p, n)).collect()
    }

    #[test]
    fn two_player_payoffs_are_one_half_zero() {
        assert_eq!(payoffs(Outcome::Win(0), 2), [1.0, 0.0]);
        assert_eq!(payoffs(Outcome::Win(1), 2), [0.0, 1.0]);
        assert_eq!(payoffs(Outcome::Draw, 2), [0.5, 0.5]);
    }

    #[test]
    fn ranks_are_canonical() {
        assert_eq!(Outcome::ranked(&[0, 1]), Outcome::Win(0));
        assert_eq!(Outcome::ranked(&[7, 3]), Outcome::Win(1));
        assert_eq!(Outcome::ranked(&[4, 4]), Outcome::Draw);
        assert_eq!(Outcome::ranked(&[2, 2, 2]), Outcome::Draw);
        assert_eq!(Outcome::ranked(&[5, 0, 5]), Outcome::Win(1));
        assert_eq!(Outcome::team_win(&[2], 3), Outcome::Win(2));
        // Only the order matters: gaps and offsets give the same outcome.
        assert_eq!(Outcome::ranked(&[0, 9, 4]), Outcome::ranked(&[0, 2, 1]));
        let Outcome::Ranked(r) = Outcome::ranked(&[0, 9, 4]) else {
            panic!("a full ranking of three is Ranked")
        };
        assert_eq!(
            (r.len(), r.rank(1), r.rank(2), r.rank(3)),
            (3, Some(2), Some(1), None)
        );
        assert_ne!(Outcome::ranked(&[0, 0, 1]), Outcome::ranked(&[0, 1, 1]));
    }

    #[test]
    fn payoffs_follow_the_documented_rule() {
        // p1 first, p3 second, p2 last.
        let o = Outcome::ranked(&[0, 2, 1]);
        assert_eq!(payoffs(o, 3), [1.0, 0.0, 0.5]);
        // A sole win among three: the two losers tie each other.
        assert_eq!(payoffs(Outcome::Win(2), 3), [0.25, 0.25, 1.0]);
        // Two tied first of three.
        assert_eq!(payoffs(Outcome::ranked(&[0, 0, 1]), 3), [0.75, 0.75, 0.0]);
        // A 2-v-2 team win: teammates count as tied opponents.
        let team = Outcome::team_win(&[0, 2], 4);
        let p = payoffs(team, 4);
        for (got, want) in p.iter().zip([5.0 / 6.0, 1.0 / 6.0, 5.0 / 6.0, 1.0 / 6.0]) {
            assert!((got - want).abs() < 1e-12, "{p:?}");
        }
        assert!(team.is_win_for(0, 4) && team.is_win_for(2, 4) && !team.is_win_for(1, 4));
        assert!(!Outcome::Draw.is_win_for(0, 3));
    }

    #[test]
    fn payoffs_sum_to_half_the_players() {
        // Every ranking of up to 5 players (ranks 0..n each).
        for n in 2..=5usize {
            let total = n.pow(n as u32);
            for code in 0..total {
                let ranks: Vec<u8> = (0..n)
                    .map(|i| ((code / n.pow(i as u32)) % n) as u8)
                    .collect();
                let o = Outcome::ranked(&ranks);
                let p = payoffs(o, n);
                let sum: f64 = p.iter().sum();
                assert!((sum - n as f64 / 2.0).abs() < 1e-9, "{ranks:?}: {p:?}");
                assert!(p.iter().all(|x| (0.0..=1.0).contains(x)));
                // Better rank, strictly larger payoff.
                for a in 0..n {
                    for b in 0..n {
                        if ranks[a] < ranks[b] {
                            assert!(p[a] > p[b], "{ranks:?}: {p:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_team_wins_loses_and_draws_together() {
        let pairs = |p: Player| p % 2;
        let won = Outcome::team_win(&[1, 3], 4);
        assert_eq!(won.team_payoff(1, pairs, 4), 5.0 / 6.0);
        assert!((won.team_payoff(0, pairs, 4) - 1.0 / 6.0).abs() < 1e-12);
        assert_eq!(won.team_result(1, pairs, 4), Ordering::Greater);
        assert_eq!(won.team_result(0, pairs, 4), Ordering::Less);
        // A sole winner carries its team; a draw is a draw for both.
        assert_eq!(Outcome::Win(2).team_result(0, pairs, 4), Ordering::Greater);
        assert_eq!(Outcome::Win(2).team_result(1, pairs, 4), Ordering::Less);
        assert_eq!(Outcome::Draw.team_result(1, pairs, 4), Ordering::Equal);
        // A ranking whose teams come out even: 1st and 4th v 2nd and 3rd.
        let even = Outcome::ranked(&[0, 1, 2, 3]);
        assert_eq!(
            even.team_result(0, |p| [0, 1, 1, 0][p as usize], 4),
            Ordering::Equal
        );
        assert_eq!(even.team_result(0, pairs, 4), Ordering::Greater);
        // Without teams: the two-player result.
        let own = |p: Player| p;
        assert_eq!(Outcome::Win(0).team_result(1, own, 2), Ordering::Less);
        assert_eq!(Outcome::Win(1).team_result(1, own, 2), Ordering::Greater);
    }

    #[test]
    fn words_name_each_form() {
        assert_eq!(Outcome::Win(0).word(2), "p1win");
        assert_eq!(Outcome::Win(2).word(3), "p3win");
        assert_eq!(Outcome::Draw.word(3), "draw");
        assert_eq!(Outcome::ranked(&[0, 2, 1]).word(3), "rank1-3-2");
        assert_eq!(Outcome::team_win(&[0, 2], 4).word(4), "rank1-2-1-2");
    }

    #[test]
    fn a_status_stays_register_sized() {
        // Every search node asks for its Status: the ranking form must not
        // make it bigger than a word.
        assert!(std::mem::size_of::<crate::game::Status>() <= 8);
        assert!(std::mem::size_of::<Outcome>() <= 8);
    }

    #[test]
    #[should_panic]
    fn too_many_players_is_a_bug() {
        Outcome::ranked(&[0; MAX_PLAYERS + 1]);
    }
}
