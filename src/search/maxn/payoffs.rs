//! The value max^n backs up: a payoff per player on the scale of
//! [`Outcome::payoff`] (1 = a sole win, 0 = last alone), with static
//! evaluations mapped onto the same line so that a finished game and an
//! estimate compare as the `greedy` test opponent compares them
//! ([`crate::search::greedy::terminal_value`]: payoff `p` is
//! `(2p − 1)·EVAL_LIMIT` centi-units), except that an estimate never
//! reaches 0 or 1: a proven sole win outranks any evaluation, and any
//! evaluation outranks finishing last alone.

use crate::game::{Outcome, Player, Score, EVAL_LIMIT, MAX_PLAYERS};
use crate::search::info::ScoreReport;

/// Values closer than this are equal (sums of probability-weighted
/// payoffs are not exact in binary).
pub const EPS: f64 = 1e-12;

/// One node's max^n value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Payoffs {
    /// Each player's expected payoff or estimate, in `[0, 1]`.
    pub v: [f64; MAX_PLAYERS],
    /// No evaluation below it: the value holds however deep one searches.
    pub proven: bool,
    /// Each player's own moves to the end of the game along the lines
    /// chosen (the most over a chance node's outcomes): `mate N`'s `N`.
    pub moves: [u8; MAX_PLAYERS],
}

impl Payoffs {
    pub const ZERO: Payoffs = Payoffs {
        v: [0.0; MAX_PLAYERS],
        proven: true,
        moves: [0; MAX_PLAYERS],
    };

    /// A finished game: its payoffs, proven.
    pub fn terminal(outcome: Outcome, players: usize) -> Payoffs {
        let mut out = Payoffs::ZERO;
        for (p, v) in out.v.iter_mut().enumerate().take(players) {
            *v = outcome.payoff(p as Player, players);
        }
        out
    }

    /// Static evaluations per player (`score(p)`, centi-units within
    /// `±EVAL_LIMIT`) as payoff-like values strictly inside `(0, 1)`.
    pub fn estimate(players: usize, mut score: impl FnMut(Player) -> Score) -> Payoffs {
        let mut out = Payoffs {
            proven: false,
            ..Payoffs::ZERO
        };
        for (p, v) in out.v.iter_mut().enumerate().take(players) {
            let s = score(p as Player).clamp(1 - EVAL_LIMIT, EVAL_LIMIT - 1);
            *v = 0.5 + f64::from(s) / f64::from(2 * EVAL_LIMIT);
        }
        out
    }

    /// Whether `p` wins alone whatever happens (payoff 1 is only a sole
    /// win, so every such value is the same vector).
    pub fn won_by(&self, p: Player) -> bool {
        self.proven && self.v[p as usize] >= 1.0 - EPS
    }

    /// Whether `a` is better than `b` for `p`: a larger payoff; between
    /// two proven wins the one in fewer of `p`'s moves (so the mover makes
    /// progress). Equal values keep the first: the move generation order
    /// breaks ties, as the reference solver does.
    pub fn better_for(p: Player, a: &Payoffs, b: &Payoffs) -> bool {
        let i = p as usize;
        if a.v[i] > b.v[i] + EPS {
            return true;
        }
        a.won_by(p) && b.won_by(p) && a.moves[i] < b.moves[i]
    }

    /// The score reported for `p`: `mate N` for a proven sole win (or a
    /// proven last place) in `N` of `p`'s moves, else centi-units by the
    /// inverse of [`Payoffs::estimate`].
    pub fn report(&self, p: Player) -> ScoreReport {
        let (v, n) = (self.v[p as usize], i32::from(self.moves[p as usize]));
        if self.proven && n > 0 && v >= 1.0 - EPS {
            ScoreReport::Mate(n)
        } else if self.proven && n > 0 && v <= EPS {
            ScoreReport::Mate(-n)
        } else {
            ScoreReport::Cp(((2.0 * v - 1.0) * f64::from(EVAL_LIMIT)).round() as i32)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_lie_strictly_between_last_and_a_win() {
        let est = Payoffs::estimate(3, |p| [EVAL_LIMIT, -EVAL_LIMIT, 150][p as usize]);
        let win = Payoffs::terminal(Outcome::Win(0), 3);
        let last = Payoffs::terminal(Outcome::ranked(&[2, 0, 1]), 3);
        assert!(Payoffs::better_for(0, &win, &est));
        assert!(Payoffs::better_for(0, &est, &last));
        assert!(!Payoffs::better_for(0, &est, &win));
        // The evaluation comes back as it went in.
        assert_eq!(est.report(2), ScoreReport::Cp(150));
        assert_eq!(est.report(1), ScoreReport::Cp(1 - EVAL_LIMIT));
        // A certain second place of three (payoff 1/2) reports as greedy
        // scores it: 0.
        let second = Payoffs::terminal(Outcome::ranked(&[1, 0, 2]), 3);
        assert_eq!(second.report(0), ScoreReport::Cp(0));
    }

    #[test]
    fn proven_results_report_mates_in_own_moves() {
        let mut win = Payoffs::terminal(Outcome::Win(1), 3);
        win.moves[1] = 2;
        win.moves[0] = 3;
        assert_eq!(win.report(1), ScoreReport::Mate(2));
        // A loser of three tied behind the winner gets 1/4: not a mate.
        assert_eq!(
            win.report(0),
            ScoreReport::Cp((-0.5 * f64::from(EVAL_LIMIT)) as i32)
        );
        let mut last = Payoffs::terminal(Outcome::ranked(&[2, 0, 1]), 3);
        last.moves[0] = 1;
        assert_eq!(last.report(0), ScoreReport::Mate(-1));
        // The quicker of two wins is better; of equal values the first.
        let mut slow = win;
        slow.moves[1] = 5;
        assert!(Payoffs::better_for(1, &win, &slow));
        assert!(!Payoffs::better_for(1, &slow, &win));
        assert!(!Payoffs::better_for(0, &slow, &win));
    }
}
