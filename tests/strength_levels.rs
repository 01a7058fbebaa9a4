//! Issue 42: strength levels (`Skill`). A level below full strength
//! plays one of the lines its search ranked (and printed), replays the
//! same with the same `Seed`, and strays from the best line more often
//! the weaker it is.

use crate::common;

use common::Agon;

/// The multipv lines of the last depth printed, and the move played.
fn lines_and_move(e: &mut Agon) -> (Vec<String>, String) {
    let out = e.until(|l| l.starts_with("bestmove"));
    let best = out[out.len() - 1]
        .strip_prefix("bestmove ")
        .expect("a move")
        .to_string();
    let depth_of = |l: &str| {
        l.split_whitespace()
            .skip_while(|w| *w != "depth")
            .nth(1)
            .map(String::from)
    };
    let ranked: Vec<&String> = out.iter().filter(|l| l.contains(" multipv ")).collect();
    let last = ranked.last().and_then(|l| depth_of(l));
    let firsts = ranked
        .iter()
        .filter(|l| depth_of(l) == last)
        .filter_map(|l| l.split(" pv ").nth(1))
        .filter_map(|pv| pv.split_whitespace().next().map(String::from))
        .collect();
    (firsts, best)
}

/// The moves a level plays from a series of Abalone positions.
fn played(skill: u32, seed: u32) -> Vec<(Vec<String>, String)> {
    let mut e = Agon::start();
    e.send("setoption name Game value abalone");
    e.send(&format!("setoption name Skill value {skill}"));
    e.send(&format!("setoption name Seed value {seed}"));
    let mut moves: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for _ in 0..12 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go depth 3");
        let (lines, best) = lines_and_move(&mut e);
        moves.push(best.clone());
        out.push((lines, best));
    }
    let (rest, status, _) = e.finish();
    assert!(rest.is_empty() && status.success(), "{rest:?}");
    out
}

#[test]
fn a_level_plays_a_ranked_line_and_replays_with_its_seed() {
    let strong = played(16, 1);
    for (lines, best) in &strong {
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(lines.contains(best), "{best} not among {lines:?}");
    }
    assert_eq!(played(16, 1), strong, "the same seed, the same game");
    // The weakest ranked level (8: no random moves) strays from the best
    // line more often than a strong one, over the same kind of positions.
    let strays = |games: &[(Vec<String>, String)]| {
        games
            .iter()
            .filter(|(lines, best)| lines.first() != Some(best))
            .count()
    };
    let weak: usize = (1..=3).map(|seed| strays(&played(8, seed))).sum();
    let firm: usize = (1..=3).map(|seed| strays(&played(19, seed))).sum();
    assert!(weak > firm, "level 8 strayed {weak} times, level 19 {firm}");
}
