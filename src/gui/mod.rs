//! `agon gui`: a page on localhost that drives engines only through the
//! protocol. The server serves the page's files, embedded in the binary,
//! over HTTP, and on `/ws` a WebSocket through which the page starts
//! engine processes and talks to them line by line ([`bridge`]: every
//! line is checked to be a protocol command before an engine sees it).
//!
//! It listens on 127.0.0.1 only. The HTTP side is a few GETs of fixed
//! files, written here; the WebSocket handshake and framing are
//! tungstenite's.

pub mod bridge;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use bridge::{check, Engine, EngineCommand, Request, MAX_LINE, MAX_SLOTS};
use tungstenite::{Message, WebSocket};

/// The page's files: path, content type, content.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "/boards.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/boards.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
];

/// Longest HTTP request head read.
const MAX_HEAD: usize = 16 * 1024;

/// Serves on `127.0.0.1:port` (0: a free port) until the process ends;
/// `ready` is called with the address once listening.
pub fn serve(
    port: u16,
    engines: Vec<EngineCommand>,
    ready: impl FnOnce(&str),
) -> Result<(), String> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?;
    ready(&format!("http://{addr}/"));
    for stream in listener.incoming().flatten() {
        let engines = engines.clone();
        std::thread::spawn(move || {
            let _ = handle(stream, &engines);
        });
    }
    Ok(())
}

/// One connection: a WebSocket session on `/ws`, else a file or 404.
fn handle(mut stream: TcpStream, engines: &[EngineCommand]) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let head = peek_head(&stream)?;
    let first = head.lines().next().unwrap_or("");
    let mut parts = first.split_whitespace();
    let method = parts.next().unwrap_or("");
    // A query string (`/?`, as a form without script would send) names
    // the same file.
    let path = parts.next().unwrap_or("").split('?').next().unwrap_or("");
    let upgrade = head.lines().any(|l| {
        l.to_ascii_lowercase().starts_with("upgrade:")
            && l.to_ascii_lowercase().contains("websocket")
    });
    if method == "GET" && path == "/ws" && upgrade {
        let config = tungstenite::protocol::WebSocketConfig {
            max_message_size: Some(64 * 1024),
            max_frame_size: Some(64 * 1024),
            ..Default::default()
        };
        if let Ok(ws) = tungstenite::accept_with_config(stream, Some(config)) {
            session(ws, engines);
        }
        return Ok(());
    }
    // Consume the head that was only peeked at.
    let mut sink = vec![0; head.len()];
    stream.read_exact(&mut sink)?;
    let found = ASSETS.iter().find(|(p, _, _)| *p == path);
    let (status, kind, body) = match (method, found) {
        ("GET", Some((_, kind, body))) => ("200 OK", *kind, *body),
        ("GET", None) => ("404 Not Found", "text/plain", "not found\n"),
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

/// The page's session: its requests checked and carried out, the
/// engines' lines passed back, until the page goes.
fn session(mut ws: WebSocket<TcpStream>, engines: &[EngineCommand]) {
    let names: Vec<String> = engines.iter().map(EngineCommand::name).collect();
    if ws
        .send(Message::text(format!("engines {}", names.join("\t"))))
        .is_err()
    {
        return;
    }
    // Short reads, so that engine output is passed on while the page is
    // quiet.
    let _ = ws
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(20)));
    let (tx, rx) = channel::<String>();
    let mut slots: Vec<Option<Engine>> = (0..MAX_SLOTS).map(|_| None).collect();
    loop {
        if !forward(&mut ws, &rx) {
            return;
        }
        let message = match ws.read() {
            Ok(Message::Text(t)) => t.to_string(),
            Ok(Message::Close(_)) => return,
            Ok(Message::Binary(_)) => {
                let _ = ws.send(Message::text("error binary messages are not requests"));
                continue;
            }
            Ok(_) => continue,
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                continue
            }
            Err(_) => return,
        };
        let reply = match check(&message, engines.len()) {
            Ok(Request::Start(k)) => match slots.iter().position(Option::is_none) {
                Some(slot) => match Engine::start(&engines[k], slot, tx.clone()) {
                    Ok(engine) => {
                        slots[slot] = Some(engine);
                        format!("started {slot} {k}")
                    }
                    Err(e) => format!("error {e}"),
                },
                None => format!("error at most {MAX_SLOTS} engines at once"),
            },
            Ok(Request::Send(slot, line)) => match slots[slot].as_mut() {
                Some(engine) => match engine.send(&line) {
                    Ok(()) => continue,
                    Err(e) => format!("error {e}"),
                },
                None => format!("error no engine in slot {slot}"),
            },
            Ok(Request::Close(slot)) => {
                slots[slot] = None;
                continue;
            }
            Err(e) => format!("error {}", e.chars().take(MAX_LINE).collect::<String>()),
        };
        if ws.send(Message::text(reply)).is_err() {
            return;
        }
    }
}

/// Passes the engines' waiting lines to the page; false once it is gone.
fn forward(ws: &mut WebSocket<TcpStream>, rx: &Receiver<String>) -> bool {
    while let Ok(line) = rx.try_recv() {
        if ws.send(Message::text(line)).is_err() {
            return false;
        }
    }
    true
}
