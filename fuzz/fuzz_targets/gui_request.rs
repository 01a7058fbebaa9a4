//! The page server's reading of a browser's request (src/gui/mod.rs and
//! access.rs): the head as the server finds it in the first bytes, the
//! checks of its Host, Origin and token, and the answer; a request that
//! gets a WebSocket goes on into tungstenite's handshake over an
//! in-memory stream. `TOKEN` in the input stands for the launch's token
//! (random each time, as the server's), so that the fuzzer can reach
//! the WebSocket.

#![no_main]

mod common;

use agon::gui::access::{Access, Head};
use agon::gui::{answer, head_text, socket_config, Answer, MAX_HEAD};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let access = Access::new(8765).expect("a token");
    let url = access.url();
    let token = url.split_once("token=").expect("a token in the address").1;
    let bytes = common::with_token(data, token);
    // What one peek of the server's reads.
    let Some((text, head_len)) = head_text(&bytes[..bytes.len().min(MAX_HEAD)]) else {
        return;
    };
    let head = Head::parse(&text);
    assert!(head_len <= bytes.len() && head_len <= text.len());
    match answer(&head, &access) {
        Answer::Socket => {
            assert!(text.contains(token), "a socket without the token: {text:?}");
            assert_eq!(head.method, "GET");
            assert_eq!(head.path, "/ws");
            let stream = common::Memory::new(bytes, head_len);
            if let Ok(mut ws) = tungstenite::accept_with_config(stream, Some(socket_config())) {
                while ws.read().is_ok() {}
            }
        }
        Answer::Page { status, body, .. } => {
            if status != "403 Forbidden" {
                let host = text.lines().any(|l| {
                    l.split_once(':').is_some_and(|(k, v)| {
                        k.trim().eq_ignore_ascii_case("host")
                            && ["127.0.0.1:8765", "localhost:8765"]
                                .iter()
                                .any(|h| v.trim().eq_ignore_ascii_case(h))
                    })
                });
                assert!(host, "{status} without this server's Host: {text:?}");
            }
            assert!(!body.is_empty());
        }
    }
});
