//! `go` and `bench` for one game: maps the game-neutral [`GoSpec`] to the
//! search's [`Limits`], runs [`think`] on its own thread and prints the
//! `info` lines and the `bestmove` (protocol.md, "go").

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::engine::SearchContext;
use super::output::{bestmove_line, nps, report_line, score_text};
use super::parser::{shorten, ClockSpec, GoSpec};
use super::session::Session;
use crate::game::{Game, Status};
use crate::search::{think, Clock, Limits, Report, SearchConfig};

/// Checks `spec` against the position and starts the search thread.
pub fn start<G: Game>(
    session: &Session<G>,
    spec: &GoSpec,
    ctx: SearchContext,
) -> Result<Option<JoinHandle<()>>, String> {
    let root = session.position().clone();
    let limits = limits::<G>(&root, spec)?;
    let root_moves = searchmoves(&root, &spec.searchmoves)?;
    if let Status::Over(outcome) = session.status() {
        let result = outcome.word(root.num_players());
        ctx.out.line(&format!("info string game over: {result}"));
        ctx.out.line(&bestmove_line(None));
        return Ok(None);
    }
    let history = session.history().to_vec();
    let handle = thread::Builder::new()
        .name("search".into())
        .spawn(move || search_job(root, history, root_moves, limits, ctx))
        .map_err(|e| format!("cannot start the search thread: {e}"))?;
    Ok(Some(handle))
}

/// `p<k>time`/`p<k>inc` (UGI) are player k-1's clock, for any number of
/// players. `wtime`/`winc` and `btime`/`binc` are the two-player aliases:
/// `G::WHITE`'s clock and the other player's; a `p<k>` word wins over the
/// alias for the same player.
fn limits<G: Game>(root: &G, spec: &GoSpec) -> Result<Limits, String> {
    let n = root.num_players();
    if spec.players.len() > n {
        let k = spec.players.len();
        return Err(format!("p{k}time/p{k}inc: this game has {n} players"));
    }
    let alias_given = spec.white != ClockSpec::default() || spec.black != ClockSpec::default();
    if n != 2 && alias_given {
        return Err(format!(
            "wtime/btime/winc/binc are two-player clocks; this game has {n} players: use p1time…p{n}time"
        ));
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
    })
}

fn searchmoves<G: Game>(root: &G, texts: &[String]) -> Result<Vec<G::Move>, String> {
    if texts.is_empty() {
        return Ok(Vec::new());
    }
    if !matches!(root.status(), Status::Decision(_)) {
        return Err("searchmoves needs a decision node".into());
    }
    let mut legal = Vec::new();
    root.moves(&mut legal);
    texts
        .iter()
        .map(|t| {
            root.parse_move(t)
                .ok()
                .filter(|m| legal.contains(m))
                .ok_or_else(|| format!("searchmoves: '{}' is not a legal move here", shorten(t)))
        })
        .collect()
}

/// The search thread: `info` lines as the search reports, then one
/// summary line if it reported no score, then `bestmove`.
fn search_job<G: Game>(
    root: G,
    history: Vec<u64>,
    root_moves: Vec<G::Move>,
    limits: Limits,
    ctx: SearchContext,
) {
    let start = Instant::now();
    let scored = AtomicBool::new(false);
    let report = |r: &Report| {
        if matches!(r, Report::Pv(_)) {
            scored.store(true, Ordering::Relaxed);
        }
        ctx.out.line(&report_line(r, ctx.show_wdl));
    };
    let result = catch_unwind(AssertUnwindSafe(|| {
        think(
            &root,
            &history,
            &root_moves,
            &limits,
            &ctx.config,
            &ctx.stop,
            &report,
        )
    }));
    let Ok(result) = result else {
        ctx.out
            .error("the search failed (an engine bug; please report it)");
        ctx.done.store(true, Ordering::Release);
        ctx.out.line(&bestmove_line(None));
        return;
    };
    // UCI: in infinite mode `bestmove` waits for `stop`, even when the
    // search ends by itself. The `stop` command unparks this thread.
    if limits.infinite {
        while !ctx.stop.load(Ordering::Acquire) {
            thread::park_timeout(Duration::from_millis(100));
        }
    }
    let decision = matches!(root.status(), Status::Decision(_));
    let mut legal = Vec::new();
    root.moves(&mut legal);
    let allowed =
        |m: &G::Move| legal.contains(m) && (root_moves.is_empty() || root_moves.contains(m));
    // The engine never invents a chance outcome: at a chance node the
    // answer is `(none)` whatever the search returned.
    let mut best = result.best.filter(|_| decision);
    if let Some(m) = best.filter(|m| !allowed(m)) {
        ctx.out.error(&format!(
            "the search returned the illegal move {:?}; playing the first legal move",
            m
        ));
        best = None;
    }
    if decision && best.is_none() {
        best = legal.iter().copied().find(|m| allowed(m));
    }
    let best_text = best.map(|m| root.move_text(m));
    if !scored.load(Ordering::Relaxed) {
        let ms = start.elapsed().as_millis() as u64;
        let mut line = format!(
            "info depth {} score {} nodes {} nps {} time {ms}",
            result.depth,
            score_text(result.score),
            result.nodes,
            nps(result.nodes, ms)
        );
        if let Some(t) = &best_text {
            line.push_str(" pv ");
            line.push_str(t);
        }
        ctx.out.line(&line);
    }
    ctx.done.store(true, Ordering::Release);
    ctx.out.line(&bestmove_line(best_text.as_deref()));
}

/// Bench positions: the start and the positions 4 and 8 plies (or chance
/// outcomes) along the line of first moves, each at a decision node (a
/// pending chance event gets its first outcome), so the set is fixed by
/// the rules alone. Returns (positions searched, total nodes).
pub fn bench<G: Game>(start: &G, depth: u32, config: &SearchConfig) -> (usize, u64) {
    let mut positions = vec![start.clone()];
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    for ply in 1..=8 {
        match pos.status() {
            Status::Over(_) => break,
            Status::Decision(_) => {
                pos.moves(&mut moves);
                let Some(&m) = moves.first() else { break };
                pos.play(m);
            }
            Status::Chance => {
                pos.outcomes(&mut outcomes);
                let Some(&(m, _)) = outcomes.first() else {
                    break;
                };
                pos.play(m);
            }
        }
        if ply % 4 == 0 {
            positions.push(pos.clone());
        }
    }
    // A search of a chance node only averages its children; bench the
    // decision node after the first outcome instead.
    for p in &mut positions {
        if p.status() == Status::Chance {
            p.outcomes(&mut outcomes);
            if let Some(&(m, _)) = outcomes.first() {
                p.play(m);
            }
        }
    }
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(depth);
    let nodes = positions
        .iter()
        // A fresh table per position keeps the node count a deterministic
        // signature, whatever was searched before in the session.
        .map(|p| {
            crate::search::Searcher::new(config.hash_mb)
                .think(p, &[], &[], &limits, config, &stop, &|_| {})
                .nodes
        })
        .sum();
    (positions.len(), nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;
    use crate::protocol::parser::{parse, Command};
    use crate::protocol::toy::Toy;

    fn limits_of(line: &str) -> Result<Limits, String> {
        let Ok(Some(Command::Go(spec))) = parse(line) else {
            panic!("{line} did not parse")
        };
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
        let l = limits_of("go wtime 1000 btime 2000 winc 5").unwrap();
        assert_eq!(l.clocks, vec![clock(2000, 0), clock(1000, 5)]);
        let l = limits_of("go p1time 300 p1inc 3 p2time 400").unwrap();
        assert_eq!(l.clocks, vec![clock(300, 3), clock(400, 0)]);
        let l = limits_of("go depth 3 movestogo 7").unwrap();
        assert_eq!(l.clocks, vec![None, None]);
        assert_eq!((l.depth, l.movestogo), (Some(3), Some(7)));
        assert!(limits_of("go p3time 10").is_err());
    }
}
