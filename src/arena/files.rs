//! The files of a match: the games already recorded that a resumed match
//! counts as played, the games of several record files merged (each game
//! number once), and an openings file's positions. Errors name the file
//! and, where a line is at fault, `FILE:LINE`.

use crate::arena::record::{self, MatchRecord};
use crate::arena::referee::{in_shard, stats_of, EndReason, GameResult};
use crate::arena::{MatchStats, Seating, Tally};
use crate::game::files::{read_regular_text, MAX_TEXT_BYTES};
use crate::game::{GameError, GameOptions, Playable};
use std::path::Path;

/// The games a resumed match has played already.
#[derive(Debug, Default)]
pub struct Resumed {
    /// By game number, each number once.
    pub done: Vec<(u32, GameResult)>,
    /// The line of a last record that was cut short (a match stopped
    /// while writing it): it has been cut off the file, and its game will
    /// be played again.
    pub cut_at: Option<usize>,
}

/// The games already in the record file `path` that belong to a match of
/// `games` games (`round` a round) under `options` in `shard`. Each must replay under the
/// rules and options of this match (a record that does not is an error,
/// not a game played). A last record cut short is cut off the file, so
/// that the games to come follow whole records. No file: nothing played.
pub fn resume<G: Playable>(
    path: &str,
    options: &str,
    games: u32,
    round: usize,
    shard: (u32, u32),
) -> Result<Resumed, GameError> {
    let text = match read_regular_text(Path::new(path), MAX_TEXT_BYTES) {
        Ok(text) => text,
        // A match resumed before its first game ended.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Resumed::default()),
        Err(e) => return Err(GameError::file("record file", path, &e)),
    };
    let file = record::read_located::<G>(&text).map_err(|e| e.in_file(path))?;
    for located in &file.records {
        located.replay::<G>().map_err(|e| e.in_file(path))?;
        if located.record.reason == EndReason::Unfinished {
            return Err(GameError::new(format!(
                "{path}:{}: a game not over is no match's game",
                located.tag_line("Result")
            )));
        }
        if located.record.options != options {
            return Err(GameError::new(format!(
                "{path}:{}: options '{}', but this match plays '{options}'",
                located.tag_line("Options"),
                located.record.options
            )));
        }
    }
    if file.cut_at.is_some() {
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(file.whole_len as u64))
            .map_err(|e| GameError::file("record file", path, &e))?;
    }
    let per_round = round.max(1) as u32;
    let mut done: Vec<(u32, GameResult)> = Vec::new();
    for located in file.records {
        let r = located.record;
        let number = r.number;
        let fits = number <= games.div_ceil(per_round) * per_round;
        if fits && in_shard(shard, number, round) {
            done.retain(|(n, _)| *n != number);
            done.push((number, r.result()));
        }
    }
    Ok(Resumed {
        done,
        cut_at: file.cut_at,
    })
}

/// The records of `path` (an error if it holds none: an empty file, or
/// one whose only record was cut short).
fn read_record_file<G: Playable>(path: &str) -> Result<Vec<MatchRecord>, GameError> {
    let text = read_regular_text(Path::new(path), MAX_TEXT_BYTES)
        .map_err(|e| GameError::file("record file", path, &e))?;
    if text.trim().is_empty() {
        return Err(GameError::new(format!("record file '{path}' is empty")));
    }
    let file = record::read_located::<G>(&text).map_err(|e| e.in_file(path))?;
    if file.records.is_empty() {
        return Err(GameError::new(format!(
            "record file '{path}' has no complete record"
        )));
    }
    Ok(file.records.into_iter().map(|l| l.record).collect())
}

/// The games of several record files of one match.
#[derive(Debug)]
pub struct Merged {
    /// The names of engines A, B, …, as the records give them.
    pub names: Vec<String>,
    /// By game number, each number once (the first file's game wins).
    pub games: Vec<(u32, GameResult)>,
    /// Games in a round of the match ([`Seating`]).
    pub round: usize,
    pub stats: MatchStats,
    /// Per engine, A, B, ….
    pub tallies: Vec<Tally>,
}

/// The games of the record files `paths`, each game number counted once,
/// with their statistics.
pub fn merge<G: Playable>(paths: &[String]) -> Result<Merged, GameError> {
    let mut games: Vec<(u32, GameResult)> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut options = String::new();
    for path in paths {
        for r in read_record_file::<G>(path)? {
            if r.reason == EndReason::Unfinished {
                return Err(GameError::new(format!(
                    "{path}: game {} is not over: no match's game",
                    r.number
                )));
            }
            for (p, &e) in r.entrants.iter().enumerate() {
                if names.len() <= e {
                    let letter = |k: usize| char::from(b'A' + (k % 26) as u8).to_string();
                    names.extend((names.len()..=e).map(letter));
                }
                if let Some(name) = r.players.get(p) {
                    names[e].clone_from(name);
                }
            }
            if games.is_empty() {
                options.clone_from(&r.options);
            }
            if games.iter().all(|(n, _)| *n != r.number) {
                games.push((r.number, r.result()));
            }
        }
    }
    games.sort_by_key(|(n, _)| *n);
    // The reader made a start of every record's options.
    let opts = GameOptions::parse(&options, G::option_specs())?;
    let round = Seating::new(&G::new(&opts)?, names.len())?.round();
    let stats = stats_of(&games, round);
    let mut tallies = vec![Tally::default(); names.len()];
    for (_, g) in &games {
        for (e, t) in tallies.iter_mut().enumerate() {
            t.add(g, e);
        }
    }
    Ok(Merged {
        names,
        games,
        round,
        stats,
        tallies,
    })
}

/// The position strings of an openings file: one a line; empty lines and
/// lines starting with `#` are skipped. A position `G` cannot start from
/// is an error at its line.
pub fn read_openings<G: Playable>(
    path: &str,
    opts: &GameOptions,
) -> Result<Vec<String>, GameError> {
    let text = read_regular_text(Path::new(path), MAX_TEXT_BYTES)
        .map_err(|e| GameError::file("openings file", path, &e))?;
    openings_in_text::<G>(&text, path, opts)
}

/// [`read_openings`] of a file's `text` (`path` names it in errors).
// pub: the fuzz target `openings` reads texts without files.
pub fn openings_in_text<G: Playable>(
    text: &str,
    path: &str,
    opts: &GameOptions,
) -> Result<Vec<String>, GameError> {
    let lines: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i, l.to_string()))
        .collect();
    if lines.is_empty() {
        let what = if text.trim().is_empty() {
            "is empty"
        } else {
            "has no position"
        };
        return Err(GameError::new(format!("openings file '{path}' {what}")));
    }
    lines
        .into_iter()
        .map(|(n, text)| match G::from_position(&text, opts) {
            Ok(_) => Ok(text),
            Err(e) => Err(GameError::new(format!("{path}:{n}: {e}"))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::error::ErrorKind;
    use crate::game::Game;
    use crate::games::abalone::Abalone;
    use crate::scratch::Scratch;

    #[test]
    fn a_missing_file_is_a_file_error_and_a_bad_line_a_rules_error_at_its_line() {
        let opts = GameOptions::defaults(Abalone::option_specs());
        let dir = Scratch::new("arena-files");
        let missing = dir.join("missing").to_string_lossy().into_owned();
        let e = read_openings::<Abalone>(&missing, &opts).expect_err("no file");
        assert_eq!(e.kind(), ErrorKind::File(std::io::ErrorKind::NotFound));
        assert!(e.to_string().starts_with("openings file '"), "{e}");
        let e = merge::<Abalone>(std::slice::from_ref(&missing)).expect_err("no file");
        assert_eq!(e.kind(), ErrorKind::File(std::io::ErrorKind::NotFound));
        // A resumed match whose record file is not there yet played nothing.
        let r = resume::<Abalone>(&missing, "", 10, 2, (0, 1)).expect("nothing played");
        assert!(r.done.is_empty() && r.cut_at.is_none());

        let bad = dir.join("bad").to_string_lossy().into_owned();
        std::fs::write(&bad, "# openings\n\nnot a position\n").expect("a scratch file");
        let e = read_openings::<Abalone>(&bad, &opts).expect_err("bad position");
        assert_eq!(e.kind(), ErrorKind::Rules);
        assert!(e.to_string().starts_with(&format!("{bad}:3: ")), "{e}");
    }
}
