//! The settings of the tree search. `MctsPolicy`, `MctsChance`,
//! `MctsPlayout` and `MctsPlayoutPlies` set the first four from the
//! protocol; the rest are fixed values chosen by measurement (see the
//! module documentation of [`super`]).

/// How a decision node picks the move to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Policy {
    /// `Q + c·P·√N / (1 + n)`: the prior `P` (a softmax of the moves'
    /// evaluations) steers the early visits (AlphaZero's PUCT).
    #[default]
    Puct,
    /// `Q + c·√(ln N / (1 + n))`: every move explored alike (UCB1 as in
    /// Kocsis & Szepesvári's UCT), the evaluation only as the first value.
    Uct,
}

impl Policy {
    /// The protocol's names, the default first.
    pub const NAMES: &'static [&'static str] = &["puct", "uct"];

    pub fn from_name(name: &str) -> Option<Policy> {
        match name.to_ascii_lowercase().as_str() {
            "puct" => Some(Policy::Puct),
            "uct" => Some(Policy::Uct),
            _ => None,
        }
    }
}

/// How a new node is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Playout {
    /// The game's choice ([`crate::game::SearchHints::MCTS_RANDOM_PLAYOUTS`]):
    /// `Random` where random playouts won at equal time, else `None`.
    #[default]
    Auto,
    /// The evaluator at the node itself.
    None,
    /// Uniformly random moves (and throws or rolls by their
    /// probabilities) for up to `playout_plies` plies, then the evaluator
    /// (or the result, if the game ended).
    Random,
    /// As `Random`, but each move drawn by the softmax of the evaluations
    /// of the mover's moves (the prior of PUCT): evaluator-guided.
    Guided,
}

impl Playout {
    /// The protocol's names, the default first.
    pub const NAMES: &'static [&'static str] = &["auto", "none", "random", "guided"];

    pub fn from_name(name: &str) -> Option<Playout> {
        match name.to_ascii_lowercase().as_str() {
            "auto" => Some(Playout::Auto),
            "none" => Some(Playout::None),
            "random" => Some(Playout::Random),
            "guided" => Some(Playout::Guided),
            _ => None,
        }
    }
}

/// How a playout picks a chance node's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Chance {
    /// The outcome whose visits lag its probability most: every outcome
    /// expanded, visits in proportion without sampling noise.
    #[default]
    Stratified,
    /// Drawn by probability, among at most `⌈√(N+1)⌉` distinct outcomes
    /// after `N` visits (progressive widening: a new outcome only when the
    /// count allows, else one already visited, renormalised).
    Widening,
}

impl Chance {
    /// The protocol's names (`MctsChance`), the default first.
    pub const NAMES: &'static [&'static str] = &["stratified", "widening"];

    pub fn from_name(name: &str) -> Option<Chance> {
        match name.to_ascii_lowercase().as_str() {
            "stratified" => Some(Chance::Stratified),
            "widening" => Some(Chance::Widening),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    pub policy: Policy,
    pub chance: Chance,
    pub playout: Playout,
    /// The playout's cut-off: plies played before the evaluator values
    /// the position reached.
    pub playout_plies: u32,
    /// `c` of the policy, on the payoff scale `[0, 1]`.
    pub exploration: f32,
    /// Temperature of the prior's softmax, in payoff units: a move whose
    /// estimate is this much below the best gets `1/e` of its weight.
    pub temperature: f32,
    /// Playouts of the first round; each round doubles them (a report
    /// after each).
    pub first_round: u64,
}

/// The default of `MctsPlayoutPlies`.
pub const PLAYOUT_PLIES: u32 = 8;

impl Default for Params {
    fn default() -> Self {
        Params {
            policy: Policy::Puct,
            chance: Chance::Stratified,
            playout: Playout::Auto,
            playout_plies: PLAYOUT_PLIES,
            exploration: 1.0,
            temperature: 0.05,
            first_round: 256,
        }
    }
}
