//! The protocol driven in-process with the toy game (src/testgames/toy.rs),
//! so the game-neutral behaviour (chance nodes, adjudication, errors) is
//! tested independently of the real games.

use std::time::{Duration, Instant};

use super::output::Captured;
use super::{run_with, Output};
use crate::engine::session::Session;
use crate::engine::{Catalog, EngineError, GameSession};
use crate::testgames::Toy;

fn make_toy(game: &str, options: &str) -> Result<Box<dyn GameSession>, EngineError> {
    if game != "toy" {
        return Err(EngineError::new(format!("unknown game '{game}'")));
    }
    Session::<Toy>::new(options).map(|s| Box::new(s) as Box<dyn GameSession>)
}

/// Runs the whole protocol on `input` (then end of input) and returns
/// the output lines.
fn talk(input: &str) -> Vec<String> {
    talk_until(input, None)
}

/// Input that ends only once the output has a line starting with `until`
/// (or after 20 s): the end of input stops a running job (a perft), as
/// `stop` does.
struct InputUntil {
    input: std::io::Cursor<Vec<u8>>,
    out: Captured,
    until: Option<String>,
}

impl std::io::Read for InputUntil {
    fn read(&mut self, b: &mut [u8]) -> std::io::Result<usize> {
        let n = self.input.read(b)?;
        if n > 0 {
            return Ok(n);
        }
        if let Some(until) = &self.until {
            let deadline = Instant::now() + Duration::from_secs(20);
            while Instant::now() < deadline {
                if self
                    .out
                    .lines()
                    .iter()
                    .any(|l| l.starts_with(until.as_str()))
                {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        Ok(0)
    }
}

/// [`talk`], the end of input held back until a line starts with `until`.
fn talk_until(input: &str, until: Option<&str>) -> Vec<String> {
    let catalog = Catalog {
        games: vec!["toy"],
        make: make_toy,
    };
    talk_with_until(catalog, input, until)
}

fn talk_with(catalog: Catalog, input: &str) -> Vec<String> {
    talk_with_until(catalog, input, None)
}

fn talk_with_until(catalog: Catalog, input: &str, until: Option<&str>) -> Vec<String> {
    let (out, captured) = Output::in_memory();
    let input = InputUntil {
        input: std::io::Cursor::new(input.as_bytes().to_vec()),
        out: captured.clone(),
        until: until.map(String::from),
    };
    run_with(std::io::BufReader::new(input), out, catalog);
    captured.lines()
}

fn line_starting<'a>(lines: &'a [String], prefix: &str) -> &'a str {
    lines
        .iter()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with '{prefix}' in {lines:?}"))
}

#[test]
fn handshakes_end_with_the_dialects_word() {
    let out = talk("uci\n");
    assert!(out[0].starts_with("id name agon "));
    assert_eq!(out[1], "id author the agon authors");
    assert_eq!(out.last().unwrap(), "uciok");
    assert!(out.contains(&"option name Game type combo default toy var toy".to_string()));
    let out = talk("ugi\nisready\n");
    assert_eq!(&out[out.len() - 2..], ["ugiok", "readyok"]);
}

#[test]
fn position_moves_and_display() {
    let out = talk("position startpos moves 2 1 s\nd\nmoves\n");
    // first +2, second +1, first takes 1 from second: 2 0, second to move.
    assert_eq!(line_starting(&out, "position:"), "position: 2 0 1 -");
    assert_eq!(line_starting(&out, "to move:"), "to move: second");
    assert_eq!(line_starting(&out, "ply:"), "ply: 3");
    assert_eq!(out.last().unwrap(), "moves 1 2 s");
}

#[test]
fn an_illegal_move_leaves_the_old_position() {
    let out = talk("position startpos moves 2\nposition startpos moves 1 x 2\nd\n");
    let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{out:?}");
    assert!(errors[0].starts_with("info string error: position: move 2 'x'"));
    assert_eq!(line_starting(&out, "position:"), "position: 2 0 1 -");
    let out = talk("position fen 3 4 1 -\nposition fen 3 4 7 -\nd\n");
    assert!(out[0].starts_with("info string error: position: bad position string"));
    assert_eq!(line_starting(&out, "position:"), "position: 3 4 1 -");
}

#[test]
fn a_chance_node_answers_bestmove_none() {
    let out = talk(
        "setoption name GameOptions value dice=on\nmoves\nd\ngo depth 2\nstop\nposition startpos moves r2\nmoves\n",
    );
    assert_eq!(out[0], "moves r1 r2 r3");
    assert_eq!(line_starting(&out, "to move:"), "to move: chance");
    assert_eq!(
        line_starting(&out, "chance pending:"),
        "chance pending: r1 0.5000, r2 0.2500, r3 0.2500"
    );
    // The toy game has no chance flag, so `auto` is alpha-beta, which does
    // not value a chance root: its final line makes up no score.
    let last = line_starting(&out, "info depth");
    assert!(last.starts_with("info depth 0 nodes "), "{out:?}");
    assert_eq!(line_starting(&out, "bestmove"), "bestmove (none)");
    assert_eq!(out.last().unwrap(), "moves a s");
}

#[test]
fn chance_draws_from_the_seeded_generator() {
    let script = "setoption name GameOptions value dice=on\nsetoption name Seed value 7\n\
                  chance\nposition startpos moves r1 a\nchance\nchance\n";
    let a = talk(script);
    assert_eq!(a, talk(script), "same seed, same draws");
    assert_eq!(a.len(), 3, "{a:?}");
    assert!(a[0].starts_with("chance r"));
    assert!(a[2].starts_with("info string error: chance: no chance event"));
    // Over many draws each outcome shows up about as often as its
    // probability says (r1 1/2, r2 and r3 1/4 each).
    let mut script = String::from("setoption name GameOptions value dice=on\n");
    for _ in 0..400 {
        script.push_str("position fen 0 0 0 -\nchance\n");
    }
    let out = talk(&script);
    let r1 = out.iter().filter(|l| *l == "chance r1").count();
    let r3 = out.iter().filter(|l| *l == "chance r3").count();
    assert!((160..=240).contains(&r1), "r1 drawn {r1} times of 400");
    assert!((60..=140).contains(&r3), "r3 drawn {r3} times of 400");
}

#[test]
fn queries_adjudicate_wins_and_repetitions() {
    let out = talk("query gameover\nquery p1turn\nquery result\n");
    assert_eq!(out, ["response false", "response true", "response none"]);
    // The first player takes 2 five times: 10 points, a win.
    let out = talk(
        "position startpos moves 2 1 2 1 2 1 2 1 2\nquery gameover\nquery result\nquery p1turn\ngo depth 1\n",
    );
    assert_eq!(
        &out[..3],
        ["response true", "response p1win", "response false"]
    );
    assert_eq!(out.last().unwrap(), "bestmove (none)");
    // 0 0 → s → s → s → s: the start position occurs a third time.
    let out = talk("position startpos moves s s s\nquery result\nposition startpos moves s s s s\nquery result\nd\n");
    assert_eq!(&out[..2], ["response none", "response draw"]);
    assert_eq!(out.last().unwrap(), "game over: draw (repetition)");
}

#[test]
fn go_at_a_decision_node_names_a_legal_move() {
    let out = talk("position startpos moves 1\ngo depth 1 searchmoves s\n");
    assert_eq!(out.last().unwrap(), "bestmove s");
    let out = talk("ugi\ngo infinite\nisready\nstop\n");
    // `go infinite` holds its bestmove until `stop`, after `readyok`.
    let ready = out.iter().position(|l| l == "readyok").unwrap();
    let best = out.iter().position(|l| l.starts_with("bestmove")).unwrap();
    assert!(ready < best, "{out:?}");
    // The toy game's start offers 1, 2 and s.
    assert!(
        ["bestmove 1", "bestmove 2", "bestmove s"].contains(&out[best].as_str()),
        "{out:?}"
    );
    assert_eq!(best, out.len() - 1);
}

#[test]
fn perft_divides_over_chance_outcomes() {
    // dice on: 3 rolls × 2 moves at depth 1; at depth 2 each of those 6
    // lines again has 3 rolls × 2 moves.
    let dice = "setoption name GameOptions value dice=on\n";
    let out = talk_until(&format!("{dice}go perft 1\n"), Some("Nodes searched"));
    assert_eq!(out, ["r1: 2", "r2: 2", "r3: 2", "Nodes searched: 6"]);
    let out = talk_until(&format!("{dice}go perft 2\n"), Some("Nodes searched"));
    assert_eq!(out.last().unwrap(), "Nodes searched: 36");
    // Perft runs on its own thread: a second one while it counts is refused
    // like a second `go`, and the end of input stops it.
    let out = talk(&format!("{dice}go perft 64\ngo perft 1\n"));
    assert_eq!(
        out,
        [
            "info string error: a search is running; send stop first",
            "info string perft stopped"
        ]
    );
}

#[test]
fn eval_and_options() {
    let out = talk("position startpos moves 2\neval\nsetoption name GameOptions value dice=maybe\nsetoption name game value TOY\nd\n");
    // The second player to move, 0 against 2.
    assert_eq!(out[0], "eval total -200");
    assert!(out[1].starts_with(
        "info string error: setoption: GameOptions 'dice=maybe' for toy: bad value 'maybe'"
    ));
    // Choosing the game again resets to its start.
    assert_eq!(line_starting(&out, "position:"), "position: 0 0 0 -");
}

#[test]
fn every_error_is_one_line() {
    let bad = [
        "frobnicate",
        "setoption",
        "setoption name Hash value -3",
        "setoption name NoSuch value 1",
        "position",
        "position fen",
        "position startpos moves 9",
        "go depth x",
        "go ponder sideways",
        "go mate 0",
        "go p3time 100",
        "go searchmoves zz",
        "ponderhit",
        "query colour",
        "bench deep",
        "chance",
        "\u{fffd}\u{1}",
    ];
    for line in bad {
        let out = talk(&format!("{line}\nisready\n"));
        assert_eq!(out.len(), 2, "{line}: {out:?}");
        assert!(out[0].starts_with("info string error: "), "{line}: {out:?}");
        assert_eq!(out[1], "readyok");
    }
}

#[test]
fn random_word_salad_keeps_the_protocol_answering() {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    const WORDS: &[&str] = &[
        "go",
        "position",
        "fen",
        "startpos",
        "moves",
        "setoption",
        "name",
        "value",
        "GameOptions",
        "dice=on",
        "dice=off",
        "Seed",
        "depth",
        "1",
        "2",
        "s",
        "a",
        "r1",
        "r3",
        "0",
        "-",
        "9",
        "infinite",
        "searchmoves",
        "stop",
        "d",
        "moves",
        "eval",
        "chance",
        "query",
        "result",
        "gameover",
        "p1turn",
        "ucinewgame",
        "ugi",
        "p2time",
        "perft",
    ];
    let mut rng = rand_pcg::Pcg64::seed_from_u64(11);
    let mut script = String::new();
    for _ in 0..2000 {
        let n = rng.gen_range(1..8);
        let line: Vec<&str> = (0..n).map(|_| *WORDS.choose(&mut rng).unwrap()).collect();
        script.push_str(&line.join(" "));
        script.push('\n');
    }
    script.push_str("stop\nisready\n");
    let out = talk(&script);
    assert_eq!(out.last().unwrap(), "readyok");
}

/// UCI: words a command does not take are ignored, and `debug` and
/// `register` are accepted and do nothing.
#[test]
fn unknown_tokens_are_ignored() {
    let out = talk("isready now\ndebug on\nregister later\nd please\nquit now\nisready\n");
    assert_eq!(out[0], "readyok");
    assert_eq!(line_starting(&out, "position:"), "position: 0 0 0 -");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    // `quit now` quit: the last `isready` got no answer.
    assert_eq!(out.iter().filter(|l| *l == "readyok").count(), 1, "{out:?}");
    // A command nobody knows is still an error.
    assert_eq!(
        talk("frobnicate now\n"),
        ["info string error: unknown command 'frobnicate'"]
    );
}

/// Every order of `lines`, each followed by `tail`, run on the real games.
fn in_every_order(before: &str, lines: &[&str], tail: &str) -> Vec<Vec<String>> {
    let mut orders = vec![Vec::new()];
    for _ in lines {
        orders = orders
            .into_iter()
            .flat_map(|o: Vec<usize>| {
                (0..lines.len())
                    .filter(|i| !o.contains(i))
                    .map(|i| {
                        let mut next = o.clone();
                        next.push(i);
                        next
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    orders
        .iter()
        .map(|order| {
            let mut script = format!("setoption name Hash value 1\n{before}");
            for &i in order {
                script.push_str(lines[i]);
                script.push('\n');
            }
            script.push_str(tail);
            talk_with(Catalog::games(), &script)
        })
        .collect()
}

#[test]
fn setoption_order_does_not_matter() {
    let lines = [
        "setoption name GameOptions value board=full quiet_plies=20",
        "setoption name Game value zamma",
        "setoption name Seed value 5",
        "setoption name UCI_ShowWDL value true",
    ];
    let outs = in_every_order("", &lines, "d\nquery turn\n");
    assert_eq!(outs.len(), 24);
    let game = line_starting(&outs[0], "game:");
    assert_eq!(
        game,
        "game: zamma board=full mullah_landing=any quiet_plies=20 repetition=3"
    );
    for out in &outs {
        assert_eq!(out, &outs[0]);
    }
    // Another game's options before the choice of that game, after a
    // game that does not know them.
    let lines = [
        "setoption name GameOptions value layout=belgian",
        "setoption name Game value abalone",
        "setoption name Search value greedy",
    ];
    let before = "setoption name Game value zamma\nisready\n";
    for out in in_every_order(before, &lines, "isready\nd\n") {
        assert_eq!(out[..2], ["readyok", "readyok"], "{out:?}");
        assert_eq!(
            line_starting(&out, "game:"),
            "game: abalone layout=belgian princess=off max_plies=none repetition=3 players=2"
        );
    }
}

#[test]
fn options_that_fit_no_game_are_one_error_when_the_game_is_known() {
    let lines = [
        "setoption name GameOptions value board=full",
        "setoption name Game value palma",
    ];
    for out in in_every_order("", &lines, "isready\nd\n") {
        assert!(
            out[0].starts_with("info string error: setoption: GameOptions 'board=full' for palma:")
                && out[0].ends_with("palma keeps its default options"),
            "{out:?}"
        );
        assert_eq!(out[1], "readyok");
        assert_eq!(out.iter().filter(|l| l.contains("error")).count(), 1);
        assert!(line_starting(&out, "game:").starts_with("game: palma first=hounds"));
    }
    // Options the current game rejects leave it as it was.
    let out = talk_with(
        Catalog::games(),
        "setoption name Game value zamma\nsetoption name GameOptions value board=full\n\
         position startpos moves e4-e5\nsetoption name GameOptions value board=diagonal\nd\n",
    );
    assert!(
        out[0].contains("for zamma:") && out[0].ends_with("zamma keeps its options 'board=full'"),
        "{out:?}"
    );
    assert_eq!(line_starting(&out, "ply:"), "ply: 1");
    assert!(line_starting(&out, "game:").starts_with("game: zamma board=full"));
}

/// Positions the rules cannot reach are one error line naming the field,
/// and the previous position stays (issue 13: they were taken, some as
/// draws).
#[test]
fn unreachable_positions_are_refused() {
    let cases = [
        (
            "abalone",
            "5/6/7/8/9/8/7/6/5 b",
            "rows: Black has no marble",
        ),
        (
            "abalone",
            "5/6/7/8/9/8/7/6/b4 b",
            "rows: White has no marble",
        ),
        (
            "abalone",
            "wwwww/ww4/7/8/9/8/2bbb2/bbbbbb/bbbbb-0b7w w",
            "ejected counts: 7 White marbles",
        ),
        (
            "zamma",
            "9/9/9/9/9/9/9/9/b8 b 0 0",
            "side to move: White has no pieces",
        ),
        (
            "petteia",
            "oooooooooooo/pppppppppppp/6b5/12/P11/5B6/PPPPPPPPPPPP/OOOOOOOOOOOO w - 0,0 0 0 *",
            "board: White has 13 Peltasts",
        ),
        (
            "kubeia",
            "oooooooooooo/pppppppppppp/6b5/b11/12/5B6/PPPPPPPPPPPP/OOOOOOOOOOOO w ? 0,0 0 0 *",
            "board: Black has 2 Basileus",
        ),
        (
            "palma",
            "h=4/0/- j=5/0/- throw=h",
            "hounds have 4 pieces, not 5",
        ),
    ];
    for (game, text, field) in cases {
        let script = format!(
            "setoption name Game value {game}\nposition startpos\nd\nposition fen {text}\nd\n"
        );
        let out = talk_with(Catalog::games(), &script);
        let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
        assert_eq!(errors.len(), 1, "{game} {text}: {out:?}");
        assert!(errors[0].contains(field), "{game} {text}: {errors:?}");
        let positions: Vec<&String> = out.iter().filter(|l| l.starts_with("position:")).collect();
        assert_eq!(positions[0], positions[1], "{game}: the start stays");
    }
}

#[test]
fn setting_the_game_builds_its_tables_before_any_go() {
    // The reader runs on this thread, as the toy evaluator's count does.
    let prepared = || crate::testgames::toy::PREPARED.with(|n| n.get());
    for input in [
        "position startpos\n",
        "setoption name GameOptions value dice=on\nposition startpos moves r2\n",
    ] {
        let before = prepared();
        let out = talk(input);
        assert!(out.is_empty(), "{out:?}");
        // No isready, no go: built when the game and position were set.
        assert!(prepared() > before, "{input}");
    }
}
