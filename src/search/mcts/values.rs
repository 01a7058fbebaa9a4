//! What a node's value is: a payoff per player in `[0, 1]` on the scale of
//! [`Outcome::payoff`] (1 = a sole win, ½ each for a two-player draw),
//! either the mean of the playouts through it or, once proven, exact. A
//! static evaluation becomes such a payoff through the game's win
//! probability map ([`Scale::win_probability`]: exact for evaluators that
//! are scaled win probabilities, Palma's; a logistic of the centi-unit
//! score otherwise).

use crate::game::{Evaluator, Outcome, Playable, Player, Score, Status, Tablebase, MAX_PLAYERS};
use crate::search::info::ScoreReport;
use crate::search::thread::EvalState;
use crate::search::winprob::Scale;

/// Payoffs closer than this are equal (`f32` means of many playouts).
pub(super) const EPS: f32 = 1e-6;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Values {
    pub v: [f32; MAX_PLAYERS],
    /// Each player's own moves to the end of the game along the proven
    /// line (the most over a chance node's outcomes): `mate N`'s `N`.
    pub moves: [u8; MAX_PLAYERS],
    /// Exact: the value holds whatever further playouts find.
    pub proven: bool,
}

impl Values {
    pub fn zero() -> Values {
        Values {
            v: [0.0; MAX_PLAYERS],
            moves: [0; MAX_PLAYERS],
            proven: true,
        }
    }

    pub fn terminal(outcome: Outcome, players: usize) -> Values {
        let mut out = Values::zero();
        for (p, v) in out.v.iter_mut().enumerate().take(players) {
            *v = outcome.payoff(p as Player, players) as f32;
        }
        out
    }

    /// Adds one playout's value to a mean over `visits` playouts.
    pub fn add(&mut self, value: &Values, visits: u32, players: usize) {
        let w = 1.0 / visits as f32;
        for p in 0..players {
            self.v[p] += (value.v[p] - self.v[p]) * w;
        }
    }

    /// Adds `value` weighted by `prob` (a chance node's exact average).
    pub fn accumulate(&mut self, value: &Values, prob: f32, players: usize) {
        for p in 0..players {
            self.v[p] += value.v[p] * prob;
            self.moves[p] = self.moves[p].max(value.moves[p]);
        }
    }

    /// Whether `p` wins alone, proven.
    pub fn won_by(&self, p: Player) -> bool {
        self.proven && self.v[p as usize] >= 1.0 - EPS
    }

    /// Whether `p` finishes last alone (loses a two-player game), proven.
    pub fn lost_by(&self, p: Player) -> bool {
        self.proven && self.v[p as usize] <= EPS
    }

    /// Whether `a` is better than `b` for `p`: a larger payoff; between
    /// two proven wins the quicker, between two proven losses the slower.
    pub fn better_for(p: Player, a: &Values, b: &Values) -> bool {
        let i = p as usize;
        if (a.v[i] - b.v[i]).abs() > EPS {
            return a.v[i] > b.v[i];
        }
        (a.won_by(p) && b.won_by(p) && a.moves[i] < b.moves[i])
            || (a.lost_by(p) && b.lost_by(p) && a.moves[i] > b.moves[i])
    }

    /// The value one move by `p` earlier.
    pub fn after_move(mut self, p: Player) -> Values {
        let m = &mut self.moves[p as usize];
        *m = m.saturating_add(1);
        self
    }
}

/// The evaluator as the leaves' payoff estimate, and the exact tables
/// as their proven value where they know it.
pub struct Leaf<'e, G: Playable> {
    evaluator: &'e G::Evaluator,
    scale: Scale,
    players: usize,
    /// The exact tables probed below the root (`ExactTables`).
    tables: Option<&'e dyn Tablebase<G>>,
    /// With two players and `Contempt`: the root player and its payoff
    /// for a draw (the other's is the rest of 1).
    draw: Option<(Player, f32)>,
}

impl<'e, G: Playable> Leaf<'e, G> {
    pub fn new(
        evaluator: &'e G::Evaluator,
        players: usize,
        tables: Option<&'e dyn Tablebase<G>>,
    ) -> Self {
        Leaf {
            evaluator,
            scale: Scale::of::<G>(evaluator),
            players,
            tables,
            draw: None,
        }
    }

    /// This leaf with contempt: a draw is worth `root_draw` (internal
    /// units, [`crate::search::SearchConfig::root_draw`]) to `root`'s
    /// side, as a payoff on the game's win probability scale. Two
    /// players only: with more, a draw's payoff stays the game's.
    pub fn with_contempt(self, root: Player, root_draw: Score) -> Self {
        let draw = (self.players == 2 && root_draw != 0).then(|| (root, self.payoff(root_draw)));
        Leaf { draw, ..self }
    }

    /// The payoffs of a finished game (a draw with contempt).
    pub fn terminal(&self, outcome: Outcome) -> Values {
        match (outcome, self.draw) {
            (Outcome::Draw, Some((root, q))) => {
                let mut out = Values::zero();
                out.v[root as usize] = q;
                out.v[1 - root as usize] = 1.0 - q;
                out
            }
            _ => Values::terminal(outcome, self.players),
        }
    }

    /// `p`'s payoff for a draw (two players).
    fn draw_payoff(&self, p: Player) -> f32 {
        match self.draw {
            Some((root, q)) if root == p => q,
            Some((_, q)) => 1.0 - q,
            None => 0.5,
        }
    }

    /// A draw on this path (a repetition): not proven, the position may
    /// be reached another way.
    pub fn repetition(&self) -> Values {
        Values {
            proven: false,
            ..self.terminal(Outcome::Draw)
        }
    }

    /// Every player's exact payoff at `pos` (not a finished game) when the
    /// tables know it: a proven value, so the node is never expanded and
    /// its parent is proven once its siblings are.
    pub fn exact(&self, pos: &G) -> Option<Values> {
        let tables = self.tables?;
        let mut out = Values::zero();
        if self.players == 2 {
            let q = tables.probe(pos, 0)? as f32;
            out.v[0] = q;
            out.v[1] = 1.0 - q;
        } else {
            for p in 0..self.players {
                out.v[p] = tables.probe(pos, p as Player)? as f32;
            }
        }
        Some(out)
    }

    fn payoff(&self, score: i32) -> f32 {
        self.scale.win_probability(f64::from(score)) as f32
    }

    /// Every player's estimated payoff at `pos` (not a finished game),
    /// with `state` refreshed there: a playout's leaf is reached by a
    /// path the state did not follow.
    pub fn estimate(&self, state: &mut EvalState<G>, pos: &G) -> Values {
        self.evaluator.refresh(state, pos);
        let mut scores: [Score; MAX_PLAYERS] = [0; MAX_PLAYERS];
        self.evaluator
            .evaluate_all(state, pos, &mut scores[..self.players]);
        let mut out = Values {
            proven: false,
            ..Values::zero()
        };
        if self.players == 2 {
            // Two-player payoffs sum to 1.
            let q = self.payoff(scores[0]);
            out.v[0] = q;
            out.v[1] = 1.0 - q;
        } else {
            for (v, &s) in out.v.iter_mut().zip(&scores[..self.players]) {
                *v = self.payoff(s);
            }
        }
        out
    }

    /// `p`'s estimated payoff after each of `moves` (those of `pos`) into
    /// `out` (exact at a finished game), with `state` refreshed at `pos`
    /// and pushed to each child in turn.
    pub fn estimates(
        &self,
        state: &mut EvalState<G>,
        pos: &G,
        moves: &[G::Move],
        p: Player,
        out: &mut Vec<f32>,
    ) {
        let eval = self.evaluator;
        eval.refresh(state, pos);
        let mut scores: [Score; MAX_PLAYERS] = [0; MAX_PLAYERS];
        out.clear();
        for &mv in moves {
            let mut child = pos.clone();
            child.play(mv);
            out.push(match child.status() {
                Status::Over(outcome) => self.terminal(outcome).v[p as usize],
                _ => {
                    eval.push(state, pos, &child);
                    eval.evaluate_all(state, &child, &mut scores[..self.players]);
                    eval.pop(state);
                    self.payoff(scores[p as usize])
                }
            });
        }
    }

    /// The evaluator's priors for `moves` (those of `pos`) into `priors`,
    /// normalised; `false` when it has none for them.
    pub fn policy(&self, pos: &G, moves: &[G::Move], priors: &mut Vec<f32>) -> bool {
        priors.clear();
        if !self.evaluator.policy(pos, moves, priors) || priors.len() != moves.len() {
            return false;
        }
        let sum: f32 = priors.iter().sum();
        if !(sum > 0.0 && sum.is_finite()) {
            return false;
        }
        for p in priors.iter_mut() {
            *p /= sum;
        }
        true
    }

    /// The score `p` is reported: `mate N` for a proven sole win or last
    /// place, else the payoff mapped back to the evaluator's scale.
    pub fn report(&self, value: &Values, p: Player) -> ScoreReport {
        let n = i32::from(value.moves[p as usize]);
        if value.won_by(p) && n > 0 {
            return ScoreReport::Mate(n);
        }
        if value.lost_by(p) && n > 0 {
            return ScoreReport::Mate(-n);
        }
        ScoreReport::Cp(self.centi_units(value.v[p as usize]))
    }

    /// A payoff as a score on the evaluator's scale (the inverse of the
    /// leaves' map), within the evaluator's bounds.
    fn centi_units(&self, q: f32) -> i32 {
        self.scale.value_of(f64::from(q)).round() as i32
    }

    /// Win/draw/loss per mille for `p` in a two-player game.
    pub fn wdl(&self, value: &Values, p: Player) -> Option<[u32; 3]> {
        if self.players != 2 {
            return None;
        }
        let q = f64::from(value.v[p as usize]);
        Some(if value.proven {
            let w = (q * 1000.0).round() as u32;
            // A proven draw (its payoff with contempt) is drawn, a proven
            // win won.
            if (value.v[p as usize] - self.draw_payoff(p)).abs() < EPS {
                [0, 1000, 0]
            } else {
                [w.min(1000), 0, 1000 - w.min(1000)]
            }
        } else {
            self.scale.wdl(self.scale.value_of(q))
        })
    }
}
