//! Palma's exact tables as a [`Tablebase`]: the exact endgames
//! ([`endgame`]) answer [`Tablebase::probe`], the one-sided race table
//! ([`race`]) gives the estimate outside their domain. The tables
//! themselves stay built once per rule set and kept for the process
//! (`per_rules`); this value is the one door the searches, the referee's
//! adjudication and the evaluator go through to them.

use super::super::state::Palma;
use super::{endgame, race, win_probability};
use crate::game::{Player, Tablebase};

/// Palma's tables (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PalmaTables;

/// The one value [`crate::game::Evaluated::tablebase`] hands out.
pub static TABLES: PalmaTables = PalmaTables;

/// Pips each side may still lack to reach the exact domain for
/// [`Tablebase::prepare`] to build the endgame table: about seven throws
/// (a throw averages 17/8 pips), more than a timed search looks ahead,
/// so a search whose tree can reach the domain finds the table built,
/// while a game far from it (every test that plays from the start) does
/// not pay 1.4 s and 26.5 MB for it.
pub const NEAR_PIPS: u32 = 16;

impl Tablebase<Palma> for PalmaTables {
    fn probe(&self, pos: &Palma, player: Player) -> Option<f64> {
        endgame::exact_win_probability(pos, player)
    }

    fn in_domain(&self, pos: &Palma) -> bool {
        endgame::in_domain(pos)
    }

    fn estimate(&self, pos: &Palma, player: Player) -> Option<f64> {
        Some(win_probability(pos, player, race::table(pos.rules())))
    }

    fn prepare(&self, pos: &Palma) {
        if endgame::near_domain(pos, NEAR_PIPS) {
            endgame::table(pos.rules());
        }
    }
}
