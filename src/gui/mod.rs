//! `agon gui`: a page on localhost that drives engines only through the
//! protocol. The server serves the page's files, embedded in the binary,
//! over HTTP, and on `/ws` a WebSocket through which the page starts
//! engine processes and talks to them line by line ([`bridge`]: every
//! line is checked to be a protocol command before an engine sees it),
//! and asks the server for what agon's library computes and the protocol
//! does not say: rollouts and the luck of throws ([`jobs`]).
//!
//! It listens on 127.0.0.1 only and answers only requests that name it
//! as the address it prints, with that address's token on `/ws`
//! ([`access`]); what all pages together may hold is bounded ([`limits`]).
//! The HTTP side is a few GETs of fixed files, written here; the WebSocket
//! handshake and framing are tungstenite's.

mod access;
pub mod bridge;
pub mod jobs;
pub mod limits;
mod session;

use std::fmt;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::time::Duration;

use access::{Access, Head};
use bridge::EngineCommand;
use limits::Limits;
use session::Sessions;

/// What the server could not do or the page may not do: the server's
/// caller prints it, the page is sent it (`error …`); nobody acts on a
/// kind of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuiError {
    Message(String),
}

impl From<String> for GuiError {
    fn from(message: String) -> Self {
        GuiError::Message(message)
    }
}

impl From<&str> for GuiError {
    fn from(message: &str) -> Self {
        GuiError::Message(message.into())
    }
}

impl fmt::Display for GuiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuiError::Message(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for GuiError {}

/// A script of the page, served at `/<name>`.
macro_rules! script {
    ($name:literal) => {
        (
            concat!("/", $name),
            "text/javascript; charset=utf-8",
            include_str!(concat!("assets/", $name)),
        )
    };
}

/// The page's files: path, content type, content. The scripts share one
/// scope and index.html loads them in this order.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
    script!("boards.js"),
    script!("connection.js"),
    script!("tree.js"),
    script!("game.js"),
    script!("input.js"),
    script!("render.js"),
    script!("engineinfo.js"),
    script!("records.js"),
    script!("captures.js"),
    script!("flip.js"),
    script!("dragdrop.js"),
    script!("ruleshelp.js"),
    script!("play.js"),
    script!("tabs.js"),
    script!("editor.js"),
    script!("evalview.js"),
    script!("review.js"),
    script!("rollout.js"),
    script!("app.js"),
];

/// Longest HTTP request head read.
const MAX_HEAD: usize = 16 * 1024;

/// Stack of a connection's thread (the default 2 MiB each would let
/// connections exhaust a memory limit).
const STACK: usize = 512 * 1024;

/// Serves on `127.0.0.1:port` (0: a free port) until the process ends;
/// `ready` is called with the address to open (it carries the token)
/// once listening. A session without a request for `idle` is closed.
pub fn serve(
    port: u16,
    engines: Vec<EngineCommand>,
    idle: Duration,
    ready: impl FnOnce(&str),
) -> Result<(), GuiError> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?;
    let access = Arc::new(Access::new(addr.port())?);
    let limits = Limits::new();
    let sessions = Arc::new(Sessions {
        engines,
        limits: Arc::clone(&limits),
        idle,
    });
    ready(&access.url());
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // Out of descriptors, say: others are freed as connections end.
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        let Some(count) = limits.connection() else {
            refuse(stream, "503 Service Unavailable", "too many connections\n");
            continue;
        };
        // Kept to answer on if no thread can be had.
        let spare = stream.try_clone();
        let (access, sessions) = (Arc::clone(&access), Arc::clone(&sessions));
        let spawned = std::thread::Builder::new()
            .name("agon gui connection".into())
            .stack_size(STACK)
            .spawn(move || {
                let _count = count;
                let _ = handle(stream, &access, &sessions);
            });
        if let (Err(e), Ok(spare)) = (spawned, spare) {
            refuse(
                spare,
                "503 Service Unavailable",
                &format!("cannot start a thread: {e}\n"),
            );
        }
    }
    Ok(())
}

/// A short answer on the accepting thread. The request is read first if
/// it comes at once: closing a socket with unread input resets it, and
/// the client would lose the answer.
fn refuse(mut stream: TcpStream, status: &str, body: &str) {
    let _ = stream.set_read_timeout(Some(Duration::from_millis(20)));
    let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
    let _ = stream.read(&mut [0u8; MAX_HEAD]);
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.shutdown(std::net::Shutdown::Write);
}

/// One connection: a WebSocket session on `/ws`, else a file or 404;
/// 403 for a request that is not the printed address's page.
fn handle(mut stream: TcpStream, access: &Access, sessions: &Sessions) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let text = peek_head(&stream)?;
    let head = Head::parse(&text);
    let method = head.method.as_str();
    // A query string (`/?token=…`) names the same file.
    let path = head.path.as_str();
    let socket = method == "GET" && path == "/ws" && head.upgrade();
    let allowed = if socket {
        access.socket(&head)
    } else {
        access.page(&head)
    };
    if socket && allowed.is_ok() {
        let config = tungstenite::protocol::WebSocketConfig {
            max_message_size: Some(64 * 1024),
            max_frame_size: Some(64 * 1024),
            max_write_buffer_size: 4 * 1024 * 1024,
            ..Default::default()
        };
        if let Ok(ws) = tungstenite::accept_with_config(stream, Some(config)) {
            session::run(ws, sessions);
        }
        return Ok(());
    }
    // Consume the head that was only peeked at.
    let mut sink = vec![0; text.len()];
    stream.read_exact(&mut sink)?;
    let found = ASSETS.iter().find(|(p, _, _)| *p == path);
    let refused;
    let (status, kind, body) = match (allowed, method, found) {
        (Err(why), _, _) => {
            refused = format!("refused: {why}\n");
            ("403 Forbidden", "text/plain", refused.as_str())
        }
        (Ok(()), "GET", Some((_, kind, body))) => ("200 OK", *kind, *body),
        (Ok(()), "GET", None) => ("404 Not Found", "text/plain", "not found\n"),
        _ => ("405 Method Not Allowed", "text/plain", "GET only\n"),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    stream.flush()
}

/// The request head (up to the empty line), read without consuming it:
/// the WebSocket handshake reads it again.
fn peek_head(stream: &TcpStream) -> std::io::Result<String> {
    let mut buf = vec![0u8; MAX_HEAD];
    for _ in 0..200 {
        let n = stream.peek(&mut buf)?;
        if n == 0 {
            break;
        }
        if let Some(end) = buf[..n].windows(4).position(|w| w == b"\r\n\r\n") {
            return Ok(String::from_utf8_lossy(&buf[..end + 4]).into_owned());
        }
        if n == MAX_HEAD {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        "no complete request head",
    ))
}
