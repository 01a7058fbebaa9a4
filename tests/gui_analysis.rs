//! The analysis board in a real browser: stepping through a game with the
//! arrow keys and the move list, a move from an earlier position starting
//! a variation beside the game's line, and MultiPV lines whose click plays
//! their first move. Positions are checked against a separate agon.

use crate::common::scratch::Scratch;
use crate::common::webdriver::Browser;
use crate::common::{agon_bin, Agon};
use crate::gui_browser::{
    clear_log, click, click_move, import_record, legal_record, log_lines, new_game, open_page,
    page_state, set_fields, text_of, wait, wait_progressing, REVIEW_PROGRESS,
};

const ARROW_LEFT: &str = "\u{E012}";
const ARROW_RIGHT: &str = "\u{E014}";
const END: &str = "\u{E010}";
const ARROW_DOWN: &str = "\u{E015}";

/// The position string agon gives after `words` from the start.
fn fen_after(game: &str, words: &[String]) -> String {
    let mut e = Agon::start();
    e.send(&format!("setoption name Game value {game}"));
    e.send(&format!("position startpos moves {}", words.join(" ")));
    e.send("d");
    let lines = e.sync();
    lines
        .iter()
        .find_map(|l| l.strip_prefix("position: "))
        .unwrap_or_else(|| panic!("no position line in {lines:?}"))
        .to_string()
}

/// A key pressed on the move list (it takes the keyboard focus).
fn press(b: &Browser, key: &str) {
    b.send_keys("#movelist", key)
        .expect("a key on the move list");
}

fn words_of(b: &Browser, script: &str) -> Vec<String> {
    b.execute(script, vec![])
        .expect("words")
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|w| w.as_str().map(String::from))
        .collect()
}

/// Waits until the shown position's record is `words` (the page may be
/// away from the game's own position: `browsing`).
fn wait_shown(b: &Browser, words: &[String], browsing: bool, what: &str) {
    let json = serde_json::to_string(words).expect("json");
    wait(
        b,
        &format!("const s = agonGui.state(); return s.turn !== 'wait' && JSON.stringify(s.record) === '{}' && s.browsing === {browsing};", json.replace('\'', "\\'")),
        20,
        what,
    );
}

#[test]
fn stepping_back_and_a_move_there_make_a_variation_beside_the_game() {
    let Some((_gui, b)) = open_page(&[&agon_bin()]) else {
        return;
    };
    let game = "zamma";
    let words = legal_record(game, 4, 1);
    import_record(&b, game, &words);
    wait_shown(&b, &words, false, "the imported game");

    // Two plies back with the arrow key: that position, the game kept.
    press(&b, ARROW_LEFT);
    press(&b, ARROW_LEFT);
    wait_shown(&b, &words[..2], true, "two plies back");
    let s = page_state(&b);
    assert_eq!(
        s.fen,
        fen_after(game, &words[..2]),
        "the position two plies back"
    );
    assert_eq!(
        words_of(&b, "return agonGui.state().live;"),
        words,
        "the game is kept"
    );
    assert!(
        !text_of(&b, "#browsing").is_empty(),
        "the page says the position shown is not the game's"
    );
    press(&b, ARROW_RIGHT);
    wait_shown(&b, &words[..3], true, "one ply forward");
    press(&b, ARROW_LEFT);
    wait_shown(&b, &words[..2], true, "back again");

    // Another move from there: a variation, where the game now goes on.
    let s = page_state(&b);
    let alt = s
        .legal
        .iter()
        .find(|m| **m != words[2])
        .expect("a second legal move")
        .clone();
    click_move(&b, game, &s, &alt);
    let mut variation = words[..2].to_vec();
    variation.push(alt.clone());
    wait_shown(&b, &variation, false, "the variation's move");
    assert_eq!(page_state(&b).fen, fen_after(game, &variation));

    // The move list holds both lines: the game's, which goes on in the new
    // one (the main line), and the line it left in parentheses after the
    // row it branches from (issue 43: before, the game went on in what the
    // list showed as a variation).
    let main = words_of(
        &b,
        "return [...document.querySelectorAll('#movelist li:not(.variations) [data-node]')].map(e => e.textContent);",
    );
    assert_eq!(main, variation, "the game's line");
    let side = words_of(
        &b,
        "return [...document.querySelectorAll('#movelist .variation [data-node]')].map(e => e.textContent);",
    );
    assert_eq!(side, words[2..].to_vec(), "the line the game left");
    assert_eq!(
        text_of(&b, "#movelist .current"),
        alt,
        "the shown word is marked"
    );

    // A click on the old line's last word shows it; End goes back to the
    // position the game is at.
    let id = b
        .execute(
            "return [...document.querySelectorAll('#movelist .variation [data-node]')].pop().dataset.node;",
            vec![],
        )
        .expect("the last word's node");
    click(
        &b,
        &format!("#movelist [data-node=\"{}\"]", id.as_str().expect("an id")),
    )
    .expect("a click on the word");
    wait_shown(&b, &words, true, "the old line's last position");
    assert_eq!(page_state(&b).fen, fen_after(game, &words));
    press(&b, END);
    wait_shown(&b, &variation, false, "End: the game's position");

    // Undo takes the variation's move back.
    b.click("#undo").expect("Undo");
    wait_shown(&b, &words[..2], false, "undone");
    let side = words_of(
        &b,
        "return [...document.querySelectorAll('#movelist .variation [data-node]')].map(e => e.textContent);",
    );
    assert!(side.is_empty(), "the undone move left the tree: {side:?}");
}

#[test]
fn an_engine_answers_in_a_variation_and_not_while_the_person_looks_back() {
    let Some((_gui, b)) = open_page(&[&agon_bin()]) else {
        return;
    };
    let game = "abalone";
    set_fields(&b, &[("limits", "depth 1")]);
    crate::gui_browser::start_game(&b, game, "engine:0", &[]);
    // The person's first move, the engine's answer.
    let s = page_state(&b);
    click_move(&b, game, &s, &s.legal[0].clone());
    wait(
        &b,
        "const s = agonGui.state(); return s.record.length === 2 && s.person;",
        30,
        "the engine's answer",
    );
    let line = page_state(&b).record;
    // Back to the start: the person plays another first move there.
    press(&b, ARROW_LEFT);
    press(&b, ARROW_LEFT);
    wait_shown(&b, &[], true, "the start");
    let s = page_state(&b);
    let alt = s
        .legal
        .iter()
        .find(|m| **m != line[0])
        .expect("another move")
        .clone();
    click_move(&b, game, &s, &alt);
    wait(
        &b,
        &format!("const s = agonGui.state(); return s.record.length === 2 && s.record[0] === '{alt}' && s.person && !s.browsing;"),
        30,
        "the engine answers in the variation",
    );
    let variation = page_state(&b).record;
    assert_eq!(page_state(&b).fen, fen_after(game, &variation));
    // The first line is still there to look at, beside the main line.
    press(&b, "\u{E011}");
    wait_shown(&b, &[], true, "Home: the start");
    press(&b, ARROW_RIGHT);
    wait_shown(&b, &variation[..1], true, "the main line: the game's");
    press(&b, ARROW_DOWN);
    press(&b, ARROW_RIGHT);
    wait_shown(&b, &line, true, "the first line, kept");

    // At the engine's turn the person only explores: a variation, and the
    // game stays where it is (issue 43: the person played the engine's
    // move, and the game went on from it).
    press(&b, ARROW_LEFT);
    let s = page_state(&b);
    let other = s
        .legal
        .iter()
        .find(|m| **m != line[1])
        .expect("another answer")
        .clone();
    click_move(&b, game, &s, &other);
    let explored = vec![line[0].clone(), other.clone()];
    wait_shown(&b, &explored, true, "the explored answer");
    assert_eq!(
        words_of(&b, "return agonGui.state().live;"),
        variation,
        "the game stays"
    );

    // Deleted, the explored answer leaves the tree; the game's own line
    // cannot be deleted.
    b.click("#deleteline").expect("Delete");
    wait_shown(&b, &line[..1], true, "back to the position before");
    assert!(
        !words_of(&b, "return [...document.querySelectorAll('#movelist [data-node]')].map(e => e.textContent);")
            .contains(&other),
        "the deleted word left the move list"
    );
    press(&b, END);
    wait_shown(&b, &variation, false, "End: the game's position");
    b.click("#deleteline").expect("Delete");
    wait(
        &b,
        "return document.getElementById('errors').textContent.includes('the game goes on in this line');",
        10,
        "the game's line is not deleted",
    );
    // Made the main line, the first line comes first again.
    press(&b, "\u{E011}");
    press(&b, ARROW_RIGHT);
    press(&b, ARROW_DOWN);
    wait_shown(&b, &line[..1], true, "the first line's first move");
    b.click("#promote").expect("Main line");
    let main = words_of(
        &b,
        "return [...document.querySelectorAll('#movelist li:not(.variations) [data-node]')].map(e => e.textContent);",
    );
    assert_eq!(main, line, "the promoted line");
}

/// An analyser that gives `lines` (move, score) as its MultiPV lines at
/// every `go`, and stops when told.
fn lines_analyser(dir: &std::path::Path, lines: &[(&str, i32)]) -> String {
    let infos: String = lines
        .iter()
        .enumerate()
        .map(|(i, (mv, cp))| {
            format!(
                "echo 'info depth 3 multipv {} score cp {cp} nodes 50 pv {mv}'; ",
                i + 1
            )
        })
        .collect();
    let path = dir.join("lines.sh");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\n\
             while IFS= read -r line; do\n\
               case \"$line\" in\n\
                 ugi) echo 'id name lines analyser'; echo 'option name MultiPV type spin default 1 min 1 max 9'; echo ugiok ;;\n\
                 isready) echo readyok ;;\n\
                 go*) {infos};;\n\
                 stop) echo 'bestmove {}' ;;\n\
                 quit) exit 0 ;;\n\
               esac\n\
             done\n",
            lines[0].0
        ),
    )
    .expect("write the script");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path.to_string_lossy().into_owned()
}

#[test]
fn a_click_on_a_multipv_line_plays_its_first_move() {
    let game = "abalone";
    // Three plies: the second player is to move, so the first player's
    // view turns the analyser's scores round.
    let words = legal_record(game, 3, 2);
    let legal = {
        let mut e = Agon::start();
        e.send(&format!("setoption name Game value {game}"));
        e.send(&format!("position startpos moves {}", words.join(" ")));
        e.send("moves");
        e.recv()
            .split_whitespace()
            .skip(1)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert!(legal.len() >= 3, "{legal:?}");
    let dir = Scratch::new("gui-multipv-click");
    let script = lines_analyser(
        dir.path(),
        &[(&legal[0], 40), (&legal[1], 25), (&legal[2], -10)],
    );
    let Some((_gui, b)) = open_page(&[&agon_bin(), &script]) else {
        return;
    };
    set_fields(&b, &[("aengine", "1"), ("multipv", "3"), ("analyse", "on")]);
    import_record(&b, game, &words);
    wait(
        &b,
        "return document.querySelectorAll('#lines li').length === 3;",
        30,
        "three lines",
    );
    let shown = words_of(
        &b,
        "return [...document.querySelectorAll('#lines li')].map(li => li.dataset.move + ' ' + li.querySelector('b').textContent);",
    );
    assert_eq!(
        shown,
        vec![
            format!("{} -0.40", legal[0]),
            format!("{} -0.25", legal[1]),
            format!("{} 0.10", legal[2]),
        ],
        "ranked as the engine ranks them, scores from the first player's view"
    );
    // A line under the pointer (or the keyboard focus) shows where it
    // leads; leaving it shows the game again.
    b.execute(
        "document.querySelector('#lines li:nth-child(2)').focus();",
        vec![],
    )
    .expect("focus a line");
    wait(
        &b,
        "return document.getElementById('board').classList.contains('preview');",
        20,
        "the line's preview",
    );
    b.execute(
        "document.querySelector('#lines li:nth-child(2)').blur();",
        vec![],
    )
    .expect("leave the line");
    wait(
        &b,
        "return !document.getElementById('board').classList.contains('preview');",
        20,
        "the preview ends",
    );

    click(&b, "#lines li:nth-child(2)").expect("a click on the second line");
    let mut after = words.clone();
    after.push(legal[1].clone());
    wait_shown(&b, &after, false, "the second line's move played");
    assert_eq!(page_state(&b).fen, fen_after(game, &after));
}

#[test]
fn the_analysis_board_of_every_game_is_pictured() {
    let Some((_gui, b)) = open_page(&[&agon_bin()]) else {
        return;
    };
    b.set_window_size(1280, 1000).expect("window size");
    set_fields(
        &b,
        &[("multipv", "3"), ("analyse", "on"), ("chancedelay", "0")],
    );
    let dir = crate::gui_browser::screenshot_dir();
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    for game in ["abalone", "zamma", "petteia", "kubeia", "palma"] {
        let words = legal_record(game, 10, 1);
        import_record(&b, game, &words);
        // The game reviewed (its marks, the graph), then two plies back:
        // the analysis follows the shown position.
        set_fields(&b, &[("rdepth", "1")]);
        b.execute("document.getElementById('reviewgo').click();", vec![])
            .expect("Analyse this game");
        wait_progressing(
            &b,
            "return !agonReview.running() && agonReview.rows().length > 0;",
            REVIEW_PROGRESS,
            60,
            &format!("{game}: the review"),
        );
        press(&b, ARROW_LEFT);
        press(&b, ARROW_LEFT);
        wait(
            &b,
            "const s = agonGui.state(); return s.browsing && (s.turn.startsWith('chance') || document.querySelectorAll('#lines li').length > 0);",
            60,
            &format!("{game}: the analysis of the position two plies back"),
        );
        assert_eq!(
            text_of(&b, "#errors"),
            "",
            "{game}: the analysis engine follows the new game"
        );
        b.execute("window.scrollTo(0, 0);", vec![]).expect("scroll");
        b.screenshot(&dir.join(format!("analysis-{game}.png")))
            .expect("screenshot");
    }
}

/// The engine that analyses is told so (`UCI_AnalyseMode`, which drops
/// agon's contempt: analysis shows true values); an engine that plays
/// is not, and keeps its contempt.
#[test]
fn the_analysis_engine_is_in_analyse_mode_and_the_player_is_not() {
    let Some((_gui, b)) = open_page(&[&agon_bin()]) else {
        return;
    };
    clear_log(&b);
    new_game(
        &b,
        &[
            ("game", "abalone"),
            ("p1", "engine:0"),
            ("p2", "person"),
            ("tc", ""),
        ],
    );
    set_fields(&b, &[("analyse", "on")]);
    // The engine's first move, then the analysis of the person's turn.
    wait(
        &b,
        "const l = document.getElementById('log').textContent; return /\\d+> go (depth|movetime|nodes)/.test(l) && /\\d+> go infinite/.test(l);",
        60,
        "the engine plays and the analysis runs",
    );
    let log = log_lines(&b);
    let slot_of = |pattern: &str| -> Vec<String> {
        log.iter()
            .filter(|l| l.contains(pattern))
            .filter_map(|l| l.split_once("> ").map(|(slot, _)| slot.to_string()))
            .collect()
    };
    let analysing = slot_of("> go infinite");
    let playing: Vec<String> = slot_of("> go ")
        .into_iter()
        .filter(|s| !analysing.contains(s))
        .collect();
    let told = slot_of("> setoption name UCI_AnalyseMode value true");
    assert!(!playing.is_empty(), "{log:?}");
    assert!(
        !told.is_empty() && told.iter().all(|s| analysing.contains(s)),
        "only the analysis engine is told it analyses: {log:?}"
    );
}
