//! What the page may ask of the server, and the engines it talks to.
//!
//! One WebSocket text message is one line. From the page:
//!
//! - `start <k>`: start engine `k` of the server's list in a new slot;
//!   answered `started <slot> <k>`.
//!   A start beyond [`MAX_SLOTS`] engines of the page, or
//!   [`super::limits::MAX_ENGINES`] of all pages, is answered `error …`.
//! - `send <slot> <line>`: send `line` to the engine in `slot`. The line
//!   must be one command that `protocol.md` defines (checked by agon's own
//!   protocol parser), without control characters, and a `setoption` must
//!   name an option the engine announced in its answer to `uci`/`ugi`;
//!   anything else is answered `error …` and never reaches an engine.
//!   `Hash` and `Threads` values above [`MAX_HASH_MB`] and
//!   [`max_threads`] are sent capped, and the page told so (`error …`).
//! - `close <slot>`: kill the engine in `slot`.
//! - `rollout <games>\t<game>\t<options>\t<position …>`: roll out the
//!   position (a protocol `position` command of `game` under `options`,
//!   the protocol's space-separated `k=v`) with `games` games a move, at
//!   most [`super::jobs::MAX_ROLLOUT_GAMES`] (more are cut to it); the
//!   page's rollout before is stopped. `rollout stop` stops it.
//! - `luck <game>\t<options>\t<position …>`: the luck of every throw of
//!   the position's moves.
//!
//! From the server: `engines <name>\t<name>…` once, `line <slot> <text>`
//! for each line an engine prints, `exit <slot>` when it ends (its slot is
//! then free), `error <text>` for a message it refused or a limit hit
//! (`error rollout: …` and `error luck: …` for those requests), and the
//! answers of [`super::jobs`]: `rollout <state> <done> <total> [<move>
//! <mean> <stderr>]…` and `luck <result> [<ply>:<player>:<luck>,…]…`.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex};

use super::jobs::MAX_ROLLOUT_GAMES;
use super::limits::EngineGuard;
use super::GuiError;
use crate::protocol::parser::{self, PositionSpec};

/// Engines one page may run at once.
pub const MAX_SLOTS: usize = 4;

/// Longest line forwarded to an engine (a `position … moves …` of a long
/// game).
pub const MAX_LINE: usize = 48 * 1024;

/// An engine the server can start: a program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl EngineCommand {
    /// `program arg…`, split at white space.
    pub fn parse(text: &str) -> Result<EngineCommand, GuiError> {
        let mut words = text.split_whitespace().map(str::to_string);
        let program = words
            .next()
            .ok_or_else(|| "an engine command cannot be empty".to_string())?;
        Ok(EngineCommand {
            program,
            args: words.collect(),
        })
    }

    /// The name the page shows.
    pub fn name(&self) -> String {
        std::iter::once(self.program.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A request from the page, checked.
#[derive(Debug, PartialEq, Eq)]
pub enum Request {
    Start(usize),
    Send(usize, String),
    Close(usize),
    Rollout { games: usize, shown: Shown },
    RolloutStop,
    Luck(Shown),
}

/// A position as the page shows it: the game's name, its options and a
/// `position` command; read against the game only by the job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub game: String,
    pub options: String,
    pub position: PositionSpec,
}

impl Shown {
    /// `<game>\t<options>\t<position …>`.
    fn parse(fields: &[&str]) -> Result<Shown, GuiError> {
        let [game, options, position] = fields else {
            return Err("expected <game>, <options> and a position command, tab-separated".into());
        };
        if fields.iter().any(|f| f.chars().any(char::is_control)) {
            return Err("a field with control characters".into());
        }
        match parser::parse(position) {
            Ok(Some(parser::Command::Position(spec))) => Ok(Shown {
                game: game.trim().to_string(),
                options: options.trim().to_string(),
                position: spec,
            }),
            Ok(_) => Err("the last field is no position command".into()),
            Err(e) => Err(format!("the position: {e}").into()),
        }
    }
}

/// `rollout …`: a number of games and the shown position, or `stop`.
fn rollout_request(rest: &str) -> Result<Request, GuiError> {
    if rest.trim() == "stop" {
        return Ok(Request::RolloutStop);
    }
    let fields: Vec<&str> = rest.split('\t').collect();
    let games = fields.first().copied().unwrap_or("");
    let shown = fields.get(1..).unwrap_or(&[]);
    let games = games
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            format!(
                "'{}' is no number of games (1 or more)",
                games.trim().chars().take(40).collect::<String>()
            )
        })?;
    Ok(Request::Rollout {
        games: games.min(MAX_ROLLOUT_GAMES as u64) as usize,
        shown: Shown::parse(shown)?,
    })
}

/// Checks one message from the page: its form, and for `send` that the
/// line is a protocol command. The error is what the page is told.
pub fn check(message: &str, engines: usize) -> Result<Request, GuiError> {
    if message.len() > MAX_LINE {
        return Err(format!("a message longer than {MAX_LINE} bytes").into());
    }
    let (verb, rest) = message.split_once(' ').unwrap_or((message, ""));
    let number = |text: &str, what: &str, below: usize| -> Result<usize, GuiError> {
        text.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n < below)
            .ok_or_else(|| format!("'{}' is no {what} (0..{below})", text.trim()).into())
    };
    match verb {
        "start" => Ok(Request::Start(number(rest, "engine", engines)?)),
        "close" => Ok(Request::Close(number(rest, "slot", MAX_SLOTS)?)),
        "send" => {
            let (slot, line) = rest.split_once(' ').unwrap_or((rest, ""));
            let slot = number(slot, "slot", MAX_SLOTS)?;
            if line.chars().any(char::is_control) {
                return Err("a line with control characters".into());
            }
            match parser::parse(line) {
                Ok(Some(_)) => Ok(Request::Send(slot, line.trim().to_string())),
                Ok(None) => Err("an empty line".into()),
                Err(e) => Err(format!("not a protocol command: {e}").into()),
            }
        }
        "rollout" => rollout_request(rest).map_err(|e| format!("rollout: {e}").into()),
        "luck" => Shown::parse(&rest.split('\t').collect::<Vec<_>>())
            .map(Request::Luck)
            .map_err(|e| format!("luck: {e}").into()),
        _ => Err(format!(
            "unknown request '{}' (start, send, close, rollout, luck)",
            verb.chars().take(40).collect::<String>()
        )
        .into()),
    }
}

/// What an engine's reader tells its session; `id` tells a closed
/// engine's late words from those of the next engine in its slot.
pub enum Event {
    Line {
        id: u64,
        slot: usize,
        text: String,
    },
    /// Its output ended: it exited or closed it.
    Exit {
        id: u64,
        slot: usize,
    },
    /// It printed a line longer than [`MAX_OUTPUT_LINE`].
    Overlong {
        id: u64,
        slot: usize,
    },
}

/// Longest line an engine may print (a `moves` list of a Zamma position
/// with thousands of moves fits).
pub const MAX_OUTPUT_LINE: usize = 1024 * 1024;

/// Largest `Hash` (MB) an engine started by the page gets.
pub const MAX_HASH_MB: u64 = 1024;

/// Largest `Threads` an engine started by the page gets: the cores.
pub fn max_threads() -> u64 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u64)
}

/// A running engine: its input, the options it announced, and a thread
/// that passes each line it prints to the session.
pub struct Engine {
    pub id: u64,
    child: Child,
    input: ChildStdin,
    announced: Arc<Mutex<Announced>>,
    /// Given back only after the process is reaped (fields drop after
    /// [`Drop::drop`]).
    _count: EngineGuard,
}

/// The `option name …` lines of the engine's `uci`/`ugi` answer.
#[derive(Default)]
struct Announced {
    names: Vec<String>,
    /// `uciok`/`ugiok` seen: later lines announce nothing.
    done: bool,
}

impl Announced {
    fn read(&mut self, line: &str) {
        if self.done {
            return;
        }
        if line == "uciok" || line == "ugiok" {
            self.done = true;
        } else if let Some(rest) = line.strip_prefix("option name ") {
            if let Some((name, _)) = rest.split_once(" type ") {
                if self.names.len() < 1000 {
                    self.names.push(name.trim().to_string());
                }
            }
        }
    }
}

impl Engine {
    pub fn start(
        cmd: &EngineCommand,
        slot: usize,
        id: u64,
        out: SyncSender<Event>,
        count: EngineGuard,
    ) -> Result<Engine, GuiError> {
        let mut child = crate::child::in_own_group(&mut Command::new(&cmd.program))
            .args(&cmd.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", cmd.name()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("the engine started without pipes".into());
        };
        let announced = Arc::new(Mutex::new(Announced::default()));
        let options = Arc::clone(&announced);
        let reader = std::thread::Builder::new()
            .name(format!("engine {slot}"))
            .stack_size(128 * 1024)
            .spawn(move || read_lines(output, slot, id, &options, &out));
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("cannot start a thread for the engine: {e}").into());
        }
        Ok(Engine {
            id,
            child,
            input,
            announced,
            _count: count,
        })
    }

    /// Sends `line`, a checked protocol command; a `setoption` only for
    /// an announced name, `Hash` and `Threads` capped. `Ok` carries what
    /// the page is told of a capped value.
    pub fn send(&mut self, line: &str) -> Result<Option<String>, GuiError> {
        let (line, note) = {
            let announced = self.announced.lock().unwrap_or_else(|e| e.into_inner());
            admit(line, &announced.names)?
        };
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the engine does not read: {e}"))?;
        Ok(note)
    }
}

/// The engine's lines to the session, each at most [`MAX_OUTPUT_LINE`]:
/// the channel is bounded, so an engine whose page does not read waits
/// on its own output instead of the server's memory growing.
fn read_lines(
    output: ChildStdout,
    slot: usize,
    id: u64,
    announced: &Mutex<Announced>,
    out: &SyncSender<Event>,
) {
    let mut reader = BufReader::new(output);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match (&mut reader)
            .take(MAX_OUTPUT_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buf.len() > MAX_OUTPUT_LINE && buf.last() != Some(&b'\n') {
            let _ = out.send(Event::Overlong { id, slot });
            return;
        }
        let text = String::from_utf8_lossy(&buf)
            .trim_end_matches(['\r', '\n'])
            .to_string();
        announced
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .read(&text);
        if out.send(Event::Line { id, slot, text }).is_err() {
            return;
        }
    }
    let _ = out.send(Event::Exit { id, slot });
}

/// The line an engine gets for `line`, and a note for the page if it was
/// changed: a `setoption` must name an option the engine announced, and
/// `Hash` and `Threads` get at most [`MAX_HASH_MB`] and [`max_threads`].
// pub: the fuzz target `gui_frames` checks lines without an engine.
pub fn admit(line: &str, announced: &[String]) -> Result<(String, Option<String>), GuiError> {
    let Ok(Some(parser::Command::SetOption { name, value })) = parser::parse(line) else {
        return Ok((line.to_string(), None));
    };
    let Some(known) = announced.iter().find(|a| a.eq_ignore_ascii_case(&name)) else {
        return Err(format!(
            "setoption: '{}' is no option this slot announced in its uci/ugi answer",
            name.chars().take(40).collect::<String>()
        )
        .into());
    };
    let cap = match known.to_ascii_lowercase().as_str() {
        "hash" => Some((MAX_HASH_MB, " MB")),
        "threads" => Some((max_threads(), " (the cores here)")),
        _ => None,
    };
    match (cap, value) {
        (Some((cap, unit)), Some(value)) if over(&value, cap) => Ok((
            format!("setoption name {known} value {cap}"),
            Some(format!("{known} capped at {cap}{unit}")),
        )),
        _ => Ok((line.to_string(), None)),
    }
}

/// A whole number above `cap` (however many digits), with or without a
/// leading `+`: the engine reads `+256` as 256, so the cap does too.
fn over(value: &str, cap: u64) -> bool {
    let value = value.trim();
    let digits = value.strip_prefix('+').unwrap_or(value);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && digits.parse::<u64>().map_or(true, |n| n > cap)
}

impl Drop for Engine {
    /// Killed and reaped before its count is given back: a page that
    /// starts an engine right after closing one finds it freed.
    fn drop(&mut self) {
        crate::child::kill_group(&self.child);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_protocol_commands_pass() {
        assert_eq!(check("start 1", 2), Ok(Request::Start(1)));
        assert!(check("start 2", 2).is_err());
        assert_eq!(
            check("send 0 position startpos moves a1b2", 1),
            Ok(Request::Send(0, "position startpos moves a1b2".into()))
        );
        assert_eq!(
            check("send 3 go depth 2", 1),
            Ok(Request::Send(3, "go depth 2".into()))
        );
        for bad in [
            "send 0 rm -rf /",
            "send 0 go depth x",
            "send 0 isready\nquit",
            "send 0 ",
            "send 9 uci",
            "send x uci",
            "launch 0",
            "",
            "close 99",
        ] {
            assert!(check(bad, 1).is_err(), "{bad:?}");
        }
        assert!(check(
            &format!("send 0 setoption name Hash value {}", "9".repeat(MAX_LINE)),
            1
        )
        .is_err());
    }

    #[test]
    fn hash_and_threads_are_capped_with_or_without_a_plus() {
        let announced = vec!["Hash".to_string(), "Threads".to_string()];
        for value in ["4096", "+4096", " +4096 ", "99999999999999999999999"] {
            let (line, note) = admit(&format!("setoption name Hash value {value}"), &announced)
                .expect("an announced option");
            assert_eq!(
                line,
                format!("setoption name Hash value {MAX_HASH_MB}"),
                "{value:?}"
            );
            assert!(note.is_some(), "{value:?}: the page is told");
        }
        let cap = max_threads();
        let (line, _) = admit(
            &format!("setoption name Threads value +{}", cap + 253),
            &announced,
        )
        .expect("an announced option");
        assert_eq!(line, format!("setoption name Threads value {cap}"));
        // Within the cap, and what is no number, go to the engine as they
        // are (the engine answers a non-number with its error line).
        for value in ["+1", "16", "x"] {
            let line = format!("setoption name Hash value {value}");
            assert_eq!(admit(&line, &announced).expect("passes").0, line);
        }
    }

    #[test]
    fn rollout_and_luck_requests_are_checked() {
        let shown = Shown {
            game: "palma".into(),
            options: "reverse=off extra_squares=15".into(),
            position: PositionSpec {
                fen: None,
                moves: vec!["t1".into(), "pass".into()],
            },
        };
        let fields = "palma\treverse=off extra_squares=15\tposition startpos moves t1 pass";
        assert_eq!(
            check(&format!("rollout 72\t{fields}"), 1),
            Ok(Request::Rollout {
                games: 72,
                shown: shown.clone()
            })
        );
        assert_eq!(
            check(&format!("rollout 99999999999999999999999\t{fields}"), 1),
            Err(GuiError::from(
                "rollout: '99999999999999999999999' is no number of games (1 or more)"
            ))
        );
        assert_eq!(
            check(&format!("rollout 1000000\t{fields}"), 1),
            Ok(Request::Rollout {
                games: MAX_ROLLOUT_GAMES,
                shown: shown.clone()
            })
        );
        assert_eq!(check("rollout stop", 1), Ok(Request::RolloutStop));
        assert_eq!(
            check(&format!("luck {fields}"), 1),
            Ok(Request::Luck(shown))
        );
        for bad in [
            "rollout",
            "rollout 0\tpalma\t\tposition startpos",
            "rollout -3\tpalma\t\tposition startpos",
            "rollout 72",
            "rollout 72\tpalma\t\tgo depth 3",
            "rollout 72\tpalma\tposition startpos",
            "rollout 72\tpalma\t\tposition startpos\textra",
            "rollout 72\tpal\u{7}ma\t\tposition startpos",
            "luck palma\t\tposition nowhere",
            "luck",
        ] {
            let refused = check(bad, 1).expect_err(bad).to_string();
            let verb = bad.split([' ', '\t']).next().unwrap_or("");
            assert!(
                refused.starts_with(&format!("{verb}: ")),
                "{bad:?}: {refused}"
            );
        }
    }
}
