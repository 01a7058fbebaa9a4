//! The `greedy` test opponent: plays the move whose resulting position is
//! best for the mover, one ply deep, for any number of players: a finished
//! game by the mover's payoff ([`terminal_value`]: a win first, a loss
//! last), any other position by the mover's value of
//! [`Evaluator::evaluate_all`] ([`Evaluator::evaluate_for`] the mover; at a
//! resulting chance node, a Kubeia roll or a Palma throw, that is the
//! evaluation from the side of the player who decides after it, as
//! expectiminimax scores a chance node with no depth left). Ties are broken
//! by a generator seeded with `config.seed` and the position hash, so a
//! game between test opponents is reproducible.

use super::info::{Bound, SearchResult};
use super::score::{mate_score, report, Value};
use super::thread::EvalState;
use crate::game::{Evaluator, Outcome, Playable, Player, Status, EVAL_LIMIT, MAX_PLAYERS};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

pub fn think<G: Playable>(
    eval: &G::Evaluator,
    root: &G,
    root_moves: &[G::Move],
    seed: u64,
) -> SearchResult<G::Move> {
    let mut result = SearchResult {
        depth: 1,
        ..SearchResult::none()
    };
    let Status::Decision(me) = root.status() else {
        return result;
    };
    let players = root.num_players();
    let moves = super::random::candidates(root, root_moves);
    // A state of its own: one ply needs no memory kept between searches.
    let mut state = EvalState::<G>::default();
    eval.refresh(&mut state, root);
    let mut scores = [0; MAX_PLAYERS];
    let mut best: Vec<G::Move> = Vec::new();
    let mut best_value = Value::MIN;
    for m in moves {
        let mut child = root.clone();
        child.play(m);
        result.nodes += 1;
        let v = match child.status() {
            Status::Over(outcome) => terminal_value(outcome, me, players, 1),
            Status::Chance | Status::Decision(_) => {
                eval.push(&mut state, root, &child);
                eval.evaluate_all(&mut state, &child, &mut scores[..players]);
                eval.pop(&mut state);
                scores[me as usize]
            }
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
        let chosen = best[rng.gen_range(0..best.len())];
        result.best = Some(chosen);
        result.pv = vec![chosen];
        result.score = report(best_value);
        result.bound = Some(Bound::Exact);
    }
    result
}

/// The search value for `me` of a game finished `ply` plies below the
/// root: payoff 1 (a sole win) and 0 (last alone, or a two-player loss)
/// are mate scores, a payoff of 1/2 (a two-player draw) is the draw score 0, and a
/// payoff between (a second place of three) lies on the line between them
/// at the edge of the evaluation range, `(2·payoff − 1)·EVAL_LIMIT`: a
/// certain place ranks above any estimate that is worse for `me`. With two
/// players this is exactly the mate/draw scoring of alpha-beta.
pub fn terminal_value(outcome: Outcome, me: Player, players: usize, ply: usize) -> Value {
    let payoff = outcome.payoff(me, players);
    if payoff >= 1.0 {
        mate_score(true, ply)
    } else if payoff <= 0.0 {
        mate_score(false, ply)
    } else {
        ((2.0 * payoff - 1.0) * f64::from(EVAL_LIMIT)).round() as Value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;
    use crate::search::score::{DRAW, MATE_BOUND};
    use crate::search::ScoreReport;

    #[test]
    fn terminal_values_order_like_payoffs() {
        assert_eq!(
            terminal_value(Outcome::Win(0), 0, 2, 1),
            mate_score(true, 1)
        );
        assert_eq!(
            terminal_value(Outcome::Win(1), 0, 2, 1),
            mate_score(false, 1)
        );
        assert_eq!(terminal_value(Outcome::Draw, 1, 2, 3), DRAW);
        // Three players: second place beats a loss to a sole winner,
        // which beats last place alone; neither is a proven win or loss.
        let second = terminal_value(Outcome::ranked(&[1, 0, 2]), 0, 3, 1);
        let beaten = terminal_value(Outcome::Win(1), 0, 3, 1);
        let last = terminal_value(Outcome::ranked(&[2, 0, 1]), 0, 3, 1);
        assert!(last < beaten && beaten < second, "{last} {beaten} {second}");
        assert_eq!(second, DRAW);
        assert_eq!(last, mate_score(false, 1));
        assert!(beaten.abs() < MATE_BOUND);
    }

    #[test]
    fn a_three_player_win_is_taken_and_reported_as_mate() {
        use crate::testgames::TriRace;
        // p3 reaches the goal with `2` only.
        let pos = TriRace::at("", "3 0 3 p3 - 2");
        let r = think(&crate::testgames::TriRaceEvaluator::default(), &pos, &[], 0);
        assert_eq!(pos.move_text(r.best.expect("a move")), "2");
        assert_eq!(r.score, ScoreReport::Mate(1));
    }
}
