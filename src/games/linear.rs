//! The linear evaluation of Abalone, Zamma, Petteia and Kubeia, written
//! once: a weighted sum of integer features of the position, with the
//! weights `agon tune` fits or `weights=` gives. A game states its
//! features ([`LinearFeatures`]) and [`linear_evaluation!`] gives it the
//! evaluator ([`Linear`]) and the tuner's hooks.

use std::fmt;
use std::marker::PhantomData;

use crate::game::eval::{exact_weights, material_unit, two_sided_for};
use crate::game::{Evaluator, Game, GameError, Player, Score, WeightSet, EVAL_LIMIT};

/// A game evaluated by `N` weighted integer features.
pub trait LinearFeatures<const N: usize>: Game {
    /// The features' names, in the order of [`LinearFeatures::feature_vector`].
    const FEATURE_NAMES: [&'static str; N];
    /// The default (tuned) weights; the first prices one piece and sets
    /// the scale ([`material_unit`]).
    const WEIGHTS: [Score; N];
    /// The features from the view of the player to move.
    fn feature_vector(&self) -> [Score; N];

    /// Whether the features are seen from each player's own view
    /// ([`LinearFeatures::feature_vector_for`]), as games of more than two
    /// sides need; false: one view, negated for the other side.
    const PER_PLAYER: bool = false;

    /// The features from the view of `player` (only when `PER_PLAYER`).
    fn feature_vector_for(&self, player: Player) -> [Score; N] {
        let _ = player;
        self.feature_vector()
    }
}

/// The weighted sum of `G`'s features, with its weights.
pub struct Linear<G, const N: usize> {
    pub weights: [Score; N],
    game: PhantomData<fn() -> G>,
}

impl<G: LinearFeatures<N>, const N: usize> Linear<G, N> {
    pub fn new(weights: [Score; N]) -> Self {
        Linear {
            weights,
            game: PhantomData,
        }
    }

    /// The evaluator with `weights`, checked against the feature names.
    pub fn from_set(weights: &WeightSet) -> Result<Self, GameError> {
        exact_weights(weights, G::NAME, &G::FEATURE_NAMES).map(Linear::new)
    }
}

// By hand: derives would bound the game type too.
impl<G, const N: usize> Clone for Linear<G, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G, const N: usize> Copy for Linear<G, N> {}

impl<G, const N: usize> fmt::Debug for Linear<G, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Linear")
            .field("weights", &self.weights)
            .finish()
    }
}

impl<G, const N: usize> PartialEq for Linear<G, N> {
    fn eq(&self, other: &Self) -> bool {
        self.weights == other.weights
    }
}

impl<G: LinearFeatures<N>, const N: usize> Default for Linear<G, N> {
    fn default() -> Self {
        Linear::new(G::WEIGHTS)
    }
}

impl<G: LinearFeatures<N>, const N: usize> Evaluator<G> for Linear<G, N> {
    type State = ();

    #[inline]
    fn evaluate(&self, pos: &G) -> Score {
        weighted_sum(&pos.feature_vector(), &self.weights)
    }

    fn evaluate_for(&self, pos: &G, player: Player) -> Score {
        if G::PER_PLAYER {
            weighted_sum(&pos.feature_vector_for(player), &self.weights)
        } else {
            two_sided_for(pos, self.evaluate(pos), player)
        }
    }

    fn terms(&self, pos: &G) -> Vec<(&'static str, Score)> {
        let f = pos.feature_vector();
        let mut out: Vec<(&'static str, Score)> = G::FEATURE_NAMES
            .iter()
            .zip(f.iter().zip(&self.weights))
            .map(|(&name, (&x, &w))| (name, x * w))
            .collect();
        out.push(("total", weighted_sum(&f, &self.weights)));
        out
    }

    // The search keeps the fine-grained internal units (the bench and
    // the tuned weights are on them); one piece is shown as 100 cp.
    fn cp_unit(&self) -> Score {
        material_unit(&self.weights, G::WEIGHTS[0])
    }
}

/// `Σ featureᵢ · weightᵢ`, clamped inside `±EVAL_LIMIT`.
#[inline]
pub fn weighted_sum<const N: usize>(features: &[Score; N], weights: &[Score; N]) -> Score {
    let total: i64 = features
        .iter()
        .zip(weights)
        .map(|(&x, &w)| i64::from(x) * i64::from(w))
        .sum();
    let limit = i64::from(EVAL_LIMIT - 1);
    total.clamp(-limit, limit) as Score
}

/// `Evaluated` and `Tunable` for a game with [`LinearFeatures`]:
/// `linear_evaluation!(Abalone, 8)`, or with the impl's generics after a
/// `;`: `linear_evaluation!(PetteiaGame<DICE>, 16; const DICE: bool)`, or
/// with more items of `Evaluated` in braces (Zamma's exact tables):
/// `linear_evaluation!(Zamma, 12, { fn tablebase() … })`.
#[macro_export]
macro_rules! linear_evaluation {
    ($game:ty, $n:expr, { $($extra:tt)* }) => {
        $crate::linear_evaluation!(@with $game, $n, { $($extra)* });
    };
    ($game:ty, $n:expr $(; $($generics:tt)*)?) => {
        $crate::linear_evaluation!(@with $game, $n, {} $(; $($generics)*)?);
    };
    (@with $game:ty, $n:expr, { $($extra:tt)* } $(; $($generics:tt)*)?) => {
        impl<$($($generics)*)?> $crate::game::Evaluated for $game {
            $($extra)*

            type Evaluator = $crate::nnue::Netted<Self, $crate::games::linear::Linear<Self, { $n }>>;

            fn tuner() -> Option<$crate::game::Tuner<Self>> {
                Some($crate::game::Tuner::of())
            }

            fn evaluator_for(res: &$crate::game::EvalResources) -> Self::Evaluator {
                $crate::nnue::Netted::new(Default::default(), $crate::nnue::chosen_net::<Self>(res))
            }
        }

        impl<$($($generics)*)?> $crate::game::Tunable for $game {
            fn feature_names() -> &'static [&'static str] {
                &<Self as $crate::games::linear::LinearFeatures<{ $n }>>::FEATURE_NAMES
            }

            fn features(&self, out: &mut Vec<f64>) {
                out.clear();
                let f = $crate::games::linear::LinearFeatures::<{ $n }>::feature_vector(self);
                out.extend(f.iter().map(|&x| f64::from(x)));
            }

            fn default_weights() -> Vec<f64> {
                <Self as $crate::games::linear::LinearFeatures<{ $n }>>::WEIGHTS
                    .iter()
                    .map(|&w| f64::from(w))
                    .collect()
            }

            fn evaluator(
                weights: &$crate::game::WeightSet,
            ) -> Result<Self::Evaluator, $crate::game::GameError> {
                $crate::games::linear::Linear::from_set(weights)
                    .map(|classic| $crate::nnue::Netted::new(classic, None))
            }
        }
    };
}
