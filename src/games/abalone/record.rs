//! APGN game records (shared/data/README.md): PGN-like blocks of
//! `[Tag "value"]` lines, a blank line, then move text `1. <black> <white>
//! 2. …` with optional `{comments}`, ending with a result token (`1-0`,
//! `0-1`, `1/2-1/2`, `*`).
//!
//! The writer reproduces the MiGs records' layout exactly: one group
//! `N. <black> <white>` per move pair, groups packed greedily into lines of
//! at most 78 characters, the result after the last group on its line
//! (a rule read off all 2,589 records, which it reproduces byte for byte).

use super::{Abalone, Move};
use crate::game::{Game, GameError, GameOptions, Notation};

/// Line width of the move text.
pub const LINE_WIDTH: usize = 78;

/// One game record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Move tokens as written.
    pub moves: Vec<String>,
    /// Comments: (number of moves before it, text without braces).
    pub comments: Vec<(usize, String)>,
    /// The result token.
    pub result: String,
}

const RESULTS: &[&str] = &["1-0", "0-1", "1/2-1/2", "*"];

impl Record {
    /// The value of tag `key`, if present.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The game options of the record (its `Variant` tag's layout).
    pub fn options(&self) -> Result<GameOptions, GameError> {
        let variant = self
            .tag("Variant")
            .unwrap_or("standard")
            .to_ascii_lowercase();
        let layout = variant.trim_end_matches(" daisy").trim();
        let layout = if layout == "classic" {
            "standard"
        } else {
            layout
        };
        GameOptions::parse(&format!("layout={layout}"), Abalone::option_specs())
            .map_err(|e| GameError::new(format!("Variant \"{variant}\": {e}")))
    }

    /// The start position: the `Position` tag if present, else the layout.
    pub fn start(&self) -> Result<Abalone, GameError> {
        let options = self.options()?;
        match self.tag("Position") {
            Some(p) => Abalone::from_position(p, &options),
            None => Abalone::new(&options),
        }
    }

    /// Replays every move; returns them and the final position, or an
    /// error naming the first move that is not legal.
    pub fn replay(&self) -> Result<(Vec<Move>, Abalone), GameError> {
        let mut pos = self.start()?;
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            if pos.status().is_over() {
                return Err(GameError::new(format!(
                    "move {} '{text}': the game is already over",
                    i + 1
                )));
            }
            let m = pos
                .parse_move(text)
                .map_err(|e| GameError::new(format!("ply {}: {e}", i + 1)))?;
            pos.play(m);
            out.push(m);
        }
        Ok((out, pos))
    }

    /// The move text block (lines joined by `\n`, no trailing newline),
    /// move numbers counted from the start position.
    pub fn move_text(&self) -> Result<String, GameError> {
        let start = self.start()?;
        Ok(write_move_text(
            &self.moves,
            &self.comments,
            &self.result,
            start.ply(),
        ))
    }

    /// The whole record: tags, a blank line, the move text, a newline.
    pub fn write(&self) -> Result<String, GameError> {
        let mut s = String::new();
        for (k, v) in &self.tags {
            s.push_str(&format!(
                "[{k} \"{}\"]\n",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        }
        s.push('\n');
        s.push_str(&self.move_text()?);
        s.push('\n');
        Ok(s)
    }
}

/// The move tokens of a game played from `start` (for writing a record
/// of a game the engine played).
pub fn move_tokens(start: &Abalone, moves: &[Move]) -> Vec<String> {
    let mut pos = *start;
    moves
        .iter()
        .map(|&m| {
            let text = pos.move_text(m);
            pos.play(m);
            text
        })
        .collect()
}

/// Lays out move text: `N. <black> <white>` groups (`N... <white>` when
/// White moves first), comments after their move, wrapped at
/// [`LINE_WIDTH`], the result last.
pub fn write_move_text(
    moves: &[String],
    comments: &[(usize, String)],
    result: &str,
    start_ply: u32,
) -> String {
    write_rounds(moves, comments, result, start_ply, 2)
}

/// [`write_move_text`] for `players` players: one numbered group per
/// round of `players` moves (`N... ` when the first move is not the first
/// player's).
pub fn write_rounds(
    moves: &[String],
    comments: &[(usize, String)],
    result: &str,
    start_ply: u32,
    players: usize,
) -> String {
    let mut groups: Vec<String> = Vec::new();
    let comment_after = |i: usize| {
        comments
            .iter()
            .filter(move |(at, _)| *at == i)
            .map(|(_, c)| format!(" {{{c}}}"))
            .collect::<String>()
    };
    let leading = comment_after(0);
    for (i, m) in moves.iter().enumerate() {
        let ply = start_ply as usize + i;
        let number = ply / players + 1;
        let item = format!("{m}{}", comment_after(i + 1));
        if ply.is_multiple_of(players) {
            groups.push(format!("{number}. {item}"));
        } else if i == 0 {
            groups.push(format!("{number}... {item}"));
        } else if let Some(g) = groups.last_mut() {
            g.push(' ');
            g.push_str(&item);
        }
    }
    let mut lines: Vec<String> = Vec::new();
    let mut cur = leading.trim_start().to_string();
    for g in groups {
        if !cur.is_empty() && cur.len() + 1 + g.len() > LINE_WIDTH {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(&g);
    }
    if !cur.is_empty() {
        cur.push(' ');
    }
    cur.push_str(result);
    lines.push(cur);
    lines.join("\n")
}

/// Parses every record of an APGN text.
pub fn parse(text: &str) -> Result<Vec<Record>, GameError> {
    let mut records = Vec::new();
    let mut cur = Record::default();
    let mut in_moves = false;
    let mut line_no = 1;
    let mut rest = text;
    let err = |line: usize, msg: String| GameError::new(format!("APGN line {line}: {msg}"));
    loop {
        let trimmed = rest.trim_start();
        line_no += rest[..rest.len() - trimmed.len()].matches('\n').count();
        rest = trimmed;
        let Some(c) = rest.chars().next() else { break };
        if c == '[' {
            if in_moves {
                return Err(err(
                    line_no,
                    "tag inside move text (missing result?)".into(),
                ));
            }
            let end = rest.find('\n').unwrap_or(rest.len());
            let line = rest[..end].trim_end();
            cur.tags.push(parse_tag(line).ok_or_else(|| {
                err(
                    line_no,
                    format!("cannot read tag '{line}' (expected [Key \"value\"])"),
                )
            })?);
            rest = &rest[end..];
        } else if c == '{' {
            let end = rest
                .find('}')
                .ok_or_else(|| err(line_no, "comment '{' without '}'".into()))?;
            line_no += rest[..end].matches('\n').count();
            cur.comments
                .push((cur.moves.len(), rest[1..end].to_string()));
            in_moves = true;
            rest = &rest[end + 1..];
        } else {
            let end = rest
                .find(|ch: char| ch.is_whitespace() || ch == '{')
                .unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            in_moves = true;
            if RESULTS.contains(&token) || outcome_word(token).is_some() {
                cur.result = token.to_string();
                records.push(std::mem::take(&mut cur));
                in_moves = false;
                continue;
            }
            // Move numbers: "12." or "12..." alone or glued to a move.
            let digits = token.trim_start_matches(|ch: char| ch.is_ascii_digit());
            let mv = if digits.len() < token.len() && digits.starts_with('.') {
                digits.trim_start_matches('.')
            } else {
                token
            };
            if !mv.is_empty() {
                cur.moves.push(mv.to_string());
            }
        }
    }
    if in_moves || !cur.tags.is_empty() {
        return Err(err(line_no, "the last game has no result token".into()));
    }
    Ok(records)
}

/// The outcome a multi-player record ends with: the protocol's word
/// (`p2win`, `draw`, `rank1-2-1-2`: places from 1 in player order).
pub fn outcome_word(token: &str) -> Option<crate::game::Outcome> {
    use crate::game::{Outcome, MAX_PLAYERS};
    if token == "draw" {
        return Some(Outcome::Draw);
    }
    if let Some(p) = token.strip_prefix('p').and_then(|t| t.strip_suffix("win")) {
        let p: u8 = p.parse().ok()?;
        return (1..=MAX_PLAYERS as u8)
            .contains(&p)
            .then(|| Outcome::Win(p - 1));
    }
    let places = token.strip_prefix("rank")?;
    let ranks: Vec<u8> = places
        .split('-')
        .map(|r| r.parse::<u8>().ok().filter(|&r| r >= 1))
        .collect::<Option<_>>()?;
    (2..=MAX_PLAYERS)
        .contains(&ranks.len())
        .then(|| Outcome::ranked(&ranks))
}

/// `[Key "value"]` with `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(ch) = chars.next() {
        if ch == '\\' {
            out.push(chars.next()?);
        } else {
            out.push(ch);
        }
    }
    Some((key.to_string(), out))
}
