//! A child `agon` process spoken to over pipes, with a deadline on every
//! read so a hang fails the test instead of blocking CI; and [`run`], one
//! command-line call of `agon` to its end; [`suite_lines`], the reader
//! of the suite files in `positions/`; [`assert_playable`], the check
//! that a reported line is playable move by move; and
//! [`scratch::Scratch`], a test's folder of files that goes away with it.

#![allow(dead_code)]

pub mod engine;
pub mod scratch;
pub mod suite_lines;
pub mod webdriver;

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long one test may wait for the engine's next line, and so for
/// one step of its work (debug builds are slow and the machine is shared;
/// a healthy step needs a fraction of this).
pub const DEADLINE: Duration = Duration::from_secs(60);

/// The binary under test: this build's `agon`, or the one named by
/// `AGON_TEST_BIN` (to show that a test fails on an older build).
pub fn agon_bin() -> String {
    std::env::var("AGON_TEST_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_agon").to_string())
}

/// Runs `agon args…` to its end: (exit status, stdout, stderr).
pub fn run(args: &[&str]) -> (ExitStatus, String, String) {
    let out = Command::new(agon_bin())
        .args(args)
        .output()
        .expect("the agon binary runs");
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

pub struct Agon {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
    deadline: Instant,
    /// Every line received so far (for failure messages).
    pub seen: Vec<String>,
}

impl Agon {
    pub fn start() -> Agon {
        let mut child = Command::new(agon_bin())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start agon");
        let mut stdout = child.stdout.take().expect("stdout");
        let mut stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut buf = Vec::new();
            let mut chunk = [0u8; 8192];
            loop {
                match stdout.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => buf.extend_from_slice(&chunk[..n]),
                }
                while let Some(i) = buf.iter().position(|b| *b == b'\n') {
                    let line: Vec<u8> = buf.drain(..=i).collect();
                    let text = String::from_utf8(line[..i].to_vec())
                        .unwrap_or_else(|_| "<engine printed invalid UTF-8>".into());
                    if tx.send(text).is_err() {
                        return;
                    }
                }
            }
            if !buf.is_empty() {
                let _ = tx.send(format!(
                    "<unterminated line: {}>",
                    String::from_utf8_lossy(&buf)
                ));
            }
        });
        let stderr = thread::spawn(move || {
            let mut s = String::new();
            let _ = stderr.read_to_string(&mut s);
            s
        });
        Agon {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            stderr: Some(stderr),
            deadline: Instant::now() + DEADLINE,
            seen: Vec::new(),
        }
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin already closed");
        stdin.write_all(bytes).expect("engine closed its input");
        stdin.flush().expect("flush");
    }

    /// The next output line, or `None` when the engine closed its output.
    pub fn next_line(&mut self) -> Option<String> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(l) => {
                // Each line is progress: the deadline guards one step
                // (a hang), not a whole session, which a loaded machine
                // stretches.
                self.deadline = self.deadline.max(Instant::now() + DEADLINE);
                self.seen.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => panic!(
                "timed out waiting for the engine; last lines: {:?}",
                self.tail()
            ),
        }
    }

    /// The next line, which must exist.
    pub fn recv(&mut self) -> String {
        match self.next_line() {
            Some(l) => l,
            None => panic!(
                "the engine closed its output; last lines: {:?}",
                self.tail()
            ),
        }
    }

    pub fn expect(&mut self, want: &str) {
        let got = self.recv();
        assert_eq!(got, want, "last lines: {:?}", self.tail());
    }

    /// Gives a test of heavy work (tens of CPU seconds) `d` from now
    /// instead of [`DEADLINE`]: the deadline only catches a hang, and a
    /// loaded machine stretches such work several times.
    pub fn allow(&mut self, d: Duration) {
        self.deadline = Instant::now() + d;
    }

    /// Lines up to and including the first one satisfying `pred`.
    pub fn until(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.recv();
            let done = pred(&l);
            out.push(l);
            if done {
                return out;
            }
        }
    }

    /// Sends `isready` and returns every line before `readyok`: a barrier
    /// that also collects a command's output.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut out = self.until(|l| l == "readyok");
        out.pop();
        out
    }

    /// `eval`'s lines for the current position, up to its total (or an
    /// error line).
    pub fn eval_lines(&mut self) -> Vec<String> {
        self.send("eval");
        self.until(|l| l.starts_with("eval total") || l.contains("error"))
    }

    /// Closes the engine's input; returns the remaining output lines, the
    /// exit status and everything written to stderr.
    pub fn finish(mut self) -> (Vec<String>, ExitStatus, String) {
        self.stdin = None;
        let mut rest = Vec::new();
        while let Some(l) = self.next_line() {
            rest.push(l);
        }
        let status = loop {
            if let Some(s) = self.child.try_wait().expect("wait") {
                break s;
            }
            assert!(Instant::now() < self.deadline, "the engine did not exit");
            thread::sleep(Duration::from_millis(10));
        };
        let stderr = self
            .stderr
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default();
        (rest, status, stderr)
    }

    fn tail(&self) -> &[String] {
        &self.seen[self.seen.len().saturating_sub(8)..]
    }
}

impl Drop for Agon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Panics (naming `what`) unless every move of `pv`, in `pos`'s
/// notation, parses and is played in turn from `pos`.
pub fn assert_playable<G: agon::game::Notation>(pos: &G, pv: &[String], what: &str) {
    let mut p = pos.clone();
    for text in pv {
        let m = p
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{what}: pv {pv:?}: {e}"));
        p.play(m);
    }
}

/// Property tests draw the same cases on every run, so CI cannot meet a
/// case no earlier run met; `PROPTEST_RNG_SEED=<n>` explores other draws.
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, RngSeed};
    let default = Config::default();
    let rng_seed = match default.rng_seed {
        RngSeed::Random => RngSeed::Fixed(0x6167_6f6e),
        fixed => fixed,
    };
    Config {
        cases,
        rng_seed,
        failure_persistence: None,
        ..default
    }
}

/// A running `agon gui` (on a free port, with the given `--engine`s) and
/// the address it printed; killed on drop.
pub struct GuiServer {
    child: Child,
    /// `127.0.0.1:<port>`.
    pub addr: String,
    /// The token of the printed address (empty if it printed none).
    pub token: String,
}

impl GuiServer {
    pub fn start(engines: &[&str]) -> GuiServer {
        GuiServer::with_args(engines, &[])
    }

    /// With more arguments of `agon gui`.
    pub fn with_args(engines: &[&str], args: &[&str]) -> GuiServer {
        let mut cmd = Command::new(agon_bin());
        cmd.args(["gui", "--port", "0"]).args(args);
        for e in engines {
            cmd.args(["--engine", e]);
        }
        GuiServer::launch(cmd)
    }

    /// `cmd` runs `agon gui`: its first line is the address to open.
    pub fn launch(mut cmd: Command) -> GuiServer {
        use std::io::{BufRead, BufReader};
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("agon gui starts");
        let out = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(out)
            .read_line(&mut line)
            .expect("the address");
        let url = line
            .trim()
            .strip_prefix("agon gui: open http://")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        let (addr, query) = url.split_once('/').unwrap_or((url, ""));
        let token = query
            .trim_start_matches('?')
            .split('&')
            .find_map(|p| p.strip_prefix("token="))
            .unwrap_or("")
            .to_string();
        GuiServer {
            child,
            addr: addr.to_string(),
            token,
        }
    }

    /// The server's process id (its engines are its children).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The page's address, as printed.
    pub fn url(&self) -> String {
        if self.token.is_empty() {
            format!("http://{}/", self.addr)
        } else {
            format!("http://{}/?token={}", self.addr, self.token)
        }
    }
}

impl Drop for GuiServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The value of `eval total <value>` among `eval`'s lines.
pub fn eval_total(lines: &[String]) -> Option<i32> {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("eval total "))
        .and_then(|v| v.parse().ok())
}
