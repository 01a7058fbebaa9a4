//! The game-neutral face of a game session: the object-safe
//! [`GameSession`] trait, implemented once, generically, by
//! [`super::session::Session`]. The engine holds a `Box<dyn GameSession>`
//! and replaces it when the game changes; [`Catalog::games`] is the one
//! place that turns a game name into a session (through
//! [`crate::with_game!`]).

use std::sync::atomic::AtomicBool;

use rand::RngCore;

use super::request::{GoSpec, PositionSpec, Query};
use super::session::Session;
use super::Core;
use super::{EngineError, FinalResult};
use crate::games::GameKind;
use crate::search::{Report, Signal};

/// What `go` asks of the engine's search thread.
pub enum Go {
    /// The game is over (the result word): nothing to search.
    Over(String),
    Search(SearchTask),
}

/// Runs a search until its limits or `stop`, reporting through the
/// callback; returns the move played and its line, checked legal.
pub type RunSearch = Box<dyn FnOnce(&Signal, &(dyn Fn(&Report) + Sync)) -> FinalResult + Send>;

/// A search ready to run on the engine's search thread.
pub struct SearchTask {
    pub run: RunSearch,
    /// What to play if `run` panics: the first legal move allowed (no
    /// move at a chance node), so that the engine still answers. Made
    /// only then: `go` does not pay for it out of its clock.
    pub fallback: Box<dyn FnOnce() -> FinalResult + Send>,
}

/// Counts `go perft` on the engine's job thread: calls its callback per
/// root move or outcome (`move: count`), returns the total or `None` once
/// stopped.
pub type PerftTask = Box<dyn FnOnce(&AtomicBool, &mut dyn FnMut(&str, u64)) -> Option<u64> + Send>;

/// A game session seen without its game type.
pub trait GameSession {
    /// The game's name (`Game` option value).
    fn game(&self) -> &'static str;

    /// Replaces the position (start or position string, then moves). On
    /// error the old position stays.
    fn set_position(&mut self, spec: &PositionSpec) -> Result<(), EngineError>;

    /// Builds the exact tables a search from the position may probe,
    /// under `core`'s settings ([`Core::prepare_tables`]): after the
    /// position is set, before any `go` can start its clock.
    fn prepare_tables(&self, core: &Core);

    /// Reads the exact table file at `path` for this game
    /// ([`crate::game::Evaluated::load_tablebase`]).
    fn load_tables(&self, path: &str) -> Result<crate::game::TableFile, crate::game::GameError>;

    /// At a chance node: draws an outcome from `rng` with the rules'
    /// probabilities, plays it and returns its token.
    fn play_chance(&mut self, rng: &mut dyn RngCore) -> Result<String, EngineError>;

    /// The `d` lines; with them the exact tables' verdict where `core`'s
    /// tables know the position.
    fn display(&self, core: &Core) -> Vec<String>;

    /// Legal moves (decision node) or outcome tokens (chance node).
    fn moves(&self) -> Vec<String>;

    /// `go perft depth` from the position.
    fn perft(&self, depth: u32) -> PerftTask;

    /// Evaluation terms at a decision node, by the evaluator `core`
    /// makes (`Eval`, `EvalFile`).
    fn eval(&self, core: &Core) -> Result<Vec<(String, i32)>, EngineError>;

    /// The evaluator `core` makes for this game, as
    /// [`crate::game::Evaluator::label`] names it (`nnue <net>` when a
    /// network is used).
    fn evaluator_label(&self, core: &Core) -> String;

    /// The answer to a `query` (protocol.md, "query").
    fn query(&self, query: Query) -> String;

    /// Checks `spec` against the position and makes the search of it on
    /// `core`.
    fn go(&self, spec: &GoSpec, core: Core) -> Result<Go, EngineError>;
}

/// Makes a session of the named game with the given variant options.
pub type MakeGame = fn(game: &str, options: &str) -> Result<Box<dyn GameSession>, EngineError>;

/// The games the engine offers, and how to make a session of one.
#[derive(Clone)]
pub struct Catalog {
    /// In protocol order; the first is the default.
    pub games: Vec<&'static str>,
    pub make: MakeGame,
}

impl Catalog {
    /// Every game of [`GameKind::ALL`].
    pub fn games() -> Catalog {
        Catalog {
            games: GameKind::ALL.iter().map(|k| k.name()).collect(),
            make: make_game,
        }
    }
}

fn make_game(game: &str, options: &str) -> Result<Box<dyn GameSession>, EngineError> {
    let kind = GameKind::from_name(game)?;
    let kind = match crate::game::GameOptions::parse(options, kind.option_specs()) {
        Ok(parsed) => kind.for_options(&parsed),
        // The session reports the options' error in its own words.
        Err(_) => kind,
    };
    crate::with_game!(kind, G => Session::<G>::new(options).map(|s| Box::new(s) as Box<dyn GameSession>))
}
