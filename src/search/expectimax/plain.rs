//! Textbook expectiminimax: no pruning, no table, values from the side of
//! player 0's team (max for it, min for the other team, average at chance
//! nodes).
//! The reference the pruned search is tested against; written apart from
//! [`super::node`] so a shared mistake cannot hide.

use crate::game::{decider_after, Evaluator, Playable, Player, Status};
use crate::search::pov::Pov;
use crate::search::winprob::Scale;

/// The depth-`depth` expectiminimax value of `pos` from player 0's side,
/// with the leaf conventions of [`super::node`] (depth counts decision
/// plies; a leaf is `evaluate`d from the side that decides there or,
/// at a chance node, right after it).
/// The game's default evaluator scores the leaves.
pub fn value<G: Playable>(pos: &G, depth: u32) -> f64 {
    value_with(&G::Evaluator::default(), pos, depth)
}

fn value_with<G: Playable>(eval: &G::Evaluator, pos: &G, depth: u32) -> f64 {
    let scale = Scale::of::<G>(eval);
    let signed = |p: Player, v: f64| Pov::new(p, v).for_player(pos, 0);
    match pos.status() {
        Status::Over(o) => scale.terminal(pos, o, 0),
        Status::Decision(p) if depth == 0 => signed(p, f64::from(eval.evaluate(pos))),
        Status::Decision(p) => {
            let mut moves = Vec::new();
            pos.moves(&mut moves);
            let values = moves.iter().map(|&m| {
                let mut c = pos.clone();
                c.play(m);
                value_with(eval, &c, depth - 1)
            });
            if pos.team_of(p) == pos.team_of(0) {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
        Status::Chance => {
            let mut outcomes = Vec::new();
            pos.outcomes(&mut outcomes);
            if depth == 0 {
                let p = decider_after(pos).unwrap_or(0);
                return signed(p, f64::from(eval.evaluate(pos)));
            }
            outcomes
                .iter()
                .map(|&(m, pr)| {
                    let mut c = pos.clone();
                    c.play(m);
                    pr * value_with(eval, &c, depth)
                })
                .sum()
        }
    }
}
