//! The protocol spoken to a real `agon` process (protocol.md): handshakes,
//! search control, error behaviour, long commands.

use crate::common;

use agon::game::Playable;
use agon::game::{GameOptions, Status};
use agon::games::GameKind;
use common::Agon;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// The options protocol.md documents, in its order.
fn documented_options() -> Vec<String> {
    let games: Vec<String> = GameKind::ALL
        .iter()
        .map(|k| format!("var {}", k.name()))
        .collect();
    vec![
        format!(
            "option name Game type combo default {} {}",
            GameKind::ALL[0].name(),
            games.join(" ")
        ),
        "option name GameOptions type string default <empty>".into(),
        "option name Threads type spin default 1 min 1 max 256".into(),
        "option name Hash type spin default 64 min 1 max 65536".into(),
        "option name MultiPV type spin default 1 min 1 max 256".into(),
        "option name Search type combo default auto var auto var alphabeta var expectimax \
         var paranoid var maxn var mcts var greedy var random var rearmost"
            .into(),
        "option name Seed type spin default 0 min 0 max 2147483647".into(),
        "option name MoveOverhead type spin default 10 min 0 max 10000".into(),
        "option name UCI_ShowWDL type check default false".into(),
        "option name MctsPolicy type combo default puct var puct var uct".into(),
        "option name MctsPlayout type combo default auto var auto var none var random var guided"
            .into(),
        "option name MctsPlayoutPlies type spin default 8 min 1 max 1000".into(),
        "option name Eval type combo default auto var auto var classic var nnue".into(),
        "option name EvalFile type string default <empty>".into(),
        "option name LMR type check default true".into(),
        "option name Aspiration type check default true".into(),
        "option name NullMove type check default false".into(),
        "option name ShallowPruning type combo default auto var auto var on var off".into(),
        "option name ReverseFutility type spin default 80 min 0 max 10000".into(),
        "option name Futility type spin default 100 min 0 max 10000".into(),
        "option name LateMovePruning type spin default 3 min 0 max 256".into(),
        "option name ExpectimaxPruning type combo default star2 var star2 var star1 var plain"
            .into(),
        "option name ExpectimaxParallel type combo default smp var smp var root".into(),
        "option name ExpectimaxTable type check default true".into(),
        "option name ExpectimaxCriticalPath type check default false".into(),
        "option name MctsChance type combo default stratified var stratified var widening".into(),
        "option name ExactTables type check default true".into(),
        "option name EndgamePath type string default <empty>".into(),
        "option name Ponder type check default false".into(),
        "option name Clear Hash type button".into(),
        "option name Skill type spin default 20 min 0 max 20".into(),
        "option name UCI_LimitStrength type check default false".into(),
        "option name UCI_Elo type spin default 5000 min 0 max 5000".into(),
        "option name Contempt type spin default 100 min -1000 max 1000".into(),
        "option name UCI_AnalyseMode type check default false".into(),
    ]
}

/// The `id nets` line: every game whose network is built in, as the
/// engine's own `Eval=nnue` names it in the bench.
fn nets_line() -> Option<String> {
    let nets: Vec<String> = agon::games::GameKind::ALL
        .iter()
        .filter_map(|k| k.shipped_net().map(|n| format!("{k}={n}")))
        .collect();
    (!nets.is_empty()).then(|| format!("id nets {}", nets.join(" ")))
}

fn handshake(word: &str, ok: &str) {
    let mut e = Agon::start();
    e.send(word);
    e.expect(&format!("id name agon {}", env!("CARGO_PKG_VERSION")));
    e.expect("id author the agon authors");
    if let Some(nets) = nets_line() {
        e.expect(&nets);
    }
    for line in documented_options() {
        e.expect(&line);
    }
    e.expect(ok);
    e.send("isready");
    e.expect("readyok");
    e.send("quit");
    let (rest, status, stderr) = e.finish();
    assert!(rest.is_empty(), "{rest:?}");
    assert!(status.success(), "{status:?} {stderr}");
}

#[test]
fn uci_handshake() {
    handshake("uci", "uciok");
}

#[test]
fn ugi_handshake() {
    handshake("ugi", "ugiok");
}

#[test]
fn isready_and_stop_during_go_infinite() {
    let mut e = Agon::start();
    e.send("go infinite");
    for _ in 0..3 {
        let before = e.sync();
        assert!(
            !before.iter().any(|l| l.starts_with("bestmove")),
            "go infinite answered before stop: {before:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    e.send("go depth 1");
    let busy = e.sync();
    // The running search may report meanwhile; the refused `go` adds one
    // error line.
    let errors: Vec<&String> = busy.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{busy:?}");
    assert!(errors[0].starts_with("info string error: "), "{busy:?}");
    assert!(!busy.iter().any(|l| l.starts_with("bestmove")), "{busy:?}");
    e.send("stop");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(
        out[..out.len() - 1].iter().all(|l| l.starts_with("info ")),
        "{out:?}"
    );
    // After stop, nothing more comes from that search.
    assert!(e.sync().is_empty());
    let (rest, status, _) = e.finish();
    assert!(rest.is_empty() && status.success(), "{rest:?}");
}

/// The final `info` line of a stopped search: its totals and the line
/// played (protocol.md, "Output").
fn ends_with_totals(rest: &[String]) {
    let n = rest.len();
    assert!(n >= 2 && rest[n - 1].starts_with("bestmove"), "{rest:?}");
    let totals = &rest[n - 2];
    assert!(
        totals.starts_with("info depth ")
            && !totals.contains(" multipv ")
            && totals.contains(" nodes ")
            && totals.contains(" time "),
        "{rest:?}"
    );
}

#[test]
fn quit_and_end_of_input_stop_a_search() {
    let mut e = Agon::start();
    e.send("go infinite");
    e.sync();
    e.send("quit");
    let (rest, status, _) = e.finish();
    ends_with_totals(&rest);
    assert!(status.success());

    // `quit` right after `go`, with no barrier between them.
    for game in ["abalone", "kubeia"] {
        let mut e = Agon::start();
        e.send(&format!("setoption name Game value {game}"));
        e.sync();
        e.send("go infinite");
        e.send("quit");
        let (rest, status, _) = e.finish();
        ends_with_totals(&rest);
        assert!(status.success());
    }

    let mut e = Agon::start();
    e.send("go infinite");
    e.sync();
    let (rest, status, stderr) = e.finish();
    assert!(
        rest.last().is_some_and(|l| l.starts_with("bestmove")),
        "{rest:?}"
    );
    assert!(status.success(), "{stderr}");
}

#[test]
fn stop_without_a_search_is_silent() {
    let mut e = Agon::start();
    e.send("stop");
    assert!(e.sync().is_empty());
}

/// Every malformed or illegal line gets exactly one `info string error:`
/// line and nothing else.
#[test]
fn every_error_is_exactly_one_line() {
    let bad: &[&[u8]] = &[
        b"frobnicate",
        b"UCI",
        b"setoption",
        b"setoption Hash 16",
        b"setoption name",
        b"setoption name NoSuchOption value 1",
        b"setoption name Hash value 0",
        b"setoption name Hash value 9999999",
        b"setoption name Threads value many",
        b"setoption name MultiPV",
        b"setoption name Search value minimax",
        b"setoption name UCI_ShowWDL value maybe",
        b"setoption name Game value chess",
        b"setoption name GameOptions value nosuchkey=1",
        b"setoption name GameOptions value notkeyvalue",
        b"position",
        b"position somewhere",
        b"position fen",
        b"position fen moves a1b2",
        b"position fen this-is-not-a-position",
        b"position startpos moves zz99",
        b"position startpos a1b2",
        b"go depth",
        b"go depth -3",
        b"go nodes lots",
        b"go movetime 1.5",
        b"go sideways",
        b"go ponder sideways",
        b"go mate 0",
        b"go mate x",
        b"go searchmoves",
        b"go searchmoves zz99",
        b"go p9time 1000",
        b"go perft",
        b"go perft x",
        b"ponderhit",
        b"query",
        b"query colour",
        b"bench fast",
        b"chance 3",
        b"\xff\xfe\x00garbage",
        b"\x1b[31m red",
    ];
    let mut e = Agon::start();
    for line in bad {
        let mut bytes = line.to_vec();
        bytes.push(b'\n');
        e.send_bytes(&bytes);
        let out = e.sync();
        let shown = String::from_utf8_lossy(line);
        assert_eq!(out.len(), 1, "{shown}: {out:?}");
        assert!(
            out[0].starts_with("info string error: "),
            "{shown}: {out:?}"
        );
    }
    let (_, status, stderr) = e.finish();
    assert!(status.success() && stderr.is_empty(), "{stderr}");
}

/// A random line of `len` plies (chance outcomes included) that never
/// ends the game, made with the rules library, as move texts.
fn long_line<G: Playable>(len: usize, rng: &mut Pcg64) -> (Vec<String>, G) {
    let mut pos = G::new(&GameOptions::defaults(G::option_specs())).unwrap();
    let mut texts = Vec::new();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    while texts.len() < len {
        let choices: Vec<G::Move> = match pos.status() {
            Status::Over(_) => break,
            Status::Decision(_) => {
                pos.moves(&mut moves);
                moves.clone()
            }
            Status::Chance => {
                pos.outcomes(&mut outcomes);
                outcomes.iter().map(|(m, _)| *m).collect()
            }
        };
        let alive: Vec<G::Move> = choices
            .iter()
            .copied()
            .filter(|m| {
                let mut c = pos.clone();
                c.play(*m);
                !c.status().is_over()
            })
            .collect();
        if alive.is_empty() {
            break;
        }
        let m = alive[rng.gen_range(0..alive.len())];
        texts.push(pos.move_text(m));
        pos.play(m);
    }
    (texts, pos)
}

fn long_command_for<G: Playable>() {
    let mut rng = Pcg64::seed_from_u64(4);
    let (texts, pos) = long_line::<G>(10_000, &mut rng);
    if texts.is_empty() {
        eprintln!("{}: no moves yet (placeholder rules); skipped", G::NAME);
        return;
    }
    // Games whose pieces only move forward (Palma) end sooner.
    eprintln!("{}: a line of {} plies", G::NAME, texts.len());
    let mut e = Agon::start();
    e.send(&format!("setoption name Game value {}", G::NAME));
    e.send(&format!("position startpos moves {}", texts.join(" ")));
    e.send("d");
    let out = e.sync();
    let want = format!("position: {}", pos.position());
    assert!(
        out.contains(&want),
        "{} after {} plies: {out:?}",
        G::NAME,
        texts.len()
    );
}

#[test]
fn long_move_lists_are_accepted() {
    for kind in GameKind::ALL {
        agon::with_game!(*kind, G => long_command_for::<G>());
    }
}

/// A GUI sends the next `go` as soon as it reads `bestmove`: that `go`
/// must never find the previous search "still running".
#[test]
fn go_right_after_bestmove_is_accepted() {
    let mut e = Agon::start();
    for _ in 0..200 {
        e.send("go depth 1");
        let out = e.until(|l| l.starts_with("bestmove") || l.contains("error"));
        assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    }
}

/// The table is made by `setoption Hash` (and ready at `isready`), never
/// inside `go`: the first timed search after a large `Hash` answers in its
/// time in every game. (The bound here is loose for a loaded test machine;
/// protocol.md gives the measured figure.)
#[test]
fn a_large_table_is_made_before_go() {
    let mut e = Agon::start();
    e.send("setoption name Hash value 1024");
    assert!(e.sync().is_empty());
    for kind in GameKind::ALL {
        e.send(&format!("setoption name Game value {}", kind.name()));
        assert!(e.sync().is_empty());
        let start = std::time::Instant::now();
        e.send("go movetime 100");
        let out = e.until(|l| l.starts_with("bestmove"));
        let took = start.elapsed();
        assert!(
            took < std::time::Duration::from_secs(1),
            "{}: first go movetime 100 took {took:?}",
            kind.name()
        );
        assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    }
}

/// Bytes the kernel can give (MemAvailable), if known.
fn available_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    line.split_whitespace()
        .nth(1)?
        .parse::<u64>()
        .ok()
        .map(|k| k * 1024)
}

/// A table larger than the memory available is one error line; the engine
/// keeps its table and plays on.
#[test]
fn a_table_too_large_is_one_error_and_the_old_one_stays() {
    // On a machine with 64 GiB free the allocation would succeed.
    if available_bytes().is_none_or(|b| b >= 65536 << 20) {
        return;
    }
    let mut e = Agon::start();
    e.send("setoption name Hash value 65536");
    let out = e.sync();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("info string error: setoption: cannot allocate a 65536 MiB")
            && out[0].ends_with("keeping the 64 MiB table"),
        "{out:?}"
    );
    e.send("go depth 3");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    assert!(
        out.last().is_some_and(|l| l != "bestmove (none)"),
        "{out:?}"
    );
}

/// `ucinewgame` during a search ends it before the table is cleared: its
/// `bestmove` comes before the `readyok` of the next `isready` (issue 13:
/// the search ran on in the cleared table and answered later).
#[test]
fn new_game_stops_the_search_first() {
    let mut e = Agon::start();
    e.send("go infinite");
    e.sync();
    e.send("ucinewgame");
    let out = e.sync();
    assert!(
        out.last().is_some_and(|l| l.starts_with("bestmove")),
        "{out:?}"
    );
    e.send("position startpos moves a1b2");
    e.send("go depth 3");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
}

/// `ucinewgame` during a search ends it (its `bestmove` is printed) before
/// the table is cleared; `setoption Hash` during a search is refused.
#[test]
fn new_game_and_hash_during_a_search() {
    let mut e = Agon::start();
    e.send("go infinite");
    e.sync();
    e.send("setoption name Hash value 32");
    let out = e.sync();
    let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{out:?}");
    assert!(errors[0].contains("a search is running"), "{out:?}");
    e.send("ucinewgame");
    let out = e.sync();
    assert_eq!(
        out.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{out:?}"
    );
    e.send("go depth 2");
    e.until(|l| l.starts_with("bestmove"));
    let (rest, status, _) = e.finish();
    assert!(rest.is_empty() && status.success(), "{rest:?}");
}

/// The `info … multipv k …` lines of the last iteration of `out`.
fn last_lines(out: &[String]) -> Vec<(u32, String)> {
    let pvs: Vec<(u32, u32, String)> = out
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" multipv "))
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            let field = |name: &str| {
                let i = w.iter().position(|x| *x == name).expect(name);
                w[i + 1].to_string()
            };
            let score = l.split(" score ").nth(1).expect("score").to_string();
            (
                field("depth").parse().expect("depth"),
                field("multipv").parse().expect("multipv"),
                score,
            )
        })
        .collect();
    let last = pvs.iter().map(|p| p.0).max().expect("a pv line");
    pvs.into_iter()
        .filter(|p| p.0 == last)
        .map(|p| (p.1, p.2))
        .collect()
}

/// The dice games rank as many moves as `MultiPV` asks, best first.
#[test]
fn multipv_ranks_the_moves_of_a_roll() {
    let mut e = Agon::start();
    e.send("setoption name Game value kubeia");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves r65");
    e.send("go depth 2");
    let out = e.until(|l| l.starts_with("bestmove"));
    let lines = last_lines(&out);
    assert_eq!(
        lines.iter().map(|l| l.0).collect::<Vec<_>>(),
        [1, 2, 3],
        "{out:?}"
    );
    let cp = |s: &str| -> i32 {
        s.strip_prefix("cp ")
            .and_then(|r| r.split(' ').next())
            .and_then(|v| v.parse().ok())
            .expect("a cp score")
    };
    assert!(
        lines.windows(2).all(|w| cp(&w[0].1) >= cp(&w[1].1)),
        "{lines:?}"
    );
}

/// A win whatever the throws is `score mate N` in the dice games, and the
/// move played is the first of the last `pv`.
#[test]
fn a_proven_dice_game_win_is_a_mate_score() {
    let mut e = Agon::start();
    e.send("setoption name Game value palma");
    // Hounds move 23-25: the fifth piece on 25..29 wins at once.
    e.send("position fen h=0/0/23,26,27,28,29 j=5/0/- use=h:2");
    e.send("go movetime 2000");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(
        out.iter()
            .filter(|l| l.starts_with("info depth"))
            .all(|l| l.contains(" score mate 1 ")),
        "{out:?}"
    );
    let final_pv = out.iter().rev().find(|l| l.contains(" pv ")).expect("pv");
    assert!(final_pv.ends_with(" pv 23-25"), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("bestmove 23-25"));
}

/// A timed search stopped inside an iteration ends with a line of its
/// totals whose `pv` starts with the move played.
#[test]
fn the_last_pv_starts_with_bestmove_after_a_stop() {
    let mut e = Agon::start();
    e.send("go movetime 300");
    let out = e.until(|l| l.starts_with("bestmove"));
    let best = out.last().and_then(|l| l.split(' ').nth(1)).expect("move");
    let last_pv = out.iter().rev().find(|l| l.contains(" pv ")).expect("pv");
    assert!(
        last_pv
            .split(" pv ")
            .nth(1)
            .and_then(|p| p.split(' ').next())
            == Some(best),
        "{out:?}"
    );
    let totals = &out[out.len() - 2];
    assert!(
        totals.starts_with("info depth ") && totals.contains(" nodes "),
        "{out:?}"
    );
}

/// The last `nodes N` of a search's lines.
fn last_nodes(lines: &[String]) -> Option<u64> {
    lines.iter().rev().find_map(|l| {
        let words: Vec<&str> = l.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "nodes")?;
        words.get(at + 1)?.parse().ok()
    })
}

/// The search switches of the options table reach the searches:
/// `ExpectimaxCriticalPath` adds expectiminimax's report, and `LMR false`,
/// `NullMove false` and the pruning switches search other nodes than the
/// default at the same depth.
#[test]
fn search_switches_reach_the_search() {
    let mut e = Agon::start();
    e.send("setoption name Game value palma");
    e.send("setoption name Search value expectimax");
    e.send("go depth 2");
    let plain = e.until(|l| l.starts_with("bestmove"));
    assert!(
        !plain
            .iter()
            .any(|l| l.starts_with("info string critical path")),
        "{plain:?}"
    );
    e.send("setoption name ExpectimaxCriticalPath value true");
    e.send("go depth 2");
    let reported = e.until(|l| l.starts_with("bestmove"));
    assert!(
        reported
            .iter()
            .any(|l| l.starts_with("info string critical path ") && l.ends_with(" nodes")),
        "{reported:?}"
    );

    e.send("setoption name Game value abalone");
    e.send("setoption name Search value alphabeta");
    let mut nodes = Vec::new();
    for lmr in ["true", "false"] {
        // A fresh table each time: the second search must not start from
        // what the first stored.
        e.send("ucinewgame");
        e.send(&format!("setoption name LMR value {lmr}"));
        e.send("go depth 5");
        let lines = e.until(|l| l.starts_with("bestmove"));
        nodes.push(last_nodes(&lines).unwrap_or_else(|| panic!("{lines:?}")));
    }
    assert_ne!(nodes[0], nodes[1], "LMR on and off searched alike");

    // Abalone prunes near the horizon by default (`ShallowPruning auto`)
    // and by null moves when asked (`NullMove true`): each off searches
    // more nodes to the same depth from the same empty table, and each
    // pruning near the horizon on alone searches fewer than none.
    e.send("setoption name LMR value true");
    let depth7 = |e: &mut Agon| {
        e.send("ucinewgame");
        e.send("go depth 7");
        let lines = e.until(|l| l.starts_with("bestmove"));
        last_nodes(&lines).unwrap_or_else(|| panic!("{lines:?}"))
    };
    e.send("setoption name NullMove value true");
    let null = depth7(&mut e);
    e.send("setoption name NullMove value false");
    let default = depth7(&mut e);
    assert!(null < default, "null move {null} nodes, none {default}");
    e.send("setoption name ShallowPruning value off");
    let unpruned = depth7(&mut e);
    assert!(default < unpruned, "auto {default} nodes, off {unpruned}");
    e.send("setoption name ShallowPruning value on");
    let pruned = depth7(&mut e);
    assert!(pruned < unpruned, "on {pruned} nodes, off {unpruned}");
    e.send("setoption name ShallowPruning value on");
    let prunings = [
        ("ReverseFutility", "80"),
        ("Futility", "100"),
        ("LateMovePruning", "3"),
    ];
    for (option, on) in prunings {
        for (other, _) in prunings.iter().filter(|(o, _)| *o != option) {
            e.send(&format!("setoption name {other} value 0"));
        }
        e.send(&format!("setoption name {option} value {on}"));
        let pruned = depth7(&mut e);
        assert!(
            pruned < unpruned,
            "{option} {on} alone: {pruned} nodes, {unpruned} without"
        );
    }
    e.send("quit");
    let (_, status, stderr) = e.finish();
    assert!(status.success(), "{status:?} {stderr}");
}
