//! The float network as one flat parameter vector, its forward pass and
//! its gradient by hand, and Adam.
//!
//! The layout is `[W (inputs·hidden, input-major) | b (hidden) | o
//! (2·hidden: own view, then the other) | c]`: a gradient buffer and
//! Adam's moments have the same layout, so the optimizer is one loop over
//! a slice. The inputs are sparse (a few dozen active of a few hundred),
//! so the forward pass adds the active rows of `W` and the backward pass
//! touches only those rows; a dense ML crate would spend its time on
//! zeros.

use crate::nnue::network::{FloatNet, Shape, OUTPUT_CLIP, QA, WEIGHT_CLIP};

/// Where each part of the network sits in the parameter vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub inputs: usize,
    pub hidden: usize,
}

impl Layout {
    /// Parameters in all.
    pub fn params(self) -> usize {
        self.weights() + 3 * self.hidden + 1
    }

    /// Input weights: they come first, `0..weights()`.
    pub fn weights(self) -> usize {
        self.inputs * self.hidden
    }

    /// The input layer (weights and biases), which the clip keeps small.
    pub fn input_layer(self) -> usize {
        self.weights() + self.hidden
    }

    fn bias(self) -> usize {
        self.weights()
    }

    fn out(self) -> usize {
        self.weights() + self.hidden
    }

    fn out_bias(self) -> usize {
        self.weights() + 3 * self.hidden
    }

    /// The parameters as a [`FloatNet`] of `shape`.
    pub fn to_net(self, params: &[f32], shape: Shape, name: &str) -> FloatNet {
        let mut net = FloatNet::zeros(shape, name);
        net.input_weights.copy_from_slice(&params[..self.weights()]);
        net.input_biases
            .copy_from_slice(&params[self.bias()..self.out()]);
        net.output_weights
            .copy_from_slice(&params[self.out()..self.out_bias()]);
        net.output_bias = params[self.out_bias()];
        net
    }
}

/// A thread's buffers for one sample: the two accumulators and the
/// gradient at the accumulator.
pub struct Scratch {
    acc: [Vec<f32>; 2],
    dacc: Vec<f32>,
}

impl Scratch {
    pub fn new(hidden: usize) -> Scratch {
        Scratch {
            acc: [vec![0.0; hidden], vec![0.0; hidden]],
            dacc: vec![0.0; hidden],
        }
    }
}

/// The output in output units (`y`, before `SCALE`) of the position
/// whose active inputs are `views` (own, other); leaves the accumulators
/// in `s` for [`backward`].
#[inline]
pub fn forward(p: &[f32], l: Layout, views: [&[u16]; 2], s: &mut Scratch) -> f32 {
    let h = l.hidden;
    let mut y = p[l.out_bias()];
    for (v, feats) in views.into_iter().enumerate() {
        let acc = &mut s.acc[v];
        acc.copy_from_slice(&p[l.bias()..l.bias() + h]);
        for &f in feats {
            let row = &p[usize::from(f) * h..][..h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        let o = &p[l.out() + v * h..][..h];
        y += acc
            .iter()
            .zip(o)
            .map(|(a, o)| a.clamp(0.0, 1.0) * o)
            .sum::<f32>();
    }
    y
}

/// Adds to `grad` the gradient of a loss whose derivative by the output
/// `y` is `g`, at the position [`forward`] last saw.
#[inline]
pub fn backward(
    p: &[f32],
    l: Layout,
    views: [&[u16]; 2],
    s: &mut Scratch,
    g: f32,
    grad: &mut [f32],
) {
    let h = l.hidden;
    grad[l.out_bias()] += g;
    for (v, feats) in views.into_iter().enumerate() {
        let acc = &s.acc[v];
        let o = &p[l.out() + v * h..][..h];
        let go = &mut grad[l.out() + v * h..][..h];
        for (((d, go), &a), &o) in s.dacc.iter_mut().zip(go).zip(acc).zip(o) {
            *go += g * a.clamp(0.0, 1.0);
            // The clipped ReLU passes a gradient only inside (0, 1).
            *d = if a > 0.0 && a < 1.0 { g * o } else { 0.0 };
        }
        for (gb, d) in grad[l.bias()..l.bias() + h].iter_mut().zip(&s.dacc) {
            *gb += d;
        }
        for &f in feats {
            let row = &mut grad[usize::from(f) * h..][..h];
            for (gw, d) in row.iter_mut().zip(&s.dacc) {
                *gw += d;
            }
        }
    }
}

/// The bound on the input layer's weights and biases that keeps every
/// quantized accumulator of a position with `max_active` inputs within
/// i16: `WEIGHT_CLIP`, or less where pieces are many (Zamma starts with
/// 80, and 81 · 1.98 · 255 is past 32767). Each quantized term is at
/// most `QA · clip + ½` (rounding).
pub fn input_clip(max_active: usize) -> f32 {
    let terms = (max_active + 1) as f32;
    let fits = (f32::from(i16::MAX) / terms - 0.5) / QA as f32;
    WEIGHT_CLIP.min(fits)
}

/// Adam's state: the moments and the step count.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    pub m: Vec<f32>,
    pub v: Vec<f32>,
    pub step: u64,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPS: f32 = 1e-8;

impl Adam {
    pub fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            step: 0,
        }
    }

    /// One step of learning rate `lr` on `params` with gradient `grad`;
    /// the input layer (`..clip_below`) is then kept within ±`clip`
    /// ([`input_clip`]) and the output layer within ±[`OUTPUT_CLIP`].
    pub fn step(
        &mut self,
        params: &mut [f32],
        grad: &[f32],
        lr: f32,
        clip_below: usize,
        clip: f32,
    ) {
        use rayon::prelude::*;
        self.step += 1;
        let t = self.step as i32;
        let c1 = 1.0 - BETA1.powi(t);
        let c2 = 1.0 - BETA2.powi(t);
        let rate = lr * c2.sqrt() / c1;
        const CHUNK: usize = 1 << 12;
        params
            .par_chunks_mut(CHUNK)
            .zip(self.m.par_chunks_mut(CHUNK))
            .zip(self.v.par_chunks_mut(CHUNK))
            .zip(grad.par_chunks(CHUNK))
            .enumerate()
            .for_each(|(i, (((p, m), v), g))| {
                for (((p, m), v), &g) in p.iter_mut().zip(m).zip(v).zip(g) {
                    *m = BETA1 * *m + (1.0 - BETA1) * g;
                    *v = BETA2 * *v + (1.0 - BETA2) * g * g;
                    *p -= rate * *m / (v.sqrt() + EPS);
                }
                // The output layer is kept within ±OUTPUT_CLIP, so the
                // integer output sum stays in an i32.
                let start = i * CHUNK;
                let end = clip_below.saturating_sub(start).min(p.len());
                for w in &mut p[..end] {
                    *w = w.clamp(-clip, clip);
                }
                for w in &mut p[end..] {
                    *w = w.clamp(-OUTPUT_CLIP, OUTPUT_CLIP);
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written gradient agrees with finite differences of the
    /// forward pass (away from the clipped ReLU's corners).
    #[test]
    fn the_gradient_is_the_derivative_of_the_output() {
        let l = Layout {
            inputs: 6,
            hidden: 4,
        };
        let mut p: Vec<f32> = (0..l.params())
            .map(|i| ((i * 37 % 23) as f32 / 23.0 - 0.5) * 0.6)
            .collect();
        p[l.bias()..l.out()].copy_from_slice(&[0.3, 0.4, 0.5, 0.2]);
        let (own, other): (&[u16], &[u16]) = (&[0, 3], &[1, 4, 5]);
        let mut s = Scratch::new(l.hidden);
        let mut grad = vec![0.0; l.params()];
        forward(&p, l, [own, other], &mut s);
        backward(&p, l, [own, other], &mut s, 1.0, &mut grad);
        let mut checked = 0;
        for i in 0..l.params() {
            let eps = 1e-3;
            let mut q = p.clone();
            q[i] += eps;
            let up = forward(&q, l, [own, other], &mut s);
            q[i] -= 2.0 * eps;
            let down = forward(&q, l, [own, other], &mut s);
            let numeric = (up - down) / (2.0 * eps);
            assert!(
                (numeric - grad[i]).abs() < 1e-2,
                "parameter {i}: numeric {numeric}, by hand {}",
                grad[i]
            );
            checked += usize::from(grad[i] != 0.0);
        }
        // Inactive inputs get no gradient; the rest mostly do.
        assert!(grad[2 * l.hidden..3 * l.hidden].iter().all(|&g| g == 0.0));
        assert!(checked > l.params() / 3, "only {checked} nonzero");
    }

    #[test]
    fn adam_clips_only_the_input_weights() {
        let mut p = vec![1.97f32; 10];
        let mut adam = Adam::new(10);
        adam.step(&mut p, &[-1.0; 10], 0.5, 4, WEIGHT_CLIP);
        assert!(p[..4].iter().all(|&w| w == WEIGHT_CLIP));
        assert!(p[4..].iter().all(|&w| w > 2.4));
    }

    #[test]
    fn the_clip_keeps_a_full_accumulator_in_i16() {
        for n in [1, 16, 32, 53, 80, 96, 128] {
            let clip = input_clip(n);
            let q = (clip * QA as f32).round() as i32;
            assert!(
                (n as i32 + 1) * q <= i32::from(i16::MAX),
                "{n} inputs: {clip}"
            );
            assert!(clip > 0.0 && clip <= WEIGHT_CLIP);
        }
        assert_eq!(input_clip(30), WEIGHT_CLIP, "a few pieces: the usual clip");
    }
}
