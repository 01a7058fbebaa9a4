//! Petteia and Kubeia, tournament versions (`shared/rules/petteia.md`,
//! after the PerGioco text and M. W. Callen's reconstruction).
//!
//! Two games share these rules: [`Petteia`] (`petteia`, no dice) and
//! [`Kubeia`] (`kubeia`, two dice rolled before every move: a chance node).
//!
//! - Board (petteia.md "Board and coordinates"): 12 files a..l (Greek
//!   Α Β Γ Δ Ε Ζ Η Θ Ι Κ Λ Μ) × 8 ranks; White (player 0) moves first.
//!   Each side has 12 Peltasts, 12 Hoplites and a Basileus; White's
//!   Basileus on f3 and Black's on g6 (`kings=mirror`: g3 and f6).
//! - Movement ("Movement (Petteia)"): orthogonal slides over empty squares,
//!   a Hoplite at most 6 squares. Kubeia: Peltast up to the higher die,
//!   Hoplite up to the lower, Basileus up to the lower or exactly the higher
//!   ([`movegen`]).
//! - Capture ("Capture"): custodial and corner capture of Peltasts and
//!   Hoplites (Hoplite class rule), Basileus enclosure (4 / 3 on an edge /
//!   2 in a corner, Basileus class rule), several at once, no suicide,
//!   capture compulsory among the moves allowed ([`capture`]).
//! - Endings ("End of game"): decimation, siege, rout, breakthrough,
//!   reluctance (three counted passive moves), superiority or a draw after
//!   `nocapture_plies` plies (default 100) without a capture ([`rules`]).
//! - Kubeia ("Kubeia (dice)"): 21 distinct rolls; doubles are the Hand of
//!   Zeus (the same player rolls and moves again); activity and siege are
//!   judged with Petteia movement ([`kubeia`]).
//! - Notation ("Transcription"): `e3-e5xd5xe6`, rolls `r65`
//!   ([`notation`]); game records `1) 63 a2-a4, 32 g6-f6;` ([`record`]).
//!
//! Choices the rules file leaves open are documented where they are made:
//! the order of endings in [`rules`], activity in Petteia judged like in
//! Kubeia (movement only, ignoring the duty to capture), the position
//! string in [`position`].

pub mod board;
pub mod capture;
pub mod eval;
mod game;
pub mod hash;
pub mod kubeia;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod record;
pub mod rules;

pub use moves::{Move, MoveKind};
pub use rules::{Reason, State};

/// Petteia or (with `DICE`) Kubeia; see the module docs.
#[derive(Clone, Debug)]
pub struct PetteiaGame<const DICE: bool> {
    state: State,
    rules: &'static game::Rules,
}

/// Petteia, the game without dice.
pub type Petteia = PetteiaGame<false>;
/// Kubeia, the same game with dice.
pub type Kubeia = PetteiaGame<true>;

impl<const DICE: bool> PetteiaGame<DICE> {
    /// The rules state (board, counters, result).
    pub fn state(&self) -> &State {
        &self.state
    }
}
