//! Training data: positions of self-play games with the search's score
//! and the game's result, in a compact binary file.
//!
//! The file (all integers little endian):
//!
//! - header: `AGONDATA`, version u16 (2), the game's name (u8 length,
//!   then the bytes), slots u16, kinds u8, then the run that made the
//!   games (`agon datagen`'s arguments that decide them, so that a
//!   resume with other ones is refused): a count u8, then each entry's
//!   key (u8 length, then the bytes) and value (u32 length, then the
//!   bytes). Version 1, which has no run, still reads (its run empty);
//! - then games, each: its index u32, its position count u16, then the
//!   positions. A position: the side it is seen from u8 (0 or 1), the
//!   score i16 (centi-units, from that side), the result u8 for that side
//!   (0 loss, 1 draw, 2 win), then for side 0 and side 1, for each kind,
//!   a count u8 and that many cells u8.
//!
//! A file cut inside a game (a killed run) reads as the games before the
//! cut ([`read_games`] says where they end, for a resume to truncate to).

use super::bytes::{put_str, Reader};
use super::inputs::{feature, Cells, NetInput};

const MAGIC: &[u8; 8] = b"AGONDATA";
const VERSION: u16 = 2;
/// The first version, without the run in its header.
const VERSION_WITHOUT_RUN: u16 = 1;

/// The largest data file read: far more positions than a training run
/// holds in memory, and a bound on what a path to something endless
/// (a device) could make a reader take.
pub const MAX_DATA_BYTES: u64 = 4 << 30;

/// The header of a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataHeader {
    pub game: String,
    pub slots: usize,
    pub kinds: usize,
    /// The run that made the games, as `(key, value)` pairs (empty in a
    /// version 1 file).
    pub run: Vec<(String, String)>,
}

impl DataHeader {
    /// The header of `G`'s data, without a run.
    pub fn of<G: NetInput>() -> DataHeader {
        DataHeader {
            game: G::NAME.to_string(),
            slots: G::SLOTS,
            kinds: G::KINDS,
            run: Vec::new(),
        }
    }

    /// The header's bytes. A run's keys are the writer's own short names
    /// (at most 255 bytes kept); at most 255 entries are written.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&VERSION.to_le_bytes());
        put_str(&mut out, &self.game);
        out.extend_from_slice(&(self.slots as u16).to_le_bytes());
        out.push(self.kinds as u8);
        let run = &self.run[..self.run.len().min(255)];
        out.push(run.len() as u8);
        for (key, value) in run {
            put_str(&mut out, key);
            out.extend_from_slice(&(value.len() as u32).to_le_bytes());
            out.extend_from_slice(value.as_bytes());
        }
        out
    }
}

/// One position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The side the score and result are from.
    pub side: u8,
    /// Search score in centi-units, from `side`.
    pub score: i16,
    /// 0 loss, 1 draw, 2 win, for `side`.
    pub result: u8,
    /// `pieces[side][kind]`: the cells.
    pub pieces: [Vec<u8>; 2],
    /// Counts per kind, for each side (the cells of `pieces[s]` are
    /// grouped by kind in these counts).
    pub counts: [Vec<u8>; 2],
}

impl Sample {
    /// The position `pos` with its score and result.
    pub fn of<G: NetInput>(pos: &G, score: i16, result: u8) -> Sample {
        let mut pieces = [Vec::new(), Vec::new()];
        let mut counts = [Vec::new(), Vec::new()];
        for side in 0..2 {
            for kind in 0..G::KINDS {
                let mut bits: Cells = pos.pieces(side, kind);
                counts[side].push(bits.count_ones() as u8);
                while bits != 0 {
                    pieces[side].push(bits.trailing_zeros() as u8);
                    bits &= bits - 1;
                }
            }
        }
        Sample {
            side: pos.net_side() as u8,
            score,
            result,
            pieces,
            counts,
        }
    }

    /// The pieces as cell sets: `[side][kind]`.
    pub fn cells(&self) -> [Vec<Cells>; 2] {
        let mut out = [Vec::new(), Vec::new()];
        for (side, sets) in out.iter_mut().enumerate() {
            let mut cells = self.pieces[side].iter();
            for &n in &self.counts[side] {
                sets.push(
                    cells
                        .by_ref()
                        .take(usize::from(n))
                        .fold(0, |set: Cells, &c| set | (1 << c)),
                );
            }
        }
        out
    }

    /// The active inputs seen from `view`, into `out`.
    pub fn features(&self, slots: usize, view: usize, out: &mut Vec<usize>) {
        out.clear();
        for side in 0..2 {
            let mut cells = self.pieces[side].iter();
            for (kind, &n) in self.counts[side].iter().enumerate() {
                for &slot in cells.by_ref().take(usize::from(n)) {
                    out.push(feature(slots, view, side, kind, usize::from(slot)));
                }
            }
        }
    }

    /// The same position with every cell through `map` (a mirror).
    pub fn mapped(&self, map: &[usize]) -> Sample {
        let mut s = self.clone();
        for side in 0..2 {
            for c in &mut s.pieces[side] {
                *c = map[usize::from(*c)] as u8;
            }
        }
        s
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.push(self.side);
        out.extend_from_slice(&self.score.to_le_bytes());
        out.push(self.result);
        for side in 0..2 {
            let mut cells = self.pieces[side].iter();
            for &n in &self.counts[side] {
                out.push(n);
                out.extend(cells.by_ref().take(usize::from(n)));
            }
        }
    }
}

/// The bytes of one game (index and positions), to append to a file.
pub fn game_bytes(index: u32, samples: &[Sample]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&index.to_le_bytes());
    out.extend_from_slice(&(samples.len().min(usize::from(u16::MAX)) as u16).to_le_bytes());
    for s in samples.iter().take(usize::from(u16::MAX)) {
        s.write(&mut out);
    }
    out
}

/// A data file read: its header, its whole games (index, positions) and
/// the length of the bytes they fill (a cut game after them is left out).
pub struct DataFile {
    pub header: DataHeader,
    /// The header's length in bytes: where the games begin.
    pub header_len: usize,
    pub games: Vec<(u32, Vec<Sample>)>,
    pub complete_len: usize,
}

/// Reads a data file's bytes; the error is one line.
pub fn read_games(bytes: &[u8]) -> Result<DataFile, String> {
    let mut r = Reader::new(bytes, 0, "data file");
    // A header cut short is as foreign as a wrong one.
    let bad = || "not an agon data file (no AGONDATA header)".to_string();
    if r.take(8).map_err(|_| bad())? != MAGIC {
        return Err(bad());
    }
    let version = r.u16().map_err(|_| bad())?;
    if version != VERSION && version != VERSION_WITHOUT_RUN {
        return Err(format!(
            "data file version {version}; this agon reads {VERSION_WITHOUT_RUN} and {VERSION}"
        ));
    }
    let game = r.string().map_err(|_| bad())?;
    let slots = usize::from(r.u16().map_err(|_| bad())?);
    let kinds = usize::from(r.u8().map_err(|_| bad())?);
    let mut run = Vec::new();
    if version != VERSION_WITHOUT_RUN {
        for _ in 0..r.u8().map_err(|_| bad())? {
            let key = r.string().map_err(|_| bad())?;
            let len = u32::from_le_bytes(r.array().map_err(|_| bad())?);
            let value = r.take(len as usize).map_err(|_| bad())?;
            let value = String::from_utf8(value.to_vec())
                .map_err(|_| format!("data file: the run's {key} is not UTF-8"))?;
            run.push((key, value));
        }
    }
    let header = DataHeader {
        game,
        slots,
        kinds,
        run,
    };
    let header_len = r.at;
    let mut games = Vec::new();
    let mut complete_len = r.at;
    while let Some(game) = read_game(&mut r, &header)? {
        games.push(game);
        complete_len = r.at;
    }
    Ok(DataFile {
        header,
        header_len,
        games,
        complete_len,
    })
}

/// The next game, `None` at the end or at a cut (where the reader runs
/// out, hence its `.ok()`s); an error for a game that cannot be (a cell
/// off the board, a side or result out of range).
fn read_game(r: &mut Reader, header: &DataHeader) -> Result<Option<(u32, Vec<Sample>)>, String> {
    let Some(index) = r.array().ok().map(u32::from_le_bytes) else {
        return Ok(None);
    };
    let Some(count) = r.u16().ok() else {
        return Ok(None);
    };
    let mut samples = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        let Some(s) = read_sample(r, header)? else {
            return Ok(None);
        };
        samples.push(s);
    }
    Ok(Some((index, samples)))
}

fn read_sample(r: &mut Reader, header: &DataHeader) -> Result<Option<Sample>, String> {
    let Some(side) = r.u8().ok() else {
        return Ok(None);
    };
    let Some(score) = r.array().ok().map(i16::from_le_bytes) else {
        return Ok(None);
    };
    let Some(result) = r.u8().ok() else {
        return Ok(None);
    };
    if side > 1 || result > 2 {
        return Err(format!(
            "data file: a position's side {side} or result {result} is out of range"
        ));
    }
    let mut pieces = [Vec::new(), Vec::new()];
    let mut counts = [Vec::new(), Vec::new()];
    for s in 0..2 {
        for _ in 0..header.kinds {
            let Some(n) = r.u8().ok() else {
                return Ok(None);
            };
            let Some(cells) = r.take(usize::from(n)).ok() else {
                return Ok(None);
            };
            if let Some(&c) = cells.iter().find(|&&c| usize::from(c) >= header.slots) {
                return Err(format!(
                    "data file: cell {c} is off the board ({} cells)",
                    header.slots
                ));
            }
            counts[s].push(n);
            pieces[s].extend_from_slice(cells);
        }
    }
    Ok(Some(Sample {
        side,
        score,
        result,
        pieces,
        counts,
    }))
}
