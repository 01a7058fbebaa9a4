//! A network as numbers: [`FloatNet`], the trainer's float reference, and
//! [`Network`], its quantized form that the engine evaluates with, read
//! from and written to network files.
//!
//! The file (all integers little endian):
//!
//! | field | type |
//! |---|---|
//! | magic | `AGONNNUE` |
//! | version | u16 (1) |
//! | game | u8 length, then the name |
//! | slots, kinds, hidden | u16, u8, u16 |
//! | name | u8 length, then the net's name |
//! | input weights | `2·kinds·slots · hidden` i16, input-major |
//! | input biases | `hidden` i16 |
//! | output weights | `2 · hidden` i16 (own view, then the other) |
//! | output bias | i32 |
//! | checksum | u64, FNV-1a of every byte before it |

use std::fmt;

use super::bytes::{put_str, Reader};
use super::inputs::{inputs, NetInput};
use super::simd::crelu_dot;
use crate::game::files::{fnv1a, read_regular, short_path};

/// Centi-units per output unit.
pub const SCALE: i32 = 400;
/// Quantization of the input layer (an accumulator at `QA` is 1.0).
pub const QA: i32 = 255;
/// Quantization of the output weights.
pub const QB: i32 = 256;
/// The input layer's weights are kept within ±`WEIGHT_CLIP` in training,
/// so that an accumulator of any position fits in an i16.
pub const WEIGHT_CLIP: f32 = 1.98;
/// The output weights are kept within ±`OUTPUT_CLIP`, so that the output
/// sum of both views of up to [`MAX_HIDDEN`] hidden values each fits in
/// an i32.
pub const OUTPUT_CLIP: f32 = 64.0;
/// The most hidden units a network file may have (see [`OUTPUT_CLIP`]).
pub const MAX_HIDDEN: u16 = 256;

const MAGIC: &[u8; 8] = b"AGONNNUE";
const VERSION: u16 = 1;
/// Largest file read: far above any net of these boards.
pub const MAX_FILE_BYTES: usize = 64 << 20;

/// The sizes and names of a network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The game's name (`Game::NAME`).
    pub game: String,
    pub slots: usize,
    pub kinds: usize,
    pub hidden: usize,
}

impl Shape {
    /// The shape of a net of `G` with `hidden` units.
    pub fn of<G: NetInput>(hidden: usize) -> Shape {
        Shape {
            game: G::NAME.to_string(),
            slots: G::SLOTS,
            kinds: G::KINDS,
            hidden,
        }
    }

    pub fn inputs(&self) -> usize {
        inputs(self.slots, self.kinds)
    }
}

/// The float network the trainer fits.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    pub shape: Shape,
    pub name: String,
    /// `inputs · hidden`, input-major.
    pub input_weights: Vec<f32>,
    pub input_biases: Vec<f32>,
    /// `2 · hidden`: own view, then the other.
    pub output_weights: Vec<f32>,
    pub output_bias: f32,
}

impl FloatNet {
    /// A net of `shape` with every weight zero.
    pub fn zeros(shape: Shape, name: &str) -> FloatNet {
        let h = shape.hidden;
        FloatNet {
            input_weights: vec![0.0; shape.inputs() * h],
            input_biases: vec![0.0; h],
            output_weights: vec![0.0; 2 * h],
            output_bias: 0.0,
            name: name.to_string(),
            shape,
        }
    }

    /// A net with random weights in the ranges training keeps them in
    /// (output weights up to ±1): for tests and benches of inference.
    pub fn random(shape: Shape, seed: u64) -> FloatNet {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        let mut net = FloatNet::zeros(shape, "random");
        for w in &mut net.input_weights {
            *w = rng.gen_range(-0.3..0.3f32);
        }
        for b in &mut net.input_biases {
            *b = rng.gen_range(-0.2..0.6f32);
        }
        for o in &mut net.output_weights {
            *o = rng.gen_range(-1.0..1.0f32);
        }
        net.output_bias = rng.gen_range(-0.1..0.1);
        net
    }

    /// The output in centi-units from the view of the side whose inputs
    /// are `own` (the other side's are `other`).
    pub fn evaluate(&self, own: &[usize], other: &[usize]) -> f32 {
        let h = self.shape.hidden;
        let mut y = self.output_bias;
        for (half, active) in [own, other].into_iter().enumerate() {
            let mut acc = self.input_biases.clone();
            for &f in active {
                for (a, w) in acc.iter_mut().zip(&self.input_weights[f * h..(f + 1) * h]) {
                    *a += w;
                }
            }
            let out = &self.output_weights[half * h..(half + 1) * h];
            y += acc
                .iter()
                .zip(out)
                .map(|(a, o)| a.clamp(0.0, 1.0) * o)
                .sum::<f32>();
        }
        y * SCALE as f32
    }

    /// The integer network.
    pub fn quantize(&self) -> Network {
        let q = |x: f32, s: i32| {
            (x * s as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        let mut net = Network {
            shape: self.shape.clone(),
            name: self.name.clone(),
            input_weights: self.input_weights.iter().map(|&w| q(w, QA)).collect(),
            input_biases: self.input_biases.iter().map(|&w| q(w, QA)).collect(),
            output_weights: self.output_weights.iter().map(|&w| q(w, QB)).collect(),
            output_bias: (self.output_bias * (QA * QB) as f32).round() as i32,
            checksum: 0,
        };
        net.checksum = fnv1a(&net.body());
        net
    }
}

/// A quantized network: what the engine evaluates with.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    pub shape: Shape,
    pub name: String,
    pub input_weights: Vec<i16>,
    pub input_biases: Vec<i16>,
    pub output_weights: Vec<i16>,
    pub output_bias: i32,
    /// The file's checksum (of [`Network::to_bytes`] without it).
    pub checksum: u64,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Network({} {})", self.name, self.hash())
    }
}

impl crate::game::EvalNet for Network {
    fn game(&self) -> &str {
        &self.shape.game
    }

    fn label(&self) -> String {
        Network::label(self)
    }

    fn into_any(self: std::sync::Arc<Self>) -> std::sync::Arc<dyn std::any::Any + Send + Sync> {
        self
    }
}

impl Network {
    /// The net's short hash: the first 8 hex digits of its checksum.
    pub fn hash(&self) -> String {
        format!("{:016x}", self.checksum)[..8].to_string()
    }

    /// Name and hash, as `uci` and `bench` print them.
    pub fn label(&self) -> String {
        format!("{}-{}", self.name, self.hash())
    }

    /// The output in centi-units from the two views' accumulators (own
    /// first), quantized as inference runs it.
    #[inline]
    pub fn output(&self, own: &[i16], other: &[i16]) -> i32 {
        let h = self.shape.hidden;
        let (o_own, o_other) = self.output_weights.split_at(h);
        // In i64: a file's weights can bring each view's dot product near
        // i32::MAX (QA · i16::MAX · 256 hidden), so two of them and the bias
        // overflow i32 (found by the `network` fuzz target).
        let sum = i64::from(crelu_dot(own, o_own))
            + i64::from(crelu_dot(other, o_other))
            + i64::from(self.output_bias);
        let scaled = sum * i64::from(SCALE) / i64::from(QA * QB);
        scaled.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.body();
        out.extend_from_slice(&fnv1a(&out).to_le_bytes());
        out
    }

    fn body(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 2 * self.input_weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        put_str(&mut out, &self.shape.game);
        out.extend_from_slice(&(self.shape.slots as u16).to_le_bytes());
        out.push(self.shape.kinds as u8);
        out.extend_from_slice(&(self.shape.hidden as u16).to_le_bytes());
        put_str(&mut out, &self.name);
        for w in self
            .input_weights
            .iter()
            .chain(&self.input_biases)
            .chain(&self.output_weights)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }

    /// Reads a network file's bytes; `game` is the game it must be for.
    /// The error is one line.
    pub fn from_bytes(bytes: &[u8], game: &str) -> Result<Network, String> {
        Network::read(bytes, Some(game))
    }

    fn read(bytes: &[u8], game: Option<&str>) -> Result<Network, String> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(format!("a network file is at most {MAX_FILE_BYTES} bytes"));
        }
        let mut r = Reader::new(bytes, 0, "network file");
        if r.take(8)? != MAGIC {
            return Err("not an agon network file (no AGONNNUE header)".into());
        }
        let version = r.u16()?;
        if version != VERSION {
            return Err(format!(
                "network file version {version}; this agon reads {VERSION}"
            ));
        }
        let file_game = r.string()?;
        if let Some(game) = game.filter(|g| !file_game.eq_ignore_ascii_case(g)) {
            return Err(format!("the network is for {file_game}, not {game}"));
        }
        let shape = Shape {
            game: file_game,
            slots: usize::from(r.u16()?),
            kinds: usize::from(r.u8()?),
            hidden: usize::from(r.u16()?),
        };
        if shape.slots == 0
            || shape.slots > 128
            || shape.kinds == 0
            || shape.hidden == 0
            || shape.hidden > usize::from(MAX_HIDDEN)
            || shape.kinds > 8
        {
            return Err("the network's sizes are out of range".into());
        }
        let name = r.string()?;
        let (n_in, h) = (shape.inputs() * shape.hidden, shape.hidden);
        let input_weights = r.i16s(n_in)?;
        let input_biases = r.i16s(h)?;
        let output_weights = r.i16s(2 * h)?;
        let output_bias = i32::from_le_bytes(r.array()?);
        let body_len = r.at;
        let checksum = u64::from_le_bytes(r.array()?);
        if r.at != bytes.len() {
            return Err("the network file has bytes after its checksum".into());
        }
        if fnv1a(&bytes[..body_len]) != checksum {
            return Err("the network file is corrupt (checksum mismatch)".into());
        }
        Ok(Network {
            shape,
            name,
            input_weights,
            input_biases,
            output_weights,
            output_bias,
            checksum,
        })
    }

    /// Reads a network file of `game` (any game: `None`); the error is
    /// one line naming the file (a long path by its end, so the reason
    /// stays in view). Only a regular file is read (a FIFO would block).
    pub fn load(path: &std::path::Path, game: Option<&str>) -> Result<Network, String> {
        let shown = || short_path(&path.to_string_lossy());
        let bytes =
            read_regular(path, MAX_FILE_BYTES as u64).map_err(|e| format!("{}: {e}", shown()))?;
        Network::read(&bytes, game).map_err(|e| format!("{}: {e}", shown()))
    }
}
