//! `agon gui`'s server: it serves the page on localhost and carries
//! protocol lines between the page's WebSocket and engine processes, and
//! nothing else: a forged or malformed message gets an `error` reply,
//! never reaches an engine, and the session and engine go on. Only the
//! page of the printed address (its Host, its Origin, its token) gets a
//! socket, and what all pages together hold is bounded.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::Duration;

use tungstenite::protocol::Role;
use tungstenite::{Message, WebSocket};

use crate::common::scratch::Scratch;
use crate::common::{agon_bin, GuiServer};
use agon::gui::limits::MAX_CONNECTIONS;

fn server() -> GuiServer {
    GuiServer::start(&[])
}

fn get(addr: &str, path: &str) -> String {
    request(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
    )
}

fn request(addr: &str, head: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(head.as_bytes()).expect("request");
    let mut text = String::new();
    s.read_to_string(&mut text).expect("response");
    text
}

/// A WebSocket handshake with these `Host`, `Origin` (if any) and query:
/// the response's status line, and the stream if it was accepted.
fn handshake(
    addr: &str,
    host: &str,
    origin: Option<&str>,
    query: &str,
) -> (String, Option<WebSocket<TcpStream>>) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
    write!(
        stream,
        "GET /ws{query} HTTP/1.1\r\nHost: {host}\r\n{origin}Upgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n"
    )
    .expect("request");
    // The response head byte by byte: the frames after it stay unread.
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => break,
        }
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let status = head.lines().next().unwrap_or("").to_string();
    let ws = status
        .starts_with("HTTP/1.1 101")
        .then(|| WebSocket::from_raw_socket(stream, Role::Client, None));
    (status, ws)
}

/// The page's socket, as a browser showing the printed address opens it.
fn connect(s: &GuiServer) -> WebSocket<TcpStream> {
    let (status, ws) = handshake(
        &s.addr,
        &s.addr,
        Some(&format!("http://{}", s.addr)),
        &format!("?token={}", s.token),
    );
    ws.unwrap_or_else(|| panic!("refused: {status}"))
}

/// An engine that announces `Hash`, `Threads` and `Log File`, answers `d`
/// with a line of 2 MB, and echoes every other line it gets as
/// `got <line>`: a script in `dir`, and the command that runs it.
fn echo_engine(dir: &Scratch) -> String {
    let path = dir.join("echo.sh");
    std::fs::write(
        &path,
        "while IFS= read -r line; do\n\
         case \"$line\" in\n\
         uci|ugi) echo 'id name echo'\n\
         echo 'option name Hash type spin default 1 min 1 max 1000000'\n\
         echo 'option name Threads type spin default 1 min 1 max 100000'\n\
         echo 'option name Log File type string default none'\n\
         echo \"${line}ok\"\n\
         echo 'option name Late type string default none' ;;\n\
         d) head -c 2000000 /dev/zero | tr '\\0' x; echo ;;\n\
         *) echo \"got $line\" ;;\n\
         esac\n\
         done\n",
    )
    .expect("script written");
    format!("sh {}", path.display())
}

/// The server's child processes (its engines, reaped or not: a zombie is
/// still a child).
fn children(s: &GuiServer) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (name) state ppid …`: the name may hold spaces.
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        if after.split_whitespace().nth(1) == Some(&s.pid().to_string()) {
            found.push(pid);
        }
    }
    found
}

/// Closes the socket and waits for the server's answer to the close.
fn close(mut ws: WebSocket<TcpStream>) {
    let _ = ws.close(None);
    loop {
        match ws.read() {
            Ok(_) => {}
            Err(_) => return,
        }
    }
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
/// Each message has the read timeout; a budget of messages, not of time,
/// bounds the whole wait.
fn until(ws: &mut WebSocket<TcpStream>, prefix: &str) -> Vec<String> {
    let mut seen = Vec::new();
    while seen.len() < 100_000 {
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
    // Every script the page loads, and its style sheet.
    let mut assets: Vec<String> = page
        .split("<script src=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next().map(String::from))
        .collect();
    assert!(assets.len() >= 8, "the page's scripts: {assets:?}");
    assets.push("/style.css".into());
    // The icon a browser asks for by itself (issue 43: it was a 404).
    assets.push("/favicon.ico".into());
    assert!(get(&s.addr, "/favicon.ico").contains("<svg"));
    for asset in &assets {
        assert!(
            get(&s.addr, asset).starts_with("HTTP/1.1 200 OK"),
            "{asset}"
        );
    }
    assert!(get(&s.addr, "/nothing").starts_with("HTTP/1.1 404"));
    // No asset names a resource outside the binary (the SVG namespace is
    // a name, never fetched).
    assets.push("/".into());
    for asset in &assets {
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
    let mut ws = connect(&s);
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

#[test]
fn only_the_printed_address_with_its_token_gets_a_socket() {
    let dir = Scratch::new("gui-echo");
    let s = GuiServer::start(&[&echo_engine(&dir)]);
    let addr = s.addr.as_str();
    let page = format!("http://{addr}");
    let token = format!("?token={}", s.token);
    let wrong: String = s
        .token
        .chars()
        .map(|c| if c == '0' { '1' } else { '0' })
        .collect();
    let port = addr.rsplit_once(':').expect("a port").1;
    for (what, host, origin, query) in [
        (
            "another site's page",
            addr,
            Some("http://evil.example"),
            token.clone(),
        ),
        ("no Origin", addr, None, token.clone()),
        (
            "a rebound name",
            &format!("evil.example:{port}") as &str,
            Some(&format!("http://evil.example:{port}") as &str),
            token.clone(),
        ),
        (
            "a rebound Host",
            "evil.example",
            Some(page.as_str()),
            token.clone(),
        ),
        ("no token", addr, Some(page.as_str()), String::new()),
        (
            "a wrong token",
            addr,
            Some(page.as_str()),
            format!("?token={wrong}"),
        ),
    ] {
        let (status, ws) = handshake(addr, host, origin, &query);
        assert!(status.starts_with("HTTP/1.1 403"), "{what}: {status}");
        assert!(ws.is_none(), "{what}");
    }
    // The page's files only for this server's name, and not for a
    // script of another site.
    let rebound = request(addr, "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n");
    assert!(rebound.starts_with("HTTP/1.1 403"), "{rebound}");
    let fetched = request(
        addr,
        &format!("GET /app.js HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\n\r\n"),
    );
    assert!(fetched.starts_with("HTTP/1.1 403"), "{fetched}");
    assert_eq!(children(&s), Vec::<u32>::new(), "an engine started");
    assert!(!s.token.is_empty(), "the printed address has no token");
    // The page itself, by either name, is served and gets its socket.
    let by_name = format!("localhost:{port}");
    let (status, ws) = handshake(addr, &by_name, Some(&format!("http://{by_name}")), &token);
    assert!(status.starts_with("HTTP/1.1 101"), "{status}");
    let mut ws = ws.expect("a socket");
    assert!(next(&mut ws).starts_with("engines "));
    ws.send(Message::text("start 0")).expect("send");
    assert_eq!(next(&mut ws), "started 0 0");
}

#[test]
fn setoption_only_for_announced_options_and_hash_and_threads_capped() {
    let dir = Scratch::new("gui-echo");
    let s = GuiServer::start(&[&echo_engine(&dir)]);
    let mut ws = connect(&s);
    next(&mut ws);
    ws.send(Message::text("start 0")).expect("send");
    assert_eq!(next(&mut ws), "started 0 0");
    // Before `ugi` the engine has announced nothing.
    ws.send(Message::text("send 0 setoption name Hash value 64"))
        .expect("send");
    let refused = next(&mut ws);
    assert!(refused.starts_with("error setoption"), "{refused}");
    ws.send(Message::text("send 0 ugi")).expect("send");
    until(&mut ws, "line 0 ugiok");
    for sent in [
        "setoption name Evil Path value /tmp/x",
        // Announced after the answer's end: not an option.
        "setoption name Late value /tmp/x",
        "setoption name log file value /tmp/log",
        "setoption name Hash value 64",
        "setoption name Hash value 1000000",
        "setoption name Hash value 99999999999999999999999",
        "setoption name threads value 100000",
        "isready",
    ] {
        ws.send(Message::text(format!("send 0 {sent}")))
            .expect("send");
    }
    let seen = until(&mut ws, "line 0 got isready");
    let errors: Vec<&str> = seen
        .iter()
        .filter(|l| l.starts_with("error "))
        .map(|l| l.split(':').next().unwrap_or(""))
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let capped_threads = format!("error Threads capped at {threads} (the cores here)");
    assert_eq!(
        errors,
        [
            "error setoption",
            "error setoption",
            "error Hash capped at 1024 MB",
            "error Hash capped at 1024 MB",
            capped_threads.as_str(),
        ],
        "{seen:?}"
    );
    let got: Vec<&str> = seen
        .iter()
        .filter_map(|l| l.strip_prefix("line 0 got "))
        .collect();
    let threads_sent = format!("setoption name Threads value {threads}");
    assert_eq!(
        got,
        [
            "setoption name log file value /tmp/log",
            "setoption name Hash value 64",
            "setoption name Hash value 1024",
            "setoption name Hash value 1024",
            threads_sent.as_str(),
            "isready",
        ]
    );
}

#[test]
fn engines_are_bounded_across_pages_and_freed_when_their_page_goes() {
    let dir = Scratch::new("gui-echo");
    let s = GuiServer::start(&[&echo_engine(&dir)]);
    let start = |ws: &mut WebSocket<TcpStream>| {
        ws.send(Message::text("start 0")).expect("send");
        next(ws)
    };
    let mut pages: Vec<WebSocket<TcpStream>> = (0..2).map(|_| connect(&s)).collect();
    for ws in &mut pages {
        next(ws);
        for slot in 0..4 {
            assert_eq!(start(ws), format!("started {slot} 0"));
        }
    }
    assert_eq!(children(&s).len(), 8);
    // A third page: the server's limit, told as an error line.
    let mut third = connect(&s);
    next(&mut third);
    let refused = start(&mut third);
    assert!(
        refused.starts_with("error cannot start: 8 engines run"),
        "{refused}"
    );
    // A page that closes: its engines are gone (killed and reaped) by the
    // time the server answers the close.
    let first = pages.remove(0);
    close(first);
    assert_eq!(children(&s).len(), 4);
    for slot in 0..4 {
        assert_eq!(start(&mut third), format!("started {slot} 0"));
    }
    // A page that vanishes without a close: a new page's start waits for
    // its engines to be freed.
    drop(pages);
    let mut fourth = connect(&s);
    next(&mut fourth);
    for slot in 0..4 {
        assert_eq!(start(&mut fourth), format!("started {slot} 0"));
    }
    close(third);
    close(fourth);
    assert_eq!(children(&s), Vec::<u32>::new());
}

#[test]
fn a_closed_engine_says_nothing_about_the_next_one_in_its_slot() {
    let dir = Scratch::new("gui-echo");
    let s = GuiServer::start(&[&echo_engine(&dir)]);
    let mut ws = connect(&s);
    next(&mut ws);
    for round in 0..5 {
        ws.send(Message::text("start 0")).expect("send");
        ws.send(Message::text("send 0 isready")).expect("send");
        ws.send(Message::text("close 0")).expect("send");
        ws.send(Message::text("start 0")).expect("send");
        ws.send(Message::text("send 0 uci")).expect("send");
        let seen = until(&mut ws, "line 0 uciok");
        // The page closed the first engine: no `exit` for it, and the
        // second one is alive.
        assert!(
            !seen.iter().any(|l| l.starts_with("exit")),
            "{round}: {seen:?}"
        );
        ws.send(Message::text("close 0")).expect("send");
    }
}

#[test]
fn an_idle_session_is_closed_with_its_engines() {
    let dir = Scratch::new("gui-echo");
    let s = GuiServer::with_args(&[&echo_engine(&dir)], &["--idle", "1"]);
    let mut ws = connect(&s);
    next(&mut ws);
    ws.send(Message::text("start 0")).expect("send");
    assert_eq!(next(&mut ws), "started 0 0");
    let mut seen = Vec::new();
    loop {
        match ws.read() {
            Ok(Message::Text(t)) => seen.push(t.to_string()),
            Ok(Message::Close(_)) | Err(_) => break,
            Ok(_) => {}
        }
    }
    assert_eq!(seen, ["error closed after 1 s without a request"]);
    assert_eq!(children(&s), Vec::<u32>::new());
}

#[test]
fn connections_beyond_the_limit_are_refused_and_the_server_stays() {
    // Under a 300 MB address space limit (a thread's stack is reserved
    // address space), as a user with `ulimit -v` runs it.
    let mut cmd = Command::new("sh");
    cmd.args([
        "-c",
        "ulimit -v 307200 && exec \"$0\" gui --port 0",
        &agon_bin(),
    ]);
    // One malloc arena: glibc reserves 64 MB of address space for each
    // arena it adds when threads contend, so on a loaded machine the
    // threads the server could start under the limit depended on the
    // load (CI once got "cannot start a thread" before the server's own
    // limit). The server's limit is what this test is about.
    cmd.env("MALLOC_ARENA_MAX", "1");
    let s = GuiServer::launch(cmd);
    // Requests that never end their head.
    let begun = |_| {
        let mut c = TcpStream::connect(&s.addr).expect("connect");
        c.write_all(b"GET / HTTP/1.1\r\n").expect("a request begun");
        c
    };
    // As many as the server holds: fewer than the listen backlog, so the
    // kernel hands them to the server in order, before the next one. (Past
    // the backlog a dropped handshake is retried later, and the next
    // connection can overtake it.)
    let mut idle: Vec<TcpStream> = (0..MAX_CONNECTIONS).map(begun).collect();
    let answer = get(&s.addr, "/");
    assert!(
        answer.starts_with("HTTP/1.1 503") && answer.contains("too many connections"),
        "{answer}"
    );
    // Many more, past the backlog: refused, and the server stays.
    idle.extend((0..200).map(begun));
    drop(idle);
    assert!(
        TcpStream::connect(&s.addr).is_ok(),
        "the server is still there"
    );
}

#[test]
fn an_engine_printing_an_overlong_line_is_stopped() {
    let dir = Scratch::new("gui-echo");
    let s = GuiServer::start(&[&echo_engine(&dir)]);
    let mut ws = connect(&s);
    next(&mut ws);
    ws.send(Message::text("start 0")).expect("send");
    assert_eq!(next(&mut ws), "started 0 0");
    ws.send(Message::text("send 0 d")).expect("send");
    let seen = until(&mut ws, "exit 0");
    assert_eq!(
        seen,
        [
            "error slot 0 printed a line over 1048576 bytes and was stopped",
            "exit 0"
        ]
    );
    // Its slot is free again.
    ws.send(Message::text("start 0")).expect("send");
    assert_eq!(next(&mut ws), "started 0 0");
}

/// A Palma position outside the exact tables: its games are played out
/// (a few milliseconds each), three moves.
const MIDGAME: &str = "h=0/0/5,8,10,12,14 j=0/0/4,6,9,11,13 use=h:2";

/// `rollout <state> <done> <total>` and its rows `(move, mean, stderr)`.
fn rollout_report(m: &str) -> (String, usize, usize, Vec<(String, String, String)>) {
    let w: Vec<&str> = m.split(' ').collect();
    assert_eq!(w[0], "rollout", "{m}");
    assert_eq!((w.len() - 4) % 3, 0, "rows of three words: {m}");
    let rows = w[4..]
        .chunks(3)
        .map(|r| (r[0].to_string(), r[1].to_string(), r[2].to_string()))
        .collect();
    let number = |s: &str| s.parse::<usize>().expect("a count");
    (w[1].to_string(), number(w[2]), number(w[3]), rows)
}

/// The legal moves of a Palma position, as the library writes them.
fn palma_moves(text: &str) -> Vec<String> {
    use agon::game::{Game, GameOptions, Notation};
    use agon::games::palma::Palma;
    let pos = Palma::from_position(text, &GameOptions::defaults(Palma::option_specs()))
        .expect("a Palma position");
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves.into_iter().map(|m| pos.move_text(m)).collect()
}

#[test]
fn a_rollout_reports_each_batch_and_ends_with_the_librarys_rows() {
    use agon::analysis::rollout::{rollout, RolloutConfig};
    use agon::game::{Evaluated, Game, GameOptions, Notation};
    use agon::games::palma::Palma;
    let s = server();
    let mut ws = connect(&s);
    next(&mut ws);
    ws.send(Message::text(format!(
        "rollout 72\tpalma\t\tposition fen {MIDGAME}"
    )))
    .expect("send");
    let seen = until(&mut ws, "rollout done");
    let reports: Vec<_> = seen.iter().map(|m| rollout_report(m)).collect();
    let done: Vec<usize> = reports.iter().map(|r| r.1).collect();
    assert_eq!(done, [36, 72], "a report per batch of 36 games: {seen:?}");
    let (_, _, total, rows) = reports.last().expect("the end").clone();
    assert_eq!(total, 72);
    // Every legal move once, with the library's numbers (its rollout
    // with the same games and seed).
    let mut moves: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    moves.sort();
    let mut legal = palma_moves(MIDGAME);
    legal.sort();
    assert_eq!(moves, legal);
    let pos = Palma::from_position(MIDGAME, &GameOptions::defaults(Palma::option_specs()))
        .expect("a Palma position");
    let config = RolloutConfig {
        games: 72,
        truncate: None,
        seed: 1,
        threads: 1,
        ply: 1,
    };
    let library = rollout(&pos, &config, Palma::tablebase(), |_, _, _| {}).expect("a rollout");
    let expected: Vec<(String, String, String)> = library
        .iter()
        .map(|r| {
            (
                r.text.clone(),
                format!("{:.6}", r.mean),
                format!("{:.6}", r.stderr),
            )
        })
        .collect();
    assert_eq!(rows, expected);
}

#[test]
fn a_rollout_stops_with_its_rows_and_bad_requests_get_one_error() {
    let s = server();
    let mut ws = connect(&s);
    next(&mut ws);
    // More than the server plays: cut to its most.
    ws.send(Message::text(format!(
        "rollout 99999999\tpalma\t\tposition fen {MIDGAME}"
    )))
    .expect("send");
    let first = rollout_report(&next(&mut ws));
    assert_eq!(
        (first.0.as_str(), first.2),
        ("running", agon::gui::jobs::MAX_ROLLOUT_GAMES)
    );
    ws.send(Message::text("rollout stop")).expect("send");
    let seen = until(&mut ws, "rollout stopped");
    let (_, done, total, rows) = rollout_report(seen.last().expect("the end"));
    assert!(done >= first.1 && done < total, "{seen:?}");
    assert_eq!(rows.len(), palma_moves(MIDGAME).len(), "{seen:?}");
    // Each bad request: one error line, and the session goes on.
    for bad in [
        "rollout 0\tpalma\t\tposition startpos".to_string(),
        "rollout 72\tchess\t\tposition startpos".to_string(),
        "rollout 72\tpalma\tno_such=option\tposition startpos".to_string(),
        "rollout 72\tpalma\t\tposition fen nonsense".to_string(),
        format!("rollout 72\tpalma\t\tposition fen {MIDGAME} moves 1-2"),
        "luck palma\t\tposition startpos moves t1 t1".to_string(),
        "luck palma\t\tgo depth 3".to_string(),
    ] {
        ws.send(Message::text(bad.as_str())).expect("send");
        let reply = next(&mut ws);
        let verb = bad.split(' ').next().unwrap_or("");
        assert!(
            reply.starts_with(&format!("error {verb}: ")),
            "{bad:?}: {reply}"
        );
    }
    ws.send(Message::text("send 0 isready")).expect("send");
    assert!(next(&mut ws).starts_with("error no engine in slot 0"));
}

/// Per throw its ply and luck as printed.
type Throws = Vec<(usize, String)>;

/// Per player the summed luck and the luck-adjusted result as printed.
type Totals = Vec<(String, String)>;

/// The numbers of `agon analyse --record`'s lines: its throws and totals.
fn command_luck(out: &str) -> (Throws, Totals) {
    let throws = out
        .lines()
        .filter(|l| l.contains(" chance ") && l.contains(" luck "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w[0].parse().expect("a ply"), w[w.len() - 1].to_string())
        })
        .collect();
    let field = |l: &str, name: &str| -> String {
        l.split(", ")
            .find_map(|f| f.strip_prefix(name))
            .unwrap_or("-")
            .to_string()
    };
    let summary = out
        .lines()
        .filter(|l| l.starts_with("summary "))
        .map(|l| (field(l, "luck "), field(l, "luck-adjusted result ")))
        .collect();
    (throws, summary)
}

#[test]
fn the_luck_of_a_games_throws_is_the_reviews() {
    use agon::game::{Game, GameOptions, Notation};
    use agon::games::palma::Palma;
    let dir = Scratch::new("gui-luck");
    let file = dir.join("palma.txt");
    let path = file.to_str().expect("a path");
    let (status, _, err) = crate::common::run(&[
        "match",
        "--game",
        "palma",
        "--a",
        "depth=1",
        "--b",
        "search=greedy",
        "--games",
        "1",
        "--seed",
        "5",
        "--record",
        path,
    ]);
    assert!(status.success(), "{err}");
    let (status, out, err) = crate::common::run(&[
        "analyse",
        "--game",
        "palma",
        "--record",
        path,
        "--game-index",
        "1",
        "--depth",
        "1",
    ]);
    assert!(status.success(), "{err}");
    let (throws, summary) = command_luck(&out);
    assert!(throws.len() > 10, "{out}");
    assert!(summary.iter().all(|(_, adjusted)| adjusted != "-"), "{out}");
    let text = std::fs::read_to_string(&file).expect("the record");
    let opts = GameOptions::defaults(Palma::option_specs());
    let games = agon::analysis::read_games::<Palma>(&opts, path, &text).expect("a record");
    let game = &games[0];
    let s = server();
    let mut ws = connect(&s);
    next(&mut ws);
    ws.send(Message::text(format!(
        "luck palma\t{}\tposition fen {} moves {}",
        opts,
        game.start.position(),
        game.moves.join(" ")
    )))
    .expect("send");
    let reply = next(&mut ws);
    let words: Vec<&str> = reply.split(' ').collect();
    assert_eq!(words[0], "luck", "{reply}");
    let result: Vec<f64> = words[1]
        .split(',')
        .map(|x| x.parse().expect("a payoff"))
        .collect();
    let mut sums = vec![0.0; result.len()];
    let mut shown = Vec::new();
    for t in &words[2..] {
        let parts: Vec<&str> = t.split(':').collect();
        let player: usize = parts[1].parse().expect("a player");
        let luck: Vec<f64> = parts[2]
            .split(',')
            .map(|x| x.parse().expect("a luck"))
            .collect();
        for (s, l) in sums.iter_mut().zip(&luck) {
            *s += l;
        }
        shown.push((
            parts[0].parse::<usize>().expect("a ply"),
            format!("{:+.4}", luck[player - 1]),
        ));
    }
    assert_eq!(shown, throws, "each throw's luck as the review's");
    let totals: Totals = sums
        .iter()
        .zip(&result)
        .map(|(l, r)| (format!("{l:+.4}"), format!("{:.4}", r - l)))
        .collect();
    assert_eq!(
        totals, summary,
        "the summary's luck and luck-adjusted result"
    );
}
