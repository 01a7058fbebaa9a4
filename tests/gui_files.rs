//! Positions and records as files in the browser GUI (issue 25, item 7):
//! the position editor writes position strings that a separate agon
//! process takes with the pieces where the clicks put them; a shared link
//! reopens the same game, options, start and moves; a record downloaded
//! from the page and opened as a file replays the same game.

use crate::common::scratch::Scratch;
use crate::common::webdriver::Browser;
use crate::common::Agon;
use crate::gui_browser::{
    is_chance_word, new_game, open_page, page_log, page_state, people_game, play_first_legal,
    set_fields, start_game, text_of, wait, wait_person, PageState,
};

/// What a separate agon answers to `position fen <fen>` then `d`: its
/// lines (an error line among them if it refused the string).
fn agon_d(game: &str, options: &str, fen: &str) -> Vec<String> {
    let mut e = Agon::start();
    e.send(&format!("setoption name GameOptions value {options}"));
    e.send(&format!("setoption name Game value {game}"));
    e.send(&format!("position fen {fen}"));
    e.send("d");
    e.sync()
}

fn field<'a>(lines: &'a [String], prefix: &str) -> &'a str {
    lines
        .iter()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' line in {lines:?}"))
}

/// The letter at `cell` of a grid position string's board (`rows` from the
/// top, `files` letters; Abalone's rows start at their lowest diagonal).
fn piece_at(game: &str, fen: &str, cell: &str) -> char {
    let board = fen.split([' ', '-', '+']).next().unwrap();
    let rows: Vec<Vec<char>> = board
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut run = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                cells.extend(std::iter::repeat_n('.', run));
                run = 0;
                cells.push(c);
            }
            cells.extend(std::iter::repeat_n('.', run));
            cells
        })
        .collect();
    let (letter, number) = cell.split_at(1);
    let (letter, number) = (letter.as_bytes()[0], number.parse::<usize>().unwrap());
    let top = rows.len();
    if game == "abalone" {
        let r = usize::from(letter - b'a');
        let lo = if r < 5 { 1 } else { r - 3 };
        return rows[top - 1 - r][number - lo];
    }
    rows[top - number][usize::from(letter - b'a')]
}

/// Clicks on the editor: each `(piece, token)` chooses the piece in the
/// palette (`remove` too) and clicks the point.
fn edit(b: &Browser, clicks: &[(&str, &str)]) {
    for (piece, token) in clicks {
        b.click(&format!("#editorpalette [data-piece=\"{piece}\"]"))
            .expect("a palette button");
        let before = editor_string(b);
        b.click(&format!("#editorboard [data-token=\"{token}\"]"))
            .unwrap_or_else(|e| panic!("{}\nclick {token}: {e}", page_log(b)));
        assert_ne!(
            editor_string(b),
            before,
            "the click on {token} changed nothing"
        );
    }
}

fn editor_string(b: &Browser) -> String {
    b.execute("return document.getElementById('editorfen').value;", vec![])
        .expect("the editor's string")
        .as_str()
        .unwrap_or("")
        .to_string()
}

struct EditCase {
    game: &'static str,
    options: &'static str,
    clicks: &'static [(&'static str, &'static str)],
    /// Its index among the players, and its name in `d`'s `to move:`.
    side: (&'static str, &'static str),
    /// Each clicked point's letter afterwards.
    expect: &'static [(&'static str, char)],
}

const EDITS: &[EditCase] = &[
    EditCase {
        game: "abalone",
        options: "",
        clicks: &[
            ("remove", "cell:a1"),
            ("remove", "cell:i5"),
            ("w", "cell:e5"),
            ("b", "cell:e1"),
        ],
        side: ("1", "white"),
        expect: &[("a1", '.'), ("i5", '.'), ("e5", 'w'), ("e1", 'b')],
    },
    EditCase {
        game: "abalone",
        options: "players=3",
        clicks: &[
            ("remove", "cell:a1"),
            ("remove", "cell:i9"),
            ("r", "cell:e5"),
        ],
        side: ("2", "red"),
        expect: &[("a1", '.'), ("i9", '.'), ("e5", 'r')],
    },
    EditCase {
        game: "zamma",
        options: "",
        clicks: &[("remove", "cell:e6"), ("W", "cell:e5"), ("W", "cell:a9")],
        side: ("1", "white"),
        expect: &[("e6", '.'), ("e5", 'W'), ("a9", 'W')],
    },
    EditCase {
        game: "petteia",
        options: "",
        clicks: &[
            ("remove", "cell:a2"),
            ("remove", "cell:a7"),
            ("p", "cell:f4"),
            ("P", "cell:a5"),
        ],
        side: ("1", "black"),
        expect: &[("a2", '.'), ("a7", '.'), ("f4", 'p'), ("a5", 'P')],
    },
    EditCase {
        game: "kubeia",
        options: "",
        clicks: &[("remove", "cell:l7"), ("p", "cell:g3")],
        side: ("1", "black"),
        expect: &[("l7", '.'), ("g3", 'p')],
    },
];

/// Opens the editor on the game the form starts with everyone a person.
fn open_editor(b: &Browser, game: &str, options: &str) {
    new_game(
        b,
        &[
            ("game", game),
            ("options", options),
            ("startfen", ""),
            ("p1", "person"),
            ("p2", "person"),
            ("p3", "person"),
        ],
    );
    b.click("#editopen").expect("Edit this position");
    wait(
        b,
        "return !document.getElementById('editorbody').hidden && document.getElementById('editorfen').value !== '';",
        10,
        "the editor does not open",
    );
}

/// "Play from here" and the game that starts from the editor's string.
fn play_from_editor(b: &Browser, game: &str, fen: &str) {
    b.click("#editorplay").expect("Play from here");
    wait(
        b,
        &format!(
            "const s = agonGui.state(); return s.game === '{game}' && document.getElementById('startfen').value === {fen:?} && s.fen !== '' && s.turn !== 'wait' && document.body.dataset.state !== 'loading' && document.getElementById('editorbody').hidden;"
        ),
        30,
        &format!("{game}: no game from the edited position"),
    );
}

#[test]
fn the_position_editor_writes_strings_the_referee_takes() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    for case in EDITS {
        open_editor(&b, case.game, case.options);
        edit(&b, case.clicks);
        set_fields(&b, &[("editorside", case.side.0)]);
        let fen = editor_string(&b);
        let lines = agon_d(case.game, case.options, &fen);
        assert!(
            !lines.iter().any(|l| l.starts_with("info string error")),
            "{}: agon refuses the editor's '{fen}': {lines:?}",
            case.game
        );
        assert_eq!(field(&lines, "position: "), fen, "{}: d", case.game);
        // Kubeia's side rolls first: `d` says the chance is to move.
        if case.game != "kubeia" {
            assert_eq!(field(&lines, "to move: "), case.side.1, "{}", case.game);
        }
        for (cell, want) in case.expect {
            assert_eq!(
                piece_at(case.game, &fen, cell),
                *want,
                "{}: {cell} in {fen}",
                case.game
            );
        }
        play_from_editor(&b, case.game, &fen);
    }
    // Palma's pegs: two Hounds (square 3 and square 0), a Jackal on 12,
    // then the Jackals to use a throw of 2.
    // The start is kept (no throw of the page's own): the editor opens on
    // the Hounds' turn.
    set_fields(&b, &[("chancedelay", "3600000")]);
    open_editor(&b, "palma", "");
    edit(&b, &[("peg", "sq:3"), ("peg", "sq:0"), ("peg", "other:12")]);
    set_fields(&b, &[("editorside", "1"), ("editorthrow", "2")]);
    let fen = editor_string(&b);
    assert_eq!(fen, "h=3/1/3 j=4/0/12 use=j:2");
    let lines = agon_d("palma", "", &fen);
    assert_eq!(field(&lines, "position: "), fen, "palma: {lines:?}");
    assert_eq!(field(&lines, "to move: "), "jackals");
    play_from_editor(&b, "palma", &fen);
}

#[test]
fn a_position_the_referee_refuses_is_one_error_line_and_the_editor_stays_open() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    open_editor(&b, "zamma", "");
    let fen_before = page_state(&b).fen;
    b.click("#editorclear").expect("Clear the board");
    let empty = editor_string(&b);
    let lines = agon_d("zamma", "", &empty);
    let refusal = lines
        .iter()
        .find(|l| l.starts_with("info string error"))
        .unwrap_or_else(|| panic!("agon takes an empty Zamma board: {lines:?}"));
    b.click("#editorplay").expect("Play from here");
    wait(
        &b,
        "return document.getElementById('errors').children.length > 0;",
        20,
        "no error line",
    );
    let errors = text_of(&b, "#errors");
    assert_eq!(
        b.execute(
            "return document.getElementById('errors').children.length;",
            vec![]
        )
        .unwrap(),
        1,
        "{errors}"
    );
    let reason = refusal.trim_start_matches("info string error: ");
    assert!(errors.contains(reason), "{errors} does not say {reason}");
    let s = page_state(&b);
    assert_eq!(
        (s.fen.as_str(), text_of_value(&b, "startfen").as_str()),
        (fen_before.as_str(), "")
    );
    assert!(!b
        .execute(
            "return document.getElementById('editorbody').hidden;",
            vec![]
        )
        .unwrap()
        .as_bool()
        .unwrap());
}

fn text_of_value(b: &Browser, id: &str) -> String {
    b.execute(
        "return document.getElementById(arguments[0]).value;",
        vec![id.into()],
    )
    .expect("a field's value")
    .as_str()
    .unwrap_or("")
    .to_string()
}

/// At least `len` legal words from `start` (the start position when None),
/// made with agon (the `pick`-th of each `moves` answer, turning), ending
/// where a person has a choice to make: the page then waits for them
/// (no throw, roll or lone pass of its own adds a word).
fn legal_line(
    game: &str,
    options: &str,
    start: Option<&str>,
    len: usize,
    pick: usize,
) -> Vec<String> {
    let mut e = Agon::start();
    e.send(&format!("setoption name GameOptions value {options}"));
    e.send(&format!("setoption name Game value {game}"));
    let base = start.map_or("position startpos".to_string(), |f| {
        format!("position fen {f}")
    });
    let mut words: Vec<String> = Vec::new();
    loop {
        e.send(&format!("{base} moves {}", words.join(" ")));
        e.send("moves");
        let line = e.recv();
        let moves: Vec<&str> = line.split_whitespace().skip(1).collect();
        assert!(!moves.is_empty(), "{game}: the game ended at {words:?}");
        let chance = moves.iter().all(|m| is_chance_word(m));
        if words.len() >= len && moves.len() > 1 && !chance {
            return words;
        }
        assert!(
            words.len() < 200,
            "{game}: no choice for a person after {words:?}"
        );
        words.push(moves[(pick + words.len() * 5) % moves.len()].to_string());
    }
}

fn agon_record(game: &str, options: &str, start: Option<&str>, words: &[String]) -> String {
    let start = start.map_or(String::new(), |f| format!("[Start \"{f}\"]\n"));
    format!(
        "[Game \"{game}\"]\n[Options \"{options}\"]\n{start}\n{}\n*\n",
        words.join(" ")
    )
}

/// Waits for the page's game `game` with `plies` words replayed.
fn wait_replayed(b: &Browser, game: &str, plies: usize) {
    wait(
        b,
        &format!(
            "const s = window.agonGui && agonGui.state(); return !!s && s.game === '{game}' && s.record.length === {plies} && s.fen !== '' && s.turn !== 'wait' && document.body.dataset.state !== 'loading';"
        ),
        60,
        &format!("{game}: the {plies} words are not replayed"),
    );
}

fn same_board(a: &PageState, b: &PageState) -> bool {
    (&a.fen, &a.record, &a.options, &a.legal) == (&b.fen, &b.record, &b.options, &b.legal)
}

#[test]
fn a_shared_link_reopens_the_same_board() {
    let Some((gui, b)) = open_page(&[]) else {
        return;
    };
    let zamma_start = "9/9/wwwwwwwww/9/9/9/bbbbbbbbb/9/9 b 0 0";
    let cases: [(&str, &str, Option<&str>, usize); 3] = [
        ("zamma", "board=full", Some(zamma_start), 3),
        ("kubeia", "", None, 6),
        ("abalone", "players=3", None, 4),
    ];
    for (game, options, start, plies) in cases {
        let words = legal_line(game, options, start, plies, 1);
        set_fields(
            &b,
            &[("record", &agon_record(game, options, start, &words))],
        );
        b.execute("document.getElementById('import').click();", vec![])
            .expect("Import");
        wait_replayed(&b, game, words.len());
        let before = page_state(&b);
        b.click("#share").expect("Share link");
        wait(
            &b,
            "return document.getElementById('record').value.includes('#game=');",
            10,
            "no link",
        );
        let url = text_of_value(&b, "record");
        // The game alone: never the launch's token (issue 43), which the
        // browser keeps from the printed address it opened.
        assert!(
            url.starts_with(&format!("http://{}/#game=", gui.addr)) && !url.contains(&gui.token),
            "{url} is not the page's address with the game and without the token"
        );
        b.goto("about:blank").expect("leave the page");
        b.goto(&url).expect("the shared link opens");
        wait_replayed(&b, game, words.len());
        let after = page_state(&b);
        assert!(
            same_board(&before, &after),
            "{game}: {before:?} then {after:?}"
        );
        assert_eq!(text_of_value(&b, "startfen"), start.unwrap_or(""));
    }
    // A broken link: one error line, and the form's first game.
    for fragment in ["#game=chess&moves=e2e4", "#game=zamma&fen=9%2F9+x+0+0"] {
        b.goto("about:blank").expect("leave the page");
        b.goto(&format!("{}{fragment}", gui.url()))
            .expect("the page opens");
        wait(
            &b,
            "const s = window.agonGui && agonGui.state(); return !!s && s.fen !== '' && s.turn !== 'wait' && document.getElementById('errors').children.length > 0;",
            30,
            &format!("{fragment}: no game or no error line"),
        );
        let errors = text_of(&b, "#errors");
        assert!(
            errors.starts_with("the shared link was not opened"),
            "{fragment}: {errors}"
        );
        assert_eq!(
            b.execute(
                "return document.getElementById('errors').children.length;",
                vec![]
            )
            .unwrap(),
            1,
            "{fragment}: {errors}"
        );
        let s = page_state(&b);
        assert_eq!(
            (s.record.len(), text_of_value(&b, "startfen")),
            (0, String::new())
        );
    }
}

#[test]
fn a_downloaded_record_opened_as_a_file_replays_the_game() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let dir = Scratch::new("gui-files");
    let words = legal_line("palma", "", None, 9, 2);
    let first = dir.join("first.txt");
    std::fs::write(&first, agon_record("palma", "", None, &words)).unwrap();
    b.send_keys("#openfile", first.to_str().unwrap())
        .expect("a file for the file input");
    wait_replayed(&b, "palma", words.len());
    let opened = page_state(&b);
    assert_eq!(opened.record, words);
    let referee = agon_d_after("palma", &words);
    assert_eq!(opened.fen, referee);
    // The download: the link the page clicks, its name and its text.
    b.execute(
        "window.downloaded = null; HTMLAnchorElement.prototype.click = function () { const a = this; fetch(a.href).then((r) => r.text()).then((t) => { window.downloaded = { name: a.download, text: t }; }); };",
        vec![],
    )
    .expect("watch the download");
    b.click("#download").expect("Download");
    wait(&b, "return !!window.downloaded;", 10, "nothing downloaded");
    let got = b.execute("return window.downloaded;", vec![]).unwrap();
    let name = got["name"].as_str().unwrap();
    assert!(
        name.starts_with("agon-palma-") && name.ends_with(".txt"),
        "the file name {name}"
    );
    let text = got["text"].as_str().unwrap();
    assert_eq!(text, text_of_value(&b, "record"));
    // Opened again on another game, the downloaded file gives this one.
    new_game(&b, &[("game", "zamma"), ("options", ""), ("startfen", "")]);
    let second = dir.join(name);
    std::fs::write(&second, text).unwrap();
    b.send_keys("#openfile", second.to_str().unwrap())
        .expect("the downloaded file for the file input");
    wait_replayed(&b, "palma", words.len());
    assert!(same_board(&opened, &page_state(&b)));
    // Copy: through the clipboard or, refused, the selected text.
    b.click("#copy").expect("Copy");
    wait(
        &b,
        "return document.getElementById('filestatus').textContent.startsWith('copied');",
        10,
        "nothing copied",
    );
}

/// The position agon's `d` gives after `words` from the start.
fn agon_d_after(game: &str, words: &[String]) -> String {
    let mut e = Agon::start();
    e.send(&format!("setoption name Game value {game}"));
    e.send(&format!("position startpos moves {}", words.join(" ")));
    e.send("d");
    field(&e.sync(), "position: ").to_string()
}

/// The page's agon record of the game on it (the Export box).
fn exported(b: &Browser) -> String {
    b.execute(
        "document.getElementById('format').value = 'agon'; document.getElementById('export').click();",
        vec![],
    )
    .expect("export");
    text_of_value(b, "record")
}

/// `agon analyse --record` on `text`: its standard output, after checking
/// it read and annotated every ply.
fn analysed(dir: &std::path::Path, game: &str, text: &str, plies: usize) -> String {
    let file = dir.join(format!("{game}.txt"));
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let (status, out, err) =
        crate::common::run(&["analyse", "--game", game, "--record", path, "--depth", "1"]);
    assert!(status.success(), "{game}: {err}\n{text}");
    assert!(
        out.lines()
            .next()
            .is_some_and(|l| l.ends_with(&format!(", {plies} plies"))),
        "{game}: not every ply read:\n{out}\n{text}"
    );
    out
}

#[test]
fn the_pages_records_of_finished_and_unfinished_games_replay_in_agon_analyse() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let dir = Scratch::new("gui-analyse-records");
    for game in ["abalone", "zamma", "petteia", "kubeia", "palma"] {
        let words = legal_line(game, "", None, 6, 1);
        people_game(&b, game);
        b.execute(
            "document.getElementById('record').value = arguments[0]; document.getElementById('import').click();",
            vec![agon_record(game, "", None, &words).into()],
        )
        .expect("import");
        wait_replayed(&b, game, words.len());
        // Not over: `*` and `unfinished`, which the CLI reads.
        let open = exported(&b);
        assert!(
            open.contains("[Result \"*\"]") && open.contains("[Reason \"unfinished\"]"),
            "{game}: {open}"
        );
        let out = analysed(dir.path(), game, &open, words.len());
        assert!(out.contains("ends: * (unfinished)"), "{game}: {out}");
        // Resigned: the referee's words for it, and the winner.
        b.execute("document.getElementById('resign').click();", vec![])
            .expect("resign");
        wait(
            &b,
            "return document.body.dataset.state === 'over';",
            10,
            "the resignation ends the game",
        );
        let over = exported(&b);
        assert!(over.contains("[Reason \"resign "), "{game}: {over}");
        assert!(
            over.contains("[Result \"1-0\"]") || over.contains("[Result \"0-1\"]"),
            "{game}: {over}"
        );
        let out = analysed(dir.path(), game, &over, words.len());
        assert!(out.contains(" (resign "), "{game}: {out}");
    }
}

/// Each word's comment on the game's line, in order (null: none).
fn comments(b: &Browser) -> serde_json::Value {
    b.execute(
        "return pathTo(G.live).slice(1).map((n) => n.comment || null);",
        vec![],
    )
    .expect("the comments")
}

/// Comments on moves (issue 43): read from an imported record (an
/// engine's note beside them stays a note), typed on the shown move,
/// shown in the move list, written in the exported record, printed by
/// `agon analyse --record` under their moves, and read back by the page.
#[test]
fn comments_on_moves_are_kept_in_the_record_and_read_by_agon_analyse() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let dir = Scratch::new("gui-comments");
    let words = legal_line("zamma", "", None, 6, 1);
    let mut text: Vec<String> = words.clone();
    text[0] += " {+0.12/3 0.050s}";
    text[1] += r" {the book move \} here}";
    people_game(&b, "zamma");
    set_fields(&b, &[("record", &agon_record("zamma", "", None, &text))]);
    b.execute("document.getElementById('import').click();", vec![])
        .expect("Import");
    wait_replayed(&b, "zamma", words.len());
    let mut want = vec![serde_json::Value::Null; words.len()];
    want[1] = "the book move } here".into();
    assert_eq!(comments(&b), serde_json::json!(want));
    // A comment typed on the fourth move, shown after it in the list.
    b.execute("goTo(pathTo(G.live)[4]);", vec![])
        .expect("go to ply 4");
    b.send_keys("#comment", r#"sharp: a "trap" {maybe}"#)
        .expect("type a comment");
    want[3] = r#"sharp: a "trap" {maybe}"#.into();
    wait(
        &b,
        &format!(
            "return JSON.stringify(pathTo(G.live).slice(1).map((n) => n.comment || null)) === {:?};",
            serde_json::json!(want).to_string()
        ),
        10,
        "the typed comment is not on the move",
    );
    let shown = b
        .execute(
            "return [...document.querySelectorAll('#movelist .comment')].map((c) => c.textContent);",
            vec![],
        )
        .expect("the list's comments");
    assert_eq!(shown, serde_json::json!([want[1], want[3]]));
    let record = exported(&b);
    assert!(
        record.contains(r#"{sharp: a "trap" {maybe\}}"#),
        "the comment is not in the record:\n{record}"
    );
    let out = analysed(dir.path(), "zamma", &record, words.len());
    let lines: Vec<&str> = out.lines().collect();
    for ply in [2, 4] {
        let row = lines
            .iter()
            .position(|l| l.split_whitespace().next() == Some(&ply.to_string()))
            .unwrap_or_else(|| panic!("no row for ply {ply}:\n{out}"));
        let comment = want[ply - 1].as_str().unwrap_or("");
        assert_eq!(
            lines.get(row + 1).map(|l| l.trim()),
            Some(format!("comment: {comment}").as_str()),
            "{out}"
        );
    }
    // `agon openings --from` takes it as an opening, comments and all.
    let file = dir.join("zamma.txt");
    let (status, out, err) = crate::common::run(&[
        "openings",
        "--game",
        "zamma",
        "--from",
        file.to_str().unwrap(),
        "--plies",
        "4",
    ]);
    assert!(status.success(), "{err}");
    let after_four = agon_d_after("zamma", &words[..4]);
    assert!(
        out.lines().any(|l| l == after_four),
        "the opening is not the position after the game's first four moves ({after_four}): {out}"
    );
    // The page reads its own record back with the comments.
    people_game(&b, "zamma");
    set_fields(&b, &[("record", &record)]);
    b.execute("document.getElementById('import').click();", vec![])
        .expect("Import again");
    wait_replayed(&b, "zamma", words.len());
    assert_eq!(comments(&b), serde_json::json!(want));
}

/// The page's game tree as the library keeps it: each word with its
/// lines, and the words to where the game is.
fn tree_and_line(b: &Browser) -> String {
    b.execute(
        "return JSON.stringify([treeOf(G.tree), wordsTo(G.live)]);",
        vec![],
    )
    .expect("the tree")
    .as_str()
    .unwrap_or("")
    .to_string()
}

/// A game of two people from `words`, then another line from two plies
/// before its end: the tree of a game with a variation.
fn game_with_a_variation(b: &Browser, game: &str, words: &[String]) {
    people_game(b, game);
    set_fields(b, &[("record", &agon_record(game, "", None, words))]);
    b.execute("document.getElementById('import').click();", vec![])
        .expect("Import");
    wait_replayed(b, game, words.len());
    for _ in 0..2 {
        b.execute("goTo(G.node.parent);", vec![]).expect("back");
    }
    // Another legal word there than the game's.
    b.execute(
        "const other = G.legal.find((w) => w !== G.node.children[0].word); playFromShown(other);",
        vec![],
    )
    .expect("another line");
    wait(
        b,
        "const many = (n) => n.children.length > 1 || n.children.some(many); return many(G.tree) && agonGui.state().person;",
        20,
        "the other line is played",
    );
}

#[test]
fn a_kept_game_comes_back_with_its_lines_and_comments_in_a_new_launch() {
    let Some((gui, b)) = open_page(&[]) else {
        return;
    };
    let words = legal_line("zamma", "", None, 8, 1);
    game_with_a_variation(&b, "zamma", &words);
    // A comment on the game's third move comes back with the tree.
    b.execute(
        "goTo(pathTo(G.live)[3]); const c = document.getElementById('comment'); c.value = 'why not 3?'; c.dispatchEvent(new Event('input'));",
        vec![],
    )
    .expect("a comment");
    let before = tree_and_line(&b);
    assert!(before.contains("why not 3?"), "{before}");
    // Renamed in the library.
    b.execute(
        "const i = document.querySelector('#savedgames li.current .saved-name'); i.value = 'the Saturday game'; i.dispatchEvent(new Event('change'));",
        vec![],
    )
    .expect("rename");
    // A new launch at the same address: the page it prints brings the
    // game back, with its lines, and the library lists it by its name.
    let port = gui.addr.rsplit(':').next().unwrap_or("0").to_string();
    drop(gui);
    let mut cmd = std::process::Command::new(crate::common::agon_bin());
    cmd.args(["gui", "--port", &port]);
    let again = crate::common::GuiServer::launch(cmd);
    b.goto(&again.url()).expect("the new launch's page");
    wait(
        &b,
        &format!(
            "return !!window.agonGui && JSON.stringify([treeOf(G.tree), wordsTo(G.live)]) === {before:?} && document.body.dataset.state !== 'loading';"
        ),
        60,
        "the kept game is not back",
    );
    let names = b
        .execute(
            "return [...document.querySelectorAll('#savedgames .saved-name')].map((i) => i.value);",
            vec![],
        )
        .expect("the library");
    assert_eq!(names, serde_json::json!(["the Saturday game"]));
}

/// A clocked game comes back with the time each seat had left, not the
/// base time again (issue 43).
#[test]
fn a_kept_clocked_game_comes_back_with_the_time_left() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    start_game(&b, "zamma", "person", &[("tc", "600+0")]);
    play_first_legal(&b);
    play_first_legal(&b);
    wait_person(&b);
    let saved = b
        .execute("return loadLibrary().games[G.libraryId].clocks;", vec![])
        .expect("the kept clocks");
    let left: Vec<f64> = saved
        .as_array()
        .expect("clocks")
        .iter()
        .filter_map(|v| v.as_f64())
        .collect();
    assert!(
        left.len() == 2 && left.iter().all(|&t| t < 600_000.0),
        "both moved, both clocks ran: {saved}"
    );
    b.execute("location.reload();", vec![]).expect("reload");
    wait(
        &b,
        "return !!window.agonGui && document.body.dataset.state !== 'loading' && agonGui.state().record.length === 2 && !!G.clocks;",
        30,
        "the kept game is not back",
    );
    let now = b.execute("return G.clocks;", vec![]).expect("the clocks");
    assert_eq!(now, saved, "the clocks restarted from the base time");
}

#[test]
fn a_closed_connection_reconnects_into_the_kept_game() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let words = legal_line("palma", "", None, 6, 2);
    people_game(&b, "palma");
    set_fields(&b, &[("record", &agon_record("palma", "", None, &words))]);
    b.execute("document.getElementById('import').click();", vec![])
        .expect("Import");
    wait_replayed(&b, "palma", words.len());
    let line = serde_json::json!(page_state(&b).record).to_string();
    // The connection drops (as the idle limit or a long line dropped it):
    // the board waits, then the page comes back into the kept game.
    b.execute("ws.close();", vec![]).expect("close the socket");
    wait(
        &b,
        "return performance.getEntriesByType('navigation')[0].type === 'reload' || document.body.dataset.connection === 'lost';",
        30,
        "the page sees the closed connection",
    );
    wait(
        &b,
        &format!(
            "return performance.getEntriesByType('navigation')[0].type === 'reload' && !!window.agonGui && JSON.stringify(agonGui.state().record) === {line:?} && document.body.dataset.state !== 'loading' && agonGui.state().person;"
        ),
        60,
        "the page does not come back into the kept game",
    );
}

/// A measurement, not a check (speed is never asserted in tests): the
/// time the page takes to import a 180-ply Abalone record, replayed
/// through the referee in one exchange (issue 43: 148 s before, a round
/// trip per word on a busy machine).
#[test]
#[ignore = "a measurement: prints the time of a 180-ply import"]
fn import_of_a_180_ply_record() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let words = crate::gui_browser::legal_record("abalone", 180, 3);
    set_fields(&b, &[("record", &agon_record("abalone", "", None, &words))]);
    let started = std::time::Instant::now();
    b.execute("document.getElementById('import').click();", vec![])
        .expect("Import");
    wait_replayed(&b, "abalone", words.len());
    println!("imported {} plies in {:?}", words.len(), started.elapsed());
}

/// The editor (issue 43): it opens on the palette's first piece, not on
/// Remove; it is turned as the board is; two-player Abalone's lost
/// marbles are set in it and written in the string the referee takes.
#[test]
fn the_editor_starts_on_a_piece_turns_with_the_board_and_sets_lost_marbles() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    open_editor(&b, "abalone", "");
    let chosen = b
        .execute(
            "return document.querySelector('#editorpalette [aria-pressed=\"true\"]').dataset.piece;",
            vec![],
        )
        .expect("the chosen piece");
    assert_eq!(chosen, "b", "the editor starts on Remove");
    // A marble of each colour off the board, then counted as lost.
    edit(&b, &[("remove", "cell:a1"), ("remove", "cell:i5")]);
    set_fields(&b, &[("editorlostb", "1"), ("editorlostw", "1")]);
    b.execute(
        "for (const id of ['editorlostb', 'editorlostw']) document.getElementById(id).dispatchEvent(new Event('change'));",
        vec![],
    )
    .expect("lost marbles");
    let fen = editor_string(&b);
    assert!(fen.contains("-1b1w "), "{fen}");
    let lines = agon_d("abalone", "", &fen);
    assert_eq!(field(&lines, "position: "), fen, "{lines:?}");
    // Turned with the board: a1 above i5 on the editor's board too.
    let top = |b: &Browser, cell: &str| {
        b.execute(
            "return document.querySelector(`#editorboard [data-token=\"cell:${arguments[0]}\"]`).getBoundingClientRect().top;",
            vec![cell.into()],
        )
        .expect("a cell")
        .as_f64()
        .unwrap_or(0.0)
    };
    assert!(top(&b, "a1") > top(&b, "i5"), "a1 at the bottom");
    b.click("#flip").expect("flip");
    b.click("#editopen").expect("open the editor again");
    assert!(top(&b, "a1") < top(&b, "i5"), "the editor is not turned");
    b.click("#flip").expect("turn back");
}
