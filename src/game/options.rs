//! Variant options given as `key=value` pairs (e.g. `layout=belgian
//! princess=on`), checked against each game's [`OptionSpec`] list.

use super::GameError;

/// What values an option accepts.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// `on` or `off`.
    Switch,
    /// An integer in `min..=max`; `none` is accepted when `none_ok`.
    Int { min: i64, max: i64, none_ok: bool },
    /// Free text checked by the game itself (e.g. `shortcuts=10>24,20>22`).
    Text,
}

/// One option a game accepts.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub key: &'static str,
    pub kind: OptionKind,
    pub default: &'static str,
    pub help: &'static str,
}

/// A validated, complete set of option values (every key present, in the
/// order of the game's spec list).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct GameOptions {
    pairs: Vec<(String, String)>,
}

impl GameOptions {
    /// Parses whitespace- or comma-free `key=value` pairs separated by
    /// spaces, validates them against `specs` and fills in defaults.
    pub fn parse(text: &str, specs: &[OptionSpec]) -> Result<Self, GameError> {
        let mut given: Vec<(String, String)> = Vec::new();
        for token in text.split_whitespace() {
            let (key, value) = token.split_once('=').ok_or_else(|| {
                GameError::new(format!("option '{token}' is not of the form key=value"))
            })?;
            let spec = specs.iter().find(|s| s.key == key).ok_or_else(|| {
                let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
                GameError::new(format!(
                    "unknown option '{key}' (known: {})",
                    if keys.is_empty() {
                        "none".to_string()
                    } else {
                        keys.join(", ")
                    }
                ))
            })?;
            let value = check_value(spec, value)?;
            if let Some(slot) = given.iter_mut().find(|(k, _)| k == key) {
                slot.1 = value;
            } else {
                given.push((key.to_string(), value));
            }
        }
        let pairs = specs
            .iter()
            .map(|s| {
                let v = given
                    .iter()
                    .find(|(k, _)| k == s.key)
                    .map(|(_, v)| v.clone())
                    .unwrap_or_else(|| s.default.to_string());
                (s.key.to_string(), v)
            })
            .collect();
        Ok(GameOptions { pairs })
    }

    /// The defaults of a spec list.
    pub fn defaults(specs: &[OptionSpec]) -> Self {
        GameOptions {
            pairs: specs
                .iter()
                .map(|s| (s.key.to_string(), s.default.to_string()))
                .collect(),
        }
    }

    /// The value of `key` (always present for a known key).
    pub fn get(&self, key: &str) -> &str {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or("")
    }

    /// `on`/`off` switch value.
    pub fn switch(&self, key: &str) -> bool {
        self.get(key) == "on"
    }

    /// Integer value; `None` for `none`.
    pub fn int(&self, key: &str) -> Option<i64> {
        self.get(key).parse().ok()
    }

    /// All pairs, in spec order.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }
}

impl std::fmt::Display for GameOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut first = true;
        for (k, v) in &self.pairs {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

fn check_value(spec: &OptionSpec, value: &str) -> Result<String, GameError> {
    let bad = |expected: String| {
        GameError::new(format!(
            "bad value '{value}' for option '{}' (expected {expected})",
            spec.key
        ))
    };
    match spec.kind {
        OptionKind::Choice(words) => {
            if words.contains(&value) {
                Ok(value.to_string())
            } else {
                Err(bad(format!("one of {}", words.join(", "))))
            }
        }
        OptionKind::Switch => match value {
            "on" | "true" | "1" | "yes" => Ok("on".into()),
            "off" | "false" | "0" | "no" => Ok("off".into()),
            _ => Err(bad("on or off".into())),
        },
        OptionKind::Int { min, max, none_ok } => {
            if none_ok && (value == "none" || value == "off") {
                return Ok("none".into());
            }
            match value.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                _ => Err(bad(format!(
                    "an integer in {min}..={max}{}",
                    if none_ok { " or none" } else { "" }
                ))),
            }
        }
        OptionKind::Text => {
            if value.is_empty() {
                Err(bad("a non-empty value".into()))
            } else {
                Ok(value.to_string())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            key: "layout",
            kind: OptionKind::Choice(&["standard", "belgian"]),
            default: "standard",
            help: "",
        },
        OptionSpec {
            key: "princess",
            kind: OptionKind::Switch,
            default: "off",
            help: "",
        },
        OptionSpec {
            key: "max_plies",
            kind: OptionKind::Int {
                min: 1,
                max: 100_000,
                none_ok: true,
            },
            default: "none",
            help: "",
        },
    ];

    #[test]
    fn defaults_fill_in_and_values_normalise() {
        let o = GameOptions::parse("princess=true", SPECS).unwrap();
        assert_eq!(o.to_string(), "layout=standard princess=on max_plies=none");
        assert_eq!(o.int("max_plies"), None);
        let o = GameOptions::parse("max_plies=300 layout=belgian", SPECS).unwrap();
        assert_eq!(o.int("max_plies"), Some(300));
        assert_eq!(o.get("layout"), "belgian");
    }

    #[test]
    fn errors_name_the_problem() {
        let e = GameOptions::parse("colour=red", SPECS).unwrap_err();
        assert!(e.to_string().contains("unknown option 'colour'"), "{e}");
        let e = GameOptions::parse("layout=square", SPECS).unwrap_err();
        assert!(e.to_string().contains("one of standard, belgian"), "{e}");
        let e = GameOptions::parse("max_plies=-4", SPECS).unwrap_err();
        assert!(e.to_string().contains("integer"), "{e}");
        assert!(GameOptions::parse("layout", SPECS).is_err());
    }
}
