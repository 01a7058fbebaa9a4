//! Move text (documented in the module docs of [`super`]): `c3-d4` for a
//! step, `c3xe5xg5` for a capture chain; input may add the captured points
//! as `[..]`.

use super::board::{parse_point, point_name, Bits};
use super::{ZMove, Zamma};
use crate::game::{Game, GameError};

/// Start and landings, without the captured set.
fn base_text(m: &ZMove) -> String {
    let sep = if m.is_capture() { "x" } else { "-" };
    let mut s = point_name(m.from);
    for &p in m.landings() {
        s.push_str(sep);
        s.push_str(&point_name(p));
    }
    s
}

/// The canonical text of a move legal in `z`: start and landings, which
/// fix the captured set (module docs), so no move generation is needed and
/// listing a position's moves stays linear in their number.
pub fn move_text(_z: &Zamma, m: ZMove) -> String {
    base_text(&m)
}

/// Parses a move legal in `z`: the canonical text, a capture written as
/// start and end only when that picks one chain, and a `[..]` captured
/// set on any capture.
pub fn parse_move(z: &Zamma, text: &str) -> Result<ZMove, GameError> {
    let text = text.trim();
    let (body, captured) = match text.split_once('[') {
        None => (text, None),
        Some((body, rest)) => {
            let list = rest.strip_suffix(']').ok_or_else(|| {
                GameError::new(format!(
                    "move '{text}': the captured list must end with ']'"
                ))
            })?;
            let mut set: Bits = 0;
            for name in list.split(',') {
                let p = parse_point(name.trim()).ok_or_else(|| {
                    GameError::new(format!("move '{text}': '{name}' is not a point a1..i9"))
                })?;
                set |= super::board::bit(p);
            }
            (body, Some(set))
        }
    };
    let capture = body.contains(['x', 'X']);
    if capture && body.contains('-') {
        return Err(GameError::new(format!(
            "move '{text}': use '-' for a step or 'x' for a capture, not both"
        )));
    }
    let points = body
        .split(['x', 'X', '-'])
        .map(|name| {
            parse_point(name).ok_or_else(|| {
                GameError::new(format!("move '{text}': '{name}' is not a point a1..i9"))
            })
        })
        .collect::<Result<Vec<u8>, GameError>>()?;
    if points.len() < 2 || (!capture && points.len() != 2) {
        return Err(GameError::new(format!(
            "move '{text}' is not of the form c3-d4 or c3xe5xg5"
        )));
    }
    if captured.is_some() && !capture {
        return Err(GameError::new(format!(
            "move '{text}': a step captures nothing"
        )));
    }
    let (from, landings) = (points[0], &points[1..]);
    let mut moves = Vec::new();
    z.moves(&mut moves);
    let matches_with = |full: bool| -> Vec<ZMove> {
        moves
            .iter()
            .copied()
            .filter(|m| m.is_capture() == capture && m.from == from)
            .filter(|m| {
                if full {
                    m.landings() == landings
                } else {
                    m.to() == landings[0]
                }
            })
            .filter(|m| captured.is_none_or(|c| c == m.captured))
            .collect()
    };
    let mut found = matches_with(true);
    if found.is_empty() && capture && landings.len() == 1 {
        found = matches_with(false);
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => {
            let must_capture = moves.first().is_some_and(|m| m.is_capture());
            let why = if !capture && must_capture {
                " (a capture is compulsory)"
            } else {
                ""
            };
            Err(GameError::new(format!("illegal move '{text}'{why}")))
        }
        _ => {
            let options: Vec<String> = found.iter().map(|m| move_text(z, *m)).collect();
            Err(GameError::new(format!(
                "move '{text}' is ambiguous: one of {}",
                options.join(" ")
            )))
        }
    }
}
