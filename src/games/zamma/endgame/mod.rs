//! Zamma's endgame databases: the exact result of every position with at
//! most a few pieces (four on an ordinary machine in minutes), solved by
//! retrograde analysis (`agon tablebase generate --game zamma --pieces
//! N`), stored in a file and probed by the search and the analysis
//! (`EndgamePath`), as draughts engines probe theirs.
//!
//! # What a table knows
//! Each position's value for the side to move, with the quiet-ply rule
//! of the options it was solved under (zamma.md "End of game": a draw
//! after `quiet_plies` plies without a capture or a forward man move)
//! built in. A position stores its result and its **distance**: the
//! fewest quiet plies that must still be allowed for the result to hold
//! (0 for a finished game, 1 for a result a capture or a forward man move
//! settles at once). With `q` quiet plies already played the result holds
//! when the distance is at most `quiet_plies − q`, and the game is a draw
//! otherwise: so the value is exact at every quiet-ply count, and a side
//! that plays into ever smaller distances wins (the distance falls by at
//! least one each quiet ply, and a capture or forward step makes progress
//! that cannot be undone). The repetition rule is not part of a table: a
//! win played by falling distances repeats no position, and a losing side
//! cannot force a repetition against it.
//!
//! # Solving
//! [`solve`] works signature by signature (`index::Material`), fewest
//! pieces first, and inside a signature by the men's progress, highest
//! first: a capture leaves for a smaller signature, a promotion for one
//! with fewer men, a forward step for higher progress, all solved before.
//! Only quiet moves (Mullah moves and sideways man steps, both
//! reversible) stay inside, and they are solved backwards: the finished
//! positions and those a capture or forward step decides are the first
//! wave, and each wave's predecessors (the quiet moves undone) are the
//! next, a position losing once every quiet move leads to a win.

pub mod file;
pub mod index;
pub mod solve;

use super::options::Rules;
use super::Zamma;
use crate::game::{Game, Outcome, Player, Status, Tablebase};
use index::{upside_down, Groups, Layout, Material};

/// Most pieces a generated table holds: four pieces is 375 million
/// positions (half stored) and minutes on two cores; five would be
/// about a hundred times more.
pub const MAX_TABLE_PIECES: u32 = 4;

/// Longest quiet-ply limit a table can be solved under: distances are
/// kept in seven bits.
pub const MAX_QUIET_LIMIT: u32 = 120;

/// A position's value for the side to move, as stored: won or lost
/// within a distance (quiet plies), or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win(u8),
    Loss(u8),
    Draw,
}

impl Verdict {
    /// The stored byte: 0 a draw, 1 + d a win, 128 + d a loss.
    pub fn to_byte(self) -> u8 {
        match self {
            Verdict::Draw => 0,
            Verdict::Win(d) => 1 + d,
            Verdict::Loss(d) => 128 + d,
        }
    }

    pub fn from_byte(b: u8) -> Verdict {
        match b {
            1..=127 => Verdict::Win(b - 1),
            128..=254 => Verdict::Loss(b - 128),
            _ => Verdict::Draw,
        }
    }

    /// The value with `budget` quiet plies left before the quiet-ply
    /// draw: a result whose distance exceeds it is a draw.
    pub fn within(self, budget: u32) -> Verdict {
        match self {
            Verdict::Win(d) | Verdict::Loss(d) if u32::from(d) > budget => Verdict::Draw,
            v => v,
        }
    }
}

/// The solved tables of every signature up to some number of pieces, for
/// one rule set.
pub struct Tables {
    rules: &'static Rules,
    pieces: u32,
    tables: fxhash::FxHashMap<Material, Vec<u8>>,
}

impl Tables {
    pub(super) fn new(rules: &'static Rules, pieces: u32) -> Tables {
        Tables {
            rules,
            pieces,
            tables: Default::default(),
        }
    }

    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    pub fn insert(&mut self, material: Material, values: Vec<u8>) {
        self.tables.insert(material, values);
    }

    pub fn has(&self, material: Material) -> bool {
        self.tables.contains_key(&material)
    }

    /// The quiet-ply limit the tables were solved under.
    pub fn quiet_limit(&self) -> u32 {
        self.rules.quiet_limit.unwrap_or(0)
    }

    /// Whether `pos` is played under the rules the tables were solved for
    /// (the repetition rule aside: no table depends on it).
    fn same_rules(&self, pos: &Zamma) -> bool {
        let (a, b) = (self.rules, pos.rules);
        std::ptr::eq(a, b)
            || (a.topo.kind == b.topo.kind
                && a.landing_continue == b.landing_continue
                && a.quiet_limit == b.quiet_limit)
    }

    /// The stored value of `pos` for its side to move (its quiet-ply
    /// count not applied), where a table holds it.
    pub fn stored(&self, pos: &Zamma) -> Option<Verdict> {
        let (material, side, groups) = key(pos);
        let values = self.tables.get(&material)?;
        let idx = Layout::new(material).canonical(side, &groups);
        values.get(idx as usize).map(|&b| Verdict::from_byte(b))
    }

    /// The exact value of `pos` for its side to move, its quiet-ply count
    /// applied; `None` outside the tables (or a finished game).
    pub fn verdict(&self, pos: &Zamma) -> Option<Verdict> {
        if !self.in_domain(pos) || pos.status().is_over() {
            return None;
        }
        let budget = self.quiet_limit().saturating_sub(pos.quiet_plies());
        self.stored(pos).map(|v| v.within(budget))
    }
}

/// A position's signature (the stored one of it and its colour swap),
/// side to move and groups, turned upside down with colours swapped
/// where the swap is the stored one.
pub fn key(pos: &Zamma) -> (Material, usize, Groups) {
    let groups = [pos.men[0], pos.men[1], pos.mullahs[0], pos.mullahs[1]];
    let material = Material::of(&groups);
    if material.canonical() {
        (material, pos.side(), groups)
    } else {
        let g = groups.map(upside_down);
        (material.swapped(), 1 - pos.side(), [g[1], g[0], g[3], g[2]])
    }
}

impl Tablebase<Zamma> for Tables {
    fn probe(&self, pos: &Zamma, player: Player) -> Option<f64> {
        let win = |winner: Player| if winner == player { 1.0 } else { 0.0 };
        if let Status::Over(o) = pos.status() {
            return self.same_rules(pos).then_some(match o {
                Outcome::Win(w) => win(w),
                _ => 0.5,
            });
        }
        let mover = pos.side() as Player;
        Some(match self.verdict(pos)? {
            Verdict::Win(_) => win(mover),
            Verdict::Loss(_) => win(1 - mover),
            Verdict::Draw => 0.5,
        })
    }

    fn in_domain(&self, pos: &Zamma) -> bool {
        let pieces = (pos.pieces(0) | pos.pieces(1)).count_ones();
        pieces <= self.pieces && self.same_rules(pos)
    }

    fn distance(&self, pos: &Zamma) -> Option<u32> {
        match self.verdict(pos)? {
            Verdict::Win(d) | Verdict::Loss(d) => Some(u32::from(d)),
            Verdict::Draw => None,
        }
    }

    // A capture or forward step just played: the winner made progress.
    // Ranked by the stored distance alone, a win would shuffle a man
    // sideways beside its promotion for ever (the position before the
    // promotion is one quiet ply from a win, the promoted one several).
    fn search_distance(&self, pos: &Zamma) -> Option<u32> {
        let d = self.distance(pos)?;
        Some(if pos.quiet_plies() == 0 { 0 } else { d })
    }
}
