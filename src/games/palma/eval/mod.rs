//! Evaluation and search hooks. The value of a position is the race win
//! probability of the player to move, read from the one-sided table
//! ([`race`]): the tracks never interact except through passed
//! values, which the table charges to the thrower as a delay
//! ([`race::PASS_COSTS`]). Where a value is already thrown, the
//! best use of it is looked up one step ahead (through a pass and the
//! opponent's use of the passed value when needed), so the evaluation
//! knows the throw it stands on.

pub mod endgame;
pub mod endgame_file;
pub mod endgame_set;
mod per_rules;
pub mod race;
pub mod race_cyclic;
pub mod tables;

use super::movegen::for_each_use;
use super::state::{other, Palma, PalmaMove, Phase, Track};
use crate::game::{Evaluator, Player, Score, Tablebase};
use race::{rank, table, RaceTable};

/// Centi-units per unit of `2p − 1`.
pub const SCALE: f64 = 1000.0;

/// The player whose view `evaluate` takes: the decider, or the thrower.
fn viewer(pos: &Palma) -> Player {
    match pos.phase() {
        Phase::Throw(p) | Phase::Use(p, _) | Phase::Passed(p, _) | Phase::Over(p) => p,
    }
}

/// Win probability of `me` in `pos` from the race table.
pub fn win_probability(pos: &Palma, me: Player, t: &RaceTable) -> f64 {
    match pos.phase() {
        Phase::Over(w) => f64::from(u8::from(w == me)),
        Phase::Throw(x) => {
            let tr = pos.tracks();
            let p = t.first_wins(tr[usize::from(x)], tr[usize::from(other(x))]);
            if x == me {
                p
            } else {
                1.0 - p
            }
        }
        Phase::Use(x, v) | Phase::Passed(x, v) => {
            // Called at every search node: no move list is built.
            let value = |m: PalmaMove| {
                let mut child = *pos;
                child.play_move(m);
                win_probability(&child, x, t)
            };
            let mut best: Option<f64> = None;
            for_each_use(pos.tracks()[usize::from(x)], v, pos.rules(), |m| {
                best = Some(best.unwrap_or(0.0).max(value(m)));
            });
            // A value that cannot be used is passed (`movegen::generate`).
            let best = best.unwrap_or_else(|| value(PalmaMove::Pass).max(0.0));
            if x == me {
                best
            } else {
                1.0 - best
            }
        }
    }
}

/// Pip sum still to go to square 29 for every piece (not entered = −1).
pub(crate) fn pips_to_go(t: Track) -> i32 {
    let mut s = i32::from(t.waiting) * 30 + i32::from(t.start) * 29;
    let mut b = t.board;
    while b != 0 {
        s += 29 - b.trailing_zeros() as i32;
        b &= b - 1;
    }
    s
}

/// Palma's evaluator: the race table's win probability (it has no
/// weights), exact in the endgames [`endgame`] solves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PalmaEvaluator;

impl Evaluator<Palma> for PalmaEvaluator {
    type State = ();

    fn evaluate(&self, pos: &Palma) -> Score {
        evaluate(pos)
    }

    fn terms(&self, pos: &Palma) -> Vec<(&'static str, Score)> {
        features(pos)
    }

    fn win_probability_scale(&self) -> Option<Score> {
        Some(SCALE as Score)
    }

    /// The exact tables' value ([`tables::PalmaTables`]), whatever the
    /// `ExactTables` setting: that governs the searches' probes, while
    /// analysis (`agon analyse`'s exact column) always shows the truth.
    fn exact_win_probability(&self, pos: &Palma, player: Player) -> Option<f64> {
        tables::TABLES.probe(pos, player)
    }

    fn prepare(&self, pos: &Palma) {
        table(pos.rules());
    }
}

/// `(2p − 1)·1000` for the race win probability `p` of the decider (at a
/// chance node: of the thrower); 0 once the game is over.
pub fn evaluate(pos: &Palma) -> Score {
    if let Phase::Over(_) = pos.phase() {
        return 0;
    }
    to_score(win_probability(pos, viewer(pos), table(pos.rules())))
}

fn to_score(p: f64) -> Score {
    ((2.0 * p - 1.0) * SCALE).round() as Score
}

/// Named terms for the `eval` command, from the view of the player to move.
pub fn features(pos: &Palma) -> Vec<(&'static str, Score)> {
    let me = viewer(pos);
    let tr = pos.tracks();
    let (mine, theirs) = (tr[usize::from(me)], tr[usize::from(other(me))]);
    let mut out = vec![
        ("pips_to_go_self", pips_to_go(mine)),
        ("pips_to_go_opponent", pips_to_go(theirs)),
    ];
    let t = table(pos.rules());
    let tenths = |x: Track| (t.mean(rank(x)) * 10.0).round().min(1e6) as Score;
    out.push(("mean_turns_x10_self", tenths(mine)));
    out.push(("mean_turns_x10_opponent", tenths(theirs)));
    if !pos.phase_is_over() {
        out.push((
            "win_permille",
            (win_probability(pos, me, t) * 1000.0).round() as Score,
        ));
    }
    out.push(("total", evaluate(pos)));
    out
}

/// Larger first: big gains, extra throws, arrivals in the goal.
pub fn order_hint(pos: &Palma, m: PalmaMove) -> i32 {
    match m {
        PalmaMove::Step { from, to } => {
            let rest = pos.rules().rest[usize::from(to)];
            let mut h = (i32::from(rest) - i32::from(from)) * 4;
            if pos.rules().extra & (1 << rest) != 0 {
                h += 40;
            }
            if rest >= 25 && from < 25 {
                h += 30;
            }
            h
        }
        PalmaMove::Enter => 20,
        PalmaMove::Throw(_) | PalmaMove::Pass => 0,
    }
}

/// From-square × landing square for steps; fixed slots for the rest
/// (all below 968 < `HISTORY_SIZE`).
pub fn history_index(m: PalmaMove) -> usize {
    match m {
        PalmaMove::Step { from, to } => usize::from(from) * 32 + usize::from(to.min(31)),
        PalmaMove::Enter => 960,
        PalmaMove::Pass => 961,
        PalmaMove::Throw(v) => 962 + usize::from(v.min(5)),
    }
}

impl Palma {
    fn phase_is_over(&self) -> bool {
        matches!(self.phase(), Phase::Over(_))
    }
}
