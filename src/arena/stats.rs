//! Match statistics: score, Elo difference with a 95% interval, the
//! likelihood of superiority (LOS), and pentanomial counts over the
//! colour-swapped pairs with the Elo interval they give (fishtest's: a
//! pair's two games share an opening and their chance, so pairs, not games,
//! are the independent trials); and how each game came out for an entrant
//! that may play several players ([`Showing`]).

use super::referee::{EndReason, GameResult};
use crate::game::{Outcome, Player};

/// Won, drawn or lost, for an entrant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// One of its players finished first and not everyone did: alone,
    /// with its team, or tied first (a ranking game).
    Win,
    /// Everyone tied.
    Draw,
    Loss,
}

/// How a game came out for one entrant, which plays one or more of its
/// players (a whole team, or in a one-against-the-field seating several).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Showing {
    pub place: Place,
    /// Its share of the game's points by the payoff rule
    /// ([`Outcome::payoff`]): its players' payoffs over their sum over all
    /// players (`players / 2`). Two players: 1, ½, 0; its fair share is
    /// the share of the players it plays.
    pub share: f64,
    /// The players it played, and all of them.
    pub seats: usize,
    pub players: usize,
}

impl Showing {
    /// How `result` came out for `entrant`; `None` if it did not play.
    pub fn of(result: &GameResult, entrant: usize) -> Option<Showing> {
        let players = result.seats.len();
        let mine: Vec<Player> = (0..players)
            .filter(|&p| result.seats[p] == entrant)
            .map(|p| p as Player)
            .collect();
        if mine.is_empty() {
            return None;
        }
        let place = if result.outcome == Outcome::Draw {
            Place::Draw
        } else if mine.iter().any(|&p| result.outcome.is_win_for(p, players)) {
            Place::Win
        } else {
            Place::Loss
        };
        let points: f64 = mine
            .iter()
            .map(|&p| result.outcome.payoff(p, players))
            .sum();
        Some(Showing {
            place,
            share: points / (players as f64 / 2.0),
            seats: mine.len(),
            players,
        })
    }

    /// The points of a win, draw or loss: 1, ½, 0.
    pub fn points(&self) -> f64 {
        match self.place {
            Place::Win => 1.0,
            Place::Draw => 0.5,
            Place::Loss => 0.0,
        }
    }
}

/// Results from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchStats {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games ended by the ply limit (adjudicated by the game) or by the
    /// engines' scores (`--resign`, `--draw`).
    pub adjudicated: u32,
    /// Games ended as a draw by repetition.
    pub repetitions: u32,
    /// Games lost by an engine's fault (crash, hang, time, illegal move).
    pub forfeits: u32,
    /// Finished pairs by the first entrant's points in them: 0, ½, 1, 1½,
    /// 2 (LL, LD, DD or WL, WD, WW).
    pub pairs: [u32; 5],
}

impl MatchStats {
    /// The first entrant's points in a game: 1 won, ½ drawn, 0 lost
    /// ([`Showing`]).
    pub fn points(result: &GameResult) -> f64 {
        Showing::of(result, 0).map_or(0.5, |s| s.points())
    }

    /// Counts a finished pair in which the first entrant scored `points`
    /// (0 to 2, in halves).
    pub fn add_pair(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.pairs[k] += 1;
    }

    /// Elo and the half-width of its 95% interval from the pentanomial
    /// counts: the mean and variance of the per-pair score (pair points
    /// / 2); `None` before the first pair.
    pub fn pair_elo(&self) -> Option<(f64, f64)> {
        let n: u32 = self.pairs.iter().sum();
        if n == 0 {
            return None;
        }
        let n = f64::from(n);
        let share = |k: usize| f64::from(self.pairs[k]) / n;
        let value = |k: usize| k as f64 / 4.0;
        let mean: f64 = (0..5).map(|k| share(k) * value(k)).sum();
        let var: f64 = (0..5).map(|k| share(k) * (value(k) - mean).powi(2)).sum();
        let sd = (var / n).sqrt();
        let clamp = |x: f64| x.clamp(1e-6, 1.0 - 1e-6);
        let (lo, hi) = (clamp(mean - 1.96 * sd), clamp(mean + 1.96 * sd));
        Some((elo_of(clamp(mean)), (elo_of(hi) - elo_of(lo)) / 2.0))
    }

    /// Counts a game for the first entrant (`result.seats[p] == 0`).
    pub fn add(&mut self, result: &GameResult) {
        match Showing::of(result, 0).map(|s| s.place) {
            Some(Place::Win) => self.wins += 1,
            Some(Place::Loss) => self.losses += 1,
            Some(Place::Draw) | None => self.draws += 1,
        }
        match result.reason {
            // Not the rules' verdict (a page's record may also be a draw
            // agreed or a game not over).
            EndReason::PlyLimit
            | EndReason::Resign(_)
            | EndReason::ScoreDraw
            | EndReason::Agreed
            | EndReason::Unfinished => self.adjudicated += 1,
            EndReason::Repetition => self.repetitions += 1,
            EndReason::Forfeit(..) => self.forfeits += 1,
            EndReason::Rules => {}
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score fraction in 0..=1 (draw = half a point).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// Elo difference implied by the score, with the half-width of its 95%
    /// confidence interval (normal approximation of the trinomial).
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let s = self.score().clamp(1e-6, 1.0 - 1e-6);
        let w = f64::from(self.wins) / n;
        let d = f64::from(self.draws) / n;
        let l = f64::from(self.losses) / n;
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * (0.0 - s).powi(2);
        let sd = (var / n).sqrt();
        let lo = (s - 1.96 * sd).clamp(1e-6, 1.0 - 1e-6);
        let hi = (s + 1.96 * sd).clamp(1e-6, 1.0 - 1e-6);
        (elo_of(s), (elo_of(hi) - elo_of(lo)) / 2.0)
    }

    /// Likelihood of superiority: P(first engine is stronger), from wins
    /// and losses (draws carry no information about it).
    pub fn los(&self) -> f64 {
        let w = f64::from(self.wins);
        let l = f64::from(self.losses);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The error function (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

/// Games counted into [`MatchStats`] as they finish, in any order: each
/// game at once, each round's pair once its last game is in (a round of
/// two games: two entrants, one side each). The one count behind a
/// running match, a resumed one and `--merge`.
#[derive(Debug, Default)]
pub struct Counter {
    pub stats: MatchStats,
    /// Rounds not yet complete: games in, and the first entrant's points.
    open: std::collections::HashMap<u32, (usize, f64)>,
}

impl Counter {
    /// Counts game `number` (from 1; `round` games a round); true when it
    /// completed a pair.
    pub fn add(&mut self, number: u32, result: &GameResult, round: usize) -> bool {
        self.stats.add(result);
        let key = (number - 1) / round.max(1) as u32;
        let open = self.open.entry(key).or_insert((0, 0.0));
        open.0 += 1;
        open.1 += MatchStats::points(result);
        if open.0 < round {
            return false;
        }
        let points = open.1;
        self.open.remove(&key);
        if round == 2 {
            self.stats.add_pair(points);
        }
        round == 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_match_is_zero_elo_and_half_los() {
        let s = MatchStats {
            wins: 10,
            draws: 5,
            losses: 10,
            ..Default::default()
        };
        assert!((s.score() - 0.5).abs() < 1e-12);
        assert!(s.elo().0.abs() < 1e-9);
        assert!((s.los() - 0.5).abs() < 1e-9);
    }

    #[test]
    fn known_values() {
        // 75% is +190.8 Elo; erf(1) = 0.8427.
        let s = MatchStats {
            wins: 75,
            losses: 25,
            ..Default::default()
        };
        assert!((s.elo().0 - 190.85).abs() < 0.1, "{:?}", s.elo());
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
        assert!(s.los() > 0.999);
    }

    #[test]
    fn pentanomial_elo_from_pair_scores() {
        // Pairs LL 1, LD 2, DD/WL 4, WD 2, WW 1: per-pair scores 0, .25,
        // .5, .75, 1 with weights 1 2 4 2 1 /10: mean .5, variance
        // (2·.25 + 2·.0625·2)/10 = .075; the interval ±1.96·√(.075/10).
        let mut s = MatchStats::default();
        for (k, count) in [1, 2, 4, 2, 1].into_iter().enumerate() {
            for _ in 0..count {
                s.add_pair(k as f64 / 2.0);
            }
        }
        assert_eq!(s.pairs, [1, 2, 4, 2, 1]);
        let (elo, margin) = s.pair_elo().unwrap();
        assert!(elo.abs() < 1e-9);
        let half = 1.96 * (0.075f64 / 10.0).sqrt();
        let expected = (elo_of(0.5 + half) - elo_of(0.5 - half)) / 2.0;
        assert!((margin - expected).abs() < 1e-9, "{margin} {expected}");
        // ±122.8 Elo, worked out by hand from the formula above.
        assert!((margin - 122.82).abs() < 0.01, "{margin}");
        assert_eq!(MatchStats::default().pair_elo(), None);
    }
}
