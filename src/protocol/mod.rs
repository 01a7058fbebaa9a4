//! The UCI-style text protocol; `protocol.md` at the crate root is its
//! specification. This layer knows no game by name: it reaches the games
//! through [`Catalog`] and the object-safe [`Engine`] trait, implemented
//! once, generically, by [`session::Session`].
//!
//! Threads: the reader (this module) keeps reading commands while a
//! search, a perft or the bench runs on its own thread; `stop`, `quit` and end of input set
//! its stop flag and wait for its last line. All output goes through one
//! line-locked [`Output`].

pub mod bench;
pub mod engine;
pub mod go;
pub mod input;
pub mod options;
pub mod output;
pub mod parser;
pub mod perft;
pub mod session;

#[cfg(test)]
mod tests;

pub use engine::{Catalog, Engine, SearchContext};
pub use output::Output;

use std::io::BufRead;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use rand::SeedableRng;
use rand_pcg::Pcg64;

use options::Setting;
use parser::{Command, PositionSpec};

use crate::search::{SearchConfig, Searcher};

/// Reads protocol commands from stdin until `quit` or end of input.
pub fn run() {
    let stdin = std::io::stdin();
    run_with(stdin.lock(), Output::stdout(), Catalog::games());
}

/// Runs the protocol on any input and output (tests drive it in-process).
pub fn run_with(mut input: impl BufRead, out: Output, catalog: Catalog) {
    let Some(mut protocol) = Protocol::new(out, catalog) else {
        return;
    };
    let mut buf = Vec::new();
    loop {
        let read = input::read_line(&mut input, &mut buf);
        // Bytes that are not UTF-8 become U+FFFD and fail to parse.
        let line = String::from_utf8_lossy(&buf);
        match read {
            input::Line::End => break,
            input::Line::TooLong => {
                protocol.out.error(&format!(
                    "a line longer than {} bytes, ignored: '{line}'",
                    input::MAX_LINE
                ));
                continue;
            }
            input::Line::Text => {}
        }
        // A panic in a game's code (a bug) costs one command, not the
        // engine: commands build new state before committing it.
        let flow = catch_unwind(AssertUnwindSafe(|| protocol.handle(&line)));
        match flow {
            Ok(Flow::Quit) => break,
            Ok(Flow::Continue) => {}
            Err(_) => protocol
                .out
                .error("internal error on this command (an engine bug; please report it)"),
        }
    }
    protocol.finish_search();
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The game settings waiting for [`Protocol::apply_game_choice`].
#[derive(Default)]
struct GameChoice {
    game: Option<&'static str>,
    options: Option<String>,
}

struct Running {
    handle: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
}

/// The protocol's state between commands.
struct Protocol {
    out: Output,
    catalog: Catalog,
    engine: Box<dyn Engine>,
    /// The `GameOptions` text `engine` was made with.
    game_options: String,
    /// `Game` and `GameOptions` set since the last other command, applied
    /// together by [`Protocol::apply_game_choice`] so that their order
    /// does not matter (a GUI may send its options in any order).
    chosen: GameChoice,
    config: SearchConfig,
    show_wdl: bool,
    ugi: bool,
    /// Draws the outcomes of the `chance` command; seeded by `Seed`.
    rng: Pcg64,
    /// The table and threads every search of this session uses; made at
    /// start-up, remade by `setoption` while no search runs (the running
    /// search holds the other reference).
    searcher: Arc<Searcher>,
    search: Option<Running>,
}

impl Protocol {
    fn new(out: Output, catalog: Catalog) -> Option<Self> {
        let first = catalog.games.first()?;
        let engine = match (catalog.make)(first, "") {
            Ok(e) => e,
            Err(e) => {
                out.error(&format!("cannot start game {first}: {e}"));
                return None;
            }
        };
        let config = options::default_config();
        let searcher = match Searcher::new(config.hash_mb, config.threads) {
            Ok(s) => s,
            Err(e) => {
                out.error(&e);
                match Searcher::new(1, 1) {
                    Ok(s) => s,
                    Err(e) => {
                        out.error(&e);
                        return None;
                    }
                }
            }
        };
        Some(Protocol {
            searcher: Arc::new(searcher),
            rng: Pcg64::seed_from_u64(config.seed),
            out,
            catalog,
            engine,
            game_options: String::new(),
            chosen: GameChoice::default(),
            config,
            show_wdl: false,
            ugi: false,
            search: None,
        })
    }

    fn handle(&mut self, line: &str) -> Flow {
        let parsed = parser::parse(line);
        if !matches!(parsed, Ok(None) | Ok(Some(Command::SetOption { .. }))) {
            self.apply_game_choice();
        }
        let command = match parsed {
            Ok(Some(c)) => c,
            Ok(None) => return Flow::Continue,
            Err(e) => {
                self.out.error(&e);
                return Flow::Continue;
            }
        };
        match command {
            Command::Uci | Command::Ugi => {
                self.ugi = command == Command::Ugi;
                self.handshake();
            }
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                // A GUI sends this between games: the old search's move
                // is of no use, and its table must not be wiped under it.
                self.finish_search();
                self.rng = Pcg64::seed_from_u64(self.config.seed);
                self.searcher.clear();
                self.reset_position();
            }
            Command::Position(spec) => {
                if let Err(e) = self.engine.set_position(&spec) {
                    self.out.error(&format!("position: {e}"));
                }
            }
            Command::Go(spec) => {
                if self.busy() {
                    return Flow::Continue;
                }
                let stop = Arc::new(AtomicBool::new(false));
                let done = Arc::new(AtomicBool::new(false));
                let ctx = SearchContext {
                    searcher: Arc::clone(&self.searcher),
                    out: self.out.clone(),
                    stop: stop.clone(),
                    done: done.clone(),
                    config: self.config.clone(),
                    show_wdl: self.show_wdl,
                    ugi: self.ugi,
                };
                match self.engine.go(&spec, ctx) {
                    Ok(Some(handle)) => self.search = Some(Running { handle, stop, done }),
                    Ok(None) => {}
                    Err(e) => self.out.error(&format!("go: {e}")),
                }
            }
            Command::Perft(depth) => {
                if self.busy() {
                    return Flow::Continue;
                }
                let stop = Arc::new(AtomicBool::new(false));
                let done = Arc::new(AtomicBool::new(false));
                match self
                    .engine
                    .perft(depth, self.out.clone(), stop.clone(), done.clone())
                {
                    Ok(handle) => self.search = Some(Running { handle, stop, done }),
                    Err(e) => self.out.error(&format!("go perft: {e}")),
                }
            }
            Command::Stop => self.finish_search(),
            Command::PonderHit => self.out.error("pondering is not supported"),
            Command::Ignored => {}
            Command::Quit => return Flow::Quit,
            Command::Display => {
                for l in self.engine.display() {
                    self.out.line(&l);
                }
            }
            Command::Moves => {
                let moves = self.engine.moves();
                if moves.is_empty() {
                    self.out.line("moves");
                } else {
                    self.out.line(&format!("moves {}", moves.join(" ")));
                }
            }
            Command::Eval => match self.engine.eval() {
                Ok(terms) => {
                    for (name, v) in terms {
                        self.out.line(&format!("eval {name} {v}"));
                    }
                }
                Err(e) => self.out.error(&e),
            },
            Command::Bench(depth) => {
                if !self.busy() {
                    self.bench(depth);
                }
            }
            Command::Query(q) => self.out.line(&format!("response {}", self.engine.query(q))),
            Command::Chance => match self.engine.play_chance(&mut self.rng) {
                Ok(token) => self.out.line(&format!("chance {token}")),
                Err(e) => self.out.error(&format!("chance: {e}")),
            },
        }
        Flow::Continue
    }

    fn handshake(&self) {
        self.out
            .line(&format!("id name agon {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the agon authors");
        for l in options::option_lines(&self.catalog.games) {
            self.out.line(&l);
        }
        self.out.line(if self.ugi { "ugiok" } else { "uciok" });
    }

    /// Whether a search is still running (then an error line is printed).
    /// A search that has ended by itself is joined here.
    fn busy(&mut self) -> bool {
        match &self.search {
            Some(r) if !r.done.load(Ordering::Acquire) && !r.handle.is_finished() => {
                self.out.error("a search is running; send stop first");
                true
            }
            Some(_) => {
                self.finish_search();
                false
            }
            None => false,
        }
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(r) = self.search.take() {
            r.stop.store(true, Ordering::Release);
            r.handle.thread().unpark();
            // The search thread catches its own panics; a join error
            // cannot leave it without a bestmove.
            let _ = r.handle.join();
        }
    }

    fn reset_position(&mut self) {
        let start = PositionSpec {
            fen: None,
            moves: Vec::new(),
        };
        if let Err(e) = self.engine.set_position(&start) {
            self.out.error(&e);
        }
    }

    /// Checks a setting against the table ([`options::parse_setting`]) and
    /// applies it: the search settings through [`options::apply`], the one
    /// place they reach a [`SearchConfig`]; here only what lives outside
    /// the search config — the game, the output format, the rng of
    /// `chance` and the searcher that `Hash`/`Threads` remake (between
    /// searches, never inside `go`; the config follows only when that
    /// worked).
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let setting = match options::parse_setting(name, value, &self.catalog.games) {
            Ok(s) => s,
            Err(e) => {
                self.out.error(&format!("setoption: {e}"));
                return;
            }
        };
        let applies = match &setting {
            Setting::Game(game) => {
                self.chosen.game = self.catalog.games.iter().copied().find(|g| g == game);
                false
            }
            Setting::GameOptions(text) => {
                self.chosen.options = Some(text.clone());
                false
            }
            Setting::ShowWdl(on) => {
                self.show_wdl = *on;
                false
            }
            &Setting::Threads(n) => self.remake_searcher(|s| s.set_threads(n)),
            &Setting::Hash(mb) => self.remake_searcher(|s| {
                let old = s.hash_mb();
                s.set_hash(mb)
                    .map_err(|e| format!("{e}; keeping the {old} MiB table"))
            }),
            &Setting::Seed(s) => {
                self.rng = Pcg64::seed_from_u64(s);
                true
            }
            Setting::MultiPv(_)
            | Setting::Search(_)
            | Setting::MoveOverhead(_)
            | Setting::MctsPolicy(_)
            | Setting::MctsPlayout(_)
            | Setting::MctsPlayoutPlies(_) => true,
        };
        if applies {
            options::apply(&mut self.config, &setting);
        }
    }

    /// Applies `change` to the searcher, which no search may be using;
    /// false (and one error line) if a search runs or `change` fails, the
    /// searcher then unchanged.
    fn remake_searcher(
        &mut self,
        change: impl FnOnce(&mut Searcher) -> Result<(), String>,
    ) -> bool {
        if self.busy() {
            return false;
        }
        let Some(searcher) = Arc::get_mut(&mut self.searcher) else {
            self.out.error("a search is running; send stop first");
            return false;
        };
        match change(searcher) {
            Ok(()) => true,
            Err(e) => {
                self.out.error(&format!("setoption: {e}"));
                false
            }
        }
    }

    /// Makes the session that the `Game` and `GameOptions` set since the
    /// last other command ask for, at its start position. Options text
    /// given without a new game is for the current game; a new game without
    /// options text gets the old text only if it is the same game (another
    /// game's options mean nothing to it). Options that do not fit the game
    /// are one error line, and the game keeps its previous options (another
    /// game: its defaults); the position stays unless `Game` was set.
    fn apply_game_choice(&mut self) {
        let GameChoice { game, options } = std::mem::take(&mut self.chosen);
        if game.is_none() && options.is_none() {
            return;
        }
        let current = self.engine.game();
        let reset = game.is_some();
        let game = game.unwrap_or(current);
        let fallback = if game == current {
            self.game_options.clone()
        } else {
            String::new()
        };
        let options = options.unwrap_or_else(|| fallback.clone());
        let options = match (self.catalog.make)(game, &options) {
            Ok(engine) => {
                self.engine = engine;
                self.game_options = options;
                return;
            }
            Err(e) => {
                let kept = if fallback.is_empty() {
                    "its default options".to_string()
                } else {
                    format!("its options '{}'", parser::shorten(&fallback))
                };
                self.out.error(&format!(
                    "setoption: GameOptions '{}' for {game}: {e}; {game} keeps {kept}",
                    parser::shorten(&options)
                ));
                if game == current && !reset {
                    return;
                }
                fallback
            }
        };
        match (self.catalog.make)(game, &options) {
            Ok(engine) => {
                self.engine = engine;
                self.game_options = options;
            }
            Err(e) => self
                .out
                .error(&format!("setoption: cannot start {game}: {e}")),
        }
    }

    /// Starts every game's bench ([`bench::start`]) with the current
    /// threads and search, at `depth` or each game's bench depth.
    fn bench(&mut self, depth: Option<u32>) {
        if depth.is_some_and(|d| !(1..=64).contains(&d)) {
            self.out.error("bench: the depth must be 1..=64");
            return;
        }
        let config = SearchConfig {
            hash_mb: crate::bench::HASH_MB,
            ..self.config.clone()
        };
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let started = bench::start(
            self.catalog.clone(),
            depth,
            config,
            self.out.clone(),
            stop.clone(),
            done.clone(),
        );
        match started {
            Ok(handle) => self.search = Some(Running { handle, stop, done }),
            Err(e) => self.out.error(&e),
        }
    }
}
