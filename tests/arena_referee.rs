//! The referee of `agon match`: built-in engines in every game, agon's own
//! binary as an external engine (the proof the referee uses only the
//! protocol), and a scripted engine (tests/fake_engine) that crashes,
//! hangs, answers late or plays an illegal move — each a lost game with its
//! reason, followed by a restarted engine where the fault calls for one.

use agon::game::Notation;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use crate::common::scratch::Scratch;
use agon::arena::{run_match, EndReason, Entrant, Fault, GameResult, MatchSpec};
use agon::game::{Game, GameOptions, Outcome, Playable, Status};
use agon::games::GameKind;

/// The scripted engine, built by `cargo test` as an example next to the
/// test binary's `deps/` directory.
pub(crate) fn fake_engine() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary has a path");
    let dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps/");
    let path = dir.join("examples").join("fake_engine");
    assert!(
        path.exists(),
        "{} is missing: run the tests with `cargo test` (which builds examples) or `cargo build --example fake_engine`",
        path.display()
    );
    path
}

fn spec(games: u32, max_plies: u32) -> MatchSpec {
    MatchSpec {
        games,
        opening_plies: (0, 0),
        openings: Vec::new(),
        max_plies,
        concurrency: 1,
        seed: 7,
        margin: Duration::from_millis(50),
        sprt: None,
        shard: (0, 1),
        done: Vec::new(),
        resign: None,
        draw: None,
    }
}

/// Plays the match and returns its games in order.
fn play<G: Playable>(start: &G, a: &str, b: &str, spec: &MatchSpec) -> Vec<GameResult> {
    let entrants = [Entrant::parse(a).unwrap(), Entrant::parse(b).unwrap()];
    let games = Mutex::new(Vec::new());
    let stats = run_match(start, &entrants, spec, &|k, result, _| {
        games.lock().unwrap().push((k, result.clone()));
    })
    .unwrap();
    let mut games = games.into_inner().unwrap();
    games.sort_by_key(|(k, _)| *k);
    assert_eq!(stats.games() as usize, games.len());
    games.into_iter().map(|(_, g)| g).collect()
}

/// Replays a game's moves from its first position: every one legal, and
/// the end as recorded.
fn replays<G: Playable>(opts: &GameOptions, result: &GameResult) {
    let mut pos = G::from_position(&result.first_position, opts).unwrap();
    let mut legal = Vec::new();
    for text in &result.moves {
        let m = pos.parse_move(text).unwrap();
        if let Status::Decision(_) = pos.status() {
            pos.moves(&mut legal);
            assert!(legal.contains(&m), "{text} is legal");
        }
        pos.play(m);
    }
    assert_eq!(pos.position(), result.last_position);
    if result.reason == EndReason::Rules {
        assert_eq!(pos.status(), Status::Over(result.outcome));
    }
}

fn every_game(a: &str, b: &str, games: u32, max_plies: u32) {
    for &kind in GameKind::ALL {
        agon::with_game!(kind, G => {
            let opts = GameOptions::defaults(G::option_specs());
            let start = G::new(&opts).unwrap();
            let results = play(&start, a, b, &spec(games, max_plies));
            assert_eq!(results.len(), games as usize, "{}", G::NAME);
            for (k, r) in results.iter().enumerate() {
                assert!(
                    !matches!(r.reason, EndReason::Forfeit(..)),
                    "{} game {k}: {:?} {}",
                    G::NAME,
                    r.reason,
                    r.detail
                );
                assert_eq!(r.seats, if k % 2 == 0 { [0, 1] } else { [1, 0] });
                replays::<G>(&opts, r);
            }
        })
    }
}

#[test]
fn built_in_engines_play_every_game() {
    every_game("search=greedy,hash=1", "search=random,seed=3,hash=1", 2, 60);
}

#[test]
fn the_fake_engine_plays_every_game_through_the_protocol() {
    // Random legal moves, chance outcomes included in `position … moves`.
    let fake = format!("cmd={},movetime=100", fake_engine().display());
    every_game("search=greedy,hash=1", &fake, 2, 80);
}

#[test]
fn agon_itself_is_an_external_engine() {
    let agon = env!("CARGO_BIN_EXE_agon");
    let external = format!("cmd={agon},name=ext,option.Hash=1,depth=1");
    let opts = GameOptions::defaults(agon::games::palma::Palma::option_specs());
    let start = agon::games::palma::Palma::new(&opts).unwrap();
    let results = play(&start, "search=rearmost,hash=1", &external, &spec(2, 5000));
    for r in &results {
        assert_eq!(r.reason, EndReason::Rules, "{}", r.detail);
        replays::<agon::games::palma::Palma>(&opts, r);
    }
    // Mirrored chance: the first throw of both games is the same word.
    assert_eq!(results[0].moves[0], results[1].moves[0]);
    // The UGI dialect with a clock: the external engine keeps its time.
    let ugi = format!("cmd={agon},proto=ugi,option.Hash=1,tc=5+0.05");
    let opts = GameOptions::defaults(agon::games::zamma::Zamma::option_specs());
    let start = agon::games::zamma::Zamma::new(&opts).unwrap();
    for r in play(&start, "search=greedy,hash=1", &ugi, &spec(2, 30)) {
        assert_eq!(r.reason, EndReason::PlyLimit, "{}", r.detail);
        let ext = r.seats.iter().position(|&e| e == 1).unwrap();
        let time = r.times[ext];
        assert_eq!(time.moves, 15);
        assert_eq!(time.base, Some(Duration::from_secs(5)));
        assert!(time.early_share().unwrap() < 1.0);
        assert!(time.least_left_ms.unwrap() > 0, "{time:?}");
    }
}

/// The fake engine as B misbehaving at its third `go`, against a built-in
/// A, in two Zamma games: (game results, B's player in each).
fn fault_games(mode: &str) -> Vec<(GameResult, u8)> {
    let b = format!(
        "cmd={},arg=--mode,arg={mode},arg=--at,arg=3,movetime=100",
        fake_engine().display()
    );
    let opts = GameOptions::defaults(agon::games::zamma::Zamma::option_specs());
    let start = agon::games::zamma::Zamma::new(&opts).unwrap();
    play(&start, "search=random,seed=5,hash=1", &b, &spec(2, 40))
        .into_iter()
        .map(|r| {
            let b_player = r.seats.iter().position(|&e| e == 1).unwrap() as u8;
            (r, b_player)
        })
        .collect()
}

fn assert_forfeit(result: &GameResult, b: u8, fault: Fault) {
    assert_eq!(
        result.reason,
        EndReason::Forfeit(b, fault),
        "{}",
        result.detail
    );
    assert_eq!(result.outcome, Outcome::Win(1 - b));
    assert!(!result.detail.is_empty());
    // Recorded: the record keeps the forfeit, its reason and the detail,
    // and replays up to it.
    type Z = agon::games::zamma::Zamma;
    let names = ["a".to_string(), "fake".to_string()];
    let controls = ["none".to_string(), "movetime=100".to_string()];
    let rec = agon::arena::MatchRecord::of::<Z>(result, 1, "", &names, &controls);
    let text = rec.text::<Z>();
    assert!(text.contains("[Reason \"forfeit "), "{text}");
    let back = agon::arena::record::read::<Z>(&text).expect("the record reads back");
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].reason, result.reason);
    assert_eq!(back[0].detail, result.detail);
    back[0]
        .replay::<Z>()
        .expect("the moves before the forfeit replay");
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    // The fake counts its `go`s from its start: a second forfeit at the
    // same move is only possible from a new process.
    for (r, b) in fault_games("crash") {
        assert_forfeit(&r, b, Fault::Crash);
        assert_eq!(r.times[usize::from(b)].moves, 2);
    }
}

#[test]
fn a_hang_loses_and_the_engine_is_restarted() {
    for (r, b) in fault_games("hang") {
        assert_forfeit(&r, b, Fault::Hang);
        assert_eq!(r.times[usize::from(b)].moves, 2);
    }
}

#[test]
fn an_illegal_move_loses_and_the_engine_is_restarted() {
    for (r, b) in fault_games("illegal") {
        assert_forfeit(&r, b, Fault::Illegal);
        assert!(r.detail.contains("zz99"), "{}", r.detail);
    }
}

#[test]
fn a_late_answer_loses_on_time_and_the_engine_plays_on() {
    let games = fault_games("late");
    let (first, b) = &games[0];
    assert_forfeit(first, *b, Fault::Time);
    assert!(first.detail.contains("allowed 100 ms"), "{}", first.detail);
    // It slept 300 ms past its 100 ms.
    let least = first.times[usize::from(*b)].least_left_ms.unwrap();
    assert!(least <= -300, "{least}");
    // Kept running after an answer, the fake is past its third `go`.
    let (second, _) = &games[1];
    assert_eq!(second.reason, EndReason::PlyLimit, "{}", second.detail);
}

#[test]
fn an_engine_that_cannot_start_is_an_error_before_any_game() {
    let opts = GameOptions::defaults(agon::games::zamma::Zamma::option_specs());
    let start = agon::games::zamma::Zamma::new(&opts).unwrap();
    let entrants = [
        Entrant::parse("search=greedy").unwrap(),
        Entrant::parse("cmd=/nonexistent/engine,name=ghost").unwrap(),
    ];
    let err = run_match(&start, &entrants, &spec(2, 10), &|_, _, _| {
        panic!("no game is played")
    })
    .unwrap_err();
    assert!(err.to_string().contains("ghost"), "{err}");
}

#[test]
fn agon_match_on_the_command_line_names_forfeits() {
    let agon = env!("CARGO_BIN_EXE_agon");
    let b = format!(
        "cmd={},arg=--mode,arg=illegal,arg=--at,arg=2,name=fake",
        fake_engine().display()
    );
    let (status, out, err) = crate::common::run(&[
        "match",
        "--game",
        "zamma",
        "--a",
        &format!("cmd={agon},depth=1,option.Hash=1"),
        "--b",
        &b,
        "--games",
        "2",
        "--time-report",
    ]);
    assert!(status.success(), "{err}");
    assert_eq!(out.matches("B forfeits: illegal move").count(), 2, "{out}");
    assert!(out.contains("result A vs B: +2 =0 -0"), "{out}");
    assert!(
        out.contains("forfeits B: crash 0 hang 0 time 0 illegal 2"),
        "{out}"
    );
    assert!(out.contains("  time A: "), "{out}");
    // One pair, both games won by A.
    assert!(out.contains("WD WW): 0 0 0 0 1,"), "{out}");
}

#[test]
fn an_sprt_verdict_stops_the_match() {
    // B forfeits every game at once: every pair is won twice by A, and
    // fishtest's LLR for [0 0 0 0 n] with Elo 0 against 200 first passes
    // its upper bound 2.94 at n = 8 (2.93 at 7, 3.35 at 8).
    let b = format!(
        "cmd={},arg=--mode,arg=illegal,arg=--at,arg=1",
        fake_engine().display()
    );
    let opts = GameOptions::defaults(agon::games::zamma::Zamma::option_specs());
    let start = agon::games::zamma::Zamma::new(&opts).unwrap();
    let entrants = [
        Entrant::parse("search=random,hash=1").unwrap(),
        Entrant::parse(&b).unwrap(),
    ];
    let mut spec = spec(40, 20);
    spec.sprt = Some(agon::arena::Sprt::parse("elo0=0,elo1=200").unwrap());
    let stats = run_match(&start, &entrants, &spec, &|_, _, _| {}).unwrap();
    assert_eq!(stats.pairs, [0, 0, 0, 0, 8]);
    assert_eq!(stats.games(), 16);
}

#[test]
fn openings_from_a_file_start_the_pairs_in_order() {
    let opts = GameOptions::defaults(agon::games::zamma::Zamma::option_specs());
    let mut pos = agon::games::zamma::Zamma::new(&opts).unwrap();
    let mut openings = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..2 {
        pos.moves(&mut legal);
        pos.play(legal[0]);
        openings.push(pos.position());
    }
    let dir = Scratch::new("openings");
    let path = dir.join("openings.txt");
    std::fs::write(
        &path,
        format!("# two openings\n{}\n\n{}\n", openings[0], openings[1]),
    )
    .unwrap();
    let file = path.to_string_lossy().into_owned();
    let args = [
        "match",
        "--game",
        "zamma",
        "--a",
        "search=greedy,hash=1",
        "--b",
        "search=random,hash=1",
        "--games",
        "6",
        "--max-plies",
        "4",
        "--verbose",
        "--openings-file",
        &file,
    ];
    let (status, out, err) = crate::common::run(&args);
    let firsts: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("  first position: "))
        .collect();
    // Three pairs: the first opening, the second, the first again.
    let expected = [0, 0, 1, 1, 0, 0].map(|k| openings[k].as_str());
    assert!(status.success(), "{err}");
    // One game at a time: printed in the order played.
    assert_eq!(firsts, expected, "{out}");
    std::fs::write(&path, "# a comment\n\nnot a position\n").unwrap();
    let (status, _, err) = crate::common::run(&args);
    assert!(!status.success());
    // The file's line, as compilers name it.
    assert!(
        err.starts_with(&format!("error: {file}:3: ")) && err.lines().count() == 1,
        "{err}"
    );
    std::fs::write(&path, "").unwrap();
    let (status, _, err) = crate::common::run(&args);
    assert!(!status.success());
    assert!(err.contains("is empty"), "{err}");
}

/// Issue 42: the fake engine announces only the options agon had before
/// its networks. `agon match` sets it up with what it announced and plays
/// every game: no rejected setup, no forfeit.
#[test]
fn agon_match_plays_an_engine_of_the_old_options_in_every_game() {
    let fake = format!("cmd={},name=old", fake_engine().display());
    for &kind in GameKind::ALL {
        let (status, out, err) = crate::common::run(&[
            "match",
            "--game",
            kind.name(),
            "--a",
            "depth=1,hash=1",
            "--b",
            &fake,
            "--games",
            "2",
            "--max-plies",
            "40",
        ]);
        assert!(status.success(), "{kind}: {err}");
        assert!(
            out.contains("forfeits B: crash 0 hang 0 time 0 illegal 0 protocol 0"),
            "{kind}: {out}"
        );
    }
}

/// An option the engine did not announce is one error before the first
/// game, naming it (and so is `ponder=on` without `Ponder`); nothing is
/// played.
#[test]
fn an_option_the_engine_did_not_announce_is_named_before_the_first_game() {
    let opts = GameOptions::defaults(agon::games::zamma::Zamma::option_specs());
    let start = agon::games::zamma::Zamma::new(&opts).unwrap();
    for (extra, named) in [("option.Eval=nnue", "'Eval'"), ("ponder=on", "'Ponder'")] {
        let b = format!("cmd={},{extra}", fake_engine().display());
        let entrants = [
            Entrant::parse("search=random,hash=1").unwrap(),
            Entrant::parse(&b).unwrap(),
        ];
        let played = Mutex::new(0);
        let err = run_match(&start, &entrants, &spec(2, 20), &|_, _, _| {
            *played.lock().unwrap() += 1;
        })
        .unwrap_err()
        .to_string();
        assert!(err.contains(named), "{extra}: {err}");
        assert_eq!(*played.lock().unwrap(), 0, "{extra}: games played");
    }
}

/// Two engines that ponder (`ponder=on`), each guessing the other's move
/// right (both play the first legal move): the referee sends `go ponder`
/// after each move and `ponderhit` when the guess is played, and the games
/// play out as without pondering.
#[test]
fn the_referee_ponders_engines_that_ask_for_it() {
    let dir = Scratch::new("ponder");
    let logs = [dir.join("a.log"), dir.join("b.log")];
    let engine = |log: &PathBuf| {
        format!(
            "cmd={},arg=--mode,arg=first,arg=--announce,arg=Ponder,arg=--log,arg={},ponder=on,movetime=100",
            fake_engine().display(),
            log.display()
        )
    };
    let opts = GameOptions::defaults(agon::games::zamma::Zamma::option_specs());
    let start = agon::games::zamma::Zamma::new(&opts).unwrap();
    let mut counted = 0;
    for r in play(&start, &engine(&logs[0]), &engine(&logs[1]), &spec(2, 20)) {
        assert_eq!(r.reason, EndReason::PlyLimit, "{}", r.detail);
        replays::<agon::games::zamma::Zamma>(&opts, &r);
        // Every move but each side's first is asked while it ponders on
        // that very position (`--time-report`'s ponder hits).
        for t in &r.times {
            assert_eq!((t.moves, t.pondered, t.ponder_hits), (10, 9, 9), "{t:?}");
            counted += t.ponder_hits;
        }
    }
    let mut sent = 0;
    for log in &logs {
        let text = std::fs::read_to_string(log).unwrap();
        assert!(text.contains("setoption name Ponder value true"), "{text}");
        let ponders = text.lines().filter(|l| l.starts_with("go ponder")).count();
        let hits = text.lines().filter(|l| *l == "ponderhit").count();
        // Each engine's ten moves a game: nine guesses played, and the
        // last one still pondering when the game ends (stopped).
        assert!(
            ponders >= 18 && hits >= 16,
            "{ponders} ponders, {hits} hits: {text}"
        );
        sent += hits;
    }
    assert_eq!(counted as usize, sent);
}

/// A built-in engine that ponders, in every game (a dice game ponders on
/// the throw after its move), against the fake engine: no forfeit, every
/// move legal.
#[test]
fn a_pondering_built_in_engine_plays_every_game() {
    let fake = format!("cmd={},movetime=100", fake_engine().display());
    every_game("depth=2,hash=1,ponder=on", &fake, 2, 40);
}
