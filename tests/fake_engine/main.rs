//! A scripted engine for the referee's tests: speaks just enough of the
//! agon protocol, plays uniformly random legal moves, and on request
//! misbehaves at its N-th `go` since it started:
//!
//! `fake_engine [--mode crash|hang|late|illegal|endless|twice|deaf|none]
//! [--at N] [--seed S] [--pid-file PATH]`
//!
//! - `crash`: exits at once with status 3;
//! - `hang`: never answers again and ignores `quit` (only a kill ends it);
//! - `late`: answers after its move time (or 300 ms) plus 300 ms;
//! - `slow` (whatever `--at`): answers every `go` 10 ms after its move
//!   time, as a sound engine on a loaded machine may;
//! - `illegal`: answers `bestmove` with a word that is no move;
//! - `endless`: prints a 64 MiB line before its answer;
//! - `twice`: answers `bestmove` twice;
//! - `deaf` (whatever `--at`): plays, but ignores `quit` and the end of its
//!   input, and never exits by itself.
//!
//! `--pid-file` appends the process id to PATH at start (the tests look
//! for processes left running). `--log PATH` appends every line it reads
//! to PATH (the tests check what the referee sends). `--known K1:K2:…`
//! plays an engine of an older version that knows only those game option
//! keys: a `GameOptions` naming another key is one error line.
//!
//! `fake_engine --measure PROGRAM ARG…` is no engine: it runs the program
//! and prints `maxrss_kb N` (its peak memory) on its standard error. A
//! child's peak counts the memory of the process that started it, so a
//! small starter measures what a big test process could not.
//!
//! It announces the options agon had before its networks (f66bba2's `uci`
//! answer: `Game` … `MctsPlayoutPlies`), and `--announce N1:N2:…` more of
//! them; a `setoption` of any other name is one error line, as an engine
//! that does not know it answers. `--mode first` plays the first legal
//! move instead of a random one. With `Ponder` announced and set, it
//! answers `bestmove <m> ponder <r>` (`r` the move it would play next),
//! and `go ponder` answers only after `ponderhit` or `stop`.
//!
//! Counting from the start of the process means a restarted engine
//! misbehaves again at its N-th `go`: the tests see the restart.

use std::io::{BufRead, Write};
use std::time::Duration;

use agon::game::{GameOptions, Playable};
use agon::games::GameKind;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    None,
    Crash,
    Hang,
    Late,
    Slow,
    Illegal,
    Endless,
    Twice,
    Deaf,
    First,
}

/// The options agon announced before its networks (f66bba2).
const OLD_OPTIONS: &[&str] = &[
    "Game",
    "GameOptions",
    "Threads",
    "Hash",
    "MultiPV",
    "Search",
    "Seed",
    "MoveOverhead",
    "UCI_ShowWDL",
    "MctsPolicy",
    "MctsPlayout",
    "MctsPlayoutPlies",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--measure") {
        measure(&args[1..]);
    }
    let mut mode = Mode::None;
    let mut at = 1u64;
    let mut seed = 1u64;
    let mut log: Option<std::fs::File> = None;
    let mut known: Option<Vec<String>> = None;
    let mut announced: Vec<String> = OLD_OPTIONS.iter().map(|s| s.to_string()).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        match pair[0].as_str() {
            "--mode" => {
                mode = match value {
                    "crash" => Mode::Crash,
                    "hang" => Mode::Hang,
                    "late" => Mode::Late,
                    "slow" => Mode::Slow,
                    "illegal" => Mode::Illegal,
                    "endless" => Mode::Endless,
                    "twice" => Mode::Twice,
                    "deaf" => Mode::Deaf,
                    "first" => Mode::First,
                    _ => Mode::None,
                }
            }
            "--at" => at = value.parse().unwrap_or(1),
            "--seed" => seed = value.parse().unwrap_or(1),
            "--known" => known = Some(value.split(':').map(String::from).collect()),
            "--announce" => announced.extend(value.split(':').map(String::from)),
            "--log" => {
                match std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(value)
                {
                    Ok(f) => log = Some(f),
                    Err(_) => std::process::exit(4),
                }
            }
            "--pid-file" => {
                let written = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(value)
                    .and_then(|mut f| writeln!(f, "{}", std::process::id()));
                if written.is_err() {
                    std::process::exit(4);
                }
            }
            _ => {}
        }
    }
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut game = String::from("abalone");
    let mut options = String::new();
    let mut position = String::new();
    let mut gos = 0u64;
    let mut hung = false;
    let mut ponder_on = false;
    // The answer of a `go ponder`, given at `ponderhit` or `stop`.
    let mut pondered: Option<String> = None;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if hung {
            continue;
        }
        let line = line.trim();
        if let Some(f) = &mut log {
            if writeln!(f, "{line}").is_err() {
                std::process::exit(4);
            }
        }
        let reply = if line == "uci" || line == "ugi" {
            let options: Vec<String> = announced
                .iter()
                .map(|n| format!("option name {n} type string default <empty>"))
                .collect();
            format!(
                "id name fake_engine\nid author the agon tests\n{}\n{line}ok",
                options.join("\n")
            )
        } else if line == "ponderhit" || line == "stop" {
            pondered.take().unwrap_or_default()
        } else if let Some(name) = line
            .strip_prefix("setoption name ")
            .map(|rest| rest.split(" value ").next().unwrap_or(rest))
            .filter(|name| !announced.iter().any(|a| a.eq_ignore_ascii_case(name)))
        {
            format!("info string error: setoption: unknown option '{name}'")
        } else if let Some(v) = line.strip_prefix("setoption name Ponder value ") {
            ponder_on = v == "true";
            String::new()
        } else if line == "isready" {
            "readyok".to_string()
        } else if line == "quit" {
            if mode == Mode::Deaf {
                continue;
            }
            break;
        } else if let Some(v) = line.strip_prefix("setoption name Game value ") {
            game = v.to_string();
            String::new()
        } else if let Some(v) = line.strip_prefix("setoption name GameOptions value ") {
            let unknown = known.as_ref().and_then(|keys| {
                v.split_whitespace()
                    .filter_map(|pair| pair.split_once('=').map(|(k, _)| k))
                    .find(|k| !keys.iter().any(|known| known == k))
            });
            if let Some(key) = unknown {
                format!("info string error: setoption: unknown option '{key}'")
            } else {
                options = if v == "<empty>" {
                    String::new()
                } else {
                    v.to_string()
                };
                String::new()
            }
        } else if line.starts_with("position ") {
            position = line.to_string();
            String::new()
        } else if line.starts_with("go") {
            gos += 1;
            let first = mode == Mode::First;
            let word = random_move(&game, &options, &position, &mut rng, first);
            // The move it would play after its own: its expected reply.
            let reply = ponder_on
                .then(|| {
                    let joint = if position.contains(" moves ") {
                        " "
                    } else {
                        " moves "
                    };
                    let after = format!("{position}{joint}{word}");
                    random_move(&game, &options, &after, &mut rng, first)
                })
                .filter(|r| r != "(none)");
            let word = match reply {
                Some(r) => format!("{word} ponder {r}"),
                None => word,
            };
            if line.split_whitespace().any(|w| w == "ponder") {
                pondered = Some(format!("bestmove {word}"));
                continue;
            }
            let movetime = line
                .split_whitespace()
                .skip_while(|w| *w != "movetime")
                .nth(1)
                .and_then(|ms| ms.parse().ok())
                .unwrap_or(300);
            match mode {
                Mode::Slow => {
                    std::thread::sleep(Duration::from_millis(movetime + 10));
                    format!("bestmove {word}")
                }
                _ if gos != at => format!("info depth 1\nbestmove {word}"),
                Mode::None | Mode::Deaf | Mode::First => format!("bestmove {word}"),
                Mode::Crash => std::process::exit(3),
                Mode::Hang => {
                    hung = true;
                    String::new()
                }
                Mode::Late => {
                    std::thread::sleep(Duration::from_millis(movetime + 300));
                    format!("bestmove {word}")
                }
                Mode::Illegal => "bestmove zz99".to_string(),
                Mode::Endless => {
                    let _ = write!(out, "info string ");
                    let block = vec![b'x'; 1 << 20];
                    for _ in 0..64 {
                        let _ = out.write_all(&block);
                    }
                    format!("\nbestmove {word}")
                }
                Mode::Twice => format!("bestmove {word}\nbestmove {word}"),
            }
        } else {
            String::new()
        };
        if !reply.is_empty() {
            let _ = writeln!(out, "{reply}");
            let _ = out.flush();
        }
    }
    if mode == Mode::Deaf {
        loop {
            std::thread::park();
        }
    }
}

/// A uniformly random legal move of `position fen <text> [moves …]`.
fn random_move(game: &str, options: &str, position: &str, rng: &mut Pcg64, first: bool) -> String {
    let Ok(kind) = GameKind::from_name(game) else {
        return "(none)".to_string();
    };
    // Abalone for more than two players is a game type of its own.
    let kind = match GameOptions::parse(options, kind.option_specs()) {
        Ok(opts) => kind.for_options(&opts),
        Err(_) => return "(none)".to_string(),
    };
    agon::with_game!(kind, G => pick::<G>(kind, options, position, rng, first))
}

fn pick<G: Playable>(
    kind: GameKind,
    options: &str,
    position: &str,
    rng: &mut Pcg64,
    first: bool,
) -> String {
    let Ok(opts) = GameOptions::parse(options, kind.option_specs()) else {
        return "(none)".to_string();
    };
    let rest = position.strip_prefix("position fen ").unwrap_or("");
    let (fen, moves) = match rest.split_once(" moves ") {
        Some((fen, moves)) => (fen, moves),
        None => (rest, ""),
    };
    let Ok(mut pos) = G::from_position(fen, &opts) else {
        return "(none)".to_string();
    };
    for word in moves.split_whitespace() {
        match pos.parse_move(word) {
            Ok(m) => pos.play(m),
            Err(_) => return "(none)".to_string(),
        }
    }
    let mut legal = Vec::new();
    pos.moves(&mut legal);
    if legal.is_empty() {
        return "(none)".to_string();
    }
    if !matches!(pos.status(), agon::game::Status::Decision(_)) {
        return "(none)".to_string();
    }
    let i = if first {
        0
    } else {
        rng.gen_range(0..legal.len())
    };
    pos.move_text(legal[i])
}

/// Runs `command` to its end and prints its peak resident memory.
fn measure(command: &[String]) -> ! {
    let Some((program, args)) = command.split_first() else {
        std::process::exit(2);
    };
    let Ok(child) = std::process::Command::new(program).args(args).spawn() else {
        std::process::exit(2);
    };
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: plain out-parameters; `pid` is our child, not yet reaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::wait4(pid, &mut status, 0, &mut usage) } != pid {
        std::process::exit(2);
    }
    eprintln!("maxrss_kb {}", usage.ru_maxrss);
    std::process::exit(if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        1
    });
}
