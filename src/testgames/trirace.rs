//! TriRace: a tiny race for 2 to 4 players (3 by default), the test game
//! that proves the N-player core (outcomes, payoffs, per-player
//! evaluation, the protocol's `p<k>time` clocks and `query` answers, every
//! search that claims N-player support). It is not a shipped game.
//!
//! Rules (options: `players=2..4`, `goal=2..9`, `dice=on|off`,
//! `limit=1..60` plies, `teams=on|off`):
//! - Each player has a counter, 0 at the start; `p1` moves first, then
//!   `p2`, … in turn.
//! - dice off: the mover plays `1` or `2` (advance its counter by that), or
//!   `b` (bump: the leading other player goes back 1, not below 0; legal
//!   only when another player's counter is above 0).
//! - dice on: before each move a chance node throws `r1` or `r2` (1/2
//!   each); the mover then plays `a` (advance by the throw) or `b` (bump
//!   the leading other player back by the throw).
//! - The leading other player is the one with the highest counter; among
//!   equals, the first after the mover in turn order.
//! - The game ends when the mover's counter reaches `goal`: the players
//!   are ranked by counter, highest first, equal counters tied (so the
//!   mover wins alone and the others are ranked behind it). It also ends
//!   after `limit` plies, ranked the same way (so a draw is possible).
//! - `teams=on` (4 players only): p1 and p3 play against p2 and p4; the
//!   team of the player who reaches `goal` wins; at the ply limit the team
//!   with the larger counter sum wins, equal sums draw.
//!
//! Position string: the counters, the side to move and the pending throw
//! (`-` at a decision node without dice, `?` when the throw is pending),
//! then the plies played: `0 0 0 p1 - 0`, `3 1 0 p2 ? 7`, `3 1 0 p2 r2 7`.
//!
//! [`maxn`] solves a position exactly (max^n with expectation at chance
//! nodes), and [`team_solve`] a 2-v-2 position without dice (won, drawn or
//! lost for the mover's team), for searches to compare with.

use super::checked::{checked_state_hooks, Checks};
use crate::game::{
    Evaluated, Evaluator, Game, GameError, GameOptions, Notation, OptionKind, OptionSpec, Outcome,
    Player, Score, SearchHints, Status, Team,
};
use std::cmp::Ordering;
use std::collections::HashMap;

pub const MAX: usize = 4;

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "players",
        kind: OptionKind::Int {
            min: 2,
            max: MAX as i64,
            none_ok: false,
        },
        default: "3",
        help: "number of players",
    },
    OptionSpec {
        key: "goal",
        kind: OptionKind::Int {
            min: 2,
            max: 9,
            none_ok: false,
        },
        default: "5",
        help: "the counter that ends the game",
    },
    OptionSpec {
        key: "dice",
        kind: OptionKind::Switch,
        default: "off",
        help: "throw 1 or 2 before each move",
    },
    OptionSpec {
        key: "limit",
        kind: OptionKind::Int {
            min: 1,
            max: 60,
            none_ok: false,
        },
        default: "30",
        help: "plies after which the game ends",
    },
    OptionSpec {
        key: "teams",
        kind: OptionKind::Switch,
        default: "off",
        help: "p1 and p3 against p2 and p4 (4 players)",
    },
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TriMove {
    /// Advance by 1 or 2 (dice off).
    Step(u8),
    /// Advance by the throw (dice on).
    Advance,
    /// Bump the leading other player back.
    Bump,
    /// A throw of 1 or 2 (a chance outcome).
    Throw(u8),
}

#[derive(Clone, Debug)]
pub struct TriRace {
    options: GameOptions,
    players: usize,
    goal: u8,
    dice: bool,
    limit: u32,
    teams: bool,
    pub counters: [u8; MAX],
    pub side: Player,
    /// The throw to use (dice on, decision node).
    pub throw: Option<u8>,
    pub ply: u32,
}

impl TriRace {
    /// The start position of a variant given as option text.
    pub fn with(options: &str) -> TriRace {
        let opts = GameOptions::parse(options, SPECS).expect("valid TriRace options");
        TriRace::new(&opts).expect("valid TriRace options")
    }

    /// A position of the variant `options` given by its position string.
    pub fn at(options: &str, position: &str) -> TriRace {
        let opts = GameOptions::parse(options, SPECS).expect("valid TriRace options");
        TriRace::from_position(position, &opts).expect("a valid TriRace position")
    }

    /// The other player `bump` moves back: the highest counter, the first
    /// after the mover among equals; `None` when every other is at 0.
    fn bump_target(&self) -> Option<usize> {
        let n = self.players;
        let me = self.side as usize;
        let mut best: Option<usize> = None;
        for k in 1..n {
            let p = (me + k) % n;
            if self.counters[p] > 0 && best.is_none_or(|b| self.counters[p] > self.counters[b]) {
                best = Some(p);
            }
        }
        best
    }

    fn ranked_by_counters(&self) -> Outcome {
        let n = self.players;
        if self.teams {
            let sum = |t: usize| u32::from(self.counters[t]) + u32::from(self.counters[t + 2]);
            return match sum(0).cmp(&sum(1)) {
                std::cmp::Ordering::Greater => Outcome::team_win(&[0, 2], n),
                std::cmp::Ordering::Less => Outcome::team_win(&[1, 3], n),
                std::cmp::Ordering::Equal => Outcome::Draw,
            };
        }
        // Higher counter, better (smaller) rank.
        let ranks: Vec<u8> = self.counters[..n].iter().map(|c| u8::MAX - c).collect();
        Outcome::ranked(&ranks)
    }
}

impl Game for TriRace {
    type Move = TriMove;

    const NAME: &'static str = "trirace";

    const HAS_CHANCE: bool = true;

    fn option_specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        let int = |k: &str| options.int(k).unwrap_or(0);
        let players = int("players") as usize;
        let teams = options.switch("teams");
        if teams && players != 4 {
            return Err(GameError::new("teams=on needs players=4"));
        }
        Ok(TriRace {
            options: options.clone(),
            players,
            goal: int("goal") as u8,
            dice: options.switch("dice"),
            limit: int("limit") as u32,
            teams,
            counters: [0; MAX],
            side: 0,
            throw: None,
            ply: 0,
        })
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        self.players
    }

    fn team_of(&self, p: Player) -> Team {
        if self.teams {
            p % 2
        } else {
            p
        }
    }

    fn num_teams(&self) -> usize {
        if self.teams {
            2
        } else {
            self.players
        }
    }

    fn status(&self) -> Status {
        if let Some(p) = (0..self.players).find(|&p| self.counters[p] >= self.goal) {
            if self.teams {
                return Status::Over(Outcome::team_win(&[p as Player, (p as Player + 2) % 4], 4));
            }
            return Status::Over(self.ranked_by_counters());
        }
        if self.ply >= self.limit {
            return Status::Over(self.ranked_by_counters());
        }
        if self.dice && self.throw.is_none() {
            Status::Chance
        } else {
            Status::Decision(self.side)
        }
    }

    fn moves(&self, out: &mut Vec<TriMove>) {
        out.clear();
        if !matches!(self.status(), Status::Decision(_)) {
            return;
        }
        if self.dice {
            out.push(TriMove::Advance);
        } else {
            out.extend([TriMove::Step(1), TriMove::Step(2)]);
        }
        if self.bump_target().is_some() {
            out.push(TriMove::Bump);
        }
    }

    fn outcomes(&self, out: &mut Vec<(TriMove, f64)>) {
        out.clear();
        if self.status() == Status::Chance {
            out.extend([(TriMove::Throw(1), 0.5), (TriMove::Throw(2), 0.5)]);
        }
    }

    fn play(&mut self, m: TriMove) {
        let me = self.side as usize;
        let by = self.throw.unwrap_or(1);
        match m {
            TriMove::Throw(t) => {
                self.throw = Some(t);
                return;
            }
            TriMove::Step(s) => self.counters[me] += s,
            TriMove::Advance => self.counters[me] += by,
            TriMove::Bump => {
                if let Some(t) = self.bump_target() {
                    self.counters[t] = self.counters[t].saturating_sub(by);
                }
            }
        }
        self.throw = None;
        self.side = ((me + 1) % self.players) as Player;
        self.ply += 1;
    }

    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut key = u64::from(self.side) | u64::from(self.throw.unwrap_or(0)) << 4;
        key |= u64::from(self.ply) << 8;
        for (i, c) in self.counters.iter().enumerate() {
            key |= u64::from(*c) << (16 + 8 * i);
        }
        crate::game::zobrist::splitmix64(key).1
    }

    fn ply(&self) -> u32 {
        self.ply
    }
}

impl TriRace {
    /// From the side to move (at a chance node: the side about to use the
    /// throw, which is who decides after it).
    pub fn evaluate(&self) -> Score {
        self.evaluate_for(self.side)
    }

    /// A counter's lead over the best other counter, 100 per step; with
    /// teams, the team's counter sum's lead over the other team's.
    pub fn evaluate_for(&self, player: Player) -> Score {
        let p = player as usize;
        if self.teams {
            let sum = |t: usize| i32::from(self.counters[t]) + i32::from(self.counters[t + 2]);
            return 100 * (sum(p % 2) - sum(1 - p % 2));
        }
        let best_other = (0..self.players)
            .filter(|&q| q != p)
            .map(|q| self.counters[q])
            .max()
            .unwrap_or(0);
        100 * (i32::from(self.counters[p]) - i32::from(best_other))
    }
}

/// The test game's evaluator: its own `evaluate` (no weights), on a
/// state that checks the search's calls ([`Checks`]).
#[derive(Clone, Debug, Default)]
pub struct TriRaceEvaluator {
    pub checks: Checks,
}

impl Evaluator<TriRace> for TriRaceEvaluator {
    checked_state_hooks!(TriRace);

    fn evaluate(&self, pos: &TriRace) -> Score {
        pos.evaluate()
    }

    fn evaluate_for(&self, pos: &TriRace, player: Player) -> Score {
        pos.evaluate_for(player)
    }
}

impl Evaluated for TriRace {
    type Evaluator = TriRaceEvaluator;
}

impl Notation for TriRace {
    const PLAYER_NAMES: &'static [&'static str] = &["red", "green", "blue", "yellow"];

    const WHITE: Player = 0;

    fn from_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let mut pos = TriRace::new(options)?;
        let n = pos.players;
        let bad = |why: &str| GameError::new(format!("bad TriRace position '{text}': {why}"));
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != n + 3 {
            return Err(bad(&format!("expected {} fields", n + 3)));
        }
        for (p, t) in f[..n].iter().enumerate() {
            let c: u8 = t.parse().map_err(|_| bad("a counter is not a number"))?;
            if c > pos.goal + 1 {
                return Err(bad("a counter beyond goal + 1"));
            }
            pos.counters[p] = c;
        }
        if pos.counters[..n].iter().filter(|&&c| c >= pos.goal).count() > 1 {
            return Err(bad("two counters at the goal"));
        }
        let side: usize = f[n]
            .strip_prefix('p')
            .and_then(|d| d.parse().ok())
            .filter(|k| (1..=n).contains(k))
            .ok_or_else(|| bad("the side is p1, p2, …"))?;
        pos.side = (side - 1) as Player;
        pos.throw = match (f[n + 1], pos.dice) {
            ("-", false) | ("?", true) => None,
            ("r1", true) => Some(1),
            ("r2", true) => Some(2),
            _ => return Err(bad("the throw is '-' without dice, '?', r1 or r2 with")),
        };
        pos.ply = f[n + 2]
            .parse()
            .map_err(|_| bad("the ply is not a number"))?;
        Ok(pos)
    }

    fn position(&self) -> String {
        let mut s: Vec<String> = self.counters[..self.players]
            .iter()
            .map(|c| c.to_string())
            .collect();
        s.push(format!("p{}", self.side + 1));
        s.push(match (self.dice, self.throw) {
            (false, _) => "-".into(),
            (true, None) => "?".into(),
            (true, Some(t)) => format!("r{t}"),
        });
        s.push(self.ply.to_string());
        s.join(" ")
    }

    fn move_text(&self, m: TriMove) -> String {
        match m {
            TriMove::Step(s) => s.to_string(),
            TriMove::Advance => "a".into(),
            TriMove::Bump => "b".into(),
            TriMove::Throw(t) => format!("r{t}"),
        }
    }

    fn parse_move(&self, text: &str) -> Result<TriMove, GameError> {
        super::move_written(self, text)
            .ok_or_else(|| GameError::new(format!("'{text}' is not legal here")))
    }

    fn board_text(&self) -> String {
        (0..self.players)
            .map(|p| format!("{} {}", Self::PLAYER_NAMES[p], self.counters[p]))
            .collect::<Vec<_>>()
            .join(" | ")
    }
}

/// No hints: the defaults order and time every search.
impl SearchHints for TriRace {}

/// The exact max^n value of `pos`: each player's expected payoff when the
/// mover at each decision node picks the move best for itself (the first
/// in generation order among equals) and chance nodes average.
pub fn maxn(pos: &TriRace) -> Vec<f64> {
    let n = pos.num_players();
    match pos.status() {
        Status::Over(o) => (0..n as Player).map(|p| o.payoff(p, n)).collect(),
        Status::Chance => {
            let mut outcomes = Vec::new();
            pos.outcomes(&mut outcomes);
            let mut sum = vec![0.0; n];
            for (m, pr) in outcomes {
                let mut c = pos.clone();
                c.play(m);
                for (s, v) in sum.iter_mut().zip(maxn(&c)) {
                    *s += pr * v;
                }
            }
            sum
        }
        Status::Decision(me) => {
            let mut moves = Vec::new();
            pos.moves(&mut moves);
            let mut best: Option<Vec<f64>> = None;
            for m in moves {
                let mut c = pos.clone();
                c.play(m);
                let v = maxn(&c);
                if best
                    .as_ref()
                    .is_none_or(|b| v[me as usize] > b[me as usize] + 1e-12)
                {
                    best = Some(v);
                }
            }
            best.unwrap_or_else(|| vec![0.5; n])
        }
    }
}

/// The moves of `pos` whose max^n value is the mover's best (the set any
/// correct N-player search must choose from).
pub fn maxn_best_moves(pos: &TriRace) -> Vec<TriMove> {
    let Status::Decision(me) = pos.status() else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let values: Vec<f64> = moves
        .iter()
        .map(|&m| {
            let mut c = pos.clone();
            c.play(m);
            maxn(&c)[me as usize]
        })
        .collect();
    let top = values.iter().cloned().fold(f64::MIN, f64::max);
    moves
        .into_iter()
        .zip(values)
        .filter(|(_, v)| *v >= top - 1e-12)
        .map(|(m, _)| m)
        .collect()
}

/// How `pos` (a decision node of a game of two teams without dice) ends
/// for the mover's team with best play by both teams: `Greater` won,
/// `Equal` drawn, `Less` lost. Exhaustive, each position solved once.
pub fn team_solve(pos: &TriRace) -> Ordering {
    team_solve_in(pos, &mut HashMap::new())
}

/// The moves of `pos` that keep [`team_solve`]'s result for the mover's
/// team (the moves a correct two-team search must choose from).
pub fn team_best_moves(pos: &TriRace) -> Vec<TriMove> {
    let mut seen = HashMap::new();
    let best = team_solve_in(pos, &mut seen);
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves.retain(|&m| {
        let mut c = pos.clone();
        c.play(m);
        child_result(pos, &c, &mut seen) == best
    });
    moves
}

fn team_solve_in(pos: &TriRace, seen: &mut HashMap<u64, Ordering>) -> Ordering {
    assert!(
        pos.num_teams() == 2 && !pos.dice,
        "a game of two teams, no dice"
    );
    let key = pos.hash();
    if let Some(&r) = seen.get(&key) {
        return r;
    }
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let r = moves
        .iter()
        .map(|&m| {
            let mut c = pos.clone();
            c.play(m);
            child_result(pos, &c, seen)
        })
        .max()
        .unwrap_or(Ordering::Equal);
    seen.insert(key, r);
    r
}

/// The result of `child` for the team of `parent`'s mover.
fn child_result(parent: &TriRace, child: &TriRace, seen: &mut HashMap<u64, Ordering>) -> Ordering {
    let me = parent.side;
    match child.status() {
        Status::Over(o) => {
            // Straight from the payoffs, not through the searches' helper.
            let n = child.num_players();
            let mine = o.payoff(me, n);
            let theirs = o.payoff((me + 1) % n as Player, n);
            mine.partial_cmp(&theirs).unwrap_or(Ordering::Equal)
        }
        Status::Decision(p) if child.team_of(p) == child.team_of(me) => team_solve_in(child, seen),
        _ => team_solve_in(child, seen).reverse(),
    }
}
