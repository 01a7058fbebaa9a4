//! One score scale in every game (issue 22): `score cp` is centi-units,
//! 100 = one marble, man or piece. A position one marble or man up and
//! otherwise level reports 50 to 200 at depth 1 in Abalone, Zamma and
//! Petteia (Abalone reported about 3,900 before), and Abalone's `eval`
//! prices the marble at 100.

use crate::common::scratch::Scratch;
use crate::common::{eval_total, Agon};
use agon::game::{Game, GameOptions, Notation, Status};
use agon::games::palma::eval::endgame::exact_win_probability;
use agon::games::palma::Palma;
use agon::games::zamma::Zamma;

/// The `score cp` of the last `info` line with one, after `go depth 1`.
fn depth_one_cp(game: &str, fen: &str) -> i32 {
    let mut e = Agon::start();
    e.send(&format!("setoption name Game value {game}"));
    e.send(&format!("position fen {fen}"));
    e.send("go depth 1");
    let out = e.until(|l| l.starts_with("bestmove"));
    let cp = out
        .iter()
        .rev()
        .find_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let i = words.windows(2).position(|w| w == ["score", "cp"])?;
            words.get(i + 2)?.parse::<i32>().ok()
        })
        .unwrap_or_else(|| panic!("{game}: no score cp in {out:?}"));
    e.finish();
    cp
}

fn assert_one_unit(game: &str, fen: &str) {
    let cp = depth_one_cp(game, fen);
    assert!(
        (50..=200).contains(&cp),
        "{game}: one unit up scored cp {cp}, not 50..=200 ({fen})"
    );
}

#[test]
fn abalone_one_marble_up_is_about_100() {
    // The start with White's middle marble of row g ejected; Black moves.
    assert_one_unit(
        "abalone",
        "wwwww/wwwwww/2w1w2/8/9/8/2bbb2/bbbbbb/bbbbb-0b1w b",
    );
}

#[test]
fn zamma_one_man_up_is_about_100() {
    // Black men on c3 and g3, White's on c7 (the mirror of c3), far from
    // any capture.
    assert_one_unit("zamma", "9/9/2w6/9/9/9/2b3b2/9/9 b 0 0");
}

#[test]
fn petteia_one_man_up_is_about_100() {
    // The start without Black's Peltast f7; White moves.
    assert_one_unit(
        "petteia",
        "oooooooooooo/ppppp1pppppp/6b5/12/12/5B6/PPPPPPPPPPPP/OOOOOOOOOOOO w - 0,0 0 0 *",
    );
}

/// The classic evaluator's material term is the marble's price; the
/// default evaluation (the built-in network's correction added) stays a
/// marble's worth.
#[test]
fn abalone_eval_prices_a_marble_at_100() {
    let mut e = Agon::start();
    e.send("setoption name Game value abalone");
    e.send("position fen wwwww/wwwwww/2w1w2/8/9/8/2bbb2/bbbbbb/bbbbb-0b1w b");
    e.send("setoption name Eval value classic");
    let out = e.eval_lines();
    assert!(out.iter().any(|l| l == "eval material 100"), "{out:?}");
    e.send("setoption name Eval value auto");
    let out = e.eval_lines();
    let total = eval_total(&out).unwrap_or_else(|| panic!("no total in {out:?}"));
    assert!((50..=200).contains(&total), "{out:?}");
    e.finish();
}

/// The exact kind reaches the protocol: a Palma position inside the exact
/// domain reports `score cp … wp P exact` on every line, P the table's
/// value for the player to move; outside the domain no line says `exact`.
#[test]
fn the_protocol_reports_the_tables_exact_value() {
    let text = "h=0/0/24,26,27,28,29 j=0/0/22,24,26,27,28 use=j:1";
    let p = Palma::from_position(text, &GameOptions::defaults(Palma::option_specs())).unwrap();
    let Status::Decision(mover) = p.status() else {
        panic!("a decision position")
    };
    let want = exact_win_probability(&p, mover).expect("inside the domain");
    let mut agon = Agon::start();
    agon.send("setoption name Game value palma");
    agon.send(&format!("position fen {text}"));
    agon.sync();
    agon.send("go depth 3");
    let lines = agon.until(|l| l.starts_with("bestmove"));
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!scored.is_empty(), "{lines:?}");
    for line in scored {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "wp").expect("a wp field");
        let got: f64 = words[at + 1].parse().expect("a probability");
        assert!((got - want).abs() <= 1e-6, "{line}: table {want}");
        assert_eq!(words.get(at + 2), Some(&"exact"), "{line}");
        assert_eq!(words[at - 2], "cp", "{line}: cp first for GUIs");
    }
    // The start is outside the domain: the score is the search's.
    agon.send("position startpos");
    agon.send("go depth 2");
    let lines = agon.until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| !l.contains("exact")), "{lines:?}");
}

/// `ExactTables false`: the searches probe no table, so the same endgame
/// is searched and reported as any other position (no `exact`, no `wp`),
/// and setting it back to `true` brings the exact kind back.
#[test]
fn exact_tables_off_reports_no_exact_score() {
    let mut agon = Agon::start();
    agon.send("setoption name Game value palma");
    agon.send("setoption name ExactTables value false");
    agon.send("position fen h=0/0/24,26,27,28,29 j=0/0/22,24,26,27,28 use=j:1");
    agon.send("go depth 3");
    let lines = agon.until(|l| l.starts_with("bestmove"));
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!scored.is_empty(), "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| !l.contains("exact") && !l.contains(" wp ")),
        "{lines:?}"
    );
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:?}");
    agon.send("setoption name ExactTables value true");
    agon.send("go depth 3");
    let lines = agon.until(|l| l.starts_with("bestmove"));
    assert!(
        lines
            .iter()
            .filter(|l| l.contains(" score "))
            .all(|l| l.contains(" exact")),
        "{lines:?}"
    );
}

/// `agon tablebase generate` writes a larger exact table, `EndgamePath`
/// loads it: a position below the built-in domain (a piece on square 16)
/// is then reported `exact` with the file's value, a bad path is one error
/// line and keeps the loaded table, and `<empty>` goes back to the
/// built-in tables.
#[test]
fn a_table_file_extends_the_exact_domain() {
    use agon::game::Tablebase;
    use agon::games::palma::eval::endgame_file::FileTables;
    let dir = Scratch::new("tablebase");
    let file = dir.join("palma-16.tb");
    let path = file.to_str().unwrap();
    let (status, out, err) = crate::common::run(&[
        "tablebase",
        "generate",
        "--game",
        "palma",
        "--size",
        "16",
        "--out",
        path,
    ]);
    assert!(status.success(), "{err}");
    assert!(out.contains("square 16 or higher"), "{out}");
    assert!(err.contains("100% solved"), "{err}");

    let text = "h=0/0/16,24,27,28,29 j=0/0/16,24,26,27,28 use=j:1";
    let p = Palma::from_position(text, &GameOptions::defaults(Palma::option_specs())).unwrap();
    let want = FileTables::load(&file)
        .unwrap()
        .probe(&p, 1)
        .expect("in the file's domain");
    let exact_lines = |agon: &mut Agon| {
        agon.send(&format!("position fen {text}"));
        agon.send("go depth 3");
        let lines = agon.until(|l| l.starts_with("bestmove"));
        lines
            .iter()
            .filter(|l| l.contains(" score "))
            .map(|l| l.contains(&format!(" wp {want:.6} exact")))
            .collect::<Vec<bool>>()
    };
    let mut agon = Agon::start();
    agon.send("setoption name Game value palma");
    assert!(exact_lines(&mut agon).iter().all(|e| !e), "built-in only");
    agon.send(&format!("setoption name EndgamePath value {path}"));
    let lines = exact_lines(&mut agon);
    assert!(
        !lines.is_empty() && lines.iter().all(|&e| e),
        "with the file"
    );
    agon.send("setoption name EndgamePath value /nonexistent/palma.tb");
    let answer = agon.sync();
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(answer[0].contains("EndgamePath stays"), "{answer:?}");
    assert!(exact_lines(&mut agon).iter().all(|&e| e), "the file stays");
    agon.send("setoption name EndgamePath value <empty>");
    assert!(
        exact_lines(&mut agon).iter().all(|e| !e),
        "back to built-in"
    );
    agon.finish();
}

/// Zamma's endgame databases through the protocol: generated by the
/// command (two pieces: a fraction of a second), loaded by `EndgamePath`,
/// shown by `d` and reported by a search as the exact kind; a loss keeps
/// its verdict from the loser's side, and the quiet-ply count turns a
/// distant win into the draw the rules make of it.
#[test]
fn zamma_tables_are_probed_shown_and_reported() {
    let dir = Scratch::new("zamma-tb");
    let file = dir.join("zamma-2.tb");
    let path = file.to_str().unwrap();
    let (status, out, err) = crate::common::run(&[
        "tablebase",
        "generate",
        "--game",
        "zamma",
        "--pieces",
        "2",
        "--out",
        path,
    ]);
    assert!(status.success(), "{err}");
    assert!(out.contains("K-K") && out.contains("m-m"), "{out}");
    assert!(err.contains("100% solved"), "{err}");

    // Black's Mullah on a1 takes White's on e5 along the long diagonal.
    let win = "9/9/9/9/4W4/9/9/9/B8 b 0 0";
    let mut agon = Agon::start();
    agon.send("setoption name Game value zamma");
    agon.send(&format!("position fen {win}"));
    agon.send("d");
    let shown = agon.sync();
    assert!(!shown.iter().any(|l| l.starts_with("exact:")), "{shown:?}");
    agon.send(&format!("setoption name EndgamePath value {path}"));
    agon.send("d");
    let shown = agon.sync();
    assert!(
        shown
            .iter()
            .any(|l| l == "exact: black wins, distance 1 quiet plies (tables)"),
        "{shown:?}"
    );
    // A man each, White to move and stuck behind Black's: the tables'
    // verdict whichever it is must be the search's exact score.
    let tables = agon::games::zamma::endgame::Tables::load(&file).unwrap();
    let men = "9/9/9/9/9/4w4/4b4/9/9 w 0 0";
    let pos = Zamma::from_position(men, &GameOptions::defaults(Zamma::option_specs())).unwrap();
    let p = agon::game::Tablebase::probe(&tables, &pos, 1).expect("two pieces");
    agon.send(&format!("position fen {men}"));
    agon.send("go depth 3");
    let lines = agon.until(|l| l.starts_with("bestmove"));
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!scored.is_empty(), "{lines:?}");
    for l in scored {
        assert!(
            l.contains(&format!(" wp {p:.6} exact")) || l.contains(" mate "),
            "{l}"
        );
    }
    // At the quiet-ply limit's edge a win that needs more plies is a draw.
    let far = "9/9/9/9/9/9/9/9/B7W b 49 80";
    agon.send(&format!("position fen {far}"));
    agon.send("d");
    let shown = agon.sync();
    let pos = Zamma::from_position(far, &GameOptions::defaults(Zamma::option_specs())).unwrap();
    let want = match agon::game::Tablebase::probe(&tables, &pos, 0) {
        Some(1.0) => "exact: black wins",
        Some(0.0) => "exact: black loses",
        _ => "exact: draw (tables)",
    };
    assert!(shown.iter().any(|l| l.starts_with(want)), "{shown:?}");
    agon.finish();
}
