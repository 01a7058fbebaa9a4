//! The trainer's checkpoint: everything a killed run needs to go on as
//! if it had not stopped (parameters, Adam's moments and step, the epochs
//! done). The shuffles are seeded by (seed, epoch), so the random state
//! is the seed and the epoch.
//!
//! The file (little endian): `AGONCKPT`, version u16 (1), the game
//! (u8 length, name), slots u16, kinds u8, hidden u16, the net's name
//! (u8 length, name), seed u64, epochs done u32, Adam's step u64, the
//! training and validation position counts u64 each (a resume on other
//! data is refused), the parameter count u64, then the parameters,
//! Adam's first and second moments (f32 each), and an FNV-1a checksum
//! u64 of every byte before it.

use std::path::Path;

use super::model::Adam;
use crate::game::files::fnv1a;
use crate::nnue::bytes::{put_str, Reader};

const MAGIC: &[u8; 8] = b"AGONCKPT";
const VERSION: u16 = 1;

/// The largest checkpoint read: three f32 copies of the parameters (the
/// values and Adam's two moments) of the largest network file's i16
/// ones, with room to spare.
pub const MAX_CHECKPOINT_BYTES: u64 = 8 * crate::nnue::network::MAX_FILE_BYTES as u64;

#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    pub game: String,
    pub slots: usize,
    pub kinds: usize,
    pub hidden: usize,
    pub name: String,
    pub seed: u64,
    pub epoch: u32,
    pub train_len: u64,
    pub valid_len: u64,
    pub params: Vec<f32>,
    pub adam: Adam,
}

impl Checkpoint {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&VERSION.to_le_bytes());
        put_str(&mut out, &self.game);
        out.extend_from_slice(&(self.slots as u16).to_le_bytes());
        out.push(self.kinds as u8);
        out.extend_from_slice(&(self.hidden as u16).to_le_bytes());
        put_str(&mut out, &self.name);
        out.extend_from_slice(&self.seed.to_le_bytes());
        out.extend_from_slice(&self.epoch.to_le_bytes());
        out.extend_from_slice(&self.adam.step.to_le_bytes());
        out.extend_from_slice(&self.train_len.to_le_bytes());
        out.extend_from_slice(&self.valid_len.to_le_bytes());
        out.extend_from_slice(&(self.params.len() as u64).to_le_bytes());
        for x in self.params.iter().chain(&self.adam.m).chain(&self.adam.v) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend_from_slice(&fnv1a(&out).to_le_bytes());
        out
    }

    /// The error is one line.
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, String> {
        let body = bytes
            .len()
            .checked_sub(8)
            .filter(|_| bytes.starts_with(MAGIC))
            .ok_or("not an agon training checkpoint (no AGONCKPT header)")?;
        let stored = u64::from_le_bytes(bytes[body..].try_into().map_err(|_| "cut short")?);
        if fnv1a(&bytes[..body]) != stored {
            return Err("the checkpoint is corrupt (checksum mismatch)".into());
        }
        let mut r = Reader::new(&bytes[..body], 8, "checkpoint");
        let version = r.u16()?;
        if version != VERSION {
            return Err(format!(
                "checkpoint version {version}; this agon reads {VERSION}"
            ));
        }
        let game = r.string()?;
        let slots = usize::from(r.u16()?);
        let kinds = usize::from(r.u8()?);
        let hidden = usize::from(r.u16()?);
        let name = r.string()?;
        let seed = u64::from_le_bytes(r.array()?);
        let epoch = u32::from_le_bytes(r.array()?);
        let step = u64::from_le_bytes(r.array()?);
        let train_len = u64::from_le_bytes(r.array()?);
        let valid_len = u64::from_le_bytes(r.array()?);
        let n = u64::from_le_bytes(r.array()?);
        let n = usize::try_from(n)
            .ok()
            .filter(|&n| n.checked_mul(12) == Some(r.bytes.len() - r.at))
            .ok_or("the checkpoint's sizes do not match its length")?;
        let params = r.f32s(n)?;
        let m = r.f32s(n)?;
        let v = r.f32s(n)?;
        Ok(Checkpoint {
            game,
            slots,
            kinds,
            hidden,
            name,
            seed,
            epoch,
            train_len,
            valid_len,
            params,
            adam: Adam { m, v, step },
        })
    }

    /// Writes the checkpoint whole or not at all (a temporary file
    /// renamed over it), so a kill while writing keeps the last one.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let tmp = path.with_extension("ckpt.tmp");
        std::fs::write(&tmp, self.to_bytes())
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a checkpoint file: a regular file only, up to
    /// [`MAX_CHECKPOINT_BYTES`].
    pub fn read(path: &Path) -> Result<Checkpoint, String> {
        let bytes = crate::game::files::read_regular(path, MAX_CHECKPOINT_BYTES)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Checkpoint::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Checkpoint {
        Checkpoint {
            game: "Zamma".into(),
            slots: 81,
            kinds: 2,
            hidden: 3,
            name: "zamma-test".into(),
            seed: 7,
            epoch: 4,
            train_len: 1000,
            valid_len: 50,
            params: vec![0.5, -1.25, 3.0],
            adam: Adam {
                m: vec![0.1, 0.2, 0.3],
                v: vec![1e-3, 2e-3, f32::MIN_POSITIVE],
                step: 99,
            },
        }
    }

    #[test]
    fn a_checkpoint_round_trips() {
        let c = sample();
        assert_eq!(Checkpoint::from_bytes(&c.to_bytes()), Ok(c));
    }

    #[test]
    fn a_changed_or_cut_checkpoint_is_one_error_line() {
        let bytes = sample().to_bytes();
        let mut changed = bytes.clone();
        changed[40] ^= 1;
        for bad in [
            &changed[..],
            &bytes[..bytes.len() - 3],
            b"AGONCKPT",
            b"",
            b"hello world",
        ] {
            let e = Checkpoint::from_bytes(bad).expect_err("refused");
            assert!(!e.contains('\n') && !e.is_empty(), "{e}");
        }
    }
}
