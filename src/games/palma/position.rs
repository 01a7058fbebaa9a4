//! The position string (one line, round-trips exactly):
//!
//! ```text
//! h=<waiting>/<on 0>/<squares> j=<waiting>/<on 0>/<squares> <phase>
//! ```
//!
//! `h` is Hounds, `j` Jackals; `<waiting>` the pieces not yet entered,
//! `<on 0>` the pieces on square 0, `<squares>` the occupied squares 1..29 in
//! increasing order, comma-separated, or `-`. `<phase>` is one of
//! - `throw=h`: Hounds are to throw (a chance node);
//! - `use=h:3`: Hounds use their own throw 3;
//! - `passed=j:5 extra=h`: Jackals use the value 5 passed by Hounds, who keep
//!   the extra throw (`extra=-` when the passed value is not a 5);
//! - `over=h`: Hounds have won.
//!
//! Start: `h=5/0/- j=5/0/- throw=h`.

use super::options::{Rules, LAST};
use super::state::{other, Palma, Phase, Track, PIECES, THROWS};
use crate::game::{GameError, Player};

const SIDES: [&str; 2] = ["h", "j"];
const NAMES: [&str; 2] = ["hounds", "jackals"];

pub fn write(pos: &Palma) -> String {
    let tracks = pos.tracks();
    let phase = match pos.phase() {
        Phase::Throw(p) => format!("throw={}", SIDES[usize::from(p)]),
        Phase::Use(p, v) => format!("use={}:{v}", SIDES[usize::from(p)]),
        Phase::Passed(p, v) => format!(
            "passed={}:{v} extra={}",
            SIDES[usize::from(p)],
            if v == 5 {
                SIDES[usize::from(other(p))]
            } else {
                "-"
            }
        ),
        Phase::Over(p) => format!("over={}", SIDES[usize::from(p)]),
    };
    format!(
        "h={} j={} {phase}",
        write_track(tracks[0]),
        write_track(tracks[1])
    )
}

fn write_track(t: Track) -> String {
    let mut squares = Vec::new();
    let mut b = t.board;
    while b != 0 {
        squares.push(b.trailing_zeros().to_string());
        b &= b - 1;
    }
    let list = if squares.is_empty() {
        "-".to_string()
    } else {
        squares.join(",")
    };
    format!("{}/{}/{list}", t.waiting, t.start)
}

pub fn parse(text: &str, rules: &'static Rules) -> Result<Palma, GameError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() < 3 {
        return Err(GameError::new(
            "position: expected 'h=W/Z/SQUARES j=W/Z/SQUARES PHASE' (e.g. h=5/0/- j=5/0/- throw=h)",
        ));
    }
    let mut tracks = [Track::default(); 2];
    for (p, side) in SIDES.iter().enumerate() {
        let body = tokens[p]
            .strip_prefix(side)
            .and_then(|s| s.strip_prefix('='))
            .ok_or_else(|| {
                GameError::new(format!(
                    "position: token {} must start with '{side}=' ({})",
                    p + 1,
                    NAMES[p]
                ))
            })?;
        tracks[p] = parse_track(body, NAMES[p])?;
    }
    let phase = parse_phase(&tokens[2..])?;
    let home: Vec<Player> = (0..2u8)
        .filter(|&p| tracks[usize::from(p)].is_home())
        .collect();
    match (home.as_slice(), phase) {
        ([], Phase::Over(p)) => {
            return Err(GameError::new(format!(
                "position: over={} but {} do not have all pieces on 25..29",
                SIDES[usize::from(p)],
                NAMES[usize::from(p)]
            )))
        }
        ([w], Phase::Over(p)) if *w != p => {
            return Err(GameError::new(format!(
                "position: over={} but it is {} who have all pieces home",
                SIDES[usize::from(p)],
                NAMES[usize::from(*w)]
            )))
        }
        ([w], phase) if !matches!(phase, Phase::Over(_)) => {
            return Err(GameError::new(format!(
                "position: {} have all pieces home, so the phase must be over={}",
                NAMES[usize::from(*w)],
                SIDES[usize::from(*w)]
            )))
        }
        ([_, _], _) => {
            return Err(GameError::new(
                "position: both sides have all pieces home (the game ends at the first)",
            ))
        }
        _ => {}
    }
    Ok(Palma::from_parts(tracks, phase, 0, rules))
}

fn parse_track(body: &str, name: &str) -> Result<Track, GameError> {
    let parts: Vec<&str> = body.split('/').collect();
    let [w, z, list] = parts.as_slice() else {
        return Err(GameError::new(format!(
            "position: {name} must be WAITING/ON0/SQUARES (e.g. 3/1/4,12), not '{body}'"
        )));
    };
    let count = |s: &str, what: &str| -> Result<u8, GameError> {
        match s.parse::<u8>() {
            Ok(n) if n <= PIECES => Ok(n),
            _ => Err(GameError::new(format!(
                "position: {name} {what} '{s}' is not a count 0..5"
            ))),
        }
    };
    let waiting = count(w, "waiting")?;
    let start = count(z, "on square 0")?;
    let mut board = 0u32;
    let mut last = 0u8;
    if *list != "-" {
        for sq in list.split(',') {
            let q = match sq.parse::<u8>() {
                Ok(q) if (1..=LAST).contains(&q) => q,
                _ => {
                    return Err(GameError::new(format!(
                        "position: {name} square '{sq}' is not in 1..29"
                    )))
                }
            };
            if q <= last {
                return Err(GameError::new(format!(
                    "position: {name} squares must be listed once each in increasing order ('{list}')"
                )));
            }
            last = q;
            board |= 1 << q;
        }
    }
    let total = u32::from(waiting) + u32::from(start) + board.count_ones();
    if total != u32::from(PIECES) {
        return Err(GameError::new(format!(
            "position: {name} have {total} pieces, not 5"
        )));
    }
    Ok(Track {
        board,
        start,
        waiting,
    })
}

fn side(s: &str) -> Result<Player, GameError> {
    match s {
        "h" => Ok(0),
        "j" => Ok(1),
        _ => Err(GameError::new(format!(
            "position: '{s}' is not a side (h or j)"
        ))),
    }
}

fn side_value(s: &str) -> Result<(Player, u8), GameError> {
    let (p, v) = s
        .split_once(':')
        .ok_or_else(|| GameError::new(format!("position: '{s}' must be SIDE:VALUE (e.g. h:5)")))?;
    let v = match v.parse::<u8>() {
        Ok(v) if THROWS.contains(&v) => v,
        _ => {
            return Err(GameError::new(format!(
                "position: throw value '{v}' is not 1, 2, 3 or 5"
            )))
        }
    };
    Ok((side(p)?, v))
}

fn parse_phase(tokens: &[&str]) -> Result<Phase, GameError> {
    let bad = || {
        GameError::new(format!(
            "position: phase '{}' is not throw=S, use=S:V, passed=S:V extra=S|-, or over=S",
            tokens.join(" ")
        ))
    };
    let (key, value) = tokens[0].split_once('=').ok_or_else(bad)?;
    let phase = match key {
        "throw" => Phase::Throw(side(value)?),
        "use" => {
            let (p, v) = side_value(value)?;
            Phase::Use(p, v)
        }
        "over" => Phase::Over(side(value)?),
        "passed" => {
            let (p, v) = side_value(value)?;
            let extra = tokens
                .get(1)
                .and_then(|t| t.strip_prefix("extra="))
                .ok_or_else(|| {
                    GameError::new("position: passed=S:V must be followed by extra=S or extra=-")
                })?;
            let expected = if v == 5 {
                SIDES[usize::from(other(p))]
            } else {
                "-"
            };
            if extra != expected {
                return Err(GameError::new(format!(
                    "position: with passed={value} the extra throw belongs to '{expected}', not '{extra}'"
                )));
            }
            return if tokens.len() == 2 {
                Ok(Phase::Passed(p, v))
            } else {
                Err(GameError::new(format!(
                    "position: unexpected text after the phase: '{}'",
                    tokens[2..].join(" ")
                )))
            };
        }
        _ => return Err(bad()),
    };
    if tokens.len() != 1 {
        return Err(GameError::new(format!(
            "position: unexpected text after the phase: '{}'",
            tokens[1..].join(" ")
        )));
    }
    Ok(phase)
}

/// A picture of both tracks (`d` command).
pub fn board_text(pos: &Palma) -> String {
    let mut s = String::new();
    for (p, name) in ["hounds ", "jackals"].iter().enumerate() {
        let t = pos.tracks()[p];
        s.push_str(&format!(
            "{name}  waiting {}  on 0: {}  |",
            t.waiting, t.start
        ));
        for q in 1..=29 {
            s.push(if t.board & (1 << q) != 0 { 'o' } else { '.' });
            if q == 24 {
                s.push('|');
            }
        }
        s.push_str("|\n");
    }
    s.push_str(&format!("{}\n", write(pos)));
    s
}
