//! Variant options given as `key=value` pairs (e.g. `layout=belgian
//! princess=on`), checked against each game's [`OptionSpec`] list.

use std::any::{Any, TypeId};
use std::sync::Mutex;

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

    /// The same options with `key` set to `value` (unchecked here: interning
    /// or [`GameOptions::parse`] validates). An absent key is added.
    pub fn with(&self, key: &str, value: &str) -> GameOptions {
        let mut pairs = self.pairs.clone();
        match pairs.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value.to_string(),
            None => pairs.push((key.to_string(), value.to_string())),
        }
        GameOptions { pairs }
    }

    /// All pairs, in spec order.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// The pairs whose value is not `specs`' default, as `key=value` text
    /// in spec order (empty when every value is the default): what an
    /// engine must be told, and all that one of another version, which
    /// may lack a newer key, can be expected to accept.
    pub fn differing(&self, specs: &[OptionSpec]) -> String {
        self.pairs
            .iter()
            .filter(|(k, v)| specs.iter().all(|s| s.key != k || s.default != v))
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
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

/// A game's rules resolved from one option set. Positions are copied at
/// every search node, so they hold a `&'static` reference to their rules
/// (from [`intern`]) instead of owning options (a `GameOptions` clone is
/// several heap allocations).
pub trait RuleSet: Send + Sync + Sized + 'static {
    /// The options these rules accept.
    fn specs() -> &'static [OptionSpec];

    /// Resolves validated, complete options (from [`RuleSet::specs`]);
    /// errors for values the specs cannot check (e.g. Palma's shortcuts).
    fn build(options: &GameOptions) -> Result<Self, GameError>;

    /// The options the rules were built from.
    fn options(&self) -> &GameOptions;

    /// The most distinct option sets one process interns: each lives for
    /// the rest of the process, so a client that sends ever new options
    /// gets an error past this instead of growing memory without bound.
    const MOST: usize = 1024;
}

/// The one shared value of `R` for `options`: built and leaked the first
/// time an option set is seen, found again after that (each distinct option
/// set lives for the rest of the process, and a process sees a handful;
/// past [`RuleSet::MOST`] of them, a new one is an error).
/// Options are normalised against `R`'s specs first, so options parsed for
/// another game fail here with a one-line error, and equal rule sets
/// written differently share one value.
pub fn intern<R: RuleSet>(options: &GameOptions) -> Result<&'static R, GameError> {
    type Entry = (TypeId, GameOptions, &'static (dyn Any + Send + Sync));
    static TABLE: Mutex<Vec<Entry>> = Mutex::new(Vec::new());
    let options = GameOptions::parse(&options.to_string(), R::specs())?;
    let id = TypeId::of::<R>();
    // A panic while holding the lock leaves the table valid (entries are
    // only ever pushed whole).
    let mut table = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    let found = table
        .iter()
        .filter(|(t, o, _)| *t == id && *o == options)
        .find_map(|(_, _, r)| r.downcast_ref::<R>());
    if let Some(rules) = found {
        return Ok(rules);
    }
    if table.iter().filter(|(t, _, _)| *t == id).count() >= R::MOST {
        return Err(GameError::new(format!(
            "this process already holds {} option sets of this game, the most it keeps: restart the engine to play others",
            R::MOST
        )));
    }
    let rules: &'static R = Box::leak(Box::new(R::build(&options)?));
    table.push((id, options, rules));
    Ok(rules)
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
    fn only_values_off_their_defaults_differ() {
        assert_eq!(GameOptions::defaults(SPECS).differing(SPECS), "");
        let o = GameOptions::parse("princess=true layout=standard max_plies=300", SPECS).unwrap();
        assert_eq!(o.differing(SPECS), "princess=on max_plies=300");
    }

    #[derive(Debug)]
    struct Demo {
        options: GameOptions,
        princess: bool,
    }

    impl RuleSet for Demo {
        fn specs() -> &'static [OptionSpec] {
            SPECS
        }
        fn build(options: &GameOptions) -> Result<Self, GameError> {
            if options.get("layout") == "belgian" && options.int("max_plies") == Some(1) {
                return Err(GameError::new("a one-ply Belgian game is refused"));
            }
            Ok(Demo {
                options: options.clone(),
                princess: options.switch("princess"),
            })
        }
        fn options(&self) -> &GameOptions {
            &self.options
        }
    }

    #[test]
    fn equal_option_sets_share_one_interned_value() {
        let a: &Demo = intern(&GameOptions::parse("princess=true", SPECS).unwrap()).unwrap();
        let b: &Demo =
            intern(&GameOptions::parse("princess=on layout=standard", SPECS).unwrap()).unwrap();
        let c: &Demo = intern(&GameOptions::defaults(SPECS)).unwrap();
        assert!(std::ptr::eq(a, b));
        assert!(!std::ptr::eq(a, c));
        assert!(a.princess && !c.princess);
        assert_eq!(
            a.options().to_string(),
            "layout=standard princess=on max_plies=none"
        );
    }

    #[test]
    fn interning_rejects_foreign_and_unbuildable_options() {
        let foreign = GameOptions::parse(
            "dice=on",
            &[OptionSpec {
                key: "dice",
                kind: OptionKind::Switch,
                default: "off",
                help: "",
            }],
        )
        .unwrap();
        let e = intern::<Demo>(&foreign).unwrap_err();
        assert!(e.to_string().contains("unknown option 'dice'"), "{e}");
        let bad = GameOptions::parse("layout=belgian max_plies=1", SPECS).unwrap();
        assert!(intern::<Demo>(&bad).is_err());
    }

    /// [`Demo`] that keeps at most two option sets (a type of its own,
    /// so that other tests' sets do not count).
    #[derive(Debug)]
    struct Two(Demo);

    impl RuleSet for Two {
        fn specs() -> &'static [OptionSpec] {
            SPECS
        }
        fn build(options: &GameOptions) -> Result<Self, GameError> {
            Demo::build(options).map(Two)
        }
        fn options(&self) -> &GameOptions {
            &self.0.options
        }
        const MOST: usize = 2;
    }

    #[test]
    fn a_set_past_the_most_kept_is_an_error_and_the_kept_ones_stay() {
        let set = |text: &str| GameOptions::parse(text, SPECS).unwrap();
        let a: &Two = intern(&set("max_plies=10")).unwrap();
        let b: &Two = intern(&set("max_plies=11")).unwrap();
        let e = intern::<Two>(&set("max_plies=12")).unwrap_err();
        assert!(e.to_string().contains("restart the engine"), "{e}");
        assert!(std::ptr::eq(
            a,
            intern::<Two>(&set("max_plies=10")).unwrap()
        ));
        assert!(std::ptr::eq(
            b,
            intern::<Two>(&set("max_plies=11")).unwrap()
        ));
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
