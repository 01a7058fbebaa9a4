//! The value scale of an averaging search: what a won game scores, the
//! bounds `[L, U]` every value lies in (expectiminimax's Star1 and Star2
//! need them), and the maps from a value to a win probability (MCTS's
//! payoffs, the analysis's units) and to the reported `cp` score and `wdl`
//! estimate. Its own module in the search room because expectiminimax,
//! MCTS and the rooms above read it alike.

use crate::game::{team_result, Evaluator, Game, Outcome, Playable, Player, EVAL_LIMIT};

/// A won game when the evaluator is not a scaled win probability: above
/// every static evaluation (`±EVAL_LIMIT`), so a proven win outranks any
/// evaluation.
pub const WIN: f64 = (EVAL_LIMIT + 10_000) as f64;

/// Centi-units per unit of the logistic's argument for evaluators that are
/// not win probabilities (Kubeia): a lead of 400 ≈ 73 % to win. A rough,
/// documented map, not a fitted one.
const LOGISTIC_SCALE: f64 = 400.0;

/// Half-width of the draw band of [`Scale::wdl`] for evaluators that are not
/// win probabilities, in centi-units: the win share is the logistic of
/// `v − DRAW_BAND`, the loss share that of `−v − DRAW_BAND`, and the draw
/// share what is left (the model of Stockfish's and lc0's `wdl`). A dead
/// level value then reports 36 % drawn, falling to 7 % at a lead
/// of 1200. Rough, not fitted: Kubeia ends drawn by the no-capture
/// (equality) rule often — 232 of 400 games against `greedy` in the
/// README's tuning table — and near that limit the search sees the draws
/// (worth 0) and its value is pulled to the band's middle.
const DRAW_BAND: f64 = 300.0;

/// The value scale of one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// The score of a won game; every value lies in `[-win, win]`.
    pub win: f64,
    /// Whether values are `(2p − 1)·win` for a win probability `p`.
    pub probability: bool,
}

impl Scale {
    pub fn of<G: Playable>(evaluator: &G::Evaluator) -> Scale {
        match evaluator.win_probability_scale() {
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

    /// The exact value of a finished game `pos` from the side of `view`'s
    /// team.
    pub fn terminal<G: Game>(self, pos: &G, outcome: Outcome, view: Player) -> f64 {
        match team_result(pos, outcome, view) {
            std::cmp::Ordering::Greater => self.win,
            std::cmp::Ordering::Less => -self.win,
            std::cmp::Ordering::Equal => 0.0,
        }
    }

    /// Whether `v` is a proven result: a win or a loss whatever the dice
    /// (up to the rounding of the probability-weighted sums).
    pub fn proven(self, v: f64) -> bool {
        v.abs() >= self.win * (1.0 - 1e-9)
    }

    /// Win probability estimate of a value: exact for probability scales
    /// (`p = (v/win + 1)/2`), logistic otherwise (a proven win is 1; with
    /// draws this is the expected score, a draw counting one half).
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

    /// The value whose [`Scale::win_probability`] is `p` (MCTS reports
    /// its payoffs on the evaluator's scale), within `±EVAL_LIMIT` when
    /// the scale is not a probability.
    pub fn value_of(self, p: f64) -> f64 {
        if self.probability {
            (2.0 * p.clamp(0.0, 1.0) - 1.0) * self.win
        } else {
            let p = p.clamp(1e-9, 1.0 - 1e-9);
            let limit = f64::from(EVAL_LIMIT);
            (LOGISTIC_SCALE * (p / (1.0 - p)).ln()).clamp(-limit, limit)
        }
    }

    /// Win/draw/loss per mille, summing to 1000. A probability scale is an
    /// exact win probability of a game without draws (Palma): draw share 0.
    /// Otherwise (Kubeia, whose rules draw) a logistic with a draw band of
    /// ±[`DRAW_BAND`]: the win share rises with `v`, the loss share falls,
    /// and a proven result is certain. Only reported, never searched on.
    pub fn wdl(self, v: f64) -> [u32; 3] {
        let per_mille = |p: f64| (p * 1000.0).round() as u32;
        if self.probability || self.proven(v) {
            let w = per_mille(self.win_probability(v));
            return [w, 0, 1000 - w];
        }
        let logistic = |x: f64| 1.0 / (1.0 + (-x / LOGISTIC_SCALE).exp());
        let w = per_mille(logistic(v - DRAW_BAND));
        // The two shares sum to less than 1 (the band is positive); the
        // bound only guards a double rounding up.
        let l = per_mille(logistic(-v - DRAW_BAND)).min(1000 - w);
        [w, 1000 - w - l, l]
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

    const LOGISTIC: Scale = Scale {
        win: WIN,
        probability: false,
    };

    #[test]
    fn draw_band_is_symmetric_and_gives_a_level_value_a_real_draw_share() {
        let [w, d, l] = LOGISTIC.wdl(0.0);
        assert_eq!(w, l);
        // 1 − 2 / (1 + e^0.75) = 0.358
        assert_eq!(d, 358);
        for v in [1.0, 150.0, 400.0, 1234.5, 5000.0] {
            let [w, d, l] = LOGISTIC.wdl(v);
            assert_eq!(LOGISTIC.wdl(-v), [l, d, w], "{v}");
        }
        // At a lead of the band's width the win share is one half.
        assert_eq!(LOGISTIC.wdl(DRAW_BAND)[0], 500);
    }

    #[test]
    fn won_values_report_no_draw_share() {
        assert_eq!(LOGISTIC.wdl(WIN), [1000, 0, 0]);
        assert_eq!(LOGISTIC.wdl(-WIN), [0, 0, 1000]);
        // The greatest static evaluation is as good as won.
        assert_eq!(LOGISTIC.wdl(f64::from(EVAL_LIMIT)), [1000, 0, 0]);
        let [w, d, _] = LOGISTIC.wdl(3000.0);
        assert!(w > 995 && d < 5, "{w} {d}");
        let pos = crate::testgames::TriRace::with("");
        assert_eq!(LOGISTIC.terminal(&pos, Outcome::Win(1), 0), -WIN);
        assert_eq!(LOGISTIC.terminal(&pos, Outcome::Draw, 1), 0.0);
        // Teams: a teammate's win is a win.
        let pairs = crate::testgames::TriRace::with("players=4 teams=on");
        assert_eq!(LOGISTIC.terminal(&pairs, Outcome::Win(2), 0), WIN);
        let theirs = Outcome::team_win(&[1, 3], 4);
        assert_eq!(LOGISTIC.terminal(&pairs, theirs, 2), -WIN);
    }

    #[test]
    fn wdl_sums_to_1000_and_is_monotone_in_the_value() {
        let mut last = [0, 0, 1000];
        let mut v = -WIN;
        while v <= WIN {
            let [w, d, l] = LOGISTIC.wdl(v);
            assert_eq!(w + d + l, 1000, "{v}");
            assert!(
                w >= last[0] && l <= last[2],
                "{v}: {:?} after {last:?}",
                [w, d, l]
            );
            last = [w, d, l];
            v += 7.25;
        }
        assert_eq!(last, [1000, 0, 0]);
        // The draw share is greatest at a level value.
        let d0 = LOGISTIC.wdl(0.0)[1];
        assert!([-900.0, -100.0, 100.0, 900.0]
            .iter()
            .all(|&v| LOGISTIC.wdl(v)[1] < d0));
    }
}
