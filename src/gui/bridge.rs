//! What the page may ask of the server, and the engines it talks to.
//!
//! One WebSocket text message is one line. From the page:
//!
//! - `start <k>`: start engine `k` of the server's list in a new slot;
//!   answered `started <slot> <k>`.
//! - `send <slot> <line>`: send `line` to the engine in `slot`. The line
//!   must be one command that `protocol.md` defines (checked by agon's own
//!   protocol parser), without control characters; anything else is
//!   answered `error …` and never reaches an engine.
//! - `close <slot>`: quit the engine in `slot`.
//!
//! From the server: `engines <name>\t<name>…` once, `line <slot> <text>`
//! for each line an engine prints, `exit <slot>` when it ends, and
//! `error <text>` for a message it refused.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Sender;

use crate::protocol::parser;

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
    pub fn parse(text: &str) -> Result<EngineCommand, String> {
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
}

/// Checks one message from the page: its form, and for `send` that the
/// line is a protocol command. The error is what the page is told.
pub fn check(message: &str, engines: usize) -> Result<Request, String> {
    if message.len() > MAX_LINE {
        return Err(format!("a message longer than {MAX_LINE} bytes"));
    }
    let (verb, rest) = message.split_once(' ').unwrap_or((message, ""));
    let number = |text: &str, what: &str, below: usize| -> Result<usize, String> {
        text.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n < below)
            .ok_or_else(|| format!("'{}' is no {what} (0..{below})", text.trim()))
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
                Err(e) => Err(format!("not a protocol command: {e}")),
            }
        }
        _ => Err(format!(
            "unknown request '{}' (start, send, close)",
            verb.chars().take(40).collect::<String>()
        )),
    }
}

/// A running engine: its input, and a thread that passes each line it
/// prints to the session as `line <slot> <text>`.
pub struct Engine {
    child: Child,
    input: ChildStdin,
}

impl Engine {
    pub fn start(cmd: &EngineCommand, slot: usize, out: Sender<String>) -> Result<Engine, String> {
        let mut child = Command::new(&cmd.program)
            .args(&cmd.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", cmd.name()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err("the engine has no pipes".into());
        };
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if out.send(format!("line {slot} {line}")).is_err() {
                    return;
                }
            }
            let _ = out.send(format!("exit {slot}"));
        });
        Ok(Engine { child, input })
    }

    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the engine does not read: {e}"))
    }
}

impl Drop for Engine {
    /// `quit`, then a kill: an engine never outlives its page.
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit").and_then(|()| self.input.flush());
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
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
}
