//! Game records in the source's transcription format (petteia.md
//! "Transcription"):
//!
//! ```text
//! 1) 63 a2-a4, 32 g6-f6;
//! 2) 31 b2-b3, 42 j7-j5;
//! 3) 65 a1-a2, 0-1 (reluctance)
//! ```
//!
//! One line per full move: the number, White's move, a comma, Black's move,
//! a semicolon. Kubeia moves carry their roll (higher die first); a
//! Hand-of-Zeus extra move follows as a further `[hi][lo] from-to` before
//! the comma. A game that starts with Black writes `1) ..., `. The result
//! `1-0`, `0-1` or `½-½` with the reason in brackets ends the record: in
//! Black's slot when White's move ended the game, after the semicolon
//! otherwise. Columns are a..l, or Greek letters when asked
//! (`greek=on`); the reader also takes the Latin look-alikes of the Greek
//! capitals (A B E Z H I K M) and the source's Italian reason words.

use super::state::{Move, MoveKind, Reason};
use super::PetteiaGame;
use crate::game::{Game, GameError, GameOptions, Notation, Outcome, Status};

fn result_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Win(0) => "1-0",
        Outcome::Win(_) => "0-1",
        Outcome::Draw | Outcome::Ranked(_) => "½-½",
    }
}

/// Writes the record of `moves` (steps, passes and, in Kubeia, the rolls
/// before them) played from `start`.
pub fn write<const D: bool>(
    start: &PetteiaGame<D>,
    moves: &[Move],
    greek: bool,
) -> Result<String, GameError> {
    let mut pos = start.clone();
    // (side, item text) per decision, in order.
    let mut items: Vec<(usize, String)> = Vec::new();
    let mut dice: Option<(u8, u8)> = None;
    for &m in moves {
        match pos.status() {
            Status::Over(_) => return Err(GameError::new("a move follows the end of the game")),
            Status::Chance => match m.kind() {
                MoveKind::Roll { hi, lo } => dice = Some((hi, lo)),
                _ => {
                    return Err(GameError::new(
                        "a roll is pending but the list gives a move",
                    ))
                }
            },
            Status::Decision(side) => {
                let mut legal = Vec::new();
                pos.moves(&mut legal);
                if !legal.contains(&m) {
                    return Err(GameError::new(format!(
                        "illegal move {} in the list",
                        pos.move_text(m)
                    )));
                }
                let text = pos.move_text_in(m, greek);
                let item = match dice.take() {
                    Some((hi, lo)) => format!("{hi}{lo} {text}"),
                    None => text,
                };
                items.push((side as usize, item));
            }
        }
        pos.play(m);
    }
    let mut parts: Vec<(usize, Vec<String>)> = Vec::new();
    for (side, item) in items {
        match parts.last_mut() {
            Some((s, v)) if *s == side => v.push(item),
            _ => parts.push((side, vec![item])),
        }
    }
    let mut lines: Vec<String> = Vec::new();
    let mut number = 1;
    let mut i = 0;
    let mut open_white = false;
    while i < parts.len() {
        let (side, v) = &parts[i];
        if *side == 0 {
            let mut line = format!("{number}) {}", v.join(" "));
            if let Some((1, b)) = parts.get(i + 1) {
                line.push_str(&format!(", {};", b.join(" ")));
                i += 1;
                number += 1;
            } else {
                open_white = true;
            }
            lines.push(line);
        } else {
            lines.push(format!("{number}) ..., {};", v.join(" ")));
            number += 1;
        }
        i += 1;
    }
    if let Status::Over(o) = pos.status() {
        let reason = pos.state().result.map(|(_, r)| r.name()).unwrap_or("");
        let result = format!("{} ({reason})", result_word(o));
        match lines.last_mut() {
            Some(last) if open_white => last.push_str(&format!(", {result}")),
            Some(last) => last.push_str(&format!(" {result}")),
            None => lines.push(result),
        }
    }
    Ok(lines.join("\n"))
}

fn parse_result(token: &str) -> Option<Outcome> {
    match token {
        "1-0" => Some(Outcome::Win(0)),
        "0-1" | "O-1" => Some(Outcome::Win(1)),
        "½-½" | "1/2-1/2" => Some(Outcome::Draw),
        _ => None,
    }
}

fn is_dice(token: &str) -> Option<(u8, u8)> {
    let b = token.as_bytes();
    if b.len() == 2 && b.iter().all(|d| (b'1'..=b'6').contains(d)) {
        let (x, y) = (b[0] - b'0', b[1] - b'0');
        Some((x.max(y), x.min(y)))
    } else {
        None
    }
}

/// Reads a record played from the start position of `options`; returns
/// the final position and every move (rolls included). A written result
/// must be the one the rules give.
pub fn read<const D: bool>(
    text: &str,
    options: &GameOptions,
    greek: bool,
) -> Result<(PetteiaGame<D>, Vec<Move>), GameError> {
    let mut pos = PetteiaGame::<D>::new(options)?;
    let mut moves = Vec::new();
    let cleaned = text.replace([',', ';'], " ");
    let tokens: Vec<&str> = cleaned.split_whitespace().collect();
    let mut expected: Option<(Outcome, String)> = None;
    let mut i = 0;
    while i < tokens.len() {
        let tok = tokens[i];
        i += 1;
        let is_number = tok.ends_with(')')
            && tok[..tok.len() - 1].chars().all(|c| c.is_ascii_digit())
            && tok.len() > 1;
        if is_number || tok == "..." || tok == "…" {
            continue;
        }
        if let Some(o) = parse_result(tok) {
            let reason = tokens[i..].join(" ");
            let reason = reason
                .trim()
                .trim_start_matches('(')
                .trim_end_matches(')')
                .trim()
                .to_string();
            expected = Some((o, reason));
            break;
        }
        let m = if let Some((hi, lo)) = is_dice(tok) {
            if !D {
                return Err(GameError::new(format!(
                    "dice '{tok}' in a Petteia record (Kubeia records carry dice)"
                )));
            }
            if pos.status() != Status::Chance {
                return Err(GameError::new(format!(
                    "dice '{tok}' where no roll is due (ply {})",
                    pos.ply()
                )));
            }
            Move::roll(hi, lo)
        } else {
            if D && pos.status() == Status::Chance {
                return Err(GameError::new(format!(
                    "move '{tok}' without its dice (ply {})",
                    pos.ply()
                )));
            }
            pos.parse_move_in(tok, greek)
                .map_err(|e| GameError::new(format!("ply {}: {e}", pos.ply() + 1)))?
        };
        pos.play(m);
        moves.push(m);
    }
    if let Some((o, reason)) = expected {
        let got = pos.state().result;
        let want_reason = Reason::from_name(&reason);
        let ok = match got {
            Some((go, gr)) => go == o && (reason.is_empty() || want_reason == Some(gr)),
            None => false,
        };
        if !ok {
            return Err(GameError::new(format!(
                "the record gives {} ({reason}) but the rules give {}",
                result_word(o),
                match got {
                    Some((go, gr)) => format!("{} ({})", result_word(go), gr.name()),
                    None => "a game still in progress".to_string(),
                }
            )));
        }
    }
    Ok((pos, moves))
}
