//! Search scores in analysis units: a win probability for games whose
//! evaluator has one, centi-units elsewhere, with proven results at
//! ±(1e6 − moves) so that a quicker win sorts above a slower one.

use crate::game::{Evaluator, Playable, Score, CP_PER_UNIT};
use crate::search::winprob::Scale;
use crate::search::ScoreReport;

/// A search score as a number on one axis: centi-units, or for proven
/// results ±(1e6 − moves), so a quicker win sorts above a slower one.
fn score_key(s: ScoreReport) -> f64 {
    match s {
        ScoreReport::Cp(v) | ScoreReport::Exact { cp: v, .. } => f64::from(v),
        ScoreReport::Mate(n) if n > 0 => 1e6 - f64::from(n),
        ScoreReport::Mate(n) => -1e6 - f64::from(n),
    }
}

/// The default evaluator's win-probability scale, if it has one.
pub fn win_scale<G: Playable>() -> Option<Score> {
    G::Evaluator::default().win_probability_scale()
}

/// Value of a search score in analysis units.
pub fn to_units<G: Playable>(s: ScoreReport) -> f64 {
    match (win_scale::<G>(), s) {
        (Some(_), ScoreReport::Exact { ppm, .. }) => f64::from(ppm) / 1e6,
        (Some(_), ScoreReport::Cp(v)) => {
            // Back from the protocol's scale to the evaluator's.
            let ev = G::Evaluator::default();
            let internal = f64::from(v) * f64::from(ev.cp_unit()) / f64::from(CP_PER_UNIT);
            Scale::of::<G>(&ev).win_probability(internal)
        }
        (Some(_), ScoreReport::Mate(n)) => f64::from(u8::from(n > 0)),
        (None, s) => score_key(s),
    }
}

/// A search score as analysis shows it: a win probability to four
/// places, or centi-units and `mate N`.
pub fn show<G: Playable>(s: ScoreReport) -> String {
    match (win_scale::<G>(), s) {
        (None, ScoreReport::Mate(n)) => format!("mate {n}"),
        (None, ScoreReport::Cp(v) | ScoreReport::Exact { cp: v, .. }) => v.to_string(),
        (Some(_), s) => format!("{:.4}", to_units::<G>(s)),
    }
}

/// A score seen from the other side of a two-player game.
pub fn flipped(s: ScoreReport) -> ScoreReport {
    match s {
        ScoreReport::Cp(v) => ScoreReport::Cp(-v),
        ScoreReport::Mate(n) => ScoreReport::Mate(-n),
        ScoreReport::Exact { ppm, cp } => ScoreReport::Exact {
            ppm: 1_000_000u32.saturating_sub(ppm),
            cp: -cp,
        },
    }
}
