//! Evaluation tuning (`agon tune`): Texel-style logistic fitting of a
//! game's linear evaluation weights to game results, from real game records
//! or from self-play; and SPSA, which tunes the weights by match results
//! (`agon tune --spsa N`).

pub mod pair;
pub mod samples;
pub mod spsa;
pub mod texel;
pub mod weights;

pub use samples::{
    is_quiet, samples_from_game, samples_from_game_where, samples_from_records,
    samples_from_selfplay, Sample,
};
pub use texel::{fit, FitReport};
pub use weights::{features, fixed_weights, start_weights, tuner};
