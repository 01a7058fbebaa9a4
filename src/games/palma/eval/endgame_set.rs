//! The exact-endgame set (`positions/palma-endgames.txt`): seeded decision
//! positions inside the exact domain ([`super::endgame`]) where the choice
//! matters, for `agon analyse --equity-loss`.
//!
//! Generation, from a `Pcg64` seeded with [`SEED`], repeated until
//! [`SIZE`] positions are kept:
//! 1. each side gets 5 distinct squares drawn uniformly from 17..29 among
//!    the squares a piece can rest on in play (20, a shortcut's landing
//!    square, is left out); a side with all five on 25..29 is redrawn;
//! 2. the phase: with probability 4/5 a player (either, 1/2 each) holds
//!    their own throw, drawn with the sticks' probabilities 3/8, 3/8, 1/8,
//!    1/8; otherwise the same for a passed value (`passed=`), kept only
//!    if its thrower has no use for it;
//! 3. the position is kept if it has at least two legal moves, the exact
//!    values of the best and the worst move differ by at least
//!    [`MIN_SPREAD`], and it is not already in the set.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::super::movegen::for_each_use;
use super::super::options::{Rules, GOAL_FIRST, LAST};
use super::super::position;
use super::super::state::{other, Palma, Phase, Track, PIECES};
use super::endgame::{exact_win_probability, table, FIRST_SQUARE};
use crate::game::{Game, Player};

pub const SEED: u64 = 20261122;
pub const SIZE: usize = 300;
/// Minimum difference (win probability) between the best and worst move.
pub const MIN_SPREAD: f64 = 0.01;

/// The exact values of every legal move of `pos` for its mover.
fn move_values(pos: &Palma, me: Player) -> Vec<f64> {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves
        .iter()
        .filter_map(|&m| {
            let mut c = *pos;
            c.play(m);
            exact_win_probability(&c, me)
        })
        .collect()
}

fn draw_track(rng: &mut Pcg64, rules: &Rules) -> Track {
    loop {
        let mut board = 0u32;
        while board.count_ones() < u32::from(PIECES) {
            let q = rng.gen_range(FIRST_SQUARE..=LAST);
            if rules.rest[usize::from(q)] == q {
                board |= 1 << q;
            }
        }
        let t = Track {
            board,
            start: 0,
            waiting: 0,
        };
        if board.trailing_zeros() < u32::from(GOAL_FIRST) {
            return t;
        }
    }
}

fn draw_throw(rng: &mut Pcg64) -> u8 {
    match rng.gen_range(0..8) {
        0..=2 => 1,
        3..=5 => 2,
        6 => 3,
        _ => 5,
    }
}

/// The set's position strings, in generation order (default rules).
pub fn generate() -> Vec<String> {
    let rules = Rules::standard();
    // Build once up front (the values below are look-ups).
    let _ = table(rules);
    let mut rng = Pcg64::seed_from_u64(SEED);
    let mut out: Vec<String> = Vec::new();
    while out.len() < SIZE {
        let tracks = [draw_track(&mut rng, rules), draw_track(&mut rng, rules)];
        let p: Player = rng.gen_range(0..2);
        let v = draw_throw(&mut rng);
        let phase = if rng.gen_range(0..5) < 4 {
            Phase::Use(p, v)
        } else {
            // Only a value its thrower could not use is passed.
            let mut usable = false;
            for_each_use(tracks[usize::from(p)], v, rules, |_| usable = true);
            if usable {
                continue;
            }
            Phase::Passed(other(p), v)
        };
        let pos = Palma::from_parts(tracks, phase, 0, rules);
        let Some((me, _)) = pos.decider() else {
            continue;
        };
        let values = move_values(&pos, me);
        if values.len() < 2 {
            continue;
        }
        let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let text = position::write(&pos);
        if hi - lo >= MIN_SPREAD && !out.contains(&text) {
            out.push(text);
        }
    }
    out
}
