//! The retrograde solver of one signature (the module docs of [`super`]
//! say how): a first pass over every stored position values the finished
//! ones and those a capture or forward step decides, and counts each
//! position's quiet moves; then waves, one per distance, undo quiet moves
//! from the positions just decided. Both run on every thread (rayon), the
//! values and counters being atomics that one compare-and-swap settles.

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::super::board::{bit, rank_of, Bits, Points, E, NONE, W};
use super::super::{ZMove, Zamma};
use super::index::{progress, Groups, Layout, Material, MenBlock};
use super::{key, Tables, Verdict};
use crate::game::{Game, Outcome, Status};

/// Not decided yet (a draw if it stays so).
const OPEN: u8 = 0;
/// Decided a draw before the waves (a capture position, a finished
/// game, a draw every move reaches): no wave may change it.
const SETTLED_DRAW: u8 = 255;
/// The quiet-move counter of a position that cannot lose (a capture or
/// forward step draws): never counts down to zero.
const CANNOT_LOSE: u8 = 255;

/// Solves `material` given every signature it leads to in `done`;
/// `report` hears the positions of the first pass as they are done.
/// Returns the values in index order (unstored indices 0).
pub fn solve(material: Material, done: &Tables, report: &(dyn Fn(u64) + Sync)) -> Vec<u8> {
    let layout = Layout::new(material);
    let solver = Solver {
        layout,
        done,
        values: (0..layout.len).map(|_| AtomicU8::new(OPEN)).collect(),
        counters: (0..layout.len).map(|_| AtomicU8::new(0)).collect(),
        limit: done.quiet_limit(),
    };
    let mut layers: Vec<(u32, Vec<MenBlock>)> = Vec::new();
    for block in layout.men_blocks() {
        let p = progress(block.men);
        match layers.iter_mut().find(|(q, _)| *q == p) {
            Some((_, blocks)) => blocks.push(block),
            None => layers.push((p, vec![block])),
        }
    }
    layers.sort_by_key(|(p, _)| std::cmp::Reverse(*p));
    for (_, blocks) in &layers {
        solver.layer(blocks, report);
    }
    solver
        .values
        .into_iter()
        .map(|v| match v.into_inner() {
            SETTLED_DRAW => 0,
            b => b,
        })
        .collect()
}

struct Solver<'a> {
    layout: Layout,
    done: &'a Tables,
    values: Vec<AtomicU8>,
    counters: Vec<AtomicU8>,
    limit: u32,
}

/// A result from one side's view, ordered worst first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Result3 {
    Loss,
    Draw,
    Win,
}

impl Solver<'_> {
    /// Solves the positions of one placement of the men's progress.
    fn layer(&self, blocks: &[MenBlock], report: &(dyn Fn(u64) + Sync)) {
        let [_, white_places] = self.layout.mullah_placements();
        let whites: Vec<Bits> = self.layout.mullah_subsets(1).collect();
        let rows: Vec<(usize, u64, Bits)> = blocks
            .iter()
            .enumerate()
            .flat_map(|(b, block)| {
                let men = block.men[0] | block.men[1];
                self.layout
                    .mullah_subsets(0)
                    .enumerate()
                    .filter(move |&(_, bk)| bk & men == 0)
                    .map(move |(i, bk)| (b, i as u64, bk))
            })
            .collect();
        let first: Vec<Vec<u64>> = rows
            .par_iter()
            .map_init(Vec::new, |moves, &(b, i, bk)| {
                let block = &blocks[b];
                let mut decided = Vec::new();
                let row = block.first + i * white_places;
                let taken = block.men[0] | block.men[1] | bk;
                for (j, &wk) in whites.iter().enumerate() {
                    if wk & taken != 0 {
                        continue;
                    }
                    let groups = [block.men[0], block.men[1], bk, wk];
                    let idx = row + j as u64;
                    if self.layout.is_canonical(idx, block.side, &groups)
                        && self.first_pass(idx, block.side, &groups, moves)
                    {
                        decided.push(idx);
                    }
                }
                report(whites.len() as u64);
                decided
            })
            .collect();
        // Waves by distance: the first pass decides distances 0 and 1,
        // and wave d decides distance d + 1, so each position is decided
        // at its least distance; none beyond the quiet-ply limit.
        let mut waves: Vec<Vec<u64>> = vec![Vec::new(); self.limit as usize + 1];
        for idx in first.into_iter().flatten() {
            let d = distance(self.values[idx as usize].load(Relaxed));
            waves[usize::from(d)].push(idx);
        }
        for d in 0..self.limit as usize {
            let wave = std::mem::take(&mut waves[d]);
            let next: Vec<u64> = wave
                .par_chunks(256)
                .flat_map_iter(|chunk| {
                    let mut out = Vec::new();
                    let mut preds = Vec::new();
                    for &q in chunk {
                        self.undo_from(q, d as u8 + 1, &mut preds, &mut out);
                    }
                    out
                })
                .collect();
            waves[d + 1].extend(next);
        }
    }

    /// Values a position from its moves where they decide it; otherwise
    /// counts its quiet moves. Returns whether it was decided with a
    /// result (not a draw).
    fn first_pass(&self, idx: u64, side: usize, groups: &Groups, moves: &mut Vec<ZMove>) -> bool {
        let pos = self.position(side, groups);
        let slot = &self.values[idx as usize];
        let set = |v: Verdict| slot.store(v.to_byte(), Relaxed);
        match pos.status() {
            Status::Over(Outcome::Win(w)) => {
                set(if usize::from(w) == side {
                    Verdict::Win(0)
                } else {
                    Verdict::Loss(0)
                });
                return true;
            }
            Status::Over(_) | Status::Chance => {
                slot.store(SETTLED_DRAW, Relaxed);
                return false;
            }
            Status::Decision(_) => {}
        }
        pos.sides(side).moves(moves);
        let mut exit: Option<Result3> = None;
        let mut quiet: Vec<u64> = Vec::new();
        for &m in moves.iter() {
            let mut child = pos;
            let man = pos.men[side] & bit(m.from) != 0;
            child.play_move(m);
            if m.is_capture() || (man && rank_of(m.to()) != rank_of(m.from)) {
                let theirs = self.settled(&child);
                let mine = match theirs {
                    Result3::Win => Result3::Loss,
                    Result3::Draw => Result3::Draw,
                    Result3::Loss => Result3::Win,
                };
                exit = exit.max(Some(mine));
            } else {
                let (_, s, g) = key(&child);
                quiet.push(self.layout.canonical(s, &g));
            }
        }
        quiet.sort_unstable();
        quiet.dedup();
        match (exit, quiet.len()) {
            (Some(Result3::Win), _) => {
                set(Verdict::Win(1));
                true
            }
            (Some(Result3::Loss), 0) => {
                set(Verdict::Loss(1));
                true
            }
            (_, 0) => {
                slot.store(SETTLED_DRAW, Relaxed);
                false
            }
            (exit, n) => {
                let count = if exit == Some(Result3::Draw) {
                    CANNOT_LOSE
                } else {
                    n as u8
                };
                self.counters[idx as usize].store(count, Relaxed);
                false
            }
        }
    }

    /// The result, for its side to move, of a position a capture or a
    /// forward step reached (its quiet-ply count starts again, so every
    /// stored result holds).
    fn settled(&self, pos: &Zamma) -> Result3 {
        if pos.pieces(pos.side()) == 0 {
            return Result3::Loss;
        }
        let (material, side, groups) = key(pos);
        let byte = if material == self.layout.material {
            self.values[self.layout.canonical(side, &groups) as usize].load(Relaxed)
        } else {
            self.done.stored(pos).map_or(SETTLED_DRAW, Verdict::to_byte)
        };
        match Verdict::from_byte(byte) {
            Verdict::Win(_) => Result3::Win,
            Verdict::Loss(_) => Result3::Loss,
            Verdict::Draw => Result3::Draw,
        }
    }

    /// Undoes every quiet move into the decided position `q`: a
    /// predecessor wins at distance `d` if `q` is lost, and loses at `d`
    /// when `q` was the last of its quiet moves to be won for the other
    /// side. Newly decided predecessors go to `out`.
    fn undo_from(&self, q: u64, d: u8, preds: &mut Vec<u64>, out: &mut Vec<u64>) {
        let Some((side, groups)) = self.layout.decode(q) else {
            return;
        };
        let lost = matches!(
            Verdict::from_byte(self.values[q as usize].load(Relaxed)),
            Verdict::Loss(_)
        );
        self.predecessors(side, &groups, preds);
        for &p in preds.iter() {
            let slot = &self.values[p as usize];
            if slot.load(Relaxed) != OPEN {
                continue;
            }
            if lost {
                if slot
                    .compare_exchange(OPEN, Verdict::Win(d).to_byte(), Relaxed, Relaxed)
                    .is_ok()
                {
                    out.push(p);
                }
            } else if self.counters[p as usize].fetch_sub(1, Relaxed) == 1
                && slot
                    .compare_exchange(OPEN, Verdict::Loss(d).to_byte(), Relaxed, Relaxed)
                    .is_ok()
            {
                out.push(p);
            }
        }
    }

    /// The stored indices of the positions one quiet move of the side
    /// that just moved leads to `groups` from (deduplicated): a Mullah
    /// slid back along a line, a man stepped back sideways.
    fn predecessors(&self, side: usize, groups: &Groups, out: &mut Vec<u64>) {
        out.clear();
        let mover = 1 - side;
        let topo = self.done.rules.topo;
        let occupied = groups.iter().fold(0, |a, &b| a | b);
        let mut push = |g: usize, from: u8, to: u8| {
            let mut before = *groups;
            before[g] = (before[g] & !bit(to)) | bit(from);
            out.push(self.layout.canonical(mover, &before));
        };
        for x in Points(groups[2 + mover]) {
            for dir in 0..8 {
                let mut y = topo.next[x as usize][dir];
                while y != NONE && occupied & bit(y) == 0 {
                    push(2 + mover, y, x);
                    y = topo.next[y as usize][dir];
                }
            }
        }
        for x in Points(groups[mover]) {
            for dir in [E, W] {
                let y = topo.next[x as usize][dir];
                if y != NONE && occupied & bit(y) == 0 {
                    push(mover, y, x);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    fn position(&self, side: usize, groups: &Groups) -> Zamma {
        Zamma {
            rules: self.done.rules,
            men: [groups[0], groups[1]],
            mullahs: [groups[2], groups[3]],
            side: side as u8,
            quiet: 0,
            ply: 0,
            hash: 0,
        }
    }
}

/// A decided value's distance (a draw's is 0).
fn distance(byte: u8) -> u8 {
    match Verdict::from_byte(byte) {
        Verdict::Win(d) | Verdict::Loss(d) => d,
        Verdict::Draw => 0,
    }
}
