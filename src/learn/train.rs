//! The trainer: fits the one-hidden-layer network ([`super`]) to data
//! files ([`crate::nnue::data`]) on the CPU.
//!
//! The prediction for a position is `p = σ(y·SCALE / K)`, its target
//! `t = λ·σ(score / K) + (1 − λ)·result/2` (K = `scale`, in
//! centi-units), the loss the mean of `(p − t)²`, as NNUE trainers do.
//! Gradients are written by hand and sparse (only the rows of the active
//! inputs), the optimizer is Adam, and after each step the input weights
//! and biases are clipped to ±`WEIGHT_CLIP` (less where the data has many
//! pieces: [`model::input_clip`]) so the quantized accumulators fit i16.
//!
//! A written here trainer rather than an ML crate (candle, burn): the
//! inputs are a few dozen active of a few hundred, which dense tensor
//! kernels would multiply as zeros; the sparse sums here are the whole
//! cost of a step.
//!
//! A batch is split over `threads` workers in fixed slices, each with its
//! own dense gradient buffer, summed in worker order: a run is the same
//! for the same seed and thread count. Every shuffle is seeded by
//! (seed, epoch), so a checkpoint after each epoch ([`checkpoint`])
//! resumes to the same result as a run that was never stopped.

mod checkpoint;
mod model;
mod set;

use std::path::PathBuf;
use std::time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use rayon::prelude::*;

pub use checkpoint::Checkpoint;
pub use model::{Adam, Layout};
pub use set::{load, target, Positions, SetOptions, Spec, TrainSet};

use crate::nnue::network::{FloatNet, Network, Shape, SCALE};
use model::{backward, forward, Scratch};

/// A training run's settings (the command line's `agon train`).
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub hidden: usize,
    pub epochs: u32,
    pub batch: usize,
    pub lr: f32,
    /// The learning rate's factor per epoch (1: constant).
    pub lr_decay: f32,
    /// The written net's output is the trained one's times this (1:
    /// as trained); see `agon train --damp`.
    pub damp: f32,
    pub set: SetOptions,
    pub threads: usize,
    /// The net's name (default `<game>-h<hidden>-e<epochs>`).
    pub name: Option<String>,
    pub resume: Option<PathBuf>,
}

impl TrainConfig {
    /// Where the checkpoint of `out` goes.
    pub fn checkpoint_path(&self) -> PathBuf {
        let mut p = self.out.clone().into_os_string();
        p.push(".ckpt");
        PathBuf::from(p)
    }
}

/// What the trainer tells while it works; the command line prints it.
pub trait Observer {
    fn note(&mut self, _text: &str) {}
    fn loaded(&mut self, _set: &TrainSet) {}
    /// Before the first epoch of this run (after `epoch` epochs done):
    /// the validation loss to compare the epochs' with.
    fn start(&mut self, _epoch: u32, _valid_loss: Option<f64>) {}
    /// `done` of `total` positions of the current epoch.
    fn progress(&mut self, _done: usize, _total: usize) {}
    fn epoch(&mut self, _report: &EpochReport) {}
}

/// No output (tests).
pub struct Quiet;
impl Observer for Quiet {}

/// One epoch's figures.
#[derive(Clone, Debug)]
pub struct EpochReport {
    pub epoch: u32,
    pub epochs: u32,
    /// Mean loss over the epoch's batches, as trained.
    pub train_loss: f64,
    /// After the epoch; `None` without a validation split.
    pub valid_loss: Option<f64>,
    pub positions: usize,
    pub secs: f64,
}

impl EpochReport {
    pub fn rate(&self) -> f64 {
        self.positions as f64 / self.secs.max(1e-9)
    }
}

/// The end of a run.
#[derive(Clone, Debug)]
pub struct Trained {
    pub net: FloatNet,
    /// The bytes written to `out` (the quantized net).
    pub bytes: Vec<u8>,
    /// On the validation positions (the training ones without a split):
    pub check: QuantCheck,
}

/// The quantized net read back from its file, against the float net, on
/// real positions.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantCheck {
    pub positions: usize,
    pub float_loss: f64,
    pub quant_loss: f64,
    /// Mean and largest |float − quantized| in centi-units.
    pub mean_abs_cp: f64,
    pub max_abs_cp: f64,
    /// The largest |float| in centi-units, for scale.
    pub max_float_cp: f64,
}

/// The default name of a net.
pub fn default_name(game: &str, hidden: usize, epochs: u32) -> String {
    format!("{}-h{hidden}-e{epochs}", game.to_ascii_lowercase())
}

/// Trains on `cfg.data` and writes the quantized net to `cfg.out`, a
/// checkpoint after each epoch. The error is one line.
pub fn train(spec: &Spec, cfg: &TrainConfig, obs: &mut dyn Observer) -> Result<Trained, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", cfg.threads))?;
    let set = load(spec, &cfg.data, &cfg.set)?;
    for n in &set.notes {
        obs.note(n);
    }
    obs.loaded(&set);
    let layout = Layout {
        inputs: spec.inputs(),
        hidden: cfg.hidden,
    };
    let name = cfg
        .name
        .clone()
        .unwrap_or_else(|| default_name(&spec.game, cfg.hidden, cfg.epochs));
    let mut state = match &cfg.resume {
        Some(path) => {
            let c = Checkpoint::read(path)?;
            check_resume(&c, spec, cfg, &set, layout)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            obs.note(&format!(
                "resumed from {} after epoch {}",
                path.display(),
                c.epoch
            ));
            c
        }
        None => Checkpoint {
            game: spec.game.clone(),
            slots: spec.slots,
            kinds: spec.kinds,
            hidden: cfg.hidden,
            name: name.clone(),
            seed: cfg.set.seed,
            epoch: 0,
            train_len: set.train.len() as u64,
            valid_len: set.valid.len() as u64,
            params: init(layout, set.mean_active, cfg.set.seed),
            adam: Adam::new(layout.params()),
        },
    };
    state.name = name.clone();
    let flip = spec.flip();
    let k = SCALE as f32 / cfg.set.scale;
    let mut workers: Vec<Worker> = (0..cfg.threads).map(|_| Worker::new(layout)).collect();
    let mut order = set.train.clone();
    let ckpt = cfg.checkpoint_path();
    let clip = model::input_clip(set.max_active);
    if clip < crate::nnue::network::WEIGHT_CLIP {
        obs.note(&format!(
            "up to {} active inputs: the input layer is clipped to ±{clip:.3} so the accumulators fit i16",
            set.max_active
        ));
    }
    let valid_loss = |params: &[f32]| {
        (!set.valid.is_empty())
            .then(|| pool.install(|| float_loss(params, layout, &set, &set.valid, &flip, k)))
    };
    obs.start(state.epoch, valid_loss(&state.params));
    while state.epoch < cfg.epochs {
        let began = Instant::now();
        let lr = cfg.lr * cfg.lr_decay.powi(state.epoch as i32);
        order.copy_from_slice(&set.train);
        order.shuffle(&mut epoch_rng(cfg.set.seed, state.epoch));
        let mut loss_sum = 0.0;
        for (b, batch) in order.chunks(cfg.batch.max(1)).enumerate() {
            let per = batch.len().div_ceil(cfg.threads);
            let used = batch.len().div_ceil(per);
            let scale = 1.0 / batch.len() as f32;
            let params = &state.params;
            pool.install(|| {
                workers
                    .par_iter_mut()
                    .zip(batch.par_chunks(per))
                    .for_each(|(w, slice)| {
                        w.gradient(params, layout, &set.positions, &flip, slice, k, scale)
                    })
            });
            loss_sum += workers[..used].iter().map(|w| w.loss).sum::<f64>();
            let (first, rest) = workers.split_at_mut(1);
            let grad = &mut first[0].grad;
            pool.install(|| {
                grad.par_chunks_mut(1 << 12).enumerate().for_each(|(i, g)| {
                    for w in &rest[..used - 1] {
                        for (g, x) in g.iter_mut().zip(&w.grad[i << 12..]) {
                            *g += x;
                        }
                    }
                })
            });
            pool.install(|| {
                state
                    .adam
                    .step(&mut state.params, grad, lr, layout.input_layer(), clip)
            });
            obs.progress(((b + 1) * cfg.batch).min(order.len()), order.len());
        }
        state.epoch += 1;
        let secs = began.elapsed().as_secs_f64();
        let valid_loss = valid_loss(&state.params);
        state.write(&ckpt)?;
        obs.epoch(&EpochReport {
            epoch: state.epoch,
            epochs: cfg.epochs,
            train_loss: loss_sum / order.len() as f64,
            valid_loss,
            positions: order.len(),
            secs,
        });
    }
    let shape = Shape {
        game: spec.game.clone(),
        slots: spec.slots,
        kinds: spec.kinds,
        hidden: cfg.hidden,
    };
    let mut net = layout.to_net(&state.params, shape, &name);
    // A correction fitted through a sigmoid is free to be too large where
    // the sigmoid is flat (decided positions): the search plays better
    // with a damped one (README, "Networks").
    for w in &mut net.output_weights {
        *w *= cfg.damp;
    }
    net.output_bias *= cfg.damp;
    let bytes = net.quantize().to_bytes();
    std::fs::write(&cfg.out, &bytes).map_err(|e| format!("{}: {e}", cfg.out.display()))?;
    let quant = Network::from_bytes(&bytes, &spec.game)?;
    let check_on = if set.valid.is_empty() {
        &set.train
    } else {
        &set.valid
    };
    let check =
        pool.install(|| quant_check(&net, &quant, &set.positions, check_on, &flip, cfg.set.scale))?;
    Ok(Trained { net, bytes, check })
}

fn check_resume(
    c: &Checkpoint,
    spec: &Spec,
    cfg: &TrainConfig,
    set: &TrainSet,
    l: Layout,
) -> Result<(), String> {
    if !c.game.eq_ignore_ascii_case(&spec.game) || c.slots != spec.slots || c.kinds != spec.kinds {
        return Err(format!(
            "the checkpoint is of {}, not {}",
            c.game, spec.game
        ));
    }
    if c.hidden != cfg.hidden || c.params.len() != l.params() {
        return Err(format!(
            "the checkpoint has {} hidden units, not {}",
            c.hidden, cfg.hidden
        ));
    }
    if c.seed != cfg.set.seed {
        return Err(format!(
            "the checkpoint was made with --seed {}, not {}",
            c.seed, cfg.set.seed
        ));
    }
    if (c.train_len, c.valid_len) != (set.train.len() as u64, set.valid.len() as u64) {
        return Err(format!(
            "the checkpoint was made on {} training and {} validation positions, these data give {} and {}",
            c.train_len,
            c.valid_len,
            set.train.len(),
            set.valid.len()
        ));
    }
    Ok(())
}

/// Small random weights: the accumulators start with a spread near one
/// unit whatever the number of active inputs, the output near zero.
fn init(l: Layout, mean_active: f64, seed: u64) -> Vec<f32> {
    let mut rng = Pcg64::seed_from_u64(seed ^ 0x5eed_1417);
    let w = (1.0 / mean_active.max(1.0).sqrt()) as f32;
    let o = 1.0 / (l.hidden as f32).sqrt();
    let mut p = vec![0.0; l.params()];
    for x in &mut p[..l.weights()] {
        *x = rng.gen_range(-w..w);
    }
    let outs = l.weights() + l.hidden..l.params() - 1;
    for x in &mut p[outs] {
        *x = rng.gen_range(-o..o);
    }
    p
}

fn epoch_rng(seed: u64, epoch: u32) -> Pcg64 {
    Pcg64::seed_from_u64(seed ^ u64::from(epoch + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A thread's part of a batch: its gradient and loss.
struct Worker {
    grad: Vec<f32>,
    scratch: Scratch,
    other: Vec<u16>,
    loss: f64,
}

impl Worker {
    fn new(l: Layout) -> Worker {
        Worker {
            grad: vec![0.0; l.params()],
            scratch: Scratch::new(l.hidden),
            other: Vec::new(),
            loss: 0.0,
        }
    }

    /// The gradient of `scale · Σ (p − t)²` over `slice`, and its loss.
    #[allow(clippy::too_many_arguments)]
    fn gradient(
        &mut self,
        params: &[f32],
        l: Layout,
        pos: &Positions,
        flip: &[u16],
        slice: &[u32],
        k: f32,
        scale: f32,
    ) {
        self.grad.fill(0.0);
        self.loss = 0.0;
        for &i in slice {
            let own = pos.own(i as usize);
            self.other.clear();
            self.other.extend(own.iter().map(|&f| flip[usize::from(f)]));
            let views = [own, &self.other[..]];
            let y = forward(params, l, views, &mut self.scratch);
            let p = sigmoid(y * k + pos.bases[i as usize]);
            let t = pos.targets[i as usize];
            self.loss += f64::from((p - t) * (p - t));
            let g = 2.0 * (p - t) * p * (1.0 - p) * k * scale;
            backward(params, l, views, &mut self.scratch, g, &mut self.grad);
        }
    }
}

/// The float net's mean loss on `which`.
fn float_loss(
    params: &[f32],
    l: Layout,
    set: &TrainSet,
    which: &[u32],
    flip: &[u16],
    k: f32,
) -> f64 {
    let sum: f64 = which
        .par_chunks(1024)
        .map(|chunk| {
            let mut s = Scratch::new(l.hidden);
            let mut other = Vec::new();
            chunk
                .iter()
                .map(|&i| {
                    let own = set.positions.own(i as usize);
                    other.clear();
                    other.extend(own.iter().map(|&f| flip[usize::from(f)]));
                    let base = set.positions.bases[i as usize];
                    let p = sigmoid(forward(params, l, [own, &other], &mut s) * k + base);
                    let t = set.positions.targets[i as usize];
                    f64::from((p - t) * (p - t))
                })
                .sum::<f64>()
        })
        .collect::<Vec<f64>>()
        .into_iter()
        .sum();
    sum / which.len().max(1) as f64
}

/// The quantized net's evaluation in centi-units, as inference computes
/// it: i16 accumulators (bias plus the active rows), then
/// [`Network::output`]. An accumulator out of i16 is an error (the
/// weight clip is there to prevent it).
pub fn quantized_eval(
    net: &Network,
    views: [&[u16]; 2],
    acc: &mut [Vec<i16>; 2],
) -> Result<i32, String> {
    let h = net.shape.hidden;
    for (v, feats) in views.into_iter().enumerate() {
        let mut wide: Vec<i32> = net.input_biases.iter().map(|&b| i32::from(b)).collect();
        for &f in feats {
            for (a, &w) in wide
                .iter_mut()
                .zip(&net.input_weights[usize::from(f) * h..][..h])
            {
                *a += i32::from(w);
            }
        }
        acc[v].clear();
        for a in wide {
            acc[v].push(
                i16::try_from(a).map_err(|_| format!("an accumulator of {a} overflows i16"))?,
            );
        }
    }
    Ok(net.output(&acc[0], &acc[1]))
}

/// Compares the float net and the quantized one on `which`.
pub fn quant_check(
    net: &FloatNet,
    quant: &Network,
    pos: &Positions,
    which: &[u32],
    flip: &[u16],
    scale: f32,
) -> Result<QuantCheck, String> {
    let per: Vec<[f64; 5]> = which
        .par_chunks(1024)
        .map(|chunk| {
            let mut acc = [Vec::new(), Vec::new()];
            let mut own = Vec::new();
            let mut other = Vec::new();
            let mut s = [0.0f64; 5];
            for &i in chunk {
                let feats = pos.own(i as usize);
                own.clear();
                own.extend(feats.iter().map(|&f| usize::from(f)));
                other.clear();
                other.extend(feats.iter().map(|&f| usize::from(flip[usize::from(f)])));
                let fl = net.evaluate(&own, &other);
                let other16: Vec<u16> = other.iter().map(|&f| f as u16).collect();
                let q = quantized_eval(quant, [feats, &other16], &mut acc)? as f32;
                let t = pos.targets[i as usize];
                let base = pos.bases[i as usize];
                let (pf, pq) = (sigmoid(fl / scale + base), sigmoid(q / scale + base));
                s[0] += f64::from((pf - t) * (pf - t));
                s[1] += f64::from((pq - t) * (pq - t));
                s[2] += f64::from((fl - q).abs());
                s[3] = s[3].max(f64::from((fl - q).abs()));
                s[4] = s[4].max(f64::from(fl.abs()));
            }
            Ok(s)
        })
        .collect::<Result<_, String>>()?;
    let n = which.len().max(1) as f64;
    let total = per.iter().fold([0.0; 5], |a, s| {
        [
            a[0] + s[0],
            a[1] + s[1],
            a[2] + s[2],
            a[3].max(s[3]),
            a[4].max(s[4]),
        ]
    });
    Ok(QuantCheck {
        positions: which.len(),
        float_loss: total[0] / n,
        quant_loss: total[1] / n,
        mean_abs_cp: total[2] / n,
        max_abs_cp: total[3],
        max_float_cp: total[4],
    })
}

#[cfg(test)]
mod tests;
