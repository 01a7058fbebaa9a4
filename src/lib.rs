//! agon: a game-playing engine for Abalone, Zamma, Petteia/Kubeia and
//! Gioco della Palma.
//!
//! - [`game`]: the Game abstraction (decision and chance nodes, options,
//!   notation, hashing, perft).
//! - [`games`]: the rules, notation and evaluation of each game.
//! - [`search`]: searches generic over [`game::Game`].
//! - [`engine`]: the engine: a game session, its searcher and settings,
//!   running searches on a thread of its own and reporting through
//!   callbacks.
//! - [`protocol`]: the UCI-style text protocol (see `protocol.md`): it
//!   parses commands for the engine and formats what it reports.
//! - [`settings`]: the engine settings table (names, kinds, defaults,
//!   ranges) that the protocol, the referee and the command line share.
//! - [`analysis`]: hints, game reviews and equity loss, as values.
//! - [`arena`]: the internal referee for engine-vs-engine matches.
//! - [`child`]: engine processes started in process groups of their own.
//! - [`cli`]: the command-line subcommands.
//! - [`nnue`]: learned evaluation: networks and their data format.
//! - [`learn`]: making networks: self-play data and the trainer.
//! - [`tune`]: fitting evaluation weights to game results.
//! - `testgames`: the small games the tests search and play (hidden: not
//!   shipped games).

pub mod analysis;
pub mod arena;
pub mod child;
pub mod cli;
pub mod engine;
pub mod game;
pub mod games;
pub mod gui;
pub mod learn;
pub mod nnue;
pub mod protocol;
pub mod search;
pub mod settings;
#[doc(hidden)]
pub mod testgames;
pub mod tune;

// A test's folder of files that goes away with it: the integration tests'
// own (`tests/common`), one definition for both.
#[cfg(test)]
#[path = "../tests/common/scratch.rs"]
#[allow(dead_code)]
pub(crate) mod scratch;
