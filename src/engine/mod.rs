//! The engine (Stockfish's `Engine`, behind its UCI layer): the value that
//! owns the game session (position and history), the [`Searcher`] (table,
//! threads, what searches keep), the search settings and the seeded
//! generator of `chance`, and runs the long jobs — a search, a perft, the
//! bench — on a thread of their own, one at a time. It knows no protocol:
//! [`Engine::go`] reports through [`Callbacks`] (`on_info` as the search
//! goes, `on_bestmove` with the [`FinalResult`]), and the protocol
//! formats what it receives.
//!
//! A panic in a search is a bug; it is isolated in one place, the search
//! thread ([`Engine::go`]), which then answers the first legal move so
//! that the engine stays up.
//!
//! - [`core`]: [`Core`], the engine value every door searches through;
//! - [`bench`]: the bench, the search's regression signature (the
//!   protocol's `bench` and `agon bench`);
//! - [`error`]: [`EngineError`], what a request to it may end with;
//! - [`game`]: the object-safe [`GameSession`] and the [`Catalog`] of games;
//! - [`session`]: [`session::Session`], a session of one game type;
//! - [`search`]: `go` for one game (limits, the one legality check);
//! - [`request`]: what the engine is asked (`go`, `position`, `query`);
//! - [`skill`]: strength levels (`Skill`, `UCI_LimitStrength`, `UCI_Elo`).

pub mod bench;
pub mod core;
pub mod error;
pub mod game;
pub mod request;
pub mod search;
pub mod session;
pub mod skill;

pub use self::core::{Core, SearchJob};
pub use error::EngineError;
pub use game::{Catalog, GameSession, Go, MakeGame, PerftTask, SearchTask};
pub use request::{ClockSpec, GoSpec, PositionSpec, Query};

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64;

use crate::engine::bench::Totals;
use crate::game::GameError;
use crate::nnue::Network;
use crate::search::{Bound, Report, ScoreReport, Signal};
use crate::settings::{self, Setting};

/// What a search ends with: the move played and its line, its score, and
/// the totals. The move played is always the line's first move.
#[derive(Clone, Debug, PartialEq)]
pub struct FinalResult {
    /// The line in the game's notation, the move played first; empty when
    /// there is none (a chance node, no legal move).
    pub pv: Vec<String>,
    /// The score and what backs it: `None` when no finished iteration or
    /// proved bound does.
    pub score: Option<(ScoreReport, Bound)>,
    /// The last completed iteration.
    pub depth: u32,
    /// Every thread's nodes up to the stop.
    pub nodes: u64,
    pub time: Duration,
    /// The ranked lines of the last completed iteration (`MultiPV` of
    /// them), best first, each in the game's notation with its score.
    pub lines: Vec<(Vec<String>, ScoreReport)>,
    /// The reply the engine expects, for `bestmove … ponder …`: the
    /// line's second move when a player decides it (none where a throw
    /// follows the move: a dice game ponders on that chance node).
    pub ponder: Option<String>,
}

impl FinalResult {
    /// A result with no search behind it: `pv` and nothing else.
    pub fn unsearched(pv: Vec<String>) -> FinalResult {
        FinalResult {
            pv,
            score: None,
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            lines: Vec::new(),
            ponder: None,
        }
    }

    /// The move played: the first of the line.
    pub fn best(&self) -> Option<&str> {
        self.pv.first().map(String::as_str)
    }
}

/// How a search tells what it does.
pub struct Callbacks {
    /// Each report as the search goes (on the search thread).
    pub on_info: Box<dyn Fn(&Report) + Send + Sync>,
    /// The result, once, after the last `on_info`.
    pub on_bestmove: Box<dyn FnOnce(&FinalResult) + Send>,
}

/// What [`Engine::go`] did.
#[derive(Debug, PartialEq, Eq)]
pub enum Started {
    /// The search runs; `on_bestmove` will come.
    Search,
    /// The game is over (its result word): nothing was searched and no
    /// callback will come.
    Over(String),
}

/// The job running on the engine's job thread.
struct Running {
    handle: JoinHandle<()>,
    /// `stop` and `ponderhit` for the job.
    signal: Arc<Signal>,
    /// Set by the job just before its last callback, so that a command
    /// sent in reply to that never finds the job "running".
    done: Arc<AtomicBool>,
}

/// One engine: a game session and the [`Core`] (table, threads,
/// settings, evaluation resources) every search of it runs on.
pub struct Engine {
    catalog: Catalog,
    session: Box<dyn GameSession>,
    /// The `GameOptions` text `session` was made with.
    game_options: String,
    /// Made at start-up; `Hash` and `Threads` remake its searcher while
    /// no job runs (a running search holds a clone).
    core: Core,
    /// Draws the outcomes of [`Engine::play_chance`]; seeded by `Seed`.
    rng: Pcg64,
    running: Option<Running>,
}

impl Engine {
    /// An engine at the first game's start with the settings' defaults.
    /// `Err` when not even that can be made; `Ok` with a warning when the
    /// default table could not be had and a 1 MiB one is used instead.
    pub fn new(catalog: Catalog) -> Result<(Engine, Option<String>), EngineError> {
        let first = catalog
            .games
            .first()
            .ok_or_else(|| EngineError::new("no game to play"))?;
        let session = (catalog.make)(first, "")
            .map_err(|e| EngineError::new(format!("cannot start game {first}: {e}")))?;
        let (core, warning) = Core::new_or_small(settings::default_config())?;
        let engine = Engine {
            rng: Pcg64::seed_from_u64(core.config().seed),
            core,
            catalog,
            session,
            game_options: String::new(),
            running: None,
        };
        Ok((engine, warning))
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The game session (position, history and the commands that read it).
    pub fn session(&self) -> &dyn GameSession {
        &*self.session
    }

    /// The `eval` command's terms, by the evaluator the settings select.
    /// The `d` lines of the position, the exact tables' verdict with them.
    pub fn display(&self) -> Vec<String> {
        self.session.display(&self.core)
    }

    pub fn eval(&self) -> Result<Vec<(String, i32)>, EngineError> {
        self.session.eval(&self.core)
    }

    /// See [`GameSession::set_position`].
    /// The exact tables the position may need are built here, before a
    /// `go` can start a clock ([`GameSession::prepare_tables`]).
    pub fn set_position(&mut self, spec: &PositionSpec) -> Result<(), EngineError> {
        self.session.set_position(spec)?;
        self.session.prepare_tables(&self.core);
        Ok(())
    }

    /// At a chance node: draws an outcome with the seeded generator, plays
    /// it and returns its token.
    pub fn play_chance(&mut self) -> Result<String, EngineError> {
        self.session.play_chance(&mut self.rng)
    }

    /// A new game (`ucinewgame`): stops the job (its answer is of no use,
    /// and the table must not be wiped under it), forgets what searches
    /// learnt, reseeds the generator, and sets the start position.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.stop();
        self.rng = Pcg64::seed_from_u64(self.core.config().seed);
        self.core.new_game();
        // Through `set_position`: a new game builds the game's exact
        // tables before a GUI's or a referee's clock starts.
        self.set_position(&PositionSpec {
            fen: None,
            moves: Vec::new(),
        })
    }

    /// Applies a search setting (the others — `Game`, `GameOptions`,
    /// `UCI_ShowWDL` — are not the engine's: unchanged). `Threads` and
    /// `Hash` remake the searcher and `Clear Hash` empties it, never
    /// while a job runs; on error the
    /// engine is unchanged and the message is the whole error.
    pub fn apply(&mut self, setting: &Setting) -> Result<(), EngineError> {
        let idle = matches!(
            setting,
            Setting::Threads(_) | Setting::Hash(_) | Setting::ClearHash
        );
        if idle && self.busy() {
            return Err(EngineError::Busy);
        }
        match *setting {
            Setting::Threads(n) => self.core.set_threads(n)?,
            Setting::Hash(mb) => self.core.set_hash(mb)?,
            Setting::Seed(s) => self.rng = Pcg64::seed_from_u64(s),
            Setting::EvalFile(ref path) => self.load_net(path)?,
            Setting::EndgamePath(ref path) => self.load_tables(path)?,
            Setting::ClearHash => self.core.new_game(),
            // Read from the configuration at the next search.
            Setting::MultiPv(_)
            | Setting::Search(_)
            | Setting::MoveOverhead(_)
            | Setting::MctsPolicy(_)
            | Setting::MctsPlayout(_)
            | Setting::MctsPlayoutPlies(_)
            | Setting::Eval(_)
            | Setting::Lmr(_)
            | Setting::Aspiration(_)
            | Setting::NullMove(_)
            | Setting::ShallowPruning(_)
            | Setting::ReverseFutility(_)
            | Setting::Futility(_)
            | Setting::LateMovePruning(_)
            | Setting::ExpectimaxPruning(_)
            | Setting::ExpectimaxParallel(_)
            | Setting::ExpectimaxTable(_)
            | Setting::ExpectimaxCriticalPath(_)
            | Setting::MctsChance(_)
            | Setting::ExactTables(_)
            | Setting::Ponder(_)
            | Setting::Skill(_)
            | Setting::LimitStrength(_)
            | Setting::Elo(_)
            | Setting::Contempt(_)
            | Setting::AnalyseMode(_) => {}
            // Not the engine's (the protocol's and the session's).
            Setting::Game(_) | Setting::GameOptions(_) | Setting::ShowWdl(_) => {}
        }
        settings::apply(self.core.config_mut(), setting);
        if *setting == Setting::ExactTables(true) {
            // Probing again: the position set before may need its tables.
            self.session.prepare_tables(&self.core);
        }
        Ok(())
    }

    /// The evaluator the settings select for the current game, as
    /// [`crate::game::Evaluator::label`] names it (`nnue <net>` with a
    /// network): a client told `Eval=nnue` learns whether a network
    /// applies.
    pub fn evaluator_label(&self) -> String {
        self.session.evaluator_label(&self.core)
    }

    /// `EvalFile`: reads the network for the current game (an empty path:
    /// back to the shipped one). On error the old network stays.
    fn load_net(&mut self, path: &str) -> Result<(), EngineError> {
        if path.is_empty() {
            self.core.set_net(None);
            return Ok(());
        }
        let game = self.session.game();
        let net = Network::load(std::path::Path::new(path), Some(game)).map_err(|e| {
            let kept = match &self.core.config().eval_file {
                // A net's name is as long as its trainer made it: cut
                // like a path, it cannot hide the reason before it.
                Some(old) => format!(
                    "EvalFile stays {}",
                    crate::game::files::short_path(&old.label())
                ),
                None => "EvalFile stays empty".to_string(),
            };
            EngineError::new(format!("setoption: EvalFile: {e}; {kept}"))
        })?;
        self.core.set_net(Some(Arc::new(net)));
        Ok(())
    }

    /// `EndgamePath`: reads exact tables for the current game (an empty
    /// path: back to the built-in ones). On error the old tables stay.
    fn load_tables(&mut self, path: &str) -> Result<(), EngineError> {
        if path.is_empty() {
            self.core.set_table_file(None);
            return Ok(());
        }
        let file = self.session.load_tables(path).map_err(|e| {
            let kept = match &self.core.config().table_file {
                Some(old) => format!(
                    "EndgamePath stays {}",
                    crate::game::files::short_path(old.label())
                ),
                None => "EndgamePath stays empty".to_string(),
            };
            EngineError::new(format!("setoption: EndgamePath: {e}; {kept}"))
        })?;
        self.core.set_table_file(Some(file));
        // The position set before may be in the new domain.
        self.session.prepare_tables(&self.core);
        Ok(())
    }

    /// Makes the session that `game` and `options` ask for, at its start
    /// position (either may be absent: see protocol.md, "GameOptions").
    /// Options text given without a new game is for the current game; a
    /// new game without options text gets the old text only if it is the
    /// same game (another game's options mean nothing to it). Options that
    /// do not fit the game are an error, and the game keeps its previous
    /// options (another game starts with its defaults). Returns the errors.
    pub fn choose_game(&mut self, game: Option<&str>, options: Option<String>) -> Vec<String> {
        let mut errors = Vec::new();
        if game.is_none() && options.is_none() {
            return errors;
        }
        let current = self.session.game();
        let reset = game.is_some();
        let Some(game) = self
            .catalog
            .games
            .iter()
            .copied()
            .find(|g| *g == game.unwrap_or(current))
        else {
            return errors;
        };
        let fallback = if game == current {
            self.game_options.clone()
        } else {
            String::new()
        };
        let options = options.unwrap_or_else(|| fallback.clone());
        let options = match (self.catalog.make)(game, &options) {
            Ok(session) => {
                self.session = session;
                self.game_options = options;
                return errors;
            }
            Err(e) => {
                let kept = if fallback.is_empty() {
                    "its default options".to_string()
                } else {
                    format!("its options '{fallback}'")
                };
                errors.push(format!(
                    "setoption: GameOptions '{options}' for {game}: {e}; {game} keeps {kept}"
                ));
                if game == current && !reset {
                    return errors;
                }
                fallback
            }
        };
        match (self.catalog.make)(game, &options) {
            Ok(session) => {
                self.session = session;
                self.game_options = options;
            }
            Err(e) => errors.push(format!("setoption: cannot start {game}: {e}")),
        }
        errors
    }

    /// Whether a job still runs. A job that has ended by itself is joined
    /// here.
    pub fn busy(&mut self) -> bool {
        match &self.running {
            Some(r) if !r.done.load(Ordering::Acquire) && !r.handle.is_finished() => true,
            Some(_) => {
                self.stop();
                false
            }
            None => false,
        }
    }

    /// Stops the running job, if any, and waits for its last callback.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.signal.stop();
            // A job that panicked has no more to say; the search thread
            // catches its own panics, so a search always answers.
            let _ = r.handle.join();
        }
    }

    /// Starts a search of the position under `spec`'s limits on the job
    /// thread. The search thread is the one place a search's panic is
    /// caught: it then reports an error and plays the first legal move.
    pub fn go(&mut self, spec: &GoSpec, callbacks: Callbacks) -> Result<Started, EngineError> {
        if self.busy() {
            return Err(EngineError::Busy);
        }
        let task = match self.session.go(spec, self.core.clone())? {
            Go::Over(result) => return Ok(Started::Over(result)),
            Go::Search(task) => task,
        };
        let signal = if spec.ponder {
            Signal::pondering()
        } else {
            Signal::new()
        };
        let infinite = spec.infinite;
        self.spawn_with("search", signal, move |signal, done| {
            search_thread(task, callbacks, signal, infinite, done)
        })?;
        Ok(Started::Search)
    }

    /// Whether the GUI said it may ponder (`Ponder`).
    pub fn ponder_option(&self) -> bool {
        self.core.config().ponder
    }

    /// `ponderhit`: the pondering search goes on as a timed one, its
    /// clock started now; false (nothing done) when no search ponders.
    pub fn ponderhit(&mut self) -> bool {
        self.running.as_ref().is_some_and(|r| r.signal.ponderhit())
    }

    /// Starts `go perft depth` on the job thread: `each(move, count)` per
    /// root move or outcome, then `end(total)`, `None` once stopped.
    pub fn perft(
        &mut self,
        depth: u32,
        mut each: impl FnMut(&str, u64) + Send + 'static,
        end: impl FnOnce(Option<u64>) + Send + 'static,
    ) -> Result<(), EngineError> {
        if self.busy() {
            return Err(EngineError::Busy);
        }
        let task = self.session.perft(depth);
        self.spawn("perft", move |stop, done| {
            let total = task(stop, &mut each);
            done.store(true, Ordering::Release);
            end(total);
        })
    }

    /// Starts every game's bench ([`crate::engine::bench`]) on the job thread with
    /// the engine's threads and search, at `depth` or each game's bench
    /// depth: `each(game, depth, totals)` as a game ends (or its error),
    /// then `end(total)`, `None` once stopped (a game cut short is not
    /// reported: its count is not the signature's).
    pub fn bench(
        &mut self,
        depth: Option<u32>,
        mut each: impl FnMut(&str, u32, &str, Result<Totals, GameError>) + Send + 'static,
        end: impl FnOnce(Option<Totals>) + Send + 'static,
    ) -> Result<(), EngineError> {
        if self.busy() {
            return Err(EngineError::Busy);
        }
        let games = self.catalog.games.clone();
        // The bench's own table (part of its definition), made before the
        // job starts so that an error is the command's.
        let core = crate::engine::bench::engine(self.core.config())
            .map_err(|e| EngineError::new(e.to_string()))?;
        self.spawn_with("bench", Signal::new(), move |signal, done| {
            let mut total = Some(Totals::default());
            for game in games {
                let depth = depth.unwrap_or_else(|| crate::engine::bench::default_depth(game));
                let t = crate::engine::bench::run_game(game, depth, &core, signal);
                if signal.stopped() {
                    total = None;
                    break;
                }
                if let (Ok(t), Some(total)) = (&t, total.as_mut()) {
                    total.add(*t);
                }
                each(
                    game,
                    depth,
                    &crate::engine::bench::eval_label(game, &core),
                    t,
                );
            }
            done.store(true, Ordering::Release);
            end(total);
        })
    }

    /// Runs `job(stop, done)` on the job thread (a job that hears only
    /// `stop`).
    fn spawn(
        &mut self,
        name: &str,
        job: impl FnOnce(&AtomicBool, &AtomicBool) + Send + 'static,
    ) -> Result<(), EngineError> {
        self.spawn_with(name, Signal::new(), move |signal, done| {
            job(signal.stop_flag(), done)
        })
    }

    /// Runs `job(signal, done)` on the job thread.
    fn spawn_with(
        &mut self,
        name: &str,
        signal: Signal,
        job: impl FnOnce(&Signal, &AtomicBool) + Send + 'static,
    ) -> Result<(), EngineError> {
        let signal = Arc::new(signal);
        let done = Arc::new(AtomicBool::new(false));
        let (s, d) = (Arc::clone(&signal), Arc::clone(&done));
        let handle = thread::Builder::new()
            .name(name.into())
            .spawn(move || job(&s, &d))
            .map_err(|e| EngineError::new(format!("cannot start the {name} thread: {e}")))?;
        self.running = Some(Running {
            handle,
            signal,
            done,
        });
        Ok(())
    }
}

/// The search thread's body: the search, then its result to
/// `on_bestmove` (`done` set just before). The one place a search's panic
/// is caught: it becomes one error report and the task's fallback move.
/// A search that is done answers `go infinite` only after `stop`, and a
/// pondering one only after `ponderhit` or `stop` (UCI).
fn search_thread(
    task: SearchTask,
    callbacks: Callbacks,
    signal: &Signal,
    infinite: bool,
    done: &AtomicBool,
) {
    let start = Instant::now();
    let Callbacks {
        on_info,
        on_bestmove,
    } = callbacks;
    let SearchTask { run, fallback } = task;
    let searched = catch_unwind(AssertUnwindSafe(|| run(signal, &*on_info)));
    let mut result = searched.unwrap_or_else(|_| {
        on_info(&Report::String(
            "error: the search failed (an engine bug; please report it)".into(),
        ));
        fallback()
    });
    signal.wait(infinite);
    result.time = start.elapsed();
    done.store(true, Ordering::Release);
    on_bestmove(&result);
}

impl Drop for Engine {
    /// The job ends with the engine (`quit`, end of input): a search
    /// still gives its `bestmove`.
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The lines the callbacks received, as the protocol would see them.
    fn recorded() -> (Callbacks, Arc<Mutex<Vec<String>>>) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (info, best) = (Arc::clone(&seen), Arc::clone(&seen));
        let callbacks = Callbacks {
            on_info: Box::new(move |r| info.lock().unwrap().push(format!("{r:?}"))),
            on_bestmove: Box::new(move |f| best.lock().unwrap().push(format!("best {:?}", f.pv))),
        };
        (callbacks, seen)
    }

    #[test]
    fn a_panicking_search_reports_one_error_and_plays_the_fallback() {
        let task = SearchTask {
            run: Box::new(|_, _| panic!("a bug in a search")),
            fallback: Box::new(|| FinalResult::unsearched(vec!["first".into()])),
        };
        let (callbacks, seen) = recorded();
        let done = AtomicBool::new(false);
        search_thread(task, callbacks, &Signal::new(), false, &done);
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 2, "{seen:?}");
        assert!(seen[0].contains("error: the search failed"), "{seen:?}");
        assert_eq!(seen[1], r#"best ["first"]"#);
        assert!(done.load(Ordering::Acquire));
    }

    #[test]
    fn a_search_that_ends_gives_its_own_line() {
        let task = SearchTask {
            run: Box::new(|_, report| {
                report(&Report::String("working".into()));
                FinalResult::unsearched(vec!["b".into(), "c".into()])
            }),
            fallback: Box::new(|| FinalResult::unsearched(vec!["a".into()])),
        };
        let (callbacks, seen) = recorded();
        search_thread(
            task,
            callbacks,
            &Signal::new(),
            false,
            &AtomicBool::new(false),
        );
        let seen = seen.lock().unwrap();
        assert_eq!(seen[1], r#"best ["b", "c"]"#, "{seen:?}");
    }

    /// A search that ponders is done long before the GUI decides: it
    /// answers only after `ponderhit` (or `stop`), and `go infinite` only
    /// after `stop`, without polling.
    #[test]
    fn a_pondering_search_answers_after_ponderhit_and_infinite_after_stop() {
        use std::sync::mpsc;
        let (mut engine, _) = Engine::new(Catalog::games()).expect("an engine");
        assert!(engine.choose_game(Some("zamma"), None).is_empty());
        for (spec, release) in [
            (
                GoSpec {
                    depth: Some(1),
                    ponder: true,
                    ..GoSpec::default()
                },
                "ponderhit",
            ),
            (
                GoSpec {
                    depth: Some(1),
                    infinite: true,
                    ..GoSpec::default()
                },
                "stop",
            ),
        ] {
            let (searched, info) = mpsc::channel();
            let (answered, best) = mpsc::channel();
            let callbacks = Callbacks {
                on_info: Box::new(move |r| {
                    if let Report::Pv(p) = r {
                        let _ = searched.send(p.depth);
                    }
                }),
                on_bestmove: Box::new(move |f| {
                    let _ = answered.send(f.pv.clone());
                }),
            };
            assert_eq!(engine.go(&spec, callbacks), Ok(Started::Search));
            // The depth-1 iteration is done, and still no answer.
            assert_eq!(info.recv().ok(), Some(1));
            assert!(engine.busy(), "{release}: answered before it");
            assert!(best.try_recv().is_err(), "{release}: answered before it");
            match release {
                "ponderhit" => assert!(engine.ponderhit()),
                _ => engine.stop(),
            }
            let pv = best.recv().expect("an answer");
            assert!(!pv.is_empty(), "{release}: a move");
            engine.stop();
        }
    }
}
