//! Uniformly random play, for tests and benchmarks that need many real
//! positions of a game: one random ply, the position after a number of
//! them, or the decision positions of random games from a start, one
//! after another. A move is chosen uniformly among the legal ones; a
//! chance outcome is drawn by its probability.

use rand::Rng;

use super::chance::draw_outcome;
use super::{Game, Status};

/// One ply of random play from `pos`: a uniformly chosen legal move, or
/// an outcome drawn by its probability; `None` once the game is over (or
/// a decision node breaks the trait's promise of a move). `moves` and
/// `outcomes` are scratch buffers.
pub fn random_ply<G: Game, R: Rng>(
    pos: &G,
    rng: &mut R,
    moves: &mut Vec<G::Move>,
    outcomes: &mut Vec<(G::Move, f64)>,
) -> Option<G::Move> {
    match pos.status() {
        Status::Over(_) => None,
        Status::Chance => {
            pos.outcomes(outcomes);
            draw_outcome(outcomes, rng)
        }
        Status::Decision(_) => {
            pos.moves(moves);
            (!moves.is_empty()).then(|| moves[rng.gen_range(0..moves.len())])
        }
    }
}

/// The position after `plies` random plies (moves and chance outcomes
/// alike) from `start`, or `None` if the game ends on the way or there.
pub fn random_position<G: Game, R: Rng>(start: &G, plies: usize, rng: &mut R) -> Option<G> {
    let mut pos = start.clone();
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..plies {
        let m = random_ply(&pos, rng, &mut moves, &mut outcomes)?;
        pos.play(m);
    }
    (!pos.status().is_over()).then_some(pos)
}

/// The decision positions of uniformly random games from `start`, each
/// with the move played from it; a game that ends starts again, chance
/// is drawn by its probabilities. Endless: take what you need.
pub struct RandomWalk<G: Game, R> {
    start: G,
    pos: G,
    rng: R,
    moves: Vec<G::Move>,
    outcomes: Vec<(G::Move, f64)>,
    /// Whether `pos` is `start`.
    at_start: bool,
}

impl<G: Game, R: Rng> RandomWalk<G, R> {
    pub fn new(start: &G, rng: R) -> Self {
        RandomWalk {
            start: start.clone(),
            pos: start.clone(),
            rng,
            moves: Vec::new(),
            outcomes: Vec::new(),
            at_start: true,
        }
    }
}

impl<G: Game, R: Rng> Iterator for RandomWalk<G, R> {
    type Item = (G, G::Move);

    fn next(&mut self) -> Option<(G, G::Move)> {
        loop {
            let status = self.pos.status();
            if status.is_over() {
                // An ended start would restart for ever.
                if self.at_start {
                    return None;
                }
                self.pos = self.start.clone();
                self.at_start = true;
                continue;
            }
            let here = matches!(status, Status::Decision(_)).then(|| self.pos.clone());
            let m = random_ply(
                &self.pos,
                &mut self.rng,
                &mut self.moves,
                &mut self.outcomes,
            )?;
            self.pos.play(m);
            self.at_start = false;
            if let Some(here) = here {
                return Some((here, m));
            }
        }
    }
}
