//! One search tree and its playouts: selection, the leaf's value,
//! expansion, backup, and the solver that backs up proven results.
//!
//! The tree lives in two arenas: [`Node`]s for positions visited at least
//! once, and [`Edge`]s, a node's moves or outcomes stored contiguously
//! when the node is expanded (on its second visit: a position visited
//! once is valued by the evaluator alone, so most leaves never pay for
//! their children). An edge points at its node once that is visited.
//!
//! Memory: every edge may get a node, so an expansion of `k` edges is
//! allowed only while `k` more edges and `k` more nodes fit in the budget
//! beside what the tree holds; the arenas grow by doubling as `Vec` does,
//! but never past that bound, and [`Tree::bytes`] counts their capacities
//! (what the allocator gave), not their lengths.

use super::params::{Chance, Params, Playout, Policy};
use super::values::{Leaf, Values};
use crate::game::{chance, Playable, Player, Status};
use crate::search::thread::EvalState;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// No node yet behind an edge (the root is index 0 and no edge's child).
const NONE: u32 = 0;

/// A position visited at least once.
#[derive(Clone, Debug)]
pub struct Node {
    pub visits: u32,
    /// This node's edges: `edges[first..first + len]`; `len == 0` and
    /// `expanded == false` before the second visit.
    pub first: u32,
    pub len: u32,
    pub expanded: bool,
    pub kind: Kind,
    /// Mean payoff per player of the playouts through here; the exact
    /// payoffs once `proven`.
    pub value: Values,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Decision(Player),
    Chance,
    /// A finished game (proven) or a repeated position (a draw on this
    /// path only, so not proven).
    Leaf,
}

/// A move (at a decision node) or an outcome (at a chance node).
#[derive(Clone, Copy, Debug)]
pub struct Edge<M> {
    pub mv: M,
    /// The policy's prior at a decision node, the outcome's probability at
    /// a chance node.
    pub prior: f32,
    /// The evaluator's payoff estimate for the mover after this move, the
    /// value an unvisited move is selected by (first-play urgency).
    pub estimate: f32,
    pub child: u32,
}

/// The unnormalised softmax weight of an estimate `q` when the best is
/// `best`: the prior of PUCT and the guided playout's choice.
fn softmax_weight(q: f32, best: f32, params: &Params) -> f32 {
    ((q - best) / params.temperature).exp()
}

/// The index drawn from unnormalised `weights` by `u` uniform in [0, 1):
/// the guided playout's move and the widened chance node's outcome. A
/// rounding shortfall falls to the last item of positive weight.
fn pick_weighted(weights: impl Iterator<Item = f32> + Clone, u: f32) -> usize {
    let mut x = u * weights.clone().sum::<f32>();
    let mut last = 0;
    for (i, w) in weights.enumerate() {
        if w > 0.0 {
            if x < w {
                return i;
            }
            last = i;
        }
        x -= w;
    }
    last
}

/// A tree and what one thread needs to grow it.
pub struct Tree<G: Playable> {
    pub nodes: Vec<Node>,
    /// The root's node: 0 in a new tree, deeper in a tree kept from an
    /// earlier search (the nodes above it are no longer reached).
    root: u32,
    pub edges: Vec<Edge<G::Move>>,
    /// Bytes the arenas and buffers may hold (the thread's share of
    /// `Hash`).
    budget: usize,
    players: usize,
    /// Greatest depth a playout reached (for `seldepth`).
    pub seldepth: u32,
    // Buffers kept between playouts (no allocation per playout).
    path: Vec<u32>,
    hashes: Vec<u64>,
    moves: Vec<G::Move>,
    outcomes: Vec<(G::Move, f64)>,
    weights: Vec<f32>,
    priors: Vec<f32>,
    /// The evaluator's state of the thread growing this tree (root
    /// parallelism: each tree is grown by one thread at a time).
    eval_state: EvalState<G>,
    /// The playouts' random choices ([`Tree::reseed`] before a search).
    rng: Pcg32,
}

impl<G: Playable> Tree<G> {
    /// A tree with the root `root` visited once.
    pub fn new(root: &G, leaf: &Leaf<G>, budget: usize) -> Tree<G> {
        let mut t = Tree {
            nodes: Vec::new(),
            root: 0,
            edges: Vec::new(),
            budget,
            players: root.num_players(),
            seldepth: 0,
            path: Vec::new(),
            hashes: Vec::new(),
            moves: Vec::new(),
            outcomes: Vec::new(),
            weights: Vec::new(),
            priors: Vec::new(),
            eval_state: EvalState::<G>::default(),
            rng: Pcg32::seed_from_u64(0),
        };
        let node = t.new_node(root, leaf, false, true);
        t.push_node(node);
        t
    }

    /// Bytes the tree holds on the heap: the capacities of its arenas and
    /// buffers (a `Vec` may hold up to twice its length).
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.capacity() * size_of::<Node>()
            + self.edges.capacity() * size_of::<Edge<G::Move>>()
            + self.buffer_bytes()
    }

    fn buffer_bytes(&self) -> usize {
        use std::mem::size_of;
        self.path.capacity() * size_of::<u32>()
            + self.hashes.capacity() * size_of::<u64>()
            + self.moves.capacity() * size_of::<G::Move>()
            + self.outcomes.capacity() * size_of::<(G::Move, f64)>()
            + (self.weights.capacity() + self.priors.capacity()) * size_of::<f32>()
    }

    /// The most edges the budget allows: each with the node it may get,
    /// beside the root's node and the buffers, with room for the buffers
    /// to grow after the last expansion (the path deepens as nodes are
    /// added to a full tree).
    fn max_edges(&self) -> usize {
        use std::mem::size_of;
        const BUFFER_GROWTH: usize = 16 << 10;
        let per_edge = size_of::<Edge<G::Move>>() + size_of::<Node>();
        self.budget
            .saturating_sub(size_of::<Node>() + self.buffer_bytes() + BUFFER_GROWTH)
            / per_edge
    }

    /// Table fill per mille: the edges made of those the budget allows.
    pub fn fill(&self) -> u32 {
        (self.edges.len() as u128 * 1000 / self.max_edges().max(1) as u128).min(1000) as u32
    }

    pub fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
    }

    /// Fixes the playouts' random choices for the next search (`Seed`, and
    /// the thread: each tree its own stream).
    pub fn reseed(&mut self, seed: u64, thread: usize) {
        self.rng = Pcg32::new(seed, 2 * thread as u64 + 1);
    }

    pub fn root(&self) -> &Node {
        &self.nodes[self.root as usize]
    }

    /// The edges of `node`.
    pub fn edges_of(&self, node: &Node) -> &[Edge<G::Move>] {
        &self.edges[node.first as usize..(node.first + node.len) as usize]
    }

    /// A node for `pos`, reached by a playout (`repeated`: its position
    /// occurred before on the way here), or the root. A position the exact
    /// tables know is proven at once, except at the root: the root's moves
    /// must be searched (and each is then proven in one playout).
    fn new_node(&mut self, pos: &G, leaf: &Leaf<G>, repeated: bool, root: bool) -> Node {
        let exact = || if root { None } else { leaf.exact(pos) };
        let (kind, value) = match pos.status() {
            Status::Over(outcome) => (Kind::Leaf, leaf.terminal(outcome)),
            _ if repeated => (Kind::Leaf, leaf.repetition()),
            Status::Decision(p) => (
                Kind::Decision(p),
                exact().unwrap_or_else(|| leaf.estimate(&mut self.eval_state, pos)),
            ),
            Status::Chance => (
                Kind::Chance,
                exact().unwrap_or_else(|| leaf.estimate(&mut self.eval_state, pos)),
            ),
        };
        Node {
            visits: 0,
            first: 0,
            len: 0,
            expanded: false,
            kind,
            value,
        }
    }

    /// Adds a node: every node but the root is some edge's child, so there
    /// are never more than `max_edges() + 1` and the arena's growth stops
    /// there.
    fn push_node(&mut self, node: Node) {
        let max = self.max_edges() + 1;
        grow(&mut self.nodes, 1, max);
        self.nodes.push(node);
    }

    /// Makes room for `count` more edges, each with the node it may get,
    /// within the budget (beyond it when `force`); false if they do not
    /// fit.
    fn reserve_edges(&mut self, count: usize, force: bool) -> bool {
        let max = self.max_edges();
        if self.edges.len() + count > max && !force {
            return false;
        }
        grow(&mut self.edges, count, max);
        true
    }

    /// Adds `node`'s edges; false, adding nothing, when they and their
    /// nodes would not fit in the budget (the node then stays a leaf), or
    /// always when `force` (the root, whose moves a search must have).
    fn expand(
        &mut self,
        node: usize,
        pos: &G,
        leaf: &Leaf<G>,
        params: &Params,
        force: bool,
    ) -> bool {
        let first = self.edges.len();
        match self.nodes[node].kind {
            Kind::Leaf => return true,
            Kind::Chance => {
                pos.outcomes(&mut self.outcomes);
                if !self.reserve_edges(self.outcomes.len(), force) {
                    return false;
                }
                for &(mv, p) in &self.outcomes {
                    self.edges.push(Edge {
                        mv,
                        prior: p as f32,
                        estimate: 0.0,
                        child: NONE,
                    });
                }
            }
            Kind::Decision(me) => {
                pos.moves(&mut self.moves);
                if !self.reserve_edges(self.moves.len(), force) {
                    return false;
                }
                let moves = &self.moves;
                leaf.estimates(&mut self.eval_state, pos, moves, me, &mut self.weights);
                let mut best = f32::MIN;
                for (&mv, &estimate) in moves.iter().zip(&self.weights) {
                    best = best.max(estimate);
                    self.edges.push(Edge {
                        mv,
                        prior: 0.0,
                        estimate,
                        child: NONE,
                    });
                }
                if leaf.policy(pos, moves, &mut self.priors) {
                    for (e, &p) in self.edges[first..].iter_mut().zip(&self.priors) {
                        e.prior = p;
                    }
                } else {
                    // Softmax of the estimates: the PUCT prior.
                    let mut sum = 0.0;
                    for e in &mut self.edges[first..] {
                        e.prior = softmax_weight(e.estimate, best, params);
                        sum += e.prior;
                    }
                    for e in &mut self.edges[first..] {
                        e.prior /= sum;
                    }
                }
            }
        }
        let n = &mut self.nodes[node];
        n.first = first as u32;
        n.len = (self.edges.len() - first) as u32;
        n.expanded = true;
        true
    }

    /// One playout from the root `root` (whose game history before it is
    /// `history`): down the tree by the policy, a new node valued by the
    /// evaluator, the value backed up, proven results propagated.
    pub fn playout(&mut self, root: &G, history: &[u64], leaf: &Leaf<G>, params: &Params) {
        let repetitions = root.repetition_limit().is_some();
        let mut pos = root.clone();
        self.path.clear();
        self.path.push(self.root);
        self.hashes.clear();
        if repetitions {
            self.hashes.extend_from_slice(history);
            self.hashes.push(pos.hash());
        }
        let mut node = self.root as usize;
        let value = loop {
            let n = &self.nodes[node];
            if n.kind == Kind::Leaf || n.value.proven {
                break n.value;
            }
            if !n.expanded {
                if n.visits == 0 {
                    break n.value;
                }
                let value = n.value;
                if !self.expand(node, &pos, leaf, params, false) {
                    // A full tree: the leaf is valued again, by a new
                    // playout when there are playouts.
                    break match params.playout {
                        Playout::None => value,
                        _ => self.rollout(&pos, leaf, params),
                    };
                }
                if self.nodes[node].len == 0 {
                    break self.nodes[node].value;
                }
            }
            let e = self.select(node, params);
            let edge = self.edges[e];
            pos.play(edge.mv);
            if edge.child != NONE {
                node = edge.child as usize;
                self.path.push(node as u32);
                if repetitions {
                    self.hashes.push(pos.hash());
                }
                continue;
            }
            let repeated = repetitions && self.hashes.contains(&pos.hash());
            let mut child = self.new_node(&pos, leaf, repeated, false);
            if params.playout != Playout::None && !child.value.proven && child.kind != Kind::Leaf {
                child.value = self.rollout(&pos, leaf, params);
            }
            self.push_node(child);
            let id = (self.nodes.len() - 1) as u32;
            self.edges[e].child = id;
            self.path.push(id);
            break self.nodes[id as usize].value;
        };
        self.seldepth = self.seldepth.max(self.path.len() as u32 - 1);
        self.backup(value);
    }

    /// The value of a playout from `pos` (not a finished game): moves by
    /// [`Params::playout`] and outcomes by their probabilities for up to
    /// [`Params::playout_plies`] plies, then the evaluator; the result
    /// if the game ends first. Never proven: it is one sample.
    fn rollout(&mut self, pos: &G, leaf: &Leaf<G>, params: &Params) -> Values {
        let mut pos = pos.clone();
        for _ in 0..params.playout_plies {
            match pos.status() {
                Status::Over(_) => break,
                Status::Chance => {
                    pos.outcomes(&mut self.outcomes);
                    match chance::draw_outcome(&self.outcomes, &mut self.rng) {
                        Some(m) => pos.play(m),
                        None => break,
                    }
                }
                Status::Decision(me) => {
                    pos.moves(&mut self.moves);
                    if self.moves.is_empty() {
                        break;
                    }
                    let pick = match params.playout {
                        Playout::Guided => self.guided_pick(&pos, me, leaf, params),
                        _ => self.rng.gen_range(0..self.moves.len()),
                    };
                    pos.play(self.moves[pick]);
                }
            }
        }
        let mut value = match pos.status() {
            Status::Over(outcome) => leaf.terminal(outcome),
            _ => leaf.estimate(&mut self.eval_state, &pos),
        };
        value.proven = false;
        value
    }

    /// A move of `self.moves` drawn by the softmax of its evaluations for
    /// the mover `me` (the PUCT prior's distribution).
    fn guided_pick(&mut self, pos: &G, me: Player, leaf: &Leaf<G>, params: &Params) -> usize {
        leaf.estimates(
            &mut self.eval_state,
            pos,
            &self.moves,
            me,
            &mut self.weights,
        );
        let best = self.weights.iter().copied().fold(f32::MIN, f32::max);
        for w in &mut self.weights {
            *w = softmax_weight(*w, best, params);
        }
        let u = self.rng.gen::<f32>();
        pick_weighted(self.weights.iter().copied(), u)
    }

    /// The edge to follow from `node`.
    fn select(&mut self, node: usize, params: &Params) -> usize {
        let widening = params.chance == Chance::Widening;
        let draw: f32 = if widening && self.nodes[node].kind == Kind::Chance {
            self.rng.gen()
        } else {
            0.0
        };
        let n = &self.nodes[node];
        let first = n.first as usize;
        let edges = &self.edges[first..first + n.len as usize];
        let parent_visits = n.visits as f32;
        let mut best = (f32::MIN, 0usize);
        match n.kind {
            Kind::Chance if widening => {
                let visited = edges.iter().filter(|e| e.child != NONE).count();
                let allowed = (parent_visits + 1.0).sqrt().ceil() as usize;
                let open = visited < allowed;
                let weight = |e: &Edge<G::Move>| {
                    if open || e.child != NONE {
                        e.prior
                    } else {
                        0.0
                    }
                };
                best.1 = pick_weighted(edges.iter().map(weight), draw);
            }
            Kind::Chance => {
                // The outcome whose visits lag its probability most: the
                // playouts follow the dice's distribution without noise.
                for (i, e) in edges.iter().enumerate() {
                    let visits = self.visits(e) as f32;
                    let lag = e.prior * (parent_visits + 1.0) - visits;
                    if lag > best.0 {
                        best = (lag, i);
                    }
                }
            }
            Kind::Decision(me) => {
                let sqrt_n = parent_visits.max(1.0).sqrt();
                let log_n = (parent_visits + 1.0).ln();
                for (i, e) in edges.iter().enumerate() {
                    let (q, visits) = if e.child == NONE {
                        (e.estimate, 0.0)
                    } else {
                        let c = &self.nodes[e.child as usize];
                        if c.value.proven {
                            // Exact: no bonus for what is known, so the
                            // playouts go where they can still prove
                            // something unless this is simply the best.
                            let q = c.value.v[me as usize];
                            if q > best.0 {
                                best = (q, i);
                            }
                            continue;
                        }
                        (c.value.v[me as usize], c.visits as f32)
                    };
                    let u = match params.policy {
                        Policy::Puct => q + params.exploration * e.prior * sqrt_n / (1.0 + visits),
                        Policy::Uct => q + params.exploration * (log_n / (1.0 + visits)).sqrt(),
                    };
                    if u > best.0 {
                        best = (u, i);
                    }
                }
            }
            Kind::Leaf => {}
        }
        first + best.1
    }

    fn visits(&self, e: &Edge<G::Move>) -> u32 {
        if e.child == NONE {
            0
        } else {
            self.nodes[e.child as usize].visits
        }
    }

    /// Adds `value` to every node of the path; a node whose children
    /// prove its value takes that value, which its ancestors then receive
    /// instead (MCTS-Solver, Winands et al. 2008, for any number of
    /// players).
    fn backup(&mut self, mut value: Values) {
        for i in (0..self.path.len()).rev() {
            let id = self.path[i] as usize;
            if !self.nodes[id].value.proven {
                if let Some(exact) = self.proven_value(id) {
                    self.nodes[id].value = exact;
                    value = exact;
                }
            }
            let n = &mut self.nodes[id];
            n.visits = n.visits.saturating_add(1);
            if !n.value.proven {
                n.value.add(&value, n.visits, self.players);
            }
        }
    }

    /// The exact value of an expanded node whose children decide it: at a
    /// decision node a child that wins for the mover, or every child
    /// proven (the best for the mover); at a chance node every outcome
    /// proven (their average by probability).
    fn proven_value(&self, id: usize) -> Option<Values> {
        let n = &self.nodes[id];
        if !n.expanded || n.len == 0 {
            return None;
        }
        let edges = self.edges_of(n);
        match n.kind {
            Kind::Leaf => None,
            Kind::Decision(me) => {
                let mut best: Option<Values> = None;
                let mut all = true;
                for e in edges {
                    let c = (e.child != NONE).then(|| &self.nodes[e.child as usize].value);
                    match c {
                        Some(v) if v.proven => {
                            if best.is_none_or(|b| Values::better_for(me, v, &b)) {
                                best = Some(*v);
                            }
                        }
                        _ => all = false,
                    }
                }
                let best = best?;
                (all || best.won_by(me)).then(|| best.after_move(me))
            }
            Kind::Chance => {
                let mut out = Values::zero();
                for e in edges {
                    let c = (e.child != NONE).then(|| &self.nodes[e.child as usize].value);
                    match c {
                        Some(v) if v.proven => out.accumulate(v, e.prior, self.players),
                        _ => return None,
                    }
                }
                Some(out)
            }
        }
    }
}

/// Grows `v` to hold `more` items beyond its length: doubling, as `Vec`
/// does (amortised copies), but not past `max` items unless `more` needs
/// it.
fn grow<T>(v: &mut Vec<T>, more: usize, max: usize) {
    let need = v.len() + more;
    if need > v.capacity() {
        let target = (v.capacity() * 2).max(4).min(max).max(need);
        v.reserve_exact(target - v.len());
    }
}

impl<G: Playable> Tree<G> {
    /// Expands the root now (a search reports every root move from its
    /// first round) and keeps only `keep` among its moves when one of them
    /// is legal (`searchmoves`).
    pub fn prepare_root(&mut self, root: &G, leaf: &Leaf<G>, params: &Params, keep: &[G::Move]) {
        let r = self.root as usize;
        if !self.nodes[r].expanded {
            self.expand(r, root, leaf, params, true);
        }
        let n = &self.nodes[r];
        let (first, len) = (n.first as usize, n.len as usize);
        let edges = &mut self.edges[first..first + len];
        if keep.is_empty() || !edges.iter().any(|e| keep.contains(&e.mv)) {
            return;
        }
        let mut kept = 0;
        for i in 0..len {
            if keep.contains(&edges[i].mv) {
                edges.swap(i, kept);
                kept += 1;
            }
        }
        self.nodes[r].len = kept as u32;
    }

    /// This tree re-rooted at the node reached from its root `old_root`
    /// by a line of at most `max_plies` whose position is `new_root` (by
    /// hash and ply); `None` if there is none or the tree is more than
    /// half full of the budget `budget` it takes on (it would soon stop
    /// growing: a new tree is better; its capacity alone may be more than
    /// a smaller `Hash` allows). The nodes are not moved, so re-rooting
    /// costs no more than the look.
    pub fn reroot(
        mut self,
        old_root: &G,
        new_root: &G,
        max_plies: usize,
        budget: usize,
    ) -> Option<Tree<G>> {
        self.budget = budget;
        if self.bytes() > budget || self.fill() > 500 {
            return None;
        }
        let id = self.find(self.root as usize, old_root, new_root, max_plies)?;
        // A node proven by the tables was never expanded: its moves would
        // have no visits, so a new tree searches them.
        let n = &self.nodes[id];
        if n.kind == Kind::Leaf || (n.value.proven && !n.expanded) {
            return None;
        }
        self.root = id as u32;
        self.seldepth = 0;
        Some(self)
    }

    fn find(&self, id: usize, pos: &G, target: &G, plies: usize) -> Option<usize> {
        if pos.ply() == target.ply() && pos.hash() == target.hash() {
            return Some(id);
        }
        if plies == 0 || pos.ply() > target.ply() {
            return None;
        }
        let n = &self.nodes[id];
        self.edges_of(n)
            .iter()
            .filter(|e| e.child != NONE)
            .find_map(|e| {
                let mut child = pos.clone();
                child.play(e.mv);
                self.find(e.child as usize, &child, target, plies - 1)
            })
    }
}
