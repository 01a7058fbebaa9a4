//! The game-neutral face of a game session: an object-safe [`Engine`]
//! trait, implemented once, generically, by [`super::session::Session`].
//! The protocol holds a `Box<dyn Engine>` and replaces it when the `Game`
//! option changes; [`Catalog::games`] is the one place that turns a game
//! name into a session (through [`crate::with_game!`]).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::thread::JoinHandle;

use rand::RngCore;

use super::output::Output;
use super::parser::{GoSpec, PositionSpec, Query};
use super::session::Session;
use crate::games::GameKind;
use crate::search::{SearchConfig, Searcher};

/// What a search thread needs besides the position.
pub struct SearchContext {
    /// The engine's table and threads.
    pub searcher: Arc<Searcher>,
    pub out: Output,
    pub stop: Arc<AtomicBool>,
    /// Set by the search thread just before it prints `bestmove`, so a
    /// `go` sent in reply to that line never finds the search "running".
    pub done: Arc<AtomicBool>,
    pub config: SearchConfig,
    pub show_wdl: bool,
    /// UGI dialect: `bestmove X` with nothing after it.
    pub ugi: bool,
}

/// A game session seen without its game type.
pub trait Engine {
    /// The game's name (`Game` option value).
    fn game(&self) -> &'static str;

    /// Replaces the position (start or position string, then moves). On
    /// error the old position stays.
    fn set_position(&mut self, spec: &PositionSpec) -> Result<(), String>;

    /// At a chance node: draws an outcome from `rng` with the rules'
    /// probabilities, plays it and returns its token.
    fn play_chance(&mut self, rng: &mut dyn RngCore) -> Result<String, String>;

    /// The `d` lines.
    fn display(&self) -> Vec<String>;

    /// Legal moves (decision node) or outcome tokens (chance node).
    fn moves(&self) -> Vec<String>;

    /// Starts `go perft N` on its own thread ([`super::perft::start`]),
    /// which ends by itself or when `stop` is set.
    fn perft(
        &self,
        depth: u32,
        out: Output,
        stop: Arc<AtomicBool>,
        done: Arc<AtomicBool>,
    ) -> Result<JoinHandle<()>, String>;

    /// Evaluation terms at a decision node.
    fn eval(&self) -> Result<Vec<(String, i32)>, String>;

    /// The answer to a `query` (protocol.md, "query").
    fn query(&self, query: Query) -> String;

    /// Starts a search on its own thread, which prints the `info` lines
    /// and the final `bestmove`. `Ok(None)`: answered at once (the game
    /// is over).
    fn go(&self, spec: &GoSpec, ctx: SearchContext) -> Result<Option<JoinHandle<()>>, String>;

    /// This game's bench ([`crate::bench`]) to `depth`, or until `stop`.
    fn bench(&self, depth: u32, config: &SearchConfig, stop: &AtomicBool) -> crate::bench::Totals;
}

/// Makes a session of the named game with the given variant options.
pub type MakeEngine = fn(game: &str, options: &str) -> Result<Box<dyn Engine>, String>;

/// The games the protocol offers, and how to make a session of one.
#[derive(Clone)]
pub struct Catalog {
    /// In protocol order; the first is the default.
    pub games: Vec<&'static str>,
    pub make: MakeEngine,
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

fn make_game(game: &str, options: &str) -> Result<Box<dyn Engine>, String> {
    let kind = GameKind::from_name(game).map_err(|e| e.to_string())?;
    crate::with_game!(kind, G => Session::<G>::new(options).map(|s| Box::new(s) as Box<dyn Engine>))
}
