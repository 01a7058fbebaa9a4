//! The games agon plays. The rest of the engine names a game only through
//! [`GameKind`] and the [`with_game!`](crate::with_game) macro, which turns a
//! run-time choice into a monomorphised call.

pub mod abalone;
pub mod linear;
pub mod palma;
pub mod petteia;
pub mod zamma;

use crate::game::{Evaluator, GameError, GameOptions, OptionSpec};

/// Every game the engine knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Abalone,
    /// Abalone with 3, 4 or 6 players: the same game to the user (name,
    /// options), its own type inside ([`GameKind::for_options`]).
    AbaloneMulti,
    Zamma,
    Petteia,
    Kubeia,
    Palma,
}

impl GameKind {
    /// All games, in the order the protocol lists them.
    pub const ALL: &'static [GameKind] = &[
        GameKind::Abalone,
        GameKind::Zamma,
        GameKind::Petteia,
        GameKind::Kubeia,
        GameKind::Palma,
    ];

    /// The game's name (as given by `Game::NAME`).
    pub fn name(self) -> &'static str {
        crate::with_game!(self, G => <G as crate::game::Game>::NAME)
    }

    /// Looks a game up by name (case-insensitive).
    pub fn from_name(name: &str) -> Result<GameKind, GameError> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
                GameError::new(format!(
                    "unknown game '{name}' (known: {})",
                    names.join(", ")
                ))
            })
    }

    /// The kind that plays `options` of this game: Abalone's `players`
    /// other than 2 are [`GameKind::AbaloneMulti`]. Every place that makes
    /// a game from a name and options goes through here.
    pub fn for_options(self, options: &GameOptions) -> GameKind {
        match self {
            GameKind::Abalone | GameKind::AbaloneMulti => {
                if options.get("players") == "2" {
                    GameKind::Abalone
                } else {
                    GameKind::AbaloneMulti
                }
            }
            kind => kind,
        }
    }

    /// The name and hash of the network shipped for the game, if any.
    pub fn shipped_net(self) -> Option<String> {
        let nnue = crate::game::EvalResources {
            choice: crate::game::EvalChoice::Nnue,
            ..Default::default()
        };
        let label = crate::with_game!(self, G => <G as crate::game::Evaluated>::evaluator_for(&nnue)
        .label());
        label.strip_prefix("nnue ").map(str::to_string)
    }

    /// The game's variant options.
    pub fn option_specs(self) -> &'static [OptionSpec] {
        crate::with_game!(self, G => <G as crate::game::Game>::option_specs())
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The command line's `--game`: the names are the games' own
/// (`Game::NAME`), so `--help` lists every game and a misspelt one gets
/// clap's suggestion.
impl clap::ValueEnum for GameKind {
    fn value_variants<'a>() -> &'a [Self] {
        GameKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

/// The [`Game`](crate::game::Game) methods of a game whose state.rs has
/// `play_move` and `compute_hash` and the fields `hash` and `ply`, as
/// items of its `impl Game`: `crate::game_state_methods!(Move);`.
#[macro_export]
macro_rules! game_state_methods {
    ($move:ty) => {
        #[inline]
        fn play(&mut self, m: $move) {
            self.play_move(m);
        }

        fn hash(&self) -> u64 {
            self.hash
        }

        fn hash_from_scratch(&self) -> u64 {
            self.compute_hash()
        }

        fn ply(&self) -> u32 {
            self.ply
        }
    };
}

/// The text methods of [`Notation`](crate::game::Notation) for a game
/// whose rooms follow the one layout to the letter, as items of its
/// `impl Notation`: `position::parse(text, rules)`, `position::write`,
/// `position::board_text`, `notation::write(m)` and `notation::parse`,
/// with `Rules::intern` for the options
/// (`crate::text_by_modules!(Move);`).
#[macro_export]
macro_rules! text_by_modules {
    ($move:ty) => {
        fn from_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
            position::parse(text, Rules::intern(options)?)
        }

        fn position(&self) -> String {
            position::write(self)
        }

        fn move_text(&self, m: $move) -> String {
            notation::write(m)
        }

        fn parse_move(&self, text: &str) -> Result<$move, GameError> {
            notation::parse(self, text)
        }

        fn board_text(&self) -> String {
            position::board_text(self)
        }
    };
}

/// Runs `$body` with the type alias `$G` bound to the game type of `$kind`.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::Abalone => {
                type $G = $crate::games::abalone::Abalone;
                $body
            }
            $crate::games::GameKind::AbaloneMulti => {
                type $G = $crate::games::abalone::multi::AbaloneMulti;
                $body
            }
            $crate::games::GameKind::Zamma => {
                type $G = $crate::games::zamma::Zamma;
                $body
            }
            $crate::games::GameKind::Petteia => {
                type $G = $crate::games::petteia::Petteia;
                $body
            }
            $crate::games::GameKind::Kubeia => {
                type $G = $crate::games::petteia::Kubeia;
                $body
            }
            $crate::games::GameKind::Palma => {
                type $G = $crate::games::palma::Palma;
                $body
            }
        }
    };
}
