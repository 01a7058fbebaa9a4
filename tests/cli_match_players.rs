//! `agon match --players N` on the command line: the flag is the game
//! option `players=N`, a game without it says so in one error line, and
//! the number given twice is refused.

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
