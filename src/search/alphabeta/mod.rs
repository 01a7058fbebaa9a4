//! Alpha-beta for two-player deterministic games: iterative deepening,
//! principal-variation search with aspiration windows at the root,
//! quiescence on the game's forcing moves, a shared transposition table,
//! killer and history move ordering kept per thread between searches
//! ([`crate::search::thread`]), late-move reductions
//! ([`crate::search::SearchConfig::lmr`]), reverse futility, futility and
//! late-move pruning near the horizon ([`Shallow`]), repetition = draw, and
//! Lazy SMP threads, in the [`crate::search::runner`].
//!
//! Scores are negamax: from the view of the player to move. The search
//! never assumes that turns alternate: a child position whose mover is the
//! same player is searched without negation. Games with chance are
//! searched by expectiminimax instead (the dispatch sends them there).
//!
//! **Paranoid** ([`Sides::Paranoid`], `Search paranoid`): in a game of
//! more than two teams, the root player's team is one side and every
//! other team together the other (Sturtevant & Korf 2000): every other
//! mover minimises the root team's value, leaves are the root team's
//! [`Evaluator::evaluate_all`] value, a win of any other team is a loss.
//! Its table entries are keyed apart by the root team.
//!
//! Null-move pruning is not used: the [`Game`] trait has no "pass" move,
//! and Abalone has zugzwang-like positions where passing is illegal.

mod history;
mod ordering;
mod qsearch;
mod root;
mod search;

use super::control::Ticker;
use super::runner::Root;
use super::score::{Value, MAX_PLY};
use super::thread::{EvalState, ThreadData};
use crate::game::{Evaluator, Outcome, Playable, Player, PruningMargins, Team};
use ordering::Ordered;

pub use history::History;

/// What one thread's alpha-beta keeps from search to search
/// ([`ThreadData::ab`]): its per-ply buffers, the repetition filter and the
/// late-move reduction table, so a search allocates none of them. Their
/// contents are working memory: every search starts from an empty path
/// and filter (`Worker::new`) and overwrites a ply's buffers before
/// reading them. The reduction table depends on [`LMR_DIVISOR`] alone, a
/// constant, so it is built once, with the thread's state.
pub struct AbState<G: Playable> {
    /// Hashes of the positions from the root down to the current node.
    path: Vec<u64>,
    /// Counts of the game history's and `path`'s hashes by low bits: a
    /// zero count rules out a repetition without scanning.
    rep_filter: Vec<u8>,
    /// Per ply: the moves, their ordering keys, the quiet moves tried.
    moves: Vec<Vec<G::Move>>,
    order: Vec<Ordered>,
    quiets: Vec<Vec<usize>>,
    /// Every player's evaluation (paranoid leaves).
    values: Vec<crate::game::Score>,
    /// Reductions by depth and move number ([`LMR_DIVISOR`]).
    lmr_table: Vec<[u8; 64]>,
}

impl<G: Playable> AbState<G> {
    pub fn new() -> Self {
        AbState {
            path: Vec::with_capacity(MAX_PLY + 2),
            rep_filter: vec![0; 1 << REP_FILTER_BITS],
            moves: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            order: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            quiets: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            values: Vec::new(),
            lmr_table: lmr_table(),
        }
    }
}

impl<G: Playable> Default for AbState<G> {
    fn default() -> Self {
        AbState::new()
    }
}
pub use root::{search, RootMove};

/// Late-move reduction = 0.5 + ln(depth)·ln(move number) / this. Measured
/// on Abalone (`agon match`, Belgian Daisy, 50 ms a move, 200-ply cap,
/// against `lmr=off`): divisor 4 scored 59 % over 100 games (+51 =16 −33,
/// three runs, two evaluators), the chess-like 2.25 51 % over 40, one ply
/// for every late move 42.5 % over 20. Divisor 4 reaches depth 8 from the
/// Belgian Daisy start with a tenth of the nodes of no reductions.
const LMR_DIVISOR: f64 = 4.0;
/// Plies of quiescence at most below the horizon.
pub const QS_MAX_DEPTH: i32 = 8;
/// Nodes at most in one quiescence search (from one horizon node): where
/// nearly every move captures (a Petteia board full of pieces, Zamma's
/// flying Mullahs) eight plies of them are billions of nodes, and depth 1
/// never ends. Past the budget a node takes its static value, as at
/// [`QS_MAX_DEPTH`]. The largest quiescence search of the bench positions
/// has 574 nodes (Zamma), so the bench's nodes do not change.
pub const QS_BUDGET: u64 = 1024;

/// Which players form the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// The game's teams (two of them).
    Teams,
    /// The root player's team against all the others (paranoid); the
    /// game's teams when there are only two.
    Paranoid,
}

/// Salt of the table keys of a paranoid search, per root team: its
/// values are the root team's, not the mover's team's.
fn paranoid_salt(team: Team) -> u64 {
    0x9e37_79b9_7f4a_7c15u64.wrapping_mul(u64::from(team) + 1)
}

/// Alpha-beta's forward pruning near the horizon at nodes off the
/// principal variation (`ShallowPruning`, and the margins `on` uses:
/// `ReverseFutility`, `Futility`, `LateMovePruning`), each up to its
/// depth ([`REVERSE_FUTILITY_DEPTH`], [`FUTILITY_DEPTH`],
/// [`LATE_MOVE_DEPTH`]). A game whose every move is forcing at a node (a
/// compulsory capture) is not pruned there: its static value says little
/// until the capture is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Shallow {
    /// Whether they run, and with which margins.
    pub mode: PruningMode,
    /// The margins of `on` (`auto` takes the game's own).
    pub margins: PruningMargins,
}

/// Whether [`Shallow`]'s prunings run: `auto` with the game's margins
/// where matches showed they pay
/// ([`crate::game::SearchHints::SHALLOW_PRUNING`]), `on` with the
/// settings' margins in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PruningMode {
    #[default]
    Auto,
    On,
    Off,
}

impl PruningMode {
    /// The protocol's names (`ShallowPruning`), the default first.
    pub const NAMES: &'static [&'static str] = &["auto", "on", "off"];

    pub fn from_name(name: &str) -> Option<PruningMode> {
        match name.to_ascii_lowercase().as_str() {
            "auto" => Some(PruningMode::Auto),
            "on" => Some(PruningMode::On),
            "off" => Some(PruningMode::Off),
            _ => None,
        }
    }
}

/// Deepest node where each of [`Shallow`]'s prunings applies.
pub const REVERSE_FUTILITY_DEPTH: i32 = 6;
pub const FUTILITY_DEPTH: i32 = 4;
pub const LATE_MOVE_DEPTH: i32 = 3;

/// The shallowest node where null-move pruning tries a pass, and the
/// plies (besides a quarter of the depth) its search is reduced by.
pub const NULL_MOVE_DEPTH: i32 = 4;
pub const NULL_MOVE_REDUCTION: i32 = 3;

/// The search's switches ([`crate::search::SearchConfig`]'s `lmr`,
/// `aspiration`, `null_move` and `shallow`), copied where the nodes read them, the
/// margins in the evaluator's internal units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AbParams {
    pub lmr: bool,
    pub aspiration: bool,
    pub null_move: bool,
    pub reverse_futility: Value,
    pub futility: Value,
    pub late_moves: u32,
}

impl AbParams {
    /// `game`: the game's [`crate::game::SearchHints::SHALLOW_PRUNING`].
    fn new(
        config: &crate::search::SearchConfig,
        cp_unit: crate::game::Score,
        game: Option<PruningMargins>,
    ) -> Self {
        let margins = match config.shallow.mode {
            PruningMode::On => config.shallow.margins,
            PruningMode::Off => PruningMargins::default(),
            PruningMode::Auto => game.unwrap_or_default(),
        };
        let unit = |cp: u32| {
            let v = i64::from(cp) * i64::from(cp_unit) / i64::from(crate::game::CP_PER_UNIT);
            v.clamp(0, i64::from(crate::search::score::MATE_BOUND)) as Value
        };
        AbParams {
            lmr: config.lmr,
            aspiration: config.aspiration,
            null_move: config.null_move,
            reverse_futility: unit(margins.reverse_futility),
            futility: unit(margins.futility),
            late_moves: margins.late_moves,
        }
    }

    /// The deepest node where a pruning that is on reads the static
    /// value (0: none is on).
    fn pruning_depth(&self) -> i32 {
        [
            (self.reverse_futility > 0, REVERSE_FUTILITY_DEPTH),
            (self.futility > 0, FUTILITY_DEPTH),
            (self.late_moves > 0, LATE_MOVE_DEPTH),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|&(_, d)| d)
        .max()
        .unwrap_or(0)
    }
}

/// A node's search arguments: plies left (≤ 0: quiescence, `-depth`
/// plies into it), distance from the root, the window (`alpha`, `beta`)
/// and whether the node is on the principal variation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub depth: i32,
    pub ply: usize,
    pub alpha: Value,
    pub beta: Value,
    pub pv: bool,
}

impl Node {
    /// A principal-variation node: the full window, searched for the line.
    pub fn pv(depth: i32, ply: usize, alpha: Value, beta: Value) -> Node {
        Node {
            depth,
            ply,
            alpha,
            beta,
            pv: true,
        }
    }

    /// A null-window node: only whether the value beats `alpha`.
    pub fn scout(depth: i32, ply: usize, alpha: Value) -> Node {
        Node {
            depth,
            ply,
            alpha,
            beta: alpha + 1,
            pv: false,
        }
    }
}

/// One search thread.
pub(crate) struct Worker<'a, G: Playable> {
    shared: &'a Root<'a, G>,
    /// The search's evaluator, shared by every thread.
    eval: &'a G::Evaluator,
    /// This thread's evaluator state, in sync with the node searched.
    eval_state: &'a mut EvalState<G>,
    params: AbParams,
    /// A draw's value for the root's side ([`crate::search::SearchConfig::root_draw`]).
    root_draw: Value,
    /// The root player's team in a paranoid search (`None`: the game's
    /// own two teams).
    paranoid: Option<Team>,
    /// Every player's evaluation (paranoid leaves).
    values: &'a mut Vec<crate::game::Score>,
    pub ticker: Ticker,
    pub seldepth: usize,
    /// The node count at which the current quiescence search has spent
    /// its [`QS_BUDGET`].
    qs_end: u64,
    /// The ply of the node a null move reached (`usize::MAX`: none on
    /// the path), which does not pass again.
    null_ply: usize,
    // The thread's kept buffers (`AbState`, which says what each is).
    path: &'a mut Vec<u64>,
    rep_filter: &'a mut [u8],
    /// Killers and history, kept by the thread from search to search.
    hist: &'a mut History<G>,
    moves: &'a mut [Vec<G::Move>],
    order: &'a mut [Ordered],
    quiets: &'a mut [Vec<usize>],
    pv: &'a mut Vec<Vec<G::Move>>,
    lmr_table: &'a [[u8; 64]],
}

const REP_FILTER_BITS: u64 = 12;

impl<'a, G: Playable> Worker<'a, G> {
    pub fn new(shared: &'a Root<'a, G>, thread: &'a mut ThreadData<G>) -> Self {
        let ThreadData {
            history,
            pv,
            eval,
            ab,
        } = thread;
        shared.evaluator.refresh(eval, shared.pos);
        let AbState {
            path,
            rep_filter,
            moves,
            order,
            quiets,
            values,
            lmr_table,
        } = ab;
        // The last search may have stopped anywhere: start from an empty
        // path and filter (the game history is added below).
        path.clear();
        rep_filter.fill(0);
        let mut w = Worker {
            shared,
            eval: shared.evaluator,
            eval_state: eval,
            params: AbParams::new(
                shared.config,
                shared.evaluator.cp_unit(),
                G::SHALLOW_PRUNING,
            ),
            root_draw: shared.config.root_draw(shared.evaluator.cp_unit()),
            paranoid: None,
            values,
            ticker: Ticker::default(),
            seldepth: 0,
            qs_end: 0,
            null_ply: usize::MAX,
            path,
            rep_filter,
            hist: history,
            moves,
            order,
            quiets,
            pv,
            lmr_table,
        };
        for &h in shared.history {
            w.filter_add(h, true);
        }
        w
    }

    fn filter_add(&mut self, h: u64, add: bool) {
        let c = &mut self.rep_filter[(h & ((1 << REP_FILTER_BITS) - 1)) as usize];
        *c = if add {
            c.saturating_add(1)
        } else {
            c.saturating_sub(1)
        };
    }

    fn push(&mut self, h: u64) {
        self.path.push(h);
        self.filter_add(h, true);
    }

    fn pop(&mut self) {
        if let Some(h) = self.path.pop() {
            self.filter_add(h, false);
        }
    }

    /// The evaluator's state follows `child`, a move or a pass from
    /// `parent`.
    #[inline(always)]
    fn eval_push(&mut self, parent: &G, child: &G) {
        self.eval.push(self.eval_state, parent, child);
    }

    /// The evaluator's state back at the parent of the last push.
    #[inline(always)]
    fn eval_pop(&mut self) {
        self.eval.pop(self.eval_state);
    }

    /// The static value of `pos`, the node the evaluator's state is at,
    /// from the side of `me`, who moves there.
    #[inline(always)]
    fn evaluate(&mut self, pos: &G, me: Player) -> Value {
        match self.paranoid {
            None => self.eval.evaluate_in(self.eval_state, pos),
            Some(root) => {
                self.values.resize(pos.num_players(), 0);
                self.eval.evaluate_all(self.eval_state, pos, self.values);
                let v = (0..pos.num_players())
                    .find(|&p| pos.team_of(p as Player) == root)
                    .map_or(0, |p| self.values[p]);
                if pos.team_of(me) == root {
                    v
                } else {
                    -v
                }
            }
        }
    }

    /// The side `p` plays on: its team, or in a paranoid search whether
    /// it is of the root team (0) or not (1).
    #[inline(always)]
    fn side(&self, pos: &G, p: Player) -> Team {
        match self.paranoid {
            None => pos.team_of(p),
            Some(root) => Team::from(pos.team_of(p) != root),
        }
    }

    /// A draw's value (a repetition, a drawn end, a table's draw) at
    /// `pos` for `me`'s side: contempt counts against the root's side
    /// and for the other.
    fn draw_for(&self, pos: &G, me: Player) -> Value {
        if self.side(pos, me) == self.side(pos, self.shared.view) {
            self.root_draw
        } else {
            -self.root_draw
        }
    }

    /// How the finished game `outcome` came out for `me`'s side.
    fn result(&self, pos: &G, outcome: Outcome, me: Player) -> std::cmp::Ordering {
        outcome.team_result(self.side(pos, me), |q| self.side(pos, q), pos.num_players())
    }

    /// The table key of `pos`.
    #[inline(always)]
    fn tt_key(&self, pos: &G) -> u64 {
        tt_key(pos.hash(), self.paranoid)
    }

    /// Whether `h` occurred before on the path or in the game history.
    fn is_repetition(&self, h: u64) -> bool {
        if self.rep_filter[(h & ((1 << REP_FILTER_BITS) - 1)) as usize] == 0 {
            return false;
        }
        self.path.iter().rev().any(|&p| p == h) || self.shared.history.contains(&h)
    }

    /// Counts a node; true if the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.ticker.tick(&self.shared.control)
    }

    /// Adds this thread's new nodes to the shared count.
    pub fn flush(&mut self) {
        self.ticker.flush(&self.shared.control);
    }

    /// All nodes of all threads so far (exact for this thread).
    pub fn total_nodes(&self) -> u64 {
        self.ticker.total(&self.shared.control)
    }

    fn reduction(&self, depth: i32, n: usize) -> i32 {
        i32::from(self.lmr_table[(depth as usize).min(63)][n.min(63)])
    }
}

/// The table key of a position of hash `hash`, searched with the sides
/// `paranoid` says.
fn tt_key(hash: u64, paranoid: Option<Team>) -> u64 {
    paranoid.map_or(hash, |t| hash ^ paranoid_salt(t))
}

fn lmr_table() -> Vec<[u8; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0u8; 64];
            for (n, r) in row.iter_mut().enumerate() {
                if d > 0 && n > 0 {
                    let v = 0.5 + (d as f64).ln() * (n as f64).ln() / LMR_DIVISOR;
                    *r = v.max(0.0) as u8;
                }
            }
            row
        })
        .collect()
}
