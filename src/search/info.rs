//! What a search reports while it runs (the protocol's `info` lines) and
//! what it returns. Designed once for every search: alpha-beta reports
//! centi-unit scores and mates, expectiminimax and MCTS report expected
//! values with a win/draw/loss estimate.

/// A score from the view of the player to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreReport {
    /// Centi-units (100 = one pawn-like unit: an Abalone marble, a man…).
    Cp(i32),
    /// A proven result in N of the mover's own moves: positive = the mover
    /// wins, negative = the mover loses (UCI `score mate`).
    Mate(i32),
    /// A proven win probability of the mover, in millionths, from an
    /// exact table (Palma's endgames): the value with best play by every
    /// side and the dice as they fall. `cp` is the same value on the
    /// centi-unit scale the game's other scores use, for GUIs that read
    /// only `cp` (protocol.md, "score … wp … exact").
    Exact { ppm: u32, cp: i32 },
}

impl ScoreReport {
    /// The exact kind for win probability `p` (clamped to 0..1), shown as
    /// `cp` on the centi-unit scale.
    pub fn exact(p: f64, cp: i32) -> ScoreReport {
        ScoreReport::Exact {
            ppm: (p.clamp(0.0, 1.0) * 1e6).round() as u32,
            cp,
        }
    }

    /// The proven win probability of an exact score.
    pub fn exact_probability(self) -> Option<f64> {
        match self {
            ScoreReport::Exact { ppm, .. } => Some(f64::from(ppm) / 1e6),
            _ => None,
        }
    }

    /// The score in centi-units, a proven win probability as its `cp`;
    /// `None` for a mate.
    pub fn centi_units(self) -> Option<i32> {
        match self {
            ScoreReport::Cp(n) | ScoreReport::Exact { cp: n, .. } => Some(n),
            ScoreReport::Mate(_) => None,
        }
    }
}

/// Whether the score is exact or a bound from a failed aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// One principal-variation report (`info depth … pv …`).
#[derive(Clone, Debug, PartialEq)]
pub struct PvInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number for MultiPV.
    pub multipv: u32,
    pub score: ScoreReport,
    pub bound: Bound,
    /// Win/draw/loss per mille from the mover's view, when known.
    pub wdl: Option<[u32; 3]>,
    pub nodes: u64,
    /// Transposition table fill, per mille.
    pub hashfull: u32,
    pub time_ms: u64,
    /// The line in the game's notation, played from the root.
    pub pv: Vec<String>,
}

/// Anything a search tells while it runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    Pv(PvInfo),
    /// The root move now searched (`info currmove … currmovenumber …`).
    CurrMove {
        depth: u32,
        text: String,
        number: u32,
    },
    /// Free text (`info string …`).
    String(String),
}

/// One line of the last completed iteration (MultiPV), best first.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedLine<M> {
    /// The line from the root, its first move the line's move.
    pub pv: Vec<M>,
    /// From the root mover's view, on the protocol's scale.
    pub score: ScoreReport,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// `None` at a chance node, at a finished game, or with no legal move.
    pub best: Option<M>,
    /// The line the search expects from the root: `best` first, then the
    /// expected reply (for pondering) and so on; what the final `info … pv`
    /// prints, so `bestmove` is always its first move. Empty when there is
    /// no `best`; `[best]` when the search knows nothing beyond it.
    pub pv: Vec<M>,
    pub score: ScoreReport,
    /// What backs `score`: `Exact` for the value of a finished iteration
    /// (or of greedy's one ply), `Lower` for a lower bound that a stopped
    /// iteration proved (a move searched to its end that beat the last
    /// finished iteration); `None` when nothing does (no iteration
    /// finished, no move searched: a test opponent's pick, a search
    /// stopped at once), and `score` is not to be shown.
    pub bound: Option<Bound>,
    pub depth: u32,
    pub nodes: u64,
    /// The ranked lines of the last completed iteration (`MultiPV` of
    /// them), best first; empty when none finished. What a strength
    /// level picks among, and a review reads.
    pub lines: Vec<RankedLine<M>>,
}

impl<M> SearchResult<M> {
    /// No move, no score: a search that could not run.
    pub fn none() -> Self {
        SearchResult {
            best: None,
            pv: Vec::new(),
            score: ScoreReport::Cp(0),
            bound: None,
            depth: 0,
            nodes: 0,
            lines: Vec::new(),
        }
    }

    /// A result that only names `best` (a test opponent's pick, a
    /// fallback): no score, no line beyond the move.
    pub fn only(best: M) -> Self
    where
        M: Copy,
    {
        SearchResult {
            best: Some(best),
            pv: vec![best],
            ..SearchResult::none()
        }
    }
}

impl<M: Copy> SearchResult<M> {
    /// The expected reply, for pondering.
    pub fn ponder(&self) -> Option<M> {
        self.pv.get(1).copied()
    }
}
