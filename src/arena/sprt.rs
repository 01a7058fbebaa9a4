//! The sequential probability ratio test over colour-swapped pairs, as
//! fishtest runs it: a generalised SPRT on the pentanomial counts with
//! logistic Elo. For each hypothesis (the score `s0`, `s1` of Elo `elo0`,
//! `elo1`) the distribution of pair scores nearest to the observed one
//! with that mean is found (maximum likelihood under a mean constraint);
//! the log-likelihood ratio of the two is the test statistic. Zero counts
//! are replaced by 1e-3 (fishtest's regularisation) so that early results
//! do not make a likelihood zero.
//!
//! With `model=normalized` the bounds are normalized Elo (Van den Bergh's
//! nElo: the t-value of the pair score times 800/ln 10, as fishtest and
//! fastchess offer it), and the LLR is the closed form of his note
//! "Normalized Elo: practical considerations" §4.2: with `μ`, `σ²` the
//! mean and variance of the pair scores, `t = (μ − ½)/√(2σ²)` and
//! `tᵢ = nEloᵢ·ln 10/800`, LLR = N·ln((1 + (t − t₀)²)/(1 + (t − t₁)²))
//! over N pairs (2N games).

use crate::game::GameError;

/// The test's parameters: H0 is Elo `elo0`, H1 is Elo `elo1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: Model,
}

/// What `elo0` and `elo1` are measured in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Model {
    #[default]
    Logistic,
    Normalized,
}

impl Model {
    pub fn name(self) -> &'static str {
        match self {
            Model::Logistic => "logistic",
            Model::Normalized => "normalized",
        }
    }
}

/// Which hypothesis the test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    H0,
    H1,
}

impl Sprt {
    /// Parses `elo0=0,elo1=5[,alpha=0.05][,beta=0.05][,model=logistic|normalized]`.
    pub fn parse(text: &str) -> Result<Sprt, GameError> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Logistic,
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| GameError::new(format!("sprt setting '{part}' is not key=value")))?;
            if key == "model" {
                sprt.model = match value {
                    "logistic" => Model::Logistic,
                    "normalized" => Model::Normalized,
                    _ => {
                        return Err(GameError::new(format!(
                            "sprt model must be logistic or normalized, not '{value}'"
                        )))
                    }
                };
                continue;
            }
            let v = value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| {
                    GameError::new(format!(
                        "sprt setting '{key}' needs a number, not '{value}'"
                    ))
                })?;
            match key {
                "elo0" => sprt.elo0 = v,
                "elo1" => sprt.elo1 = v,
                "alpha" => sprt.alpha = v,
                "beta" => sprt.beta = v,
                _ => {
                    return Err(GameError::new(format!(
                        "unknown sprt setting '{key}' (known: elo0, elo1, alpha, beta, model)"
                    )))
                }
            }
        }
        let unit = |p: f64| p > 0.0 && p < 0.5;
        // NaN (a missing elo) fails the first comparison too.
        let ordered = sprt.elo0 < sprt.elo1;
        if !ordered || !unit(sprt.alpha) || !unit(sprt.beta) {
            return Err(GameError::new(format!(
                "sprt '{text}' needs elo0 < elo1 and 0 < alpha, beta < 0.5"
            )));
        }
        Ok(sprt)
    }

    /// The LLR bounds (lower: accept H0, upper: accept H1).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 given the pentanomial
    /// counts (pairs scoring 0, ½, 1, 1½, 2 points).
    pub fn llr(&self, pairs: &[u32; 5]) -> f64 {
        let counts: Vec<f64> = pairs
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { f64::from(c) })
            .collect();
        let n: f64 = counts.iter().sum();
        let pdf: Vec<(f64, f64)> = counts
            .iter()
            .enumerate()
            .map(|(k, &c)| (k as f64 / 4.0, c / n))
            .collect();
        if self.model == Model::Normalized {
            let mean: f64 = pdf.iter().map(|&(v, p)| v * p).sum();
            let var: f64 = pdf.iter().map(|&(v, p)| p * (v - mean).powi(2)).sum();
            let t = (mean - 0.5) / (2.0 * var).sqrt();
            let per_nt = 800.0 / std::f64::consts::LN_10;
            let (t0, t1) = (self.elo0 / per_nt, self.elo1 / per_nt);
            return n * ((1.0 + (t - t0).powi(2)) / (1.0 + (t - t1).powi(2))).ln();
        }
        let q0 = closest_with_mean(&pdf, logistic_score(self.elo0));
        let q1 = closest_with_mean(&pdf, logistic_score(self.elo1));
        n * pdf
            .iter()
            .zip(q0.iter().zip(&q1))
            .map(|(&(_, p), (a, b))| p * (b.ln() - a.ln()))
            .sum::<f64>()
    }

    /// The verdict once the LLR leaves its bounds.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// The expected score of an Elo difference (logistic).
fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The distribution on the same values that maximises the likelihood of
/// `pdf` among those with mean `s`: `q_i = p_i / (1 + x (v_i − s))` with `x`
/// the root of `Σ p_i (v_i − s) / (1 + x (v_i − s)) = 0`, which decreases in
/// `x` between the poles `−1/(v_max − s)` and `−1/(v_min − s)` (bisection).
fn closest_with_mean(pdf: &[(f64, f64)], s: f64) -> Vec<f64> {
    let v_max = pdf.iter().map(|&(v, _)| v).fold(f64::MIN, f64::max);
    let v_min = pdf.iter().map(|&(v, _)| v).fold(f64::MAX, f64::min);
    let f = |x: f64| -> f64 {
        pdf.iter()
            .map(|&(v, p)| p * (v - s) / (1.0 + x * (v - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (v_max - s), -1.0 / (v_min - s));
    let span = hi - lo;
    lo += 1e-12 * span;
    hi -= 1e-12 * span;
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    pdf.iter().map(|&(v, p)| p / (1.0 + x * (v - s))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Logistic,
        }
    }

    #[test]
    fn normalized_llr_agrees_with_the_closed_form() {
        // Reference values: the §4.2 formula (fishtest's
        // LLR_normalized_alt) worked out separately in Python.
        let cases: [([u32; 5], f64, f64, f64); 3] = [
            ([1000, 2000, 4000, 2500, 1200], 0.0, 5.0, 14.2290),
            ([100, 200, 400, 200, 100], 0.0, 2.0, -0.0331),
            ([3, 10, 25, 14, 6], -1.0, 3.0, 0.1564),
        ];
        for (pairs, elo0, elo1, expected) in cases {
            let s = Sprt {
                model: Model::Normalized,
                ..sprt(elo0, elo1)
            };
            let llr = s.llr(&pairs);
            assert!(
                (llr - expected).abs() < 1e-4,
                "{pairs:?}: {llr} vs {expected}"
            );
        }
        let parsed = Sprt::parse("elo0=0,elo1=2,model=normalized").unwrap();
        assert_eq!(parsed.model, Model::Normalized);
        assert!(Sprt::parse("elo0=0,elo1=2,model=bayes").is_err());
    }

    #[test]
    fn llr_agrees_with_fishtests_formula() {
        // Reference values: fishtest's LLR_logistic (LLRcalc.py) worked out
        // separately in Python; the first two as published by en-croissant's
        // SPRT tests (0.02 and 0.00 at two decimals).
        let cases: [([u32; 5], f64, f64, f64); 3] = [
            ([0, 0, 0, 0, 3], -1.75, 0.25, 0.0173),
            ([10, 5, 2, 5, 10], -1.75, 0.25, 0.0006),
            ([1000, 2000, 4000, 2500, 1200], 0.0, 5.0, 17.2506),
        ];
        for (pairs, elo0, elo1, expected) in cases {
            let llr = sprt(elo0, elo1).llr(&pairs);
            assert!(
                (llr - expected).abs() < 1e-4,
                "{pairs:?}: {llr} vs {expected}"
            );
        }
    }

    #[test]
    fn bounds_and_verdicts() {
        let s = sprt(0.0, 5.0);
        let (lower, upper) = s.bounds();
        assert!((lower + 2.944_438_979).abs() < 1e-6 && (upper - 2.944_438_979).abs() < 1e-6);
        assert_eq!(s.verdict(17.25), Some(Verdict::H1));
        assert_eq!(s.verdict(-3.0), Some(Verdict::H0));
        assert_eq!(s.verdict(0.0), None);
        // A stream of even pairs drifts towards H0 (Elo 0 < elo1 = 5).
        assert!(s.llr(&[100, 200, 400, 200, 100]) < 0.0);
    }

    #[test]
    fn parse_checks_its_settings() {
        let s = Sprt::parse("elo0=0,elo1=5").unwrap();
        assert_eq!((s.alpha, s.beta), (0.05, 0.05));
        for bad in [
            "elo0=5,elo1=0",
            "elo1=5",
            "elo0=0,elo1=5,alpha=0.7",
            "elo0=x,elo1=1",
            "gamma=1",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
