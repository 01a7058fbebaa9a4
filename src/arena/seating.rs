//! Who plays which player in each game of a match round: the seatings of
//! a round, for any number of players and teams and as few as two
//! entrants (engines).
//!
//! A round is one game per seating, all from the same opening and chance
//! seed, and over a round every entrant plays every player equally often.
//! The seatings rotate *units* among the entrants:
//! - as many entrants as players: the units are the players; in rotation
//!   `r` entrant `(p + r) mod N` plays player `p` (two players: the
//!   colour-swapped pair);
//! - otherwise the units are the teams ([`Game::team_of`]), which must be
//!   of one size, and there are at most as many entrants as teams: in
//!   rotation `r` the team `t` with `(t + r) mod T = k` goes to entrant
//!   `k` for every entrant but the last, and the last entrant takes every
//!   team left. As many entrants as teams: each entrant plays a whole team
//!   (a 4-player game between two entrants is team against team). Two
//!   entrants and three teams (3 players, or 6 players as three teams):
//!   A plays one team and B the other two, A's team turning through all
//!   three.
//!
//! Why A alone against a field of B rather than also B alone against A:
//! each seat of B is an engine of its own that plays for its own player
//! (they do not know they are one entrant), so "A against two Bs" asks
//! how A fares in a field of B, the question a multi-player strength test
//! asks (its fair share is one game in three); the mirrored seating asks
//! the same of B and would double a round for a second question. A round
//! of `T` games gives A every team once and B every team `T - 1` times:
//! every seat equally often for each entrant.

use crate::game::{Game, GameError, Player};

/// The seatings of one round: `seatings[g][p]` is the entrant (index in
/// the match) that plays player `p` in the round's game `g`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    seatings: Vec<Vec<usize>>,
    entrants: usize,
    players: usize,
}

impl Seating {
    /// The round of `entrants` engines in the game of `start`, or why they
    /// cannot share its players.
    pub fn new<G: Game>(start: &G, entrants: usize) -> Result<Seating, GameError> {
        let players = start.num_players();
        let teams = start.num_teams();
        let team_of: Vec<usize> = (0..players)
            .map(|p| usize::from(start.team_of(p as Player)))
            .collect();
        Seating::of(&team_of, teams, entrants).ok_or_else(|| {
            let counts = if teams == 2 && players > 2 {
                format!("2 (a team each) or {players} (one player each)")
            } else if teams < players {
                format!("2 to {teams} (one or more teams each) or {players} (one player each)")
            } else {
                format!("2 to {players}")
            };
            GameError::new(format!(
                "{} with these options is played by {players} players in {teams} teams: a match takes {counts} engines, not {entrants}",
                G::NAME
            ))
        })
    }

    /// The seatings for players in teams `team_of[p]` (0..teams).
    fn of(team_of: &[usize], teams: usize, entrants: usize) -> Option<Seating> {
        let players = team_of.len();
        let (units, unit_of): (usize, Vec<usize>) = if entrants == players {
            (players, (0..players).collect())
        } else {
            let size = |t: usize| team_of.iter().filter(|&&u| u == t).count();
            let even = (0..teams).all(|t| size(t) == size(0));
            if !(2..=teams).contains(&entrants) || !even {
                return None;
            }
            (teams, team_of.to_vec())
        };
        if entrants < 2 {
            return None;
        }
        let seatings = (0..units)
            .map(|r| {
                unit_of
                    .iter()
                    .map(|&u| ((u + r) % units).min(entrants - 1))
                    .collect()
            })
            .collect();
        Some(Seating {
            seatings,
            entrants,
            players,
        })
    }

    /// Games in a round.
    pub fn round(&self) -> usize {
        self.seatings.len()
    }

    /// The seating of game `g` of a round (`g < round()`).
    pub fn game(&self, g: usize) -> &[usize] {
        &self.seatings[g % self.seatings.len()]
    }

    pub fn entrants(&self) -> usize {
        self.entrants
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// How many players entrant `e` plays in each game.
    pub fn seats_of(&self, e: usize) -> usize {
        self.seatings[0].iter().filter(|&&x| x == e).count()
    }

    /// Whether the round is a colour-swapped pair of two entrants that
    /// play one side each (two players, or two teams): the pentanomial
    /// statistics and the SPRT count such pairs.
    pub fn is_pair(&self) -> bool {
        self.entrants == 2 && self.round() == 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Per entrant, per player: games of a round in which it plays it.
    fn counts(s: &Seating) -> Vec<Vec<usize>> {
        let mut c = vec![vec![0; s.players()]; s.entrants()];
        for g in 0..s.round() {
            for (p, &e) in s.game(g).iter().enumerate() {
                c[e][p] += 1;
            }
        }
        c
    }

    #[test]
    fn two_players_are_the_colour_swapped_pair() {
        let s = Seating::of(&[0, 1], 2, 2).unwrap();
        assert_eq!((s.game(0), s.game(1)), (&[0, 1][..], &[1, 0][..]));
        assert!(s.is_pair());
    }

    #[test]
    fn as_many_entrants_as_players_rotate_the_seats() {
        // 4 players in two teams, four engines: each plays each seat once.
        let s = Seating::of(&[0, 1, 0, 1], 2, 4).unwrap();
        assert_eq!(s.round(), 4);
        assert_eq!(s.game(1), &[1, 2, 3, 0]);
        assert_eq!(counts(&s), vec![vec![1; 4]; 4]);
        assert!(!s.is_pair());
    }

    #[test]
    fn two_entrants_in_a_team_game_play_team_against_team() {
        // 4 players: {0, 2} against {1, 3}.
        let s = Seating::of(&[0, 1, 0, 1], 2, 2).unwrap();
        assert_eq!(
            (s.game(0), s.game(1)),
            (&[0, 1, 0, 1][..], &[1, 0, 1, 0][..])
        );
        assert!(s.is_pair());
        assert_eq!(s.seats_of(0), 2);
    }

    #[test]
    fn two_entrants_and_three_sides_are_one_against_the_field() {
        // 3 players alone: A one seat, B two, A's seat turning.
        let s = Seating::of(&[0, 1, 2], 3, 2).unwrap();
        assert_eq!(s.round(), 3);
        assert_eq!(s.game(0), &[0, 1, 1]);
        assert_eq!(counts(&s), vec![vec![1, 1, 1], vec![2, 2, 2]]);
        assert_eq!((s.seats_of(0), s.seats_of(1)), (1, 2));
        // 6 players in three teams {0,3} {1,4} {2,5}: A one team, B two.
        let s = Seating::of(&[0, 1, 2, 0, 1, 2], 3, 2).unwrap();
        assert_eq!(s.game(0), &[0, 1, 1, 0, 1, 1]);
        assert_eq!(counts(&s), vec![vec![1; 6], vec![2; 6]]);
        // Three entrants, one team each.
        let s = Seating::of(&[0, 1, 2, 0, 1, 2], 3, 3).unwrap();
        assert_eq!(counts(&s), vec![vec![1; 6]; 3]);
        assert_eq!(s.game(1), &[1, 2, 0, 1, 2, 0]);
    }

    #[test]
    fn entrants_that_cannot_share_the_players_are_refused() {
        let six = [0, 1, 2, 0, 1, 2];
        for bad in [0, 1, 4, 5, 7] {
            assert_eq!(Seating::of(&six, 3, bad), None, "{bad}");
        }
        assert_eq!(Seating::of(&[0, 1, 0, 1], 2, 3), None);
        assert_eq!(Seating::of(&[0, 1], 2, 3), None);
        // Teams of unequal size would give an entrant more seats in one
        // game than another; only a player each is fair then.
        assert_eq!(Seating::of(&[0, 0, 1], 2, 2), None);
        assert!(Seating::of(&[0, 0, 1], 2, 3).is_some());
    }
}
