//! The variant options (abalone.md: layouts, "Save the Princess", the
//! engine-level `max_plies` and `repetition`) in the form the rules read.
//!
//! A position holds a `&'static Rules` from [`intern`]: copying a position
//! (the search's copy-make) must not allocate or touch a reference count
//! shared between threads.

use crate::game::options::{intern, RuleSet};
use crate::game::{GameError, GameOptions, OptionKind, OptionSpec};

/// The start layouts, as position strings (see `position.rs`).
///
/// `dutch` and `swiss` are ABA-PRO's layouts: Belgian and German Daisy with
/// the centre marble of each of the four flowers swapped for an opposing
/// one.
pub const LAYOUTS: &[(&str, &str)] = &[
    ("standard", "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b"),
    (
        "belgian",
        "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b",
    ),
    (
        "german",
        "5/ww2bb/www1bbb/1ww2bb1/9/1bb2ww1/bbb1www/bb2ww/5 b",
    ),
    ("dutch", "ww1bb/wbwbwb/1ww1bb1/8/9/8/1bb1ww1/bwbwbw/bb1ww b"),
    (
        "swiss",
        "5/ww2bb/wbw1bwb/1ww2bb1/9/1bb2ww1/bwb1wbw/bb2ww/5 b",
    ),
];

const LAYOUT_NAMES: &[&str] = &["standard", "belgian", "german", "dutch", "swiss"];

/// The options Abalone accepts.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "layout",
        kind: OptionKind::Choice(LAYOUT_NAMES),
        default: "standard",
        help: "start layout: standard, belgian (Belgian Daisy), german (German Daisy), \
               dutch (Dutch Daisy), swiss (Swiss Daisy)",
    },
    OptionSpec {
        key: "princess",
        kind: OptionKind::Switch,
        default: "off",
        help: "Save the Princess: a neutral marble on e5; ejecting it wins",
    },
    OptionSpec {
        key: "max_plies",
        kind: OptionKind::Int {
            min: 1,
            max: 1_000_000,
            none_ok: true,
        },
        default: "none",
        help: "the game is drawn when this many plies have been played",
    },
    OptionSpec {
        key: "repetition",
        kind: OptionKind::Int {
            min: 2,
            max: 100,
            none_ok: true,
        },
        default: "3",
        help: "draw on the n-th occurrence of a position (off: never)",
    },
    OptionSpec {
        key: "players",
        kind: OptionKind::Choice(&["2", "3", "4", "6"]),
        default: "2",
        help: "number of players: 2, or 3 (each alone), 4 (two teams) or 6 (three teams) \
               on the multi-player starts, without layout or princess",
    },
];

/// Parsed options.
#[derive(Debug, PartialEq, Eq)]
pub struct Rules {
    pub options: GameOptions,
    /// The start layout's position string.
    pub layout: &'static str,
    pub princess: bool,
    pub max_plies: Option<u32>,
    pub repetition: Option<u32>,
    /// 2, 3, 4 or 6 (`players=`).
    pub players: u8,
}

impl Rules {
    /// The interned rules for `options` (which must come from [`SPECS`]).
    pub fn intern(options: &GameOptions) -> Result<&'static Rules, GameError> {
        intern(options)
    }

    /// These rules with `max_plies` and `repetition` off, as perft plays
    /// (PERFT.md), for every player count.
    pub fn without_adjudication(&'static self) -> &'static Rules {
        let options = self.options.with("max_plies", "none");
        // The same rules with two values changed always validate.
        Rules::intern(&options.with("repetition", "none")).unwrap_or(self)
    }
}

impl RuleSet for Rules {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn build(options: &GameOptions) -> Result<Rules, GameError> {
        let name = options.get("layout");
        let layout = LAYOUTS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| *text)
            .ok_or_else(|| GameError::new(format!("unknown layout '{name}'")))?;
        let players = options.get("players").parse::<u8>().unwrap_or(2);
        if players != 2 && (name != "standard" || options.switch("princess")) {
            return Err(GameError::new(format!(
                "players={players}: layout and princess are options of the two-player game only"
            )));
        }
        Ok(Rules {
            players,
            princess: options.switch("princess"),
            max_plies: options.int("max_plies").map(|n| n as u32),
            repetition: options.int("repetition").map(|n| n as u32),
            layout,
            options: options.clone(),
        })
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }
}
