//! The one-sided race table (issue 7, "Evaluators"): for every
//! single-player configuration, the probability distribution of the number
//! of turns the player needs to bring all five pieces to 25..29 under the
//! policy that minimises the expected number of turns, computed by dynamic
//! programming like a backgammon bear-off database.
//!
//! # State space
//! A configuration is `waiting` pieces not entered, `start` pieces on
//! square 0 and a set of `k` occupied squares among 1..29, with
//! `waiting + start + k = 5`. Their number is
//! `Σ_k (6 − k)·C(29, k) = 6 + 145 + 1624 + 10962 + 47502 + 118755 = 178,994`
//! ([`STATES`]); ranked by block `(k, waiting)` then the colex rank of the
//! square set. Small enough to build on first use (cached per rule set).
//!
//! # Recurrence
//! `X(s)` = turns counted from a throw point of the current turn (that turn
//! counts 1). For throw `v` with a chosen use leading to `s'`: `X = 1` if
//! `s'` is home, `X(s')` if the use earns another throw (a 5, an extra-throw
//! square), `1 + X(s')` otherwise. A value with no use ends the turn
//! (`1 + X(s)`), except a 5, whose extra throw stays with the player
//! (`X(s)`). A value with no use also passes to the opponent, who must use
//! it: a one-sided table cannot see the opponent's gain, so it charges the
//! thrower for it, [`PASS_COSTS`] more turns (half a turn for a 1, 2 or 3,
//! two for a 5: `1.5 + X(s)` and `2 + X(s)`). On the exact endgames that
//! more than halves the one-ply policy's losses against the pure race
//! ([`PassCosts::NONE`], which `build_forward_with` still builds).
//!
//! Without the `reverse` option every use strictly increases the pip sum
//! (`Σ squares − waiting`), so the states are solved in decreasing pip
//! order, each once, with the self-loops (unusable values) solved in
//! closed form. With `reverse=on` a move can go backwards (21 → 24 → 10)
//! and [`super::race_cyclic`] solves the same recurrence by iteration.
//!
//! Distributions are stored for turn counts `1..=MAX_TURNS`, trimmed of
//! a head and a tail of total mass below [`TRIM`] each.
//!
//! Measured (default rules): 51.1 MB held (36.3 MB for the pure race),
//! about 0.7 s to build (`cargo run --release --features datagen --example
//! datagen -- palma-tables`; `cargo bench --bench palma` times it). The
//! start needs 57.8 turns on average with the passes charged (51.0 in the
//! pure race); the first thrower wins from the start with 0.509 (0.512).
//! About a third of the states
//! have a piece resting on a shortcut's landing square (10 or 20), which
//! play never reaches; they are kept so that any legal position string can
//! be evaluated.

use std::time::{Duration, Instant};

use super::super::movegen::for_each_use;
use super::super::options::Rules;
use super::super::state::{PalmaMove, Track, PIECES, THROWS, THROW_PROBS};
use super::per_rules::PerRules;

/// Number of single-player configurations.
pub const STATES: usize = 178_994;
/// Longest turn count stored.
pub const MAX_TURNS: usize = 255;
/// At each end of a distribution, entries totalling less than this are
/// dropped.
pub const TRIM: f64 = 1e-6;

const SQUARES: usize = 29;

/// `C(n, k)` for `n ≤ 30`, `k ≤ 5` (also the endgame table's ranking).
const fn binomials() -> [[u32; 6]; 31] {
    let mut c = [[0u32; 6]; 31];
    let mut n = 0;
    while n < 31 {
        c[n][0] = 1;
        let mut k = 1;
        while k < 6 {
            c[n][k] = if n == 0 {
                0
            } else {
                c[n - 1][k - 1] + c[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    c
}

pub(super) const BINOM: [[u32; 6]; 31] = binomials();

/// First rank of block `(k, waiting)`.
const fn block_offsets() -> [[u32; 6]; 6] {
    let mut off = [[0u32; 6]; 6];
    let mut next = 0u32;
    let mut k = 0;
    while k <= 5 {
        let mut w = 0;
        while w + k <= 5 {
            off[k][w] = next;
            next += BINOM[SQUARES][k];
            w += 1;
        }
        k += 1;
    }
    off
}

const OFFSETS: [[u32; 6]; 6] = block_offsets();

/// The rank of a configuration in `0..STATES`.
pub fn rank(t: Track) -> usize {
    let k = t.board.count_ones() as usize;
    let mut r = OFFSETS[k][usize::from(t.waiting)];
    let mut b = t.board;
    let mut i = 1;
    while b != 0 {
        let q = b.trailing_zeros() as usize;
        b &= b - 1;
        r += BINOM[q - 1][i];
        i += 1;
    }
    r as usize
}

/// Every configuration, in rank order.
pub fn all_tracks() -> Vec<Track> {
    let mut out = Vec::with_capacity(STATES);
    for k in 0..=usize::from(PIECES) {
        for w in 0..=(5 - k) as u8 {
            let start = 5 - k as u8 - w;
            if k == 0 {
                out.push(Track {
                    board: 0,
                    start,
                    waiting: w,
                });
                continue;
            }
            // Gosper's hack walks the k-subsets in colex order.
            let mut m: u32 = (1 << k) - 1;
            while m < (1 << SQUARES) {
                out.push(Track {
                    board: m << 1,
                    start,
                    waiting: w,
                });
                let c = m & m.wrapping_neg();
                let r = m + c;
                m = (((r ^ m) >> 2) / c) | r;
            }
        }
    }
    out
}

/// Pip sum: increases with every use when `reverse` is off.
pub(super) fn pips(t: Track) -> i32 {
    let mut s = -i32::from(t.waiting);
    let mut b = t.board;
    while b != 0 {
        s += b.trailing_zeros() as i32;
        b &= b - 1;
    }
    s
}

/// The configuration after a use, and the square the piece rests on
/// (0 for an entry).
pub(super) fn after_use(t: Track, m: PalmaMove, rules: &Rules) -> (Track, u8) {
    let mut n = t;
    let mut rest = 0u8;
    match m {
        PalmaMove::Enter => {
            n.waiting -= 1;
            n.start += 1;
        }
        PalmaMove::Step { from, to } => {
            if from == 0 {
                n.start -= 1;
            } else {
                n.board &= !(1 << from);
            }
            rest = rules.rest[usize::from(to)];
            n.board |= 1 << rest;
        }
        PalmaMove::Throw(_) | PalmaMove::Pass => {}
    }
    (n, rest)
}

/// What a value its thrower cannot use costs, in turns beyond the turn it
/// ends (a 5 ends none: its extra throw stays with the thrower). The value
/// passes to the opponent, who must use it (palma.md, "A turn" 5): a gain
/// to them that a one-sided table can only count as a delay to the
/// thrower. A cost of `c` turns is `floor(c)` turns with probability
/// `1 − frac(c)` and one more otherwise, so the table stays a distribution
/// of whole turns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassCosts {
    /// A passed 1, 2 or 3.
    pub value: f64,
    /// A passed 5.
    pub five: f64,
}

impl PassCosts {
    /// The pure one-sided race: a passed value costs nothing more.
    pub const NONE: PassCosts = PassCosts {
        value: 0.0,
        five: 0.0,
    };

    /// The expected cost in turns of the unusable throws, `q_end` the
    /// probability of a 1, 2 or 3 without a use and `q_five` of a 5.
    pub(super) fn mean_cost(self, q_end: f64, q_five: f64) -> f64 {
        q_end * (1.0 + self.value) + q_five * self.five
    }

    /// The unusable throws as `(turns later, probability)` of coming back
    /// to the same configuration: the turn a 1, 2 or 3 ends plus its cost,
    /// and a 5's cost alone, each split over two whole turn counts.
    /// Both builds look back at most [`LONGEST_LOOP`] turn counts, so a
    /// cost must stay below 2 turns for a value (it comes back after the
    /// turn it ends as well) and below 3 for a 5.
    pub(super) fn loops(self, q_end: f64, q_five: f64) -> [(usize, f64); 4] {
        debug_assert!(
            (0.0..(LONGEST_LOOP - 1) as f64).contains(&self.value)
                && (0.0..LONGEST_LOOP as f64).contains(&self.five),
            "pass costs {self:?} beyond the {LONGEST_LOOP} turn counts the builds keep"
        );
        let split = |c: f64, q: f64| {
            let whole = c.floor();
            let frac = c - whole;
            [
                (whole as usize, q * (1.0 - frac)),
                (whole as usize + 1, q * frac),
            ]
        };
        let [a, b] = split(1.0 + self.value, q_end);
        let [c, d] = split(self.five, q_five);
        [a, b, c, d]
    }
}

/// The most turns later that a passed value comes back to the same
/// configuration ([`PassCosts::loops`]): the builds keep this many turn
/// counts behind the one they compute.
pub(super) const LONGEST_LOOP: usize = 3;

/// The costs the engine's table uses, chosen by measurement
/// (`palma_race::one_ply_losses_on_the_exact_endgames`): against the
/// exact endgames, the one-ply policy on this table loses 0.0021 win
/// probability a game from the 300 positions of
/// `positions/palma-endgames.txt` (20 games each), against 0.0056 on the
/// pure race (`PassCosts::NONE`). Costs of 0.75 and 1 for a value (a 5
/// still 2) measure 0.0019 and 0.0017 there, untried elsewhere. In play
/// the change does not show at 20 ms a move with mirrored throws (400
/// games against the pure table's build: 49.5 %, Elo −3 ± 19), where
/// the exact tables and the search decide; rollouts gain the most.
pub const PASS_COSTS: PassCosts = PassCosts {
    value: 0.5,
    five: 2.0,
};

/// Where a use leads, for the recurrence.
#[derive(Clone, Copy)]
enum Next {
    Home,
    Again(usize),
    TurnEnds(usize),
}

/// The table for one rule set.
#[derive(Debug)]
pub struct RaceTable {
    pub(super) offset: Vec<u32>,
    pub(super) lo: Vec<u8>,
    pub(super) len: Vec<u8>,
    pub(super) probs: Vec<f32>,
    pub(super) mean: Vec<f32>,
    /// Time the build took.
    pub build_time: Duration,
}

impl RaceTable {
    /// Builds the table: in one pass in pip order when every use moves
    /// forward, by iteration ([`super::race_cyclic`]) with `reverse=on`.
    pub fn build(rules: &Rules) -> RaceTable {
        if rules.reverse {
            return super::race_cyclic::build(rules);
        }
        RaceTable::build_forward(rules)
    }

    /// The one-pass build; only valid when every use increases the pip sum.
    pub fn build_forward(rules: &Rules) -> RaceTable {
        RaceTable::build_forward_with(rules, PASS_COSTS)
    }

    /// [`RaceTable::build_forward`] with other costs of a passed value
    /// ([`PassCosts::NONE`]: the pure one-sided race).
    pub fn build_forward_with(rules: &Rules, costs: PassCosts) -> RaceTable {
        let began = Instant::now();
        let tracks = all_tracks();
        let mut order: Vec<usize> = (0..tracks.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(pips(tracks[i])));
        let mut table = RaceTable {
            offset: vec![0; STATES],
            lo: vec![0; STATES],
            len: vec![0; STATES],
            probs: Vec::new(),
            mean: vec![0.0; STATES],
            build_time: Duration::ZERO,
        };
        let mut dist = [0f64; MAX_TURNS + 1];
        for &s in &order {
            let t = tracks[s];
            if t.is_home() {
                continue;
            }
            let mut chosen: [Option<Next>; 4] = [None; 4];
            let mut usable_sum = 0.0;
            let mut q_end = 0.0;
            let mut q_five = 0.0;
            for (i, (&v, &p)) in THROWS.iter().zip(THROW_PROBS.iter()).enumerate() {
                let mut best: Option<(f64, Next)> = None;
                for_each_use(t, v, rules, |m| {
                    let (next, cost) = table.successor(t, v, m, rules);
                    if best.is_none_or(|(c, _)| cost < c) {
                        best = Some((cost, next));
                    }
                });
                match best {
                    Some((cost, next)) => {
                        usable_sum += p * cost;
                        chosen[i] = Some(next);
                    }
                    None if v == 5 => q_five += p,
                    None => q_end += p,
                }
            }
            let denom = 1.0 - q_end - q_five;
            if denom < 1e-12 {
                // Nothing can ever move: never finishes (stored as empty).
                table.mean[s] = f32::INFINITY;
                table.offset[s] = table.probs.len() as u32;
                continue;
            }
            table.mean[s] = ((usable_sum + costs.mean_cost(q_end, q_five)) / denom) as f32;
            // Below `first` every term is zero; past `last` only the
            // self-loop tail remains, which decays, so stop once it is trimmed.
            let (mut first, mut last) = (MAX_TURNS, 1);
            for next in chosen.iter().flatten() {
                let (a, b) = match *next {
                    Next::Home => (1, 1),
                    Next::Again(s2) => table.bounds(s2, 0),
                    Next::TurnEnds(s2) => table.bounds(s2, 1),
                };
                first = first.min(a);
                last = last.max(b);
            }
            dist.fill(0.0);
            for k in first.max(1)..=MAX_TURNS {
                // A passed value comes back up to LONGEST_LOOP turns later.
                if k > last && dist[k.saturating_sub(LONGEST_LOOP)..k].iter().sum::<f64>() < TRIM {
                    break;
                }
                // The unusable throws: back to `s`, `shift` turns later
                // (a shift of 0 goes to the left-hand side).
                let mut stay = 0.0;
                let mut a = 0.0;
                for (shift, w) in costs.loops(q_end, q_five) {
                    if shift == 0 {
                        stay += w;
                    } else if k >= shift {
                        a += w * dist[k - shift];
                    }
                }
                for (i, next) in chosen.iter().enumerate() {
                    let p = THROW_PROBS[i];
                    a += p * match *next {
                        None => 0.0,
                        Some(Next::Home) => f64::from(u8::from(k == 1)),
                        Some(Next::Again(s2)) => table.get(s2, k),
                        Some(Next::TurnEnds(s2)) => table.get(s2, k - 1),
                    };
                }
                dist[k] = a / (1.0 - stay);
            }
            table.store(s, &dist, TRIM);
        }
        table.probs.shrink_to_fit();
        table.build_time = began.elapsed();
        table
    }

    fn successor(&self, t: Track, v: u8, m: PalmaMove, rules: &Rules) -> (Next, f64) {
        let (n, rest) = after_use(t, m, rules);
        if n.is_home() {
            return (Next::Home, 1.0);
        }
        let r = rank(n);
        let e = f64::from(self.mean[r]);
        if v == 5 || rules.extra & (1 << rest) != 0 {
            (Next::Again(r), e)
        } else {
            (Next::TurnEnds(r), 1.0 + e)
        }
    }

    pub(super) fn store(&mut self, s: usize, dist: &[f64; MAX_TURNS + 1], trim: f64) {
        // Drop the longest head and tail whose total mass is below `trim` each.
        let mut first = 1;
        let mut mass = 0.0;
        while first <= MAX_TURNS && mass + dist[first] < trim {
            mass += dist[first];
            first += 1;
        }
        let mut last = MAX_TURNS;
        mass = 0.0;
        while last >= first && mass + dist[last] < trim {
            mass += dist[last];
            last -= 1;
        }
        self.offset[s] = self.probs.len() as u32;
        self.lo[s] = first.min(MAX_TURNS) as u8;
        if last >= first {
            self.len[s] = (last - first + 1) as u8;
            self.probs
                .extend(dist[first..=last].iter().map(|&p| p as f32));
        }
    }

    /// First and last stored turn counts of `s`, shifted by `shift`.
    fn bounds(&self, s: usize, shift: usize) -> (usize, usize) {
        let lo = usize::from(self.lo[s]) + shift;
        (
            lo,
            (lo + usize::from(self.len[s]))
                .saturating_sub(1)
                .min(MAX_TURNS),
        )
    }

    /// `P(X(s) = k)`.
    #[inline]
    pub fn get(&self, s: usize, k: usize) -> f64 {
        let lo = usize::from(self.lo[s]);
        if k < lo || k >= lo + usize::from(self.len[s]) {
            return 0.0;
        }
        f64::from(self.probs[self.offset[s] as usize + k - lo])
    }

    /// The expected number of turns of configuration `s` (0 when home).
    pub fn mean(&self, s: usize) -> f64 {
        f64::from(self.mean[s])
    }

    /// The stored distribution of `s` as `(first turn count, probabilities)`.
    pub fn distribution(&self, s: usize) -> (usize, &[f32]) {
        let o = self.offset[s] as usize;
        (
            usize::from(self.lo[s]),
            &self.probs[o..o + usize::from(self.len[s])],
        )
    }

    /// Bytes held by the table.
    pub fn memory_bytes(&self) -> usize {
        self.offset.len() * 4
            + self.lo.len()
            + self.len.len()
            + self.mean.len() * 4
            + self.probs.len() * 4
    }

    /// `P(X(a) ≤ X(b))`: the player with configuration `a`, who throws first,
    /// finishes no later than the opponent with `b` (both not home).
    pub fn first_wins(&self, a: Track, b: Track) -> f64 {
        if a.is_home() {
            return 1.0;
        }
        if b.is_home() {
            return 0.0;
        }
        let (lo_a, da) = self.distribution(rank(a));
        let (lo_b, db) = self.distribution(rank(b));
        // P(X(b) ≥ k) from the top down, and the two ways the race ends.
        let mut win = 0.0;
        let mut lose = 0.0;
        let mut b_at_least = 0.0; // P(X(b) ≥ k)
        let mut a_above = 0.0; // P(X(a) > k)
        let top = (lo_a + da.len()).max(lo_b + db.len());
        for k in (1..top).rev() {
            let pa = if k >= lo_a && k < lo_a + da.len() {
                f64::from(da[k - lo_a])
            } else {
                0.0
            };
            let pb = if k >= lo_b && k < lo_b + db.len() {
                f64::from(db[k - lo_b])
            } else {
                0.0
            };
            b_at_least += pb;
            win += pa * b_at_least;
            lose += pb * a_above;
            a_above += pa;
        }
        if win + lose < 1e-12 {
            // Neither can finish (or the tails were cut): compare means.
            let (ma, mb) = (self.mean(rank(a)), self.mean(rank(b)));
            return if ma <= mb { 1.0 } else { 0.0 };
        }
        win / (win + lose)
    }
}

static TABLES: PerRules<RaceTable> = PerRules::new();

/// The table of a rule set, built on first use and then shared.
#[inline]
pub fn table(rules: &'static Rules) -> &'static RaceTable {
    TABLES.get(rules, || RaceTable::build(rules))
}

/// Whether the table of `rules` has been built (by [`table`]).
pub fn is_built(rules: &'static Rules) -> bool {
    TABLES.is_built(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_in_enumeration_order() {
        let all = all_tracks();
        assert_eq!(all.len(), STATES);
        for (i, &t) in all.iter().enumerate() {
            assert_eq!(rank(t), i, "{t:?}");
            assert_eq!(
                u32::from(t.waiting) + u32::from(t.start) + t.board.count_ones(),
                5
            );
            assert_eq!(t.board & 1, 0);
        }
    }
}
