//! perft, the definition every perft figure of agon uses: leaves `depth` decision plies deep;
//! chance nodes expand into their distinct outcomes without using depth;
//! a finished game is a leaf only when reached exactly at depth 0;
//! engine-level adjudication is off ([`Game::without_adjudication`]).

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Game, Notation, Status};

/// Counts the leaves `depth` decision plies below `pos`.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    perft_until(pos, depth, &AtomicBool::new(false)).unwrap_or(0)
}

/// [`perft`] that gives up when `stop` is set: `None` then.
pub fn perft_until<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    let mut bufs = Buffers::default();
    let n = count(&pos.without_adjudication(), depth, &mut bufs, 0, stop);
    (!stop.load(Ordering::Relaxed)).then_some(n)
}

/// The count per root move (decision node) or per root outcome (chance
/// node), in generation order, with each move's text.
pub fn divide<G: Notation>(pos: &G, depth: u32) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    divide_each(pos, depth, |m, n| out.push((m, n)));
    out
}

/// [`divide`], handing each root move's count to `each` as soon as it is
/// counted (a long perft shows its progress).
pub fn divide_each<G: Notation>(pos: &G, depth: u32, each: impl FnMut(String, u64)) {
    divide_until(pos, depth, &AtomicBool::new(false), each);
}

/// [`divide_each`] that gives up when `stop` is set (a protocol `stop`):
/// the move being counted then is not handed to `each`, and the result is
/// false.
pub fn divide_until<G: Notation>(
    pos: &G,
    depth: u32,
    stop: &AtomicBool,
    mut each: impl FnMut(String, u64),
) -> bool {
    let pos = &pos.without_adjudication();
    let mut each = |m: String, n: u64| {
        let counted = !stop.load(Ordering::Relaxed);
        if counted {
            each(m, n);
        }
        counted
    };
    let mut bufs = Buffers::default();
    match pos.status() {
        Status::Over(_) => {}
        Status::Chance => {
            let mut outcomes = Vec::new();
            pos.outcomes(&mut outcomes);
            for (m, _) in outcomes {
                let mut child = pos.clone();
                child.play(m);
                if !each(pos.move_text(m), count(&child, depth, &mut bufs, 0, stop)) {
                    return false;
                }
            }
        }
        Status::Decision(_) => {
            if depth == 0 {
                return true;
            }
            let mut moves = Vec::new();
            pos.moves(&mut moves);
            for m in moves {
                let mut child = pos.clone();
                child.play(m);
                if !each(
                    pos.move_text(m),
                    count(&child, depth - 1, &mut bufs, 0, stop),
                ) {
                    return false;
                }
            }
        }
    }
    true
}

struct Buffers<G: Game> {
    moves: Vec<Vec<G::Move>>,
    outcomes: Vec<Vec<(G::Move, f64)>>,
}

impl<G: Game> Default for Buffers<G> {
    fn default() -> Self {
        Buffers {
            moves: Vec::new(),
            outcomes: Vec::new(),
        }
    }
}

/// The leaves below `pos`; a meaningless number once `stop` is set (one
/// relaxed load per interior node: nothing next to a move generation).
fn count<G: Game>(
    pos: &G,
    depth: u32,
    bufs: &mut Buffers<G>,
    level: usize,
    stop: &AtomicBool,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if stop.load(Ordering::Relaxed) {
        return 0;
    }
    match pos.status() {
        Status::Over(_) => 0,
        Status::Chance => {
            if bufs.outcomes.len() <= level {
                bufs.outcomes.resize_with(level + 1, Vec::new);
            }
            let mut outcomes = std::mem::take(&mut bufs.outcomes[level]);
            pos.outcomes(&mut outcomes);
            let mut total = 0;
            for &(m, _) in &outcomes {
                let mut child = pos.clone();
                child.play(m);
                total += count(&child, depth, bufs, level + 1, stop);
            }
            bufs.outcomes[level] = outcomes;
            total
        }
        Status::Decision(_) => {
            if depth == 1 {
                return pos.count_moves() as u64;
            }
            if bufs.moves.len() <= level {
                bufs.moves.resize_with(level + 1, Vec::new);
            }
            let mut moves = std::mem::take(&mut bufs.moves[level]);
            pos.moves(&mut moves);
            let mut total = 0;
            for &m in &moves {
                let mut child = pos.clone();
                child.play(m);
                total += count(&child, depth - 1, bufs, level + 1, stop);
            }
            bufs.moves[level] = moves;
            total
        }
    }
}
