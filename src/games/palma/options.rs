//! The variant switches of `palma.md` ("Options") turned into lookup tables
//! the move generator reads: where a piece finally rests for each landing
//! square, and which squares earn an extra throw.
//!
//! A [`Rules`] value is interned once per distinct option set and shared as
//! `&'static Rules`, so a position stays `Copy` and a search's copy-make
//! never clones option strings.

use crate::game::options::{intern, RuleSet};
use crate::game::{GameError, GameOptions, OptionKind, OptionSpec, Player};

/// Highest square of a track; squares 25..=29 are the goal (palma.md "Board").
pub const LAST: u8 = 29;
/// First goal square.
pub const GOAL_FIRST: u8 = 25;
/// Bits of the goal squares in a track mask (bit q = square q).
pub const GOAL_MASK: u32 = 0b11111 << GOAL_FIRST;

pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "first",
        kind: OptionKind::Choice(&["hounds", "jackals"]),
        default: "hounds",
        help: "who throws first",
    },
    OptionSpec {
        key: "shortcuts",
        kind: OptionKind::Text,
        default: "10>24,20>22",
        help: "forward jumps 'landing>target', comma-separated, or none",
    },
    OptionSpec {
        key: "reverse",
        kind: OptionKind::Switch,
        default: "off",
        help: "a throw ending on a shortcut target goes back to its landing square",
    },
    OptionSpec {
        key: "extra_squares",
        kind: OptionKind::Text,
        default: "15",
        help: "squares that earn an extra throw, comma-separated, or none",
    },
];

/// The rules of one option set.
#[derive(Debug)]
pub struct Rules {
    pub options: GameOptions,
    /// Who throws first.
    pub first: Player,
    /// `rest[l]`: the square where a piece whose throw lands on `l` finally
    /// rests (palma.md "A turn" 4: effects are judged on the final square).
    pub rest: [u8; 30],
    /// Bit q set: ending on square q earns an extra throw.
    pub extra: u32,
    /// The shortcuts `(landing, target)`, as given.
    pub shortcuts: Vec<(u8, u8)>,
    pub reverse: bool,
}

impl Rules {
    /// The shared rules for `options` (validated here: one-line errors).
    pub fn intern(options: &GameOptions) -> Result<&'static Rules, GameError> {
        intern(options)
    }

    /// The default rules.
    pub fn standard() -> &'static Rules {
        // The defaults always validate.
        Rules::intern(&GameOptions::defaults(SPECS)).unwrap_or_else(|e| panic!("{e}"))
    }
}

impl RuleSet for Rules {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }

    fn build(options: &GameOptions) -> Result<Rules, GameError> {
        let first = match options.get("first") {
            "jackals" => 1,
            _ => 0,
        };
        let shortcuts = parse_shortcuts(options.get("shortcuts"))?;
        let reverse = options.switch("reverse");
        let extra = parse_extra(options.get("extra_squares"))?;
        let mut rest: [u8; 30] = std::array::from_fn(|q| q as u8);
        for &(from, to) in &shortcuts {
            rest[from as usize] = to;
            if reverse {
                // palma.md "Options", reverse: a throw ending on the target
                // goes back; a piece sent back is not sent forward again.
                rest[to as usize] = from;
            }
        }
        Ok(Rules {
            options: options.clone(),
            first,
            rest,
            extra,
            shortcuts,
            reverse,
        })
    }

    /// Each Palma rule set in play builds its own exact tables (about
    /// 78 MB: 51 MB of race table and 26.5 MB of endgames), kept for the
    /// process; 16 bound them to about 1.2 GB.
    const MOST: usize = 16;
}

fn parse_square(text: &str, what: &str) -> Result<u8, GameError> {
    match text.trim().parse::<u8>() {
        Ok(q) if (1..=LAST).contains(&q) => Ok(q),
        _ => Err(GameError::new(format!(
            "{what}: '{text}' is not a square in 1..29"
        ))),
    }
}

fn parse_shortcuts(text: &str) -> Result<Vec<(u8, u8)>, GameError> {
    if text == "none" {
        return Ok(Vec::new());
    }
    let mut out: Vec<(u8, u8)> = Vec::new();
    for part in text.split(',') {
        let (a, b) = part.split_once('>').ok_or_else(|| {
            GameError::new(format!(
                "shortcuts: '{part}' is not of the form landing>target (e.g. 10>24)"
            ))
        })?;
        let a = parse_square(a, "shortcuts")?;
        let b = parse_square(b, "shortcuts")?;
        if b <= a {
            return Err(GameError::new(format!(
                "shortcuts: '{part}' must jump forward (target above landing)"
            )));
        }
        if out
            .iter()
            .any(|&(x, y)| x == a || x == b || y == a || y == b)
        {
            // Chains or shared squares would make "the final square" and the
            // reverse rule ambiguous.
            return Err(GameError::new(format!(
                "shortcuts: '{part}' reuses a square of another shortcut"
            )));
        }
        out.push((a, b));
    }
    Ok(out)
}

fn parse_extra(text: &str) -> Result<u32, GameError> {
    if text == "none" {
        return Ok(0);
    }
    let mut mask = 0u32;
    for part in text.split(',') {
        let q = parse_square(part, "extra_squares")?;
        mask |= 1 << q;
    }
    Ok(mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Result<&'static Rules, GameError> {
        Rules::intern(&GameOptions::parse(text, SPECS)?)
    }

    #[test]
    fn default_tables_follow_the_rules_file() {
        let r = Rules::standard();
        assert_eq!(r.rest[10], 24);
        assert_eq!(r.rest[20], 22);
        assert_eq!(r.rest[22], 22);
        assert_eq!(r.rest[24], 24);
        assert_eq!(r.extra, 1 << 15);
        assert_eq!(r.first, 0);
    }

    #[test]
    fn prepare_builds_the_race_table() {
        use crate::game::Game;
        // A rule set of its own (extra throws on 7 and 15), so no other
        // test has built its table.
        let opts = GameOptions::parse("extra_squares=7,15", SPECS).unwrap();
        let r = Rules::intern(&opts).unwrap();
        assert!(!super::super::eval::race::is_built(r));
        let pos = super::super::Palma::new(&opts).unwrap();
        crate::game::Evaluator::prepare(&super::super::eval::PalmaEvaluator, &pos);
        assert!(super::super::eval::race::is_built(r));
    }

    #[test]
    fn reverse_sends_targets_back() {
        let r = rules("reverse=on").unwrap();
        assert_eq!(r.rest[22], 20);
        assert_eq!(r.rest[24], 10);
        assert_eq!(r.rest[10], 24);
    }

    #[test]
    fn bad_options_are_refused_with_a_reason() {
        for (text, needle) in [
            ("shortcuts=10-24", "landing>target"),
            ("shortcuts=24>10", "forward"),
            ("shortcuts=10>24,24>28", "reuses"),
            ("shortcuts=10>30", "1..29"),
            ("extra_squares=0", "1..29"),
            ("extra_squares=5,x", "1..29"),
        ] {
            let e = rules(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
        assert_eq!(rules("shortcuts=none").unwrap().rest[10], 10);
        assert_eq!(
            rules("extra_squares=5,15").unwrap().extra,
            (1 << 5) | (1 << 15)
        );
        assert_eq!(rules("first=jackals").unwrap().first, 1);
    }
}
