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
//!   the match (0 = A), which the statistics count by. The players are
//!   those of the game under its `Options` (Abalone with `players=6`:
//!   `Black` to `Yellow`), and an engine may play several of them.
//! - `Result` is `1-0`, `0-1` or `1/2-1/2` for two players, otherwise each
//!   player's rank from 1, comma-separated (`1,2,2`), and `*` for a game
//!   not over. `Reason` is `rules`, `repetition`, `ply limit`, `resign
//!   <player>`, `draw by scores`, `forfeit <player> <fault>`, `draw agreed`
//!   (people on the page) or `unfinished` (with `*`); `Detail`, if present, what the referee
//!   saw (a forfeit) or why the game adjudicated it as it did (the ply
//!   limit: Palma, which has no draws, names the side ahead in the race).
//! - The moves, throws and rolls follow in the game's notation from the
//!   `Start` position, separated by white space; a `{…}` after an
//!   engine's move holds its score (`+0.36`, or `+M3` for a mate, from
//!   its view) and depth, and the time it took. Any other `{…}` after a
//!   move is a comment on it (a person's, written by the page), as in
//!   PGN: `\` escapes the character after it (`\}`, `\\`), and a comment
//!   that would read as an engine's note starts with `\`
//!   (`{\0.5s}`). After `Plies` moves the
//!   result closes the record; a last record without it (a match killed
//!   while writing) is skipped by the reader, and cut off the file by
//!   `--resume`. A fault anywhere else is an error naming its line.
//! - A record that is no match's (`agon gui` exports this format) may
//!   leave out `Number` (then 1), `Entrants` (each player its own engine,
//!   0, 1, …), `TimeControl` and `Start` (the game's start position).

use std::collections::BTreeMap;
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
    /// Comments on moves: a move's index in `moves` and the text.
    pub comments: BTreeMap<usize, String>,
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
            comments: BTreeMap::new(),
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
        let result = self.result_word();
        tag("Result", &result);
        tag("Reason", &reason_text::<G>(self.reason));
        if !self.detail.is_empty() {
            tag("Detail", &self.detail);
        }
        tag("Plies", &self.moves.len().to_string());
        out.push('\n');
        let mut line = String::new();
        for (i, (m, note)) in self.moves.iter().enumerate() {
            let mut word = m.clone();
            if let Some(n) = note {
                word += &format!(" {{{}}}", note_text(n));
            }
            if let Some(c) = self.comments.get(&i) {
                word += &format!(" {{{}}}", comment_text(c));
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

    /// Checks the record against the rules of `G`: its options and start
    /// position valid, every move legal from the start, and the result the
    /// game's own when the rules ended it. Returns the positions from the
    /// start to the end.
    pub fn replay<G: Playable>(&self) -> Result<Vec<G>, GameError> {
        self.replay_at().map_err(|(_, e)| e)
    }

    /// [`MatchRecord::replay`], naming where a fault lies.
    fn replay_at<G: Playable>(&self) -> Result<Vec<G>, (Spot, GameError)> {
        let tag = |name: &'static str| {
            move |e: GameError| (Spot::Tag(name), GameError::new(format!("{name}: {e}")))
        };
        let opts = GameOptions::parse(&self.options, G::option_specs()).map_err(tag("Options"))?;
        let mut pos = G::from_position(&self.start, &opts).map_err(tag("Start"))?;
        let mut line = vec![pos.clone()];
        for (i, (m, _)) in self.moves.iter().enumerate() {
            let at = |what: String| {
                let text = format!("game {}, ply {}: {what}", self.number, i + 1);
                (Spot::Ply(i), GameError::new(text))
            };
            let mv = pos.parse_move(m).map_err(|e| at(e.to_string()))?;
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
                return Err(at(format!("'{m}' is not legal")));
            }
            pos.play(mv);
            line.push(pos.clone());
        }
        if self.reason == EndReason::Rules {
            match pos.status() {
                crate::game::Status::Over(o) if o == self.outcome => {}
                _ => {
                    let text = format!(
                        "game {}: the rules do not end it as '{}'",
                        self.number,
                        result_text(self.outcome, self.players.len())
                    );
                    return Err((Spot::Tag("Result"), GameError::new(text)));
                }
            }
        }
        Ok(line)
    }

    /// How the game ended, as `agon analyse --record` prints it:
    /// `0-1 (ply limit: jackals ahead in the race, …)`.
    pub fn ending<G: Playable>(&self) -> String {
        let reason = reason_text::<G>(self.reason);
        let detail = if self.detail.is_empty() {
            String::new()
        } else {
            format!(": {}", self.detail)
        };
        format!("{} ({reason}{detail})", self.result_word())
    }

    /// The `Result` tag's text: `*` for a game not over.
    fn result_word(&self) -> String {
        if self.reason == EndReason::Unfinished {
            "*".into()
        } else {
            result_text(self.outcome, self.players.len())
        }
    }
}

/// Where in a record a fault lies.
enum Spot {
    Tag(&'static str),
    /// The move of this ply (from 0).
    Ply(usize),
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
        EndReason::Agreed => "draw agreed".into(),
        EndReason::Unfinished => "unfinished".into(),
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
        "draw agreed" => EndReason::Agreed,
        "unfinished" => EndReason::Unfinished,
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

/// A comment as it stands between braces: on one line, `\` and `}`
/// escaped, and marked with a leading `\` where it would read as an
/// engine's note.
fn comment_text(comment: &str) -> String {
    let mut text = String::with_capacity(comment.len());
    for c in comment.chars() {
        match c {
            '\\' | '}' => {
                text.push('\\');
                text.push(c);
            }
            '\n' | '\r' => text.push(' '),
            c => text.push(c),
        }
    }
    if parse_note(&text).is_some() {
        text.insert(0, '\\');
    }
    text
}

/// The text between a `{` and its `}` (not escaped) in `after` (what
/// follows the `{`), and the rest after the `}`; `None` if it is unclosed.
fn braced(after: &str) -> Option<(&str, &str)> {
    let mut escaped = false;
    for (i, c) in after.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '}' => return Some((&after[..i], &after[i + 1..])),
            _ => {}
        }
    }
    None
}

/// A braced comment's text: each `\x` read as `x`.
fn unescape(raw: &str) -> String {
    let mut text = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        text.extend(if c == '\\' { chars.next() } else { Some(c) });
    }
    text
}

/// `+0.36/10 0.101s`, `-M3/7 0.050s` or `0.000s`.
fn note_text(n: &MoveNote) -> String {
    let score = match n.score {
        Some(ScoreReport::Cp(cp) | ScoreReport::Exact { cp, .. }) => {
            format!("{:+.2}", f64::from(cp) / 100.0)
        }
        Some(ScoreReport::Mate(m)) if m >= 0 => format!("+M{m}"),
        Some(ScoreReport::Mate(m)) => format!("-M{}", m.unsigned_abs()),
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
            // A time too long for a u64 of milliseconds is no note.
            note.ms = s
                .parse::<u64>()
                .ok()?
                .checked_mul(1000)?
                .checked_add(ms.parse::<u64>().ok()?)?;
        } else {
            let (score, depth) = match word.split_once('/') {
                Some((s, d)) => (s, Some(d.parse().ok()?)),
                None => (word, None),
            };
            note.depth = depth;
            note.score = Some(if let Some(m) = score.strip_prefix("+M") {
                ScoreReport::Mate(m.parse().ok()?)
            } else if let Some(m) = score.strip_prefix("-M") {
                ScoreReport::Mate(m.parse::<i32>().ok()?.checked_neg()?)
            } else {
                ScoreReport::Cp((score.parse::<f64>().ok()? * 100.0).round() as i32)
            });
        }
    }
    Some(note)
}

/// The `Options` tag of the first of agon's match records in `text`
/// (the options the records are read under by default).
pub fn first_options(text: &str) -> Option<String> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("[Options \""))?;
    let value = line.strip_prefix("[Options \"")?.strip_suffix("\"]")?;
    Some(value.replace("\\\"", "\"").replace("\\\\", "\\"))
}

/// Whether `text` looks like agon's match records (rather than another
/// record format of the game): a `Start` tag, or the `Game` tag that only
/// this format has (a record without `Start` starts from the start).
pub fn is_match_record(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("[Start \"") || l.starts_with("[Game \"")
    })
}

/// A fault in a record file, at a line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub line: usize,
    pub message: String,
}

impl ReadError {
    fn new(line: usize, message: impl Into<String>) -> ReadError {
        ReadError {
            line,
            message: message.into(),
        }
    }

    /// `path:line: message`, the way compilers name a place in a file.
    pub fn in_file(&self, path: &str) -> GameError {
        GameError::new(format!("{path}:{}: {}", self.line, self.message))
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl From<ReadError> for GameError {
    fn from(e: ReadError) -> GameError {
        GameError::new(e.to_string())
    }
}

/// A record and where its parts are in its file.
#[derive(Clone, Debug)]
pub struct Located {
    pub record: MatchRecord,
    /// The line of its `[Game]` tag (from 1).
    pub line: usize,
    tag_lines: Vec<(String, usize)>,
    move_lines: Vec<usize>,
}

impl Located {
    /// The line of tag `name` (the record's first line if it has none).
    pub fn tag_line(&self, name: &str) -> usize {
        self.tag_lines
            .iter()
            .find(|(n, _)| n == name)
            .map_or(self.line, |(_, l)| *l)
    }

    /// [`MatchRecord::replay`], a fault named by its line.
    pub fn replay<G: Playable>(&self) -> Result<Vec<G>, ReadError> {
        self.record.replay_at().map_err(|(spot, e)| {
            let line = match spot {
                Spot::Tag(name) => self.tag_line(name),
                Spot::Ply(i) => self.move_lines.get(i).copied().unwrap_or(self.line),
            };
            ReadError::new(line, e.to_string())
        })
    }
}

/// The records of a file's text.
#[derive(Clone, Debug, Default)]
pub struct Records {
    pub records: Vec<Located>,
    /// The length of the text up to the end of the last whole record.
    pub whole_len: usize,
    /// The line of a last record cut short (a match killed while writing
    /// it, a full disk), which is left out; the text past `whole_len`.
    pub cut_at: Option<usize>,
}

/// Reads every record of game `G` in `text` (see [`read_located`]).
pub fn read<G: Playable>(text: &str) -> Result<Vec<MatchRecord>, GameError> {
    Ok(read_located::<G>(text)?
        .records
        .into_iter()
        .map(|l| l.record)
        .collect())
}

/// Reads every record of game `G` in `text`. Records start at their
/// `[Game "…"]` line; the writer ends each with its result and an empty
/// line, so a last record that fails to read for want of its end was cut
/// short and is left out (`cut_at`). Any other fault is an error at its
/// line.
pub fn read_located<G: Playable>(text: &str) -> Result<Records, ReadError> {
    let mut starts: Vec<(usize, usize)> = Vec::new();
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        // A last line without its newline that is the beginning of a
        // `[Game ` tag is a record cut within its first bytes: a record
        // start too, so that it is cut off as any cut record is, rather
        // than read as a fault of the record before it.
        let cut_tag = offset + line.len() == text.len()
            && !line.ends_with('\n')
            && "[Game ".starts_with(line);
        if line.starts_with("[Game ") || cut_tag {
            starts.push((offset, i + 1));
        } else if starts.is_empty() && !line.trim().is_empty() {
            let shown = line.trim().chars().take(80).collect::<String>();
            return Err(ReadError::new(
                i + 1,
                format!("'{shown}' before the first [Game] tag"),
            ));
        }
        offset += line.len();
    }
    let complete = text.ends_with("\n\n");
    let mut out = Records::default();
    for (k, &(from, line)) in starts.iter().enumerate() {
        let to = starts.get(k + 1).map_or(text.len(), |&(o, _)| o);
        let last = k + 1 == starts.len();
        match read_one::<G>(&text[from..to], line) {
            Ok(r) => {
                out.records.push(r);
                out.whole_len = to;
            }
            Err((_, unfinished)) if last && (unfinished || !complete) => {
                out.cut_at = Some(line);
            }
            Err((e, _)) => return Err(e),
        }
    }
    Ok(out)
}

/// One record's text (its tags and moves), starting at line `first`; an
/// error says whether the record only lacks its end (as a cut one does).
fn read_one<G: Playable>(text: &str, first: usize) -> Result<Located, (ReadError, bool)> {
    let bad = |line: usize, what: String| (ReadError::new(line, what), false);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (first + i, l))
        .peekable();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut tag_lines: Vec<(String, usize)> = Vec::new();
    while let Some(&(n, l)) = lines.peek() {
        let l = l.trim();
        if !l.starts_with('[') {
            break;
        }
        lines.next();
        let shown = || l.chars().take(80).collect::<String>();
        let inner = l
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix(']'))
            .ok_or_else(|| bad(n, format!("bad tag line '{}'", shown())))?;
        let (name, value) = inner
            .split_once(' ')
            .ok_or_else(|| bad(n, format!("bad tag line '{}'", shown())))?;
        let value = value
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| bad(n, format!("tag {name}: value not quoted")))?;
        tags.push((
            name.to_string(),
            value.replace("\\\"", "\"").replace("\\\\", "\\"),
        ));
        tag_lines.push((name.to_string(), n));
    }
    // The movetext: `Plies` moves with their notes, then the result
    // (a move's text may look like a result: Palma's `0-1`). Each line's
    // offset in it, to name the line of a word.
    let mut movetext = String::new();
    let mut line_starts: Vec<(usize, usize)> = Vec::new();
    let mut last_line = first;
    for (n, l) in lines {
        if l.trim_start().starts_with('[') {
            let shown = l.trim().chars().take(80).collect::<String>();
            return Err(bad(n, format!("a tag after the moves: '{shown}'")));
        }
        line_starts.push((movetext.len(), n));
        movetext += l;
        movetext.push('\n');
        last_line = n;
    }
    let line_at = |offset: usize| {
        let k = line_starts.partition_point(|&(o, _)| o <= offset);
        line_starts
            .get(k.wrapping_sub(1))
            .map_or(last_line, |&(_, n)| n)
    };
    let tag_line = |name: &str| {
        tag_lines
            .iter()
            .find(|(n, _)| n == name)
            .map_or(first, |(_, l)| *l)
    };
    let get = |name: &str| -> Result<String, (ReadError, bool)> {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| (ReadError::new(first, format!("no {name} tag")), true))
    };
    let plies = get("Plies")?
        .parse::<usize>()
        .map_err(|_| bad(tag_line("Plies"), "bad Plies".into()))?;
    let result = get("Result")?;
    let mut moves: Vec<(String, Option<MoveNote>)> = Vec::new();
    let mut comments = BTreeMap::new();
    let mut move_lines = Vec::new();
    let mut closed = false;
    let mut rest = movetext.as_str();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let here = line_at(movetext.len() - rest.len());
        if let Some(after) = rest.strip_prefix('{') {
            let (inner, tail) =
                braced(after).ok_or_else(|| (ReadError::new(here, "unclosed {"), true))?;
            let index = moves.len().wrapping_sub(1);
            let last = moves
                .last_mut()
                .filter(|_| !closed)
                .ok_or_else(|| bad(here, "a note out of place".into()))?;
            // An engine's note, else (or when marked with `\\`) a comment.
            match parse_note(inner).filter(|_| !inner.starts_with('\\')) {
                Some(note) if last.1.is_none() => last.1 = Some(note),
                _ => {
                    let text = unescape(inner);
                    comments
                        .entry(index)
                        .and_modify(|c: &mut String| {
                            c.push(' ');
                            c.push_str(&text);
                        })
                        .or_insert(text);
                }
            }
            rest = tail;
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let word = &rest[..end];
        rest = &rest[end..];
        let shown = word.chars().take(80).collect::<String>();
        if closed {
            return Err(bad(here, format!("'{shown}' after the result")));
        }
        if moves.len() < plies {
            moves.push((word.to_string(), None));
            move_lines.push(here);
        } else if word == result {
            closed = true;
        } else {
            return Err(bad(
                here,
                format!("'{shown}' where the result {result} belongs"),
            ));
        }
    }
    if !closed {
        return Err((ReadError::new(last_line, "no result after the moves"), true));
    }
    let game = get("Game")?;
    if !game.eq_ignore_ascii_case(G::NAME) {
        return Err(bad(first, format!("a game of {game}, not {}", G::NAME)));
    }
    // The number of players is the options' (Abalone's `players=`).
    let options = get("Options")?;
    let players = GameOptions::parse(&options, G::option_specs())
        .and_then(|opts| G::new(&opts))
        .map_err(|e| bad(tag_line("Options"), format!("Options: {e}")))?
        .num_players();
    let names = (0..players)
        .map(|p| get(&player_tag::<G>(p)))
        .collect::<Result<Vec<_>, _>>()?;
    // Tags a match always writes, which another writer may leave out.
    let optional = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    let entrants = match optional("Entrants") {
        None => (0..players).collect(),
        Some(text) => text
            .split_whitespace()
            .map(|e| e.parse::<usize>().ok())
            .collect::<Option<Vec<_>>>()
            .filter(|e| e.len() == players)
            .ok_or_else(|| {
                let what = format!("bad Entrants: not an engine for each of {players} players");
                bad(tag_line("Entrants"), what)
            })?,
    };
    let reason_tag = get("Reason")?;
    let reason = parse_reason::<G>(&reason_tag)
        .ok_or_else(|| bad(tag_line("Reason"), format!("bad Reason '{reason_tag}'")))?;
    // A game not over has `*` and `unfinished`, each only with the other.
    let outcome = match (result.as_str(), reason) {
        ("*", EndReason::Unfinished) => Outcome::Draw,
        ("*", _) | (_, EndReason::Unfinished) => {
            let what = format!("Result '{result}' with Reason '{reason_tag}': '*' is 'unfinished'");
            return Err(bad(tag_line("Result"), what));
        }
        _ => parse_result(&result, players)
            .ok_or_else(|| bad(tag_line("Result"), format!("bad Result '{result}'")))?,
    };
    let number = match optional("Number") {
        None => 1,
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| bad(tag_line("Number"), "bad Number".into()))?,
    };
    let start = match optional("Start") {
        Some(start) => start,
        None => GameOptions::parse(&options, G::option_specs())
            .and_then(|opts| G::new(&opts))
            .map_err(|e| bad(tag_line("Options"), format!("Options: {e}")))?
            .position(),
    };
    let record = MatchRecord {
        game: G::NAME.to_string(),
        options,
        number,
        players: names,
        entrants,
        time_control: get("TimeControl").unwrap_or_default(),
        start,
        moves,
        comments,
        outcome,
        reason,
        detail: get("Detail").unwrap_or_default(),
    };
    Ok(Located {
        record,
        line: first,
        tag_lines,
        move_lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A time or a mate too large for its type is no engine's note but a
    /// comment: read as one, it overflowed (a panic where overflow is
    /// checked, a wrong time where it is not).
    #[test]
    fn a_note_out_of_range_is_a_comment_not_an_overflow() {
        assert_eq!(parse_note("+0.36/10 0.101s").map(|n| n.ms), Some(101));
        assert_eq!(parse_note("99999999999999999.000s"), None);
        assert_eq!(parse_note("1.18446744073709551615s"), None);
        assert_eq!(parse_note("-M-2147483648/3 0.001s"), None);
        let note = MoveNote {
            score: Some(ScoreReport::Mate(i32::MIN)),
            depth: None,
            ms: 0,
        };
        assert_eq!(note_text(&note), "-M2147483648 0.000s");
    }
}
