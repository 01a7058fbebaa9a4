//! The max^n recursion: a decision node takes the child value best for
//! its mover ([`Payoffs::better_for`]), a chance node the
//! probability-weighted average of its outcomes' values, a finished game
//! its payoffs, a node at depth 0 the evaluation of every player. Depth
//! counts decision plies: chance nodes take none.
//!
//! No pruning: with more than two players only "shallow" pruning is sound
//! (Korf 1991) and it cuts little; the one cut made is after an immediate
//! sole win of the mover, which no other move can beat. Transpositions
//! are read from the search's [`Table`] instead of searched again.

use super::payoffs::Payoffs;
use super::table::Table;
use crate::game::{Evaluator, Playable, Player, Score, Status, MAX_PLAYERS};
use crate::search::control::{Control, Ticker};
use crate::search::thread::EvalState;

/// One search thread's state: its node count and per-ply buffers, reused
/// from node to node (no allocation once they have grown).
pub struct Worker<'a, G: Playable> {
    control: &'a Control<'a>,
    /// The static evaluation of a position for a player.
    eval: &'a G::Evaluator,
    /// The thread's evaluator state, in sync with the node searched.
    state: &'a mut EvalState<G>,
    players: usize,
    ticker: Ticker,
    table: Table<G::Move>,
    moves: Vec<Vec<G::Move>>,
    outcomes: Vec<Vec<(G::Move, f64)>>,
    /// The line chosen below each ply: at decision nodes the mover's best
    /// move, at chance nodes the most likely outcome (the first listed on
    /// ties).
    pub pv: Vec<Vec<G::Move>>,
}

impl<'a, G: Playable> Worker<'a, G> {
    /// A worker searching below `root`, with the evaluator state `state`
    /// (refreshed at `root`).
    pub fn new(
        control: &'a Control<'a>,
        eval: &'a G::Evaluator,
        root: &G,
        state: &'a mut EvalState<G>,
        table: Table<G::Move>,
    ) -> Self {
        eval.refresh(state, root);
        Worker {
            control,
            eval,
            state,
            players: root.num_players(),
            ticker: Ticker::default(),
            table,
            moves: Vec::new(),
            outcomes: Vec::new(),
            pv: Vec::new(),
        }
    }

    /// Whether this thread has seen a reason to stop: the values it
    /// returned since are meaningless.
    pub fn stopped(&self) -> bool {
        self.ticker.stopped
    }

    /// Adds this thread's new nodes to the shared count.
    pub fn flush(&mut self) {
        self.ticker.flush(self.control);
    }

    /// Every player's evaluation of `pos`, the node the evaluator's
    /// state is at.
    pub fn estimate(&mut self, pos: &G) -> Payoffs {
        let mut scores: [Score; MAX_PLAYERS] = [0; MAX_PLAYERS];
        let players = self.players;
        self.eval
            .evaluate_all(self.state, pos, &mut scores[..players]);
        Payoffs::estimate(players, |p| scores[p as usize])
    }

    /// [`Worker::value`] of `child`, reached from `parent` (the node the
    /// evaluator's state is at) by a move.
    pub fn child_value(&mut self, parent: &G, child: &G, depth: u32, ply: usize) -> Payoffs {
        self.eval.push(self.state, parent, child);
        let v = self.value(child, depth, ply);
        self.eval.pop(self.state);
        v
    }

    /// The max^n value of `pos`, `depth` decision plies deep, `ply` nodes
    /// below the root; its line is left in `self.pv[ply]`.
    pub fn value(&mut self, pos: &G, depth: u32, ply: usize) -> Payoffs {
        while self.pv.len() < ply + 2 {
            self.pv.push(Vec::new());
            self.moves.push(Vec::new());
            self.outcomes.push(Vec::new());
        }
        self.pv[ply].clear();
        if self.ticker.tick(self.control) {
            return Payoffs::ZERO;
        }
        match pos.status() {
            Status::Over(outcome) => Payoffs::terminal(outcome, self.players),
            _ if depth == 0 => self.estimate(pos),
            Status::Chance => self.tabled(pos, None, depth, ply),
            Status::Decision(p) => self.tabled(pos, Some(p), depth, ply),
        }
    }

    /// The value of a chance node (`mover` `None`) or a decision node,
    /// from the table or searched and stored.
    fn tabled(&mut self, pos: &G, mover: Option<Player>, depth: u32, ply: usize) -> Payoffs {
        let key = pos.hash();
        if let Some((v, first)) = self.table.probe(key, depth) {
            self.pv[ply].extend(first);
            return v;
        }
        let v = match mover {
            Some(p) => self.decision(pos, p, depth, ply),
            None => self.chance(pos, depth, ply),
        };
        if !self.stopped() {
            self.table
                .store(key, depth, v, self.pv[ply].first().copied());
        }
        v
    }

    /// The table's use per mille.
    pub fn hashfull(&self) -> u32 {
        self.table.hashfull()
    }

    /// `move_` then the line below it as the line at `ply`.
    fn extend_pv(&mut self, ply: usize, move_: G::Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        here[ply].clear();
        here[ply].push(move_);
        here[ply].extend_from_slice(&below[0]);
    }

    fn decision(&mut self, pos: &G, me: Player, depth: u32, ply: usize) -> Payoffs {
        let mut moves = std::mem::take(&mut self.moves[ply]);
        pos.moves(&mut moves);
        let mut best: Option<Payoffs> = None;
        let mut all_proven = true;
        for &m in &moves {
            let mut child = pos.clone();
            child.play(m);
            let v = self.child_value(pos, &child, depth - 1, ply + 1);
            if self.stopped() {
                break;
            }
            all_proven &= v.proven;
            if best.is_none_or(|b| Payoffs::better_for(me, &v, &b)) {
                best = Some(v);
                self.extend_pv(ply, m);
                if v.won_by(me) && v.moves[me as usize] == 0 {
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        let Some(mut best) = best else {
            // Stopped (any value will do), or a game without the forced
            // pass its contract asks for.
            return self.estimate(pos);
        };
        // Settled: nothing deeper changes a solved subtree, and nothing
        // beats a sole win.
        best.proven = all_proven || best.won_by(me);
        let mine = &mut best.moves[me as usize];
        *mine = mine.saturating_add(1);
        best
    }

    fn chance(&mut self, pos: &G, depth: u32, ply: usize) -> Payoffs {
        let mut outcomes = std::mem::take(&mut self.outcomes[ply]);
        pos.outcomes(&mut outcomes);
        let likely =
            (0..outcomes.len()).fold(0, |b, i| if outcomes[i].1 > outcomes[b].1 { i } else { b });
        let mut sum = Payoffs::ZERO;
        for (i, &(o, pr)) in outcomes.iter().enumerate() {
            let mut child = pos.clone();
            child.play(o);
            let v = self.child_value(pos, &child, depth, ply + 1);
            if self.stopped() {
                break;
            }
            for q in 0..self.players {
                sum.v[q] += pr * v.v[q];
                sum.moves[q] = sum.moves[q].max(v.moves[q]);
            }
            sum.proven &= v.proven;
            if i == likely {
                self.extend_pv(ply, o);
            }
        }
        let none = outcomes.is_empty();
        self.outcomes[ply] = outcomes;
        if none {
            return self.estimate(pos);
        }
        sum
    }
}
