//! The variant options (zamma.md "Variant", the engine-level `quiet_plies`
//! and `repetition`) in the form the rules read, interned once per option
//! set.

use super::board::{BoardKind, Topology};
use crate::game::options::RuleSet;
use crate::game::{GameError, GameOptions, OptionKind, OptionSpec};

/// Rule and adjudication settings, resolved from the options once per
/// process ([`intern`]): positions are copied at every search node, so
/// they hold a `&'static` reference instead of the options.
#[derive(Debug)]
pub(super) struct Rules {
    pub(super) options: GameOptions,
    pub(super) topo: &'static Topology,
    pub(super) landing_continue: bool,
    pub(super) quiet_limit: Option<u32>,
    pub(super) repetition: Option<u32>,
}

impl RuleSet for Rules {
    fn specs() -> &'static [OptionSpec] {
        OPTION_SPECS
    }

    fn build(options: &GameOptions) -> Result<Rules, GameError> {
        let board = BoardKind::from_name(options.get("board"))
            .ok_or_else(|| GameError::new(format!("unknown board '{}'", options.get("board"))))?;
        let limit = |key: &str| options.int(key).map(|n| n as u32);
        Ok(Rules {
            options: options.clone(),
            topo: board.topology(),
            landing_continue: options.get("mullah_landing") == "continue",
            quiet_limit: limit("quiet_plies"),
            repetition: limit("repetition"),
        })
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }
}

pub(super) const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "board",
        kind: OptionKind::Choice(BoardKind::NAMES),
        default: "alquerque",
        help: "lines: alquerque (diagonals on even points), full (all diagonals), orthogonal (none)",
    },
    OptionSpec {
        key: "mullah_landing",
        kind: OptionKind::Choice(&["any", "continue"]),
        default: "any",
        help: "any: a flying capture may land on any empty point beyond; continue: must land where the chain goes on, if possible",
    },
    OptionSpec {
        key: "quiet_plies",
        kind: OptionKind::Int {
            min: 1,
            max: 100_000,
            none_ok: true,
        },
        default: "50",
        help: "draw after this many plies without capture or forward man move (off: never)",
    },
    OptionSpec {
        key: "repetition",
        kind: OptionKind::Int {
            min: 2,
            max: 1000,
            none_ok: true,
        },
        default: "3",
        help: "draw on this occurrence of a position (off: never)",
    },
];
