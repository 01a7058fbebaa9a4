//! Kubeia's chance node (petteia.md "Kubeia (dice)"): two six-sided dice,
//! of which only the higher and the lower matter, so 21 distinct rolls;
//! doubles have probability 1/36, the others 2/36. Doubles are the Hand of
//! Zeus: the same player rolls and moves again.

use super::state::Move;

/// The 21 distinct rolls, higher die first, from 66 down to 11.
pub fn rolls() -> impl Iterator<Item = (u8, u8)> {
    (1..=6u8)
        .rev()
        .flat_map(|hi| (1..=hi).rev().map(move |lo| (hi, lo)))
}

/// The roll outcomes with their probabilities.
pub fn outcomes(out: &mut Vec<(Move, f64)>) {
    out.clear();
    for (hi, lo) in rolls() {
        let p = if hi == lo { 1.0 / 36.0 } else { 2.0 / 36.0 };
        out.push((Move::roll(hi, lo), p));
    }
}

/// Index of a roll among the 21, for hashing.
pub fn roll_index(hi: u8, lo: u8) -> usize {
    let hi = hi as usize;
    let lo = lo as usize;
    (hi - 1) * hi / 2 + (lo - 1)
}

pub fn is_hand_of_zeus(hi: u8, lo: u8) -> bool {
    hi == lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_one_rolls_summing_to_one() {
        let mut v = Vec::new();
        outcomes(&mut v);
        assert_eq!(v.len(), 21);
        let total: f64 = v.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        let mut idx: Vec<usize> = rolls().map(|(h, l)| roll_index(h, l)).collect();
        idx.sort_unstable();
        assert_eq!(idx, (0..21).collect::<Vec<_>>());
    }
}
