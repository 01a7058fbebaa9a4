//! A page's WebSocket session: its requests checked and carried out, the
//! engines' lines and its jobs' answers passed back, until the page goes, stops reading, or
//! asks nothing for the idle time. Its engines go with it.

use std::net::TcpStream;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tungstenite::{Message, WebSocket};

use super::bridge::{check, Engine, EngineCommand, Event, Request, MAX_LINE, MAX_SLOTS};
use super::jobs::Jobs;
use super::limits::{Limits, ENGINE_WAIT, MAX_ENGINES};

/// Engine lines waiting for the page, all its engines together; a reader
/// whose line finds it full waits (and its engine with it).
const WAITING_LINES: usize = 64;

/// How long a write to a page that does not read may block before the
/// session ends.
const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// The server's side of the sessions.
pub struct Sessions {
    pub engines: Vec<EngineCommand>,
    pub limits: Arc<Limits>,
    /// A session without a request for this long is closed.
    pub idle: Duration,
}

pub fn run(mut ws: WebSocket<TcpStream>, server: &Sessions) {
    let names: Vec<String> = server.engines.iter().map(EngineCommand::name).collect();
    if ws
        .send(Message::text(format!("engines {}", names.join("\t"))))
        .is_err()
    {
        return;
    }
    // Short reads, so that engine output is passed on while the page is
    // quiet.
    let socket = ws.get_ref();
    if socket
        .set_read_timeout(Some(Duration::from_millis(20)))
        .and_then(|()| socket.set_write_timeout(Some(WRITE_TIMEOUT)))
        .is_err()
    {
        return;
    }
    let (tx, rx) = sync_channel::<Event>(WAITING_LINES);
    let mut slots: Vec<Option<Engine>> = (0..MAX_SLOTS).map(|_| None).collect();
    let mut jobs = Jobs::default();
    let mut next_id = 0u64;
    let mut last_request = Instant::now();
    loop {
        if !forward(&mut ws, &rx, &mut slots)
            || !jobs.forward(|text| ws.send(Message::text(text)).is_ok())
        {
            break;
        }
        if last_request.elapsed() > server.idle {
            let _ = ws.send(Message::text(format!(
                "error closed after {} s without a request",
                server.idle.as_secs()
            )));
            break;
        }
        let message = match ws.read() {
            Ok(Message::Text(t)) => t.to_string(),
            Ok(Message::Close(_)) => break,
            Ok(Message::Binary(_)) => {
                last_request = Instant::now();
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
            Err(_) => break,
        };
        last_request = Instant::now();
        let reply = match check(&message, server.engines.len()) {
            Ok(Request::Start(k)) => match slots.iter().position(Option::is_none) {
                Some(slot) => match server.limits.engine(ENGINE_WAIT) {
                    Some(count) => {
                        next_id += 1;
                        match Engine::start(&server.engines[k], slot, next_id, tx.clone(), count) {
                            Ok(engine) => {
                                slots[slot] = Some(engine);
                                format!("started {slot} {k}")
                            }
                            Err(e) => format!("error {e}"),
                        }
                    }
                    None => format!(
                        "error cannot start: {MAX_ENGINES} engines run on this server (all pages)"
                    ),
                },
                None => format!("error at most {MAX_SLOTS} engines at once"),
            },
            Ok(Request::Send(slot, line)) => match slots[slot].as_mut() {
                Some(engine) => match engine.send(&line) {
                    Ok(None) => continue,
                    Ok(Some(note)) => format!("error {note}"),
                    Err(e) => format!("error {e}"),
                },
                None => format!("error no engine in slot {slot}"),
            },
            Ok(Request::Close(slot)) => {
                slots[slot] = None;
                continue;
            }
            Ok(Request::Rollout { games, shown }) => {
                match jobs.rollout(games, shown, &server.limits) {
                    Ok(()) => continue,
                    Err(e) => format!("error rollout: {e}"),
                }
            }
            Ok(Request::RolloutStop) => {
                jobs.stop_rollout();
                continue;
            }
            Ok(Request::Luck(shown)) => match jobs.luck(shown, &server.limits) {
                Ok(()) => continue,
                Err(e) => format!("error luck: {e}"),
            },
            Err(e) => format!(
                "error {}",
                e.to_string().chars().take(MAX_LINE).collect::<String>()
            ),
        };
        if ws.send(Message::text(reply)).is_err() {
            break;
        }
    }
    // Engines killed and reaped, and jobs stopped, before the page's close
    // is answered: once it sees the close, they are gone and their counts
    // free.
    slots.clear();
    drop(jobs);
    let _ = ws.close(None);
    let _ = ws.flush();
}

/// Passes the engines' waiting lines to the page and frees the slots of
/// engines that ended; false once the page is gone.
fn forward(
    ws: &mut WebSocket<TcpStream>,
    rx: &Receiver<Event>,
    slots: &mut [Option<Engine>],
) -> bool {
    // At most a channel's worth, so that requests are read between.
    for _ in 0..WAITING_LINES {
        let Ok(event) = rx.try_recv() else {
            return true;
        };
        let (id, slot) = match &event {
            Event::Line { id, slot, .. }
            | Event::Exit { id, slot }
            | Event::Overlong { id, slot } => (*id, *slot),
        };
        // A closed engine's last words are not the new engine's.
        if slots[slot].as_ref().map(|e| e.id) != Some(id) {
            continue;
        }
        let text = match event {
            Event::Line { text, .. } => format!("line {slot} {text}"),
            Event::Exit { .. } => {
                slots[slot] = None;
                format!("exit {slot}")
            }
            Event::Overlong { .. } => {
                slots[slot] = None;
                let told = ws.send(Message::text(format!(
                    "error slot {slot} printed a line over {} bytes and was stopped",
                    super::bridge::MAX_OUTPUT_LINE
                )));
                if told.is_err() {
                    return false;
                }
                format!("exit {slot}")
            }
        };
        if ws.send(Message::text(text)).is_err() {
            return false;
        }
    }
    true
}
