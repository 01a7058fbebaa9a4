//! What the targets share: a game and option set picked by an input
//! byte, and the legal moves or chance outcomes of a position.

#![allow(dead_code)]

use agon::game::{Game, GameOptions, Status};
use agon::games::GameKind;

/// The games (and player counts) with a few option sets each; the first
/// eight are the plain games, so a byte below 8 picks one of them.
pub const VARIANTS: &[(&str, &str)] = &[
    ("abalone", ""),
    ("abalone", "players=3"),
    ("abalone", "players=4"),
    ("abalone", "players=6"),
    ("zamma", ""),
    ("petteia", ""),
    ("kubeia", ""),
    ("palma", ""),
    ("abalone", "layout=belgian princess=on"),
    ("abalone", "layout=german max_plies=40 repetition=none"),
    ("abalone", "layout=swiss repetition=2"),
    ("zamma", "board=full mullah_landing=continue"),
    ("zamma", "board=orthogonal quiet_plies=10 repetition=2"),
    ("petteia", "kings=mirror greek=on"),
    ("petteia", "nocapture_plies=8"),
    ("kubeia", "greek=on nocapture_plies=20"),
    ("palma", "first=jackals reverse=on"),
    ("palma", "shortcuts=none extra_squares=none"),
];

/// A game picked by `byte`: its name, its options' text, the kind that
/// plays them and the options parsed.
pub struct Variant {
    pub name: &'static str,
    pub options_text: &'static str,
    pub kind: GameKind,
    pub options: GameOptions,
}

pub fn variant(byte: u8) -> Variant {
    let (name, options_text) = VARIANTS[usize::from(byte) % VARIANTS.len()];
    let kind = GameKind::from_name(name).expect("a game of the list");
    let options = GameOptions::parse(options_text, kind.option_specs()).expect("valid options");
    Variant {
        name,
        options_text,
        kind: kind.for_options(&options),
        options,
    }
}

/// The moves of a decision node or the outcomes of a chance node (none
/// at the end).
pub fn legal<G: Game>(pos: &G) -> Vec<G::Move> {
    match pos.status() {
        Status::Decision(_) => {
            let mut out = Vec::new();
            pos.moves(&mut out);
            out
        }
        Status::Chance => {
            let mut out = Vec::new();
            pos.outcomes(&mut out);
            out.into_iter().map(|(m, _)| m).collect()
        }
        Status::Over(_) => Vec::new(),
    }
}

/// Text of arbitrary bytes (invalid UTF-8 as U+FFFD, as the protocol
/// reads its lines).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `data` with each `TOKEN` replaced by `token`.
pub fn with_token(data: &[u8], token: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    let mut rest = data;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix(b"TOKEN") {
            out.extend_from_slice(token.as_bytes());
            rest = after;
        } else {
            out.push(rest[0]);
            rest = &rest[1..];
        }
    }
    out
}

/// A connection in memory: reads its input, then the end; keeps at most
/// a few megabytes of what is written to it. No read goes past the end
/// of the request head (`head` bytes): the frames after it come in later
/// reads, as from a client that waits for the handshake's answer
/// (tungstenite refuses frames in the request's own read).
pub struct Memory {
    input: std::io::Cursor<Vec<u8>>,
    head: u64,
    pub written: Vec<u8>,
}

impl Memory {
    pub fn new(input: Vec<u8>, head: usize) -> Memory {
        Memory {
            input: std::io::Cursor::new(input),
            head: head as u64,
            written: Vec::new(),
        }
    }
}

impl std::io::Read for Memory {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let at = self.input.position();
        let n = if at < self.head {
            buf.len().min((self.head - at) as usize)
        } else {
            buf.len()
        };
        self.input.read(&mut buf[..n])
    }
}

impl std::io::Write for Memory {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.written.len() > 8 << 20 {
            self.written.clear();
        }
        self.written.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Whether options text cannot make a Palma rule set other than the
/// default one: each new Palma rule set builds exact tables kept for the
/// process (half a minute under the sanitizer, and megabytes), which
/// would make a fuzzing run slow and its memory grow for what is no
/// robustness bug. Text that is no Palma options makes none.
pub fn palma_default(options: &str) -> bool {
    use agon::games::palma::Palma;
    GameOptions::parse(options, Palma::option_specs())
        .map_or(true, |o| o == GameOptions::defaults(Palma::option_specs()))
}

/// Builds the exact tables of Palma's default options (half a minute
/// under the sanitizer): once, before the first input, so that no
/// input's time limit pays for them.
pub fn warm_palma() {
    use agon::games::palma::eval::{endgame, race};
    use agon::games::palma::Palma;
    let pos = Palma::new(&GameOptions::defaults(Palma::option_specs())).expect("the start");
    let _ = endgame::table(pos.rules());
    let _ = race::table(pos.rules());
}

/// A file's `rest` bytes, with its checksum made right first when bit 0
/// of `flags` says so (the last eight bytes replaced by the FNV-1a of the
/// others, as networks and checkpoints end), so that mutations get past
/// the checksum to the reader behind it.
pub fn checksummed(flags: u8, rest: &[u8]) -> Vec<u8> {
    let mut bytes = rest.to_vec();
    if flags & 1 == 1 && bytes.len() >= 8 {
        let body = bytes.len() - 8;
        let sum = agon::game::files::fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.to_le_bytes());
    }
    bytes
}
