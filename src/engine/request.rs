//! What the engine is asked, game-neutral: the protocol's parser builds
//! these from command lines and the engine's session reads them against
//! its game (moves and position strings stay text until then).

/// `position startpos|fen <posstring> [moves m1 m2 …]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSpec {
    /// `None` = the start position.
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// `query …` (UGI): one-word answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    GameOver,
    P1Turn,
    /// Whose turn it is, for any number of players, and at a chance node
    /// for whom the pending throw or roll is (an agon extension of UGI).
    Turn,
    Result,
}

/// One player's clock as `go` gives it, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockSpec {
    pub time: Option<u64>,
    pub inc: Option<u64>,
}

/// The arguments of `go`, still game-neutral: `wtime`/`btime` are mapped
/// to players by the session, which knows the game's `WHITE`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoSpec {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub white: ClockSpec,
    pub black: ClockSpec,
    /// `p1time`/`p1inc` … indexed by player (p1 = player 0).
    pub players: Vec<ClockSpec>,
    pub movestogo: Option<u32>,
    pub infinite: bool,
    /// The search ponders: no time limit until `ponderhit`
    /// ([`crate::engine::Engine::ponderhit`]), and no answer before it or
    /// `stop`.
    pub ponder: bool,
    /// `go mate N`: a forced win in at most `N` of the mover's moves is
    /// searched for, and the search ends when it is found.
    pub mate: Option<u32>,
    pub searchmoves: Vec<String>,
}
