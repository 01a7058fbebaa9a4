//! Evaluation as a value: an [`Evaluator`] scores positions of one game and
//! carries whatever it is parametrised by (its weights), so a search is
//! handed the evaluator it uses (`search::Request::evaluator`) and every
//! thread reads it by reference. Two weight sets can therefore play each
//! other in one `agon match` without a rebuild and without any per-thread
//! or global state.
//!
//! - [`Evaluated`]: a game's default evaluator type (what `go` uses).
//! - [`Tunable`]: the tuner's view of a game whose evaluation is linear in
//!   features (`agon tune`, `weights=` in `agon match` engine specs).
//! - [`WeightSet`]: weights as the command line gives them.
//!
//! The evaluator may be incremental (a network's accumulators): each
//! search thread owns an [`Evaluator::State`], which the search keeps in
//! step with the position it is at. It calls [`Evaluator::refresh`] at its
//! root (a state may be left over from another position or another
//! evaluator), [`Evaluator::push`] after each move it plays below it and
//! [`Evaluator::pop`] when it is back at the parent, and reads its leaves
//! with [`Evaluator::evaluate_in`] and [`Evaluator::evaluate_all`] on that
//! state: a state handed to them is always in sync with the position
//! they are given. [`Evaluator::policy`] gives MCTS its priors. A
//! stateless evaluator (`State = ()`) keeps every default: the hooks are
//! inlined no-ops and the evaluations are [`Evaluator::evaluate`] and
//! [`Evaluator::evaluate_for`].

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use super::{decider_after, Game, GameError, GameOptions, Player, Score, Status, Tablebase};

/// Which evaluation a search uses (`Eval`): the game's default one
/// (`auto`: its shipped network where that wins and the game's strength
/// levels were measured with it, [`crate::nnue::ShippedNet::NET_BY_DEFAULT`]),
/// the classic one, or the network (the shipped one or `EvalFile`'s).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalChoice {
    #[default]
    Auto,
    Classic,
    Nnue,
}

impl EvalChoice {
    pub const NAMES: &'static [&'static str] = &["auto", "classic", "nnue"];

    pub fn from_name(name: &str) -> Option<EvalChoice> {
        match name.to_ascii_lowercase().as_str() {
            "auto" => Some(EvalChoice::Auto),
            "classic" => Some(EvalChoice::Classic),
            "nnue" => Some(EvalChoice::Nnue),
            _ => None,
        }
    }
}

/// A loaded evaluation resource (a value network, later a policy net),
/// seen by the core without its type: the core names no network, and a
/// game that has one takes it back with [`EvalNet::into_any`].
pub trait EvalNet: Send + Sync + Debug {
    /// The game it was made for (`Game::NAME`).
    fn game(&self) -> &str;
    /// How `eval`, `bench` and errors name it.
    fn label(&self) -> String;
    fn into_any(self: Arc<Self>) -> Arc<dyn Any + Send + Sync>;
}

/// What an evaluator may read, owned by the engine and handed to the
/// game that makes the evaluator ([`Evaluated::evaluator_with`]): `Eval`,
/// the network `EvalFile` loaded (used only by its own game) and a weight
/// set instead of the game's (`weights=`).
#[derive(Clone, Debug, Default)]
pub struct EvalResources {
    pub choice: EvalChoice,
    pub net: Option<Arc<dyn EvalNet>>,
    pub weights: Option<WeightSet>,
}

impl EvalResources {
    /// The classic evaluator's resources: nothing loaded.
    pub fn classic() -> EvalResources {
        EvalResources {
            choice: EvalChoice::Classic,
            ..EvalResources::default()
        }
    }
}

/// Bound on the magnitude of any static evaluation, so searches can keep
/// win/loss scores above it.
pub const EVAL_LIMIT: Score = 20_000;

/// What one marble, man or piece is worth on the protocol's scale
/// (`score cp`, `eval`, `agon analyse`, the referee's thresholds).
pub const CP_PER_UNIT: Score = 100;

/// An internal evaluation `value` on the protocol's scale, where `unit`
/// internal units are one marble, man or piece ([`Evaluator::cp_unit`]):
/// the one conversion every score goes through on its way out of the
/// engine, rounded to the nearest centi-unit.
pub fn to_cp(value: Score, unit: Score) -> Score {
    if unit == CP_PER_UNIT || unit <= 0 {
        return value;
    }
    let (v, u) = (i64::from(value) * i64::from(CP_PER_UNIT), i64::from(unit));
    let rounded = if v >= 0 {
        (v + u / 2) / u
    } else {
        (v - u / 2) / u
    };
    rounded.clamp(i64::from(Score::MIN), i64::from(Score::MAX)) as Score
}

/// Scores positions of `G`: the searches' leaves, the protocol's `eval`
/// (`terms`) and game set-up (`prepare`), `agon analyse`. Cheap to clone.
pub trait Evaluator<G: Game>: Clone + Send + Sync + Debug + 'static {
    /// What one search thread keeps for incremental evaluation (`()` for
    /// none). `Default` rather than made by the evaluator: a thread's
    /// state outlives a search and may meet another evaluator next
    /// (`weights=` in a match), so it is made empty and
    /// [`Evaluator::refresh`] fills it from the evaluator at hand.
    type State: Default + Send + 'static;

    /// Brings `state` in sync with `pos` from scratch (a search's root).
    #[inline(always)]
    fn refresh(&self, state: &mut Self::State, pos: &G) {
        let _ = (state, pos);
    }

    /// `child` follows `parent` (the position `state` is in sync with)
    /// by a move, or by a pass of the turn in alpha-beta's null-move
    /// search: `state` now follows `child`, until the matching
    /// [`Evaluator::pop`]. (No move is passed: the networks diff the
    /// piece sets of the two positions, which a pass has too.)
    #[inline(always)]
    fn push(&self, state: &mut Self::State, parent: &G, child: &G) {
        let _ = (state, parent, child);
    }

    /// Undoes the last [`Evaluator::push`]: `state` is back at its parent.
    #[inline(always)]
    fn pop(&self, state: &mut Self::State) {
        let _ = state;
    }

    /// [`Evaluator::evaluate`] read from `state`, which is in sync with
    /// `pos` (through a refresh and pushes and pops): what the searches'
    /// leaves call.
    #[inline(always)]
    fn evaluate_in(&self, state: &mut Self::State, pos: &G) -> Score {
        let _ = state;
        self.evaluate(pos)
    }

    /// Every player's [`Evaluator::evaluate_for`] into `out` (one per
    /// player, `out.len()` of them), read from `state` in sync with `pos`:
    /// the leaves of the searches that keep a value per player (max^n,
    /// MCTS, greedy). The default is [`evaluate_each`].
    #[inline(always)]
    fn evaluate_all(&self, state: &mut Self::State, pos: &G, out: &mut [Score]) {
        let _ = state;
        evaluate_each(self, pos, out);
    }

    /// MCTS's priors for `moves` (those of `pos`, in that order) into
    /// `priors`, one per move; `false` (the default): no policy, MCTS
    /// makes its priors from the evaluations of the moves.
    fn policy(&self, pos: &G, moves: &[G::Move], priors: &mut Vec<f32>) -> bool {
        let _ = (pos, moves, priors);
        false
    }

    /// Static evaluation from the view of the player to move (decision
    /// nodes). Must be within `±EVAL_LIMIT`.
    fn evaluate(&self, pos: &G) -> Score;

    /// Static evaluation from the view of `player`, on the scale of
    /// [`Evaluator::evaluate`], for searches that keep a value per player
    /// (max^n, greedy). The default is right for two-player zero-sum
    /// games: `evaluate` for the player it is from (the player to move,
    /// or at a chance node the player who decides after it, see
    /// [`decider_after`]) and its negation for the other. A game of more
    /// than two players overrides it (the default treats every non-mover
    /// as the mover's opponent).
    fn evaluate_for(&self, pos: &G, player: Player) -> Score {
        two_sided_for(pos, self.evaluate(pos), player)
    }

    /// Named evaluation terms for the `eval` command: (name, value from the
    /// view of the player to move), in internal units.
    fn terms(&self, pos: &G) -> Vec<(&'static str, Score)> {
        vec![("total", self.evaluate(pos))]
    }

    /// Internal units worth one marble, man or piece: [`CP_PER_UNIT`]
    /// centi-units on the protocol's scale. Searches keep their scores in
    /// internal units; [`to_cp`] converts them where they leave the
    /// engine. The default says the evaluation is in centi-units already.
    fn cp_unit(&self) -> Score {
        CP_PER_UNIT
    }

    /// [`Evaluator::terms`] on the protocol's scale, each term rounded
    /// alone, ending with the `total` (added when `terms` has none).
    fn terms_cp(&self, pos: &G) -> Vec<(&'static str, Score)> {
        let unit = self.cp_unit();
        let mut out: Vec<(&'static str, Score)> = self
            .terms(pos)
            .into_iter()
            .map(|(name, v)| (name, to_cp(v, unit)))
            .collect();
        if !out.iter().any(|(name, _)| *name == "total") {
            out.push(("total", to_cp(self.evaluate(pos), unit)));
        }
        out
    }

    /// `Some(s)` when [`Evaluator::evaluate`] is a win probability `p`
    /// scaled as `(2p − 1)·s` (Palma: `s = 1000`): averaging searches then
    /// score a won game `+s` (and a lost one `−s`), on the evaluator's own
    /// scale, and know every value lies within `±s`. `None`: wins score
    /// above [`EVAL_LIMIT`].
    fn win_probability_scale(&self) -> Option<Score> {
        None
    }

    /// The exact probability that `player` wins from `pos` under optimal
    /// play by both sides, when the evaluator knows it (an endgame table:
    /// Palma's exact endgames); `None` elsewhere (the default). `agon
    /// analyse` prints it in its "exact" column.
    fn exact_win_probability(&self, pos: &G, player: Player) -> Option<f64> {
        let _ = (pos, player);
        None
    }

    /// What the evaluator is, as `bench` and `uci` name it: `classic`, or
    /// a network's `nnue <name>-<hash>`.
    fn label(&self) -> String {
        "classic".to_string()
    }

    /// Builds whatever the evaluator computes on first use for positions
    /// like `pos` (Palma's race table of its rule set), so that a timed
    /// search does not pay for it. The protocol calls it when a game or
    /// a position is set, before any `go` can start.
    fn prepare(&self, pos: &G) {
        let _ = pos;
    }
}

/// `value`, an evaluation of `pos` from the view of the player it is from
/// (the player to move, or at a chance node the one who decides after
/// it), seen by `player` in a two-sided zero-sum game: itself for that
/// player, negated for the other.
#[inline]
pub fn two_sided_for<G: Game>(pos: &G, value: Score, player: Player) -> Score {
    let view = match pos.status() {
        Status::Decision(p) => Some(p),
        Status::Chance => decider_after(pos),
        Status::Over(_) => None,
    };
    match view {
        Some(p) if p != player => -value,
        _ => value,
    }
}

/// Every player's [`Evaluator::evaluate_for`] into `out`: for two
/// players one evaluation and its negation (zero sum), for more one each.
#[inline(always)]
pub fn evaluate_each<G: Game, E: Evaluator<G>>(eval: &E, pos: &G, out: &mut [Score]) {
    if let [first, second] = out {
        *first = eval.evaluate_for(pos, 0);
        *second = -*first;
    } else {
        for (p, o) in out.iter_mut().enumerate() {
            *o = eval.evaluate_for(pos, p as Player);
        }
    }
}

/// [`Evaluator::cp_unit`] of a linear evaluator whose first weight prices
/// one marble, man or piece (it sets the scale: `agon tune` never moves
/// it): that weight, so a weight set given at run time (`weights=`) keeps
/// one piece at 100 cp, or `default` when the set makes it no unit (≤ 0).
pub fn material_unit(weights: &[Score], default: Score) -> Score {
    weights
        .first()
        .copied()
        .filter(|&w| w > 0)
        .unwrap_or(default)
}

/// A game with an evaluator: the one searches use unless given another.
pub trait Evaluated: Game {
    type Evaluator: Evaluator<Self> + Default;

    /// The tuner's hooks when the evaluator is linear in features
    /// ([`Tunable`]: `Some(Tuner::of::<Self>())`); `None` otherwise.
    fn tuner() -> Option<Tuner<Self>> {
        None
    }

    /// The game's exact tables ([`Tablebase`]: Palma's endgames), which
    /// the searches probe under `ExactTables` and the referee hands to
    /// [`Game::adjudicate`]; `None` (the default) for a game without.
    fn tablebase() -> Option<&'static dyn Tablebase<Self>> {
        None
    }

    /// Exact tables larger than [`Evaluated::tablebase`]'s, read from a
    /// file [`Evaluated::generate_tablebase`] wrote (`EndgamePath`); they
    /// answer for their own domain and hand the rest to the built-in
    /// tables. An error (one line) for a game without table files.
    fn load_tablebase(path: &std::path::Path) -> Result<Box<dyn Tablebase<Self>>, GameError> {
        let _ = path;
        Err(GameError::new(format!(
            "{} has no exact table files",
            Self::NAME
        )))
    }

    /// Solves the exact tables of the domain `size` names (Palma: the
    /// lowest square, Zamma: the most pieces) for the rules `opts` and
    /// writes them to `out` (`agon tablebase generate`), telling
    /// `progress` the share done (0..1) from any thread; returns a
    /// summary (lines).
    fn generate_tablebase(
        opts: &GameOptions,
        size: u32,
        out: &std::path::Path,
        progress: &(dyn Fn(f64) + Sync),
    ) -> Result<String, GameError> {
        let _ = (opts, size, out, progress);
        Err(GameError::new(format!(
            "{} has no exact table files",
            Self::NAME
        )))
    }

    /// The evaluator `Eval` (`res.choice`) and the loaded network
    /// (`res.net`, used only when it is a network of this game) select,
    /// weights aside: the default for a game without networks. The games'
    /// hook; callers use [`Evaluated::evaluator_with`].
    fn evaluator_for(res: &EvalResources) -> Self::Evaluator {
        let _ = res;
        Self::Evaluator::default()
    }

    /// The evaluator `res` asks for: with its weights
    /// ([`Tunable::evaluator`]) if it has some, else
    /// [`Evaluated::evaluator_for`]. An error when the network is
    /// another game's or the game takes no weights.
    fn evaluator_with(res: &EvalResources) -> Result<Self::Evaluator, GameError> {
        if let Some(net) = res.net.as_ref().filter(|n| n.game() != Self::NAME) {
            return Err(GameError::new(format!(
                "the network {} is for {}, not {}",
                net.label(),
                net.game(),
                Self::NAME
            )));
        }
        match (res.weights.as_ref(), Self::tuner()) {
            (None, _) => Ok(Self::evaluator_for(res)),
            (Some(w), Some(t)) => (t.evaluator)(w),
            (Some(_), None) => Err(GameError::new(format!(
                "{} has no tunable evaluation weights",
                Self::NAME
            ))),
        }
    }
}

/// The tuner's view of a game whose evaluator is linear: `evaluate ≈
/// Σ weight[i] · feature[i]`. `agon tune` fits the weights by game
/// results; `agon match` plays weight sets against each other.
pub trait Tunable: Evaluated {
    /// Names of the evaluation features (and of their weights).
    fn feature_names() -> &'static [&'static str];

    /// The evaluation features of this position, from the view of the
    /// player to move (same order as `feature_names`), written into `out`.
    fn features(&self, out: &mut Vec<f64>);

    /// The default evaluator's weights (same order as `feature_names`).
    fn default_weights() -> Vec<f64>;

    /// The evaluator with these weights: an error unless there is one
    /// weight per feature.
    fn evaluator(weights: &WeightSet) -> Result<Self::Evaluator, GameError>;
}

/// [`Tunable`] as a value, so that code generic over every game can ask
/// at run time whether one is tunable ([`Evaluated::tuner`]).
pub struct Tuner<G: Evaluated> {
    pub feature_names: &'static [&'static str],
    pub features: fn(&G, &mut Vec<f64>),
    pub default_weights: fn() -> Vec<f64>,
    pub evaluator: fn(&WeightSet) -> Result<G::Evaluator, GameError>,
}

impl<G: Tunable> Tuner<G> {
    pub fn of() -> Tuner<G> {
        Tuner {
            feature_names: G::feature_names(),
            features: G::features,
            default_weights: G::default_weights,
            evaluator: G::evaluator,
        }
    }
}

/// `N` weights from `set`, or an error naming the features a game wants.
pub fn exact_weights<const N: usize>(
    set: &WeightSet,
    game: &str,
    names: &[&str],
) -> Result<[Score; N], GameError> {
    <[Score; N]>::try_from(set.as_slice()).map_err(|_| {
        GameError::new(format!(
            "{game} takes {N} evaluation weights ({}), not {}",
            names.join("/"),
            set.as_slice().len()
        ))
    })
}

/// Most weights a [`WeightSet`] holds.
pub const MAX_WEIGHTS: usize = 16;

/// A list of evaluation weights, at most [`MAX_WEIGHTS`] long, as given on
/// the command line (`weights=100/505/-9`); [`Tunable::evaluator`] turns
/// it into an evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightSet {
    len: u8,
    weights: [Score; MAX_WEIGHTS],
}

impl WeightSet {
    pub fn new(weights: &[Score]) -> Result<WeightSet, GameError> {
        if weights.is_empty() || weights.len() > MAX_WEIGHTS {
            return Err(GameError::new(format!(
                "a weight set has 1 to {MAX_WEIGHTS} weights, not {}",
                weights.len()
            )));
        }
        let mut set = WeightSet {
            len: weights.len() as u8,
            weights: [0; MAX_WEIGHTS],
        };
        set.weights[..weights.len()].copy_from_slice(weights);
        Ok(set)
    }

    /// Parses integers separated by `/` (commas separate engine settings).
    pub fn parse(text: &str) -> Result<WeightSet, GameError> {
        let weights = text
            .split('/')
            .map(|w| {
                w.trim().parse::<Score>().map_err(|_| {
                    GameError::new(format!(
                        "weight '{w}' is not an integer (weights look like 100/505/-9)"
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        WeightSet::new(&weights)
    }

    pub fn as_slice(&self) -> &[Score] {
        &self.weights[..self.len as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_cp_rounds_to_the_nearest_centi_unit_both_ways() {
        assert_eq!(to_cp(3000, 3000), 100);
        assert_eq!(to_cp(-3000, 3000), -100);
        assert_eq!(to_cp(3014, 3000), 100);
        assert_eq!(to_cp(3015, 3000), 101);
        assert_eq!(to_cp(-3015, 3000), -101);
        assert_eq!(to_cp(1234, CP_PER_UNIT), 1234);
        assert_eq!(to_cp(20_000, 3000), 667);
    }

    #[test]
    fn bad_sets_are_errors() {
        assert!(WeightSet::parse("1/x").is_err());
        assert!(WeightSet::parse("").is_err());
        assert!(WeightSet::new(&[0; MAX_WEIGHTS + 1]).is_err());
    }

    #[test]
    fn exact_weights_takes_only_its_length() {
        let set = WeightSet::parse("7/-8/9").unwrap();
        assert_eq!(
            exact_weights::<3>(&set, "g", &["a", "b", "c"]).unwrap(),
            [7, -8, 9]
        );
        let e = exact_weights::<2>(&set, "g", &["a", "b"]).unwrap_err();
        assert!(
            e.to_string()
                .contains("takes 2 evaluation weights (a/b), not 3"),
            "{e}"
        );
    }
}
