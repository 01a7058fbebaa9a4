//! Match statistics: score, Elo difference with a 95% interval, and the
//! likelihood of superiority (LOS).

use super::referee::{EndReason, GameResult};
use crate::game::Outcome;

/// Results from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchStats {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games ended by the ply limit (adjudicated by the game).
    pub adjudicated: u32,
    /// Games ended as a draw by repetition.
    pub repetitions: u32,
    /// Games lost by an engine's fault (crash, hang, time, illegal move).
    pub forfeits: u32,
}

impl MatchStats {
    /// Counts a game for the first entrant (`result.seats[p] == 0`).
    pub fn add(&mut self, result: &GameResult) {
        let first = |p: u8| result.seats.get(usize::from(p)) == Some(&0);
        match result.outcome {
            Outcome::Win(p) if first(p) => self.wins += 1,
            Outcome::Win(_) => self.losses += 1,
            Outcome::Draw => self.draws += 1,
        }
        match result.reason {
            EndReason::PlyLimit => self.adjudicated += 1,
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
}
