//! A match with its record files: agon's match records
//! and, when asked, the game's own record format, each game appended in
//! one write as it ends; the engines' tallies carried over from the games
//! a resumed match already played. What happens is reported as
//! [`MatchEvent`]s for the caller to show.

use std::io::Write as _;
use std::sync::Mutex;

use crate::arena::record::MatchRecord;
use crate::arena::referee::{run_match, GameResult, MatchSpec};
use crate::arena::{Entrant, MatchStats, Seating, Tally};
use crate::game::{GameError, GameOptions, Playable};

/// What a recorded match reports while it runs.
pub enum MatchEvent<'a> {
    /// The files are open and the entrants checked: `total` games in the
    /// match, `mine` of them in this shard.
    Started { total: u32, mine: u64 },
    /// Game `number` ended; `stats` counts every game so far.
    Game {
        number: u32,
        result: &'a GameResult,
        stats: &'a MatchStats,
    },
    /// Something went wrong that stops no game (a record not written).
    Problem(String),
}

/// The record files of a match, by path.
#[derive(Clone, Copy, Default)]
pub struct RecordFiles<'a> {
    /// agon's match records.
    pub record: Option<&'a str>,
    /// The game's own record format.
    pub native: Option<&'a str>,
}

/// Plays the match of `entrants` (A, B, …) under `spec` from the start of
/// `opts`, appending each game to `files`: the match's statistics and
/// per-engine tallies (the games of `spec.done` included).
pub fn play_recorded<G: Playable>(
    opts: &GameOptions,
    entrants: &[Entrant],
    spec: &MatchSpec,
    files: RecordFiles,
    on_event: &(dyn Fn(MatchEvent) + Sync),
) -> Result<(MatchStats, Vec<Tally>), GameError> {
    let start = G::new(opts)?;
    if files.native.is_some() {
        // A game without a format of its own is an error before any game.
        G::write_record(&start, &[], None, &[])?;
    }
    let append = |path: &str| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map(Mutex::new)
            .map_err(|e| GameError::file("record file", path, &e))
    };
    let native_file = files.native.map(append).transpose()?;
    for spec in entrants.iter().filter_map(|e| e.builtin_spec()) {
        G::evaluator_with(&crate::game::EvalResources {
            weights: spec.weights,
            ..spec.config.eval_resources()
        })?;
    }
    let round = Seating::new(&start, entrants.len())?.round();
    let total = spec.games.div_ceil(round as u32) * round as u32;
    let mine = (1..=total).filter(|&n| spec.in_shard(n, round)).count() as u64;
    on_event(MatchEvent::Started { total, mine });
    let mut tallies = vec![Tally::default(); entrants.len()];
    for (_, done) in &spec.done {
        for (e, tally) in tallies.iter_mut().enumerate() {
            tally.add(done, e);
        }
    }
    let tallies = Mutex::new(tallies);
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let controls: Vec<String> = entrants.iter().map(|e| e.control.text()).collect();
    let record_file = files.record.map(append).transpose()?;
    let options = start.options().to_string();
    let problem = |text: String| on_event(MatchEvent::Problem(text));
    let stats = run_match(&start, entrants, spec, &|number, result, stats| {
        if let Ok(mut t) = tallies.lock() {
            for (e, tally) in t.iter_mut().enumerate() {
                tally.add(result, e);
            }
        }
        if let Some(file) = &record_file {
            let text =
                MatchRecord::of::<G>(result, number, &options, &names, &controls).text::<G>();
            write_whole(file, &text, &problem);
        }
        if let Some(file) = &native_file {
            let by_player: Vec<String> = result.seats.iter().map(|&e| names[e].clone()).collect();
            match G::from_position(&result.first_position, start.options()).and_then(|first| {
                G::write_record(&first, &result.moves, Some(result.outcome), &by_player)
            }) {
                Ok(text) => write_whole(file, &format!("{}\n\n", text.trim_end()), &problem),
                Err(e) => problem(format!("game {number}: no native record: {e}")),
            }
        }
        on_event(MatchEvent::Game {
            number,
            result,
            stats,
        });
    })?;
    let tallies = match tallies.into_inner() {
        Ok(t) => t,
        Err(poisoned) => poisoned.into_inner(),
    };
    Ok((stats, tallies))
}

/// Appends `text` to `file` in one write. A write that fails part-way (a
/// full disk) is cut back off, so the file keeps whole records and the
/// next game's record does not follow a broken one; a kill during the
/// write leaves one record cut short at the end, which `--resume` removes.
fn write_whole(file: &Mutex<std::fs::File>, text: &str, problem: &dyn Fn(String)) {
    let Ok(mut f) = file.lock() else {
        problem("error: a record file is unusable after a failed write".to_string());
        return;
    };
    let before = f.metadata().map(|m| m.len());
    if let Err(e) = f.write_all(text.as_bytes()).and_then(|()| f.flush()) {
        let undone = before.and_then(|len| f.set_len(len)).is_ok();
        let state = if undone {
            "the game is not recorded (--resume plays it again)"
        } else {
            "the record file may end with a record cut short (--resume removes it)"
        };
        problem(format!("error: cannot write a record: {e}; {state}"));
    }
}
