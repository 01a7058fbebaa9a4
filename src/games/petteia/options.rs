//! The variant options (petteia.md "Variants": the Basileus start squares,
//! the no-capture limit, Greek column letters) in the form the rules read,
//! interned once per option set.

use crate::game::options::RuleSet;
use crate::game::{GameError, GameOptions, OptionKind, OptionSpec};

pub(super) const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "kings",
        kind: OptionKind::Choice(&["standard", "mirror"]),
        default: "standard",
        help: "Basileus start squares: standard f3/g6, mirror g3/f6",
    },
    OptionSpec {
        key: "nocapture_plies",
        kind: OptionKind::Int {
            min: 1,
            max: 100_000,
            none_ok: false,
        },
        default: "100",
        help: "plies without a capture after which superiority (or a draw) ends the game",
    },
    OptionSpec {
        key: "greek",
        kind: OptionKind::Switch,
        default: "off",
        help: "Greek column letters in the board picture and game records",
    },
];

/// The options resolved once per process ([`intern`]): positions are
/// copied at every search node, so they hold a `&'static` reference.
#[derive(Debug)]
pub struct Rules {
    pub(super) options: GameOptions,
    /// `kings=mirror`: the Basileis start on g3 and f6.
    pub(super) mirror: bool,
    pub(super) nocapture_limit: u32,
    pub(super) greek: bool,
}

impl RuleSet for Rules {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn build(options: &GameOptions) -> Result<Rules, GameError> {
        Ok(Rules {
            options: options.clone(),
            mirror: options.get("kings") == "mirror",
            // The spec bounds it to 1..=100_000.
            nocapture_limit: options
                .int("nocapture_plies")
                .and_then(|n| u32::try_from(n).ok())
                .unwrap_or(100),
            greek: options.switch("greek"),
        })
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }
}
