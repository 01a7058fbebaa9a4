//! Picks the tactics suite's positions with the solver: positions reached
//! in the MiGs games (forced wins where the mover's opponent has already
//! lost five marbles; forced ejections in the middlegame) and positions of
//! seeded random `princess=on` playouts (forced princess ejections).
//! Deterministic: the same file comes out every run.

use agon::game::Notation;
use std::collections::HashSet;

use agon::game::{Game, GameOptions};
use agon::games::abalone::record;
use agon::games::abalone::Abalone;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::solver::{
    can_eject, clean_first_moves, quiet_defender, shortest, texts, urgent, winning_first_moves,
    Goal,
};
use super::suite::Entry;

const MIGS: &str = include_str!("../../positions/abalone-migs-2016-2017.apgn");

/// How many entries of each (source, kind, N) the suite takes.
const MIGS_QUOTAS: &[(Goal, u32, usize)] = &[
    (Goal::Win, 1, 4),
    (Goal::Win, 2, 5),
    (Goal::Win, 3, 5),
    (Goal::Eject, 1, 4),
    (Goal::Eject, 2, 7),
    (Goal::Eject, 3, 6),
];
const PRINCESS_QUOTAS: &[(Goal, u32, usize)] =
    &[(Goal::Win, 1, 1), (Goal::Win, 2, 2), (Goal::Win, 3, 2)];

/// Middlegame positions sampled for ejections: every `EJECT_STRIDE`-th ply
/// from ply `EJECT_FIRST_PLY` of each game.
const EJECT_FIRST_PLY: usize = 12;
const EJECT_STRIDE: usize = 9;

struct Picker {
    quotas: Vec<(Goal, u32, usize)>,
    entries: Vec<Entry>,
    seen: HashSet<String>,
}

impl Picker {
    fn new(quotas: &[(Goal, u32, usize)]) -> Picker {
        Picker {
            quotas: quotas.to_vec(),
            entries: Vec::new(),
            seen: HashSet::new(),
        }
    }

    fn max_open(&self, goal: Goal) -> u32 {
        self.quotas
            .iter()
            .filter(|q| q.0 == goal && q.2 > 0)
            .map(|q| q.1)
            .max()
            .unwrap_or(0)
    }

    fn done(&self) -> bool {
        self.quotas.iter().all(|q| q.2 == 0)
    }

    /// Solves `pos` for `goal` and keeps it if its N has room; true if kept.
    fn offer(&mut self, name: String, options: &str, pos: &Abalone, goal: Goal) -> bool {
        let max = self.max_open(goal);
        if max == 0 || self.seen.contains(&pos.position()) {
            return false;
        }
        let Some(n) = shortest(pos, goal, max) else {
            return false;
        };
        let first = winning_first_moves(pos, goal, n);
        // An eject entry with N >= 2 has no ejection at all at once: else
        // an immediate (if answered) ejection competes with the tactic, and
        // which is better is the evaluator's call, not a tactic's.
        if goal == Goal::Eject
            && !(quiet_defender(pos, n)
                && urgent(pos, goal, n, &first)
                && (n == 1 || !can_eject(pos)))
        {
            return false;
        }
        let Some(q) = self
            .quotas
            .iter_mut()
            .find(|q| q.0 == goal && q.1 == n && q.2 > 0)
        else {
            return false;
        };
        q.2 -= 1;
        self.seen.insert(pos.position());
        self.entries.push(Entry {
            name,
            options: options.to_string(),
            position: pos.position(),
            goal,
            n,
            first_moves: texts(pos, &first),
        });
        true
    }
}

fn from_migs() -> Vec<Entry> {
    let records = record::parse(MIGS).expect("the MiGs file parses");
    let mut picker = Picker::new(MIGS_QUOTAS);
    for record in &records {
        if picker.done() {
            break;
        }
        let (moves, _) = record.replay().expect("MiGs games replay");
        let options = format!(
            "layout={}",
            record.options().expect("MiGs options").get("layout")
        );
        let event = record.tag("Event").unwrap_or("?").replace("MIGS ", "");
        let mut pos = record.start().expect("MiGs start");
        let mut took_win = false;
        let mut took_eject = false;
        for (ply, &m) in moves.iter().enumerate() {
            if pos.status().is_over() {
                break;
            }
            let name = format!("migs{event}-ply{ply}");
            let opp_lost = pos.ejected(pos.side() ^ 1);
            if opp_lost == 5 && !took_win {
                took_win = picker.offer(name, &options, &pos, Goal::Win);
            } else if opp_lost < 5
                && pos.ejected(pos.side()) < 5
                && !took_eject
                && ply >= EJECT_FIRST_PLY
                && (ply - EJECT_FIRST_PLY).is_multiple_of(EJECT_STRIDE)
            {
                took_eject = picker.offer(name, &options, &pos, Goal::Eject);
            }
            pos.play(m);
        }
    }
    picker.entries
}

/// Random playouts with `princess=on`; pushes are picked half the time
/// when there are any, so the princess leaves e5.
fn from_princess_playouts() -> Vec<Entry> {
    let mut picker = Picker::new(PRINCESS_QUOTAS);
    let layouts = ["belgian", "standard", "german"];
    let mut moves = Vec::new();
    for seed in 0..200u64 {
        if picker.done() {
            break;
        }
        let layout = layouts[seed as usize % layouts.len()];
        let options = format!("layout={layout} princess=on");
        let opts = GameOptions::parse(&options, Abalone::option_specs()).expect("options");
        let mut pos = Abalone::new(&opts).expect("princess start");
        let mut rng = Pcg64::seed_from_u64(seed);
        for ply in 0..200 {
            if pos.status().is_over() {
                break;
            }
            if ply >= 10
                && picker.offer(
                    format!("princess-{layout}-s{seed}-ply{ply}"),
                    &options,
                    &pos,
                    Goal::Win,
                )
            {
                break;
            }
            pos.moves(&mut moves);
            let pushes: Vec<_> = moves.iter().copied().filter(|m| m.pushed() > 0).collect();
            let m = if !pushes.is_empty() && rng.gen_bool(0.5) {
                pushes[rng.gen_range(0..pushes.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            pos.play(m);
        }
    }
    picker.entries
}

/// An ejection entry is kept only if the defender cannot force a marble
/// back within this many of its own moves after any of the listed first
/// moves: the tactic wins a marble rather than starting a trade (which
/// side of a trade is better is the evaluator's call, not a tactic's).
/// Checked after picking because it costs minutes per 3-move entry.
pub const CLEAN_MOVES: u32 = 3;

fn wins_a_marble(e: &Entry) -> bool {
    let pos = e.root().expect("a picked position parses");
    texts(&pos, &clean_first_moves(&pos, e.n, CLEAN_MOVES)) == e.first_moves
}

/// The whole suite, sorted by kind, then N, then source order.
pub fn generate() -> Vec<Entry> {
    let mut all = from_migs();
    all.retain(|e| e.goal != Goal::Eject || wins_a_marble(e));
    all.extend(from_princess_playouts());
    all.sort_by_key(|e| (e.goal.name(), e.n));
    all
}
