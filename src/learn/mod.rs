//! Making networks: self-play training data ([`datagen`]: agon plays
//! itself through the referee's built-in engines and writes every
//! position with the search's score and the result) and the trainer
//! ([`train`]: fits a network's correction to those files on the CPU).
//! Tools above the search and the referee, beside the tuner
//! ([`crate::tune`]); the networks and the data format they read and
//! write are core ([`crate::nnue`]).

pub mod datagen;
pub mod train;
