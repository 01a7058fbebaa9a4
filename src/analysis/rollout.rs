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
//! - **A deterministic game** (no throws) would play the same game every
//!   time: there the first [`OPENING_PLIES`] decisions of each game pick
//!   at random (from the game's numbers) among the moves within
//!   [`OPENING_MARGIN`] of the policy's best, so the games spread over
//!   openings of their own, as a match's games do over an openings file,
//!   and the policy plays on from each.
//!
//! The games run on `threads` threads; each game's numbers come from
//! `seed` and its index only, so the result is the same on any number of
//! threads.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

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
    /// How deep the policy looks: 1, the move its evaluator values best
    /// after it; 2, the move whose mean over the next throw of the
    /// position after the one-ply reply is best (GNU Backgammon's 2-ply
    /// checker play: about twenty times the work a move, less of the
    /// policy's own error in the result). A game without chance looks
    /// one ply deep.
    pub ply: u32,
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

/// Decisions at the start of a rollout game without chance taken at
/// random among the near-best moves (see the module docs).
pub const OPENING_PLIES: u32 = 6;

/// How far below the policy's best (win probability) a move of those
/// openings may be.
pub const OPENING_MARGIN: f32 = 0.05;

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

    /// A move the policy could play at the decision node `pos`, drawn by
    /// `rng` among those within `margin` of its best estimate.
    fn pick_near(&mut self, pos: &G, margin: f32, rng: &mut impl Rng) -> Option<G::Move> {
        self.pick(pos)?;
        let e = &self.estimates;
        let best = e.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let near: Vec<usize> = (0..e.len()).filter(|&i| e[i] >= best - margin).collect();
        near.choose(rng).map(|&i| self.moves[i])
    }

    /// The move the two-ply policy plays at the decision node `pos`: the
    /// best for its mover by the mean, over the throw that follows it, of
    /// the position after the one-ply reply ([`Judge::outcome_payoffs`]).
    fn pick_deep(&mut self, pos: &G) -> Option<G::Move> {
        let Status::Decision(mover) = pos.status() else {
            return None;
        };
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        if moves.len() <= 1 {
            return moves.first().copied();
        }
        let mut outcomes = Vec::new();
        let mut best: Option<(f64, G::Move)> = None;
        for &m in &moves {
            let mut after = pos.clone();
            after.play(m);
            let v = if after.status() == Status::Chance && self.leaf.exact(&after).is_none() {
                after.outcomes(&mut outcomes);
                let mut mean = 0.0;
                for &(o, p) in &outcomes {
                    let mut next = after.clone();
                    next.play(o);
                    mean += p * self.outcome_payoffs(&next)[usize::from(mover)];
                }
                mean
            } else {
                self.payoffs(&after)[usize::from(mover)]
            };
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, m));
            }
        }
        best.map(|(_, m)| m)
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
    evaluator: G::Evaluator,
    tables: Option<&'a dyn Tablebase<G>>,
    me: Player,
    truncate: u32,
    /// The two-ply policy ([`RolloutConfig::ply`]).
    deep: bool,
}

impl<G: Playable> Playout<'_, G> {
    /// Game `i` played out from `start`.
    fn play(&self, start: &G, i: usize, numbers: &Numbers) -> Sample {
        let mut rng = numbers.rng(i);
        let mut judge = Judge::new(&self.evaluator, start.num_players(), self.tables);
        let mut outcomes = Vec::new();
        let mut pos = start.clone();
        let (mut luck, mut throws) = (0.0, 0);
        let mut thrown = [0.0; MAX_PLAYERS];
        let mut decisions = 0;
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
                Status::Decision(_) => {
                    let opening = !G::HAS_CHANCE && decisions < OPENING_PLIES;
                    decisions += 1;
                    let m = if opening {
                        judge.pick_near(&pos, OPENING_MARGIN, &mut rng)
                    } else if self.deep {
                        judge.pick_deep(&pos)
                    } else {
                        judge.pick(&pos)
                    };
                    match m {
                        Some(m) => pos.play(m),
                        None => break,
                    }
                }
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

/// The positions a rollout of `pos` values, with their texts (every legal
/// move of a decision node; a chance node itself, as one row `-`), and
/// the player whose payoff values them.
fn candidates<G: Playable>(pos: &G) -> Result<(Player, Vec<(String, G)>), GameError> {
    let me = match pos.status() {
        Status::Over(_) => return Err(GameError::new("the game is over: nothing to roll out")),
        Status::Decision(p) => p,
        // A chance root is valued for the player who decides after it.
        Status::Chance => crate::search::runner::view_of(pos),
    };
    if pos.status() == Status::Chance {
        return Ok((me, vec![("-".to_string(), pos.clone())]));
    }
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let candidates = moves
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play(m);
            (pos.move_text(m), child)
        })
        .collect();
    Ok((me, candidates))
}

/// The pool the games of a rollout run on.
fn pool(threads: usize) -> Result<rayon::ThreadPool, GameError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| GameError::new(format!("cannot start {threads} threads: {e}")))
}

/// A candidate's row from its games' samples.
fn row(text: &str, samples: &[Sample]) -> RolloutRow {
    let (raw_mean, raw_stderr) = mean_and_error(samples.iter().map(|s| s.0));
    let (mean, stderr) = mean_and_error(samples.iter().map(|s| s.1));
    RolloutRow {
        text: text.to_string(),
        mean,
        stderr,
        raw_mean,
        raw_stderr,
    }
}

fn best_first(rows: &mut [RolloutRow]) {
    rows.sort_by(|a, b| b.mean.total_cmp(&a.mean));
}

impl<'a, G: Playable> Playout<'a, G> {
    /// The candidates of a rollout of `pos` under `config` (see
    /// [`candidates`]) and the playout of their games.
    fn of(
        pos: &G,
        config: &RolloutConfig,
        tables: Option<&'a dyn Tablebase<G>>,
    ) -> Result<(Vec<(String, G)>, Self), GameError> {
        if config.games == 0 {
            return Err(GameError::new("a rollout needs at least one game"));
        }
        let (me, candidates) = candidates(pos)?;
        let player = Playout {
            evaluator: G::Evaluator::default(),
            tables,
            me,
            truncate: config.truncate.unwrap_or(MAX_PLIES).min(MAX_PLIES),
            deep: G::HAS_CHANCE && config.ply >= 2,
        };
        Ok((candidates, player))
    }

    /// Games `range` played out from `start` on the current pool, or
    /// `None` once `stop` is set (checked before each game, so a stop
    /// waits for the games under way only).
    fn games(
        &self,
        start: &G,
        range: std::ops::Range<usize>,
        numbers: &Numbers,
        stop: &AtomicBool,
    ) -> Option<Vec<Sample>> {
        range
            .into_par_iter()
            .map(|i| (!stop.load(Ordering::Relaxed)).then(|| self.play(start, i, numbers)))
            .collect()
    }
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
    rollout_resumed(pos, config, tables, &[], |done, total, row| {
        progress(done, total, &row.text)
    })
}

/// [`rollout`] that takes the rows of `known` candidates as they are (a
/// stopped rollout's, read back: every game depends on the seed and its
/// index only, so they are the rows it would roll out again) and tells
/// `progress` each candidate's row as it is done, for a caller that
/// saves them.
pub fn rollout_resumed<G: Playable>(
    pos: &G,
    config: &RolloutConfig,
    tables: Option<&dyn Tablebase<G>>,
    known: &[RolloutRow],
    mut progress: impl FnMut(usize, usize, &RolloutRow),
) -> Result<Vec<RolloutRow>, GameError> {
    let (candidates, player) = Playout::of(pos, config, tables)?;
    if let Some(k) = known
        .iter()
        .find(|k| candidates.iter().all(|(t, _)| *t != k.text))
    {
        return Err(GameError::new(format!(
            "'{}' is not a move of this position",
            k.text
        )));
    }
    let numbers = Numbers::new(config.games, config.seed);
    let pool = pool(config.threads)?;
    let never = AtomicBool::new(false);
    let total = candidates.len();
    let mut rows = Vec::with_capacity(total);
    for (done, (text, start)) in candidates.iter().enumerate() {
        let r = match known.iter().find(|k| k.text == *text) {
            Some(k) => k.clone(),
            None => {
                let samples = pool
                    .install(|| player.games(start, 0..config.games, &numbers, &never))
                    .unwrap_or_default();
                let r = row(text, &samples);
                progress(done + 1, total, &r);
                r
            }
        };
        rows.push(r);
    }
    best_first(&mut rows);
    Ok(rows)
}

/// [`rollout`] for a viewer who watches it and may stop it (the page of
/// `agon gui`): the games are played `batch` at a time for every
/// candidate in turn, so after each batch every row stands on the same
/// games, and `seen` is told the games played a candidate so far and the
/// rows as they stand, best first. Once `stop` is set the rollout ends,
/// returning the games and rows of the last whole batch (none before the
/// first). Every game is the one [`rollout`] plays with its index, so a
/// rollout that runs to the end has [`rollout`]'s rows.
pub fn rollout_watched<G: Playable>(
    pos: &G,
    config: &RolloutConfig,
    tables: Option<&dyn Tablebase<G>>,
    (batch, stop): (usize, &AtomicBool),
    mut seen: impl FnMut(usize, &[RolloutRow]),
) -> Result<(usize, Vec<RolloutRow>), GameError> {
    let (candidates, player) = Playout::of(pos, config, tables)?;
    let numbers = Numbers::new(config.games, config.seed);
    let pool = pool(config.threads)?;
    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); candidates.len()];
    let (mut done, mut rows) = (0, Vec::new());
    while done < config.games {
        let next = (done + batch.max(1)).min(config.games);
        for ((_, start), samples) in candidates.iter().zip(&mut samples) {
            let Some(more) = pool.install(|| player.games(start, done..next, &numbers, stop))
            else {
                return Ok((done, rows));
            };
            samples.extend(more);
        }
        done = next;
        rows = candidates
            .iter()
            .zip(&samples)
            .map(|((text, _), s)| row(text, s))
            .collect();
        best_first(&mut rows);
        seen(done, &rows);
    }
    Ok((done, rows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions, Notation};
    use crate::games::palma::Palma;

    fn endgame() -> Palma {
        let opts = GameOptions::defaults(Palma::option_specs());
        Palma::from_position("h=0/0/24,26,27,28,29 j=0/0/22,24,26,27,28 use=j:1", &opts)
            .expect("a Palma position")
    }

    const CONFIG: RolloutConfig = RolloutConfig {
        games: 20,
        truncate: None,
        seed: 3,
        threads: 2,
        ply: 1,
    };

    #[test]
    fn a_watched_rollout_to_the_end_is_the_rollout() {
        let pos = endgame();
        let whole = rollout(&pos, &CONFIG, None, |_, _, _| {}).expect("a rollout");
        let mut steps = Vec::new();
        let (games, rows) = rollout_watched(
            &pos,
            &CONFIG,
            None,
            (6, &AtomicBool::new(false)),
            |done, rows| steps.push((done, rows.len())),
        )
        .expect("a watched rollout");
        assert_eq!(games, 20);
        assert_eq!(rows, whole);
        let n = whole.len();
        assert_eq!(steps, [(6, n), (12, n), (18, n), (20, n)]);
    }

    #[test]
    fn a_deterministic_game_rolls_out_from_openings_of_its_own() {
        let opts = GameOptions::defaults(crate::games::zamma::Zamma::option_specs());
        let pos = crate::games::zamma::Zamma::new(&opts).expect("the start");
        let config = RolloutConfig {
            games: 16,
            truncate: Some(12),
            seed: 5,
            threads: 2,
            ply: 1,
        };
        let rows = rollout(&pos, &config, None, |_, _, _| {}).expect("a rollout");
        // One game played 16 times would have no error at all.
        assert!(rows.iter().all(|r| r.stderr > 0.0), "{rows:?}");
        let again = rollout(&pos, &config, None, |_, _, _| {}).expect("a rollout");
        assert_eq!(rows, again);
    }

    #[test]
    fn a_stopped_rollout_keeps_the_rows_of_its_last_whole_batch() {
        let pos = endgame();
        let stop = AtomicBool::new(false);
        let mut first = Vec::new();
        let (games, rows) = rollout_watched(&pos, &CONFIG, None, (6, &stop), |done, rows| {
            if done == 6 {
                first = rows.to_vec();
                stop.store(true, Ordering::Relaxed);
            }
        })
        .expect("a watched rollout");
        assert_eq!(games, 6);
        assert!(!rows.is_empty());
        assert_eq!(rows, first);
    }
}
