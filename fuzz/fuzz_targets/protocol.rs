//! The engine protocol (src/protocol/), driven in-process as its own
//! tests drive it (`run_with` on an in-memory input and output): the
//! first byte picks the game and player count (common::VARIANTS), the
//! rest is command lines. Every line goes to the engine as it is, except
//! that what could run long or take much memory is bounded first:
//!
//! - `go …` becomes `go depth 1 nodes 300` (keeping `ponder`,
//!   `infinite` and `searchmoves`); the next line waits for its
//!   `bestmove` (or its error), so the run is the same every time. A
//!   pondering or infinite search is stopped by the next line (`stop`
//!   sent first unless that line is `stop`, or `ponderhit` for a
//!   pondering one);
//! - `go perft N` runs at most depth 2; `bench` is left out;
//! - `setoption` of `Hash` above 16, `Threads` above 2, `MultiPV` above
//!   16 and `MctsPlayoutPlies` above 100 is left out, and so are the
//!   file paths of `EvalFile` and `EndgamePath` (only `<empty>` passes)
//!   and Palma options other than the default (each new rule set builds
//!   exact tables kept for the process: common::palma_default).

#![no_main]

mod common;

use std::collections::VecDeque;
use std::io::{BufReader, Read};
use std::time::{Duration, Instant};

use agon::engine::Catalog;
use agon::protocol::output::Captured;
use agon::protocol::parser::{parse, Command};
use agon::protocol::{run_with, Output};
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: common::warm_palma(), |data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    // The plain games only: Palma's other option sets would build their
    // exact tables (common::palma_default).
    let v = common::variant(pick % 8);
    let mut lines: Vec<Line> = vec![
        Line::plain(b"setoption name Hash value 1".to_vec()),
        Line::plain(format!("setoption name Game value {}", v.name).into_bytes()),
        Line::plain(format!("setoption name GameOptions value {}", v.options_text).into_bytes()),
    ];
    let given: Vec<&[u8]> = rest.split(|&b| b == b'\n').collect();
    for (i, raw) in given.iter().enumerate() {
        let next = given.get(i + 1).map(|l| common::text(l));
        bounded(raw, next.as_deref(), &mut lines);
    }
    let (out, captured) = Output::in_memory();
    let input = Gate {
        lines: lines.into(),
        current: Vec::new(),
        at: 0,
        wait: None,
        out: captured,
    };
    run_with(BufReader::new(input), out, Catalog::games());
});

/// A line for the engine and whether the line after it waits for the
/// search (or perft) it starts to end.
struct Line {
    bytes: Vec<u8>,
    waits: bool,
}

impl Line {
    fn plain(bytes: Vec<u8>) -> Line {
        Line {
            bytes,
            waits: false,
        }
    }
}

/// The lines the engine gets for the fuzzer's line `raw` (`next`: the
/// line after it).
fn bounded(raw: &[u8], next: Option<&str>, lines: &mut Vec<Line>) {
    let text = common::text(raw);
    match parse(&text) {
        Ok(Some(Command::Go(spec))) => {
            let mut go = "go depth 1 nodes 300".to_string();
            if spec.ponder {
                go += " ponder";
            }
            if spec.infinite {
                go += " infinite";
            }
            if !spec.searchmoves.is_empty() {
                go += " searchmoves ";
                go += &spec.searchmoves.join(" ");
            }
            let open = spec.ponder || spec.infinite;
            lines.push(Line {
                bytes: go.into_bytes(),
                waits: !open,
            });
            if open {
                let next = next.and_then(|n| parse(n).ok().flatten());
                let ends = match next {
                    Some(Command::Stop) => true,
                    Some(Command::PonderHit) => spec.ponder && !spec.infinite,
                    _ => false,
                };
                if !ends {
                    lines.push(Line::plain(b"stop".to_vec()));
                }
            }
        }
        Ok(Some(Command::PonderHit)) => lines.push(Line {
            bytes: raw.to_vec(),
            waits: true,
        }),
        Ok(Some(Command::Perft(depth))) => lines.push(Line {
            bytes: format!("go perft {}", depth.min(2)).into_bytes(),
            waits: true,
        }),
        Ok(Some(Command::Bench(_))) => {}
        Ok(Some(Command::SetOption { name, value })) => {
            if allowed(&name, value.as_deref().unwrap_or("")) {
                lines.push(Line::plain(raw.to_vec()));
            }
        }
        _ => lines.push(Line::plain(raw.to_vec())),
    }
}

/// Whether `setoption name <name> value <value>` is within the bounds.
fn allowed(name: &str, value: &str) -> bool {
    let number = || value.trim().parse::<i64>().ok();
    let at_most = |cap: i64| number().is_none_or(|n| n <= cap);
    match name.to_ascii_lowercase().as_str() {
        "hash" => at_most(16),
        "threads" => at_most(2),
        "multipv" => at_most(16),
        "mctsplayoutplies" => at_most(100),
        "evalfile" | "endgamepath" => matches!(value.trim(), "" | "<empty>"),
        "gameoptions" => common::palma_default(value),
        _ => true,
    }
}

/// The engine's input: one line a read, and the line after a search
/// only once the search has answered (or after a few seconds: the end
/// of input stops it anyway).
struct Gate {
    lines: VecDeque<Line>,
    current: Vec<u8>,
    at: usize,
    /// Output lines before the line that waits.
    wait: Option<usize>,
    out: Captured,
}

impl Gate {
    fn settle(&mut self, before: usize) {
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            let lines = self.out.lines();
            let answered = lines.iter().skip(before).any(|l| {
                l.starts_with("bestmove")
                    || l.starts_with("Nodes searched")
                    || l.starts_with("info string perft stopped")
                    || l.starts_with("info string error: go")
                    || l.starts_with("info string error: a search is running")
                    || l.starts_with("info string error: ponderhit")
            });
            if answered {
                return;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

impl Read for Gate {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.current.len() {
            if let Some(before) = self.wait.take() {
                self.settle(before);
            }
            let Some(line) = self.lines.pop_front() else {
                return Ok(0);
            };
            if line.waits {
                // Counted when the line is handed over: its answer comes
                // after every line before it.
                self.wait = Some(self.out.lines().len());
            }
            self.current = line.bytes;
            self.current.push(b'\n');
            self.at = 0;
        }
        let n = buf.len().min(self.current.len() - self.at);
        buf[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}
