//! The value scale of an averaging search: what a won game scores, the
//! bounds `[L, U]` every value lies in (Star1 and Star2 need them), and the
//! maps from a value to the reported `cp` score and `wdl` estimate.

use crate::game::{Game, Outcome, Player, EVAL_LIMIT};

/// A won game when the evaluator is not a scaled win probability: above
/// every static evaluation (`±EVAL_LIMIT`), so a proven win outranks any
/// evaluation.
pub const WIN: f64 = (EVAL_LIMIT + 10_000) as f64;

/// Centi-units per unit of the logistic's argument for evaluators that are
/// not win probabilities (Kubeia): a lead of 400 ≈ 73 % to win. A rough,
/// documented map, not a fitted one.
const LOGISTIC_SCALE: f64 = 400.0;

/// The value scale of one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// The score of a won game; every value lies in `[-win, win]`.
    pub win: f64,
    /// Whether values are `(2p − 1)·win` for a win probability `p`.
    pub probability: bool,
}

impl Scale {
    pub fn of<G: Game>() -> Scale {
        match G::win_probability_scale() {
            Some(s) => Scale {
                win: f64::from(s),
                probability: true,
            },
            None => Scale {
                win: WIN,
                probability: false,
            },
        }
    }

    /// `L`, the least value any node can have.
    pub fn lo(self) -> f64 {
        -self.win
    }

    /// `U`, the greatest value any node can have.
    pub fn hi(self) -> f64 {
        self.win
    }

    /// The exact value of a finished game from `view`'s side.
    pub fn terminal(self, outcome: Outcome, view: Player) -> f64 {
        match outcome {
            Outcome::Win(w) if w == view => self.win,
            Outcome::Win(_) => -self.win,
            Outcome::Draw | Outcome::Ranked(_) => 0.0,
        }
    }

    /// Win probability estimate of a value: exact for probability scales
    /// (`p = (v/win + 1)/2`), logistic otherwise (a proven win is 1).
    pub fn win_probability(self, v: f64) -> f64 {
        if self.probability {
            ((v / self.win + 1.0) / 2.0).clamp(0.0, 1.0)
        } else if v >= self.win {
            1.0
        } else if v <= -self.win {
            0.0
        } else {
            1.0 / (1.0 + (-v / LOGISTIC_SCALE).exp())
        }
    }

    /// Win/draw/loss per mille. The draw share is reported as 0: Palma has
    /// no draws, and the Kubeia map has no draw model.
    pub fn wdl(self, v: f64) -> [u32; 3] {
        let w = (self.win_probability(v) * 1000.0).round() as u32;
        [w, 0, 1000 - w]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probability_scale_maps_values_linearly() {
        let s = Scale {
            win: 1000.0,
            probability: true,
        };
        assert_eq!(s.wdl(1000.0), [1000, 0, 0]);
        assert_eq!(s.wdl(-1000.0), [0, 0, 1000]);
        assert_eq!(s.wdl(0.0), [500, 0, 500]);
        // p = 0.8 ⇔ (2·0.8 − 1)·1000 = 600.
        assert_eq!(s.wdl(600.0), [800, 0, 200]);
    }

    #[test]
    fn logistic_scale_is_symmetric_and_saturates_at_wins() {
        let s = Scale {
            win: WIN,
            probability: false,
        };
        let [w, _, l] = s.wdl(400.0);
        // 1 / (1 + e^-1) = 0.7311
        assert_eq!(w, 731);
        assert_eq!(s.wdl(-400.0), [l, 0, w]);
        assert_eq!(s.wdl(WIN), [1000, 0, 0]);
        assert_eq!(s.terminal(Outcome::Win(1), 0), -WIN);
        assert_eq!(s.terminal(Outcome::Draw, 1), 0.0);
    }
}
