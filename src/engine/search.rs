//! `go` for one game: maps the game-neutral [`GoSpec`] to the search's
//! [`Limits`] and makes the [`SearchTask`] that the engine runs on its
//! search thread: [`Searcher::think`], then the one check that the move
//! played is legal, and the [`FinalResult`] whose line starts with it
//! (protocol.md, "go").

use std::time::Duration;

use super::game::{Go, SearchTask};
use super::request::{ClockSpec, GoSpec};
use super::session::Session;
use super::{Core, SearchJob};
use super::{EngineError, FinalResult};
use crate::game::{Playable, Status};
use crate::search::{Clock, Limits, Report, Signal};

/// Checks `spec` against the session's position and makes its search.
pub fn task<G: Playable>(
    session: &Session<G>,
    spec: &GoSpec,
    core: Core,
) -> Result<Go, EngineError> {
    let root = session.position().clone();
    let mut limits = limits::<G>(&root, spec)?;
    let mut core = core;
    if let Some(n) = spec.mate {
        mate_search(&root, n, &mut limits, core.config_mut())?;
    }
    let root_moves = searchmoves(&root, &spec.searchmoves)?;
    if let Status::Over(outcome) = session.status() {
        return Ok(Go::Over(outcome.word(root.num_players())));
    }
    let history = session.history().to_vec();
    let fallback = {
        let (root, root_moves) = (root.clone(), root_moves.clone());
        move || {
            let first: Vec<G::Move> = allowed_moves(&root, &root_moves)
                .into_iter()
                .take(1)
                .collect();
            FinalResult::unsearched(line_text(&root, &first))
        }
    };
    let run = move |signal: &Signal, report: &(dyn Fn(&Report) + Sync)| {
        let job = SearchJob {
            root: &root,
            history: &history,
            root_moves: &root_moves,
            limits: &limits,
        };
        let result = core.search(&job, signal, report);
        let allowed = allowed_moves(&root, &root_moves);
        let first_allowed = || allowed.first().map(|&m| vec![m]).unwrap_or_default();
        // The engine never invents a chance outcome: at a chance node the
        // answer is `(none)` whatever the search returned. This is the one
        // legality check of a search's answer.
        let line = match result.pv.first() {
            _ if allowed.is_empty() => Vec::new(),
            Some(m) if allowed.contains(m) => result.pv.clone(),
            Some(m) => {
                report(&Report::String(format!(
                    "error: the search returned the illegal move {m:?}; playing the first legal move"
                )));
                first_allowed()
            }
            None => first_allowed(),
        };
        let lines = result
            .lines
            .iter()
            .filter(|l| l.pv.first().is_some_and(|m| allowed.contains(m)))
            .map(|l| (line_text(&root, &l.pv), l.score))
            .collect();
        FinalResult {
            lines,
            ponder: expected_reply(&root, &line),
            pv: line_text(&root, &line),
            score: result.bound.map(|b| (result.score, b)),
            depth: result.depth,
            nodes: result.nodes,
            time: Duration::ZERO,
        }
    };
    Ok(Go::Search(SearchTask {
        run: Box::new(run),
        fallback: Box::new(fallback),
    }))
}

/// `go mate N`: a forced win in at most `N` of the mover's moves is a
/// line of at most `2N − 1` plies, so alpha-beta searches that deep (or
/// to `depth`, if less) at full width: no reduction or pruning may hide
/// a defence, and the search ends once the win is proven
/// ([`Limits::mate`]). Only a game without chance and of two sides has
/// such wins.
fn mate_search<G: Playable>(
    root: &G,
    n: u32,
    limits: &mut Limits,
    config: &mut crate::search::SearchConfig,
) -> Result<(), EngineError> {
    if G::HAS_CHANCE {
        return Err(EngineError::new(format!(
            "go mate: {} has chance, where no win is forced",
            G::NAME
        )));
    }
    if root.num_teams() != 2 {
        return Err(EngineError::new(format!(
            "go mate: needs two sides; this game has {} teams",
            root.num_teams()
        )));
    }
    let plies = 2 * n - 1;
    limits.mate = Some(n);
    limits.depth = Some(limits.depth.map_or(plies, |d| d.min(plies)));
    config.algorithm = crate::search::Algorithm::AlphaBeta;
    config.lmr = false;
    config.null_move = false;
    config.shallow.mode = crate::search::alphabeta::PruningMode::Off;
    Ok(())
}

/// The moves the engine may play at `root`: the legal moves (none at a
/// chance node), within `root_moves` unless it is empty.
pub(crate) fn allowed_moves<G: Playable>(root: &G, root_moves: &[G::Move]) -> Vec<G::Move> {
    if !matches!(root.status(), Status::Decision(_)) {
        return Vec::new();
    }
    let mut legal = Vec::new();
    root.moves(&mut legal);
    legal.retain(|m| root_moves.is_empty() || root_moves.contains(m));
    legal
}

/// The reply to `line`'s first move that the engine expects: its second
/// move, when a player decides it (not a chance outcome): `bestmove …
/// ponder`, and the referee's pondering.
pub fn expected_reply<G: Playable>(root: &G, line: &[G::Move]) -> Option<String> {
    let (&first, &reply) = (line.first()?, line.get(1)?);
    let mut after = root.clone();
    after.play(first);
    matches!(after.status(), Status::Decision(_)).then(|| after.move_text(reply))
}

/// `line`'s moves in the game's notation, each played in turn from `root`.
fn line_text<G: Playable>(root: &G, line: &[G::Move]) -> Vec<String> {
    let mut pos = root.clone();
    line.iter()
        .map(|&m| {
            let text = pos.move_text(m);
            pos.play(m);
            text
        })
        .collect()
}

/// `p<k>time`/`p<k>inc` (UGI) are player k-1's clock, for any number of
/// players. `wtime`/`winc` and `btime`/`binc` are the two-player aliases:
/// `G::WHITE`'s clock and the other player's; a `p<k>` word wins over the
/// alias for the same player.
fn limits<G: Playable>(root: &G, spec: &GoSpec) -> Result<Limits, EngineError> {
    let n = root.num_players();
    if spec.players.len() > n {
        let k = spec.players.len();
        return Err(EngineError::new(format!(
            "p{k}time/p{k}inc: this game has {n} players"
        )));
    }
    let alias_given = spec.white != ClockSpec::default() || spec.black != ClockSpec::default();
    if n != 2 && alias_given {
        return Err(EngineError::new(format!(
            "wtime/btime/winc/binc are two-player clocks; this game has {n} players: use p1time…p{n}time"
        )));
    }
    let white = G::WHITE as usize;
    let given: Vec<ClockSpec> = (0..n)
        .map(|p| {
            let alias = if p == white { spec.white } else { spec.black };
            let own = spec.players.get(p).copied().unwrap_or_default();
            ClockSpec {
                time: own.time.or(alias.time),
                inc: own.inc.or(alias.inc),
            }
        })
        .collect();
    let clocks = given
        .iter()
        .map(|c| {
            c.time.map(|t| Clock {
                time: Duration::from_millis(t),
                inc: Duration::from_millis(c.inc.unwrap_or(0)),
            })
        })
        .collect();
    Ok(Limits {
        depth: spec.depth,
        nodes: spec.nodes,
        movetime: spec.movetime.map(Duration::from_millis),
        clocks,
        movestogo: spec.movestogo,
        infinite: spec.infinite,
        mate: None,
    })
}

fn searchmoves<G: Playable>(root: &G, texts: &[String]) -> Result<Vec<G::Move>, EngineError> {
    if texts.is_empty() {
        return Ok(Vec::new());
    }
    if !matches!(root.status(), Status::Decision(_)) {
        return Err(EngineError::new("searchmoves needs a decision node"));
    }
    let mut legal = Vec::new();
    root.moves(&mut legal);
    texts
        .iter()
        .map(|t| {
            root.parse_move(t)
                .ok()
                .filter(|m| legal.contains(m))
                .ok_or_else(|| {
                    EngineError::new(format!("searchmoves: '{t}' is not a legal move here"))
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::request::ClockSpec;
    use crate::game::{Game, GameOptions};
    use crate::testgames::Toy;

    fn limits_of(spec: GoSpec) -> Result<Limits, EngineError> {
        let toy = Toy::new(&GameOptions::parse("", Toy::option_specs()).unwrap()).unwrap();
        limits::<Toy>(&toy, &spec)
    }

    fn clock(time: u64, inc: u64) -> Option<Clock> {
        Some(Clock {
            time: Duration::from_millis(time),
            inc: Duration::from_millis(inc),
        })
    }

    #[test]
    fn clocks_follow_white_and_player_numbers() {
        // The toy game's WHITE is player 1, so btime is player 0's clock.
        let clock_spec = |time: u64, inc: Option<u64>| ClockSpec {
            time: Some(time),
            inc,
        };
        // go wtime 1000 btime 2000 winc 5
        let l = limits_of(GoSpec {
            white: clock_spec(1000, Some(5)),
            black: clock_spec(2000, None),
            ..GoSpec::default()
        })
        .unwrap();
        assert_eq!(l.clocks, vec![clock(2000, 0), clock(1000, 5)]);
        // go p1time 300 p1inc 3 p2time 400
        let l = limits_of(GoSpec {
            players: vec![clock_spec(300, Some(3)), clock_spec(400, None)],
            ..GoSpec::default()
        })
        .unwrap();
        assert_eq!(l.clocks, vec![clock(300, 3), clock(400, 0)]);
        // go depth 3 movestogo 7
        let l = limits_of(GoSpec {
            depth: Some(3),
            movestogo: Some(7),
            ..GoSpec::default()
        })
        .unwrap();
        assert_eq!(l.clocks, vec![None, None]);
        assert_eq!((l.depth, l.movestogo), (Some(3), Some(7)));
        // go p3time 10
        let third = GoSpec {
            players: vec![
                ClockSpec::default(),
                ClockSpec::default(),
                clock_spec(10, None),
            ],
            ..GoSpec::default()
        };
        assert!(limits_of(third).is_err());
    }
}
