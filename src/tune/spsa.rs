//! SPSA tuning (`agon tune --spsa N`): evaluation weights tuned by match
//! results, the way Stockfish's fishtest tunes.
//!
//! Why: a Texel fit minimises how well the static evaluation predicts
//! game results, which is not what makes the engine play well (the Zamma
//! fit valued Mullahs at 505 and lost 33% to the hand weights, see
//! `games/zamma/eval.rs`). SPSA (simultaneous perturbation stochastic
//! approximation) climbs the match score itself, with one noisy game pair
//! per step and no gradient of anything.
//!
//! Each iteration `k = 0, 1, …, N−1` draws a random sign `Δ_i = ±1` for
//! every free weight (fixed weights have `Δ_i = 0` and never move) and
//! lets `θ+ = θ + c_k·Δ` play `θ− = θ − c_k·Δ` one colour-swapped pair of
//! games. With `r` = wins minus losses of `θ+` over the pair (in `[-2, 2]`)
//! every free weight moves by
//!
//! ```text
//! θ_i += R_k,i · c_k,i · r · Δ_i        with R_k,i = a_k,i / c_k,i²
//! ```
//!
//! (fishtest's form of `a_k · r / (c_k · Δ_i)`, the two being equal for
//! `Δ_i = ±1`). The schedule is Spall's, with fishtest's exponents:
//!
//! ```text
//! c_k,i = c_i / (k + 1)^0.101
//! a_k,i = a_i / (A + k + 1)^0.602,   A = N / 10
//! ```
//!
//! `c_i` is the perturbation at the start, in weight units (default
//! `max(|θ_i| / 10, 2)` of the start weight, [`default_c`]). fishtest fixes
//! the learning rate through `r_end = a_end / c_end²` ≈ 0.002, made for runs
//! of tens of thousands of pairs; at our few hundred iterations that would
//! hardly move a weight. Here `a_i` is set instead so that a weight whose
//! every pair ended `r = +1` for the side it leant to would travel
//! [`TRAVEL`]` · c_i` over the whole run: `a_i = TRAVEL · c_i² / Σ_k (k+1)^0.101
//! / (A+k+1)^0.602`. The drift a real edge `E[r]` gives is then
//! `TRAVEL · c_i · E[r]` whatever N is, while the noise shrinks like
//! `1/√N`, so a longer run is a more precise one. (For N = 200 this is
//! `r_end ≈ 0.0058 · TRAVEL ≈ 0.12`; for N = 10,000, `r_end ≈ 0.0034`.)
//! Short runs would take huge steps that way (20 `c_i` in two
//! iterations), so the travel is also capped such that no iteration moves
//! a weight by more than [`MAX_STEP`]` · c_i` per unit of `r`: a 2–0 pair
//! moves it at most one perturbation, as far as the pair measured. The
//! cap binds for N below about 70 (N = 20: travel 5.9 `c_i`).
//!
//! Parallel runs: with `concurrency` C, the C iterations of a batch all play
//! with the θ of the batch start (C pairs at once on a rayon pool of C
//! threads); their updates are then applied in iteration order, each with
//! its own `k`. C = 1 is plain sequential SPSA. Every random number (the
//! signs and each pair's seed) is drawn from one `Pcg64` seeded with
//! `seed`, in iteration order, so the same seed and the same C give the
//! same weights when the games themselves are deterministic (fixed depth
//! or fixed nodes).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use rayon::prelude::*;

/// Spall's exponent of the step size `a_k` (fishtest's value).
pub const ALPHA: f64 = 0.602;
/// Spall's exponent of the perturbation `c_k` (fishtest's value).
pub const GAMMA: f64 = 0.101;
/// How many perturbation sizes `c_i` a weight would travel over a run if
/// every pair went its way by one game (see the module doc).
pub const TRAVEL: f64 = 20.0;
/// The largest step of a run, in perturbation sizes `c_i` per unit of
/// `r` (see the module doc).
pub const MAX_STEP: f64 = 0.5;
/// Weights stay inside `±LIMIT`, far from overflowing an evaluator's
/// integer sum of weight × feature.
pub const LIMIT: f64 = 100_000.0;

/// Stack per pair-playing thread: a search recurses with a position copy
/// per frame (as for the search's own threads in `search/smp.rs`).
const STACK_BYTES: usize = 16 << 20;

/// The games of one pair, counted for `θ+`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairResult {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl PairResult {
    /// Wins minus losses of `θ+`: SPSA's `r`.
    pub fn r(&self) -> f64 {
        f64::from(self.wins) - f64::from(self.losses)
    }

    pub fn add(&mut self, other: PairResult) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

/// How a run goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Iterations N (one pair each).
    pub iterations: usize,
    /// Pairs played at once with the same θ.
    pub concurrency: usize,
    pub seed: u64,
    /// Perturbation `c_i` at `k = 0` per weight, in weight units.
    pub c: Vec<f64>,
    /// See [`TRAVEL`].
    pub travel: f64,
}

impl Params {
    /// The default schedule for weights starting at `start`.
    pub fn new(start: &[f64], iterations: usize, seed: u64) -> Params {
        Params {
            iterations,
            concurrency: 1,
            seed,
            c: default_c(start),
            travel: TRAVEL,
        }
    }
}

/// The default perturbation: a tenth of the start weight, at least 2.
pub fn default_c(start: &[f64]) -> Vec<f64> {
    start.iter().map(|w| (w.abs() / 10.0).max(2.0)).collect()
}

/// The gain sequences `c_k,i` and `a_k,i` of a run.
#[derive(Clone, Debug)]
pub struct Schedule {
    big_a: f64,
    c: Vec<f64>,
    a: Vec<f64>,
}

impl Schedule {
    pub fn new(params: &Params) -> Schedule {
        let n = params.iterations;
        let big_a = n as f64 / 10.0;
        // a_k/c_k for a_i = c_i = 1: the step of a weight that a pair
        // pushes by r = 1. It peaks near k = N/50, not at k = 0.
        let steps =
            (0..n).map(|k| (k as f64 + 1.0).powf(GAMMA) / (big_a + k as f64 + 1.0).powf(ALPHA));
        let unit: f64 = steps.clone().sum();
        let largest = steps.fold(0.0, f64::max);
        let travel = if largest > 0.0 {
            params.travel.min(MAX_STEP * unit / largest)
        } else {
            0.0
        };
        let a = params
            .c
            .iter()
            .map(|c| {
                if unit > 0.0 {
                    travel * c * c / unit
                } else {
                    0.0
                }
            })
            .collect();
        Schedule {
            big_a,
            c: params.c.clone(),
            a,
        }
    }

    /// Perturbation of weight `i` at iteration `k`.
    pub fn c_k(&self, k: usize, i: usize) -> f64 {
        self.c.get(i).copied().unwrap_or(0.0) / (k as f64 + 1.0).powf(GAMMA)
    }

    /// Step size of weight `i` at iteration `k`.
    pub fn a_k(&self, k: usize, i: usize) -> f64 {
        self.a.get(i).copied().unwrap_or(0.0) / (self.big_a + k as f64 + 1.0).powf(ALPHA)
    }
}

/// One iteration's draw: the signs and the seed of its pair.
struct Job {
    k: usize,
    delta: Vec<f64>,
    plus: Vec<f64>,
    minus: Vec<f64>,
    seed: u64,
}

/// Runs SPSA from `start`; `fixed[i]` holds weight `i`. `play(θ+, θ−,
/// seed)` plays one pair (its openings and chance drawn from `seed`) and
/// returns the result for `θ+`. `after(k, θ, result)` is called after
/// each iteration's update, `k` counting from 1, in iteration order.
/// Returns the final θ.
pub fn run<P, F>(start: &[f64], fixed: &[bool], params: &Params, play: P, mut after: F) -> Vec<f64>
where
    P: Fn(&[f64], &[f64], u64) -> PairResult + Sync,
    F: FnMut(usize, &[f64], PairResult),
{
    let schedule = Schedule::new(params);
    let mut theta = start.to_vec();
    let mut rng = Pcg64::seed_from_u64(params.seed);
    let batch = params.concurrency.max(1);
    let pool = if batch > 1 {
        rayon::ThreadPoolBuilder::new()
            .num_threads(batch)
            .stack_size(STACK_BYTES)
            .thread_name(|i| format!("agon-spsa-{i}"))
            .build()
            .ok()
    } else {
        None
    };
    let mut k0 = 0;
    while k0 < params.iterations {
        let k1 = (k0 + batch).min(params.iterations);
        let jobs: Vec<Job> = (k0..k1)
            .map(|k| {
                let delta: Vec<f64> = (0..theta.len())
                    .map(|i| {
                        if fixed.get(i).copied().unwrap_or(false) {
                            0.0
                        } else if rng.gen::<bool>() {
                            1.0
                        } else {
                            -1.0
                        }
                    })
                    .collect();
                let shifted = |sign: f64| -> Vec<f64> {
                    theta
                        .iter()
                        .zip(&delta)
                        .enumerate()
                        .map(|(i, (t, d))| clamp(t + sign * schedule.c_k(k, i) * d))
                        .collect()
                };
                Job {
                    k,
                    plus: shifted(1.0),
                    minus: shifted(-1.0),
                    delta,
                    seed: rng.gen(),
                }
            })
            .collect();
        let play_job = |job: &Job| play(&job.plus, &job.minus, job.seed);
        let results: Vec<PairResult> = match &pool {
            Some(pool) => pool.install(|| jobs.par_iter().map(play_job).collect()),
            None => jobs.iter().map(play_job).collect(),
        };
        for (job, result) in jobs.iter().zip(results) {
            let r = result.r();
            for (i, t) in theta.iter_mut().enumerate() {
                let d = job.delta.get(i).copied().unwrap_or(0.0);
                if d != 0.0 {
                    let c = schedule.c_k(job.k, i);
                    let big_r = schedule.a_k(job.k, i) / (c * c);
                    *t = clamp(*t + big_r * c * r * d);
                }
            }
            after(job.k + 1, &theta, result);
        }
        k0 = k1;
    }
    theta
}

fn clamp(w: f64) -> f64 {
    w.clamp(-LIMIT, LIMIT)
}

/// θ rounded to the integers an evaluator takes.
pub fn rounded(theta: &[f64]) -> Vec<i32> {
    theta.iter().map(|w| clamp(w.round()) as i32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Σ_k a_k,i/c_k,i: how far weight `i` travels if every pair pushes
    /// it by r = 1.
    fn travel(s: &Schedule, n: usize, i: usize) -> f64 {
        (0..n).map(|k| s.a_k(k, i) / s.c_k(k, i)).sum()
    }

    #[test]
    fn a_long_run_travels_travel_c_and_no_step_exceeds_max_step_c() {
        let start = [100.0, -7.0];
        for n in [2, 20, 60, 200, 2000] {
            let params = Params::new(&start, n, 1);
            assert_eq!(params.c, vec![10.0, 2.0]);
            let s = Schedule::new(&params);
            for i in 0..2 {
                let c = params.c[i];
                let t = travel(&s, n, i);
                assert!(t <= TRAVEL * c + 1e-9, "n {n}: travel {t}");
                let largest = (0..n)
                    .map(|k| s.a_k(k, i) / s.c_k(k, i))
                    .fold(0.0, f64::max);
                assert!(largest <= MAX_STEP * c + 1e-9, "n {n}: step {largest}");
                // One of the two bounds is reached.
                assert!(
                    (t - TRAVEL * c).abs() < 1e-9 || (largest - MAX_STEP * c).abs() < 1e-9,
                    "n {n}: travel {t}, step {largest}"
                );
                if n >= 200 {
                    assert!((t - TRAVEL * c).abs() < 1e-9, "n {n}: travel {t}");
                }
            }
            assert!(s.c_k(n - 1, 0) < s.c_k(0, 0));
            assert!(s.a_k(n - 1, 0) < s.a_k(0, 0));
        }
    }

    #[test]
    fn fixed_weights_never_move_and_a_pure_signal_moves_the_rest() {
        // θ+ always wins both games when its weight 1 is the larger.
        let start = [100.0, 50.0, 8.0];
        let fixed = [true, false, true];
        let params = Params::new(&start, 40, 3);
        let end = run(
            &start,
            &fixed,
            &params,
            |p, m, _| {
                if p[1] > m[1] {
                    PairResult {
                        wins: 2,
                        ..PairResult::default()
                    }
                } else {
                    PairResult {
                        losses: 2,
                        ..PairResult::default()
                    }
                }
            },
            |_, _, _| {},
        );
        assert_eq!(end[0], 100.0);
        assert_eq!(end[2], 8.0);
        // r = 2 every time, always in the rising direction.
        let expected = 50.0 + 2.0 * travel(&Schedule::new(&params), 40, 1);
        assert!(expected > 100.0);
        assert!((end[1] - expected).abs() < 1e-6, "{end:?}");
    }
}
