//! `go` and `bench` for one game: maps the game-neutral [`GoSpec`] to the
//! search's [`Limits`], runs [`Searcher::think`] on its own thread and prints the
//! `info` lines and the `bestmove` (protocol.md, "go").

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::engine::SearchContext;
use super::output::{bestmove_line, nps, report_line, score_text};
use super::parser::{shorten, ClockSpec, GoSpec};
use super::session::Session;
use crate::game::{Playable, Status};
use crate::search::{Bound, Clock, Limits, Report, Request, SearchConfig};

/// Checks `spec` against the position and starts the search thread.
pub fn start<G: Playable>(
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
fn limits<G: Playable>(root: &G, spec: &GoSpec) -> Result<Limits, String> {
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

fn searchmoves<G: Playable>(root: &G, texts: &[String]) -> Result<Vec<G::Move>, String> {
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

/// The search thread: `info` lines as the search reports, then a final
/// `info` line with the search's totals and the line of the move it plays
/// (so `bestmove` is always the first move of the last PV printed, also
/// after `stop` or a timed stop inside an iteration), then `bestmove`.
fn search_job<G: Playable>(
    root: G,
    history: Vec<u64>,
    root_moves: Vec<G::Move>,
    limits: Limits,
    ctx: SearchContext,
) {
    let start = Instant::now();
    let report = |r: &Report| ctx.out.line(&report_line(r, ctx.show_wdl));
    let result = catch_unwind(AssertUnwindSafe(|| {
        let req = Request {
            root: &root,
            history: &history,
            root_moves: &root_moves,
            limits: &limits,
            config: &ctx.config,
            evaluator: G::Evaluator::default(),
        };
        ctx.searcher.think(&req, &ctx.stop, &report)
    }));
    let Ok(result) = result else {
        ctx.out
            .error("the search failed (an engine bug; please report it)");
        ctx.done.store(true, Ordering::Release);
        ctx.out.line(&bestmove_line(None));
        return;
    };
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
    // The search's own line when it starts with the move played (always,
    // unless the move was replaced above).
    let line: Vec<G::Move> = match best {
        Some(b) if result.pv.first() == Some(&b) => result.pv.clone(),
        Some(b) => vec![b],
        None => Vec::new(),
    };
    let mut pos = root.clone();
    let pv: Vec<String> = line
        .iter()
        .map(|&m| {
            let text = pos.move_text(m);
            pos.play(m);
            text
        })
        .collect();
    let ms = start.elapsed().as_millis() as u64;
    // A score only where a search backs it: a finished iteration's value
    // or a bound a stopped one proved.
    let score = match result.bound {
        None => String::new(),
        Some(Bound::Exact) => format!(" score {}", score_text(result.score)),
        Some(Bound::Lower) => format!(" score {} lowerbound", score_text(result.score)),
        Some(Bound::Upper) => format!(" score {} upperbound", score_text(result.score)),
    };
    let mut line = format!(
        "info depth {}{score} nodes {} nps {} time {ms}",
        result.depth,
        result.nodes,
        nps(result.nodes, ms)
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    ctx.out.line(&line);
    ctx.done.store(true, Ordering::Release);
    ctx.out.line(&bestmove_line(best_text.as_deref()));
}

/// The bench of `G` ([`crate::bench`]; its positions are tested to parse),
/// until `stop`.
pub fn bench<G: Playable>(
    _start: &G,
    depth: u32,
    config: &SearchConfig,
    stop: &AtomicBool,
) -> crate::bench::Totals {
    crate::bench::run::<G>(depth, config, stop).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions};
    use crate::protocol::parser::{parse, Command};
    use crate::testgames::Toy;

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
