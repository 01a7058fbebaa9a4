//! Exact endgames (issue 7, item 4): the probability that Hounds win under
//! optimal play by both sides, passing rule included, for every position
//! in which every piece of both sides has entered and stands on square
//! [`FIRST_SQUARE`] (17) or higher.
//!
//! # Domain
//! A side's configuration is a set of 5 squares among `first..=29` (no
//! piece waiting, none on square 0); pieces already on 25..29 count, since
//! they block and may have to move inside the goal (palma.md "Known gaps").
//! Moves only go forward when `reverse` is off, so the domain is closed
//! under play. With `first = 17` that is `C(13, 5) = 1287` configurations
//! per side, `1287² = 1,656,369` pairs, and one `f64` per pair and thrower:
//! 26.5 MB. Built on first use per rule set (1.4 s in release on the
//! shared 2-core machine: `cargo test --release --test suite --
//! --ignored --nocapture palma_endgame::build_size`). Squares a piece
//! never rests on in play (a shortcut's landing square, 20 by default) are
//! kept so that any legal position string can be looked up.
//! With `reverse=on` a piece can be sent back below the domain, and no
//! table is built ([`table`] is `None`).
//!
//! # Solution
//! The states of the Markov game are the pairs with the phase of the turn
//! (palma.md "The turn as a state machine"). Only throw points are stored;
//! a `Use` or `Passed` node is one look-up away ([`Lookup::use_term`]).
//! Every use moves a piece forward, so it strictly raises the mover's pip
//! sum: a pair's successors by any use have a larger pip total. The only
//! cycles are throws that neither side can use (the value is discarded):
//! they lead back to the same pair, to the same thrower after a 5, to the
//! opponent otherwise. So the pairs are solved once each, in decreasing
//! pip total, and each pair's two throw values `x_h`, `x_j` satisfy
//! `x_P = c_P + Σ_X a_PX·x_X`, a 2×2 linear system solved in closed form.
//! The values are exact up to floating-point rounding; no iteration, no
//! tolerance. The system is singular only when neither side can ever use
//! any throw (the game never ends); such pairs are stored as 1/2 and
//! counted in [`EndgameTable::deadlocks`] (none exist with the default
//! rules; a test checks).

use std::time::{Duration, Instant};

use super::super::movegen::for_each_use;
use super::super::options::{Rules, LAST};
use super::super::state::{other, Palma, Phase, Track, PIECES, THROWS, THROW_PROBS};
use super::per_rules::PerRules;
use super::race::{after_use, pips, BINOM};
use crate::game::Player;

/// Lowest square of the default domain: every piece of both sides on
/// 17..29.
pub const FIRST_SQUARE: u8 = 17;

/// What a throw leads to, seen from a pair: a known value, or the throw
/// point of the same pair with the given thrower (a discarded value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Term {
    Known(f64),
    Throw(Player),
}

/// The solved table for one rule set and one domain.
#[derive(Debug)]
pub struct EndgameTable {
    first: u8,
    /// Configurations (square masks) by rank.
    configs: Vec<u32>,
    /// `values[(rank_h · n + rank_j) · 2 + thrower]` = P(Hounds win).
    values: Vec<f64>,
    /// Pairs where nobody can ever move (stored as 1/2).
    pub deadlocks: usize,
    /// Time the build took.
    pub build_time: Duration,
}

/// Access to solved throw points, during the build or after it.
trait Lookup {
    /// P(Hounds win) at the throw point of `pair` (neither side home).
    fn throw_value(&self, pair: [u32; 2], thrower: Player) -> f64;
    fn rules(&self) -> &Rules;

    /// Value (P(Hounds win)) of a state reached by a use: a win if the
    /// mover is home, else the throw point of `next`.
    fn after(&self, pair: [u32; 2], mover: Player, next: Player) -> f64 {
        if is_home(pair[usize::from(mover)]) {
            f64::from(u8::from(mover == 0))
        } else {
            self.throw_value(pair, next)
        }
    }

    /// `P` holds their own throw `v` (palma.md state machine, step 2).
    fn use_term(&self, pair: [u32; 2], p: Player, v: u8) -> Term {
        let rules = self.rules();
        let mut best: Option<f64> = None;
        for_each_use(track(pair[usize::from(p)]), v, rules, |m| {
            let (t, rest) = after_use(track(pair[usize::from(p)]), m, rules);
            let mut next = pair;
            next[usize::from(p)] = t.board;
            let again = v == 5 || rules.extra & (1 << rest) != 0;
            let x = self.after(next, p, if again { p } else { other(p) });
            best = Some(better(best, x, p));
        });
        match best {
            Some(x) => Term::Known(x),
            None => self.passed_term(pair, other(p), v),
        }
    }

    /// `O` uses the value `v` passed to them (step 3): no extra throw for
    /// `O`; after a 5 the original thrower throws again.
    fn passed_term(&self, pair: [u32; 2], o: Player, v: u8) -> Term {
        let rules = self.rules();
        let then = if v == 5 { other(o) } else { o };
        let mut best: Option<f64> = None;
        for_each_use(track(pair[usize::from(o)]), v, rules, |m| {
            let (t, _) = after_use(track(pair[usize::from(o)]), m, rules);
            let mut next = pair;
            next[usize::from(o)] = t.board;
            best = Some(better(best, self.after(next, o, then), o));
        });
        match best {
            Some(x) => Term::Known(x),
            None => Term::Throw(then),
        }
    }
}

/// The better of two values (P(Hounds win)) for player `p`.
fn better(best: Option<f64>, x: f64, p: Player) -> f64 {
    match best {
        None => x,
        Some(b) if p == 0 => b.max(x),
        Some(b) => b.min(x),
    }
}

fn track(board: u32) -> Track {
    Track {
        board,
        start: 0,
        waiting: 0,
    }
}

fn is_home(board: u32) -> bool {
    track(board).is_home()
}

/// The table with the rule set it answers for.
struct Look<'a> {
    table: &'a EndgameTable,
    rules: &'a Rules,
}

impl Lookup for Look<'_> {
    fn throw_value(&self, pair: [u32; 2], thrower: Player) -> f64 {
        self.table.stored(pair, thrower)
    }
    fn rules(&self) -> &Rules {
        self.rules
    }
}

impl EndgameTable {
    /// Solves the domain "every piece on `first..=29`" for `rules` (which
    /// must not have `reverse`: see the module docs).
    pub fn build(rules: &Rules, first: u8) -> EndgameTable {
        EndgameTable::build_with_progress(rules, first, &mut |_| {})
    }

    /// [`EndgameTable::build`], telling `progress` the share of pairs
    /// solved (0..1) after each pip total.
    pub fn build_with_progress(
        rules: &Rules,
        first: u8,
        progress: &mut dyn FnMut(f64),
    ) -> EndgameTable {
        let began = Instant::now();
        let mut table = EndgameTable::build_domain(first);
        let n = table.configs.len();
        table.values = vec![f64::NAN; n * n * 2];
        let mut by_pips: Vec<Vec<usize>> = vec![Vec::new(); 30 * 5 + 1];
        for (i, &c) in table.configs.iter().enumerate() {
            by_pips[pips(track(c)) as usize].push(i);
        }
        let most = by_pips.len() - 1;
        let pairs = (n * n) as f64;
        let mut solved = 0usize;
        for total in (0..=2 * most).rev() {
            for ph in total.saturating_sub(most)..=total.min(most) {
                let pj = total - ph;
                for &a in &by_pips[ph] {
                    for &b in &by_pips[pj] {
                        let pair = [table.configs[a], table.configs[b]];
                        let x = table.solve_pair(rules, pair);
                        let k = (a * n + b) * 2;
                        table.values[k] = x[0];
                        table.values[k + 1] = x[1];
                    }
                    solved += by_pips[pj].len();
                }
            }
            progress(solved as f64 / pairs);
        }
        table.build_time = began.elapsed();
        table
    }

    /// The domain from `first` (clamped to `1..=25`) without values.
    fn build_domain(first: u8) -> EndgameTable {
        let first = first.clamp(1, LAST + 1 - PIECES);
        let width = u32::from(LAST + 1 - first);
        let mut configs = Vec::new();
        // Gosper's hack walks the 5-subsets in colex order (= rank order).
        let mut m: u32 = (1 << PIECES) - 1;
        while m < (1 << width) {
            configs.push(m << first);
            let c = m & m.wrapping_neg();
            let r = m + c;
            m = (((r ^ m) >> 2) / c) | r;
        }
        EndgameTable {
            first,
            configs,
            values: Vec::new(),
            deadlocks: 0,
            build_time: Duration::ZERO,
        }
    }

    /// Configurations per side of the domain from `first`: C(30 − first, 5).
    pub const fn configs_from(first: u8) -> usize {
        let lowest = if first < 1 {
            1
        } else if first > LAST + 1 - PIECES {
            LAST + 1 - PIECES
        } else {
            first
        };
        let width = (LAST + 1 - lowest) as usize;
        let (mut configs, mut i) = (1, 0);
        while i < PIECES as usize {
            configs = configs * (width - i) / (i + 1);
            i += 1;
        }
        configs
    }

    /// The two throw values of `pair`, every pair with a larger pip total
    /// solved already.
    fn solve_pair(&mut self, rules: &Rules, pair: [u32; 2]) -> [f64; 2] {
        if is_home(pair[0]) {
            return [1.0; 2];
        }
        if is_home(pair[1]) {
            return [0.0; 2];
        }
        let look = Look { table: self, rules };
        // x_P = c[P] + a[P][0]·x_h + a[P][1]·x_j
        let mut c = [0.0f64; 2];
        let mut a = [[0.0f64; 2]; 2];
        for p in 0..2u8 {
            for (&v, &pr) in THROWS.iter().zip(THROW_PROBS.iter()) {
                match look.use_term(pair, p, v) {
                    Term::Known(x) => c[usize::from(p)] += pr * x,
                    Term::Throw(t) => a[usize::from(p)][usize::from(t)] += pr,
                }
            }
        }
        let det = (1.0 - a[0][0]) * (1.0 - a[1][1]) - a[0][1] * a[1][0];
        if det.abs() < 1e-12 {
            self.deadlocks += 1;
            return [0.5; 2];
        }
        let xh = (c[0] * (1.0 - a[1][1]) + a[0][1] * c[1]) / det;
        let xj = (c[1] * (1.0 - a[0][0]) + a[1][0] * c[0]) / det;
        [xh, xj]
    }

    /// The table with the values `values` (two per pair, as
    /// [`EndgameTable::values`] lists them) for the domain from `first`;
    /// `None` when their number does not fit the domain.
    pub fn from_values(first: u8, values: Vec<f64>, build_time: Duration) -> Option<EndgameTable> {
        let empty = EndgameTable::build_domain(first);
        let n = empty.configs.len();
        (values.len() == n * n * 2).then_some(EndgameTable {
            values,
            build_time,
            ..empty
        })
    }

    /// The throw values, `(rank_h · n + rank_j) · 2 + thrower`.
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// Lowest square of the domain.
    pub fn first_square(&self) -> u8 {
        self.first
    }

    /// Configurations per side.
    pub fn configs(&self) -> usize {
        self.configs.len()
    }

    /// Bytes held.
    pub fn memory_bytes(&self) -> usize {
        self.values.len() * 8 + self.configs.len() * 4
    }

    /// Whether a side's pieces are all in the domain.
    pub fn covers(&self, t: Track) -> bool {
        t.waiting == 0
            && t.start == 0
            && t.board.count_ones() == u32::from(PIECES)
            && t.board & ((1u32 << self.first) - 1) == 0
            && t.board >> (LAST + 1) == 0
    }

    fn rank(&self, board: u32) -> usize {
        let mut r = 0;
        let mut b = board >> self.first;
        let mut i = 1;
        while b != 0 {
            let q = b.trailing_zeros() as usize;
            b &= b - 1;
            r += BINOM[q][i] as usize;
            i += 1;
        }
        r
    }

    fn stored(&self, pair: [u32; 2], thrower: Player) -> f64 {
        let n = self.configs.len();
        self.values[(self.rank(pair[0]) * n + self.rank(pair[1])) * 2 + usize::from(thrower)]
    }

    /// The exact probability that Hounds win from `pos` (under the rule set
    /// the table was built for), or `None` outside the domain.
    pub fn hounds_win(&self, pos: &Palma) -> Option<f64> {
        let tr = pos.tracks();
        if let Phase::Over(w) = pos.phase() {
            return Some(f64::from(u8::from(w == 0)));
        }
        if !self.covers(tr[0]) || !self.covers(tr[1]) {
            return None;
        }
        let pair = [tr[0].board, tr[1].board];
        let look = Look {
            table: self,
            rules: pos.rules(),
        };
        let term = match pos.phase() {
            Phase::Throw(p) => Term::Throw(p),
            Phase::Use(p, v) => look.use_term(pair, p, v),
            Phase::Passed(o, v) => look.passed_term(pair, o, v),
            Phase::Over(_) => return None,
        };
        Some(match term {
            Term::Known(x) => x,
            Term::Throw(t) => self.stored(pair, t),
        })
    }

    /// The exact probability that `player` wins from `pos`, or `None`.
    pub fn win_probability(&self, pos: &Palma, player: Player) -> Option<f64> {
        let h = self.hounds_win(pos)?;
        Some(if player == 0 { h } else { 1.0 - h })
    }
}

/// The table of `rules` (domain from [`FIRST_SQUARE`]), built on first use
/// and then shared; `None` with `reverse=on`.
pub fn table(rules: &'static Rules) -> Option<&'static EndgameTable> {
    if rules.reverse {
        return None;
    }
    static TABLES: PerRules<EndgameTable> = PerRules::new();
    Some(TABLES.get(rules, || EndgameTable::build(rules, FIRST_SQUARE)))
}

/// The exact win probability of `player` in `pos` when `pos` lies in the
/// domain (a finished game always does).
pub fn exact_win_probability(pos: &Palma, player: Player) -> Option<f64> {
    if let Phase::Over(w) = pos.phase() {
        return Some(f64::from(u8::from(w == player)));
    }
    if !in_domain(pos) {
        // Do not build the table for a position it cannot answer.
        return None;
    }
    let t = table(pos.rules())?;
    t.win_probability(pos, player)
}

/// Whether `pos` lies in the exact domain (without building the table).
pub fn in_domain(pos: &Palma) -> bool {
    if pos.rules().reverse {
        return false;
    }
    let low = (1u32 << FIRST_SQUARE) - 1;
    pos.tracks()
        .iter()
        .all(|t| t.waiting == 0 && t.start == 0 && t.board & low == 0 && t.board.count_ones() == 5)
}

/// Whether every side of `pos` lacks at most `pips` pips to the domain
/// (a piece below [`FIRST_SQUARE`] lacks the squares to it, one on square
/// 0 or not entered all of them and the entry's 5 more): positions a
/// search from `pos` may reach. Never with `reverse=on` (no table).
pub fn near_domain(pos: &Palma, pips: u32) -> bool {
    if pos.rules().reverse {
        return false;
    }
    let first = u32::from(FIRST_SQUARE);
    pos.tracks().iter().all(|t| {
        let mut lack = u32::from(t.waiting) * (first + 5) + u32::from(t.start) * first;
        let mut b = t.board & ((1u32 << FIRST_SQUARE) - 1);
        while b != 0 {
            lack += first - b.trailing_zeros();
            b &= b - 1;
        }
        lack <= pips
    })
}
