//! Learned evaluation (NNUE): efficiently updatable networks that a
//! search reads incrementally, and the format of the data they are
//! trained on. Making them — self-play data and the trainer — is a tool
//! above the search ([`crate::learn`]).
//!
//! # The network
//!
//! One hidden layer over sparse, binary inputs, seen from both sides.
//! An input is one piece on one cell: (piece kind, whose piece relative
//! to the view, cell seen from the view). The board is turned half a
//! turn for the second player's view, so both sides share the weights
//! ([`feature`]). The accumulator of view `v` is
//! `a_v = b + Σ W[f]` over the active inputs `f` of `v`; the output, from
//! the view of the side the evaluation is for (`s`), is
//!
//! `y = Σ o_i · crelu(a_s)_i + Σ o'_i · crelu(a_¬s)_i + c`,
//!
//! with `crelu(x) = min(max(x, 0), 1)`, in centi-units as
//! `y · SCALE` ([`network::SCALE`]). The network is a correction: the
//! evaluation is the game's classic (linear) evaluation plus `y · SCALE`,
//! and the trainer fits `y` to what the classic evaluation misses of the
//! search's scores and the results. A net that learnt nothing plays as
//! the classic evaluator; one trained on few positions cannot stray far
//! from it where its data is thin. Integer inference keeps `W` and `b`
//! at [`network::QA`] per unit (i16), `o` at [`network::QB`] (i16) and
//! `c` at `QA·QB` (i32), so the accumulators are i16 vectors that a move
//! changes by a few additions and subtractions ([`accumulator`]).
//!
//! # Making one
//!
//! [`crate::learn::datagen`] plays agon against itself and writes every
//! position with the search's score and the result;
//! [`crate::learn::train`] fits the network's
//! correction to them on the quiet positions (no forcing move), the
//! classic evaluation of each remade from its pieces
//! ([`NetInput::from_pieces`]).
//!
//! # Files
//!
//! - Network files ([`network`]): `AGONNNUE`, a header naming the game
//!   and the sizes, the quantized weights (little endian) and an FNV-1a
//!   checksum of all of it. A file of another game, of other sizes, cut
//!   short or changed in one byte is refused with one error line.
//! - Training data ([`data`]): `AGONDATA`, a header naming the game, then
//!   whole games, each its index and its positions; a position is its
//!   pieces (per side and kind, a count then the cells), the side it is
//!   evaluated for, the search's score in centi-units from that side and
//!   the game's result for that side.

// Inference and the file formats: core, as the games' evaluators are
// made of them (tests/layering.rs). The tools that make networks are
// `crate::learn`.
pub mod accumulator;
pub mod bytes;
pub mod data;
pub mod evaluator;
pub mod inputs;
pub mod network;
pub mod shipped;
mod simd;

pub use crate::game::EvalChoice;
pub use evaluator::{chosen_net, Netted, ShippedNet};
pub use inputs::{feature, NetInput};
pub use network::{FloatNet, Network};

#[cfg(test)]
mod tests;
