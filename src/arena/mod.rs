//! The internal referee: plays agon configurations against each other
//! (`agon match`), generic over the game. It applies the rules' endings,
//! the game's repetition limit and a ply limit with the game's own
//! adjudication, and draws chance outcomes from a seeded generator so that
//! both games of a colour-swapped pair see the same throws (mirrored dice).

pub mod referee;
pub mod spec;
pub mod stats;

pub use referee::{play_game, random_opening, run_match, EndReason, GameResult, MatchSpec};
pub use spec::EngineSpec;
pub use stats::MatchStats;
