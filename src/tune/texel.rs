//! Texel tuning: minimise the mean squared error between game results and
//! sigmoid(K · eval / 400) over the weights of a linear evaluation.
//! K is fitted first with the starting weights (so that the scale of the
//! weights keeps its meaning), then the weights by Adam on the full batch;
//! the problem is smooth and low-dimensional, so full-batch steps converge.

use super::Sample;

/// What a fit achieved.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    pub weights: Vec<f64>,
    pub k: f64,
    pub loss_before: f64,
    pub loss_after: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(w: &[f64], f: &[f64]) -> f64 {
    w.iter().zip(f).map(|(a, b)| a * b).sum()
}

/// Mean squared error of the predictions with weights `w` and scale `k`.
pub fn loss(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(k * dot(w, &s.features) / 400.0);
            (s.result - p).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

fn fit_k(samples: &[Sample], w: &[f64]) -> f64 {
    // Golden-section search on a log scale: loss(K) is unimodal in practice.
    let (mut lo, mut hi) = ((1e-3f64).ln(), (10.0f64).ln());
    let g = 0.618_033_988_75;
    for _ in 0..60 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if loss(samples, w, a.exp()) < loss(samples, w, b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Fits the weights. `fixed[i]` keeps weight `i` at its start value.
pub fn fit(samples: &[Sample], start: &[f64], fixed: &[bool], iterations: usize) -> FitReport {
    let n = start.len();
    let k = fit_k(samples, start);
    let loss_before = loss(samples, start, k);
    let mut w = start.to_vec();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    // Step size in weight units (centi-units): large enough to move a
    // hand-set weight by tens within a few hundred iterations.
    let rate = 2.0;
    let count = samples.len().max(1) as f64;
    for t in 1..=iterations {
        let mut grad = vec![0.0; n];
        for s in samples {
            let p = sigmoid(k * dot(&w, &s.features) / 400.0);
            let common = -2.0 * (s.result - p) * p * (1.0 - p) * k / 400.0;
            for (g, f) in grad.iter_mut().zip(&s.features) {
                *g += common * f;
            }
        }
        for i in 0..n {
            if fixed.get(i).copied().unwrap_or(false) {
                continue;
            }
            let g = grad[i] / count;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= rate * mh / (vh.sqrt() + eps);
        }
    }
    let loss_after = loss(samples, &w, k);
    FitReport {
        weights: w,
        k,
        loss_before,
        loss_after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64;

    #[test]
    fn recovers_the_weights_that_generated_the_results() {
        // Results drawn from a known logistic model; the fit must find
        // weights near the true ones (K is pinned by the fixed first weight).
        let truth = [100.0, -40.0, 25.0];
        let mut rng = Pcg64::seed_from_u64(7);
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let features: Vec<f64> = (0..3).map(|_| rng.gen_range(-3.0..3.0)).collect();
                let p = sigmoid(dot(&truth, &features) / 400.0);
                let result = if rng.gen::<f64>() < p { 1.0 } else { 0.0 };
                Sample { features, result }
            })
            .collect();
        let report = fit(&samples, &[100.0, 0.0, 0.0], &[true, false, false], 400);
        assert!(report.loss_after < report.loss_before);
        assert!((report.weights[1] - truth[1]).abs() < 12.0, "{:?}", report);
        assert!((report.weights[2] - truth[2]).abs() < 12.0, "{:?}", report);
    }
}
