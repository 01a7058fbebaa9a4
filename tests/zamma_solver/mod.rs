//! An exhaustive material solver for Zamma tactics, independent of agon's
//! search: it walks every legal move (`Game::moves` / `Game::play`) and
//! shares nothing with `agon::search` but the rules.
//!
//! # What the solver computes
//! - **Material** of a side: men count 1, Mullahs 3 (zamma.md "Promotion:
//!   the Mullah": a Mullah flies and captures along whole lines, worth about
//!   three men, as in the engine's hand-set weights). The **balance** is
//!   the attacker's material minus the defender's, the attacker being the
//!   side to move at the root.
//! - The **gain** of a position reached in the tree is its balance minus
//!   the root's balance; a finished game scores `WIN` (attacker wins),
//!   `-WIN` (attacker loses) or 0 (draw: no material gained).
//! - **`value(root, n)`**, for n = 1, 2, 3 of the attacker's own moves: the
//!   minimax (attacker maximises, defender minimises) of the gain over all
//!   lines of exactly `2n - 1` plies — attacker, defender, …, attacker —
//!   followed by the **resolution**: at the horizon the defender is to
//!   move, and since captures are compulsory (zamma.md "Compulsory
//!   capture"), as long as the side to move has a capture the line goes on
//!   over every capture chain of that side (minimax again), until the side
//!   to move has none (the position is quiet; its gain counts) or
//!   `RESOLVE_PLIES` resolution plies were played (the gain then counts as
//!   it stands). Every node checks the end of the game first.
//! - A position **wins material in N** when `N` is the smallest n in 1..=3
//!   with `value(root, n) >= 1`; its **guaranteed gain** is
//!   `value(root, N)` and its **solution set** the root moves whose value
//!   (the same tree below them) reaches that gain. For N ≥ 2 minimality
//!   means the best one-move outcome gains nothing: the win needs the
//!   later moves.
//!
//! The search is alpha-beta over that minimax, which returns the exact
//! minimax value; `minimax` below is the plain full-width version the
//! tests compare it with. Adjudication (quiet plies, repetition) is
//! switched off ([`Game::without_adjudication`]): no line here is long
//! enough for the default limits anyway.

#![allow(dead_code)]

pub mod scan;

use agon::game::{Game, Outcome, Status};
use agon::games::zamma::{ZMove, Zamma};

/// Material of a Mullah, in men.
pub const MULLAH: i32 = 3;
/// The gain of a won game (above any material swing: 40 Mullahs = 120).
pub const WIN: i32 = 1000;
/// The most resolution plies after the horizon.
pub const RESOLVE_PLIES: u32 = 12;
/// The most moves the solver looks ahead.
pub const MAX_N: u32 = 3;

pub fn material(z: &Zamma, side: usize) -> i32 {
    z.men(side).count_ones() as i32 + MULLAH * z.mullahs(side).count_ones() as i32
}

/// The balance from `side`'s view.
pub fn balance(z: &Zamma, side: usize) -> i32 {
    material(z, side) - material(z, 1 - side)
}

/// A tree walk with a node budget, so a scan can give up on positions
/// whose trees are too big (the result is then `None`).
pub struct Solver {
    pub nodes: u64,
    pub budget: u64,
    attacker: usize,
    base: i32,
}

impl Solver {
    pub fn new(root: &Zamma, budget: u64) -> Solver {
        Solver {
            nodes: 0,
            budget,
            attacker: root.side(),
            base: balance(root, root.side()),
        }
    }

    fn terminal(&self, z: &Zamma) -> i32 {
        match z.status() {
            Status::Over(Outcome::Win(p)) if p as usize == self.attacker => WIN,
            Status::Over(Outcome::Win(_)) => -WIN,
            _ => 0,
        }
    }

    /// The children to search at `z` with `plies` plies left before the
    /// horizon and `resolve` resolution plies left; `Err(gain)` for a leaf.
    fn children(&self, z: &Zamma, plies: u32, resolve: u32) -> Result<Vec<ZMove>, i32> {
        let mut moves = Vec::new();
        z.moves(&mut moves);
        if moves.is_empty() {
            return Err(self.terminal(z));
        }
        // Captures are compulsory, so either every move captures or none.
        if plies == 0 && (!moves[0].is_capture() || resolve == 0) {
            return Err(balance(z, self.attacker) - self.base);
        }
        Ok(moves)
    }

    fn tick(&mut self) -> Option<()> {
        self.nodes += 1;
        (self.nodes <= self.budget).then_some(())
    }

    /// Fail-hard alpha-beta: the exact minimax value when it lies inside
    /// `(alpha, beta)`, else a bound on the right side.
    pub fn alphabeta(
        &mut self,
        z: &Zamma,
        plies: u32,
        resolve: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Option<i32> {
        self.tick()?;
        let mut moves = match self.children(z, plies, resolve) {
            Ok(m) => m,
            Err(v) => return Some(v.clamp(alpha, beta)),
        };
        // Bigger captures first: only the speed depends on the order.
        moves.sort_by_key(|m| std::cmp::Reverse(m.num_captured()));
        let (plies, resolve) = next_depth(plies, resolve);
        let maximise = z.side() == self.attacker;
        for m in moves {
            let mut c = *z;
            c.play(m);
            let v = self.alphabeta(&c, plies, resolve, alpha, beta)?;
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        Some(if maximise { alpha } else { beta })
    }

    /// The plain full-width minimax the alpha-beta must agree with.
    pub fn minimax(&mut self, z: &Zamma, plies: u32, resolve: u32) -> Option<i32> {
        self.tick()?;
        let moves = match self.children(z, plies, resolve) {
            Ok(m) => m,
            Err(v) => return Some(v),
        };
        let (plies, resolve) = next_depth(plies, resolve);
        let mut values = Vec::with_capacity(moves.len());
        for m in moves {
            let mut c = *z;
            c.play(m);
            values.push(self.minimax(&c, plies, resolve)?);
        }
        Some(if z.side() == self.attacker {
            values.into_iter().max().unwrap_or(-WIN)
        } else {
            values.into_iter().min().unwrap_or(WIN)
        })
    }
}

fn next_depth(plies: u32, resolve: u32) -> (u32, u32) {
    if plies > 0 {
        (plies - 1, resolve)
    } else {
        (0, resolve - 1)
    }
}

/// The root's value in `n` of the attacker's moves (see the module docs).
pub fn value(root: &Zamma, n: u32, budget: u64) -> Option<i32> {
    let z = root.without_adjudication();
    let mut s = Solver::new(&z, budget);
    s.alphabeta(&z, 2 * n - 1, RESOLVE_PLIES, -WIN - 1, WIN + 1)
}

/// The same value by plain minimax.
pub fn value_minimax(root: &Zamma, n: u32, budget: u64) -> Option<i32> {
    let z = root.without_adjudication();
    let mut s = Solver::new(&z, budget);
    s.minimax(&z, 2 * n - 1, RESOLVE_PLIES)
}

/// The root moves whose value in `n` moves is at least `gain`.
pub fn solution_set(root: &Zamma, n: u32, gain: i32, budget: u64) -> Option<Vec<ZMove>> {
    let z = root.without_adjudication();
    let mut s = Solver::new(&z, budget);
    let mut moves = Vec::new();
    z.moves(&mut moves);
    let mut out = Vec::new();
    for m in moves {
        let mut c = z;
        c.play(m);
        // A null window at `gain`: the result is >= gain exactly when the
        // move reaches it.
        if s.alphabeta(&c, 2 * n - 2, RESOLVE_PLIES, gain - 1, gain)? >= gain {
            out.push(m);
        }
    }
    Some(out)
}

/// Whether the root move `m` forces a won game within `n` of the
/// attacker's moves (`None`: the tree went over `budget` nodes). A forced
/// win is worth more than any material gain, so a search that finds one
/// outside a tactic's solution set has not missed the tactic.
pub fn forces_win(root: &Zamma, m: ZMove, n: u32, budget: u64) -> Option<bool> {
    let z = root.without_adjudication();
    let mut s = Solver::new(&z, budget);
    let mut c = z;
    c.play(m);
    Some(s.alphabeta(&c, 2 * n - 2, RESOLVE_PLIES, WIN - 1, WIN)? >= WIN)
}

/// What a position's tactic is, found by [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactic {
    /// The fewest attacker moves that force a gain.
    pub n: u32,
    /// The guaranteed gain in `n` moves (`WIN` for a forced win).
    pub gain: i32,
    /// The root moves reaching it, in the engine's move order.
    pub solutions: Vec<ZMove>,
    /// `value(root, k)` for k = 1..n (the last is `gain`).
    pub values: Vec<i32>,
}

/// The tactic of a position, `Ok(None)` when it has none within `max_n`
/// moves, `Err(())` when a tree went over `budget` nodes.
pub fn solve(root: &Zamma, max_n: u32, budget: u64) -> Result<Option<Tactic>, ()> {
    let mut values = Vec::new();
    for n in 1..=max_n {
        let v = value(root, n, budget).ok_or(())?;
        values.push(v);
        if v >= 1 {
            let solutions = solution_set(root, n, v, budget).ok_or(())?;
            return Ok(Some(Tactic {
                n,
                gain: v,
                solutions,
                values,
            }));
        }
    }
    Ok(None)
}

/// How the first move of a tactic starts: a capture, a quiet move the
/// opponent must answer with a capture (a sacrifice), or a quiet move.
pub fn kind(root: &Zamma, m: ZMove) -> &'static str {
    if m.is_capture() {
        return "capture";
    }
    let mut c = *root;
    c.play(m);
    let mut replies = Vec::new();
    c.moves(&mut replies);
    if replies.first().is_some_and(|r| r.is_capture()) {
        "sacrifice"
    } else {
        "quiet"
    }
}

/// The gain as written in the suite: a number of men, or `win`.
pub fn gain_text(gain: i32) -> String {
    if gain >= WIN {
        "win".to_string()
    } else {
        gain.to_string()
    }
}

pub fn parse_gain(text: &str) -> Option<i32> {
    if text == "win" {
        Some(WIN)
    } else {
        text.parse().ok()
    }
}
