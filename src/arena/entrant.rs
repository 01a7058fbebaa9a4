//! An engine entered in a match: a built-in agon configuration searched in
//! this process, or an external program spoken to through the protocol;
//! and the [`Runner`] that asks either one for a move.
//!
//! Both are written as `key=value` pairs separated by commas. An entrant
//! with `cmd=` is external:
//!
//! `cmd=/path/agon,arg=--flag,dir=/tmp,proto=uci,name=old,option.Hash=64,tc=10+0.1`
//!
//! (`arg=` once per argument, in order; `option.<Name>=<value>` sent as
//! `setoption` in the order given, after `Game` and `GameOptions`, each
//! only if the engine announced it: one that it did not is an error
//! before the first game). Any other entrant is built in and takes the
//! settings of [`EngineSpec`]. Both take the limits `tc=BASE+INC`
//! (seconds), `movetime=`, `depth=`, `nodes=` and `timeout=` (ms a search
//! without a time limit may take), and `ponder=on`: the engine thinks on
//! its opponent's time, as cutechess and fastchess let it ([`Runner::ponder`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::control::{parse_tc, TimeControl};
use super::external::{Dialect, ExternalSpec, Process, SETUP_DEADLINE};
use super::fault::{Failure, Fault};
use super::EngineSpec;
use crate::engine::search::expected_reply;
use crate::engine::{Core, SearchJob};
use crate::game::{GameError, Playable, Player};
use crate::search::{Clock, ScoreReport, SearchResult, Signal};

/// How an entrant plays.
#[derive(Clone, Debug)]
pub enum EngineKind {
    /// Boxed: its search settings make it several times larger.
    Builtin(Box<EngineSpec>),
    External(ExternalSpec),
}

/// An engine entered in a match.
#[derive(Clone, Debug)]
pub struct Entrant {
    pub name: String,
    pub engine: EngineKind,
    pub control: TimeControl,
}

impl Entrant {
    /// A built-in engine, its limits taken from its settings.
    pub fn builtin(spec: EngineSpec) -> Entrant {
        let control = TimeControl {
            movetime: spec.limits.movetime,
            depth: spec.limits.depth,
            nodes: spec.limits.nodes,
            ..TimeControl::default()
        };
        Entrant {
            name: spec.name.clone(),
            engine: EngineKind::Builtin(Box::new(spec)),
            control,
        }
    }

    /// Parses an entrant (see the module documentation).
    pub fn parse(text: &str) -> Result<Entrant, GameError> {
        let parts: Vec<(&str, &str)> = text
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|part| {
                part.split_once('=').ok_or_else(|| {
                    GameError::new(format!("engine setting '{part}' is not key=value"))
                })
            })
            .collect::<Result<_, _>>()?;
        if parts.iter().any(|(k, _)| *k == "cmd") {
            return parse_external(text, &parts);
        }
        // The clock keys are the referee's; the rest configure the search.
        let mut clock = None;
        let mut timeout = None;
        let mut rest = Vec::new();
        for &(key, value) in &parts {
            match key {
                "tc" => clock = Some(parse_tc(value)?),
                "timeout" => timeout = Some(millis(key, value)?),
                _ => rest.push(format!("{key}={value}")),
            }
        }
        let mut spec = EngineSpec::parse(&rest.join(","))?;
        if !parts.iter().any(|(k, _)| *k == "name") {
            spec.name = text.to_string();
        }
        let mut entrant = Entrant::builtin(spec);
        entrant.control.clock = clock;
        entrant.control.timeout = timeout;
        Ok(entrant)
    }

    /// A built-in entrant's spec (`None`: an external program).
    pub fn builtin_spec(&self) -> Option<&EngineSpec> {
        match &self.engine {
            EngineKind::Builtin(spec) => Some(spec),
            EngineKind::External(_) => None,
        }
    }
}

fn millis(key: &str, value: &str) -> Result<Duration, GameError> {
    value
        .parse::<u64>()
        .map(Duration::from_millis)
        .map_err(|_| {
            GameError::new(format!(
                "engine setting '{key}' needs milliseconds, not '{value}'"
            ))
        })
}

fn parse_external(text: &str, parts: &[(&str, &str)]) -> Result<Entrant, GameError> {
    let mut spec = ExternalSpec {
        command: PathBuf::new(),
        args: Vec::new(),
        dir: None,
        dialect: Dialect::Uci,
        options: Vec::new(),
        ponder: false,
    };
    let mut name = None;
    let mut control = TimeControl::default();
    let number = |key: &str, value: &str| {
        value.parse::<u64>().map_err(|_| {
            GameError::new(format!(
                "engine setting '{key}' needs a number, not '{value}'"
            ))
        })
    };
    for &(key, value) in parts {
        match key {
            "cmd" => spec.command = PathBuf::from(value),
            "arg" => spec.args.push(value.to_string()),
            "dir" => spec.dir = Some(PathBuf::from(value)),
            "proto" => {
                spec.dialect = Dialect::from_name(value).ok_or_else(|| {
                    GameError::new(format!("engine setting 'proto' is uci or ugi, not '{value}'"))
                })?
            }
            "name" => name = Some(value.to_string()),
            "ponder" => {
                spec.ponder = match value {
                    "on" => true,
                    "off" => false,
                    _ => {
                        return Err(GameError::new(format!(
                            "engine setting 'ponder' is on or off, not '{value}'"
                        )))
                    }
                }
            }
            "tc" => control.clock = Some(parse_tc(value)?),
            "movetime" => control.movetime = Some(millis(key, value)?),
            "timeout" => control.timeout = Some(millis(key, value)?),
            "depth" => control.depth = Some(number(key, value)?.min(u64::from(u32::MAX)) as u32),
            "nodes" => control.nodes = Some(number(key, value)?),
            _ => match key.strip_prefix("option.") {
                Some(option) if !option.is_empty() => {
                    spec.options.push((option.to_string(), value.to_string()))
                }
                _ => {
                    return Err(GameError::new(format!(
                        "unknown setting '{key}' of an external engine (known: cmd, arg, dir, proto, name, option.<Name>, ponder, tc, movetime, depth, nodes, timeout)"
                    )))
                }
            },
        }
    }
    if spec.command.as_os_str().is_empty() {
        return Err(GameError::new(format!("engine '{text}': cmd= is empty")));
    }
    let name = name.unwrap_or_else(|| {
        spec.command
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| text.to_string())
    });
    Ok(Entrant {
        name,
        engine: EngineKind::External(spec),
        control,
    })
}

/// What the referee asks for one move.
pub struct MoveRequest<'a, G: Playable> {
    /// The position the game started from, and every move and chance
    /// outcome since, in notation (what an external engine is sent).
    pub start: &'a G,
    pub moves: &'a [String],
    /// The same game as a position and the hashes of those before it.
    pub pos: &'a G,
    pub history: &'a [u64],
    /// What is left on each player's clock (with its increment).
    pub clocks: &'a [Option<Clock>],
    pub control: &'a TimeControl,
    /// How long to wait for the answer before calling it a hang.
    pub wait: Duration,
}

/// An engine's answer: the word after `bestmove`, the time it took, the
/// score and depth of its last `info` line that had them, the reply it
/// expects (`bestmove <m> ponder <reply>`), and whether it was pondering
/// when asked.
#[derive(Clone, Debug)]
pub struct Answer {
    pub word: String,
    pub used: Duration,
    pub score: Option<ScoreReport>,
    pub depth: Option<u32>,
    pub ponder: Option<String>,
    pub pondered: Pondered,
}

/// What the engine was pondering on when asked for a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pondered {
    /// Nothing (it does not ponder, or had nothing to ponder on).
    #[default]
    No,
    /// This very position: `ponderhit`.
    Hit,
    /// Another one: `stop`, and a search of its own.
    Miss,
}

/// An entrant ready to play, for one worker of a match: the engine, and
/// the search it runs on its opponent's time, if any.
pub struct Runner {
    ready: Ready,
    pondering: Option<Pondering>,
}

/// A search on the opponent's time, of the position after `moves`: the
/// one the engine expects to be asked about next.
struct Pondering {
    moves: Vec<String>,
    /// A built-in engine's search thread and its `ponderhit`/`stop`; an
    /// external engine ponders in its own process.
    thread: Option<(Arc<Signal>, JoinHandle<Answer>)>,
}

impl Pondering {
    /// Ends the search (its answer is of no use) and waits for its
    /// thread.
    fn stop(&mut self) {
        if let Some((signal, handle)) = self.thread.take() {
            signal.stop();
            let _ = handle.join();
        }
    }
}

impl Drop for Pondering {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The engine of a [`Runner`].
enum Ready {
    Builtin {
        spec: EngineSpec,
        /// Kept for the whole match: table, threads, evaluation (boxed:
        /// its weight set makes it large).
        core: Box<Core>,
    },
    External {
        spec: ExternalSpec,
        game: String,
        options: String,
        /// `None` after a fault: started again before the next game.
        process: Option<Process>,
    },
}

impl Runner {
    /// Makes the entrant ready for `game` with its variant `options`; an
    /// external engine is started now, so a wrong command is an error
    /// before the first game.
    pub fn start(entrant: &Entrant, game: &str, options: &str) -> Result<Runner, Failure> {
        let ready = match &entrant.engine {
            EngineKind::Builtin(spec) => Ready::Builtin {
                spec: spec.as_ref().clone(),
                // A table that cannot be made is an engine that cannot start.
                core: Box::new(
                    Core::new(spec.config.clone())
                        .map_err(|e| Failure::new(Fault::Crash, e.to_string()))?
                        .with_weights(spec.weights),
                ),
            },
            EngineKind::External(spec) => Ready::External {
                process: Some(Process::start(spec, game, options)?),
                spec: spec.clone(),
                game: game.to_string(),
                options: options.to_string(),
            },
        };
        Ok(Runner {
            ready,
            pondering: None,
        })
    }

    /// Whether the engine thinks on its opponent's time (`ponder=on`).
    pub fn ponders(&self) -> bool {
        match &self.ready {
            Ready::Builtin { spec, .. } => spec.config.ponder,
            Ready::External { spec, .. } => spec.ponder,
        }
    }

    /// Prepares a new game from `start`: a built-in engine forgets its
    /// table and builds its evaluator's tables (Palma's race table) before
    /// its clock runs, as the protocol does at `position`; an external one
    /// is restarted if it failed, and told a new game starts.
    pub fn new_game<G: Playable>(&mut self, start: &G) -> Result<(), Failure> {
        self.end_ponder();
        match &mut self.ready {
            Ready::Builtin { core, .. } => {
                core.new_game();
                core.prepare(start)
                    .map_err(|e| Failure::new(Fault::Crash, e.to_string()))
            }
            Ready::External {
                spec,
                game,
                options,
                process,
            } => {
                let running = match process.take() {
                    Some(p) => p,
                    None => Process::start(spec, game, options)?,
                };
                let p = process.insert(running);
                let result = p.new_game(spec.dialect);
                if result.is_err() {
                    *process = None;
                }
                result
            }
        }
    }

    /// Ends the engine's process after a fault (a built-in engine has
    /// none); it starts again with the next game.
    pub fn discard(&mut self) {
        self.pondering = None;
        if let Ready::External { process, .. } = &mut self.ready {
            *process = None;
        }
    }

    /// Starts a search of `request`'s position on the opponent's time (UCI
    /// `go ponder`): the position after the reply the engine expects, or,
    /// in a dice game, the chance node after its own move. It runs until
    /// [`Runner::think`] is asked about the same position (`ponderhit`:
    /// the search goes on as a timed one, its clock started then) or
    /// another one (`stop`, its answer dropped, and a search of its own).
    pub fn ponder<G: Playable>(&mut self, request: &MoveRequest<G>) -> Result<(), Failure> {
        self.end_ponder();
        let thread = match &mut self.ready {
            Ready::Builtin { spec, core } => {
                let mut limits = spec.limits.clone();
                limits.clocks = request.clocks.to_vec();
                core.prepare_tables(request.pos);
                let signal = Arc::new(Signal::pondering());
                let (core, pos, history) = (
                    core.as_ref().clone(),
                    request.pos.clone(),
                    request.history.to_vec(),
                );
                let heard = Arc::clone(&signal);
                let handle = std::thread::Builder::new()
                    .name("ponder".into())
                    .spawn(move || {
                        let job = SearchJob {
                            history: &history,
                            ..SearchJob::new(&pos, &limits)
                        };
                        let result = core.search(&job, &heard, &|_| {});
                        builtin_answer(&pos, &result, Duration::ZERO)
                    })
                    .map_err(|e| Failure::new(Fault::Crash, format!("cannot ponder: {e}")))?;
                Some((signal, handle))
            }
            Ready::External { spec, process, .. } => {
                let Some(p) = process.as_mut() else {
                    return Err(Failure::new(Fault::Crash, "the engine is not running"));
                };
                let position = position_line(request.start, request.moves);
                let go = go_line::<G>(spec.dialect, request.clocks, request.control);
                let go = format!("go ponder{}", go.strip_prefix("go").unwrap_or(""));
                if let Err(failure) = p.ponder(&position, &go) {
                    *process = None;
                    return Err(failure);
                }
                None
            }
        };
        self.pondering = Some(Pondering {
            moves: request.moves.to_vec(),
            thread,
        });
        Ok(())
    }

    /// Ends a search on the opponent's time, if one runs, dropping its
    /// answer (the game went elsewhere, or ended). An external engine
    /// that does not answer its `stop` is discarded (started again for
    /// the next game).
    pub fn end_ponder(&mut self) {
        if let Some(pondering) = self.pondering.take() {
            self.drop_ponder(pondering);
        }
    }

    /// Stops `pondering` and drops its answer ([`Runner::end_ponder`]).
    fn drop_ponder(&mut self, mut pondering: Pondering) {
        pondering.stop();
        if let Ready::External { process, .. } = &mut self.ready {
            if let Some(p) = process.as_mut() {
                if p.stop_ponder(SETUP_DEADLINE).is_err() {
                    *process = None;
                }
            }
        }
    }

    /// The answer of the search that pondered on `request`'s position,
    /// after `ponderhit`: the time used counts from there.
    fn ponderhit(&mut self, mut pondering: Pondering, wait: Duration) -> Result<Answer, Failure> {
        if let Some((signal, handle)) = pondering.thread.take() {
            let hit = Instant::now();
            signal.ponderhit();
            let mut answer = handle
                .join()
                .map_err(|_| Failure::new(Fault::Crash, "the pondering search failed"))?;
            answer.used = hit.elapsed();
            return Ok(answer);
        }
        let Ready::External { process, .. } = &mut self.ready else {
            return Err(Failure::new(Fault::Crash, "no pondering search"));
        };
        let Some(p) = process.as_mut() else {
            return Err(Failure::new(Fault::Crash, "the engine is not running"));
        };
        let answer = p.ponderhit(wait);
        if answer.is_err() {
            *process = None;
        }
        answer
    }

    /// Asks for a move: the answer of the search that pondered on this
    /// very position, or a search of its own.
    pub fn think<G: Playable>(&mut self, request: &MoveRequest<G>) -> Result<Answer, Failure> {
        let mut pondered = Pondered::No;
        if let Some(pondering) = self.pondering.take() {
            if pondering.moves == request.moves {
                let answer = self.ponderhit(pondering, request.wait);
                return answer.map(|a| Answer {
                    pondered: Pondered::Hit,
                    ..a
                });
            }
            self.drop_ponder(pondering);
            pondered = Pondered::Miss;
        }
        let answer = self.search(request);
        answer.map(|a| Answer { pondered, ..a })
    }

    /// A search of `request`'s position from scratch (`go`).
    fn search<G: Playable>(&mut self, request: &MoveRequest<G>) -> Result<Answer, Failure> {
        match &mut self.ready {
            Ready::Builtin { spec, core } => {
                let mut limits = spec.limits.clone();
                limits.clocks = request.clocks.to_vec();
                // As the protocol at `position`: tables the search would
                // build on first use are built before its clock runs.
                core.prepare_tables(request.pos);
                let began = Instant::now();
                // `agon match` checked the weights against the game first
                // (and `new_game` made the evaluator): an error here would
                // be reported and answered with no move.
                let job = SearchJob {
                    history: request.history,
                    ..SearchJob::new(request.pos, &limits)
                };
                let result = core.search(&job, &Signal::new(), &|_| {});
                Ok(builtin_answer(request.pos, &result, began.elapsed()))
            }
            Ready::External { spec, process, .. } => {
                let Some(p) = process.as_mut() else {
                    return Err(Failure::new(Fault::Crash, "the engine is not running"));
                };
                let position = position_line(request.start, request.moves);
                let go = go_line::<G>(spec.dialect, request.clocks, request.control);
                let answer = p.go(&position, &go, request.wait);
                if answer.is_err() {
                    *process = None;
                }
                answer
            }
        }
    }
}

/// A built-in engine's answer: its move, score and depth, and the reply
/// its line expects (when a player decides it: no throw).
fn builtin_answer<G: Playable>(pos: &G, result: &SearchResult<G::Move>, used: Duration) -> Answer {
    let word = match result.best {
        Some(m) => pos.move_text(m),
        None => "(none)".to_string(),
    };
    let ponder = expected_reply(pos, &result.pv);
    let shown = result.bound.is_some();
    Answer {
        word,
        used,
        score: shown.then_some(result.score),
        depth: shown.then_some(result.depth),
        ponder,
        pondered: Pondered::No,
    }
}

/// `position fen <start> [moves …]`: the whole game from its first
/// position, chance outcomes included (protocol.md: Chance events).
pub fn position_line<G: Playable>(start: &G, moves: &[String]) -> String {
    let mut line = format!("position fen {}", start.position());
    if !moves.is_empty() {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// `go` with the clocks of every player and the mover's own limits. The
/// UCI dialect names a two-player game's clocks `wtime`/`btime` (White is
/// the game's `WHITE` player); UGI, and any game of more players, numbers
/// them `p1time`, `p2time`, …
pub fn go_line<G: Playable>(
    dialect: Dialect,
    clocks: &[Option<Clock>],
    control: &TimeControl,
) -> String {
    let mut line = String::from("go");
    let by_colour = dialect == Dialect::Uci && clocks.len() == 2;
    for (p, clock) in clocks.iter().enumerate() {
        let Some(clock) = clock else { continue };
        let prefix = if by_colour {
            if p == usize::from(G::WHITE as Player) {
                "w".to_string()
            } else {
                "b".to_string()
            }
        } else {
            format!("p{}", p + 1)
        };
        line.push_str(&format!(
            " {prefix}time {} {prefix}inc {}",
            clock.time.as_millis(),
            clock.inc.as_millis()
        ));
    }
    if let Some(m) = control.movetime {
        line.push_str(&format!(" movetime {}", m.as_millis()));
    }
    if let Some(d) = control.depth {
        line.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = control.nodes {
        line.push_str(&format!(" nodes {n}"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions, Notation};
    use crate::games::abalone::Abalone;

    #[test]
    fn an_entrant_with_cmd_is_external_with_its_options_in_order() {
        let e = Entrant::parse(
            "cmd=/bin/agon,arg=-x,arg=y z,dir=/tmp,proto=ugi,option.Hash=16,option.Threads=2,tc=10+0.1,name=old",
        )
        .unwrap();
        assert_eq!(e.name, "old");
        let EngineKind::External(spec) = &e.engine else {
            panic!("not external: {e:?}");
        };
        assert_eq!(spec.args, ["-x", "y z"]);
        assert_eq!(spec.dialect, Dialect::Ugi);
        assert_eq!(
            spec.options,
            [("Hash".into(), "16".into()), ("Threads".into(), "2".into())]
        );
        assert_eq!(
            e.control.clock.map(|c| c.inc),
            Some(Duration::from_millis(100))
        );
        assert_eq!(Entrant::parse("cmd=/a/b").unwrap().name, "b");
        for bad in [
            "cmd=/a,proto=xboard",
            "cmd=/a,colour=red",
            "cmd=",
            "cmd=/a,tc=x",
            "cmd=/a,option.=1",
        ] {
            assert!(Entrant::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_builtin_entrant_takes_the_clock_keys_and_passes_the_rest_on() {
        let e = Entrant::parse("search=greedy,tc=5+0.05,movetime=30").unwrap();
        let EngineKind::Builtin(spec) = &e.engine else {
            panic!("not built in");
        };
        assert_eq!(spec.config.algorithm, crate::search::Algorithm::Greedy);
        assert_eq!(e.control.movetime, Some(Duration::from_millis(30)));
        assert_eq!(
            e.control.clock.map(|c| c.time),
            Some(Duration::from_secs(5))
        );
        assert!(Entrant::parse("search=greedy,tc=5+").is_err());
        assert!(Entrant::parse("colour=red").is_err());
    }

    #[test]
    fn go_names_the_clocks_by_dialect() {
        let clocks = [
            Some(Clock {
                time: Duration::from_millis(9000),
                inc: Duration::from_millis(100),
            }),
            Some(Clock {
                time: Duration::from_millis(8000),
                inc: Duration::from_millis(100),
            }),
        ];
        let control = TimeControl {
            depth: Some(3),
            ..TimeControl::default()
        };
        // Abalone's White is player 1 (black moves first).
        let white = usize::from(Abalone::WHITE);
        let uci = go_line::<Abalone>(Dialect::Uci, &clocks, &control);
        let w_ms = clocks[white].unwrap().time.as_millis();
        assert!(uci.contains(&format!("wtime {w_ms} winc 100")), "{uci}");
        assert!(uci.ends_with("depth 3"), "{uci}");
        let ugi = go_line::<Abalone>(Dialect::Ugi, &clocks, &control);
        assert!(
            ugi.starts_with("go p1time 9000 p1inc 100 p2time 8000"),
            "{ugi}"
        );
        let start = Abalone::new(&GameOptions::defaults(Abalone::option_specs())).unwrap();
        assert!(!position_line(&start, &[]).contains("moves"));
    }
}
