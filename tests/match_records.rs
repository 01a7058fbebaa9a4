//! Match records (`agon match --record`): every record agon writes reads
//! back to the identical game for every game; a match killed mid-way and
//! resumed, and a match played in shards and merged, give the statistics
//! of one uninterrupted run; `agon analyse --record` annotates every move
//! of a recorded game of each game.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use agon::arena::record::{self, MatchRecord};
use agon::arena::{run_match, Entrant, MatchSpec};
use agon::game::{GameOptions, Playable, Status};
use agon::games::GameKind;

use crate::common::scratch::Scratch;

fn spec(games: u32) -> MatchSpec {
    MatchSpec {
        games,
        opening_plies: (2, 4),
        openings: Vec::new(),
        max_plies: 120,
        concurrency: 1,
        seed: 5,
        margin: Duration::from_secs(3600),
        sprt: None,
        shard: (0, 1),
        done: Vec::new(),
        resign: None,
        draw: None,
    }
}

fn round_trip<G: Playable>() {
    let opts = GameOptions::parse("", G::option_specs()).expect("defaults");
    let start = G::new(&opts).expect("start");
    let entrants = [
        Entrant::parse("depth=1,name=one").expect("engine"),
        Entrant::parse("search=greedy,name=two").expect("engine"),
    ];
    let names = vec!["one".to_string(), "two".to_string()];
    let controls: Vec<String> = entrants.iter().map(|e| e.control.text()).collect();
    let results = std::sync::Mutex::new(Vec::new());
    run_match(&start, &entrants, &spec(4), &|n, r, _| {
        results.lock().expect("results").push((n, r.clone()));
    })
    .expect("a match");
    let results = results.into_inner().expect("results");
    assert_eq!(results.len(), 4, "{}", G::NAME);
    let mut text = String::new();
    let mut written = Vec::new();
    for (n, r) in &results {
        let rec = MatchRecord::of::<G>(r, *n, &start.options().to_string(), &names, &controls);
        text += &rec.text::<G>();
        written.push(rec);
    }
    let read = record::read::<G>(&text).expect("records read back");
    assert_eq!(read, written, "{}", G::NAME);
    for ((_, result), rec) in results.iter().zip(&read) {
        let line = rec.replay::<G>().expect("the record replays");
        let last = line.last().expect("a position");
        assert_eq!(last.position(), result.last_position, "{}", G::NAME);
        assert_eq!(rec.moves.len() as u32, result.plies);
        if let Status::Over(o) = last.status() {
            assert_eq!(o, rec.outcome, "{}", G::NAME);
        }
        // The engines' notes are kept: a move by a searching engine has a
        // time, a chance outcome none.
        assert!(rec.moves.iter().any(|(_, n)| n.is_some()), "{}", G::NAME);
    }
    // Comments on moves (the page's) read back as written, even one that
    // reads like an engine's note or holds braces and backslashes.
    let mut commented = read[0].clone();
    let last = commented.moves.len() - 1;
    for (i, c) in [
        (0, "a quiet start"),
        (1, "0.500s"),
        (last, r"{odd} \\ text}"),
    ] {
        commented.comments.insert(i, c.to_string());
    }
    let again = record::read::<G>(&commented.text::<G>()).expect("commented record");
    assert_eq!(again, vec![commented.clone()], "{}", G::NAME);
    let end = |r: &MatchRecord| {
        r.replay::<G>()
            .ok()
            .and_then(|l| l.last().map(|p| p.position()))
    };
    assert_eq!(end(&again[0]), end(&read[0]), "{}", G::NAME);
    // A record cut short (a match killed while writing) is left out; a
    // record with an illegal move does not replay.
    let cut = &text[..text.len() - 20];
    assert_eq!(record::read::<G>(cut).expect("cut").len(), 3);
    let mut bad = read[0].clone();
    let k = bad
        .moves
        .iter()
        .position(|(m, _)| !m.is_empty())
        .expect("a move");
    bad.moves[k].0 = bad.moves[(k + 1) % bad.moves.len()].0.clone() + "x";
    assert!(bad.replay::<G>().is_err(), "{}", G::NAME);
}

#[test]
fn every_record_reads_back_to_the_same_game() {
    for &kind in GameKind::ALL {
        agon::with_game!(kind, G => round_trip::<G>());
    }
}

fn agon_out(args: &[&str]) -> String {
    let (status, out, err) = crate::common::run(args);
    assert!(status.success(), "{args:?}: {err}");
    out
}

/// The statistics lines of `agon match` (the result, the pairs, the
/// forfeits): what a resumed or merged run must repeat.
fn statistics(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| {
            l.starts_with("result ") || l.starts_with("pairs ") || l.starts_with("forfeits ")
        })
        .map(str::to_string)
        .collect()
}

/// `agon match --game GAME --a A --b B --games N`, then `extra`.
fn match_args(game: &str, a: &str, b: &str, games: &str, extra: &[&str]) -> Vec<String> {
    [
        "match", "--game", game, "--a", a, "--b", b, "--games", games,
    ]
    .iter()
    .chain(extra)
    .map(|s| s.to_string())
    .collect()
}

/// The resumed and merged match: depth 2 against greedy in Zamma, 12
/// games, seeded; then `extra`.
fn with(extra: &[&str]) -> Vec<String> {
    let seeded: Vec<&str> = ["--seed", "9"].iter().chain(extra).copied().collect();
    match_args(
        "zamma",
        "depth=2,name=two",
        "search=greedy,name=greedy",
        "12",
        &seeded,
    )
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn a_killed_match_resumes_to_the_same_statistics() {
    let dir = Scratch::new("records");
    let whole = dir.join("whole.agn");
    let full = agon_out(&refs(&with(&["--record", whole.to_str().expect("path")])));
    let expected = statistics(&full);
    assert_eq!(expected.len(), 4, "{full}");
    let text = std::fs::read_to_string(&whole).expect("records");
    assert_eq!(
        record::read::<agon::games::zamma::Zamma>(&text)
            .expect("read")
            .len(),
        12
    );

    // Killed for real once two games are on file.
    let part = dir.join("part.agn");
    let args = with(&["--record", part.to_str().expect("path")]);
    let mut child = Command::new(crate::common::agon_bin())
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("agon runs");
    // Each game the file gains is progress; only a match that stops
    // writing for a minute (or ends) gives up the wait.
    let (mut size, mut since) = (0, Instant::now());
    while since.elapsed() < Duration::from_secs(60) && child.try_wait().is_ok_and(|s| s.is_none()) {
        let text = std::fs::read_to_string(&part).unwrap_or_default();
        if text.matches("[Game ").count() >= 2 {
            break;
        }
        if text.len() != size {
            (size, since) = (text.len(), Instant::now());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    // And a record cut in the middle, as a kill while writing leaves it.
    let mut text = std::fs::read_to_string(&part).expect("records");
    let kept = record::read::<agon::games::zamma::Zamma>(&text)
        .expect("read")
        .len();
    assert!(kept < 12, "the match ended before the kill");
    let half = whole_record_text(&whole, kept);
    text += &half[..half.len() / 2];
    std::fs::write(&part, &text).expect("write");
    let resumed = agon_out(&refs(&with(&[
        "--record",
        part.to_str().expect("path"),
        "--resume",
    ])));
    assert_eq!(statistics(&resumed), expected, "{resumed}");
    let played = resumed.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(played, 12 - kept, "only the games not on file: {resumed}");
    let games = std::fs::read_to_string(&part).expect("records");
    let numbers: std::collections::BTreeSet<u32> =
        record::read::<agon::games::zamma::Zamma>(&games)
            .expect("read")
            .iter()
            .map(|r| r.number)
            .collect();
    assert_eq!(numbers, (1..=12).collect(), "every game once");
}

/// The text of record `k` (from 0) of `path`.
fn whole_record_text(path: &PathBuf, k: usize) -> String {
    let text = std::fs::read_to_string(path).expect("records");
    let starts: Vec<usize> = text.match_indices("[Game ").map(|(i, _)| i).collect();
    let end = starts.get(k + 1).copied().unwrap_or(text.len());
    text[starts[k]..end].to_string()
}

#[test]
fn shards_merged_equal_one_run() {
    let dir = Scratch::new("records");
    let whole = statistics(&agon_out(&refs(&with(&[]))));
    let mut files = Vec::new();
    for i in 1..=3 {
        let path = dir.join(&format!("shard{i}.agn"));
        let shard = format!("{i}/3");
        agon_out(&refs(&with(&[
            "--shard",
            &shard,
            "--record",
            path.to_str().expect("path"),
        ])));
        files.push(path.to_str().expect("path").to_string());
    }
    let mut args = vec!["match", "--game", "zamma", "--merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = agon_out(&args);
    assert!(merged.contains("12 games from 3 files"), "{merged}");
    assert_eq!(statistics(&merged), whole, "{merged}");
}

/// `agon match` of depth 1 against `greedy` in game `name`, `games`
/// games, with `extra` arguments.
fn quick_match(name: &str, games: &str, extra: &[&str]) -> String {
    agon_out(&refs(&match_args(
        name,
        "depth=1",
        "search=greedy",
        games,
        extra,
    )))
}

fn annotated(kind: GameKind) {
    let dir = Scratch::new("records");
    let name = kind.name();
    let path = dir.join(&format!("{name}.agn"));
    let file = path.to_str().expect("path");
    quick_match(name, "2", &["--max-plies", "60", "--record", file]);
    // A comment on the second ply (the page writes them) is printed under
    // that ply's row.
    let text = std::fs::read_to_string(&path).expect("records");
    let commented = agon::with_game!(kind, G => {
        let mut all = record::read::<G>(&text).expect("read");
        all[1].comments.insert(1, "worth a look".to_string());
        all.iter().map(|r| r.text::<G>()).collect::<String>()
    });
    std::fs::write(&path, commented).expect("commented records");
    let out = agon_out(&[
        "analyse",
        "--game",
        name,
        "--record",
        file,
        "--game-index",
        "2",
        "--depth",
        "1",
    ]);
    let text = std::fs::read_to_string(&path).expect("records");
    let rec = agon::with_game!(kind, G => {
        record::read::<G>(&text).expect("read").remove(1)
    });

    // One row per ply, in order, with the played move.
    for (i, (m, _)) in rec.moves.iter().enumerate() {
        let row = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(&(i + 1).to_string()))
            .unwrap_or_else(|| panic!("{name}: no row for ply {}:\n{out}", i + 1));
        assert_eq!(
            row.split_whitespace().nth(2),
            Some(m.as_str()),
            "{name}: {row}"
        );
    }
    assert_eq!(out.matches("\nsummary ").count(), 2, "{name}:\n{out}");
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim() == "comment: worth a look")
        .unwrap_or_else(|| panic!("{name}: no comment line:\n{out}"));
    let above = lines[..at]
        .iter()
        .rev()
        .find(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.parse::<usize>().is_ok())
        })
        .expect("a row above");
    assert_eq!(above.split_whitespace().next(), Some("2"), "{name}:\n{out}");
}

#[test]
fn analyse_record_lists_every_move_of_each_game() {
    for &kind in GameKind::ALL {
        annotated(kind);
    }
}

/// Each player's scores in a record, in order (from the mover's view).
fn scores_by_player<G: Playable>(rec: &MatchRecord) -> Vec<Vec<i32>> {
    let line = rec.replay::<G>().expect("replays");
    let mut out = vec![Vec::new(); 2];
    for (i, (_, note)) in rec.moves.iter().enumerate() {
        if let (Status::Decision(p), Some(n)) = (line[i].status(), note) {
            let cp = match n.score {
                Some(
                    agon::search::ScoreReport::Cp(cp) | agon::search::ScoreReport::Exact { cp, .. },
                ) => cp,
                Some(agon::search::ScoreReport::Mate(m)) => m.signum() * 100_000,
                None => 0,
            };
            out[usize::from(p)].push(cp);
        }
    }
    out
}

#[test]
fn score_adjudication_follows_both_engines_scores() {
    use agon::games::abalone::Abalone;
    let dir = Scratch::new("records");
    let path = dir.join("resign.agn");
    let file = path.to_str().expect("path");
    agon_out(&refs(&match_args(
        "abalone",
        "depth=3",
        "search=greedy",
        "4",
        &["--resign", "movecount=3,score=300", "--record", file],
    )));
    let text = std::fs::read_to_string(&path).expect("records");
    let records = record::read::<Abalone>(&text).expect("read");
    assert_eq!(records.len(), 4);
    let mut resigned = 0;
    for rec in &records {
        if let agon::arena::EndReason::Resign(loser) = rec.reason {
            resigned += 1;
            let s = scores_by_player::<Abalone>(rec);
            let (l, w) = (&s[usize::from(loser)], &s[1 - usize::from(loser)]);
            assert!(l[l.len() - 3..].iter().all(|&c| c <= -300), "{l:?}");
            assert!(w[w.len() - 3..].iter().all(|&c| c >= 300), "{w:?}");
            assert_eq!(rec.outcome, agon::game::Outcome::Win(1 - loser));
        }
    }
    assert!(resigned > 0, "greedy never resigned against depth 3");

    let path = dir.join("draw.agn");
    let file = path.to_str().expect("path");
    agon_out(&refs(&match_args(
        "zamma",
        "depth=1",
        "depth=1",
        "2",
        &[
            "--draw",
            "movenumber=5,movecount=2,score=1000",
            "--record",
            file,
        ],
    )));
    let text = std::fs::read_to_string(&path).expect("records");
    for rec in record::read::<agon::games::zamma::Zamma>(&text).expect("read") {
        assert_eq!(rec.reason, agon::arena::EndReason::ScoreDraw);
        assert_eq!(rec.outcome, agon::game::Outcome::Draw);
        assert!(rec.moves.len() >= 10, "{} plies", rec.moves.len());
        for s in scores_by_player::<agon::games::zamma::Zamma>(&rec) {
            assert!(s[s.len() - 2..].iter().all(|c| c.abs() <= 1000), "{s:?}");
        }
    }
}

#[test]
fn a_round_robin_plays_every_pairing_and_ranks_the_engines() {
    let dir = Scratch::new("records");
    let path = dir.join("rr.agn");
    let file = path.to_str().expect("path");
    let out = agon_out(&refs(&match_args(
        "petteia",
        "depth=2,name=two",
        "search=greedy,name=g",
        "4",
        &["--engine", "search=random,name=r", "--record", file],
    )));
    let pairings: Vec<&str> = out.lines().filter(|l| l.starts_with("pairing ")).collect();
    assert_eq!(pairings.len(), 3, "{out}");
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "standings:")
        .skip(1)
        .collect();
    assert_eq!(table.len(), 3, "{out}");
    // Every game gives out one point, and each engine played two pairings.
    let mut points = 0.0;
    for row in &table {
        let (p, games) = row
            .split_whitespace()
            .find_map(|w| w.split_once('/'))
            .expect("points/games");
        points += p.parse::<f64>().expect("points");
        assert_eq!(games, "8", "{row}");
    }
    assert_eq!(points, 12.0, "{out}");
    for pair in ["AB", "AC", "BC"] {
        let f = path.with_file_name(format!("rr-{pair}.agn"));
        let text = std::fs::read_to_string(&f).expect("a record file per pairing");
        assert_eq!(
            record::read::<agon::games::petteia::Petteia>(&text)
                .expect("read")
                .len(),
            4
        );
    }
}

fn native_matches<G: Playable>(kind: GameKind, openings: &str) {
    let dir = Scratch::new("records");
    let name = kind.name();
    let ours = dir.join(&format!("{name}-ours.agn"));
    let native = dir.join(&format!("{name}-native.txt"));
    quick_match(
        name,
        "4",
        &[
            "--max-plies",
            "80",
            "--openings",
            openings,
            "--record",
            ours.to_str().expect("path"),
            "--record-native",
            native.to_str().expect("path"),
        ],
    );
    let opts = GameOptions::parse("", G::option_specs()).expect("defaults");
    let ours = record::read::<G>(&std::fs::read_to_string(&ours).expect("ours")).expect("read");
    let theirs = G::read_records(&std::fs::read_to_string(&native).expect("native"), &opts)
        .expect("the native records read back");
    assert_eq!(ours.len(), 4, "{name}");
    assert_eq!(theirs.len(), 4, "{name}");
    for (a, b) in ours.iter().zip(&theirs) {
        assert_eq!(a.start, b.start.position(), "{name}");
        let mut pos = b.start.clone();
        for (m, (ours, _)) in b.moves.iter().zip(&a.moves) {
            // The same move, whatever the notation's spelling.
            assert_eq!(
                pos.parse_move(m).ok(),
                pos.parse_move(ours).ok(),
                "{name}: {m}"
            );
            let mv = pos.parse_move(m).expect("legal");
            pos.play(mv);
        }
        assert_eq!(b.moves.len(), a.moves.len(), "{name}");
    }
}

#[test]
fn native_records_hold_the_same_games() {
    let dir = Scratch::new("records");
    native_matches::<agon::games::abalone::Abalone>(GameKind::Abalone, "2-4");
    native_matches::<agon::games::petteia::Petteia>(GameKind::Petteia, "0");
    native_matches::<agon::games::petteia::Kubeia>(GameKind::Kubeia, "0");
    let native = dir.join("z.txt");
    let (status, _, err) = crate::common::run(&refs(&match_args(
        "zamma",
        "depth=1",
        "depth=1",
        "2",
        &["--record-native", native.to_str().expect("path")],
    )));
    assert!(
        !status.success() && err.contains("no record format"),
        "{err}"
    );
}

#[test]
fn palma_at_the_ply_limit_goes_to_the_side_ahead_in_the_race() {
    use agon::games::palma::eval::{self, endgame, race};
    use agon::games::palma::Palma;
    let dir = Scratch::new("records");
    let path = dir.join("palma-limit.agn");
    let file = path.to_str().expect("path");
    quick_match("palma", "4", &["--max-plies", "40", "--record", file]);
    let text = std::fs::read_to_string(&path).expect("records");
    let records = record::read::<Palma>(&text).expect("read");
    assert_eq!(records.len(), 4);
    for rec in &records {
        // Palma has no draws: the race's own answer decides.
        assert_eq!(rec.reason, agon::arena::EndReason::PlyLimit, "{text}");
        let line = rec.replay::<Palma>().expect("replays");
        let last = line.last().expect("a position");
        let hounds = endgame::exact_win_probability(last, 0)
            .unwrap_or_else(|| eval::win_probability(last, 0, race::table(last.rules())));
        let winner = u8::from(hounds < 0.5);
        assert_eq!(rec.outcome, agon::game::Outcome::Win(winner), "{hounds}");
        let side = ["hounds", "jackals"][usize::from(winner)];
        assert!(
            rec.detail.starts_with(&format!("{side} ahead in the race")),
            "{}",
            rec.detail
        );
    }
    // The record says how it ended, and `analyse --record` reads it back.
    assert!(text.contains("[Detail \""), "{text}");
    let out = agon_out(&[
        "analyse",
        "--game",
        "palma",
        "--record",
        file,
        "--game-index",
        "1",
        "--depth",
        "1",
    ]);
    assert!(out.contains("(ply limit: "), "{out}");
    assert!(
        out.contains(" ahead in the race, win probability "),
        "{out}"
    );
}

/// A short match for the record files' faults: its arguments with
/// `--record path` and `extra`.
fn small_match(path: &std::path::Path, extra: &[&str]) -> Vec<String> {
    let recorded: Vec<&str> = ["--seed", "9", "--record", path.to_str().expect("path")]
        .iter()
        .chain(extra)
        .copied()
        .collect();
    match_args(
        "zamma",
        "depth=2,name=two",
        "search=greedy,name=greedy",
        "4",
        &recorded,
    )
}

/// Runs `agon args…` under `sh -c 'SETUP; exec agon args…'` (a resource
/// limit set for it): its exit status and stdout.
fn agon_under(setup: &str, args: &[String]) -> (std::process::ExitStatus, String) {
    let out = Command::new("/bin/sh")
        .arg("-c")
        .arg(format!("{setup}; exec \"$0\" \"$@\""))
        .arg(crate::common::agon_bin())
        .args(args)
        .stderr(Stdio::null())
        .output()
        .expect("sh runs");
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn numbers(path: &std::path::Path) -> Vec<u32> {
    let text = std::fs::read_to_string(path).expect("records");
    let mut n: Vec<u32> = record::read::<agon::games::zamma::Zamma>(&text)
        .expect("the file reads")
        .iter()
        .map(|r| r.number)
        .collect();
    n.sort_unstable();
    n
}

#[test]
fn a_record_cut_in_the_first_game_resumes_to_whole_records() {
    let dir = Scratch::new("records");
    let whole = dir.join("cut-whole.agn");
    let expected = statistics(&agon_out(&refs(&small_match(&whole, &[]))));
    // The kernel stops agon inside its first record's write (a file size
    // limit of 512 bytes: SIGXFSZ), as a kill or a full disk would.
    let part = dir.join("cut-first.agn");
    let (status, _) = agon_under("ulimit -f 1", &small_match(&part, &[]));
    assert!(!status.success());
    let cut = std::fs::read_to_string(&part).expect("a record begun");
    assert!(cut.starts_with("[Game ") && !cut.ends_with("\n\n"), "{cut}");
    let (status, out, err) = crate::common::run(&refs(&small_match(&part, &["--resume"])));
    assert!(status.success(), "{err}");
    assert_eq!(statistics(&out), expected, "{out}");
    // Whole records only (appended after the cut one, the file no longer
    // reads), and a warning that says what was removed.
    assert_eq!(numbers(&part), [1, 2, 3, 4]);
    let file = part.to_str().expect("path");
    assert!(
        err.contains(&format!("warning: {file}:1: the last record was cut short")),
        "{err}"
    );
}

#[test]
fn a_failed_write_leaves_only_whole_records() {
    let dir = Scratch::new("records");
    let whole = dir.join("fail-whole.agn");
    let expected = statistics(&agon_out(&refs(&small_match(&whole, &[]))));
    let first = whole_record_text(&whole, 0).len();
    assert!(whole_record_text(&whole, 1).len() > 512);
    // Writes past the limit fail (EFBIG, the signal ignored) part-way
    // through the second record.
    let part = dir.join("fail-part.agn");
    let setup = format!("trap '' XFSZ; ulimit -f {}", first / 512 + 1);
    let (status, out) = agon_under(&setup, &small_match(&part, &[]));
    assert!(status.success(), "{out}");
    assert!(out.contains("error: cannot write a record"), "{out}");
    let text = std::fs::read_to_string(&part).expect("records");
    assert_eq!(text.len(), first, "only the first record, whole: {text}");
    let (status, out, err) = crate::common::run(&refs(&small_match(&part, &["--resume"])));
    assert!(status.success(), "{err}");
    assert!(!err.contains("warning"), "{err}");
    assert_eq!(statistics(&out), expected, "{out}");
    assert_eq!(numbers(&part), [1, 2, 3, 4]);
}

/// The line (from 1) of the first line of `text` starting with `prefix`.
fn line_of(text: &str, prefix: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(prefix))
        .expect("the line")
        + 1
}

#[test]
fn resume_counts_only_records_that_replay() {
    let dir = Scratch::new("records");
    let path = dir.join("bad-resume.agn");
    agon_out(&refs(&small_match(&path, &[])));
    let good = std::fs::read_to_string(&path).expect("records");
    let file = path.to_str().expect("path");
    // The first move of the first record: the line after its tags' blank.
    let moves_line = good.lines().position(str::is_empty).expect("a blank line") + 2;
    let first_move = good
        .lines()
        .nth(moves_line - 1)
        .and_then(|l| l.split_whitespace().next())
        .expect("a move")
        .to_string();
    let start = good
        .lines()
        .find(|l| l.starts_with("[Start "))
        .expect("a Start tag")
        .to_string();
    let options = good
        .lines()
        .find(|l| l.starts_with("[Options "))
        .expect("an Options tag")
        .to_string();
    let cases = [
        (
            good.replacen(&options, "[Options \"bogus=1\"]", 1),
            line_of(&good, "[Options "),
            "Options: ",
        ),
        (
            good.replacen(&start, "[Start \"no such position\"]", 1),
            line_of(&good, "[Start "),
            "Start: ",
        ),
        (
            good.replacen(&format!("\n{first_move} "), "\nzz99 ", 1),
            moves_line,
            "game 1, ply 1: ",
        ),
    ];
    for (text, line, what) in cases {
        assert!(text != good, "{what}: unchanged");
        std::fs::write(&path, &text).expect("write");
        let (status, _, err) = crate::common::run(&refs(&small_match(&path, &["--resume"])));
        assert!(!status.success(), "{what}: resumed");
        assert!(
            err.starts_with(&format!("error: {file}:{line}: {what}")),
            "{what}: {err}"
        );
        let left = std::fs::read_to_string(&path).expect("records");
        assert!(left == text, "{what}: the file was changed");
    }
}

#[test]
fn record_files_name_the_faulty_line() {
    let dir = Scratch::new("records");
    let path = dir.join("lines.agn");
    agon_out(&refs(&small_match(&path, &[])));
    let good = std::fs::read_to_string(&path).expect("records");
    let file = path.to_str().expect("path");
    let fails = |args: &[&str]| {
        let (status, out, err) = crate::common::run(args);
        assert!(
            !status.success(),
            "{args:?}: {}",
            &out[..out.len().min(300)]
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        err
    };
    // A broken tag in the second record.
    let second_plies = good
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("[Plies "))
        .nth(1)
        .map(|(i, _)| i)
        .expect("two records");
    let mut lines: Vec<&str> = good.lines().collect();
    lines[second_plies] = "[Plies \"many\"]";
    std::fs::write(&path, lines.join("\n") + "\n\n").expect("write");
    let merge = ["match", "--game", "zamma", "--merge", file];
    let err = fails(&merge);
    assert!(
        err.starts_with(&format!("error: {file}:{}: bad Plies", second_plies + 1)),
        "{err}"
    );
    // An empty file says so.
    std::fs::write(&path, "").expect("write");
    assert!(fails(&merge).contains("is empty"));
    let analyse = [
        "analyse", "--game", "zamma", "--record", file, "--depth", "1",
    ];
    assert!(fails(&analyse).contains("is empty"));
    // `openings --from` checks each record's Options instead of ignoring
    // them.
    let options = line_of(&good, "[Options ");
    let tag = good.lines().nth(options - 1).expect("the tag");
    std::fs::write(&path, good.replacen(tag, "[Options \"bogus=1\"]", 1)).expect("write");
    let err = fails(&[
        "openings", "--game", "zamma", "--from", file, "--plies", "2",
    ]);
    assert!(
        err.starts_with(&format!("error: {file}:{options}: Options: ")),
        "{err}"
    );
}

#[test]
fn a_record_cut_within_its_first_bytes_is_cut_off_and_named_at_its_line() {
    use agon::games::zamma::Zamma;
    let dir = Scratch::new("records");
    let path = dir.join("cut-tag.agn");
    agon_out(&refs(&small_match(&path, &[])));
    let good = std::fs::read_to_string(&path).expect("records");
    let first = whole_record_text(&path, 0).len();
    let second_line = good[..first].lines().count() + 1;
    // Cut 1 to 5 bytes into `[Game `, after a whole record and as the
    // file's only text: the cut record is left out, the one before kept.
    for k in 1..=5 {
        let text = &good[..first + k];
        let file = record::read_located::<Zamma>(text).expect("read");
        assert_eq!(file.records.len(), 1, "{text:?}");
        assert_eq!(file.cut_at, Some(second_line), "{k}");
        assert_eq!(file.whole_len, first);
        let file = record::read_located::<Zamma>(&good[first..first + k]).expect("read");
        assert!(file.records.is_empty() && file.whole_len == 0);
        assert_eq!(file.cut_at, Some(1), "{k}");
    }
    // `--resume` cuts it off, warns at its line, and plays its game.
    let whole = statistics(&agon_out(&refs(&small_match(&path, &[]))));
    std::fs::write(&path, &good[..first + 3]).expect("write");
    let (status, out, err) = crate::common::run(&refs(&small_match(&path, &["--resume"])));
    assert!(status.success(), "{err}");
    let file = path.to_str().expect("path");
    assert!(
        err.contains(&format!(
            "warning: {file}:{second_line}: the last record was cut short"
        )),
        "{err}"
    );
    assert_eq!(statistics(&out), whole, "{out}");
    assert_eq!(numbers(&path), [1, 2, 3, 4]);
}

#[test]
fn a_bad_options_tag_is_named_at_its_line_by_merge_and_analyse() {
    let dir = Scratch::new("records");
    let path = dir.join("bad-options.agn");
    agon_out(&refs(&small_match(&path, &[])));
    let good = std::fs::read_to_string(&path).expect("records");
    let file = path.to_str().expect("path");
    let line = line_of(&good, "[Options ");
    let tag = good.lines().nth(line - 1).expect("the tag");
    std::fs::write(&path, good.replacen(tag, "[Options \"bogus=1\"]", 1)).expect("write");
    for args in [
        &["match", "--game", "zamma", "--merge", file][..],
        &[
            "analyse", "--game", "zamma", "--record", file, "--depth", "1",
        ][..],
    ] {
        let (status, _, err) = crate::common::run(args);
        assert!(!status.success(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!("error: {file}:{line}: Options: ")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_record_without_the_match_tags_reads_with_their_defaults() {
    use agon::arena::EndReason;
    use agon::game::{Game, Notation};
    use agon::games::zamma::Zamma;
    // As `agon gui` writes a game not over: no Number, Entrants or Start.
    let open = "[Game \"zamma\"]\n[Options \"\"]\n[Black \"person\"]\n[White \"agon\"]\n[Result \"*\"]\n[Reason \"unfinished\"]\n[Plies \"0\"]\n\n*\n";
    let read = record::read::<Zamma>(open).expect("a page's record reads");
    let r = &read[0];
    assert_eq!((r.number, r.entrants.clone()), (1, vec![0, 1]));
    assert_eq!(r.reason, EndReason::Unfinished);
    let start = Zamma::new(&GameOptions::defaults(Zamma::option_specs()))
        .expect("the start")
        .position();
    assert_eq!(r.start, start, "the game's start");
    // Written again, it says `*` and reads back the same.
    assert!(r.text::<Zamma>().contains("[Result \"*\"]"));
    assert_eq!(
        &record::read::<Zamma>(&r.text::<Zamma>()).expect("again")[0],
        r
    );
    // `*` goes only with `unfinished`, and a draw agreed is a reason.
    // (Ended by its empty line: else a last record that fails to read is
    // taken for one cut short, and left out.)
    let bad = open.replace("[Reason \"unfinished\"]", "[Reason \"rules\"]") + "\n";
    assert!(record::read::<Zamma>(&bad).is_err());
    let agreed = open
        .replace("[Result \"*\"]", "[Result \"1/2-1/2\"]")
        .replace("[Reason \"unfinished\"]", "[Reason \"draw agreed\"]")
        .replace("\n*\n", "\n1/2-1/2\n");
    assert_eq!(
        record::read::<Zamma>(&agreed).expect("agreed")[0].reason,
        EndReason::Agreed
    );
}
