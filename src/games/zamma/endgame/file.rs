//! Zamma's table files: `agon tablebase generate --game zamma --pieces N`
//! writes them, `EndgamePath` reads them.
//!
//! # File format
//! Three text lines, then one record per signature (`index::Material`):
//! - `agon zamma endgame table 1` (the format's name and version),
//! - `options <text>`: the game options the tables were solved under,
//! - `pieces <N>`: every signature of at most N pieces is in the file;
//!
//! and per signature a line `material <name> positions <P> wins <W>
//! draws <D> losses <L> bytes <B>`, then B bytes of its values and the
//! FNV-1a 64-bit hash of those bytes (little-endian). The values are
//! those of the stored positions only (one of each mirror pair, no
//! shared points) in index order, run-length coded: a value byte
//! ([`super::Verdict::to_byte`]) and the run's length in LEB128. W, D and
//! L count the stored positions by their value for the side to move.
//!
//! Generation appends each solved signature to `<out>.partial` and
//! renames it to `<out>` once every signature is in: a generation that is
//! stopped starts again from the signatures it finished.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use super::super::options::Rules;
use super::super::Zamma;
use super::index::{Layout, Material};
use super::{solve, Tables, Verdict, MAX_QUIET_LIMIT, MAX_TABLE_PIECES};
use crate::game::files::{fnv1a, open_regular};
use crate::game::options::intern;
use crate::game::{Game, GameError, GameOptions};

const MAGIC: &str = "agon zamma endgame table 1";

/// Longest text line read.
const MAX_LINE: u64 = 4096;

/// The largest file read: every signature's values uncompressed would
/// be under 600 MB at four pieces; run-length coding at worst doubles it.
const MAX_FILE_BYTES: u64 = 2_000_000_000;

/// What a record's counts say about its signature.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Counts {
    fn of(layout: &Layout, values: &[u8]) -> Counts {
        let mut c = Counts::default();
        layout.for_each_stored(|idx, _, _| {
            c.positions += 1;
            match Verdict::from_byte(values[idx as usize]) {
                Verdict::Win(_) => c.wins += 1,
                Verdict::Draw => c.draws += 1,
                Verdict::Loss(_) => c.losses += 1,
            }
        });
        c
    }
}

/// The run-length code of the stored positions' values.
fn encode(layout: &Layout, values: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut run: Option<(u8, u64)> = None;
    let flush = |v: u8, mut n: u64, out: &mut Vec<u8>| {
        out.push(v);
        loop {
            let low = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                out.push(low);
                break;
            }
            out.push(low | 0x80);
        }
    };
    layout.for_each_stored(|idx, _, _| {
        let v = values[idx as usize];
        run = match run {
            Some((w, n)) if w == v => Some((w, n + 1)),
            Some((w, n)) => {
                flush(w, n, &mut out);
                Some((v, 1))
            }
            None => Some((v, 1)),
        };
    });
    if let Some((w, n)) = run {
        flush(w, n, &mut out);
    }
    out
}

/// The values (in index order) of a record's `bytes`, which must code
/// exactly `positions` stored positions of valid values.
fn decode(layout: &Layout, bytes: &[u8], positions: u64) -> Result<Vec<u8>, String> {
    let mut stored = Vec::with_capacity(positions as usize);
    let mut at = 0;
    while at < bytes.len() {
        let v = bytes[at];
        at += 1;
        let mut n: u64 = 0;
        let mut shift = 0;
        loop {
            let b = *bytes.get(at).ok_or("a run is cut")?;
            at += 1;
            if shift > 56 {
                return Err("a run's length is too long".into());
            }
            n |= u64::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        if stored.len() as u64 + n > positions {
            return Err(format!("the runs code more than {positions} positions"));
        }
        stored.extend(std::iter::repeat_n(v, n as usize));
    }
    if stored.len() as u64 != positions {
        return Err(format!(
            "the runs code {} positions where the record announces {positions}",
            stored.len()
        ));
    }
    let mut values = vec![0u8; layout.len as usize];
    let mut next = stored.into_iter();
    layout.for_each_stored(|idx, _, _| values[idx as usize] = next.next().unwrap_or(0));
    Ok(values)
}

/// One record: its header line, the coded values and their hash.
fn write_record(w: &mut impl Write, material: Material, values: &[u8]) -> std::io::Result<Counts> {
    let layout = Layout::new(material);
    let c = Counts::of(&layout, values);
    let bytes = encode(&layout, values);
    writeln!(
        w,
        "material {} positions {} wins {} draws {} losses {} bytes {}",
        material.name(),
        c.positions,
        c.wins,
        c.draws,
        c.losses,
        bytes.len()
    )?;
    w.write_all(&bytes)?;
    w.write_all(&fnv1a(&bytes).to_le_bytes())?;
    Ok(c)
}

/// A line of at most [`MAX_LINE`] bytes without its newline; `None` at
/// the end of the file.
fn line(r: &mut impl BufRead) -> Result<Option<String>, String> {
    let mut text = String::new();
    let n = r
        .take(MAX_LINE)
        .read_line(&mut text)
        .map_err(|e| e.to_string())?;
    if n == 0 {
        return Ok(None);
    }
    text.strip_suffix('\n')
        .map(|t| Some(t.to_string()))
        .ok_or_else(|| "a line is cut or too long".to_string())
}

/// The header's three lines: the rules and the number of pieces.
fn read_header(r: &mut impl BufRead) -> Result<(&'static Rules, u32), String> {
    let not_table = || format!("not an agon Zamma endgame table (the first line is not '{MAGIC}')");
    let first = line(r)?.ok_or_else(not_table)?;
    if first != MAGIC {
        return Err(not_table());
    }
    let options = line(r)?.unwrap_or_default();
    let options = options
        .strip_prefix("options ")
        .ok_or("no 'options' line")?;
    let options =
        GameOptions::parse(options, Zamma::option_specs()).map_err(|e| format!("options: {e}"))?;
    let rules: &'static Rules = intern(&options).map_err(|e| format!("options: {e}"))?;
    let pieces = line(r)?.unwrap_or_default();
    let pieces: u32 = pieces
        .strip_prefix("pieces ")
        .and_then(|n| n.parse().ok())
        .filter(|n| (2..=MAX_TABLE_PIECES).contains(n))
        .ok_or_else(|| format!("no 'pieces N' line with N from 2 to {MAX_TABLE_PIECES}"))?;
    Ok((rules, pieces))
}

/// Reads records into `tables` until the file ends; with `partial`, a
/// cut last record ends the reading (its offset is returned, for the
/// generator to write over it) instead of being an error.
fn read_records(
    r: &mut (impl BufRead + Seek),
    tables: &mut Tables,
    partial: bool,
) -> Result<u64, String> {
    let names: Vec<(String, Material)> = Material::up_to(tables.pieces())
        .into_iter()
        .map(|m| (m.name(), m))
        .collect();
    loop {
        let start = r.stream_position().map_err(|e| e.to_string())?;
        let record = (|| -> Result<Option<(Material, Vec<u8>)>, String> {
            let Some(text) = line(r)? else {
                return Ok(None);
            };
            let words: Vec<&str> = text.split(' ').collect();
            let ["material", name, "positions", positions, "wins", _, "draws", _, "losses", _, "bytes", bytes] =
                words[..]
            else {
                return Err(format!("'{text}' is not a record's line"));
            };
            let material = names
                .iter()
                .find(|(n, _)| n == name)
                .map(|&(_, m)| m)
                .ok_or_else(|| format!("material '{name}' is not in these tables"))?;
            if tables.has(material) {
                return Err(format!("material '{name}' appears twice"));
            }
            let number = |t: &str| {
                t.parse::<u64>()
                    .map_err(|_| format!("'{t}' is not a count"))
            };
            let (positions, bytes) = (number(positions)?, number(bytes)?);
            let layout = Layout::new(material);
            if positions > layout.len || bytes > 10 * layout.len + 16 {
                return Err(format!("material '{name}': counts larger than its table"));
            }
            // Grown as the bytes arrive, not allocated at the size the
            // header announces: a short file costs what it holds.
            let mut coded = Vec::new();
            r.take(bytes)
                .read_to_end(&mut coded)
                .map_err(|e| format!("material '{name}': {e}"))?;
            if coded.len() as u64 != bytes {
                return Err(format!("material '{name}': the record is cut"));
            }
            let mut hash = [0u8; 8];
            r.read_exact(&mut hash)
                .map_err(|e| format!("material '{name}': {e}"))?;
            if u64::from_le_bytes(hash) != fnv1a(&coded) {
                return Err(format!(
                    "material '{name}': the values do not match their hash: the file is damaged"
                ));
            }
            let values = decode(&layout, &coded, positions)
                .map_err(|e| format!("material '{name}': {e}"))?;
            Ok(Some((material, values)))
        })();
        match record {
            Ok(Some((m, values))) => tables.insert(m, values),
            Ok(None) => return Ok(start),
            Err(_) if partial => return Ok(start),
            Err(e) => return Err(e),
        }
    }
}

impl Tables {
    /// Reads a complete table file.
    pub fn load(path: &Path) -> Result<Tables, GameError> {
        let fail = |e: String| GameError::new(format!("{}: {e}", path.display()));
        let file = open_regular(path, MAX_FILE_BYTES).map_err(|e| fail(e.to_string()))?;
        Tables::read(&mut BufReader::new(file)).map_err(fail)
    }

    /// Reads a complete table file's bytes; the error is one line.
    // pub: the fuzz target `tables` reads bytes without files.
    pub fn read(r: &mut (impl BufRead + Seek)) -> Result<Tables, String> {
        let (rules, pieces) = read_header(r)?;
        let mut tables = Tables::new(rules, pieces);
        read_records(r, &mut tables, false)?;
        if let Some(m) = Material::up_to(pieces)
            .into_iter()
            .find(|&m| !tables.has(m))
        {
            return Err(format!(
                "material '{}' is missing: the file is cut or not finished",
                m.name()
            ));
        }
        Ok(tables)
    }
}

/// The file a generation appends to until it is complete.
fn partial_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Solves every signature of at most `pieces` pieces under `options` and
/// writes them to `out`, going on from `<out>.partial` where an earlier
/// run stopped; `progress` hears the share of positions done. Returns a
/// line per signature (positions, wins, draws, losses, seconds).
pub fn generate(
    options: &GameOptions,
    pieces: u32,
    out: &Path,
    progress: &(dyn Fn(f64) + Sync),
) -> Result<String, GameError> {
    let rules: &'static Rules = intern(options)?;
    match rules.quiet_limit {
        Some(n) if n <= MAX_QUIET_LIMIT => {}
        _ => {
            return Err(GameError::new(format!(
                "the tables need quiet_plies from 1 to {MAX_QUIET_LIMIT} (the distances are quiet plies)"
            )))
        }
    }
    if !(2..=MAX_TABLE_PIECES).contains(&pieces) {
        return Err(GameError::new(format!(
            "--pieces {pieces}: from 2 to {MAX_TABLE_PIECES}"
        )));
    }
    let partial = partial_path(out);
    let fail = |e: std::io::Error| GameError::new(format!("{}: {e}", partial.display()));
    let mut tables = Tables::new(rules, pieces);
    let mut resumed = 0;
    let file = if partial.exists() {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&partial)
            .map_err(fail)?;
        let mut r = BufReader::new(file);
        let (was, was_pieces) = read_header(&mut r)
            .map_err(|e| GameError::new(format!("{}: {e}", partial.display())))?;
        if !std::ptr::eq(was, rules) || was_pieces != pieces {
            return Err(GameError::new(format!(
                "{} holds tables of other options or pieces ('{}', {was_pieces}): remove it to start again",
                partial.display(),
                was.options
            )));
        }
        let end = read_records(&mut r, &mut tables, true)
            .map_err(|e| GameError::new(format!("{}: {e}", partial.display())))?;
        let mut file = r.into_inner();
        file.set_len(end).map_err(fail)?;
        file.seek(SeekFrom::End(0)).map_err(fail)?;
        resumed = Material::up_to(pieces)
            .iter()
            .filter(|&&m| tables.has(m))
            .count();
        file
    } else {
        let mut file = File::create(&partial).map_err(fail)?;
        write!(
            file,
            "{MAGIC}\noptions {}\npieces {pieces}\n",
            rules.options
        )
        .map_err(fail)?;
        file
    };
    let all = Material::up_to(pieces);
    let total: u64 = all.iter().map(|&m| Layout::new(m).len).sum();
    let done = AtomicU64::new(
        all.iter()
            .filter(|&&m| tables.has(m))
            .map(|&m| Layout::new(m).len)
            .sum(),
    );
    let mut lines = Vec::new();
    if resumed > 0 {
        lines.push(format!(
            "resumed: {resumed} signatures read from {}",
            partial.display()
        ));
    }
    let mut w = BufWriter::new(file);
    for &m in &all {
        if tables.has(m) {
            continue;
        }
        let clock = Instant::now();
        // The first pass reports each row of Mullah placements it visits:
        // the share of the indices done.
        let values = solve::solve(m, &tables, &|n| {
            let now = done.fetch_add(n, Relaxed) + n;
            progress((now as f64 / total as f64).min(1.0));
        });
        let c = write_record(&mut w, m, &values).map_err(fail)?;
        w.flush().map_err(fail)?;
        w.get_ref().sync_data().map_err(fail)?;
        lines.push(format!(
            "{:<8} positions {:>10}  wins {:>10}  draws {:>10}  losses {:>10}  {:.1} s",
            m.name(),
            c.positions,
            c.wins,
            c.draws,
            c.losses,
            clock.elapsed().as_secs_f64()
        ));
        tables.insert(m, values);
    }
    drop(w);
    std::fs::rename(&partial, out)
        .map_err(|e| GameError::new(format!("{}: {e}", out.display())))?;
    progress(1.0);
    Ok(lines.join("\n"))
}
