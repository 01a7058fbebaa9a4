//! Move text (palma.md "Notation"): `7-12` names the from-square and the
//! landing square before any shortcut, `enter` (input also `e`) an entry,
//! `pass` a pass, `t1 t2 t3 t5` a throw (input also the bare value).

use super::state::{Palma, PalmaMove, Phase, THROWS};
use crate::game::GameError;

pub fn write(m: PalmaMove) -> String {
    match m {
        PalmaMove::Throw(v) => format!("t{v}"),
        PalmaMove::Enter => "enter".to_string(),
        PalmaMove::Step { from, to } => format!("{from}-{to}"),
        PalmaMove::Pass => "pass".to_string(),
    }
}

/// Parses a move (or throw) and checks it is legal in `pos`.
pub fn parse(pos: &Palma, text: &str) -> Result<PalmaMove, GameError> {
    let t = text.trim().to_ascii_lowercase();
    match pos.phase() {
        Phase::Over(_) => Err(GameError::new("the game is over: no move is legal")),
        Phase::Throw(_) => {
            let digits = t.strip_prefix('t').unwrap_or(&t);
            match digits.parse::<u8>() {
                Ok(v) if THROWS.contains(&v) => Ok(PalmaMove::Throw(v)),
                _ => Err(GameError::new(format!(
                    "'{text}' is not a throw: a throw is pending (t1, t2, t3 or t5)"
                ))),
            }
        }
        Phase::Use(_, _) | Phase::Passed(_, _) => {
            let m = match t.as_str() {
                "enter" | "e" => PalmaMove::Enter,
                "pass" => PalmaMove::Pass,
                _ => parse_step(&t, text)?,
            };
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            if legal.contains(&m) {
                Ok(m)
            } else {
                let names: Vec<String> = legal.iter().map(|&m| write(m)).collect();
                Err(GameError::new(format!(
                    "'{text}' is not legal here (legal: {})",
                    names.join(" ")
                )))
            }
        }
    }
}

fn parse_step(t: &str, text: &str) -> Result<PalmaMove, GameError> {
    let bad = || {
        GameError::new(format!(
            "'{text}' is not a move (expected from-to like 7-12, enter, or pass)"
        ))
    };
    let (a, b) = t.split_once('-').ok_or_else(bad)?;
    let from = a.parse::<u8>().map_err(|_| bad())?;
    let to = b.parse::<u8>().map_err(|_| bad())?;
    Ok(PalmaMove::Step { from, to })
}
