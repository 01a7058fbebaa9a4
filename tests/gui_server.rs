//! `agon gui`'s server: it serves the page on localhost and carries
//! protocol lines between the page's WebSocket and engine processes, and
//! nothing else: a forged or malformed message gets an `error` reply,
//! never reaches an engine, and the session and engine go on.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use tungstenite::{Message, WebSocket};

use crate::common::GuiServer;

fn server() -> GuiServer {
    GuiServer::start(&[])
}

fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").expect("request");
    let mut text = String::new();
    s.read_to_string(&mut text).expect("response");
    text
}

fn connect(addr: &str) -> WebSocket<TcpStream> {
    let stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let (ws, _) =
        tungstenite::client::client(format!("ws://{addr}/ws"), stream).expect("handshake");
    ws
}

/// The next text message.
fn next(ws: &mut WebSocket<TcpStream>) -> String {
    loop {
        match ws.read().expect("a message") {
            Message::Text(t) => return t.to_string(),
            Message::Close(_) => panic!("closed"),
            _ => {}
        }
    }
}

/// Messages until one starts with `prefix` (that one included).
fn until(ws: &mut WebSocket<TcpStream>, prefix: &str) -> Vec<String> {
    let began = Instant::now();
    let mut seen = Vec::new();
    while began.elapsed() < Duration::from_secs(20) {
        let m = next(ws);
        let done = m.starts_with(prefix);
        seen.push(m);
        if done {
            return seen;
        }
    }
    panic!("no '{prefix}' in {seen:?}");
}

#[test]
fn the_page_is_served_from_the_binary() {
    let s = server();
    let page = get(&s.addr, "/");
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(page.contains("<title>agon</title>"), "{page}");
    for asset in ["/app.js", "/boards.js", "/style.css"] {
        assert!(
            get(&s.addr, asset).starts_with("HTTP/1.1 200 OK"),
            "{asset}"
        );
    }
    assert!(get(&s.addr, "/nothing").starts_with("HTTP/1.1 404"));
    // No asset names a resource outside the binary (the SVG namespace is
    // a name, never fetched).
    for asset in ["/", "/app.js", "/boards.js", "/style.css"] {
        let text = get(&s.addr, asset).replace("http://www.w3.org/2000/svg", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{asset}"
        );
    }
}

#[test]
fn protocol_lines_pass_and_forged_messages_do_not() {
    let s = server();
    let mut ws = connect(&s.addr);
    assert!(
        next(&mut ws).starts_with("engines "),
        "the engine list first"
    );
    ws.send(Message::text("start 0")).expect("send");
    assert_eq!(next(&mut ws), "started 0 0");
    ws.send(Message::text("send 0 uci")).expect("send");
    let lines = until(&mut ws, "line 0 uciok");
    assert!(
        lines.iter().any(|l| l.starts_with("line 0 id name agon")),
        "{lines:?}"
    );
    for forged in [
        "send 0 rm -rf /",
        "send 0 go depth x",
        "send 0 isready\nquit",
        "send 7 isready",
        "send 1 isready",
        "start 5",
        "launch the missiles",
    ] {
        ws.send(Message::text(forged)).expect("send");
        let reply = next(&mut ws);
        assert!(reply.starts_with("error "), "{forged:?}: {reply}");
    }
    ws.send(Message::binary(vec![0u8, 1, 2])).expect("send");
    assert!(next(&mut ws).starts_with("error "));
    // The engine saw none of it and answers as before.
    ws.send(Message::text("send 0 position startpos"))
        .expect("send");
    ws.send(Message::text("send 0 go depth 2")).expect("send");
    let lines = until(&mut ws, "line 0 bestmove");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    ws.send(Message::text("send 0 isready")).expect("send");
    until(&mut ws, "line 0 readyok");
}
