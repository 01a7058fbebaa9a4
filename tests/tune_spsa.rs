//! SPSA ([`agon::tune::spsa`]) on synthetic objectives: a noisy match
//! whose expected score peaks at known weights, and the batch rule of
//! parallel runs.

use std::sync::Mutex;

use agon::tune::spsa::{run, PairResult, Params};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// The optimum of the synthetic objective.
const BEST: [f64; 3] = [100.0, 60.0, 10.0];

/// How good a weight set is: 0 at [`BEST`], falling quadratically.
fn strength(theta: &[f64]) -> f64 {
    -theta
        .iter()
        .zip(BEST)
        .skip(1)
        .map(|(t, b)| (t - b).powi(2))
        .sum::<f64>()
        / 400.0
}

/// Two decisive games; `plus` wins each with the logistic probability of
/// its strength advantage, the coins drawn from `seed`.
fn noisy_pair(plus: &[f64], minus: &[f64], seed: u64) -> PairResult {
    let mut rng = Pcg64::seed_from_u64(seed);
    let p = 1.0 / (1.0 + (strength(minus) - strength(plus)).exp());
    let mut result = PairResult::default();
    for _ in 0..2 {
        if rng.gen::<f64>() < p {
            result.wins += 1;
        } else {
            result.losses += 1;
        }
    }
    result
}

#[test]
fn spsa_approaches_the_optimum_of_a_noisy_match() {
    let start = [100.0, 0.0, 50.0];
    let fixed = [true, false, false];
    for seed in 1..=3 {
        let mut params = Params::new(&start, 1000, seed);
        params.c = vec![10.0, 10.0, 10.0];
        let end = run(&start, &fixed, &params, noisy_pair, |_, _, _| {});
        assert_eq!(end[0], 100.0, "the fixed weight moved: {end:?}");
        for i in 1..3 {
            assert!(
                (end[i] - BEST[i]).abs() < 15.0,
                "seed {seed}: weight {i} ended at {} (start {}, optimum {})",
                end[i],
                start[i],
                BEST[i]
            );
        }
    }
}

#[test]
fn a_batch_plays_with_the_weights_of_its_start_and_the_seed_decides_all() {
    let start = [100.0, 0.0, 50.0];
    let fixed = [true, false, false];
    let mut params = Params::new(&start, 12, 7);
    params.concurrency = 4;
    let centres = Mutex::new(Vec::new());
    let mut after = Vec::new();
    let end = run(
        &start,
        &fixed,
        &params,
        |plus, minus, seed| {
            let centre: Vec<f64> = plus.iter().zip(minus).map(|(p, m)| (p + m) / 2.0).collect();
            centres.lock().unwrap().push(centre);
            noisy_pair(plus, minus, seed)
        },
        |k, theta, _| after.push((k, theta.to_vec())),
    );
    let ks: Vec<usize> = after.iter().map(|(k, _)| *k).collect();
    assert_eq!(ks, (1..=12).collect::<Vec<_>>());
    let centres = centres.into_inner().unwrap();
    assert_eq!(centres.len(), 12);
    // θ± are centred on the θ of their batch's start (up to rounding of
    // θ + c − c), whatever order the threads ran in.
    let batch_start = [start.to_vec(), after[3].1.clone(), after[7].1.clone()];
    for c in &centres {
        assert!(
            batch_start
                .iter()
                .any(|b| b.iter().zip(c).all(|(x, y)| (x - y).abs() < 1e-9)),
            "{c:?} is no batch's start weights {batch_start:?}"
        );
    }
    for (b, theta) in batch_start.iter().enumerate() {
        let n = centres
            .iter()
            .filter(|c| {
                theta
                    .iter()
                    .zip(c.iter())
                    .all(|(x, y)| (x - y).abs() < 1e-9)
            })
            .count();
        assert_eq!(n, 4, "batch {b}");
    }
    // The weights moved, and the same seed repeats the run exactly.
    assert_ne!(end, start.to_vec());
    let again = run(&start, &fixed, &params, noisy_pair, |_, _, _| {});
    assert_eq!(end, again);
}
