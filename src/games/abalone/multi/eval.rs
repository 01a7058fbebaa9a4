//! The multi-player evaluation: per team, the marbles it has ejected (its
//! score), its marbles on the board, their closeness to the centre, how
//! they hold together (adjacent team marbles), how many sit on the edge
//! ring, and the ejecting pushes its players have; plus a tempo term for
//! the team to move.
//!
//! A team's value is the weighted sum of its features minus the mean of
//! the other teams' (so two teams are zero-sum, and with three teams a
//! side is measured against the average opponent, as max^n wants: each
//! player maximises its own team's lead). The first weight prices one
//! point of score and sets the scale (100 cp).

use super::super::board::{shift, Bits, DIRS, EDGE, RINGS_FROM};
use super::super::movegen;
use super::state::{num_teams, partner, team_of, AbaloneMulti, MAX_SEATS};
use crate::game::eval::exact_weights;
use crate::game::{
    Evaluated, Evaluator, Game, GameError, Player, Score, Team, Tunable, Tuner, WeightSet,
    EVAL_LIMIT,
};

/// Number of features.
pub const NUM_FEATURES: usize = 7;

/// Feature names, in weight order.
pub const FEATURE_NAMES: [&str; NUM_FEATURES] = [
    "score", "marbles", "centre", "cohesion", "edge", "threats", "tempo",
];

/// Default weights, internal units per feature unit (the first is the
/// scale: one point of score).
pub const WEIGHTS: [Score; NUM_FEATURES] = [3000, 1000, 145, 82, -53, 158, 150];

const MAX_TEAMS: usize = 3;

/// Each team's raw features.
fn team_features(pos: &AbaloneMulti) -> ([[i32; NUM_FEATURES]; MAX_TEAMS], usize) {
    let players = pos.players;
    let teams = num_teams(players);
    let mut f = [[0i32; NUM_FEATURES]; MAX_TEAMS];
    let occupied = pos.occupied();
    let to_move = Some(team_of(pos.side, players));
    for (t, ft) in f.iter_mut().enumerate().take(teams) {
        let mut marbles: Bits = 0;
        for p in (0..players).filter(|&p| team_of(p, players) == t as Team) {
            let own = pos.marbles[p as usize];
            marbles |= own;
            ft[0] += i32::from(pos.scores[p as usize]);
            if own != 0 {
                let team = match partner(p, players) {
                    Some(q) => own | pos.marbles[q as usize],
                    None => own,
                };
                ft[5] += movegen::count_ejections(own, team, occupied & !team) as i32;
            }
        }
        let n = marbles.count_ones() as i32;
        let far: u32 = RINGS_FROM.iter().map(|&r| (marbles & r).count_ones()).sum();
        ft[1] = n;
        ft[2] = 4 * n - far as i32;
        ft[3] = DIRS[..3]
            .iter()
            .map(|&a| (marbles & shift(marbles, -a)).count_ones() as i32)
            .sum();
        ft[4] = (marbles & EDGE).count_ones() as i32;
        ft[6] = i32::from(to_move == Some(t as Team));
    }
    (f, teams)
}

/// The features of `team` against the mean of the others, times
/// `teams − 1` (so that they stay integers).
fn lead(f: &[[i32; NUM_FEATURES]; MAX_TEAMS], teams: usize, team: usize) -> [i64; NUM_FEATURES] {
    let mut out = [0i64; NUM_FEATURES];
    for (k, v) in out.iter_mut().enumerate() {
        let others: i64 = (0..teams)
            .filter(|&u| u != team)
            .map(|u| i64::from(f[u][k]))
            .sum();
        *v = (teams as i64 - 1) * i64::from(f[team][k]) - others;
    }
    out
}

/// The evaluator: [`FEATURE_NAMES`] weighted by its weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MultiEvaluator {
    pub weights: [Score; NUM_FEATURES],
}

impl Default for MultiEvaluator {
    fn default() -> Self {
        MultiEvaluator { weights: WEIGHTS }
    }
}

impl MultiEvaluator {
    fn value(&self, f: &[[i32; NUM_FEATURES]; MAX_TEAMS], teams: usize, team: usize) -> Score {
        let sum: i64 = lead(f, teams, team)
            .iter()
            .zip(&self.weights)
            .map(|(&x, &w)| x * i64::from(w))
            .sum();
        let limit = i64::from(EVAL_LIMIT - 1);
        (sum / (teams as i64 - 1).max(1)).clamp(-limit, limit) as Score
    }

    /// Whose view `evaluate` takes: the player to move (also when its
    /// only move is a pass, or the game is over).
    fn view(pos: &AbaloneMulti) -> Player {
        pos.side
    }
}

impl Evaluator<AbaloneMulti> for MultiEvaluator {
    type State = ();

    fn evaluate(&self, pos: &AbaloneMulti) -> Score {
        self.evaluate_for(pos, Self::view(pos))
    }

    fn evaluate_for(&self, pos: &AbaloneMulti, player: Player) -> Score {
        let (f, teams) = team_features(pos);
        self.value(&f, teams, team_of(player, pos.players) as usize)
    }

    fn evaluate_all(&self, _state: &mut (), pos: &AbaloneMulti, out: &mut [Score]) {
        let (f, teams) = team_features(pos);
        let mut by_team = [0; MAX_TEAMS];
        for (t, v) in by_team.iter_mut().enumerate().take(teams) {
            *v = self.value(&f, teams, t);
        }
        for (p, v) in out.iter_mut().enumerate().take(MAX_SEATS) {
            *v = by_team[team_of(p as Player, pos.players) as usize % MAX_TEAMS];
        }
    }

    fn terms(&self, pos: &AbaloneMulti) -> Vec<(&'static str, Score)> {
        let (f, teams) = team_features(pos);
        let team = team_of(Self::view(pos), pos.players) as usize;
        let lead = lead(&f, teams, team);
        let div = (teams as i64 - 1).max(1);
        let mut out: Vec<(&'static str, Score)> = FEATURE_NAMES
            .iter()
            .zip(lead.iter().zip(&self.weights))
            .map(|(&name, (&x, &w))| (name, (x * i64::from(w) / div) as Score))
            .collect();
        out.push(("total", self.value(&f, teams, team)));
        out
    }

    fn cp_unit(&self) -> Score {
        crate::game::eval::material_unit(&self.weights, WEIGHTS[0])
    }
}

impl Evaluated for AbaloneMulti {
    type Evaluator = MultiEvaluator;

    fn tuner() -> Option<Tuner<Self>> {
        Some(Tuner::of())
    }
}

impl Tunable for AbaloneMulti {
    fn feature_names() -> &'static [&'static str] {
        &FEATURE_NAMES
    }

    fn features(&self, out: &mut Vec<f64>) {
        let (f, teams) = team_features(self);
        let team = team_of(MultiEvaluator::view(self), self.players) as usize;
        let div = (teams as f64 - 1.0).max(1.0);
        out.clear();
        out.extend(lead(&f, teams, team).iter().map(|&x| x as f64 / div));
    }

    fn default_weights() -> Vec<f64> {
        WEIGHTS.iter().map(|&w| f64::from(w)).collect()
    }

    fn evaluator(weights: &WeightSet) -> Result<MultiEvaluator, GameError> {
        exact_weights(weights, Self::NAME, &FEATURE_NAMES).map(|weights| MultiEvaluator { weights })
    }
}
