//! The two loops inference spends its time in: an accumulator made from
//! another by adding and subtracting weight rows ([`update`]), and the
//! output layer's clipped dot product ([`crelu_dot`]).
//!
//! Each has one portable body. On x86-64 a second copy is compiled for
//! AVX2 and chosen at run time when the processor has it
//! (`is_x86_feature_detected!`, a cached flag): the release build targets
//! x86-64-v2 (SSE4.2) so that it runs on any machine of the last decade,
//! and AVX2 doubles the lanes where it exists. The update's AVX2 copy is
//! the portable body compiled with the feature (the compiler vectorizes
//! its fixed-size blocks); the dot product's uses `vpmaddwd`, which the
//! compiler does not find by itself. Both copies give the same integers
//! (`tests::simd_paths_agree`).

use super::network::QA;

/// `dst = src + Σ rows[adds] − Σ rows[subs]` (wrapping i16), where row
/// `f` is `weights[f·h .. (f+1)·h]` and `h = dst.len()`.
pub fn update(dst: &mut [i16], src: &[i16], weights: &[i16], adds: &[usize], subs: &[usize]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (checked just above).
        unsafe { update_avx2(dst, src, weights, adds, subs) };
        return;
    }
    update_portable(dst, src, weights, adds, subs);
}

/// `Σ clamp(acc_i, 0, QA) · w_i`.
pub fn crelu_dot(acc: &[i16], w: &[i16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { crelu_dot_avx2(acc, w) };
    }
    crelu_dot_portable(acc, w)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn update_avx2(
    dst: &mut [i16],
    src: &[i16],
    weights: &[i16],
    adds: &[usize],
    subs: &[usize],
) {
    update_portable(dst, src, weights, adds, subs);
}

/// Blocks of 128 lanes (eight AVX2 registers: a whole view of the
/// shipped nets, so each row is visited once), then of 16, kept in
/// registers while every row is applied, then single lanes for a hidden
/// size that is not a multiple of 16.
#[inline(always)]
pub(super) fn update_portable(
    dst: &mut [i16],
    src: &[i16],
    weights: &[i16],
    adds: &[usize],
    subs: &[usize],
) {
    let h = dst.len();
    let mut start = 0;
    while start + 128 <= h {
        block::<128>(dst, src, weights, adds, subs, start);
        start += 128;
    }
    while start + 16 <= h {
        block::<16>(dst, src, weights, adds, subs, start);
        start += 16;
    }
    for i in start..h {
        let mut v = src[i];
        for &f in adds {
            v = v.wrapping_add(weights[f * h + i]);
        }
        for &f in subs {
            v = v.wrapping_sub(weights[f * h + i]);
        }
        dst[i] = v;
    }
}

#[inline(always)]
fn block<const L: usize>(
    dst: &mut [i16],
    src: &[i16],
    weights: &[i16],
    adds: &[usize],
    subs: &[usize],
    start: usize,
) {
    let h = dst.len();
    let mut v = [0i16; L];
    v.copy_from_slice(&src[start..start + L]);
    for &f in adds {
        let row = &weights[f * h + start..f * h + start + L];
        for (a, &x) in v.iter_mut().zip(row) {
            *a = a.wrapping_add(x);
        }
    }
    for &f in subs {
        let row = &weights[f * h + start..f * h + start + L];
        for (a, &x) in v.iter_mut().zip(row) {
            *a = a.wrapping_sub(x);
        }
    }
    dst[start..start + L].copy_from_slice(&v);
}

#[inline(always)]
pub(super) fn crelu_dot_portable(acc: &[i16], w: &[i16]) -> i32 {
    acc.iter()
        .zip(w)
        .map(|(&a, &o)| i32::from(a.clamp(0, QA as i16)) * i32::from(o))
        .sum()
}

/// Sixteen lanes at a time: clamp, multiply to i32 pairs and add them
/// (`vpmaddwd`); the products fit (255 · 32767 · 2 < 2³¹), and so does
/// the sum of a hidden layer the file format allows (the output weights
/// are clipped in training: [`super::network::OUTPUT_CLIP`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn crelu_dot_avx2(acc: &[i16], w: &[i16]) -> i32 {
    use std::arch::x86_64::*;
    let n = acc.len().min(w.len());
    let zero = _mm256_setzero_si256();
    let top = _mm256_set1_epi16(QA as i16);
    let mut sum = _mm256_setzero_si256();
    let mut i = 0;
    while i + 16 <= n {
        // SAFETY: i + 16 <= n, so both 32-byte loads are in bounds
        // (unaligned loads need no alignment).
        let (a, o) = unsafe {
            (
                _mm256_loadu_si256(acc.as_ptr().add(i).cast()),
                _mm256_loadu_si256(w.as_ptr().add(i).cast()),
            )
        };
        let a = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(a, o));
        i += 16;
    }
    let quad = _mm_add_epi32(
        _mm256_castsi256_si128(sum),
        _mm256_extracti128_si256::<1>(sum),
    );
    let pair = _mm_add_epi32(quad, _mm_unpackhi_epi64(quad, quad));
    let one = _mm_add_epi32(pair, _mm_shuffle_epi32::<0b01>(pair));
    _mm_cvtsi128_si32(one) + crelu_dot_portable(&acc[i..n], &w[i..n])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64;

    /// On a machine with AVX2 the run-time choice takes the AVX2 copies;
    /// they must give the portable copies' integers for every hidden size
    /// (blocks of 64 and 16 and single lanes) and any values.
    #[test]
    fn simd_paths_agree() {
        let mut rng = Pcg64::seed_from_u64(7);
        for h in [1, 15, 16, 32, 64, 80, 128, 137, 256, 300] {
            let rows = 40;
            let weights: Vec<i16> = (0..rows * h).map(|_| rng.gen()).collect();
            let src: Vec<i16> = (0..h).map(|_| rng.gen()).collect();
            let adds: Vec<usize> = (0..rng.gen_range(0..6))
                .map(|_| rng.gen_range(0..rows))
                .collect();
            let subs: Vec<usize> = (0..rng.gen_range(0..6))
                .map(|_| rng.gen_range(0..rows))
                .collect();
            let (mut fast, mut plain) = (vec![0; h], vec![0; h]);
            update(&mut fast, &src, &weights, &adds, &subs);
            update_portable(&mut plain, &src, &weights, &adds, &subs);
            assert_eq!(fast, plain, "update, hidden {h}");
            let mut by_lane = src.clone();
            for (i, v) in by_lane.iter_mut().enumerate() {
                for &f in &adds {
                    *v = v.wrapping_add(weights[f * h + i]);
                }
                for &f in &subs {
                    *v = v.wrapping_sub(weights[f * h + i]);
                }
            }
            assert_eq!(plain, by_lane, "update, hidden {h}");
            // Output weights as training clips them.
            let out: Vec<i16> = (0..h).map(|_| rng.gen_range(-16384..=16384)).collect();
            assert_eq!(
                crelu_dot(&src, &out),
                crelu_dot_portable(&src, &out),
                "dot, hidden {h}"
            );
        }
    }
}
