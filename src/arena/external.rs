//! An external engine: a program that speaks the agon protocol
//! (protocol.md) over its standard input and output, in the UCI dialect
//! (`uci`/`uciok`) or the UGI dialect (`ugi`/`ugiok`).
//!
//! Every read has a deadline, so an engine that hangs costs the referee
//! its time plus the margin and never more; a line is stamped when it
//! arrives, so the time an engine used is measured from the `go` written to
//! the `bestmove` read, not from when the referee got round to reading it.
//! Lines are bounded ([`MAX_LINE`], and [`QUEUED_LINES`] unread at once), so
//! an engine that prints without end costs the referee bounded memory.
//!
//! An engine runs in its own process group, which is killed when the engine
//! is done with: a wrapper script that ignores `quit` takes its children
//! with it instead of leaving them running after the match.

use std::io::{ErrorKind, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

use super::entrant::{Answer, Pondered};
use super::fault::{Failure, Fault};
use crate::search::ScoreReport;

/// The longest line the referee reads from an engine: far above any `info`
/// line with a whole principal variation, far below what could hurt.
pub const MAX_LINE: usize = 256 * 1024;

/// Lines read but not yet taken by the referee; the reader waits (and the
/// engine with it) when this many are queued.
const QUEUED_LINES: usize = 256;

/// How long the handshake (`uci` … `uciok`) and `isready` … `readyok` may
/// take: an engine builds its tables here (protocol.md: `isready`).
pub const SETUP_DEADLINE: Duration = Duration::from_secs(30);

/// How long `quit` may take before the process is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// The protocol dialect an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Ugi,
}

impl Dialect {
    pub fn from_name(name: &str) -> Option<Dialect> {
        match name {
            "uci" => Some(Dialect::Uci),
            "ugi" => Some(Dialect::Ugi),
            _ => None,
        }
    }

    fn hello(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Ugi => "ugi",
        }
    }

    fn hello_ok(self) -> &'static str {
        match self {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        }
    }

    fn new_game(self) -> &'static str {
        match self {
            Dialect::Uci => "ucinewgame",
            Dialect::Ugi => "uginewgame",
        }
    }
}

/// How to start an external engine and set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    pub command: PathBuf,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    pub dialect: Dialect,
    /// `setoption` pairs, sent in this order after the game is set.
    pub options: Vec<(String, String)>,
    /// `ponder=on`: the referee lets the engine think on its opponent's
    /// time (`Ponder` set, `go ponder`, `ponderhit`).
    pub ponder: bool,
}

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    /// Lines of its standard output, each stamped when it was read; closed
    /// when the engine closes its output (exits or crashes).
    lines: Receiver<(Instant, Heard)>,
}

/// What the reader thread passes on.
enum Heard {
    Line(String),
    /// A line longer than [`MAX_LINE`]: the reader stopped there.
    Overlong,
}

impl Process {
    /// Starts the program, shakes hands, sets the game, its variant options
    /// (`options`: those off their defaults, none sent when empty) and the
    /// engine's own options, and waits for `readyok`.
    pub fn start(spec: &ExternalSpec, game: &str, options: &str) -> Result<Process, Failure> {
        let mut command = Command::new(&spec.command);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // Its own group, for `Drop` to kill whole.
        crate::child::in_own_group(&mut command);
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| {
            Failure::new(
                Fault::Crash,
                format!("cannot start '{}': {e}", spec.command.display()),
            )
        })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Failure::new(Fault::Crash, "no pipes to the engine"));
        };
        let (tx, lines) = sync_channel(QUEUED_LINES);
        thread::spawn(move || read_lines(stdout, &tx));
        let mut process = Process {
            child,
            stdin,
            lines,
        };
        process.send(spec.dialect.hello())?;
        let announced = process.announced_options(spec.dialect.hello_ok())?;
        let has = |name: &str| announced.iter().any(|a| a.eq_ignore_ascii_case(name));
        // An engine of one game may have no `Game` option: it plays the
        // game it knows (the referee's moves tell soon enough).
        if has("Game") {
            process.send(&format!("setoption name Game value {game}"))?;
        }
        // A fresh engine plays the defaults: no line when every option is
        // one (the referee passes only the options off their defaults).
        let mut setup: Vec<(&str, &str)> = Vec::new();
        if !options.is_empty() {
            setup.push(("GameOptions", options));
        }
        setup.extend(spec.options.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        if spec.ponder {
            setup.push(("Ponder", "true"));
        }
        // Only what the engine announced: anything else is one error
        // before the first game, naming it, instead of a setup the
        // engine rejects (or, worse, ignores).
        if let Some((name, _)) = setup.iter().find(|(name, _)| !has(name)) {
            let why = if *name == "Ponder" {
                " (ponder=on needs it)"
            } else {
                ""
            };
            return Err(Failure::new(
                Fault::Protocol,
                format!(
                    "the engine does not announce the option '{name}'{why}; it announces: {}",
                    cut(&announced.join(", "))
                ),
            ));
        }
        for (name, value) in setup {
            process.send(&format!("setoption name {name} value {value}"))?;
        }
        // An engine that rejects the game, its options or one of its own
        // (protocol.md: one error line) would play something else.
        process.send("isready")?;
        let deadline = Instant::now() + SETUP_DEADLINE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (_, line) = process.wait_for_any(left, "readyok")?;
            if line.starts_with("info string error") {
                return Err(Failure::new(
                    Fault::Crash,
                    format!("rejected its setup: {}", cut(&line)),
                ));
            }
            if line.split_whitespace().next() == Some("readyok") {
                return Ok(process);
            }
        }
    }

    /// `ucinewgame` (or `uginewgame`) and `isready` … `readyok`.
    pub fn new_game(&mut self, dialect: Dialect) -> Result<(), Failure> {
        self.send(dialect.new_game())?;
        self.ready()
    }

    /// The names of the `option name <name> type …` lines up to
    /// `hello_ok` (a name may hold spaces: `Clear Hash`).
    fn announced_options(&mut self, hello_ok: &str) -> Result<Vec<String>, Failure> {
        let deadline = Instant::now() + SETUP_DEADLINE;
        let mut names = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (_, line) = self.wait_for_any(left, hello_ok)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some(w) if w == hello_ok => return Ok(names),
                Some("option") if words.next() == Some("name") => {
                    let name: Vec<&str> = words.take_while(|w| *w != "type").collect();
                    // A hostile engine may announce without end: its
                    // names are bounded as its lines are.
                    if !name.is_empty() && names.len() < QUEUED_LINES {
                        names.push(name.join(" "));
                    }
                }
                _ => {}
            }
        }
    }

    fn ready(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for("readyok", SETUP_DEADLINE).map(|_| ())
    }

    /// Sends the game so far and `go`, and waits for `bestmove` until
    /// `wait` after the `go` was written; the time used runs from writing
    /// `go` to reading `bestmove` ([`Process::in_step`] comes first).
    pub fn go(&mut self, position: &str, go: &str, wait: Duration) -> Result<Answer, Failure> {
        self.in_step(wait)?;
        self.send(position)?;
        self.send(go)?;
        self.answer(Instant::now(), wait)
    }

    /// Sends the position and `go ponder …`: the engine searches on its
    /// opponent's time and answers only after `ponderhit` or `stop`.
    pub fn ponder(&mut self, position: &str, go: &str) -> Result<(), Failure> {
        self.in_step(SETUP_DEADLINE)?;
        self.send(position)?;
        self.send(go)
    }

    /// `ponderhit`, and the answer, timed from there.
    pub fn ponderhit(&mut self, wait: Duration) -> Result<Answer, Failure> {
        self.send("ponderhit")?;
        self.answer(Instant::now(), wait)
    }

    /// `stop` to a pondering search, and its answer, dropped.
    pub fn stop_ponder(&mut self, wait: Duration) -> Result<(), Failure> {
        self.send("stop")?;
        self.answer(Instant::now(), wait).map(|_| ())
    }

    /// `isready` … `readyok` before a new search: an engine answers in
    /// order, so a `bestmove` read before `readyok` answered an earlier
    /// `go` a second time, and is named as that instead of being taken
    /// for the next answer.
    fn in_step(&mut self, wait: Duration) -> Result<(), Failure> {
        self.send("isready")?;
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (_, line) = self.wait_for_any(left, "readyok")?;
            match line.split_whitespace().next() {
                Some("readyok") => break,
                Some("bestmove") => {
                    return Err(Failure::new(
                        Fault::Protocol,
                        format!("'{}' after its move: a go answered twice", cut(&line)),
                    ))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Reads up to `bestmove`, at most `wait` after `sent`, with the score
    /// and depth of the last `info` line that had them; the time used
    /// runs from `sent` to the `bestmove` read.
    fn answer(&mut self, sent: Instant, wait: Duration) -> Result<Answer, Failure> {
        let deadline = sent + wait;
        let (mut score, mut depth) = (None, None);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (at, line) = self.wait_for_any(left, "bestmove")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let word = words.next().unwrap_or("").to_string();
                    let ponder = match (words.next(), words.next()) {
                        (Some("ponder"), Some(reply)) => Some(reply.to_string()),
                        _ => None,
                    };
                    return Ok(Answer {
                        word,
                        used: at.saturating_duration_since(sent),
                        score,
                        depth,
                        ponder,
                        pondered: Pondered::No,
                    });
                }
                Some("info") => {
                    if let Some(s) = info_score(&line) {
                        score = Some(s);
                        depth = info_field(&line, "depth");
                    }
                }
                _ => {}
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        written.map_err(|e| self.crashed(format!("writing '{line}': {e}")))
    }

    /// Reads lines until one whose first word is `word`; a hang after
    /// `wait`, a crash if the output closes.
    fn wait_for(&mut self, word: &str, wait: Duration) -> Result<(Instant, String), Failure> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (at, line) = self.wait_for_any(left, word)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok((at, line));
            }
        }
    }

    /// The next line, waiting for `word` at most `wait`.
    fn wait_for_any(&mut self, wait: Duration, word: &str) -> Result<(Instant, String), Failure> {
        match self.lines.recv_timeout(wait) {
            Ok((at, Heard::Line(line))) => Ok((at, line)),
            Ok((_, Heard::Overlong)) => Err(Failure::new(
                Fault::Protocol,
                format!("a line longer than {MAX_LINE} bytes while waiting for '{word}'"),
            )),
            Err(RecvTimeoutError::Timeout) => Err(Failure::new(
                Fault::Hang,
                format!("no '{word}' within {} ms", wait.as_millis()),
            )),
            Err(RecvTimeoutError::Disconnected) => {
                Err(self.crashed(format!("output closed while waiting for '{word}'")))
            }
        }
    }

    /// A crash failure naming the exit status if the process has ended.
    fn crashed(&mut self, what: String) -> Failure {
        // The output closes just before the process is reaped.
        thread::sleep(Duration::from_millis(20));
        let status = match self.child.try_wait() {
            Ok(Some(status)) => format!(" ({status})"),
            _ => String::new(),
        };
        Failure::new(Fault::Crash, format!("{what}{status}"))
    }
}

impl Drop for Process {
    /// `quit`, then a kill of its whole process group: a hung or
    /// misbehaving engine must not outlive its game, nor must whatever it
    /// started (a wrapper's engine, helpers) outlive it.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + QUIT_GRACE;
        let mut exited = false;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                exited = true;
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        crate::child::kill_group(&self.child);
        if !exited {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The reader thread: `out`'s lines, each stamped with the moment the read
/// that completed it returned, until the output closes, the referee stops
/// listening, or a line passes [`MAX_LINE`] (then the rest is not read and
/// the buffer is freed).
fn read_lines(mut out: impl Read, tx: &SyncSender<(Instant, Heard)>) {
    let mut chunk = vec![0u8; 64 * 1024];
    let mut line: Vec<u8> = Vec::new();
    loop {
        let n = match out.read(&mut chunk) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        let at = Instant::now();
        let mut rest = &chunk[..n];
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            line.extend_from_slice(&rest[..i]);
            rest = &rest[i + 1..];
            if line.len() > MAX_LINE {
                let _ = tx.send((at, Heard::Overlong));
                return;
            }
            let text = String::from_utf8_lossy(&line).trim_end().to_string();
            line.clear();
            if tx.send((at, Heard::Line(text))).is_err() {
                return;
            }
        }
        line.extend_from_slice(rest);
        if line.len() > MAX_LINE {
            let _ = tx.send((at, Heard::Overlong));
            return;
        }
    }
}

/// A quoted engine line, cut to a length an error message can carry.
fn cut(line: &str) -> String {
    const SHOWN: usize = 80;
    match line.char_indices().nth(SHOWN) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

/// The integer after `word` in an `info` line.
fn info_field<T: std::str::FromStr>(line: &str, word: &str) -> Option<T> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == word)?;
    words.next()?.parse().ok()
}

/// `score cp N` or `score mate N` of an `info` line (a bound is not a
/// score).
fn info_score(line: &str) -> Option<ScoreReport> {
    let mut words = line.split_whitespace().skip_while(|w| *w != "score");
    words.next()?;
    let kind = words.next()?;
    let n: i32 = words.next()?.parse().ok()?;
    if matches!(words.next(), Some("lowerbound" | "upperbound")) {
        return None;
    }
    match kind {
        "cp" => Some(ScoreReport::Cp(n)),
        "mate" => Some(ScoreReport::Mate(n)),
        _ => None,
    }
}
