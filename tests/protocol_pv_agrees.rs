//! `bestmove` is the first move of the final `info … pv` line, in real
//! games: the test referees games between two agon processes (one per
//! seat) in every game, move by move through `query turn`, throwing the
//! sticks and rolling the dice itself from the engine's `moves` answer
//! (protocol.md, "Chance events"). Searches alternate between `go movetime
//! 20` and `go infinite` stopped after the first `info` line. For every
//! `bestmove` the line just before it must be the final `info depth …`
//! line, and the last `pv` printed must start with the move played.
//!
//! `AGON_PV_MOVES` sets the number of refereed decisions over all games
//! (default 250).

use crate::common::Agon;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

const GAMES: &[&str] = &["abalone", "zamma", "petteia", "kubeia", "palma"];

fn total_moves() -> usize {
    std::env::var("AGON_PV_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(250)
}

/// The words of `line` after `key`, if it has it.
fn after<'a>(line: &'a str, key: &str) -> Option<Vec<&'a str>> {
    let mut words = line.split_whitespace();
    words.by_ref().find(|w| *w == key)?;
    Some(words.collect())
}

/// Sends the game record and returns `query turn`'s answer, failing on
/// any error line (an illegal move in the record).
fn turn(e: &mut Agon, record: &[String]) -> String {
    e.send(&format!("position startpos moves {}", record.join(" ")));
    e.send("query turn");
    let out = e.until(|l| l.starts_with("response"));
    let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
    assert!(errors.is_empty(), "record {record:?}: {errors:?}");
    out.last().unwrap()["response ".len()..].to_string()
}

/// One search of the position of `record`; checks its lines and returns
/// the move played.
fn search(e: &mut Agon, record: &[String], infinite: bool, what: &str) -> String {
    e.send(&format!("position startpos moves {}", record.join(" ")));
    let mut out = if infinite {
        e.send("go infinite");
        let first = e.until(|l| l.starts_with("info "));
        e.send("stop");
        first
    } else {
        e.send("go movetime 20");
        Vec::new()
    };
    out.extend(e.until(|l| l.starts_with("bestmove")));
    let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
    assert!(errors.is_empty(), "{what}: {errors:?}");
    let best = out[out.len() - 1]["bestmove ".len()..].to_string();
    assert_ne!(best, "(none)", "{what}: a decision node answered (none)");
    let last = out.len().checked_sub(2).map(|i| out[i].as_str());
    let final_line = last.filter(|l| l.starts_with("info depth") && !l.contains("seldepth"));
    assert!(
        final_line.is_some_and(|l| after(l, "pv").is_some()),
        "{what}: no final info line with a pv before bestmove {best}: {out:?}"
    );
    let last_pv = out
        .iter()
        .rev()
        .find_map(|l| after(l, "pv"))
        .unwrap_or_default();
    assert_eq!(
        last_pv.first().copied(),
        Some(best.as_str()),
        "{what}: bestmove {best} is not the first move of the last pv: {out:?}"
    );
    best
}

/// Referees `decisions` decisions of `game`, in as many games as it takes.
fn referee(game: &str, decisions: usize, rng: &mut Pcg64) {
    let mut seats = [Agon::start(), Agon::start()];
    for e in &mut seats {
        e.send(&format!("setoption name Game value {game}"));
        e.sync();
    }
    let mut record: Vec<String> = Vec::new();
    let mut done = 0;
    while done < decisions {
        let answer = turn(&mut seats[0], &record);
        let words: Vec<&str> = answer.split_whitespace().collect();
        match words.as_slice() {
            ["none"] => {
                record.clear();
                for e in &mut seats {
                    e.send("ucinewgame");
                }
            }
            ["chance", ..] => {
                seats[0].send("moves");
                let line = seats[0].until(|l| l.starts_with("moves"));
                let outcomes: Vec<String> = line
                    .last()
                    .unwrap()
                    .split_whitespace()
                    .skip(1)
                    .map(String::from)
                    .collect();
                assert!(!outcomes.is_empty(), "{game}: {record:?}: no outcomes");
                record.push(outcomes[rng.gen_range(0..outcomes.len())].clone());
            }
            [p] if p.starts_with('p') => {
                let seat = p[1..].parse::<usize>().expect("player number") - 1;
                let infinite = done % 2 == 1;
                let what = format!("{game} ply {} ({p}, infinite {infinite})", record.len());
                let best = search(&mut seats[seat % 2], &record, infinite, &what);
                record.push(best);
                done += 1;
            }
            _ => panic!("{game}: unexpected query turn answer '{answer}'"),
        }
    }
}

#[test]
fn bestmove_is_the_first_move_of_the_final_pv_in_refereed_games() {
    let total = total_moves();
    let mut rng = Pcg64::seed_from_u64(0x5EED_0023);
    for (i, game) in GAMES.iter().enumerate() {
        // The remainder goes to the first games.
        let share = total / GAMES.len() + usize::from(i < total % GAMES.len());
        referee(game, share, &mut rng);
    }
}
