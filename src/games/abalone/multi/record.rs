//! Records of multi-player games: the APGN form of the two-player game
//! (`[Tag "value"]` lines, a blank line, numbered move text) with
//! - a `Players` tag (3, 4 or 6) and one name tag per colour (`Black`,
//!   `White`, `Red`, `Blue`, `Green`, `Yellow`);
//! - a `Position` tag when the game did not start from the start;
//! - one move number per round of N moves (`1. b-move w-move r-move`);
//! - as result the protocol's outcome word (`p3win`, `rank1-2-1-2` for a
//!   team win, `draw`) or `*` for an unfinished game, in the `Result` tag
//!   and after the moves.

use super::super::record::{outcome_word, parse, write_rounds, Record};
use super::position::COLOURS;
use super::AbaloneMulti;
use crate::game::{Game, GameError, GameOptions, GameRecord, Notation, Outcome};

/// The record of a game played from `start`.
pub fn write(
    start: &AbaloneMulti,
    moves: &[String],
    outcome: Option<Outcome>,
    names: &[String],
) -> Result<String, GameError> {
    let n = start.num_players();
    let result = outcome.map_or_else(|| "*".to_string(), |o| o.word(n));
    let mut tags = vec![
        ("Event".to_string(), "agon match".to_string()),
        ("Players".to_string(), n.to_string()),
    ];
    for (p, colour) in COLOURS.iter().enumerate().take(n) {
        tags.push((
            colour.to_string(),
            names.get(p).cloned().unwrap_or_default(),
        ));
    }
    if start.position() != AbaloneMulti::new(start.options())?.position() {
        tags.push(("Position".to_string(), start.position()));
    }
    tags.push(("Result".to_string(), result.clone()));
    let mut text = String::new();
    for (k, v) in &tags {
        text.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    text.push('\n');
    text.push_str(&write_rounds(moves, &[], &result, start.ply(), n));
    text.push('\n');
    Ok(text)
}

/// Every record of a file; each names its player count.
pub fn read(text: &str) -> Result<Vec<GameRecord<AbaloneMulti>>, GameError> {
    parse(text)?.into_iter().map(|r| game_record(&r)).collect()
}

fn game_record(r: &Record) -> Result<GameRecord<AbaloneMulti>, GameError> {
    let players = r.tag("Players").unwrap_or("");
    let options = GameOptions::parse(&format!("players={players}"), AbaloneMulti::option_specs())
        .map_err(|e| GameError::new(format!("Players \"{players}\": {e}")))?;
    let start = match r.tag("Position") {
        Some(p) => AbaloneMulti::from_position(p, &options)?,
        None => AbaloneMulti::new(&options)?,
    };
    Ok(GameRecord {
        start,
        moves: r.moves.clone(),
        result: outcome_word(&r.result),
    })
}
