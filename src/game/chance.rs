//! Drawing one outcome of a chance node by its probability: the one way
//! the protocol (`chance`), the match referee and the tests roll dice and
//! throw sticks, so that a seeded generator gives the same throws in each.

use rand::Rng;

/// An outcome of `outcomes` (probabilities summing to 1) drawn with one
/// uniform number from `rng`; the last outcome if rounding leaves the
/// number above the sum. `None`, without drawing, if there are none.
pub fn draw_outcome<M: Copy, R: Rng + ?Sized>(outcomes: &[(M, f64)], rng: &mut R) -> Option<M> {
    if outcomes.is_empty() {
        return None;
    }
    outcome_at(outcomes, rng.gen())
}

/// The outcome of `outcomes` where the uniform number `u` in `[0, 1)`
/// falls on their cumulative distribution (the inverse-CDF draw, so that
/// spread numbers give spread outcomes: stratified sampling); the last
/// outcome if rounding leaves `u` above the sum.
pub fn outcome_at<M: Copy>(outcomes: &[(M, f64)], u: f64) -> Option<M> {
    let &(last, _) = outcomes.last()?;
    let mut x = u;
    for &(m, p) in outcomes {
        if x < p {
            return Some(m);
        }
        x -= p;
    }
    Some(last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_pcg::Pcg64;

    #[test]
    fn frequencies_follow_the_probabilities() {
        let outcomes = [('a', 0.125), ('b', 0.375), ('c', 0.5)];
        let mut rng = Pcg64::seed_from_u64(3);
        let mut counts = [0u32; 3];
        for _ in 0..80_000 {
            let m = draw_outcome(&outcomes, &mut rng).unwrap();
            counts[(m as u8 - b'a') as usize] += 1;
        }
        for (c, (_, p)) in counts.iter().zip(outcomes) {
            let share = f64::from(*c) / 80_000.0;
            assert!((share - p).abs() < 0.01, "{counts:?}");
        }
        assert_eq!(draw_outcome::<char, _>(&[], &mut rng), None);
    }
}
