//! The UCI-style text protocol; `protocol.md` at the crate root is its
//! specification. This layer only parses commands ([`parser`]) and
//! formats lines ([`output`]); what the commands do is the
//! [`crate::engine::Engine`]'s, which it reaches game-neutrally and which
//! reports a search through callbacks.
//!
//! Threads: the reader (this module) keeps reading commands while the
//! engine runs a search, a perft or the bench on its own thread; `stop`,
//! `quit` and end of input stop it and wait for its last line. All output
//! goes through one line-locked [`Output`].

pub mod input;
pub mod output;
pub mod parser;

#[cfg(test)]
mod tests;

pub use output::Output;

use std::io::{BufRead, IsTerminal};

use parser::Command;

use crate::engine::{Callbacks, Catalog, Engine, EngineError, Started};
use crate::game::EvalChoice;
use crate::settings::{self, Setting};

/// Reads protocol commands from stdin until `quit` or end of input. A
/// person at a terminal is greeted first ([`greeting`]); a program that
/// drives the engine through a pipe gets no line it did not ask for.
pub fn run() {
    let stdin = std::io::stdin();
    let out = Output::stdout();
    if stdin.is_terminal() {
        out.line(&greeting());
    }
    run_with(stdin.lock(), out, Catalog::games());
}

/// The line a person starting `agon` at a terminal sees: what it is, the
/// networks it carries, and how to learn the rest.
pub fn greeting() -> String {
    let nets = shipped_nets();
    let nets = if nets.is_empty() {
        "no networks".to_string()
    } else {
        format!("networks {}", nets.join(" "))
    };
    format!(
        "agon {} by the agon authors ({nets}); type `help` for the commands",
        env!("CARGO_PKG_VERSION")
    )
}

/// `<game>=<name>-<hash>` for each network built into the binary.
fn shipped_nets() -> Vec<String> {
    crate::games::GameKind::ALL
        .iter()
        .filter_map(|k| k.shipped_net().map(|net| format!("{k}={net}")))
        .collect()
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
        if protocol.handle(&line) == Flow::Quit {
            break;
        }
    }
    protocol.engine.stop();
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The game settings waiting for [`Protocol::apply_game_choice`].
#[derive(Default)]
struct GameChoice {
    game: Option<String>,
    options: Option<String>,
}

/// The protocol's state between commands.
struct Protocol {
    out: Output,
    engine: Engine,
    /// `Game` and `GameOptions` set since the last other command, applied
    /// together by [`Protocol::apply_game_choice`] so that their order
    /// does not matter (a GUI may send its options in any order).
    chosen: GameChoice,
    show_wdl: bool,
    ugi: bool,
}

impl Protocol {
    fn new(out: Output, catalog: Catalog) -> Option<Self> {
        let engine = match Engine::new(catalog) {
            Ok((engine, warning)) => {
                if let Some(w) = warning {
                    out.error(&w);
                }
                engine
            }
            Err(e) => {
                out.error(&e.to_string());
                return None;
            }
        };
        Some(Protocol {
            out,
            engine,
            chosen: GameChoice::default(),
            show_wdl: false,
            ugi: false,
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
                self.out.error(&e.to_string());
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
                if let Err(e) = self.engine.new_game() {
                    self.out.error(&e.to_string());
                }
            }
            Command::Position(spec) => {
                if let Err(e) = self.engine.set_position(&spec) {
                    self.out.error(&format!("position: {e}"));
                }
            }
            Command::Go(spec) => self.go(&spec),
            Command::Perft(depth) => self.perft(depth),
            Command::Stop => self.engine.stop(),
            Command::PonderHit => {
                if !self.engine.ponderhit() {
                    self.out.error("ponderhit: no search is pondering");
                }
            }
            Command::Ignored => {}
            Command::Help => {
                for l in output::HELP {
                    self.out.line(l);
                }
            }
            Command::Quit => return Flow::Quit,
            Command::Display => {
                for l in self.engine.display() {
                    self.out.line(&l);
                }
            }
            Command::Moves => {
                let moves = self.engine.session().moves();
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
                Err(e) => self.out.error(&e.to_string()),
            },
            Command::Bench(depth) => self.bench(depth),
            Command::Query(q) => {
                let answer = self.engine.session().query(q);
                self.out.line(&format!("response {answer}"));
            }
            Command::Chance => match self.engine.play_chance() {
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
        let nets = shipped_nets();
        if !nets.is_empty() {
            self.out.line(&format!("id nets {}", nets.join(" ")));
        }
        for l in settings::option_lines(&self.engine.catalog().games) {
            self.out.line(&l);
        }
        self.out.line(if self.ugi { "ugiok" } else { "uciok" });
    }

    /// Whether a job is still running (then an error line is printed).
    fn busy(&mut self) -> bool {
        let busy = self.engine.busy();
        if busy {
            self.out.error(&EngineError::Busy.to_string());
        }
        busy
    }

    /// `go`: the engine's reports become `info` lines, its result the
    /// final `info` line and the `bestmove` of that line's first move.
    fn go(&mut self, spec: &parser::GoSpec) {
        if self.busy() {
            return;
        }
        let (info_out, best_out) = (self.out.clone(), self.out.clone());
        let show_wdl = self.show_wdl;
        // The expected reply only for a GUI that ponders (`Ponder` on, as
        // UCI has a GUI say so): every other client keeps `bestmove <m>`.
        let ponder = self.engine.ponder_option();
        let callbacks = Callbacks {
            on_info: Box::new(move |r| info_out.line(&output::report_line(r, show_wdl))),
            on_bestmove: Box::new(move |result| {
                best_out.line(&output::final_line(result));
                let reply = result.ponder.as_deref().filter(|_| ponder);
                best_out.line(&output::bestmove_line(result.best(), reply));
            }),
        };
        match self.engine.go(spec, callbacks) {
            Ok(Started::Search) => {}
            Ok(Started::Over(result)) => {
                self.out.line(&format!("info string game over: {result}"));
                self.out.line(&output::bestmove_line(None, None));
            }
            Err(e) => self.out.error(&format!("go: {e}")),
        }
    }

    /// `go perft N`: a line per root move or outcome as it is counted,
    /// then the total; after `stop` one `info string` line instead
    /// (protocol.md, "go perft").
    fn perft(&mut self, depth: u32) {
        if self.busy() {
            return;
        }
        let (each_out, end_out) = (self.out.clone(), self.out.clone());
        let started = self.engine.perft(
            depth,
            move |m, n| each_out.line(&format!("{m}: {n}")),
            move |total| match total {
                Some(n) => end_out.line(&format!("Nodes searched: {n}")),
                None => end_out.line("info string perft stopped"),
            },
        );
        if let Err(e) = started {
            self.out.error(&format!("go perft: {e}"));
        }
    }

    /// `bench [depth]`: a line per game as it ends, then the total; after
    /// `stop` the lines of the games that ended and then `info string
    /// bench stopped` instead (protocol.md, "bench").
    fn bench(&mut self, depth: Option<u32>) {
        if self.busy() {
            return;
        }
        if depth.is_some_and(|d| !(1..=64).contains(&d)) {
            self.out.error("bench: the depth must be 1..=64");
            return;
        }
        let (each_out, end_out) = (self.out.clone(), self.out.clone());
        let started = self.engine.bench(
            depth,
            move |game, depth, eval, totals| match totals {
                Ok(t) => each_out.line(&format!(
                    "info string {}",
                    output::bench_game_line(game, t.positions, depth, t.nodes, eval)
                )),
                Err(e) => each_out.error(&format!("bench {game}: {e}")),
            },
            move |total| match total {
                Some(total) => end_out.line(&output::bench_total_line(&total)),
                None => end_out.line("info string bench stopped"),
            },
        );
        if let Err(e) = started {
            self.out.error(&format!("bench: {e}"));
        }
    }

    /// Checks a setting against the table ([`settings::parse_setting`]);
    /// `Game` and `GameOptions` wait for [`Protocol::apply_game_choice`],
    /// `UCI_ShowWDL` is the output's; the engine applies the rest.
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let setting = match settings::parse_setting(name, value, &self.engine.catalog().games) {
            Ok(s) => s,
            Err(e) => {
                self.out.error(&format!("setoption: {e}"));
                return;
            }
        };
        match setting {
            Setting::Game(game) => self.chosen.game = Some(game),
            Setting::GameOptions(text) => self.chosen.options = Some(text),
            Setting::ShowWdl(on) => self.show_wdl = on,
            other => {
                // A network or table file is read for the game it will
                // serve, and `Eval=nnue` is checked against it.
                let nnue = other == Setting::Eval(EvalChoice::Nnue);
                if nnue || matches!(other, Setting::EvalFile(_) | Setting::EndgamePath(_)) {
                    self.apply_game_choice();
                }
                if let Err(e) = self.engine.apply(&other) {
                    self.out.error(&e.to_string());
                } else if nnue {
                    self.no_net_note();
                }
            }
        }
    }

    /// After `Eval=nnue`: an `info string` when no network applies to the
    /// current game (none built in or loaded for it, as for Palma or
    /// Kubeia), naming the evaluator used instead. Not an error: the
    /// setting stands, and serves any game that has a network.
    fn no_net_note(&self) {
        let label = self.engine.evaluator_label();
        if !label.starts_with("nnue") {
            self.out.line(&format!(
                "info string Eval nnue: no network applies to {}; the {label} evaluator is used",
                self.engine.session().game()
            ));
        }
    }

    /// Makes the session that the `Game` and `GameOptions` set since the
    /// last other command ask for ([`Engine::choose_game`]).
    fn apply_game_choice(&mut self) {
        let GameChoice { game, options } = std::mem::take(&mut self.chosen);
        for e in self.engine.choose_game(game.as_deref(), options) {
            self.out.error(&e);
        }
    }
}
