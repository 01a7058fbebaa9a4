//! Deterministic Zobrist keys: every build and every run hashes a position
//! the same way, so hashes printed by `d` are comparable across machines.

/// SplitMix64 step, usable in `const` contexts to fill key tables.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// A table of `N` keys derived from `seed`.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix64(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct_and_seeded() {
        let a = super::keys::<64>(1);
        let b = super::keys::<64>(2);
        assert_ne!(a, b);
        let mut s = a.to_vec();
        s.sort_unstable();
        s.dedup();
        assert_eq!(s.len(), 64);
    }
}
