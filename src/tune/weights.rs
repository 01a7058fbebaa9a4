//! The weights a tuning run starts from and keeps: the game's tuner and
//! feature names, start weights given as text (`w1/w2/…`) or compiled in,
//! and the weights held fixed (the first, which sets the scale, and those
//! named).

use crate::game::{GameError, Playable, Tuner};

/// The game's tuner; an error if its evaluator is not linear.
pub fn tuner<G: Playable>() -> Result<Tuner<G>, GameError> {
    G::tuner()
        .ok_or_else(|| GameError::new(format!("{} has no tunable evaluation features", G::NAME)))
}

/// The game's feature names; an error if it has none.
pub fn features<G: Playable>() -> Result<&'static [&'static str], GameError> {
    Ok(tuner::<G>()?.feature_names)
}

/// The start weights: `--start w1/w2/…` or the compiled ones.
pub fn start_weights<G: Playable>(start: Option<&str>) -> Result<Vec<f64>, GameError> {
    let tuner = tuner::<G>()?;
    let Some(text) = start else {
        return Ok((tuner.default_weights)());
    };
    let names = tuner.feature_names;
    let weights = text
        .split('/')
        .map(|w| {
            w.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| {
                    GameError::new(format!(
                        "--start: weight '{w}' is not a number (weights look like 100/300/-9)"
                    ))
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if weights.len() != names.len() {
        return Err(GameError::new(format!(
            "--start: {} takes {} weights ({}), not {}",
            G::NAME,
            names.len(),
            names.join("/"),
            weights.len()
        )));
    }
    Ok(weights)
}

/// Which weights stay: the first (material sets the scale of the others)
/// and those named in `--fix`.
pub fn fixed_weights<G: Playable>(fix: &str) -> Result<Vec<bool>, GameError> {
    let names = features::<G>()?;
    let mut fixed: Vec<bool> = (0..names.len()).map(|i| i == 0).collect();
    for name in fix.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let i = names.iter().position(|n| *n == name).ok_or_else(|| {
            GameError::new(format!(
                "--fix: {} has no feature '{name}' (features: {})",
                G::NAME,
                names.join(", ")
            ))
        })?;
        fixed[i] = true;
    }
    Ok(fixed)
}
