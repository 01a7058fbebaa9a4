//! Exact endgame tables larger than the built-in one, as files: GNU
//! Backgammon's habit of a small table built at start (the domain from
//! square [`FIRST_SQUARE`](super::endgame::FIRST_SQUARE), 1.5 s) and a larger one generated once to a
//! file (`agon tablebase generate --game palma --size K`: every piece of
//! both sides on square `K` or higher) and loaded by path (`EndgamePath`).
//! A loaded table answers for its domain under the rule set it was solved
//! for, and hands every other position to the built-in tables.
//!
//! # File format
//! Three text lines, then the values:
//! - `agon palma endgame table 1` (the format's name and version),
//! - `options <text>`: the game options the table was solved under,
//! - `first <K>`: the lowest square of the domain,
//! - `C(30 − K, 5)² · 2` little-endian `f64`s, [`EndgameTable::values`]'
//!   order (P(Hounds win) at each pair's throw point, per thrower),
//! - the FNV-1a 64-bit hash of those value bytes, little-endian.
//!
//! The file's length must be exactly what its header announces, and the
//! values must be probabilities and match their hash: a truncated or
//! altered file is one error, never a table with wrong values.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::time::Duration;

use super::super::options::{Rules, LAST};
use super::super::state::{Palma, Phase, PIECES};
use super::endgame::EndgameTable;
use super::tables::TABLES;
use crate::game::files::{fnv1a_continue, open_regular, FNV1A_START};
use crate::game::{Game, GameError, GameOptions, Player, Tablebase};

const MAGIC: &str = "agon palma endgame table 1";

/// The lowest `first` a file may have: C(20, 5)² · 2 values are 3.8 GB
/// (3 minutes to solve on a 2-core machine), as much as a machine of
/// this project's kind should hold.
pub const MIN_FIRST: u8 = 10;

/// The highest: five pieces on the last five squares. A domain smaller
/// than the built-in one is useless in play but a small file to test.
pub const MAX_FIRST: u8 = LAST + 1 - PIECES;

/// Longest header line read.
const MAX_LINE: u64 = 4096;

/// The largest file read: the header's three lines, the values of the
/// domain from [`MIN_FIRST`] and their hash.
const MAX_FILE_BYTES: u64 =
    3 * MAX_LINE + (EndgameTable::configs_from(MIN_FIRST).pow(2) * 16) as u64 + 8;

/// Writes `table`, solved under `options`, to `out`.
pub fn write(table: &EndgameTable, options: &GameOptions, out: &Path) -> Result<(), GameError> {
    let fail = |e: std::io::Error| GameError::new(format!("{}: {e}", out.display()));
    let mut w = BufWriter::new(File::create(out).map_err(fail)?);
    writeln!(w, "{MAGIC}").map_err(fail)?;
    writeln!(w, "options {options}").map_err(fail)?;
    writeln!(w, "first {}", table.first_square()).map_err(fail)?;
    let mut hash = FNV1A_START;
    for v in table.values() {
        let bytes = v.to_le_bytes();
        hash = fnv1a_continue(hash, &bytes);
        w.write_all(&bytes).map_err(fail)?;
    }
    w.write_all(&hash.to_le_bytes()).map_err(fail)?;
    w.flush().map_err(fail)
}

/// One header line, `key value`, within [`MAX_LINE`] bytes; adds its
/// bytes to `consumed`.
fn header_line(r: &mut impl BufRead, key: &str, consumed: &mut u64) -> Result<String, String> {
    let mut line = String::new();
    r.take(MAX_LINE)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    *consumed += line.len() as u64;
    let line = line
        .strip_suffix('\n')
        .ok_or("not an agon Palma endgame table (a header line is cut or too long)")?;
    if key.is_empty() {
        return Ok(line.to_string());
    }
    line.strip_prefix(key)
        .and_then(|rest| rest.strip_prefix(' ').or((rest.is_empty()).then_some("")))
        .map(str::to_string)
        .ok_or_else(|| format!("not an agon Palma endgame table (no '{key}' line)"))
}

/// Reads a table file: the table and the rules it was solved under.
pub fn read(path: &Path) -> Result<(EndgameTable, &'static Rules), GameError> {
    let fail = |e: String| GameError::new(format!("{}: {e}", path.display()));
    let file = open_regular(path, MAX_FILE_BYTES).map_err(|e| fail(e.to_string()))?;
    let length = file.metadata().map_err(|e| fail(e.to_string()))?.len();
    read_from(&mut BufReader::new(file), length).map_err(fail)
}

/// Reads a table file of `length` bytes from `r`; the error is one line.
// pub: the fuzz target `tables` reads bytes without files.
pub fn read_from(
    r: &mut impl BufRead,
    length: u64,
) -> Result<(EndgameTable, &'static Rules), String> {
    let mut header = 0;
    if header_line(r, "", &mut header)? != MAGIC {
        return Err(format!(
            "not an agon Palma endgame table (the first line is not '{MAGIC}')"
        ));
    }
    let options = header_line(r, "options", &mut header)?;
    let options =
        GameOptions::parse(&options, Palma::option_specs()).map_err(|e| format!("options: {e}"))?;
    let rules = Rules::intern(&options).map_err(|e| format!("options: {e}"))?;
    if rules.reverse {
        return Err("options: no table exists with reverse=on".into());
    }
    let first = header_line(r, "first", &mut header)?;
    let first: u8 = first
        .parse()
        .ok()
        .filter(|f| (MIN_FIRST..=MAX_FIRST).contains(f))
        .ok_or_else(|| format!("first '{first}': a square from {MIN_FIRST} to {MAX_FIRST}"))?;
    let n = EndgameTable::configs_from(first);
    let count = n * n * 2;
    let expected = header + count as u64 * 8 + 8;
    if length != expected {
        return Err(format!(
            "{length} bytes where the header announces {expected}: the file is cut or not this table"
        ));
    }
    let mut values = Vec::with_capacity(count);
    let mut hash = FNV1A_START;
    let mut buf = vec![0u8; 1 << 16];
    let mut left = count * 8;
    while left > 0 {
        let chunk = &mut buf[..left.min(1 << 16)];
        r.read_exact(chunk).map_err(|e| e.to_string())?;
        hash = fnv1a_continue(hash, chunk);
        for b in chunk.chunks_exact(8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(b);
            let v = f64::from_le_bytes(word);
            if !(0.0..=1.0).contains(&v) {
                return Err(format!(
                    "value {} of {count} is {v}, not a probability",
                    values.len() + 1
                ));
            }
            values.push(v);
        }
        left -= chunk.len();
    }
    let mut stored = [0u8; 8];
    r.read_exact(&mut stored).map_err(|e| e.to_string())?;
    if u64::from_le_bytes(stored) != hash {
        return Err("the values do not match their hash: the file is damaged".into());
    }
    let table = EndgameTable::from_values(first, values, Duration::ZERO)
        .ok_or("the values do not fit the domain")?;
    Ok((table, rules))
}

/// A table read from a file, for its rule set, in front of the built-in
/// tables.
pub struct FileTables {
    table: EndgameTable,
    rules: &'static Rules,
}

impl FileTables {
    pub fn load(path: &Path) -> Result<FileTables, GameError> {
        let (table, rules) = read(path)?;
        Ok(FileTables { table, rules })
    }

    /// The exact value from this table, when `pos` lies in its domain.
    fn own(&self, pos: &Palma, player: Player) -> Option<f64> {
        if !std::ptr::eq(pos.rules(), self.rules) {
            return None;
        }
        self.table.win_probability(pos, player)
    }
}

impl Tablebase<Palma> for FileTables {
    fn probe(&self, pos: &Palma, player: Player) -> Option<f64> {
        self.own(pos, player).or_else(|| TABLES.probe(pos, player))
    }

    fn in_domain(&self, pos: &Palma) -> bool {
        let own = std::ptr::eq(pos.rules(), self.rules)
            && (matches!(pos.phase(), Phase::Over(_))
                || pos.tracks().iter().all(|&t| self.table.covers(t)));
        own || TABLES.in_domain(pos)
    }

    fn estimate(&self, pos: &Palma, player: Player) -> Option<f64> {
        TABLES.estimate(pos, player)
    }

    fn prepare(&self, pos: &Palma) {
        TABLES.prepare(pos);
    }
}

/// Solves the domain from square `first` under the rules `options` and
/// writes it to `out`; returns the summary `agon tablebase generate`
/// prints.
pub fn generate(
    options: &GameOptions,
    first: u32,
    out: &Path,
    progress: &(dyn Fn(f64) + Sync),
) -> Result<String, GameError> {
    let rules = Rules::intern(options)?;
    if rules.reverse {
        return Err(GameError::new(
            "no exact table exists with reverse=on (a piece sent back leaves the domain)",
        ));
    }
    let first = u8::try_from(first)
        .ok()
        .filter(|f| (MIN_FIRST..=MAX_FIRST).contains(f))
        .ok_or_else(|| {
            GameError::new(format!(
                "--size {first}: the lowest square of the domain, {MIN_FIRST} to {MAX_FIRST}"
            ))
        })?;
    let table = EndgameTable::build_with_progress(rules, first, &mut |f| progress(f));
    write(&table, options, out)?;
    let n = table.configs();
    Ok(format!(
        "every piece of both sides on square {first} or higher: {n} configurations a side, \
         {} pairs, {:.1} MB, solved in {:.1} s, written to {}",
        n * n,
        (table.values().len() * 8) as f64 / 1e6,
        table.build_time.as_secs_f64(),
        out.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::files::fnv1a;
    use crate::game::Notation;
    use crate::scratch::Scratch;
    use rand::{Rng, SeedableRng};

    fn pos(text: &str) -> Palma {
        Palma::from_position(text, &GameOptions::defaults(Palma::option_specs())).unwrap()
    }

    /// Five distinct squares from `first..=29`, not all home (25 up), as
    /// a position's list.
    fn squares(rng: &mut impl Rng, first: u8) -> String {
        let mut s: Vec<u8> = Vec::new();
        while s.len() < 5 || s.iter().all(|&q| q >= 25) {
            if s.len() == 5 {
                s.clear();
            }
            let q = rng.gen_range(first..=29);
            if !s.contains(&q) {
                s.push(q);
            }
        }
        s.sort_unstable();
        s.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
    }

    /// A table from square 16 written, read back and probed: inside the
    /// built-in domain (square 17 up) it gives the built-in table's values,
    /// which it solves again independently of it; below it, where the
    /// built-in tables know nothing, it answers exactly.
    #[test]
    fn a_larger_table_reads_back_and_agrees_with_the_built_in_one() {
        let dir = Scratch::new("endgame-file");
        let path = dir.join("from16.tb");
        let summary = generate(
            &GameOptions::defaults(Palma::option_specs()),
            16,
            &path,
            &|_| {},
        )
        .unwrap();
        assert!(summary.contains("2002 configurations a side"), "{summary}");
        let file = FileTables::load(&path).unwrap();
        let mut rng = rand_pcg::Pcg64::seed_from_u64(41);
        for i in 0..2000 {
            let phase = ["throw=h", "throw=j", "use=h:2", "use=j:5"][i % 4];
            let inside = pos(&format!(
                "h=0/0/{} j=0/0/{} {phase}",
                squares(&mut rng, 17),
                squares(&mut rng, 17)
            ));
            let built_in = TABLES.probe(&inside, 0).unwrap();
            let read = file.probe(&inside, 0).unwrap();
            assert!((built_in - read).abs() < 1e-12, "{}", inside.position());
            let below = pos(&format!(
                "h=0/0/16,{} j=0/0/{} {phase}",
                squares(&mut rng, 17)
                    .split(',')
                    .skip(1)
                    .collect::<Vec<_>>()
                    .join(","),
                squares(&mut rng, 16)
            ));
            assert!(!TABLES.in_domain(&below) && TABLES.probe(&below, 0).is_none());
            assert!(file.in_domain(&below), "{}", below.position());
            let h = file.probe(&below, 0).unwrap();
            let j = file.probe(&below, 1).unwrap();
            assert!((0.0..=1.0).contains(&h) && (h + j - 1.0).abs() < 1e-12);
        }
        // Other rules: the file does not answer, the built-in tables do.
        let other = Palma::from_position(
            "h=0/0/16,20,21,22,23 j=0/0/17,18,19,20,21 throw=h",
            &GameOptions::parse("extra_squares=none", Palma::option_specs()).unwrap(),
        )
        .unwrap();
        assert!(!file.in_domain(&other) && file.probe(&other, 0).is_none());
    }

    /// Every way a file can be wrong is one error naming the file, and no
    /// table.
    #[test]
    fn damaged_files_are_one_error_each() {
        let dir = Scratch::new("endgame-file");
        let good = dir.join("from22.tb");
        generate(
            &GameOptions::defaults(Palma::option_specs()),
            22,
            &good,
            &|_| {},
        )
        .unwrap();
        let bytes = std::fs::read(&good).unwrap();
        assert!(FileTables::load(&good).is_ok());
        let header = bytes.len() - (EndgameTable::configs_from(22).pow(2) * 2 * 8 + 8);
        let text = String::from_utf8_lossy(&bytes[..header]).into_owned();
        let body = &bytes[header..];
        // A value of 2.0 with its hash made to match.
        let mut big = body.to_vec();
        big[..8].copy_from_slice(&2.0f64.to_le_bytes());
        let n = big.len() - 8;
        let hash = fnv1a(&big[..n]);
        big[n..].copy_from_slice(&hash.to_le_bytes());
        let mut flipped = body.to_vec();
        flipped[100] ^= 1;
        let with = |head: &str, body: &[u8]| [head.as_bytes(), body].concat();
        let cases: Vec<(&str, Vec<u8>)> = vec![
            ("empty", Vec::new()),
            ("cut", bytes[..bytes.len() - 1].to_vec()),
            ("longer", [&bytes[..], &[0]].concat()),
            ("flipped", with(&text, &flipped)),
            ("not a probability", with(&text, &big)),
            ("magic", with(&text.replace("table 1", "table 2"), body)),
            ("first 9", with(&text.replace("first 22", "first 9"), body)),
            (
                "first 21",
                with(&text.replace("first 22", "first 21"), body),
            ),
            (
                "options",
                with(&text.replace("reverse=off", "reverse=maybe"), body),
            ),
            (
                "reverse",
                with(&text.replace("reverse=off", "reverse=on"), body),
            ),
            ("no newline", b"agon palma endgame table 1".to_vec()),
        ];
        for (what, content) in cases {
            let path = dir.join(&format!("bad-{}.tb", what.replace(' ', "-")));
            std::fs::write(&path, content).unwrap();
            let err = FileTables::load(&path)
                .err()
                .unwrap_or_else(|| panic!("{what}: read"));
            let msg = err.to_string();
            assert!(msg.contains(&path.display().to_string()), "{what}: {msg}");
            assert!(!msg.contains('\n'), "{what}: {msg}");
        }
        assert!(FileTables::load(dir.path()).is_err());
        // Not regular files: refused before any read (opening a FIFO
        // would wait for a writer).
        assert!(FileTables::load(Path::new("/dev/zero")).is_err());
        #[cfg(unix)]
        {
            let fifo = dir.fifo("fifo.tb");
            let err = FileTables::load(&fifo).err().expect("a FIFO is refused");
            assert!(err.to_string().contains("FIFO"), "{err}");
        }
    }
}
