//! Match records: one PGN-like text format for every game, written by
//! `agon match --record FILE` as each game ends and read back by
//! `--resume`, `--merge`, `agon analyse --record` and `agon replay`.
//!
//! ```text
//! [Game "palma"]
//! [Options ""]
//! [Number "3"]
//! [Hounds "new"]
//! [Jackals "old"]
//! [Entrants "1 0"]
//! [TimeControl "movetime=100 / movetime=100"]
//! [Start "<position string>"]
//! [Result "0-1"]
//! [Reason "rules"]
//! [Plies "4"]
//!
//! t2 {0.000s} s1 {+0.12/7 0.101s} t3 s2 {-0.30/6 0.098s}
//! 0-1
//! ```
//!
//! - One tag a line, `[Name "value"]`, values with `\"` and `\\` escaped.
//!   `Number` is the game's number in its match (1-based): the key that
//!   `--resume` and `--merge` use. Each player's tag is named after the
//!   game's player (`Black`, `White`; `Hounds`, `Jackals`) and holds the
//!   engine's name; `Entrants` gives, per player, the engine's index in
//!   the match (0 = A), which the statistics count by.
//! - `Result` is `1-0`, `0-1` or `1/2-1/2` for two players, otherwise each
//!   player's rank from 1, comma-separated (`1,2,2`). `Reason` is `rules`,
//!   `repetition`, `ply limit`, `resign <player>`, `draw by scores` or
//!   `forfeit <player> <fault>`; `Detail`, if present, what the referee
//!   saw.
//! - The moves, throws and rolls follow in the game's notation from the
//!   `Start` position, separated by white space; a `{…}` after an
//!   engine's move holds its score (`+0.36`, or `+M3` for a mate, from
//!   its view) and depth, and the time it took. After `Plies` moves the
//!   result closes the record; a last record without it (a match killed
//!   while writing) is skipped by the reader.

use std::fmt::Write as _;

use super::fault::Fault;
use super::referee::{EndReason, GameResult};
use crate::game::{GameError, GameOptions, Outcome, Playable, Player};
use crate::search::ScoreReport;

/// What an engine said about its move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveNote {
    pub score: Option<ScoreReport>,
    pub depth: Option<u32>,
    pub ms: u64,
}

/// One game as a record holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRecord {
    pub game: String,
    pub options: String,
    /// The game's number in its match, from 1.
    pub number: u32,
    /// Per player: the engine's name and its index among the entrants.
    pub players: Vec<String>,
    pub entrants: Vec<usize>,
    pub time_control: String,
    pub start: String,
    /// Every move and chance outcome, with the mover's note for moves.
    pub moves: Vec<(String, Option<MoveNote>)>,
    pub outcome: Outcome,
    pub reason: EndReason,
    pub detail: String,
}

impl MatchRecord {
    /// The record of a finished game of match game `number`.
    pub fn of<G: Playable>(
        result: &GameResult,
        number: u32,
        options: &str,
        names: &[String],
        controls: &[String],
    ) -> MatchRecord {
        let moves = result
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| (m.clone(), result.notes.get(i).cloned().flatten()))
            .collect();
        MatchRecord {
            game: G::NAME.to_string(),
            options: options.to_string(),
            number,
            players: result.seats.iter().map(|&e| names[e].clone()).collect(),
            entrants: result.seats.clone(),
            time_control: result
                .seats
                .iter()
                .map(|&e| controls[e].as_str())
                .collect::<Vec<_>>()
                .join(" / "),
            start: result.first_position.clone(),
            moves,
            outcome: result.outcome,
            reason: result.reason,
            detail: result.detail.clone(),
        }
    }

    /// The result as the statistics count it (times are not recorded).
    pub fn result(&self) -> GameResult {
        GameResult {
            outcome: self.outcome,
            reason: self.reason,
            detail: self.detail.clone(),
            plies: self.moves.len() as u32,
            first_position: self.start.clone(),
            moves: self.moves.iter().map(|(m, _)| m.clone()).collect(),
            notes: self.moves.iter().map(|(_, n)| n.clone()).collect(),
            last_position: String::new(),
            seats: self.entrants.clone(),
            times: Vec::new(),
        }
    }

    /// The record as text, ending with an empty line.
    pub fn text<G: Playable>(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{value}\"]");
        };
        tag("Game", &self.game);
        tag("Options", &self.options);
        tag("Number", &self.number.to_string());
        for (p, name) in self.players.iter().enumerate() {
            tag(&player_tag::<G>(p), name);
        }
        let entrants: Vec<String> = self.entrants.iter().map(usize::to_string).collect();
        tag("Entrants", &entrants.join(" "));
        tag("TimeControl", &self.time_control);
        tag("Start", &self.start);
        let result = result_text(self.outcome, self.players.len());
        tag("Result", &result);
        tag("Reason", &reason_text::<G>(self.reason));
        if !self.detail.is_empty() {
            tag("Detail", &self.detail);
        }
        tag("Plies", &self.moves.len().to_string());
        out.push('\n');
        let mut line = String::new();
        for (m, note) in &self.moves {
            let mut word = m.clone();
            if let Some(n) = note {
                word += &format!(" {{{}}}", note_text(n));
            }
            if !line.is_empty() && line.len() + word.len() >= 80 {
                out += &line;
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line += &word;
        }
        if !line.is_empty() {
            out += &line;
            out.push('\n');
        }
        out += &result;
        out += "\n\n";
        out
    }

    /// Checks the record against the rules of `G`: every move legal from
    /// the start, and the result the game's own when the rules ended it.
    /// Returns the positions from the start to the end.
    pub fn replay<G: Playable>(&self) -> Result<Vec<G>, GameError> {
        let opts = GameOptions::parse(&self.options, G::option_specs())?;
        let mut pos = G::from_position(&self.start, &opts)?;
        let mut line = vec![pos.clone()];
        for (i, (m, _)) in self.moves.iter().enumerate() {
            let mv = pos
                .parse_move(m)
                .map_err(|e| GameError::new(format!("game {}, ply {}: {e}", self.number, i + 1)))?;
            let mut legal = Vec::new();
            match pos.status() {
                crate::game::Status::Decision(_) => pos.moves(&mut legal),
                crate::game::Status::Chance => {
                    let mut outcomes = Vec::new();
                    pos.outcomes(&mut outcomes);
                    legal = outcomes.into_iter().map(|(o, _)| o).collect();
                }
                crate::game::Status::Over(_) => {}
            }
            if !legal.contains(&mv) {
                return Err(GameError::new(format!(
                    "game {}, ply {}: '{m}' is not legal",
                    self.number,
                    i + 1
                )));
            }
            pos.play(mv);
            line.push(pos.clone());
        }
        if self.reason == EndReason::Rules {
            match pos.status() {
                crate::game::Status::Over(o) if o == self.outcome => {}
                _ => {
                    return Err(GameError::new(format!(
                        "game {}: the rules do not end it as '{}'",
                        self.number,
                        result_text(self.outcome, self.players.len())
                    )))
                }
            }
        }
        Ok(line)
    }
}

/// The tag of player `p`: the game's name for it, capitalised.
fn player_tag<G: Playable>(p: usize) -> String {
    let name = G::PLAYER_NAMES.get(p).copied().unwrap_or("player");
    let mut c = name.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => format!("Player{}", p + 1),
    }
}

/// The `Result` tag's text.
pub fn result_text(outcome: Outcome, players: usize) -> String {
    if players == 2 {
        return match outcome {
            Outcome::Win(0) => "1-0".into(),
            Outcome::Win(_) => "0-1".into(),
            _ => "1/2-1/2".into(),
        };
    }
    let ranks: Vec<String> = (0..players)
        .map(|p| (outcome.rank(p as Player, players) + 1).to_string())
        .collect();
    ranks.join(",")
}

fn parse_result(text: &str, players: usize) -> Option<Outcome> {
    match text {
        "1-0" if players == 2 => Some(Outcome::Win(0)),
        "0-1" if players == 2 => Some(Outcome::Win(1)),
        "1/2-1/2" if players == 2 => Some(Outcome::Draw),
        _ => {
            let ranks: Vec<u8> = text
                .split(',')
                .map(|r| r.trim().parse::<u8>().ok().filter(|&r| r >= 1))
                .collect::<Option<_>>()?;
            (ranks.len() == players && players > 2).then(|| Outcome::ranked(&ranks))
        }
    }
}

/// The `Reason` tag's text.
pub fn reason_text<G: Playable>(reason: EndReason) -> String {
    match reason {
        EndReason::Rules => "rules".into(),
        EndReason::Repetition => "repetition".into(),
        EndReason::PlyLimit => "ply limit".into(),
        EndReason::ScoreDraw => "draw by scores".into(),
        EndReason::Resign(p) => {
            let who = G::PLAYER_NAMES.get(usize::from(p)).copied().unwrap_or("?");
            format!("resign {who}")
        }
        EndReason::Forfeit(p, fault) => {
            let who = G::PLAYER_NAMES.get(usize::from(p)).copied().unwrap_or("?");
            format!("forfeit {who} {}", fault.name())
        }
    }
}

fn parse_reason<G: Playable>(text: &str) -> Option<EndReason> {
    Some(match text {
        "rules" => EndReason::Rules,
        "repetition" => EndReason::Repetition,
        "ply limit" => EndReason::PlyLimit,
        "draw by scores" => EndReason::ScoreDraw,
        _ if text.starts_with("resign ") => {
            let who = &text["resign ".len()..];
            let p = G::PLAYER_NAMES.iter().position(|&n| n == who)?;
            EndReason::Resign(p as Player)
        }
        _ => {
            let rest = text.strip_prefix("forfeit ")?;
            let (who, fault) = rest.split_once(' ')?;
            let p = G::PLAYER_NAMES.iter().position(|&n| n == who)?;
            let fault = Fault::ALL.into_iter().find(|f| f.name() == fault)?;
            EndReason::Forfeit(p as Player, fault)
        }
    })
}

/// `+0.36/10 0.101s`, `-M3/7 0.050s` or `0.000s`.
fn note_text(n: &MoveNote) -> String {
    let score = match n.score {
        Some(ScoreReport::Cp(cp)) => format!("{:+.2}", f64::from(cp) / 100.0),
        Some(ScoreReport::Mate(m)) if m >= 0 => format!("+M{m}"),
        Some(ScoreReport::Mate(m)) => format!("-M{}", -m),
        None => String::new(),
    };
    let depth = n.depth.map(|d| format!("/{d}")).unwrap_or_default();
    let time = format!("{}.{:03}s", n.ms / 1000, n.ms % 1000);
    if score.is_empty() {
        time
    } else {
        format!("{score}{depth} {time}")
    }
}

fn parse_note(text: &str) -> Option<MoveNote> {
    let mut note = MoveNote::default();
    for word in text.split_whitespace() {
        if let Some(secs) = word.strip_suffix('s') {
            let (s, ms) = secs.split_once('.')?;
            note.ms = s.parse::<u64>().ok()? * 1000 + ms.parse::<u64>().ok()?;
        } else {
            let (score, depth) = match word.split_once('/') {
                Some((s, d)) => (s, Some(d.parse().ok()?)),
                None => (word, None),
            };
            note.depth = depth;
            note.score = Some(if let Some(m) = score.strip_prefix("+M") {
                ScoreReport::Mate(m.parse().ok()?)
            } else if let Some(m) = score.strip_prefix("-M") {
                ScoreReport::Mate(-m.parse::<i32>().ok()?)
            } else {
                ScoreReport::Cp((score.parse::<f64>().ok()? * 100.0).round() as i32)
            });
        }
    }
    Some(note)
}

/// Whether `text` looks like agon's match records (rather than another
/// record format of the game).
pub fn is_match_record(text: &str) -> bool {
    text.lines()
        .any(|l| l.trim_start().starts_with("[Start \""))
}

/// Reads every record of game `G` in `text`. Records start at their
/// `[Game "…"]` line; the writer ends each with an empty line, so a last
/// record that fails to read while the text does not end so was cut short
/// (a match killed while writing) and is left out. Any other fault is an
/// error naming the record.
pub fn read<G: Playable>(text: &str) -> Result<Vec<MatchRecord>, GameError> {
    let mut starts: Vec<usize> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("[Game ") {
            starts.push(offset);
        } else if starts.is_empty() && !line.trim().is_empty() {
            return Err(GameError::new(format!(
                "record 1: '{}' before the first [Game] tag",
                line.trim()
            )));
        }
        offset += line.len();
    }
    let complete = text.ends_with("\n\n");
    let mut out = Vec::new();
    for (k, &from) in starts.iter().enumerate() {
        let to = starts.get(k + 1).copied().unwrap_or(text.len());
        match read_one::<G>(&text[from..to], k + 1) {
            Ok(r) => out.push(r),
            Err(_) if k + 1 == starts.len() && !complete => {}
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// One record's text (its tags and moves).
fn read_one<G: Playable>(text: &str, index: usize) -> Result<MatchRecord, GameError> {
    let mut lines = text.lines().peekable();
    let bad = |what: String| GameError::new(format!("record {index}: {what}"));
    let mut tags: Vec<(String, String)> = Vec::new();
    while let Some(l) = lines.peek().map(|l| l.trim()) {
        if !l.starts_with('[') {
            break;
        }
        lines.next();
        let inner = l
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix(']'))
            .ok_or_else(|| bad(format!("bad tag line '{l}'")))?;
        let (name, value) = inner
            .split_once(' ')
            .ok_or_else(|| bad(format!("bad tag line '{l}'")))?;
        let value = value
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| bad(format!("tag {name}: value not quoted")))?;
        tags.push((
            name.to_string(),
            value.replace("\\\"", "\"").replace("\\\\", "\\"),
        ));
    }
    // The movetext: `Plies` moves with their notes, then the result
    // (a move's text may look like a result: Palma's `0-1`).
    let mut movetext = String::new();
    for l in lines {
        if l.trim_start().starts_with('[') {
            return Err(bad(format!("a tag after the moves: '{l}'")));
        }
        movetext += l;
        movetext.push('\n');
    }
    let get = |name: &str| -> Result<String, GameError> {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| bad(format!("no {name} tag")))
    };
    let plies = get("Plies")?
        .parse::<usize>()
        .map_err(|_| bad("bad Plies".into()))?;
    let result = get("Result")?;
    let mut moves: Vec<(String, Option<MoveNote>)> = Vec::new();
    let mut closed = false;
    let mut rest = movetext.as_str();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        if let Some(after) = rest.strip_prefix('{') {
            let (note, tail) = after
                .split_once('}')
                .ok_or_else(|| bad("unclosed {".into()))?;
            let last = moves
                .last_mut()
                .filter(|_| !closed)
                .ok_or_else(|| bad("a note out of place".into()))?;
            last.1 = Some(parse_note(note).ok_or_else(|| bad(format!("bad note '{note}'")))?);
            rest = tail;
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let word = &rest[..end];
        rest = &rest[end..];
        if closed {
            return Err(bad(format!("'{word}' after the result")));
        }
        if moves.len() < plies {
            moves.push((word.to_string(), None));
        } else if word == result {
            closed = true;
        } else {
            return Err(bad(format!("'{word}' where the result {result} belongs")));
        }
    }
    if !closed {
        return Err(bad("no result after the moves".into()));
    }
    let game = get("Game")?;
    if !game.eq_ignore_ascii_case(G::NAME) {
        return Err(bad(format!("a game of {game}, not {}", G::NAME)));
    }
    let players = G::PLAYER_NAMES.len();
    let names = (0..players)
        .map(|p| get(&player_tag::<G>(p)))
        .collect::<Result<Vec<_>, _>>()?;
    let entrants = get("Entrants")?
        .split_whitespace()
        .map(|e| e.parse::<usize>().ok())
        .collect::<Option<Vec<_>>>()
        .filter(|e| e.len() == players)
        .ok_or_else(|| bad("bad Entrants".into()))?;
    let outcome =
        parse_result(&result, players).ok_or_else(|| bad(format!("bad Result '{result}'")))?;
    let reason_tag = get("Reason")?;
    let reason =
        parse_reason::<G>(&reason_tag).ok_or_else(|| bad(format!("bad Reason '{reason_tag}'")))?;
    let number = get("Number")?
        .parse::<u32>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| bad("bad Number".into()))?;
    Ok(MatchRecord {
        game: G::NAME.to_string(),
        options: get("Options")?,
        number,
        players: names,
        entrants,
        time_control: get("TimeControl").unwrap_or_default(),
        start: get("Start")?,
        moves,
        outcome,
        reason,
        detail: get("Detail").unwrap_or_default(),
    })
}
