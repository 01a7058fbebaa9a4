//! The engine settings (protocol.md, "Options"): one table, [`SETTINGS`],
//! with each setting's name, type, default, range and help. It drives what
//! `uci` advertises and how `setoption` values are checked, the
//! `agon match --a/--b` and `agon tune --engine` specs
//! ([`crate::arena::EngineSpec`], which use the lower-case names as keys),
//! the command line's `--threads`/`--hash` flags and
//! [`SearchConfig::default`] ([`default_config`]), so each setting has one
//! default and one range everywhere. Names are case-insensitive.
//!
//! A room of its own because the protocol, the referee and the command
//! line all read it, and none of them owns the others.

use std::fmt;

use crate::game::EvalChoice;
use crate::search::mcts::params::{Params, Playout, Policy, PLAYOUT_PLIES};
use crate::search::{Algorithm, SearchConfig};

/// A setting name or value the table refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// No setting has this name (as given).
    Unknown(String),
    /// A value the setting does not take, with what it expects (`an
    /// integer in 1..=256`): the `setoption` check and the engine specs
    /// put that into their own messages, with the name and value.
    Expected(String),
    /// `setoption`'s bad value: the setting, the value given, what it
    /// expects.
    BadValue {
        name: &'static str,
        value: String,
        expected: String,
    },
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingError::Unknown(name) => {
                let names: Vec<&str> = SETTINGS.iter().map(|s| s.name).collect();
                write!(
                    f,
                    "unknown option '{}' (known: {})",
                    shorten(name),
                    names.join(", ")
                )
            }
            // What a command-line flag's value parser says.
            SettingError::Expected(expected) => write!(f, "must be {expected}"),
            SettingError::BadValue {
                name,
                value,
                expected,
            } => write!(
                f,
                "bad value '{}' for option {name} (expected {expected})",
                shorten(value)
            ),
        }
    }
}

impl std::error::Error for SettingError {}

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
    MctsPolicy(Policy),
    MctsPlayout(Playout),
    MctsPlayoutPlies(u32),
    Eval(EvalChoice),
    /// A network file's path (`<empty>`: none); read by the engine, which
    /// knows the game it must be for.
    EvalFile(String),
}

/// The type of a setting's value, as the `option` line writes it.
pub enum Kind {
    /// One of a list; the first is the default.
    Combo,
    Text,
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
}

/// One engine setting.
pub struct SettingSpec {
    /// The protocol's option name.
    pub name: &'static str,
    pub kind: Kind,
    /// Whether an engine spec (`agon match --a`) takes it, as the
    /// lower-case name; the game and the output format are not part of an
    /// engine there.
    pub in_spec: bool,
    pub help: &'static str,
}

pub const GAME: SettingSpec = SettingSpec {
    name: "Game",
    kind: Kind::Combo,
    in_spec: false,
    help: "the game",
};

pub const GAME_OPTIONS: SettingSpec = SettingSpec {
    name: "GameOptions",
    kind: Kind::Text,
    in_spec: false,
    help: "the game's variant options, key=value separated by spaces",
};

pub const THREADS: SettingSpec = SettingSpec {
    name: "Threads",
    kind: Kind::Spin {
        default: 1,
        min: 1,
        max: 256,
    },
    in_spec: true,
    help: "search threads",
};

pub const HASH: SettingSpec = SettingSpec {
    name: "Hash",
    kind: Kind::Spin {
        default: 64,
        min: 1,
        max: 65_536,
    },
    in_spec: true,
    help: "transposition table size in MiB",
};

pub const MULTIPV: SettingSpec = SettingSpec {
    name: "MultiPV",
    kind: Kind::Spin {
        default: 1,
        min: 1,
        max: 256,
    },
    in_spec: true,
    help: "best lines reported",
};

pub const SEARCH: SettingSpec = SettingSpec {
    name: "Search",
    kind: Kind::Combo,
    in_spec: true,
    help: "the search algorithm",
};

// 32-bit bounds: some GUIs store spin values in a 32-bit int.
pub const SEED: SettingSpec = SettingSpec {
    name: "Seed",
    kind: Kind::Spin {
        default: 0,
        min: 0,
        max: 2_147_483_647,
    },
    in_spec: true,
    help: "seed of the engine's random choices",
};

pub const MOVE_OVERHEAD: SettingSpec = SettingSpec {
    name: "MoveOverhead",
    kind: Kind::Spin {
        default: 10,
        min: 0,
        max: 10_000,
    },
    in_spec: true,
    help: "milliseconds kept back per move for communication",
};

pub const SHOW_WDL: SettingSpec = SettingSpec {
    name: "UCI_ShowWDL",
    kind: Kind::Check { default: false },
    in_spec: false,
    help: "print win/draw/loss permille with each score",
};

pub const MCTS_POLICY: SettingSpec = SettingSpec {
    name: "MctsPolicy",
    kind: Kind::Combo,
    in_spec: true,
    help: "how MCTS picks the move to follow",
};

pub const MCTS_PLAYOUT: SettingSpec = SettingSpec {
    name: "MctsPlayout",
    kind: Kind::Combo,
    in_spec: true,
    help: "how MCTS values a new node (auto: the game's choice)",
};

pub const MCTS_PLAYOUT_PLIES: SettingSpec = SettingSpec {
    name: "MctsPlayoutPlies",
    kind: Kind::Spin {
        default: PLAYOUT_PLIES as i64,
        min: 1,
        max: 1000,
    },
    in_spec: true,
    help: "plies of an MCTS playout before the evaluator",
};

/// Every engine setting, in the order `uci` lists them.
pub const EVAL: SettingSpec = SettingSpec {
    name: "Eval",
    kind: Kind::Combo,
    in_spec: true,
    help: "the evaluation (auto: the game's stronger one)",
};

pub const EVAL_FILE: SettingSpec = SettingSpec {
    name: "EvalFile",
    kind: Kind::Text,
    in_spec: false,
    help: "a network file for the game (empty: the shipped network)",
};

pub const SETTINGS: &[SettingSpec] = &[
    GAME,
    GAME_OPTIONS,
    THREADS,
    HASH,
    MULTIPV,
    SEARCH,
    SEED,
    MOVE_OVERHEAD,
    SHOW_WDL,
    MCTS_POLICY,
    MCTS_PLAYOUT,
    MCTS_PLAYOUT_PLIES,
    EVAL,
    EVAL_FILE,
];

impl SettingSpec {
    /// The choices of a combo (`games` for `Game`).
    fn choices<'a>(&self, games: &'a [&'a str]) -> &'a [&'a str] {
        match self.name {
            "Game" => games,
            "MctsPolicy" => Policy::NAMES,
            "MctsPlayout" => Playout::NAMES,
            "Eval" => EvalChoice::NAMES,
            _ => Algorithm::NAMES,
        }
    }

    /// The default of a spin setting (0 for the others).
    pub const fn spin_default(&self) -> i64 {
        match self.kind {
            Kind::Spin { default, .. } => default,
            _ => 0,
        }
    }

    /// Checks a value against this setting; the error says what was
    /// expected (`an integer in 1..=256`).
    pub fn check(&self, value: &str, games: &[&str]) -> Result<Setting, SettingError> {
        let value = value.trim();
        match &self.kind {
            Kind::Combo => {
                let choices = self.choices(games);
                let found = choices.iter().find(|g| g.eq_ignore_ascii_case(value));
                let setting = found.and_then(|g| match self.name {
                    "Game" => Some(Setting::Game(g.to_string())),
                    "MctsPolicy" => Policy::from_name(g).map(Setting::MctsPolicy),
                    "MctsPlayout" => Playout::from_name(g).map(Setting::MctsPlayout),
                    "Eval" => EvalChoice::from_name(g).map(Setting::Eval),
                    _ => Algorithm::from_name(g).map(Setting::Search),
                });
                setting
                    .ok_or_else(|| SettingError::Expected(format!("one of {}", choices.join(", "))))
            }
            Kind::Text => {
                let text = if value == "<empty>" {
                    String::new()
                } else {
                    value.to_string()
                };
                Ok(if self.name == "EvalFile" {
                    Setting::EvalFile(text)
                } else {
                    Setting::GameOptions(text)
                })
            }
            Kind::Spin { .. } => {
                // In range, so non-negative and small enough for every target.
                let u = self.spin(value)?;
                Ok(match self.name {
                    "Threads" => Setting::Threads(u as usize),
                    "Hash" => Setting::Hash(u as usize),
                    "MultiPV" => Setting::MultiPv(u as usize),
                    "Seed" => Setting::Seed(u),
                    "MctsPlayoutPlies" => Setting::MctsPlayoutPlies(u as u32),
                    _ => Setting::MoveOverhead(u),
                })
            }
            Kind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" => Ok(Setting::ShowWdl(true)),
                "false" => Ok(Setting::ShowWdl(false)),
                _ => Err(SettingError::Expected("true or false".into())),
            },
        }
    }

    /// A spin setting's value, checked against its range (also the
    /// command line's value parser for `--threads` and `--hash`).
    pub fn spin(&self, value: &str) -> Result<u64, SettingError> {
        let Kind::Spin { min, max, .. } = self.kind else {
            return Err(SettingError::Expected(format!(
                "set with its own type ({} is not a number setting)",
                self.name
            )));
        };
        value
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .map(|n| n as u64)
            .ok_or_else(|| SettingError::Expected(format!("an integer in {min}..={max}")))
    }
}

/// The command line's `--threads` ([`THREADS`]'s range).
pub fn threads_arg(value: &str) -> Result<usize, SettingError> {
    THREADS.spin(value).map(|n| n as usize)
}

/// The command line's `--hash` ([`HASH`]'s range).
pub fn hash_arg(value: &str) -> Result<usize, SettingError> {
    HASH.spin(value).map(|n| n as usize)
}

/// The search settings at the table's defaults: what
/// [`SearchConfig::default`] returns (the engine's start, and every engine
/// spec before its keys). A combo's default is its first choice.
pub fn default_config() -> SearchConfig {
    // The table's defaults are within its ranges and non-negative.
    let spin = |spec: &SettingSpec| spec.spin_default() as u64;
    SearchConfig {
        algorithm: Algorithm::from_name(Algorithm::NAMES[0]).unwrap_or_default(),
        threads: spin(&THREADS) as usize,
        hash_mb: spin(&HASH) as usize,
        multipv: spin(&MULTIPV) as usize,
        seed: spin(&SEED),
        move_overhead: std::time::Duration::from_millis(spin(&MOVE_OVERHEAD)),
        lmr: true,
        mcts: Params {
            policy: Policy::from_name(Policy::NAMES[0]).unwrap_or_default(),
            playout: Playout::from_name(Playout::NAMES[0]).unwrap_or_default(),
            playout_plies: spin(&MCTS_PLAYOUT_PLIES) as u32,
            ..Params::default()
        },
        aspiration: true,
        expectimax: Default::default(),
        eval: EvalChoice::default(),
        eval_file: None,
    }
}

/// Applies a setting that belongs to the search; `false` for the others
/// (`Game`, `GameOptions`, `UCI_ShowWDL`).
pub fn apply(config: &mut SearchConfig, setting: &Setting) -> bool {
    match *setting {
        Setting::Threads(n) => config.threads = n,
        Setting::Hash(mb) => config.hash_mb = mb,
        Setting::MultiPv(n) => config.multipv = n,
        Setting::Search(a) => config.algorithm = a,
        Setting::Seed(s) => config.seed = s,
        Setting::MoveOverhead(ms) => config.move_overhead = std::time::Duration::from_millis(ms),
        Setting::MctsPolicy(p) => config.mcts.policy = p,
        Setting::MctsPlayout(p) => config.mcts.playout = p,
        Setting::MctsPlayoutPlies(n) => config.mcts.playout_plies = n,
        Setting::Eval(e) => config.eval = e,
        Setting::Game(_) | Setting::GameOptions(_) | Setting::ShowWdl(_) | Setting::EvalFile(_) => {
            return false
        }
    }
    true
}

/// The `option …` lines of the handshake; `games` in protocol order, the
/// first being the default.
pub fn option_lines(games: &[&str]) -> Vec<String> {
    SETTINGS
        .iter()
        .map(|spec| {
            let kind = match &spec.kind {
                Kind::Combo => {
                    let vars = spec.choices(games);
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
pub fn parse_setting(
    name: &str,
    value: Option<&str>,
    games: &[&str],
) -> Result<Setting, SettingError> {
    let spec = SETTINGS
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| SettingError::Unknown(name.to_string()))?;
    let value = value.map(str::trim).unwrap_or("");
    spec.check(value, games).map_err(|e| match e {
        SettingError::Expected(expected) => SettingError::BadValue {
            name: spec.name,
            value: value.to_string(),
            expected,
        },
        other => other,
    })
}

/// At most 40 characters of an input quoted in an error.
fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

/// Help for the engine spec keys that are settings: `threads` (1..=256,
/// default 1), … — for the command line's `--help`.
pub fn spec_keys_help() -> String {
    SETTINGS
        .iter()
        .filter(|s| s.in_spec)
        .map(|s| match s.kind {
            Kind::Spin { default, min, max } => format!(
                "{} ({}, {min}..={max}, default {default})",
                s.name.to_ascii_lowercase(),
                s.help
            ),
            _ => format!(
                "{} ({}: {})",
                s.name.to_ascii_lowercase(),
                s.help,
                s.choices(&[]).join("|")
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
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
        assert!(lines.contains(&"option name Hash type spin default 64 min 1 max 65536".into()));
        assert!(lines.contains(&"option name UCI_ShowWDL type check default false".into()));
        assert!(lines.contains(
            &"option name Search type combo default auto var auto var alphabeta var expectimax \
              var paranoid var maxn var mcts var greedy var random var rearmost"
                .into()
        ));
        assert!(lines.contains(
            &"option name MctsPlayout type combo default auto var auto var none var random var guided"
                .into()
        ));
        assert!(lines.contains(
            &"option name Eval type combo default auto var auto var classic var nnue".into()
        ));
        assert!(lines.contains(&"option name EvalFile type string default <empty>".into()));
        assert_eq!(lines.len(), 14);
    }

    #[test]
    fn values_are_checked() {
        let p = |n: &str, v: &str| parse_setting(n, Some(v), GAMES);
        assert_eq!(p("game", "PALMA"), Ok(Setting::Game("palma".into())));
        assert_eq!(p("hash", "128"), Ok(Setting::Hash(128)));
        assert_eq!(p("uci_showwdl", "True"), Ok(Setting::ShowWdl(true)));
        assert_eq!(p("Search", "mcts"), Ok(Setting::Search(Algorithm::Mcts)));
        assert_eq!(p("mctspolicy", "UCT"), Ok(Setting::MctsPolicy(Policy::Uct)));
        assert_eq!(
            p("MctsPlayout", "guided"),
            Ok(Setting::MctsPlayout(Playout::Guided))
        );
        assert_eq!(p("MctsPlayoutPlies", "3"), Ok(Setting::MctsPlayoutPlies(3)));
        assert!(p("MctsPlayout", "mcts").is_err());
        assert!(p("MctsPolicy", "random").is_err());
        assert!(p("MctsPlayoutPlies", "0").is_err());
        assert_eq!(p("eval", "NNUE"), Ok(Setting::Eval(EvalChoice::Nnue)));
        assert!(p("Eval", "net").is_err());
        assert_eq!(
            p("EvalFile", "nets/z.nnue"),
            Ok(Setting::EvalFile("nets/z.nnue".into()))
        );
        assert_eq!(
            p("EvalFile", "<empty>"),
            Ok(Setting::EvalFile(String::new()))
        );
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
        assert_eq!(e, SettingError::Unknown("Colour".into()));
        assert!(e.to_string().starts_with("unknown option 'Colour'"), "{e}");
        assert!(parse_setting("Seed", None, GAMES).is_err());
    }

    #[test]
    fn defaults_come_from_the_table() {
        let c = default_config();
        assert_eq!(c.hash_mb as i64, HASH.spin_default());
        assert_eq!(c.threads as i64, THREADS.spin_default());
        assert_eq!(c.multipv as i64, MULTIPV.spin_default());
        assert_eq!(
            c.move_overhead.as_millis() as i64,
            MOVE_OVERHEAD.spin_default()
        );
        assert_eq!(
            threads_arg("0").map_err(|e| e.to_string()),
            Err("must be an integer in 1..=256".into())
        );
        assert_eq!(hash_arg("16"), Ok(16));
    }
}
