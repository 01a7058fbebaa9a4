//! The `greedy` test opponent: plays the move whose resulting position
//! evaluates best for the mover (a win first, a loss last), one ply deep;
//! a resulting chance node (a Kubeia roll, a Palma throw) is evaluated from
//! the side of the player who decides after it, as expectiminimax scores a
//! chance node with no depth left;
//! ties are broken by a generator seeded with `config.seed` and the
//! position hash, so a game
//! between test opponents is reproducible.

use super::expectimax::chance_static;
use super::info::{ScoreReport, SearchResult};
use super::score::{mate_score, report, Value, DRAW};
use crate::game::{Game, Outcome, Status};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

pub fn think<G: Game>(root: &G, root_moves: &[G::Move], seed: u64) -> SearchResult<G::Move> {
    let mut result = SearchResult {
        best: None,
        ponder: None,
        score: ScoreReport::Cp(0),
        depth: 1,
        nodes: 0,
    };
    let Status::Decision(me) = root.status() else {
        return result;
    };
    let moves = super::random::candidates(root, root_moves);
    let mut best: Vec<G::Move> = Vec::new();
    let mut best_value = Value::MIN;
    for m in moves {
        let mut child = root.clone();
        child.play(m);
        result.nodes += 1;
        let v = match child.status() {
            Status::Over(Outcome::Win(p)) => mate_score(p == me, 1),
            Status::Over(Outcome::Draw) => DRAW,
            Status::Chance => chance_value(&child, me),
            Status::Decision(p) if p == me => child.evaluate(),
            Status::Decision(_) => -child.evaluate(),
        };
        if v > best_value {
            best_value = v;
            best.clear();
        }
        if v == best_value {
            best.push(m);
        }
    }
    if !best.is_empty() {
        let mut rng = Pcg64::seed_from_u64(seed ^ root.hash());
        result.best = Some(best[rng.gen_range(0..best.len())]);
        result.score = report(best_value);
    }
    result
}

/// The evaluation of a chance node for `me` (a draw if it has no outcomes).
fn chance_value<G: Game>(pos: &G, me: crate::game::Player) -> Value {
    let mut outcomes = Vec::new();
    pos.outcomes(&mut outcomes);
    if outcomes.is_empty() {
        return DRAW;
    }
    chance_static(pos, me, &outcomes)
}
