//! What the page server does with each WebSocket message from the page
//! (src/gui/session.rs, bridge.rs, jobs.rs), without sockets or engine
//! processes: the check of every message, the line a `send` passes on
//! (`setoption` against the options agon announces, `Hash` and `Threads`
//! capped), the positions of `rollout` and `luck` read as their jobs
//! read them, and `luck`'s answer. When the first byte is even the rest
//! is messages separated by 0xFF (a byte no text message holds); when
//! it is odd, the rest is the client's frames after the handshake,
//! read by tungstenite under the server's limits over an in-memory
//! stream. Palma options that would build new exact tables are left
//! out (common::palma_default).

#![no_main]

mod common;

use std::sync::atomic::AtomicBool;

use agon::games::GameKind;
use agon::gui::bridge::{admit, check, Request, MAX_LINE};
use agon::gui::jobs::{game_of, luck_text, position};
use agon::gui::socket_config;
use agon::settings::option_lines;
use libfuzzer_sys::fuzz_target;
use tungstenite::Message;

/// The server's engines: one, as `agon gui` without `--engine`.
const ENGINES: usize = 1;

const HANDSHAKE: &str = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:8765\r\nUpgrade: websocket\r\n\
    Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
    Sec-WebSocket-Version: 13\r\n\r\n";

fuzz_target!(init: common::warm_palma(), |data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    // What agon answers to `uci`: the names a `setoption` may use.
    let announced: Vec<String> = option_lines(&games)
        .iter()
        .filter_map(|l| l.strip_prefix("option name ")?.split_once(" type "))
        .map(|(name, _)| name.to_string())
        .collect();
    if mode & 1 == 0 {
        for message in rest.split(|&b| b == 0xFF) {
            handle(&common::text(message), &announced);
        }
    } else {
        let mut input = HANDSHAKE.as_bytes().to_vec();
        input.extend_from_slice(rest);
        let Ok(mut ws) =
            tungstenite::accept_with_config(common::Memory::new(input, HANDSHAKE.len()), Some(socket_config()))
        else {
            panic!("the handshake is refused");
        };
        while let Ok(message) = ws.read() {
            if let Message::Text(text) = message {
                handle(&text, &announced);
            }
        }
    }
});

/// The session's handling of one message, less what needs an engine
/// process or a job's thread.
fn handle(message: &str, announced: &[String]) {
    match check(message, ENGINES) {
        Ok(Request::Send(_, line)) => {
            assert!(line.len() <= MAX_LINE);
            if let Ok((passed, _)) = admit(&line, announced) {
                assert!(!passed.contains(['\n', '\r']), "{passed:?}");
            }
        }
        Ok(Request::Rollout { shown, .. }) => {
            if let Ok((options, kind)) = game_of(&shown) {
                agon::with_game!(kind, G => {
                    let _ = position::<G>(&options, &shown.position);
                });
            }
        }
        Ok(Request::Luck(shown)) if common::palma_default(&shown.options) => {
            let _ = luck_text(&shown, &AtomicBool::new(false));
        }
        Ok(_) | Err(_) => {}
    }
}
