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
use crate::search::alphabeta::PruningMode;
use crate::search::expectimax::{self, Parallel, Pruning};
use crate::search::mcts::params::{Chance, Params, Playout, Policy, PLAYOUT_PLIES};
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

/// Which setting: one per row of [`SETTINGS`]. Parsing ([`SettingSpec::check`],
/// [`SettingSpec::choices`]) and [`Setting::id`] match on it without a
/// catch-all arm, so a new setting does not compile until each of them
/// handles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SettingId {
    Game,
    GameOptions,
    Threads,
    Hash,
    MultiPv,
    Search,
    Seed,
    MoveOverhead,
    ShowWdl,
    MctsPolicy,
    MctsPlayout,
    MctsPlayoutPlies,
    Eval,
    EvalFile,
    Lmr,
    Aspiration,
    NullMove,
    ShallowPruning,
    ReverseFutility,
    Futility,
    LateMovePruning,
    ExpectimaxPruning,
    ExpectimaxParallel,
    ExpectimaxTable,
    ExpectimaxCriticalPath,
    MctsChance,
    ExactTables,
    EndgamePath,
    Ponder,
    ClearHash,
    Skill,
    LimitStrength,
    Elo,
    Contempt,
    AnalyseMode,
}

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
    Lmr(bool),
    Aspiration(bool),
    NullMove(bool),
    /// Alpha-beta's pruning margins near the horizon, centi-units (0:
    /// off), and the late-move count ([`crate::search::alphabeta::Shallow`]).
    ShallowPruning(PruningMode),
    ReverseFutility(u32),
    Futility(u32),
    LateMovePruning(u32),
    ExpectimaxPruning(Pruning),
    ExpectimaxParallel(Parallel),
    ExpectimaxTable(bool),
    ExpectimaxCriticalPath(bool),
    MctsChance(Chance),
    ExactTables(bool),
    /// An exact table file's path (`<empty>`: none); read by the engine,
    /// which knows the game it must be for.
    EndgamePath(String),
    /// The GUI may send `go ponder` (UCI's `Ponder`): the time manager
    /// then spends a quarter more per move, as the opponent's time is
    /// also this engine's.
    Ponder(bool),
    /// `Clear Hash`: forget the table and what searches kept.
    ClearHash,
    /// A strength level, 0..=20 (`crate::engine::skill`).
    Skill(u32),
    /// `UCI_LimitStrength`: play at `UCI_Elo` instead of `Skill`.
    LimitStrength(bool),
    /// `UCI_Elo`, in the current game's scale (random = 0).
    Elo(u32),
    /// `Contempt`: centi-units a draw is worth less than an even game to
    /// the side to move at the root (negative: more).
    Contempt(i32),
    /// `UCI_AnalyseMode`: the engine analyses, so draws score 0.
    AnalyseMode(bool),
}

impl Setting {
    /// The setting this value is for.
    pub fn id(&self) -> SettingId {
        match self {
            Setting::Game(_) => SettingId::Game,
            Setting::GameOptions(_) => SettingId::GameOptions,
            Setting::Threads(_) => SettingId::Threads,
            Setting::Hash(_) => SettingId::Hash,
            Setting::MultiPv(_) => SettingId::MultiPv,
            Setting::Search(_) => SettingId::Search,
            Setting::Seed(_) => SettingId::Seed,
            Setting::MoveOverhead(_) => SettingId::MoveOverhead,
            Setting::ShowWdl(_) => SettingId::ShowWdl,
            Setting::MctsPolicy(_) => SettingId::MctsPolicy,
            Setting::MctsPlayout(_) => SettingId::MctsPlayout,
            Setting::MctsPlayoutPlies(_) => SettingId::MctsPlayoutPlies,
            Setting::Eval(_) => SettingId::Eval,
            Setting::EvalFile(_) => SettingId::EvalFile,
            Setting::Lmr(_) => SettingId::Lmr,
            Setting::Aspiration(_) => SettingId::Aspiration,
            Setting::NullMove(_) => SettingId::NullMove,
            Setting::ShallowPruning(_) => SettingId::ShallowPruning,
            Setting::ReverseFutility(_) => SettingId::ReverseFutility,
            Setting::Futility(_) => SettingId::Futility,
            Setting::LateMovePruning(_) => SettingId::LateMovePruning,
            Setting::ExpectimaxPruning(_) => SettingId::ExpectimaxPruning,
            Setting::ExpectimaxParallel(_) => SettingId::ExpectimaxParallel,
            Setting::ExpectimaxTable(_) => SettingId::ExpectimaxTable,
            Setting::ExpectimaxCriticalPath(_) => SettingId::ExpectimaxCriticalPath,
            Setting::MctsChance(_) => SettingId::MctsChance,
            Setting::ExactTables(_) => SettingId::ExactTables,
            Setting::EndgamePath(_) => SettingId::EndgamePath,
            Setting::Ponder(_) => SettingId::Ponder,
            Setting::ClearHash => SettingId::ClearHash,
            Setting::Skill(_) => SettingId::Skill,
            Setting::LimitStrength(_) => SettingId::LimitStrength,
            Setting::Elo(_) => SettingId::Elo,
            Setting::Contempt(_) => SettingId::Contempt,
            Setting::AnalyseMode(_) => SettingId::AnalyseMode,
        }
    }
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
    /// An action without a value (`Clear Hash`).
    Button,
}

/// One engine setting.
pub struct SettingSpec {
    pub id: SettingId,
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
    id: SettingId::Game,
    name: "Game",
    kind: Kind::Combo,
    in_spec: false,
    help: "the game",
};

pub const GAME_OPTIONS: SettingSpec = SettingSpec {
    id: SettingId::GameOptions,
    name: "GameOptions",
    kind: Kind::Text,
    in_spec: false,
    help: "the game's variant options, key=value separated by spaces",
};

pub const THREADS: SettingSpec = SettingSpec {
    id: SettingId::Threads,
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
    id: SettingId::Hash,
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
    id: SettingId::MultiPv,
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
    id: SettingId::Search,
    name: "Search",
    kind: Kind::Combo,
    in_spec: true,
    help: "the search algorithm",
};

// 32-bit bounds: some GUIs store spin values in a 32-bit int.
pub const SEED: SettingSpec = SettingSpec {
    id: SettingId::Seed,
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
    id: SettingId::MoveOverhead,
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
    id: SettingId::ShowWdl,
    name: "UCI_ShowWDL",
    kind: Kind::Check { default: false },
    in_spec: false,
    help: "print win/draw/loss permille with each score",
};

pub const MCTS_POLICY: SettingSpec = SettingSpec {
    id: SettingId::MctsPolicy,
    name: "MctsPolicy",
    kind: Kind::Combo,
    in_spec: true,
    help: "how MCTS picks the move to follow",
};

pub const MCTS_PLAYOUT: SettingSpec = SettingSpec {
    id: SettingId::MctsPlayout,
    name: "MctsPlayout",
    kind: Kind::Combo,
    in_spec: true,
    help: "how MCTS values a new node (auto: the game's choice)",
};

pub const MCTS_PLAYOUT_PLIES: SettingSpec = SettingSpec {
    id: SettingId::MctsPlayoutPlies,
    name: "MctsPlayoutPlies",
    kind: Kind::Spin {
        default: PLAYOUT_PLIES as i64,
        min: 1,
        max: 1000,
    },
    in_spec: true,
    help: "plies of an MCTS playout before the evaluator",
};

pub const EVAL: SettingSpec = SettingSpec {
    id: SettingId::Eval,
    name: "Eval",
    kind: Kind::Combo,
    in_spec: true,
    help: "the evaluation (auto: the game's default: its built-in network, except Kubeia's)",
};

pub const EVAL_FILE: SettingSpec = SettingSpec {
    id: SettingId::EvalFile,
    name: "EvalFile",
    kind: Kind::Text,
    in_spec: false,
    help: "a network file for the game (empty: the shipped network)",
};

// The search switches below are on (or at the choice) that plays best;
// the others are there to measure what each is worth.

pub const LMR: SettingSpec = SettingSpec {
    id: SettingId::Lmr,
    name: "LMR",
    kind: Kind::Check { default: true },
    in_spec: true,
    help: "alpha-beta's late-move reductions",
};

pub const ASPIRATION: SettingSpec = SettingSpec {
    id: SettingId::Aspiration,
    name: "Aspiration",
    kind: Kind::Check { default: true },
    in_spec: true,
    help: "alpha-beta's aspiration windows at the root",
};

pub const NULL_MOVE: SettingSpec = SettingSpec {
    id: SettingId::NullMove,
    name: "NullMove",
    kind: Kind::Check { default: false },
    in_spec: true,
    help: "alpha-beta's null-move pruning, in the games that allow a pass",
};

pub const SHALLOW_PRUNING: SettingSpec = SettingSpec {
    id: SettingId::ShallowPruning,
    name: "ShallowPruning",
    kind: Kind::Combo,
    in_spec: true,
    help: "alpha-beta's pruning near the horizon (auto: in the games where it pays)",
};

pub const REVERSE_FUTILITY: SettingSpec = SettingSpec {
    id: SettingId::ReverseFutility,
    name: "ReverseFutility",
    kind: Kind::Spin {
        default: 80,
        min: 0,
        max: 10_000,
    },
    in_spec: true,
    help: "alpha-beta's reverse futility margin, centi-units per ply of depth (0: off)",
};

pub const FUTILITY: SettingSpec = SettingSpec {
    id: SettingId::Futility,
    name: "Futility",
    kind: Kind::Spin {
        default: 100,
        min: 0,
        max: 10_000,
    },
    in_spec: true,
    help: "alpha-beta's futility margin for quiet moves, centi-units per ply of depth (0: off)",
};

pub const LATE_MOVE_PRUNING: SettingSpec = SettingSpec {
    id: SettingId::LateMovePruning,
    name: "LateMovePruning",
    kind: Kind::Spin {
        default: 3,
        min: 0,
        max: 256,
    },
    in_spec: true,
    help: "alpha-beta's late-move pruning: quiet moves tried at depth d near the horizon, per d² (0: off)",
};

pub const EXPECTIMAX_PRUNING: SettingSpec = SettingSpec {
    id: SettingId::ExpectimaxPruning,
    name: "ExpectimaxPruning",
    kind: Kind::Combo,
    in_spec: true,
    help: "expectiminimax's pruning at chance nodes",
};

pub const EXPECTIMAX_PARALLEL: SettingSpec = SettingSpec {
    id: SettingId::ExpectimaxParallel,
    name: "ExpectimaxParallel",
    kind: Kind::Combo,
    in_spec: true,
    help: "how expectiminimax's threads share a search",
};

pub const EXPECTIMAX_TABLE: SettingSpec = SettingSpec {
    id: SettingId::ExpectimaxTable,
    name: "ExpectimaxTable",
    kind: Kind::Check { default: true },
    in_spec: true,
    help: "expectiminimax uses the transposition table",
};

pub const EXPECTIMAX_CRITICAL_PATH: SettingSpec = SettingSpec {
    id: SettingId::ExpectimaxCriticalPath,
    name: "ExpectimaxCriticalPath",
    kind: Kind::Check { default: false },
    in_spec: true,
    help: "report expectiminimax's critical path nodes",
};

pub const MCTS_CHANCE: SettingSpec = SettingSpec {
    id: SettingId::MctsChance,
    name: "MctsChance",
    kind: Kind::Combo,
    in_spec: true,
    help: "how an MCTS playout picks a chance outcome",
};

pub const EXACT_TABLES: SettingSpec = SettingSpec {
    id: SettingId::ExactTables,
    name: "ExactTables",
    kind: Kind::Check { default: true },
    in_spec: true,
    help: "the searches probe the game's exact tables (Palma's endgames)",
};

pub const ENDGAME_PATH: SettingSpec = SettingSpec {
    id: SettingId::EndgamePath,
    name: "EndgamePath",
    kind: Kind::Text,
    in_spec: false,
    help:
        "an exact table file of `agon tablebase generate` for the game (empty: the built-in tables)",
};

pub const PONDER: SettingSpec = SettingSpec {
    id: SettingId::Ponder,
    name: "Ponder",
    kind: Kind::Check { default: false },
    in_spec: true,
    help: "the engine may ponder: a quarter more time per move (the referee ponders it)",
};

pub const CLEAR_HASH: SettingSpec = SettingSpec {
    id: SettingId::ClearHash,
    name: "Clear Hash",
    kind: Kind::Button,
    in_spec: false,
    help: "forget the transposition table and what searches kept",
};

pub const SKILL: SettingSpec = SettingSpec {
    id: SettingId::Skill,
    name: "Skill",
    kind: Kind::Spin {
        default: 20,
        min: 0,
        max: 20,
    },
    in_spec: true,
    help: "strength level, 0 (weakest) to 20 (full strength): a node budget and a noisy pick among the best lines",
};

pub const LIMIT_STRENGTH: SettingSpec = SettingSpec {
    id: SettingId::LimitStrength,
    name: "UCI_LimitStrength",
    kind: Kind::Check { default: false },
    in_spec: true,
    help: "play at UCI_Elo instead of Skill",
};

pub const ELO: SettingSpec = SettingSpec {
    id: SettingId::Elo,
    name: "UCI_Elo",
    kind: Kind::Spin {
        default: 5000,
        min: 0,
        max: 5000,
    },
    in_spec: true,
    help: "the strength with UCI_LimitStrength, in the game's Elo scale (the random player is 0)",
};

// Stockfish offered contempt as a spin of -100..=100 cp; a wider range
// serves games whose draws are rarer and whose units are larger.
pub const CONTEMPT: SettingSpec = SettingSpec {
    id: SettingId::Contempt,
    name: "Contempt",
    kind: Kind::Spin {
        default: CONTEMPT_DEFAULT,
        min: -1000,
        max: 1000,
    },
    in_spec: true,
    help: "centi-units a draw is worth less than an even game to the engine's side (negative: more); 0 with UCI_AnalyseMode",
};

/// `Contempt`'s default, chosen by the matches in README ("Contempt").
pub const CONTEMPT_DEFAULT: i64 = 100;

pub const ANALYSE_MODE: SettingSpec = SettingSpec {
    id: SettingId::AnalyseMode,
    name: "UCI_AnalyseMode",
    kind: Kind::Check { default: false },
    in_spec: true,
    help: "analysing, not playing: a draw scores 0 whatever Contempt says",
};

/// Every engine setting, in the order `uci` lists them (the ones added
/// later at the end, so the earlier lines keep their places).
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
    LMR,
    ASPIRATION,
    NULL_MOVE,
    SHALLOW_PRUNING,
    REVERSE_FUTILITY,
    FUTILITY,
    LATE_MOVE_PRUNING,
    EXPECTIMAX_PRUNING,
    EXPECTIMAX_PARALLEL,
    EXPECTIMAX_TABLE,
    EXPECTIMAX_CRITICAL_PATH,
    MCTS_CHANCE,
    EXACT_TABLES,
    ENDGAME_PATH,
    PONDER,
    CLEAR_HASH,
    SKILL,
    LIMIT_STRENGTH,
    ELO,
    CONTEMPT,
    ANALYSE_MODE,
];

impl SettingSpec {
    /// The choices of a combo (`games` for `Game`); none for the others.
    pub fn choices<'a>(&self, games: &'a [&'a str]) -> &'a [&'a str] {
        match self.id {
            SettingId::Game => games,
            SettingId::Search => Algorithm::NAMES,
            SettingId::MctsPolicy => Policy::NAMES,
            SettingId::MctsPlayout => Playout::NAMES,
            SettingId::Eval => EvalChoice::NAMES,
            SettingId::ExpectimaxPruning => Pruning::NAMES,
            SettingId::ExpectimaxParallel => Parallel::NAMES,
            SettingId::MctsChance => Chance::NAMES,
            SettingId::ShallowPruning => PruningMode::NAMES,
            SettingId::GameOptions
            | SettingId::Threads
            | SettingId::Hash
            | SettingId::MultiPv
            | SettingId::Seed
            | SettingId::MoveOverhead
            | SettingId::ShowWdl
            | SettingId::MctsPlayoutPlies
            | SettingId::EvalFile
            | SettingId::Lmr
            | SettingId::Aspiration
            | SettingId::NullMove
            | SettingId::ReverseFutility
            | SettingId::Futility
            | SettingId::LateMovePruning
            | SettingId::ExpectimaxTable
            | SettingId::ExpectimaxCriticalPath
            | SettingId::ExactTables
            | SettingId::EndgamePath
            | SettingId::Ponder
            | SettingId::ClearHash
            | SettingId::Skill
            | SettingId::LimitStrength
            | SettingId::Elo
            | SettingId::Contempt
            | SettingId::AnalyseMode => &[],
        }
    }

    /// The default of a spin setting (0 for the others).
    pub const fn spin_default(&self) -> i64 {
        match self.kind {
            Kind::Spin { default, .. } => default,
            _ => 0,
        }
    }

    /// The default of a check setting (`false` for the others).
    pub const fn check_default(&self) -> bool {
        match self.kind {
            Kind::Check { default } => default,
            _ => false,
        }
    }

    /// Checks a value against this setting; the error says what was
    /// expected (`an integer in 1..=256`).
    pub fn check(&self, value: &str, games: &[&str]) -> Result<Setting, SettingError> {
        let value = value.trim();
        // A spin value is in its range: non-negative, and small enough for
        // the casts below.
        Ok(match self.id {
            SettingId::Game => Setting::Game(self.combo(value, games, |g| Some(g.to_string()))?),
            SettingId::GameOptions => Setting::GameOptions(text(value)),
            SettingId::Threads => Setting::Threads(self.spin(value)? as usize),
            SettingId::Hash => Setting::Hash(self.spin(value)? as usize),
            SettingId::MultiPv => Setting::MultiPv(self.spin(value)? as usize),
            SettingId::Search => Setting::Search(self.combo(value, games, Algorithm::from_name)?),
            SettingId::Seed => Setting::Seed(self.spin(value)?),
            SettingId::MoveOverhead => Setting::MoveOverhead(self.spin(value)?),
            SettingId::ShowWdl => Setting::ShowWdl(flag(value)?),
            SettingId::MctsPolicy => {
                Setting::MctsPolicy(self.combo(value, games, Policy::from_name)?)
            }
            SettingId::MctsPlayout => {
                Setting::MctsPlayout(self.combo(value, games, Playout::from_name)?)
            }
            SettingId::MctsPlayoutPlies => Setting::MctsPlayoutPlies(self.spin(value)? as u32),
            SettingId::Eval => Setting::Eval(self.combo(value, games, EvalChoice::from_name)?),
            SettingId::EvalFile => Setting::EvalFile(text(value)),
            SettingId::EndgamePath => Setting::EndgamePath(text(value)),
            SettingId::Lmr => Setting::Lmr(flag(value)?),
            SettingId::Aspiration => Setting::Aspiration(flag(value)?),
            SettingId::NullMove => Setting::NullMove(flag(value)?),
            SettingId::ShallowPruning => {
                Setting::ShallowPruning(self.combo(value, games, PruningMode::from_name)?)
            }
            SettingId::ReverseFutility => Setting::ReverseFutility(self.spin(value)? as u32),
            SettingId::Futility => Setting::Futility(self.spin(value)? as u32),
            SettingId::LateMovePruning => Setting::LateMovePruning(self.spin(value)? as u32),
            SettingId::ExpectimaxPruning => {
                Setting::ExpectimaxPruning(self.combo(value, games, Pruning::from_name)?)
            }
            SettingId::ExpectimaxParallel => {
                Setting::ExpectimaxParallel(self.combo(value, games, Parallel::from_name)?)
            }
            SettingId::ExpectimaxTable => Setting::ExpectimaxTable(flag(value)?),
            SettingId::ExpectimaxCriticalPath => Setting::ExpectimaxCriticalPath(flag(value)?),
            SettingId::MctsChance => {
                Setting::MctsChance(self.combo(value, games, Chance::from_name)?)
            }
            SettingId::ExactTables => Setting::ExactTables(flag(value)?),
            SettingId::Ponder => Setting::Ponder(flag(value)?),
            // UCI: a button's `setoption` has no value; one given is
            // ignored, as GUIs differ.
            SettingId::ClearHash => Setting::ClearHash,
            SettingId::Skill => Setting::Skill(self.spin(value)? as u32),
            SettingId::LimitStrength => Setting::LimitStrength(flag(value)?),
            SettingId::Elo => Setting::Elo(self.spin(value)? as u32),
            SettingId::Contempt => Setting::Contempt(self.signed_spin(value)? as i32),
            SettingId::AnalyseMode => Setting::AnalyseMode(flag(value)?),
        })
    }

    /// An engine spec's value (`agon match --a "lmr=off"`): as
    /// [`SettingSpec::check`], but a check setting takes `on` and `off`
    /// (the specs' words) as well as `true` and `false`.
    pub fn check_spec(&self, value: &str) -> Result<Setting, SettingError> {
        let value = value.trim();
        match (&self.kind, value.to_ascii_lowercase().as_str()) {
            (Kind::Check { .. }, "on") => self.check("true", &[]),
            (Kind::Check { .. }, "off") => self.check("false", &[]),
            (Kind::Check { .. }, _) => self
                .check(value, &[])
                .map_err(|_| SettingError::Expected("on or off".into())),
            _ => self.check(value, &[]),
        }
    }

    /// A combo's value: the choice `value` names (in any case), made by
    /// `make` from its listed spelling.
    fn combo<T>(
        &self,
        value: &str,
        games: &[&str],
        make: impl Fn(&str) -> Option<T>,
    ) -> Result<T, SettingError> {
        let choices = self.choices(games);
        choices
            .iter()
            .find(|c| c.eq_ignore_ascii_case(value))
            .and_then(|c| make(c))
            .ok_or_else(|| SettingError::Expected(format!("one of {}", choices.join(", "))))
    }

    /// A spin setting's value, checked against its range (also the
    /// command line's value parser for `--threads` and `--hash`).
    pub fn spin(&self, value: &str) -> Result<u64, SettingError> {
        self.signed_spin(value).and_then(|n| {
            u64::try_from(n).map_err(|_| SettingError::Expected("a number of at least 0".into()))
        })
    }

    /// A spin setting's value that may be negative (`Contempt`).
    pub fn signed_spin(&self, value: &str) -> Result<i64, SettingError> {
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
            .ok_or_else(|| SettingError::Expected(format!("an integer in {min}..={max}")))
    }
}

/// A string setting's value: `<empty>` is the empty string.
fn text(value: &str) -> String {
    if value == "<empty>" {
        String::new()
    } else {
        value.to_string()
    }
}

/// A check setting's value, `true` or `false` in any case.
fn flag(value: &str) -> Result<bool, SettingError> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(SettingError::Expected("true or false".into())),
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
        lmr: LMR.check_default(),
        mcts: Params {
            policy: Policy::from_name(Policy::NAMES[0]).unwrap_or_default(),
            chance: Chance::from_name(Chance::NAMES[0]).unwrap_or_default(),
            playout: Playout::from_name(Playout::NAMES[0]).unwrap_or_default(),
            playout_plies: spin(&MCTS_PLAYOUT_PLIES) as u32,
            ..Params::default()
        },
        aspiration: ASPIRATION.check_default(),
        null_move: NULL_MOVE.check_default(),
        shallow: crate::search::alphabeta::Shallow {
            mode: PruningMode::from_name(PruningMode::NAMES[0]).unwrap_or_default(),
            margins: crate::game::PruningMargins {
                reverse_futility: spin(&REVERSE_FUTILITY) as u32,
                futility: spin(&FUTILITY) as u32,
                late_moves: spin(&LATE_MOVE_PRUNING) as u32,
            },
        },
        expectimax: expectimax::Options {
            pruning: Pruning::from_name(Pruning::NAMES[0]).unwrap_or_default(),
            parallel: Parallel::from_name(Parallel::NAMES[0]).unwrap_or_default(),
            use_tt: EXPECTIMAX_TABLE.check_default(),
            critical_path: EXPECTIMAX_CRITICAL_PATH.check_default(),
        },
        eval: EvalChoice::default(),
        eval_file: None,
        exact_tables: EXACT_TABLES.check_default(),
        table_file: None,
        ponder: PONDER.check_default(),
        skill: spin(&SKILL) as u32,
        limit_strength: LIMIT_STRENGTH.check_default(),
        elo: spin(&ELO) as u32,
        contempt: CONTEMPT.spin_default() as i32,
        analyse_mode: ANALYSE_MODE.check_default(),
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
        Setting::Lmr(on) => config.lmr = on,
        Setting::Aspiration(on) => config.aspiration = on,
        Setting::NullMove(on) => config.null_move = on,
        Setting::ShallowPruning(m) => config.shallow.mode = m,
        Setting::ReverseFutility(cp) => config.shallow.margins.reverse_futility = cp,
        Setting::Futility(cp) => config.shallow.margins.futility = cp,
        Setting::LateMovePruning(n) => config.shallow.margins.late_moves = n,
        Setting::ExpectimaxPruning(p) => config.expectimax.pruning = p,
        Setting::ExpectimaxParallel(p) => config.expectimax.parallel = p,
        Setting::ExpectimaxTable(on) => config.expectimax.use_tt = on,
        Setting::ExpectimaxCriticalPath(on) => config.expectimax.critical_path = on,
        Setting::MctsChance(c) => config.mcts.chance = c,
        Setting::ExactTables(on) => config.exact_tables = on,
        Setting::Ponder(on) => config.ponder = on,
        Setting::Skill(level) => config.skill = level,
        Setting::LimitStrength(on) => config.limit_strength = on,
        Setting::Elo(elo) => config.elo = elo,
        Setting::Contempt(cp) => config.contempt = cp,
        Setting::AnalyseMode(on) => config.analyse_mode = on,
        Setting::ClearHash
        | Setting::Game(_)
        | Setting::GameOptions(_)
        | Setting::ShowWdl(_)
        | Setting::EvalFile(_)
        | Setting::EndgamePath(_) => return false,
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
                Kind::Button => "type button".to_string(),
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
            Kind::Check { default } => format!(
                "{} ({}: on|off, default {})",
                s.name.to_ascii_lowercase(),
                s.help,
                if default { "on" } else { "off" }
            ),
            Kind::Combo | Kind::Text | Kind::Button => format!(
                "{} ({}: {})",
                s.name.to_ascii_lowercase(),
                s.help,
                s.choices(&[]).join("|")
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Default for SearchConfig {
    /// The settings table's defaults ([`default_config`]), the one place
    /// they are written (here, above the search: the search names no
    /// settings).
    fn default() -> Self {
        default_config()
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
        // The search switches come after the older options, whose places
        // GUIs and transcripts know.
        assert_eq!(
            lines[13..],
            [
                "option name EvalFile type string default <empty>",
                "option name LMR type check default true",
                "option name Aspiration type check default true",
                "option name NullMove type check default false",
                "option name ShallowPruning type combo default auto var auto var on var off",
                "option name ReverseFutility type spin default 80 min 0 max 10000",
                "option name Futility type spin default 100 min 0 max 10000",
                "option name LateMovePruning type spin default 3 min 0 max 256",
                "option name ExpectimaxPruning type combo default star2 var star2 var star1 var plain",
                "option name ExpectimaxParallel type combo default smp var smp var root",
                "option name ExpectimaxTable type check default true",
                "option name ExpectimaxCriticalPath type check default false",
                "option name MctsChance type combo default stratified var stratified var widening",
                "option name ExactTables type check default true",
                "option name EndgamePath type string default <empty>",
                "option name Ponder type check default false",
                "option name Clear Hash type button",
                "option name Skill type spin default 20 min 0 max 20",
                "option name UCI_LimitStrength type check default false",
                "option name UCI_Elo type spin default 5000 min 0 max 5000",
                "option name Contempt type spin default 100 min -1000 max 1000",
                "option name UCI_AnalyseMode type check default false",
            ]
        );
    }

    /// Each row's id is its own and its advertised default parses back to
    /// a setting of that id, which leaves [`default_config`] as it is: the
    /// row's kind, its parser and the configuration agree.
    #[test]
    fn every_default_parses_back_to_the_default_config() {
        let ids: std::collections::HashSet<SettingId> = SETTINGS.iter().map(|s| s.id).collect();
        assert_eq!(ids.len(), SETTINGS.len());
        let defaults = format!("{:?}", default_config());
        let mut config = default_config();
        for (spec, line) in SETTINGS.iter().zip(option_lines(GAMES)) {
            if matches!(spec.kind, Kind::Button) {
                // An action: no default, nothing kept.
                assert_eq!(
                    parse_setting(spec.name, None, GAMES),
                    Ok(Setting::ClearHash)
                );
                continue;
            }
            let default = line
                .split(" default ")
                .nth(1)
                .and_then(|d| d.split_whitespace().next())
                .unwrap_or_else(|| panic!("{line}"));
            let setting = parse_setting(spec.name, Some(default), GAMES)
                .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
            assert_eq!(setting.id(), spec.id, "{}", spec.name);
            apply(&mut config, &setting);
        }
        assert_eq!(format!("{config:?}"), defaults);
    }

    /// The switches that moved into the table keep what the search did
    /// before they were options (the bench's node counts depend on it).
    #[test]
    fn the_search_switches_default_to_the_searches_own_defaults() {
        let c = default_config();
        assert!(c.lmr && c.aspiration);
        assert_eq!(c.expectimax, expectimax::Options::default());
        assert_eq!(c.mcts, Params::default());
    }

    #[test]
    fn the_search_switches_are_set() {
        let mut c = default_config();
        for (name, value) in [
            ("lmr", "FALSE"),
            ("Aspiration", "false"),
            ("ExpectimaxPruning", "Star1"),
            ("ExpectimaxParallel", "root"),
            ("ExpectimaxTable", "false"),
            ("ExpectimaxCriticalPath", "true"),
            ("MctsChance", "widening"),
        ] {
            let setting = parse_setting(name, Some(value), GAMES).unwrap();
            assert!(apply(&mut c, &setting), "{name}");
        }
        assert!(!c.lmr && !c.aspiration);
        assert_eq!(
            c.expectimax,
            expectimax::Options {
                pruning: Pruning::Star1,
                parallel: Parallel::RootMoves,
                use_tt: false,
                critical_path: true,
            }
        );
        assert_eq!(c.mcts.chance, Chance::Widening);
        let p = |n: &str, v: &str| parse_setting(n, Some(v), GAMES).map_err(|e| e.to_string());
        assert_eq!(
            p("LMR", "off"),
            Err("bad value 'off' for option LMR (expected true or false)".into())
        );
        assert_eq!(
            p("ExpectimaxPruning", "star3"),
            Err(
                "bad value 'star3' for option ExpectimaxPruning (expected one of star2, star1, plain)"
                    .into()
            )
        );
        assert!(p("MctsChance", "uniform").is_err());
        // An engine spec's words for a check.
        assert_eq!(LMR.check_spec("off"), Ok(Setting::Lmr(false)));
        assert_eq!(LMR.check_spec("true"), Ok(Setting::Lmr(true)));
        assert_eq!(
            LMR.check_spec("maybe"),
            Err(SettingError::Expected("on or off".into()))
        );
        assert_eq!(
            MCTS_CHANCE.check_spec("widening"),
            Ok(Setting::MctsChance(Chance::Widening))
        );
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
