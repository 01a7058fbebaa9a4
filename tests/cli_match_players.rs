//! `agon match --players N` on the command line: the flag is the game
//! option `players=N`, a game without it says so in one error line, and
//! the number given twice is refused.

use crate::common::scratch::Scratch;

fn agon(args: &[&str]) -> (bool, String, String) {
    let (status, out, err) = crate::common::run(args);
    (status.success(), out, err)
}

fn players_args<'a>(game: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match",
        "--game",
        game,
        "--a",
        "search=greedy,hash=1",
        "--b",
        "search=random,hash=1",
        "--games",
        "2",
    ];
    args.extend_from_slice(extra);
    args
}

#[test]
fn players_is_the_game_option_and_a_game_without_it_refuses_it() {
    let (ok, out, err) = agon(&players_args("zamma", &["--players", "3"]));
    assert!(!ok, "{out}");
    assert!(err.contains("unknown option 'players'"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // The same as the option given in full.
    let (ok, _, full) = agon(&players_args("zamma", &["--options", "players=3"]));
    assert!(!ok);
    assert_eq!(full, err);
    // Out of the outcome's range: clap's error, naming the flag.
    let (ok, _, err) = agon(&players_args("zamma", &["--players", "9"]));
    assert!(!ok && err.contains("--players"), "{err}");
}

/// The path of `name` in `dir`, as an argument.
fn path_arg(dir: &Scratch, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

/// `agon match --game abalone --players N` between greedy (A) and random
/// (B), short games, then `extra`; its standard output.
fn abalone(players: &str, games: &str, extra: &[&str]) -> String {
    let mut args = players_args("abalone", &["--players", players, "--max-plies", "40"]);
    let at = args.iter().position(|&a| a == "--games").expect("--games") + 1;
    args[at] = games;
    args.extend_from_slice(extra);
    let (ok, out, err) = agon(&args);
    assert!(ok, "{args:?}: {err}");
    out
}

/// Per game line: the colours engine A played.
fn a_colours(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| {
            let seated = l.split_once(": ").expect("game n/m: …").1;
            let a = seated.split(", ").next().expect("A's colours");
            a.strip_prefix("A ").expect("A first").to_string()
        })
        .collect()
}

fn line<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no '{start}' line in {out}"))
}

#[test]
fn three_players_seat_one_engine_against_the_field_in_turn() {
    let dir = Scratch::new("match-players");
    let record = path_arg(&dir, "three.agn");
    let out = abalone("3", "3", &["--record", &record]);
    assert!(
        out.contains("(3 players; players per game: A 1, B 2; 3 games a round), 3 games"),
        "{out}"
    );
    let mut colours = a_colours(&out);
    colours.sort();
    assert_eq!(colours, ["black", "red", "white"], "{out}");
    assert!(
        line(&out, "result A: ").ends_with("fair share 33.3%"),
        "{out}"
    );
    assert!(
        line(&out, "result B: ").ends_with("fair share 66.7%"),
        "{out}"
    );
    // No Elo for one against two.
    assert!(!out.contains("elo"), "{out}");
    // The records read back: `agon analyse` takes the players from them.
    let (ok, analysed, err) = agon(&[
        "analyse",
        "--game",
        "abalone",
        "--record",
        &record,
        "--game-index",
        "2",
        "--depth",
        "1",
    ]);
    assert!(ok, "{err}");
    for colour in ["black", "white", "red"] {
        assert!(
            analysed.contains(&format!("summary {colour} (")),
            "{analysed}"
        );
    }
}

#[test]
fn four_players_are_team_against_team_in_colour_swapped_pairs() {
    let out = abalone("4", "2", &[]);
    assert_eq!(a_colours(&out), ["black red", "white blue"], "{out}");
    // Two sides: the two-player summary, Elo and pairs included.
    assert!(line(&out, "result A vs B: ").contains("elo"), "{out}");
    assert!(out.contains("pairs (pentanomial"), "{out}");
    assert!(
        line(&out, "result A: ").ends_with("fair share 50.0%"),
        "{out}"
    );
}

#[test]
fn six_players_give_one_engine_a_team_and_the_other_two() {
    let out = abalone("6", "3", &[]);
    let mut colours = a_colours(&out);
    colours.sort();
    assert_eq!(
        colours,
        ["black blue", "red yellow", "white green"],
        "{out}"
    );
    assert!(
        line(&out, "result A: ").ends_with("fair share 33.3%"),
        "{out}"
    );
    // Three engines: a team each, every team once a round.
    let out = abalone("6", "3", &["--engine", "search=greedy,hash=1,name=c"]);
    assert!(out.contains("players per game: A 2, B 2, C 2"), "{out}");
    assert!(
        line(&out, "result C: ").ends_with("fair share 33.3%"),
        "{out}"
    );
}

#[test]
fn a_resumed_and_a_sharded_three_player_match_are_one_run() {
    let dir = Scratch::new("match-players");
    let statistics = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("result") || l.starts_with("forfeits "))
            .map(str::to_string)
            .collect()
    };
    let whole = path_arg(&dir, "whole.agn");
    let one_run = statistics(&abalone("3", "6", &["--record", &whole]));
    let again = abalone("3", "6", &["--record", &whole, "--resume"]);
    assert_eq!(statistics(&again), one_run);
    assert!(!again.contains("game "), "nothing left to play: {again}");
    let shards: Vec<String> = (1..=2)
        .map(|i| {
            let path = path_arg(&dir, &format!("shard{i}.agn"));
            abalone("3", "6", &["--record", &path, "--shard", &format!("{i}/2")]);
            path
        })
        .collect();
    let mut args = vec!["match", "--game", "abalone", "--merge"];
    args.extend(shards.iter().map(String::as_str));
    let (ok, merged, err) = agon(&args);
    assert!(ok, "{err}");
    assert_eq!(statistics(&merged), one_run, "{merged}");
}

#[test]
fn engines_that_cannot_share_the_seats_are_one_error_line() {
    let cases: &[&[&str]] = &[
        &["--players", "3", "--options", "players=4"],
        &["--players", "4", "--engine", "search=greedy"],
        &["--players", "3", "--sprt", "elo0=0,elo1=10"],
        &["--players", "3", "--resign", "movecount=3,score=500"],
    ];
    for extra in cases {
        let (ok, out, err) = agon(&players_args("abalone", extra));
        assert!(!ok, "{extra:?}: {out}");
        assert!(err.starts_with("error: "), "{extra:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{extra:?}: {err}");
    }
}

#[test]
fn a_forfeit_in_a_team_game_loses_for_the_team() {
    // B's engine plays an illegal move at once: B's team loses each game.
    let fake = crate::arena_referee::fake_engine();
    let b = format!(
        "cmd={},arg=--mode,arg=illegal,arg=--at,arg=1",
        fake.display()
    );
    let mut args = players_args("abalone", &["--players", "4", "--max-plies", "30"]);
    let at = args.iter().position(|&a| a == "--b").expect("--b") + 1;
    args[at] = &b;
    let (ok, out, err) = agon(&args);
    assert!(ok, "{err}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    for g in games {
        assert!(
            g.contains(": A wins (") && g.contains(" forfeits: illegal move"),
            "{g}"
        );
    }
    assert!(
        line(&out, "result A: ").starts_with("result A: +2 =0 -0"),
        "{out}"
    );
    assert!(out.contains("(B: illegal move 2)"), "{out}");
}
