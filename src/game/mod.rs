//! The Game abstraction that every game implements and every search and
//! protocol layer is generic over, one trait per concern:
//!
//! - [`Game`]: the rules (turns, moves, chance outcomes, play, outcome,
//!   hash). Rules-only code (perft, record replay) needs nothing else.
//! - [`Notation`] (module [`notation`]): the position string, move
//!   notation, board picture and record format (protocol, CLI, referee).
//! - [`Evaluator`], [`Evaluated`] (module [`eval`]): evaluation as a value
//!   carrying its weights, handed to each search; [`Tunable`]: the linear
//!   features `agon tune` fits.
//! - [`SearchHints`] (module [`hints`]): move order, forcing moves,
//!   history shapes, game length, for the searches only.
//! - [`Playable`]: all of them, the bound of the searches and the protocol.
//! - module [`files`]: reading the files a user names (regular files
//!   only, up to a size bound), for every tool that reads one.
//!
//! A position is a node of the game tree:
//! - a **decision node**: one player chooses among [`Game::moves`];
//! - a **chance node**: nature picks one of [`Game::outcomes`] (a throw of the
//!   Palma sticks, a roll of the Kubeia dice), each with a probability;
//! - a **terminal node**: [`Status::Over`] with the [`Outcome`]: a sole
//!   winner, a draw, or a ranking of any number of players (a winning team
//!   ranks first together), and through [`Outcome::payoff`] what each
//!   player gets from it (module [`outcome`]).
//!
//! Chance outcomes are values of the same `Move` type as decisions, so one
//! [`Game::play`] applies both, one notation prints both (a throw appears as
//! a token in a `moves` list) and a search walks one kind of edge.
//!
//! Players are numbered `0..num_players()`; player 0 moves first in the
//! standard start of every game. Nothing here assumes exactly two players.
//! Players sit in teams ([`Game::team_of`], `0..num_teams()`) that win and
//! lose together; by default each player is a team of its own. Searches
//! count sides by teams: two teams (of any number of players each) are a
//! two-sided zero-sum game, searched by alpha-beta or expectiminimax.
//!
//! Playing a move mutates the position (`play`); searches copy the position
//! and play on the copy (copy-make), which won over make/unmake for the
//! Abalone board (README, "Copy-make").

pub mod chance;
pub mod error;
pub mod eval;
pub mod files;
pub mod hints;
pub mod notation;
pub mod options;
pub mod outcome;
pub mod perft;
pub mod record;
pub mod tablebase;
pub mod walk;
pub mod zobrist;

pub use error::GameError;
pub use eval::{
    to_cp, EvalChoice, EvalNet, EvalResources, Evaluated, Evaluator, Tunable, Tuner, WeightSet,
    CP_PER_UNIT, EVAL_LIMIT,
};
pub use hints::{PruningMargins, SearchHints, HISTORY_SIZE};
pub use notation::Notation;
pub use options::{GameOptions, OptionKind, OptionSpec};
pub use outcome::{Outcome, Ranking, MAX_PLAYERS};
pub use record::GameRecord;
pub use tablebase::{TableFile, Tablebase};

use std::fmt::Debug;
use std::hash::Hash;

/// How a referee ends an unfinished game ([`Game::adjudicate`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Adjudication {
    pub outcome: Outcome,
    /// Why, in words (`hounds ahead in the race: …`).
    pub reason: String,
}

/// A player's index: 0 for the first player, 1 for the second, and so on.
pub type Player = u8;

/// A team's index, `0..num_teams()` ([`Game::team_of`]).
pub type Team = u8;

/// The kind of node a position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The given player must choose one of [`Game::moves`].
    Decision(Player),
    /// Nature chooses one of [`Game::outcomes`].
    Chance,
    /// The game is over.
    Over(Outcome),
}

impl Status {
    pub fn is_over(self) -> bool {
        matches!(self, Status::Over(_))
    }
}

/// At a chance node, the player who decides once the pending throw or
/// roll is played ("whose throw it is"): found by playing outcomes (the
/// first of each chance node, a throw may earn another) until a decision
/// node. The rules of every game give the same player for every outcome.
/// `None` when the game ends first, and at a node that is not a chance
/// node: there `Status` says who is to move.
pub fn decider_after<G: Game>(pos: &G) -> Option<Player> {
    if pos.status() != Status::Chance {
        return None;
    }
    let mut pos = pos.clone();
    let mut outcomes = Vec::new();
    // A bound instead of trusting every game to end a run of throws.
    for _ in 0..64 {
        match pos.status() {
            Status::Decision(p) => return Some(p),
            Status::Over(_) => return None,
            Status::Chance => {
                pos.outcomes(&mut outcomes);
                let &(first, _) = outcomes.first()?;
                pos.play(first);
            }
        }
    }
    None
}

/// How the finished game `outcome` came out for the team of `p`, in a
/// game of two teams: `Greater` won, `Equal` drawn, `Less` lost
/// ([`Outcome::team_result`]).
#[inline]
pub fn team_result<G: Game>(pos: &G, outcome: Outcome, p: Player) -> std::cmp::Ordering {
    outcome.team_result(pos.team_of(p), |q| pos.team_of(q), pos.num_players())
}

/// Evaluation scores are in "centi-units" (a pawn-like unit = 100) from the
/// point of view of the player to move at a decision node.
pub type Score = i32;

/// A game's rules: whose turn it is, the legal moves and chance outcomes,
/// playing them, the outcome, hashing. Everything rules-only code (perft,
/// record replay, the game contract) needs, and nothing else: text is
/// [`Notation`], evaluation [`eval::Evaluated`], search hints
/// [`SearchHints`]. Implementations must be cheap to clone: searches
/// copy-make.
pub trait Game: Clone + Send + Sync + Debug + 'static {
    /// A decision or a chance outcome. Small and `Copy`.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The game's name as used on the command line and in the protocol.
    const NAME: &'static str;

    /// Whether the game has chance nodes: a fact of the rules, so it stays
    /// here while the search's choices live in [`SearchHints`] (the
    /// search reads it: `Search=auto` picks expectiminimax).
    const HAS_CHANCE: bool = false;

    /// The variant options this game accepts (`key=value`).
    fn option_specs() -> &'static [OptionSpec];

    /// The start position for the given options.
    fn new(options: &GameOptions) -> Result<Self, GameError>;

    /// The options this position was created with (normalised, all keys).
    fn options(&self) -> &GameOptions;

    /// Number of players (2 for every game today; at most
    /// [`MAX_PLAYERS`]).
    fn num_players(&self) -> usize {
        2
    }

    /// The team `p` plays in: teammates win and lose together and a
    /// search never plays one against another. Every player alone by
    /// default.
    fn team_of(&self, p: Player) -> Team {
        p
    }

    /// Number of teams; `team_of` maps the players onto `0..num_teams()`.
    fn num_teams(&self) -> usize {
        self.num_players()
    }

    /// What kind of node this is. Rule endings only; engine-level
    /// adjudication by repetition lives with the game history (see
    /// [`Game::repetition_limit`]).
    fn status(&self) -> Status;

    /// Legal moves at a decision node, written into `out` (cleared first).
    /// A forced pass is one move. Empty at chance and terminal nodes.
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// Number of legal moves; games may override with a faster count
    /// (perft bulk counting).
    fn count_moves(&self) -> usize {
        let mut v = Vec::new();
        self.moves(&mut v);
        v.len()
    }

    /// Distinct outcomes of a chance node with their probabilities (which
    /// sum to 1), written into `out` (cleared first). Empty elsewhere.
    fn outcomes(&self, out: &mut Vec<(Self::Move, f64)>) {
        out.clear();
    }

    /// Plays a legal move or chance outcome.
    fn play(&mut self, m: Self::Move);

    /// Zobrist hash of the position, maintained incrementally by `play`.
    fn hash(&self) -> u64;

    /// The hash recomputed from scratch (tests compare it with `hash`).
    fn hash_from_scratch(&self) -> u64;

    /// Plies played since the start (or as given by the position string).
    fn ply(&self) -> u32;

    /// `Some(n)`: the game is drawn when the same position (hash) occurs for
    /// the n-th time. Searches score any repetition inside the tree as a draw.
    fn repetition_limit(&self) -> Option<u32> {
        None
    }

    /// The result a referee gives when a game is stopped at its ply limit,
    /// by the game's own rules (e.g. Abalone: more ejected opposing
    /// marbles wins, equal is a draw; Palma, which has no draws: the side
    /// ahead in the race), with the reason the record keeps. `oracle`:
    /// the game's exact tables when the caller has them (the referee
    /// passes [`Evaluated::tablebase`]); the rules read no evaluator data
    /// of their own, and without tables give their rules-only verdict.
    fn adjudicate(&self, oracle: Option<&dyn Tablebase<Self>>) -> Adjudication {
        let _ = oracle;
        Adjudication {
            outcome: Outcome::Draw,
            reason: "a draw: the game has no adjudication of its own".into(),
        }
    }

    /// The same position with engine-level adjudication (draws by quiet
    /// plies, repetition, move limits) switched off, as perft requires
    /// (PERFT.md). Games without such adjudication keep the default.
    fn without_adjudication(&self) -> Self {
        self.clone()
    }
}

/// Everything a search, the protocol and the command line need of a game:
/// its rules, its text, its search hints and its evaluator. Code that needs
/// only the rules bounds on [`Game`] alone.
pub trait Playable: Game + Notation + SearchHints + Evaluated {}

impl<G: Game + Notation + SearchHints + Evaluated> Playable for G {}
