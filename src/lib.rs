//! agon: a game-playing engine for Abalone, Zamma, Petteia/Kubeia and
//! Gioco della Palma.
//!
//! - [`game`]: the Game abstraction (decision and chance nodes, options,
//!   notation, hashing, perft).
//! - [`games`]: the rules, notation and evaluation of each game.
//! - [`search`]: searches generic over [`game::Game`].
//! - [`protocol`]: the UCI-style text protocol (see `protocol.md`).
//! - [`arena`]: the internal referee for engine-vs-engine matches.
//! - [`bench`]: the bench, the search's regression signature.
//! - [`child`]: engine processes started in process groups of their own.
//! - [`cli`]: the command-line subcommands.
//! - [`tune`]: fitting evaluation weights to game results.
//! - `testgames`: the small games the tests search and play (hidden: not
//!   shipped games).

pub mod arena;
pub mod bench;
pub mod child;
pub mod cli;
pub mod game;
pub mod games;
pub mod gui;
pub mod protocol;
pub mod search;
#[doc(hidden)]
pub mod testgames;
pub mod tune;
