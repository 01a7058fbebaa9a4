//! Rollouts, as GNU Backgammon rates a dice game's candidate moves: each
//! move is played, then `games` games are played out from it by a fast
//! policy (each mover picks the move its evaluator values best, one ply
//! deep, as MCTS's leaves value moves: [`Leaf::estimates`]) to the end, to
//! a position the exact tables know, or `truncate` plies, where the
//! evaluator's win probability ends the game. A move's value is the mean
//! payoff of the root's mover (a win probability, 0..1) with its standard
//! error.
//!
//! - **Variance reduction**: at every throw of a rollout the luck of the
//!   outcome drawn (its value minus the mean of every outcome's value by
//!   probability, each valued as above) is subtracted from the game's
//!   result. The luck has mean zero whatever the evaluator, so the mean
//!   stays unbiased, and where the evaluator is good most of the noise of
//!   the dice goes with it.
//! - **Stratified throws**: the first [`STRATIFIED_THROWS`] throws of the
//!   games are spread evenly over their distribution (game `i` of `n`
//!   draws its `d`-th throw from the `perm_d(i)`-th of `n` equal slices, a
//!   Latin hypercube), the later ones uniformly.
//! - **The same throws for every candidate** (common random numbers): game
//!   `i` draws the same numbers whichever move it follows, so the
//!   difference between two moves carries less noise than either.
//! - A deterministic game (no throws) plays the same game every time: its
//!   rollout is the policy's one game.
//!
//! The games run on `threads` threads; each game's numbers come from
//! `seed` and its index only, so the result is the same on any number of
//! threads.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use rayon::prelude::*;

use crate::game::chance::outcome_at;
use crate::game::{GameError, Playable, Player, Status, Tablebase, MAX_PLAYERS};
use crate::search::mcts::values::Leaf;
use crate::search::thread::EvalState;

/// Throws spread evenly over the games (the rest are drawn uniformly).
pub const STRATIFIED_THROWS: usize = 4;

/// Plies a rollout game may last before the evaluator ends it (a game of
/// the fast policy may not end by itself).
pub const MAX_PLIES: u32 = 2000;

/// How to roll out.
#[derive(Clone, Copy, Debug)]
pub struct RolloutConfig {
    /// Games per candidate move.
    pub games: usize,
    /// Plies after the candidate move at which the evaluator ends a game
    /// (`None`: to the end).
    pub truncate: Option<u32>,
    pub seed: u64,
    pub threads: usize,
}

/// One candidate's result, in win probability of the root's mover.
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutRow {
    /// The move's text (`-` for a chance root: the position itself).
    pub text: String,
    /// Mean with variance reduction, and its standard error.
    pub mean: f64,
    pub stderr: f64,
    /// The plain mean of the results and its standard error.
    pub raw_mean: f64,
    pub raw_stderr: f64,
}

/// One game's result: `(plain, luck-adjusted)`.
type Sample = (f64, f64);

/// A 64-bit mix (SplitMix64's finaliser): independent streams per index.
fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The numbers of the games: game `i`'s `d`-th throw is drawn at
/// [`Numbers::at`].
struct Numbers {
    games: usize,
    seed: u64,
    /// `perm[d][i]`: the slice game `i` takes at the `d`-th throw.
    perm: Vec<Vec<usize>>,
}

impl Numbers {
    fn new(games: usize, seed: u64) -> Numbers {
        let perm = (0..STRATIFIED_THROWS)
            .map(|d| {
                let mut p: Vec<usize> = (0..games).collect();
                p.shuffle(&mut Pcg64::seed_from_u64(mix(seed, u64::MAX - d as u64)));
                p
            })
            .collect();
        Numbers { games, seed, perm }
    }

    /// The generator of game `i` (the same for every candidate).
    fn rng(&self, i: usize) -> Pcg64 {
        Pcg64::seed_from_u64(mix(self.seed, i as u64))
    }

    /// The uniform number of game `i`'s `d`-th throw, `r` its own draw.
    fn at(&self, i: usize, d: usize, r: f64) -> f64 {
        match self.perm.get(d) {
            Some(p) => (p[i] as f64 + r) / self.games as f64,
            None => r,
        }
    }
}

/// The one-ply judge of rollouts and of luck: payoffs (0..1) from the
/// game's end, the exact tables or the evaluator, and the policy's move.
pub struct Judge<'a, G: Playable> {
    leaf: Leaf<'a, G>,
    state: EvalState<G>,
    moves: Vec<G::Move>,
    outcomes: Vec<(G::Move, f64)>,
    estimates: Vec<f32>,
}

impl<'a, G: Playable> Judge<'a, G> {
    pub fn new(
        evaluator: &'a G::Evaluator,
        players: usize,
        tables: Option<&'a dyn Tablebase<G>>,
    ) -> Self {
        Judge {
            leaf: Leaf::new(evaluator, players, tables),
            state: EvalState::<G>::default(),
            moves: Vec::new(),
            outcomes: Vec::new(),
            estimates: Vec::new(),
        }
    }

    /// Whether the exact tables know `pos`.
    fn exact(&self, pos: &G) -> bool {
        self.leaf.exact(pos).is_some()
    }

    /// Every player's payoff at `pos` with the game's own end, the exact
    /// tables or the evaluator.
    fn payoffs(&mut self, pos: &G) -> Payoffs {
        if let Status::Over(outcome) = pos.status() {
            let n = pos.num_players();
            return std::array::from_fn(|p| outcome.payoff(p as Player, n));
        }
        let values = self
            .leaf
            .exact(pos)
            .unwrap_or_else(|| self.leaf.estimate(&mut self.state, pos));
        values.v.map(f64::from)
    }

    /// `p`'s payoff at `pos` ([`Judge::payoffs`]).
    pub fn value(&mut self, pos: &G, p: Player) -> f64 {
        self.payoffs(pos)[p as usize]
    }

    /// The move the policy plays at the decision node `pos`: the best for
    /// its mover by one-ply estimates.
    pub fn pick(&mut self, pos: &G) -> Option<G::Move> {
        let Status::Decision(mover) = pos.status() else {
            return None;
        };
        pos.moves(&mut self.moves);
        self.leaf.estimates(
            &mut self.state,
            pos,
            &self.moves,
            mover,
            &mut self.estimates,
        );
        let e = &self.estimates;
        (0..self.moves.len())
            .max_by(|&a, &b| e[a].total_cmp(&e[b]).then(b.cmp(&a)))
            .map(|best| self.moves[best])
    }

    /// Every player's value of a throw's outcome `pos`: where a decision
    /// the tables do not know follows, the value after the move the policy
    /// plays with it (GNU Backgammon's luck: a roll is worth the best play
    /// it allows, so an evaluator that does not see the dice still tells a
    /// good roll from a bad one).
    fn outcome_payoffs(&mut self, pos: &G) -> Payoffs {
        if let Status::Decision(_) = pos.status() {
            if let Some(exact) = self.leaf.exact(pos) {
                return exact.v.map(f64::from);
            }
            if let Some(m) = self.pick(pos) {
                let mut after = pos.clone();
                after.play(m);
                return self.payoffs(&after);
            }
        }
        self.payoffs(pos)
    }

    /// The luck of the outcome `drawn` at the chance node `before` for each
    /// player `p < luck.len()` into `luck[p]`: its value minus the mean of
    /// every outcome's value by probability. Each outcome is valued once
    /// for all of them.
    pub fn luck(&mut self, before: &G, drawn: G::Move, luck: &mut [f64]) {
        before.outcomes(&mut self.outcomes);
        let outcomes = std::mem::take(&mut self.outcomes);
        luck.fill(0.0);
        for &(m, prob) in &outcomes {
            let mut child = before.clone();
            child.play(m);
            let v = self.outcome_payoffs(&child);
            for (l, &v) in luck.iter_mut().zip(&v) {
                *l -= prob * v;
                if m == drawn {
                    *l += v;
                }
            }
        }
        self.outcomes = outcomes;
    }
}

/// Payoffs per player (0..1), as [`Judge`] values positions.
type Payoffs = [f64; MAX_PLAYERS];

/// A rollout game's judge and its mover.
struct Playout<'a, G: Playable> {
    evaluator: &'a G::Evaluator,
    tables: Option<&'a dyn Tablebase<G>>,
    me: Player,
    truncate: u32,
}

impl<G: Playable> Playout<'_, G> {
    /// Game `i` played out from `start`.
    fn play(&self, start: &G, i: usize, numbers: &Numbers) -> Sample {
        let mut rng = numbers.rng(i);
        let mut judge = Judge::new(self.evaluator, start.num_players(), self.tables);
        let mut outcomes = Vec::new();
        let mut pos = start.clone();
        let (mut luck, mut throws) = (0.0, 0);
        let mut thrown = [0.0; MAX_PLAYERS];
        for _ in 0..self.truncate {
            if judge.exact(&pos) {
                break;
            }
            match pos.status() {
                Status::Over(_) => break,
                Status::Chance => {
                    pos.outcomes(&mut outcomes);
                    let u = numbers.at(i, throws, rng.gen());
                    throws += 1;
                    let Some(drawn) = outcome_at(&outcomes, u) else {
                        break;
                    };
                    let me = usize::from(self.me);
                    judge.luck(&pos, drawn, &mut thrown[..=me]);
                    luck += thrown[me];
                    pos.play(drawn);
                }
                Status::Decision(_) => match judge.pick(&pos) {
                    Some(m) => pos.play(m),
                    None => break,
                },
            }
        }
        let result = judge.value(&pos, self.me);
        (result, result - luck)
    }
}

/// Mean and standard error of the mean.
fn mean_and_error(xs: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let n = xs.clone().count() as f64;
    let mean = xs.clone().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, 0.0);
    }
    let var = xs.map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// Rolls out every legal move of `pos` (a decision node; a chance node is
/// rolled out itself, as one row `-`), best first, telling `progress`
/// each candidate done. `tables` (the game's exact tables, or none) end a
/// game where they know its value.
pub fn rollout<G: Playable>(
    pos: &G,
    config: &RolloutConfig,
    tables: Option<&dyn Tablebase<G>>,
    mut progress: impl FnMut(usize, usize, &str),
) -> Result<Vec<RolloutRow>, GameError> {
    if config.games == 0 {
        return Err(GameError::new("a rollout needs at least one game"));
    }
    let me = match pos.status() {
        Status::Over(_) => return Err(GameError::new("the game is over: nothing to roll out")),
        Status::Decision(p) => p,
        // A chance root is valued for the player who decides after it.
        Status::Chance => crate::search::runner::view_of(pos),
    };
    let mut candidates: Vec<(String, G)> = Vec::new();
    if pos.status() == Status::Chance {
        candidates.push(("-".to_string(), pos.clone()));
    } else {
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        for m in moves {
            let mut child = pos.clone();
            child.play(m);
            candidates.push((pos.move_text(m), child));
        }
    }
    let evaluator = G::Evaluator::default();
    let player = Playout {
        evaluator: &evaluator,
        tables,
        me,
        truncate: config.truncate.unwrap_or(MAX_PLIES).min(MAX_PLIES),
    };
    let numbers = Numbers::new(config.games, config.seed);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .build()
        .map_err(|e| GameError::new(format!("cannot start {} threads: {e}", config.threads)))?;
    let total = candidates.len();
    let mut rows = Vec::with_capacity(total);
    for (done, (text, start)) in candidates.iter().enumerate() {
        let samples: Vec<Sample> = pool.install(|| {
            (0..config.games)
                .into_par_iter()
                .map(|i| player.play(start, i, &numbers))
                .collect()
        });
        let (raw_mean, raw_stderr) = mean_and_error(samples.iter().map(|s| s.0));
        let (mean, stderr) = mean_and_error(samples.iter().map(|s| s.1));
        rows.push(RolloutRow {
            text: text.clone(),
            mean,
            stderr,
            raw_mean,
            raw_stderr,
        });
        progress(done + 1, total, text);
    }
    rows.sort_by(|a, b| b.mean.total_cmp(&a.mean));
    Ok(rows)
}
