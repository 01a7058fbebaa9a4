//! The engine options (protocol.md, "Options"): what `uci` advertises and
//! how `setoption` values are checked. Names are case-insensitive.

use crate::search::Algorithm;

/// A checked `setoption`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The game's name as listed by [`crate::games::GameKind`].
    Game(String),
    /// Variant options text; checked by the game when applied.
    GameOptions(String),
    Threads(usize),
    Hash(usize),
    MultiPv(usize),
    Search(Algorithm),
    Seed(u64),
    MoveOverhead(u64),
    ShowWdl(bool),
}

enum Kind {
    Combo,
    Text,
    Spin { default: i64, min: i64, max: i64 },
    Check { default: bool },
}

struct Spec {
    name: &'static str,
    kind: Kind,
}

const SPECS: &[Spec] = &[
    Spec {
        name: "Game",
        kind: Kind::Combo,
    },
    Spec {
        name: "GameOptions",
        kind: Kind::Text,
    },
    Spec {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    Spec {
        name: "Hash",
        kind: Kind::Spin {
            default: 64,
            min: 1,
            max: 65_536,
        },
    },
    Spec {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    Spec {
        name: "Search",
        kind: Kind::Combo,
    },
    // 32-bit bounds: some GUIs store spin values in a 32-bit int.
    Spec {
        name: "Seed",
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: 2_147_483_647,
        },
    },
    Spec {
        name: "MoveOverhead",
        kind: Kind::Spin {
            default: 10,
            min: 0,
            max: 10_000,
        },
    },
    Spec {
        name: "UCI_ShowWDL",
        kind: Kind::Check { default: false },
    },
];

/// The `option …` lines of the handshake; `games` in protocol order, the
/// first being the default.
pub fn option_lines(games: &[&str]) -> Vec<String> {
    SPECS
        .iter()
        .map(|spec| {
            let kind = match &spec.kind {
                Kind::Combo => {
                    let vars: &[&str] = if spec.name == "Game" {
                        games
                    } else {
                        Algorithm::NAMES
                    };
                    let default = vars.first().copied().unwrap_or("");
                    let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                    format!("type combo default {default} {}", vars.join(" "))
                }
                Kind::Text => "type string default <empty>".to_string(),
                Kind::Spin { default, min, max } => {
                    format!("type spin default {default} min {min} max {max}")
                }
                Kind::Check { default } => format!("type check default {default}"),
            };
            format!("option name {} {kind}", spec.name)
        })
        .collect()
}

/// Checks `setoption name <name> [value <value>]` against the table.
pub fn parse_setting(name: &str, value: Option<&str>, games: &[&str]) -> Result<Setting, String> {
    let spec = SPECS
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = SPECS.iter().map(|s| s.name).collect();
            format!(
                "unknown option '{}' (known: {})",
                super::parser::shorten(name),
                names.join(", ")
            )
        })?;
    let value = value.map(str::trim).unwrap_or("");
    let bad = |expected: String| {
        format!(
            "bad value '{}' for option {} (expected {expected})",
            super::parser::shorten(value),
            spec.name
        )
    };
    match &spec.kind {
        Kind::Combo if spec.name == "Game" => games
            .iter()
            .find(|g| g.eq_ignore_ascii_case(value))
            .map(|g| Setting::Game(g.to_string()))
            .ok_or_else(|| bad(format!("one of {}", games.join(", ")))),
        Kind::Combo => Algorithm::from_name(value)
            .map(Setting::Search)
            .ok_or_else(|| bad(format!("one of {}", Algorithm::NAMES.join(", ")))),
        Kind::Text => Ok(Setting::GameOptions(if value == "<empty>" {
            String::new()
        } else {
            value.to_string()
        })),
        Kind::Spin { min, max, .. } => {
            let n = value
                .parse::<i64>()
                .ok()
                .filter(|n| (*min..=*max).contains(n))
                .ok_or_else(|| bad(format!("an integer in {min}..={max}")))?;
            // In range, so non-negative and small enough for every target.
            let u = n as u64;
            Ok(match spec.name {
                "Threads" => Setting::Threads(u as usize),
                "Hash" => Setting::Hash(u as usize),
                "MultiPV" => Setting::MultiPv(u as usize),
                "Seed" => Setting::Seed(u),
                _ => Setting::MoveOverhead(u),
            })
        }
        Kind::Check { .. } => match value.to_ascii_lowercase().as_str() {
            "true" => Ok(Setting::ShowWdl(true)),
            "false" => Ok(Setting::ShowWdl(false)),
            _ => Err(bad("true or false".into())),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &[&str] = &["abalone", "palma"];

    #[test]
    fn handshake_lines() {
        let lines = option_lines(GAMES);
        assert_eq!(
            lines[0],
            "option name Game type combo default abalone var abalone var palma"
        );
        assert!(lines.contains(&"option name Threads type spin default 1 min 1 max 256".into()));
        assert!(lines.contains(&"option name UCI_ShowWDL type check default false".into()));
        assert!(lines.contains(
            &"option name Search type combo default auto var auto var alphabeta var expectimax \
              var mcts var greedy var random var rearmost"
                .into()
        ));
        assert_eq!(lines.len(), 9);
    }

    #[test]
    fn values_are_checked() {
        let p = |n: &str, v: &str| parse_setting(n, Some(v), GAMES);
        assert_eq!(p("game", "PALMA"), Ok(Setting::Game("palma".into())));
        assert_eq!(p("hash", "128"), Ok(Setting::Hash(128)));
        assert_eq!(p("uci_showwdl", "True"), Ok(Setting::ShowWdl(true)));
        assert_eq!(p("Search", "mcts"), Ok(Setting::Search(Algorithm::Mcts)));
        assert_eq!(
            p("GameOptions", "<empty>"),
            Ok(Setting::GameOptions(String::new()))
        );
        assert!(p("Threads", "0").is_err());
        assert!(p("Hash", "65537").is_err());
        assert!(p("Hash", "lots").is_err());
        assert!(p("Game", "chess").is_err());
        assert!(p("UCI_ShowWDL", "yes").is_err());
        assert!(p("Search", "minimax").is_err());
        let e = p("Colour", "red").unwrap_err();
        assert!(e.starts_with("unknown option 'Colour'"), "{e}");
        assert!(parse_setting("Seed", None, GAMES).is_err());
    }
}
