//! The referee behind `agon match`: plays engines against each other —
//! built-in agon configurations and external programs that speak the
//! protocol — generic over the game. It checks every move against the
//! rules, keeps the clocks, applies the rules' endings, the game's
//! repetition limit and a ply limit with the game's own adjudication, and
//! draws chance outcomes from a seeded generator so that every game of a
//! round sees the same throws (mirrored chance); statistics per game and
//! per pair (pentanomial), and an SPRT that can stop the match; the match's
//! files (records written as games end, resume, merge, openings), the
//! making of openings files, and the pairings and standings of a
//! tournament.

pub mod adjudication;
pub mod control;
pub mod entrant;
pub mod external;
pub mod fault;
pub mod files;
pub mod openings;
pub mod record;
pub mod recorded;
pub mod referee;
pub mod seating;
pub mod spec;
pub mod sprt;
pub mod stats;
pub mod tally;
pub mod tournament;

pub use adjudication::ScoreRule;
pub use control::TimeControl;
pub use entrant::{Entrant, Runner};
pub use fault::{Failure, Fault};
pub use files::{merge, read_openings, resume, Merged, Resumed};
pub use record::{MatchRecord, MoveNote};
pub use recorded::{play_recorded, MatchEvent, RecordFiles};
pub use referee::{
    in_shard, play, play_game, random_opening, run_match, stats_of, EndReason, GameResult, Lineup,
    MatchSpec, Rules, TimeUse,
};
pub use seating::Seating;
pub use spec::EngineSpec;
pub use sprt::{Sprt, Verdict};
pub use stats::MatchStats;
pub use tally::Tally;
