//! The naive second generators, one per game: each written from its rules
//! text alone (`shared/rules/*.md`), sharing no code with `src/games/`, and
//! slow on purpose so that it is obviously right. The perft suites in
//! `positions/` take their counts from them, never from the engine.

pub mod abalone;
pub mod palma;
pub mod petteia;
pub mod zamma;
