//! A small, blocking WebDriver client for tests that drive a real browser:
//! headless Chromium through `chromedriver` (Debian's `chromium` and
//! `chromium-driver` packages). HTTP/1.1 over a `TcpStream` with a
//! deadline on every read and write, so a hung browser fails the test
//! instead of blocking CI; every error from the browser or the driver is
//! an `Err` with a message, never a panic.
//!
//! ```ignore
//! let b = Browser::start()?;
//! b.goto("http://127.0.0.1:8080/")?;
//! b.click("#new-game")?;
//! let secs = Duration::from_secs;
//! b.wait_for("return document.querySelectorAll('.stone').length > 0", secs(5))?;
//! b.screenshot(Path::new("target/board.png"))?;
//! ```

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::scratch::Scratch;

/// Where Debian's packages put the driver and the browser; the
/// `CHROMEDRIVER` and `CHROMIUM` environment variables name others.
pub const DEFAULT_CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";

/// The key of a web element's id in WebDriver's JSON (the W3C "web
/// element identifier"; chromedriver answers with this one).
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long chromedriver may take to answer `GET /status` with ready.
const DRIVER_READY: Duration = Duration::from_secs(20);
/// How long one command may take over HTTP (creating a session starts
/// Chromium, slow on a loaded two-core machine). The session's own page
/// load and script timeouts are set below this, so the driver reports a
/// slow page or script as an error before this deadline cuts it off.
const COMMAND_DEADLINE: Duration = Duration::from_secs(90);
const SESSION_TIMEOUTS_MS: u64 = 60_000;
/// Deleting the session when the `Browser` is dropped.
const QUIT_DEADLINE: Duration = Duration::from_secs(10);
/// The largest response accepted (a screenshot is a few MB of base64).
const MAX_RESPONSE: usize = 256 << 20;
/// How much of chromedriver's output is kept for error messages.
const LOG_TAIL: usize = 16 << 10;

fn env_or(var: &str, default: &str) -> PathBuf {
    match std::env::var_os(var) {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(default),
    }
}

/// The chromedriver binary: `$CHROMEDRIVER`, else `/usr/bin/chromedriver`.
pub fn chromedriver_path() -> PathBuf {
    env_or("CHROMEDRIVER", DEFAULT_CHROMEDRIVER)
}

/// The Chromium binary: `$CHROMIUM`, else `/usr/bin/chromium`.
pub fn chromium_path() -> PathBuf {
    env_or("CHROMIUM", DEFAULT_CHROMIUM)
}

/// Whether both chromedriver and Chromium are installed (at the paths
/// above), so a browser test can run.
pub fn browser_available() -> bool {
    chromedriver_path().is_file() && chromium_path().is_file()
}

/// A headless Chromium session through its own chromedriver process.
/// Dropping it ends the session and kills chromedriver and every process
/// it started.
pub struct Browser {
    driver: Child,
    port: u16,
    session: Option<String>,
    log: Arc<Mutex<String>>,
    /// chromedriver's and Chromium's `TMPDIR` (the profile and shared
    /// memory files), removed on drop: left to themselves they leave a
    /// few MB in /tmp for every session. Dropped after the drop that
    /// ends them.
    tmp: Scratch,
    /// A script run as the browser closes: a non-empty string it returns
    /// fails the test (a fault of the page that no step looked for).
    close_check: Option<String>,
}

impl Browser {
    /// Starts chromedriver on a free localhost port, waits until it is
    /// ready and opens a session with headless Chromium.
    pub fn start() -> Result<Browser, String> {
        let driver_bin = chromedriver_path();
        let chromium = chromium_path();
        if !browser_available() {
            return Err(format!(
                "no browser: {} and {} must both exist \
                 (apt-get install chromium chromium-driver)",
                driver_bin.display(),
                chromium.display()
            ));
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("cannot pick a free port: {e}"))?
            .port();
        let tmp = Scratch::new("webdriver");
        let mut command = Command::new(&driver_bin);
        command
            .arg(format!("--port={port}"))
            .env("TMPDIR", tmp.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group, so that Drop can end chromedriver and
        // the Chromium processes it starts together.
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut driver = match command.spawn() {
            Ok(child) => child,
            Err(e) => return Err(format!("cannot start {}: {e}", driver_bin.display())),
        };
        let log = Arc::new(Mutex::new(String::new()));
        for pipe in [
            driver
                .stdout
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
            driver
                .stderr
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        ]
        .into_iter()
        .flatten()
        {
            let log = Arc::clone(&log);
            thread::spawn(move || collect_log(pipe, &log));
        }
        // From here on, an early return drops `browser`, which kills
        // chromedriver.
        let mut browser = Browser {
            driver,
            port,
            session: None,
            log,
            tmp,
            close_check: None,
        };
        browser.wait_ready()?;
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium.to_string_lossy(),
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--window-size=1100,900",
                ],
            },
        }}});
        let value = browser
            .command("POST", "/session", Some(&caps), COMMAND_DEADLINE)
            .map_err(|e| browser.with_log(e))?;
        let id = value
            .get("sessionId")
            .and_then(Value::as_str)
            .ok_or_else(|| browser.with_log(format!("new session: no sessionId in {value}")))?;
        browser.session = Some(id.to_string());
        let ms = SESSION_TIMEOUTS_MS;
        browser.post(
            "timeouts",
            json!({"script": ms, "pageLoad": ms, "implicit": 0}),
        )?;
        Ok(browser)
    }

    /// Polls `GET /status` until chromedriver says it is ready.
    fn wait_ready(&mut self) -> Result<(), String> {
        let start = Instant::now();
        loop {
            if let Ok(Some(status)) = self.driver.try_wait() {
                return Err(self.with_log(format!("chromedriver exited at start: {status}")));
            }
            let left = DRIVER_READY.saturating_sub(start.elapsed());
            let deadline = left.clamp(Duration::from_millis(100), Duration::from_secs(5));
            let last = match self.command("GET", "/status", None, deadline) {
                Ok(v) if v.get("ready").and_then(Value::as_bool) == Some(true) => return Ok(()),
                Ok(v) => format!("not ready: {v}"),
                Err(e) => e,
            };
            if start.elapsed() > DRIVER_READY {
                return Err(self.with_log(format!(
                    "chromedriver on port {} not ready after {DRIVER_READY:?}: {last}",
                    self.port
                )));
            }
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// Opens `url` and waits for it to load.
    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.post("url", json!({ "url": url })).map(drop)
    }

    /// Runs `script` as the browser closes, and fails the test with the
    /// string it returns unless that is empty.
    pub fn check_on_close(&mut self, script: &str) {
        self.close_check = Some(script.to_string());
    }

    /// Runs `script` (a function body: `return …` gives the result) in
    /// the page with `arguments` = `args`; returns its result.
    pub fn execute(&self, script: &str, args: Vec<Value>) -> Result<Value, String> {
        self.post("execute/sync", json!({"script": script, "args": args}))
    }

    /// The WebDriver id of the first element matching the CSS selector.
    pub fn find(&self, css: &str) -> Result<String, String> {
        let v = self
            .post("element", json!({"using": "css selector", "value": css}))
            .map_err(|e| format!("find {css:?}: {e}"))?;
        v.get(ELEMENT_KEY)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("find {css:?}: no element id in {v}"))
    }

    /// A real click (the driver moves the pointer and presses it) on the
    /// first element matching the CSS selector.
    pub fn click(&self, css: &str) -> Result<(), String> {
        let id = self.find(css)?;
        self.post(&format!("element/{id}/click"), json!({}))
            .map(drop)
            .map_err(|e| format!("click {css:?}: {e}"))
    }

    /// Types `text` into the first element matching the CSS selector.
    pub fn send_keys(&self, css: &str, text: &str) -> Result<(), String> {
        let id = self.find(css)?;
        self.post(&format!("element/{id}/value"), json!({ "text": text }))
            .map(drop)
            .map_err(|e| format!("send keys to {css:?}: {e}"))
    }

    /// Runs `script` every 50 ms until it returns `true`; an error after
    /// `timeout`, naming the last result (errors in between, such as
    /// while a page loads, are retried).
    pub fn wait_for(&self, script: &str, timeout: Duration) -> Result<(), String> {
        let start = Instant::now();
        loop {
            let last = match self.execute(script, Vec::new()) {
                Ok(Value::Bool(true)) => return Ok(()),
                Ok(v) => format!("it returned {v}"),
                Err(e) => format!("it failed: {e}"),
            };
            if start.elapsed() >= timeout {
                return Err(format!(
                    "waited {timeout:?} for `{script}` to return true; {last}"
                ));
            }
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// Saves a PNG screenshot of the window to `path`, creating its
    /// folders.
    pub fn screenshot(&self, path: &Path) -> Result<(), String> {
        let v = self.session_command("GET", "screenshot", None)?;
        let text = v
            .as_str()
            .ok_or_else(|| format!("screenshot: expected base64 text, got {v}"))?;
        let png = base64_decode(text).map_err(|e| format!("screenshot: {e}"))?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("screenshot: cannot create {}: {e}", dir.display()))?;
        }
        std::fs::write(path, png)
            .map_err(|e| format!("screenshot: cannot write {}: {e}", path.display()))
    }

    /// Sets the window's outer size in CSS pixels (headless Chromium 156
    /// keeps 143 pixels of it for its invisible toolbars: a 1000x800
    /// window has a 1000x657 viewport, and screenshots are that size).
    pub fn set_window_size(&self, width: u32, height: u32) -> Result<(), String> {
        self.post("window/rect", json!({"width": width, "height": height}))
            .map(drop)
    }

    /// A mouse press at viewport point `from`, a move to `to` and the
    /// release there (WebDriver's actions API), then the pointer let go.
    pub fn drag(&self, from: (f64, f64), to: (f64, f64)) -> Result<(), String> {
        self.drag_with(from, to, 0)
    }

    /// [`Browser::drag`] with mouse button `button` (0 left, 2 right).
    pub fn drag_with(&self, from: (f64, f64), to: (f64, f64), button: u8) -> Result<(), String> {
        let at = |(x, y): (f64, f64)| json!({"type": "pointerMove", "origin": "viewport", "x": x.round() as i64, "y": y.round() as i64, "duration": 0});
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                at(from),
                {"type": "pointerDown", "button": button},
                at(((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0)),
                at(to),
                {"type": "pointerUp", "button": button},
            ],
        }]});
        self.post("actions", actions)?;
        self.session_command("DELETE", "actions", None).map(drop)
    }

    /// A Chrome DevTools command (ChromeDriver's `goog/cdp/execute`), as
    /// `Emulation.setEmulatedMedia` to prefer a dark colour scheme.
    pub fn cdp(&self, cmd: &str, params: Value) -> Result<Value, String> {
        self.post("goog/cdp/execute", json!({"cmd": cmd, "params": params}))
    }

    fn post(&self, what: &str, body: Value) -> Result<Value, String> {
        self.session_command("POST", what, Some(&body))
    }

    /// A command on this session: `what` is the path after
    /// `/session/{id}/`.
    fn session_command(
        &self,
        method: &str,
        what: &str,
        body: Option<&Value>,
    ) -> Result<Value, String> {
        let id = self.session.as_deref().ok_or("no WebDriver session")?;
        self.command(
            method,
            &format!("/session/{id}/{what}"),
            body,
            COMMAND_DEADLINE,
        )
    }

    /// One WebDriver command: its `value`, or an error naming the
    /// command and the driver's error and message.
    fn command(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        deadline: Duration,
    ) -> Result<Value, String> {
        let body = body.map(Value::to_string);
        let (status, bytes) = http(self.port, method, path, body.as_deref(), deadline)
            .map_err(|e| format!("{method} {path}: {e}"))?;
        let reply: Value = serde_json::from_slice(&bytes).map_err(|e| {
            format!(
                "{method} {path}: HTTP {status}, not JSON ({e}): {}",
                snippet(&String::from_utf8_lossy(&bytes))
            )
        })?;
        let mut value = match reply {
            Value::Object(mut map) => map.remove("value").unwrap_or(Value::Null),
            other => return Err(format!("{method} {path}: HTTP {status}: {other}")),
        };
        let error = value.get("error").and_then(Value::as_str);
        if status != 200 || error.is_some() {
            let message = value.get("message").and_then(Value::as_str).unwrap_or("");
            return Err(format!(
                "{method} {path}: HTTP {status}: {}: {}",
                error.unwrap_or("error"),
                snippet(message)
            ));
        }
        Ok(value.take())
    }

    /// `e` followed by the end of chromedriver's output.
    fn with_log(&self, e: String) -> String {
        let log = self.log.lock().map(|l| l.clone()).unwrap_or_default();
        if log.trim().is_empty() {
            e
        } else {
            format!("{e}\n--- chromedriver's output ---\n{}", log.trim_end())
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Asked before the session ends; the panic comes after the
        // cleanup, and never on top of a test's own.
        let fault = match (&self.close_check, &self.session) {
            (Some(script), Some(_)) if !thread::panicking() => self
                .execute(script, vec![])
                .ok()
                .and_then(|v| v.as_str().map(String::from))
                .filter(|t| !t.is_empty()),
            _ => None,
        };
        if let Some(id) = self.session.take() {
            let _ = self.command("DELETE", &format!("/session/{id}"), None, QUIT_DEADLINE);
        }
        // The group's id is chromedriver's pid (process_group(0)).
        let group = format!("-{}", self.driver.id());
        let signal = |sig: &str| {
            let _ = Command::new("kill")
                .args([sig, "--", &group])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        };
        signal("-TERM");
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(2) {
            if let Ok(Some(_)) = self.driver.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(20));
        }
        signal("-KILL");
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        if let Some(fault) = fault {
            panic!("as the browser closed: {fault}");
        }
    }
}

/// Keeps the last `LOG_TAIL` bytes read from `pipe` in `log`.
fn collect_log(mut pipe: Box<dyn Read + Send>, log: &Mutex<String>) {
    let mut chunk = [0u8; 4096];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                let Ok(mut log) = log.lock() else { return };
                log.push_str(&String::from_utf8_lossy(&chunk[..n]));
                if log.len() > LOG_TAIL {
                    let mut cut = log.len() - LOG_TAIL;
                    while !log.is_char_boundary(cut) {
                        cut += 1;
                    }
                    log.drain(..cut);
                }
            }
        }
    }
}

/// At most the first 2000 characters of `s`.
fn snippet(s: &str) -> String {
    match s.char_indices().nth(2000) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// One HTTP/1.1 request to `127.0.0.1:port` with `Connection: close`:
/// (status, body). The whole exchange must end within `deadline`.
fn http(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&str>,
    deadline: Duration,
) -> Result<(u16, Vec<u8>), String> {
    let start = Instant::now();
    let left = || {
        deadline
            .checked_sub(start.elapsed())
            .filter(|d| !d.is_zero())
            .ok_or_else(|| format!("no complete answer within {deadline:?}"))
    };
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let mut stream = TcpStream::connect_timeout(&addr, left()?.min(Duration::from_secs(5)))
        .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    let body = body.unwrap_or("");
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Accept: application/json\r\n"
    );
    if (method != "GET" && method != "DELETE") || !body.is_empty() {
        request.push_str("Content-Type: application/json; charset=utf-8\r\n");
        request.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream
        .set_write_timeout(Some(left()?))
        .and_then(|()| stream.write_all(request.as_bytes()))
        .and_then(|()| stream.flush())
        .map_err(|e| format!("cannot send the request: {e}"))?;
    let mut buf = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    loop {
        if let Some(done) = parse_response(&buf, false)? {
            return Ok(done);
        }
        stream
            .set_read_timeout(Some(left()?))
            .map_err(|e| format!("cannot set a read timeout: {e}"))?;
        match stream.read(&mut chunk) {
            Ok(0) => {
                return parse_response(&buf, true)?.ok_or_else(|| {
                    format!(
                        "connection closed after an incomplete answer of {} bytes",
                        buf.len()
                    )
                })
            }
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Err(format!(
                    "no complete answer within {deadline:?} ({} bytes so far)",
                    buf.len()
                ))
            }
            Err(e) => return Err(format!("cannot read the answer: {e}")),
        }
        if buf.len() > MAX_RESPONSE {
            return Err(format!("answer larger than {MAX_RESPONSE} bytes"));
        }
    }
}

/// The status and body of the HTTP response in `buf`, `None` while it is
/// incomplete; at `eof`, a body without a length runs to the end.
fn parse_response(buf: &[u8], eof: bool) -> Result<Option<(u16, Vec<u8>)>, String> {
    let Some(head_end) = find(buf, b"\r\n\r\n") else {
        return Ok(None);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]);
    let rest = &buf[head_end + 4..];
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or("");
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse::<u16>().ok())
        .filter(|_| status_line.starts_with("HTTP/1."))
        .ok_or_else(|| format!("bad status line {status_line:?}"))?;
    let mut length = None;
    let mut chunked = false;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("content-length") {
            let n = value
                .parse::<usize>()
                .map_err(|_| format!("bad Content-Length {value:?}"))?;
            length = Some(n);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value
                .rsplit(',')
                .next()
                .is_some_and(|last| last.trim().eq_ignore_ascii_case("chunked"));
        }
    }
    if chunked {
        return Ok(dechunk(rest)?.map(|body| (status, body)));
    }
    match length {
        Some(n) if rest.len() >= n => Ok(Some((status, rest[..n].to_vec()))),
        Some(_) => Ok(None),
        None if eof || status == 204 || status == 304 || status / 100 == 1 => {
            Ok(Some((status, rest.to_vec())))
        }
        None => Ok(None),
    }
}

/// The body of a chunked transfer encoding, `None` while incomplete.
fn dechunk(mut data: &[u8]) -> Result<Option<Vec<u8>>, String> {
    let mut body = Vec::new();
    loop {
        let Some(eol) = find(data, b"\r\n") else {
            return Ok(None);
        };
        let line = String::from_utf8_lossy(&data[..eol]);
        let size_text = line.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(size_text, 16)
            .map_err(|_| format!("bad chunk size line {line:?}"))?;
        data = &data[eol + 2..];
        if size == 0 {
            // Trailer fields, then an empty line.
            loop {
                let Some(eol) = find(data, b"\r\n") else {
                    return Ok(None);
                };
                if eol == 0 {
                    return Ok(Some(body));
                }
                data = &data[eol + 2..];
            }
        }
        if data.len() < size.saturating_add(2) {
            return Ok(None);
        }
        if &data[size..size + 2] != b"\r\n" {
            return Err("chunk not followed by CRLF".into());
        }
        body.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Decodes standard base64 (RFC 4648, `+/`, `=` padding optional);
/// whitespace is skipped.
pub fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0u32);
    let mut padding = 0;
    for (i, c) in text.bytes().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => {
                padding += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            _ => return Err(format!("bad base64 byte {c:#04x} at {i}")),
        };
        if padding > 0 {
            return Err(format!("base64 data after '=' padding at {i}"));
        }
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // 6 leftover bits cannot come from whole bytes; fewer are padding.
    if bits >= 6 || padding > 2 {
        return Err("truncated base64".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{base64_decode, http, parse_response};
    use std::net::TcpListener;
    use std::time::{Duration, Instant};

    #[test]
    fn a_silent_server_fails_the_request_at_its_deadline() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        // Accepts, reads nothing and never answers.
        let held = std::thread::spawn(move || listener.accept().map(|(s, _)| s));
        let start = Instant::now();
        let got = http(port, "GET", "/status", None, Duration::from_millis(300));
        let took = start.elapsed();
        assert!(got.is_err(), "{got:?}");
        assert!(took < Duration::from_secs(5), "took {took:?}");
        drop(held.join());
    }

    #[test]
    fn base64_decodes_with_and_without_padding() {
        assert_eq!(base64_decode("").unwrap(), b"");
        assert_eq!(base64_decode("Zg==").unwrap(), b"f");
        assert_eq!(base64_decode("Zm8=").unwrap(), b"fo");
        assert_eq!(base64_decode("Zm9v").unwrap(), b"foo");
        assert_eq!(base64_decode("Zm9vYg").unwrap(), b"foob");
        assert_eq!(
            base64_decode("iVBORw0K\nGgo=").unwrap(),
            b"\x89PNG\r\n\x1a\n"
        );
        assert_eq!(base64_decode("+/+/").unwrap(), [0xfb, 0xff, 0xbf]);
        assert!(base64_decode("Z").is_err());
        assert!(base64_decode("Zm9v!").is_err());
        assert!(base64_decode("Zg==Zg==").is_err());
    }

    #[test]
    fn http_responses_by_length_by_chunks_and_to_the_end() {
        let whole = b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nabcdEXTRA";
        assert_eq!(
            parse_response(whole, false).unwrap(),
            Some((200, b"abcd".to_vec()))
        );
        assert_eq!(parse_response(&whole[..40], false).unwrap(), None);
        let chunked = b"HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\n\r\n\
                        3\r\nabc\r\nA;ext=1\r\n0123456789\r\n0\r\nX-T: 1\r\n\r\n";
        assert_eq!(
            parse_response(chunked, false).unwrap(),
            Some((404, b"abc0123456789".to_vec()))
        );
        for cut in 0..chunked.len() {
            assert_eq!(
                parse_response(&chunked[..cut], false).unwrap(),
                None,
                "{cut}"
            );
        }
        let open = b"HTTP/1.0 200 OK\r\n\r\n{}";
        assert_eq!(parse_response(open, false).unwrap(), None);
        assert_eq!(
            parse_response(open, true).unwrap(),
            Some((200, b"{}".to_vec()))
        );
        assert!(parse_response(b"SSH-2.0\r\n\r\n", true).is_err());
        assert!(parse_response(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            false
        )
        .is_err());
    }
}
