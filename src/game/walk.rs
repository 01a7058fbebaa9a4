//! Uniformly random play, for tests and benchmarks that need many real
//! positions of a game: the decision positions of random games from a
//! start, one after another.

use rand::Rng;

use super::chance::draw_outcome;
use super::{Game, Status};

/// The decision positions of uniformly random games from `start`, each
/// with the move played from it; a game that ends starts again, chance
/// is drawn by its probabilities. Endless: take what you need.
pub struct RandomWalk<G: Game, R> {
    start: G,
    pos: G,
    rng: R,
    moves: Vec<G::Move>,
    outcomes: Vec<(G::Move, f64)>,
    /// Whether `pos` is `start` (an ended start would restart for ever).
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
            match self.pos.status() {
                Status::Decision(_) => {
                    self.pos.moves(&mut self.moves);
                    if self.moves.is_empty() {
                        // A game that breaks the trait's promise of a
                        // move would loop for ever: end the walk.
                        return None;
                    }
                    let m = self.moves[self.rng.gen_range(0..self.moves.len())];
                    let here = self.pos.clone();
                    self.pos.play(m);
                    self.at_start = false;
                    return Some((here, m));
                }
                Status::Chance => {
                    self.pos.outcomes(&mut self.outcomes);
                    let m = draw_outcome(&self.outcomes, &mut self.rng)?;
                    self.pos.play(m);
                    self.at_start = false;
                }
                Status::Over(_) if self.at_start => return None,
                Status::Over(_) => {
                    self.pos = self.start.clone();
                    self.at_start = true;
                }
            }
        }
    }
}
