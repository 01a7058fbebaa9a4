//! Thousands of random and mutated command lines (fixed seed), then the
//! engine must still answer `isready`, stop on `stop` and exit cleanly.

use crate::common;

use common::Agon;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// Valid lines to start mutations from.
const CORPUS: &[&str] = &[
    "uci",
    "ugi",
    "isready",
    "ucinewgame",
    "uginewgame",
    "setoption name MultiPV value 2",
    "setoption name Search value random",
    "setoption name Search value greedy",
    "setoption name UCI_ShowWDL value true",
    "setoption name Seed value 12",
    "setoption name Search value mcts",
    "setoption name MctsPlayout value guided",
    "setoption name MctsPlayoutPlies value 3",
    "setoption name MctsPolicy value uct",
    "setoption name Game value abalone",
    "setoption name GameOptions value layout=belgian princess=on",
    "position startpos",
    "position startpos moves a1b2 i5h5 a2b3",
    "position fen wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b",
    "position fen wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb-1b2w w 7 moves i5h5",
    "go depth 1",
    "go nodes 100",
    "go movetime 5",
    "go wtime 100 btime 100 winc 1 binc 1 movestogo 3",
    "go p1time 50 p2time 50 p1inc 1 p2inc 1",
    "go infinite",
    "go depth 1 searchmoves a1b2 c3d4",
    "stop",
    "ponderhit",
    "d",
    "moves",
    "eval",
    "chance",
    "query gameover",
    "query p1turn",
    "query result",
];

const WORDS: &[&str] = &[
    "go",
    "position",
    "fen",
    "startpos",
    "moves",
    "setoption",
    "name",
    "value",
    "depth",
    "infinite",
    "searchmoves",
    "wtime",
    "p1time",
    "t5",
    "r65",
    "a1b2",
    "f4h4e3",
    "-1",
    "0",
    "99999999999999999999",
    "<empty>",
    "(none)",
    "",
    "9/9/9",
    "b",
    "w",
];

/// Commands that may legitimately run long (perft, bench) or allocate a
/// lot (Hash, Threads) are not fuzzed: they are not robustness bugs.
fn allowed(line: &[u8]) -> bool {
    let lower = String::from_utf8_lossy(line).to_ascii_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    !["perft", "bench", "hash", "threads", "multipv"]
        .iter()
        .any(|w| lower.contains(w))
        && first != "quit"
}

fn mutate(rng: &mut Pcg64) -> Vec<u8> {
    let base = CORPUS.choose(rng).unwrap();
    let mut tokens: Vec<String> = base.split(' ').map(String::from).collect();
    for _ in 0..rng.gen_range(0..4) {
        match rng.gen_range(0..6) {
            0 if !tokens.is_empty() => {
                let i = rng.gen_range(0..tokens.len());
                tokens.remove(i);
            }
            1 => {
                let i = rng.gen_range(0..=tokens.len());
                tokens.insert(i, WORDS.choose(rng).unwrap().to_string());
            }
            2 if tokens.len() > 1 => {
                let (i, j) = (
                    rng.gen_range(0..tokens.len()),
                    rng.gen_range(0..tokens.len()),
                );
                tokens.swap(i, j);
            }
            3 => {
                let i = rng.gen_range(0..=tokens.len());
                tokens.insert(i, rng.gen::<i64>().to_string());
            }
            _ => {}
        }
    }
    let mut bytes = tokens.join(" ").into_bytes();
    match rng.gen_range(0..8) {
        // Raw bytes, invalid UTF-8 and control characters included.
        0 => {
            for _ in 0..rng.gen_range(1..20) {
                let b: u8 = rng.gen();
                if b != b'\n' {
                    let i = rng.gen_range(0..=bytes.len());
                    bytes.insert(i, b);
                }
            }
        }
        1 if !bytes.is_empty() => bytes.truncate(rng.gen_range(0..bytes.len())),
        2 => {
            bytes = (0..rng.gen_range(0..200))
                .map(|_| rng.gen_range(b' '..=b'~'))
                .collect()
        }
        _ => {}
    }
    bytes
}

#[test]
fn random_lines_never_break_the_engine() {
    let mut rng = Pcg64::seed_from_u64(0xA60);
    let mut input = Vec::new();
    let mut sent = 0;
    while sent < 3000 {
        let line = mutate(&mut rng);
        if allowed(&line) {
            input.extend_from_slice(&line);
            input.push(b'\n');
            sent += 1;
        }
    }
    let mut e = Agon::start();
    // The writer must not block the reader: the engine's output is
    // drained by the harness thread while this thread writes.
    e.send_bytes(&input);
    e.send("stop");
    // A line the fuzz cannot produce marks the end of its output.
    e.send("end-of-fuzz");
    e.until(|l| l == "info string error: unknown command 'end-of-fuzz'");
    e.send("stop");
    e.send("setoption name Search value auto");
    e.send("position startpos");
    let tail = e.sync();
    assert!(
        tail.iter()
            .all(|l| l.starts_with("bestmove") || l.starts_with("info")),
        "{tail:?}"
    );
    e.send("quit");
    let (_, status, stderr) = e.finish();
    assert!(status.success(), "{status:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
