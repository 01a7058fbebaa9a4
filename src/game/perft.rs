//! perft, the definition every perft figure of agon uses: leaves `depth` decision plies deep;
//! chance nodes expand into their distinct outcomes without using depth;
//! a finished game is a leaf only when reached exactly at depth 0;
//! engine-level adjudication is off ([`Game::without_adjudication`]).

use super::{Game, Notation, Status};

/// Counts the leaves `depth` decision plies below `pos`.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    let mut bufs = Buffers::default();
    count(&pos.without_adjudication(), depth, &mut bufs, 0)
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
pub fn divide_each<G: Notation>(pos: &G, depth: u32, mut each: impl FnMut(String, u64)) {
    let pos = &pos.without_adjudication();
    let mut bufs = Buffers::default();
    match pos.status() {
        Status::Over(_) => {}
        Status::Chance => {
            let mut outcomes = Vec::new();
            pos.outcomes(&mut outcomes);
            for (m, _) in outcomes {
                let mut child = pos.clone();
                child.play(m);
                each(pos.move_text(m), count(&child, depth, &mut bufs, 0));
            }
        }
        Status::Decision(_) => {
            if depth == 0 {
                return;
            }
            let mut moves = Vec::new();
            pos.moves(&mut moves);
            for m in moves {
                let mut child = pos.clone();
                child.play(m);
                each(pos.move_text(m), count(&child, depth - 1, &mut bufs, 0));
            }
        }
    }
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

fn count<G: Game>(pos: &G, depth: u32, bufs: &mut Buffers<G>, level: usize) -> u64 {
    if depth == 0 {
        return 1;
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
                total += count(&child, depth, bufs, level + 1);
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
                total += count(&child, depth - 1, bufs, level + 1);
            }
            bufs.moves[level] = moves;
            total
        }
    }
}
