//! The settings of the tree search (not protocol options: each default
//! was chosen by measurement, see the module documentation of
//! [`super`]).

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

#[derive(Clone, Copy, Debug)]
pub struct Params {
    pub policy: Policy,
    /// `c` of the policy, on the payoff scale `[0, 1]`.
    pub exploration: f32,
    /// Temperature of the prior's softmax, in payoff units: a move whose
    /// estimate is this much below the best gets `1/e` of its weight.
    pub temperature: f32,
    /// Playouts of the first round; each round doubles them (a report
    /// after each).
    pub first_round: u64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            policy: Policy::Puct,
            exploration: 1.0,
            temperature: 0.05,
            first_round: 256,
        }
    }
}
