//! The candidate scan behind `positions/zamma-tactics.txt`: seeded random
//! positions (playouts from the start, sparse random setups with and
//! without Mullahs) kept when the solver finds a non-trivial material win.

use super::{gain_text, kind, solve, Tactic, MAX_N};
use agon::game::Notation;
use agon::game::{Game, GameOptions};
use agon::games::zamma::board::{rank_of, Points};
use agon::games::zamma::Zamma;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::collections::HashSet;

/// Node budget of one solver tree in the scan; bigger trees are skipped
/// (also keeps the re-verification test fast).
pub const BUDGET: u64 = 150_000;

/// How many entries of each N the suite gets, and how many of those may
/// start with a capture (the rest start with a quiet move or a sacrifice).
pub const QUOTA: [(u32, usize, usize); 3] = [(1, 12, 2), (2, 14, 2), (3, 12, 2)];

/// The most candidates tried before the scan gives up.
pub const MAX_CANDIDATES: usize = 400_000;

pub struct Pick {
    pub name: String,
    pub position: String,
    pub tactic: Tactic,
    pub solutions: Vec<String>,
}

fn default_options() -> GameOptions {
    GameOptions::defaults(Zamma::option_specs())
}

/// A random position of a playout from the start, or `None` if the game
/// ended first.
fn playout(rng: &mut Pcg64) -> Option<Zamma> {
    let mut z = Zamma::new(&default_options()).ok()?;
    let plies = rng.gen_range(6..140);
    let mut moves = Vec::new();
    for _ in 0..plies {
        z.moves(&mut moves);
        let m = *moves.choose(rng)?;
        z.play(m);
    }
    z.moves(&mut moves);
    (!moves.is_empty()).then_some(z)
}

/// A sparse random setup: 2..=7 pieces a side on random points, each a
/// Mullah with probability `mullahs`, then 0..=2 random plies.
fn sparse(rng: &mut Pcg64, mullahs: f64) -> Option<Zamma> {
    let mut board = [['.'; 9]; 9];
    for piece in ['b', 'w'] {
        for _ in 0..rng.gen_range(2..=7) {
            let (file, rank) = loop {
                let (f, r) = (rng.gen_range(0..9), rng.gen_range(0..9));
                if board[r][f] == '.' {
                    break (f, r);
                }
            };
            let far = if piece == 'b' { 8 } else { 0 };
            board[rank][file] = if rank == far || rng.gen_bool(mullahs) {
                piece.to_ascii_uppercase()
            } else {
                piece
            };
        }
    }
    let ranks: Vec<String> = (0..9)
        .rev()
        .map(|r| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in &board[r] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let side = if rng.gen_bool(0.5) { "b" } else { "w" };
    let text = format!("{} {side} 0 0", ranks.join("/"));
    let mut z = Zamma::from_position(&text, &default_options()).ok()?;
    let mut moves = Vec::new();
    for _ in 0..rng.gen_range(0..=2) {
        z.moves(&mut moves);
        let m = *moves.choose(rng)?;
        z.play(m);
    }
    z.moves(&mut moves);
    (!moves.is_empty()).then_some(z)
}

/// The suite's text for a position: ply and quiet counts reset, so the
/// entry reads as a fresh problem.
fn problem(z: &Zamma) -> Option<Zamma> {
    let text = z.position();
    let board_side: Vec<&str> = text.split_whitespace().take(2).collect();
    Zamma::from_position(&format!("{} 0 0", board_side.join(" ")), &default_options()).ok()
}

/// Whether a man of the side to move stands within `n` ranks of its far
/// rank: it could then gain (a man becomes a Mullah: +2) by walking, which
/// is a race, not a tactic. Gains in the suite come from captures (a
/// chain may still end with a promotion).
pub fn can_step_to_promotion(z: &Zamma, n: u32) -> bool {
    let s = z.side();
    Points(z.men(s)).any(|p| {
        let to_go = if s == 0 { 8 - rank_of(p) } else { rank_of(p) };
        to_go <= n as usize
    })
}

/// The kind of a tactic: that of its first moves when they agree.
pub fn tactic_kind(z: &Zamma, t: &Tactic) -> &'static str {
    let kinds: HashSet<&str> = t.solutions.iter().map(|&m| kind(z, m)).collect();
    if kinds.len() == 1 {
        kinds.into_iter().next().unwrap_or("mixed")
    } else {
        "mixed"
    }
}

/// Runs the scan from `seed`; returns the picks in N order and the number
/// of candidates tried.
pub fn scan(seed: u64) -> (Vec<Pick>, usize) {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut picks: Vec<Pick> = Vec::new();
    let mut tried = 0;
    let full = |picks: &[Pick]| {
        QUOTA
            .iter()
            .all(|&(n, want, _)| picks.iter().filter(|p| p.tactic.n == n).count() >= want)
    };
    while tried < MAX_CANDIDATES && !full(&picks) {
        tried += 1;
        let candidate = match tried % 3 {
            0 => playout(&mut rng),
            1 => sparse(&mut rng, 0.0),
            _ => sparse(&mut rng, 0.25),
        };
        let Some(z) = candidate.and_then(|z| problem(&z)) else {
            continue;
        };
        if !seen.insert(z.position()) {
            continue;
        }
        let Ok(Some(t)) = solve(&z, MAX_N, BUDGET) else {
            continue;
        };
        if can_step_to_promotion(&z, t.n) {
            continue;
        }
        let mut legal = Vec::new();
        z.moves(&mut legal);
        // A puzzle: some first moves fail, and few succeed.
        if t.solutions.len() >= legal.len() || t.solutions.len() > 2 {
            continue;
        }
        let Some(&(_, want, captures)) = QUOTA.iter().find(|q| q.0 == t.n) else {
            continue;
        };
        let k = tactic_kind(&z, &t);
        let same_n: Vec<&Pick> = picks.iter().filter(|p| p.tactic.n == t.n).collect();
        let same_capture = same_n.iter().filter(|p| p.name.contains("capture")).count();
        if same_n.len() >= want || (k == "capture" && same_capture >= captures) {
            continue;
        }
        let name = format!("n{}-{}-{:02}", t.n, k, same_n.len() + 1);
        let solutions = t.solutions.iter().map(|&m| z.move_text(m)).collect();
        eprintln!(
            "{name}: gain {} after {tried} candidates",
            gain_text(t.gain)
        );
        picks.push(Pick {
            name,
            position: z.position(),
            tactic: t,
            solutions,
        });
    }
    picks.sort_by_key(|p| (p.tactic.n, p.name.clone()));
    (picks, tried)
}
