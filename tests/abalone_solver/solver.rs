//! A plain exhaustive AND-OR solver for short Abalone tactics, written over
//! the `Game` trait only (`moves`, `play`, `status`) plus the ejected-marble
//! counts: every move of both sides is searched, nothing is pruned but
//! proven branches (an OR node stops at its first success, an AND node at
//! its first refutation), so its answers are exact.
//!
//! Goals, for the side to move at the root (the attacker), within `n` of
//! the attacker's own moves whatever the defence:
//! - [`Goal::Win`]: the game ends in the attacker's win (abalone.md "End of
//!   game": the sixth ejected marble, or the princess with `princess=on`).
//! - [`Goal::Eject`]: the attacker ejects an opposing marble (or wins) before
//!   the defender ejects one of the attacker's (a trade is not a forced
//!   ejection) and before the game ends otherwise.
//!
//! A draw (a side without a legal move) fails either goal. Repetition is
//! not modelled: within 3 moves from a root without history no position
//! occurs a third time, and a shortest forced line never repeats a
//! position (the distance to the goal falls strictly along it).

use agon::game::Notation;
use agon::game::SearchHints;
use agon::game::{Game, Outcome, Player, Status};
use agon::games::abalone::{Abalone, Move};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    Win,
    Eject,
}

impl Goal {
    pub fn name(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::Eject => "eject",
        }
    }

    pub fn from_name(s: &str) -> Option<Goal> {
        match s {
            "win" => Some(Goal::Win),
            "eject" => Some(Goal::Eject),
            _ => None,
        }
    }
}

/// What the root fixes: the attacker and both ejected counts at the root.
#[derive(Clone, Copy)]
struct Task {
    goal: Goal,
    attacker: Player,
    defender_lost: u8,
    attacker_lost: u8,
    /// An ejection counts only if the defender then cannot force one back
    /// within this many of its own moves (1: no ejection in reply).
    clean: u32,
}

impl Task {
    fn new(root: &Abalone, goal: Goal) -> Task {
        let attacker = root.side();
        Task {
            goal,
            attacker,
            defender_lost: root.ejected(attacker ^ 1),
            attacker_lost: root.ejected(attacker),
            clean: 1,
        }
    }

    /// The goal is reached in `pos` (just after an attacker move).
    fn reached(&self, pos: &Abalone) -> bool {
        match pos.status() {
            Status::Over(Outcome::Win(p)) if p == self.attacker => true,
            Status::Over(_) => false,
            _ => {
                self.goal == Goal::Eject
                    && pos.ejected(self.attacker ^ 1) > self.defender_lost
                    && !counter(pos, self.clean)
            }
        }
    }

    /// The attacker, to move with `n ≥ 1` moves left, reaches the goal.
    fn attack(&self, pos: &Abalone, n: u32) -> bool {
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        // Ordering changes only the speed: every move is still tried.
        moves.sort_by_key(|&m| -pos.order_hint(m));
        moves.iter().any(|&m| self.achieves(pos, m, n))
    }

    /// Playing `m` (an attacker move) reaches the goal within `n` moves.
    fn achieves(&self, pos: &Abalone, m: Move, n: u32) -> bool {
        let mut child = *pos;
        child.play(m);
        if self.reached(&child) {
            return true;
        }
        n > 1 && self.defend_fails(&child, n - 1)
    }

    /// Every defender reply leaves the attacker a forced goal in `n` moves.
    fn defend_fails(&self, pos: &Abalone, n: u32) -> bool {
        if pos.status().is_over() {
            return false;
        }
        let mut replies = Vec::new();
        pos.moves(&mut replies);
        replies.sort_by_key(|&m| -pos.order_hint(m));
        replies.iter().all(|&r| {
            let mut child = *pos;
            child.play(r);
            let lost_one =
                self.goal == Goal::Eject && child.ejected(self.attacker) > self.attacker_lost;
            !child.status().is_over() && !lost_one && self.attack(&child, n)
        })
    }
}

/// The side to move (the defender, just after an ejection) forces an
/// ejection of its own within `k` moves.
fn counter(pos: &Abalone, k: u32) -> bool {
    if k <= 1 {
        can_eject(pos)
    } else {
        forced(pos, Goal::Eject, k)
    }
}

/// Like [`winning_first_moves`] for an ejection that the defender cannot
/// answer with a forced ejection of its own within `clean` moves.
#[cfg(not(test))]
pub fn clean_first_moves(root: &Abalone, n: u32, clean: u32) -> Vec<Move> {
    let task = Task {
        clean,
        ..Task::new(root, Goal::Eject)
    };
    let mut moves = Vec::new();
    root.moves(&mut moves);
    moves.retain(|&m| task.achieves(root, m, n));
    moves
}

/// The side to move has an ejecting move.
pub fn can_eject(pos: &Abalone) -> bool {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves.iter().any(|m| m.ejects())
}

/// The attacker's first moves that force `goal` within `n` moves.
pub fn winning_first_moves(root: &Abalone, goal: Goal, n: u32) -> Vec<Move> {
    let task = Task::new(root, goal);
    let mut moves = Vec::new();
    root.moves(&mut moves);
    moves.retain(|&m| task.achieves(root, m, n));
    moves
}

/// Whether the side to move forces `goal` within `n` moves.
pub fn forced(root: &Abalone, goal: Goal, n: u32) -> bool {
    n > 0 && !root.status().is_over() && Task::new(root, goal).attack(root, n)
}

/// The least `n ≤ max` with a forced `goal`, if any.
pub fn shortest(root: &Abalone, goal: Goal, max: u32) -> Option<u32> {
    (1..=max).find(|&n| forced(root, goal, n))
}

/// The same position with the other side to move (the "what if it were
/// the defender's turn" of [`quiet_defender`]).
pub fn other_side_to_move(pos: &Abalone) -> Abalone {
    let text = pos.position();
    let mut fields: Vec<&str> = text.split(' ').collect();
    fields[1] = if fields[1] == "b" { "w" } else { "b" };
    Abalone::from_position(&fields.join(" "), pos.options()).expect("a flipped legal position")
}

/// The defender could not force an ejection of its own within `n` moves
/// even if it moved first: the attacker's forced ejection is then a clean
/// gain of a marble, not one side of a trade or a race.
pub fn quiet_defender(pos: &Abalone, n: u32) -> bool {
    !forced(&other_side_to_move(pos), Goal::Eject, n)
}

/// No first move outside `first` forces `goal` even within `n + 1` moves:
/// the tactic is now or never, so a player who delays it loses it (a
/// forced ejection that a slower move also forces tests nothing).
#[cfg(not(test))]
pub fn urgent(pos: &Abalone, goal: Goal, n: u32, first: &[Move]) -> bool {
    let task = Task::new(pos, goal);
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves
        .iter()
        .filter(|m| !first.contains(m))
        .all(|&m| !task.achieves(pos, m, n + 1))
}

/// The sorted move texts of `moves` at `pos` (the file's form).
pub fn texts(pos: &Abalone, moves: &[Move]) -> Vec<String> {
    let mut t: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
    t.sort();
    t
}
