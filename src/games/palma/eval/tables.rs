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

/// Pips each side may still lack to be near the exact domain
/// ([`endgame::near_domain`]): about seven throws (a throw averages 17/8
/// pips), more than a timed search looks ahead.
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

    /// Builds the endgame table with the game, wherever the position:
    /// built when the game first came near the domain, it was paid for
    /// inside a move's time (a referee that sends `position` and then
    /// `go` times both: agon forfeited Palma games on time against
    /// f66bba2 at 50 ms a move, answering after 487 ms at ply 234).
    fn prepare(&self, pos: &Palma) {
        endgame::table(pos.rules());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions, Notation, Outcome};

    fn pos(text: &str) -> Palma {
        Palma::from_position(text, &GameOptions::defaults(Palma::option_specs())).unwrap()
    }

    /// Equal tracks with Jackals to throw: the thrower is ahead by the
    /// tables, while the pip count is tied and goes to Hounds. So a
    /// verdict shows which of the two judged it.
    #[test]
    fn adjudication_reads_the_tables_only_when_handed_them() {
        for (text, how) in [
            // Inside the exact domain: the endgame table's value.
            (
                "h=0/0/24,26,27,28,29 j=0/0/24,26,27,28,29 throw=j",
                "(exact)",
            ),
            // Outside it: the race table's estimate.
            ("h=0/0/3,5,7,9,11 j=0/0/3,5,7,9,11 throw=j", "(race table)"),
        ] {
            let p = pos(text);
            assert_eq!(TABLES.in_domain(&p), how == "(exact)", "{text}");
            let jackals = TABLES
                .probe(&p, 1)
                .or_else(|| TABLES.estimate(&p, 1))
                .unwrap();
            assert!(jackals > 0.5, "{text}: {jackals}");
            let with = p.adjudicate(Some(&TABLES));
            assert_eq!(with.outcome, Outcome::Win(1), "{text}: {}", with.reason);
            assert!(with.reason.starts_with("jackals ahead"), "{}", with.reason);
            assert!(with.reason.ends_with(how), "{}", with.reason);
            let without = p.adjudicate(None);
            assert_eq!(
                without.outcome,
                Outcome::Win(0),
                "{text}: {}",
                without.reason
            );
            assert!(
                without.reason.ends_with("(pip count)"),
                "{}",
                without.reason
            );
        }
        // Without tables the fewer pips win: Jackals 4 pips behind.
        let p = pos("h=0/0/24,26,27,28,29 j=0/0/22,24,26,27,28 throw=h");
        let without = p.adjudicate(None);
        assert_eq!(without.outcome, Outcome::Win(0), "{}", without.reason);
        assert_eq!(
            without.reason,
            "hounds ahead in the race, 11 pips to go against 18 (pip count)"
        );
    }

    #[test]
    fn near_the_domain_is_measured_in_missing_pips() {
        let start = pos("h=5/0/- j=5/0/- throw=h");
        assert!(!endgame::near_domain(&start, NEAR_PIPS));
        let inside = pos("h=0/0/24,26,27,28,29 j=0/0/22,24,26,27,28 throw=h");
        assert!(endgame::near_domain(&inside, 0));
        // Hounds lack 17 − 12 = 5 pips, Jackals none.
        let near = pos("h=0/0/12,26,27,28,29 j=0/0/22,24,26,27,28 throw=h");
        assert!(endgame::near_domain(&near, 5));
        assert!(!endgame::near_domain(&near, 4));
    }
}
