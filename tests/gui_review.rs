//! The page's evaluation bar and "Analyse this game", in headless
//! Chromium (helpers of gui_browser.rs): the bar favours the side that is
//! winning whoever is to move, and the page's review of a recorded game
//! marks the moves `agon analyse --record` marks, with the same losses and
//! best moves, and the same summary per player.

use crate::common::run;
use crate::common::scratch::Scratch;
use crate::common::webdriver::Browser;
use crate::gui_browser::{
    new_game, open_page, set_fields, text_of, wait, wait_progressing, REVIEW_PROGRESS,
};

/// Abalone with five Black marbles pushed off: White is winning.
const WHITE_AHEAD: &str = "wwwww/wwwwww/2www2/8/9/8/7/bbbb2/bbbbb-5b0w";

/// The bar's share for the first player (Black) and its number, once the
/// analysis has reported on the position `WHITE_AHEAD` with `side` to move.
fn bar_with_to_move(b: &Browser, side: &str) -> (f64, String, String) {
    new_game(
        b,
        &[
            ("game", "abalone"),
            ("options", ""),
            ("p1", "person"),
            ("p2", "person"),
            ("startfen", &format!("{WHITE_AHEAD} {side}")),
        ],
    );
    set_fields(b, &[("analyse", "on")]);
    wait(
        b,
        "const bar = document.getElementById('evalbar'); return !bar.hidden && bar.dataset.share !== '';",
        30,
        &format!("the bar shows no evaluation with {side} to move"),
    );
    let v = b
        .execute(
            "const bar = document.getElementById('evalbar'); return [Number(bar.dataset.share), bar.querySelector('.value').textContent, bar.title];",
            vec![],
        )
        .expect("the bar");
    set_fields(b, &[("analyse", "off")]);
    (
        v[0].as_f64().expect("a share"),
        v[1].as_str().unwrap_or("").to_string(),
        v[2].as_str().unwrap_or("").to_string(),
    )
}

#[test]
fn the_evaluation_bar_favours_the_winning_side_whoever_is_to_move() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    for side in ["b", "w"] {
        let (share, number, title) = bar_with_to_move(&b, side);
        // Black's share: White, five marbles up, is far ahead.
        assert!(
            share < 0.25,
            "{side} to move: Black's share {share}: {title}"
        );
        assert!(number.starts_with('-'), "{side} to move: {number}");
        assert!(
            title.starts_with("Black's side (bottom, against White at the top)"),
            "{title}"
        );
    }
}

/// The bar's fill and labels against the board's direction, and its
/// number whole in the bar (issue 43: `+0.92` was cut to `+0.9`, and the
/// bar kept the first player at the bottom on a turned board).
#[test]
fn the_evaluation_bar_turns_with_the_board_and_shows_its_whole_number() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    new_game(
        &b,
        &[
            ("game", "zamma"),
            ("options", ""),
            ("p1", "person"),
            ("p2", "person"),
            ("startfen", ""),
        ],
    );
    wait(
        &b,
        "return !!agonGui.state().person;",
        30,
        "the game does not start",
    );
    // Black (the first player) ahead: by 0.92 men (63 %), and by 12.34.
    let look = |b: &Browser, cp: i32| {
        b.execute(
            "G.node.eval = { score: `cp ${arguments[0]}`, k: 0 }; renderEvalBar(); const bar = document.getElementById('evalbar'), v = bar.querySelector('.value'), f = bar.querySelector('.fill').getBoundingClientRect(), r = bar.getBoundingClientRect(); return [v.textContent, v.scrollWidth <= v.clientWidth, Math.abs(f.bottom - r.bottom) < 2, Math.abs(f.top - r.top) < 2, bar.querySelector('.top').textContent, bar.querySelector('.bottom').textContent, bar.title];",
            vec![cp.into()],
        )
        .expect("the bar")
    };
    let v = look(&b, 1234);
    assert_eq!(v[0], "+12.34", "{v}");
    assert_eq!(v[1], true, "the number is cut: {v}");
    let v = look(&b, 92);
    assert_eq!(v[0], "+0.92", "{v}");
    assert_eq!(v[1], true, "the number is cut: {v}");
    assert_eq!(
        (&v[2], &v[3]),
        (&true.into(), &false.into()),
        "Black's share from the bottom: {v}"
    );
    assert_eq!((&v[4], &v[5]), (&"W".into(), &"B".into()), "{v}");
    b.click("#flip").expect("flip the board");
    let v = look(&b, 92);
    assert_eq!(
        (&v[2], &v[3]),
        (&false.into(), &true.into()),
        "Black's share from the top: {v}"
    );
    assert_eq!((&v[4], &v[5]), (&"B".into(), &"W".into()), "{v}");
    assert!(
        v[6].as_str()
            .unwrap_or("")
            .starts_with("Black's side (top, against White at the bottom)"),
        "{v}"
    );
    b.click("#flip").expect("turn it back");
}

/// Game 1 of a Zamma match, depth 2 against random, 12 plies (`agon match
/// --game zamma --a depth=2 --b search=random --games 2 --max-plies 12
/// --seed 11 --record F`): White's random capture at ply 8 is a blunder, and
/// six of the twelve moves are forced captures.
const ZAMMA_RECORD: &str = r#"[Game "zamma"]
[Options "board=alquerque mullah_landing=any quiet_plies=50 repetition=3"]
[Number "1"]
[Black "depth=2"]
[White "search=random"]
[Entrants "0 1"]
[TimeControl "depth=2 / none"]
[Start "wwwwwwwww/wwwwwwwww/wwwwwwwww/w1wwwwwww/bb1bbwwww/bbbwbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb b 0 2"]
[Result "1/2-1/2"]
[Reason "ply limit"]
[Detail "a draw: the game has no adjudication of its own"]
[Plies "12"]

e3xc5 {-1.08/2 0.000s} f6xd4 {0.000s} c3xe5 {-0.66/2 0.001s} g5xe3xc3 {0.000s}
b2xd4 {-0.66/2 0.000s} d6xf4 {0.000s} g3xe5xg5 {-0.66/2 0.000s} h5xf5 {0.000s}
f2-e3 {+1.89/2 0.000s} i5xg3 {0.000s} h2xf4xf6xd6xb6 {+1.89/2 0.000s}
a6xc6 {0.000s}
1/2-1/2
"#;

/// A row of the command's table: ply, kind (`decision`, `forced`,
/// `chance`) and for a decision the loss as printed, the mark and the
/// best move.
#[derive(Debug, PartialEq)]
struct Row {
    ply: u64,
    kind: String,
    loss: String,
    mark: String,
    best: String,
}

/// The rows of `agon analyse --record`'s table.
fn command_rows(out: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for line in out.lines() {
        let t: Vec<&str> = line.split_whitespace().collect();
        let Some(ply) = t.first().and_then(|w| w.parse::<u64>().ok()) else {
            continue;
        };
        let row = |kind: &str| Row {
            ply,
            kind: kind.to_string(),
            loss: String::new(),
            mark: String::new(),
            best: String::new(),
        };
        if t.get(1) == Some(&"chance") {
            rows.push(row("chance"));
        } else if t.get(3) == Some(&"(forced)") {
            rows.push(row("forced"));
        } else {
            // ply player played value best value loss [mark]; a value is
            // a number or `mate N`.
            let mut rest: Vec<&str> = t[3..].to_vec();
            let mark = match rest.last() {
                Some(&m) if m == "?!" || m == "?" || m == "??" => rest.pop().unwrap_or_default(),
                _ => "",
            };
            let loss = rest.pop().expect("a loss").to_string();
            let best = if rest[0] == "mate" { rest[2] } else { rest[1] };
            rows.push(Row {
                loss,
                mark: mark.to_string(),
                best: best.to_string(),
                ..row("decision")
            });
        }
    }
    rows
}

/// The command's summary lines as the page's table words them: per
/// player, moves, average loss, inaccuracies, errors, blunders, accuracy,
/// and in a dice game the summed luck, the result and the luck-adjusted
/// result (`-` for a game the rules did not end).
fn command_summary(out: &str) -> Vec<Vec<String>> {
    out.lines()
        .filter(|l| l.starts_with("summary "))
        .map(|l| {
            let after = l.split("): ").nth(1).expect("summary figures");
            let n: Vec<&str> = after.split(", ").collect();
            let last = |s: &str| s.split_whitespace().next().unwrap_or("").to_string();
            let mut row = vec![
                last(n[0]),
                n[1].trim_start_matches("average loss ").to_string(),
                last(n[2]),
                last(n[3]),
                last(n[4]),
                n[5].trim_start_matches("accuracy ").to_string(),
            ];
            let field = |name: &str| n.iter().find_map(|f| f.strip_prefix(name));
            if let Some(luck) = field("luck ") {
                row.push(luck.to_string());
                for name in ["result ", "luck-adjusted result "] {
                    row.push(field(name).unwrap_or("-").to_string());
                }
            }
            row
        })
        .collect()
}

/// The command's throws: ply and luck as printed.
fn command_throws(out: &str) -> serde_json::Value {
    out.lines()
        .filter(|l| l.contains(" chance ") && l.contains(" luck "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            serde_json::json!([w[0].parse::<u64>().expect("a ply"), w[w.len() - 1]])
        })
        .collect()
}

/// The page's throws: ply and luck as shown.
fn page_throws(b: &Browser) -> serde_json::Value {
    b.execute(
        "return [...document.querySelectorAll('#reviewthrows tr[data-ply]')].map((tr) => [Number(tr.dataset.ply), tr.cells[3].textContent]);",
        vec![],
    )
    .expect("the throws")
}

/// The page's summary table, less the players' names.
fn page_summary(b: &Browser) -> serde_json::Value {
    b.execute(
        "return [...document.querySelectorAll('#reviewsummary tr[data-player]')].map((tr) => [...tr.cells].slice(1).map((c) => c.textContent));",
        vec![],
    )
    .expect("the summary")
}

/// Game 1 of a Palma match of two random players (seed 9): the Hounds'
/// 0-5 and 5-10 give up an entry worth a tenth of a win each. (A move
/// `0-1` would be read as a result by the page's import.)
const PALMA_RECORD: &str = r#"[Game "palma"]
[Options "first=hounds shortcuts=10>24,20>22 reverse=off extra_squares=15"]
[Number "1"]
[Hounds "search=random"]
[Jackals "search=random"]
[Entrants "0 1"]
[TimeControl "none / none"]
[Start "h=5/0/- j=5/0/- use=j:2"]
[Result "1-0"]
[Reason "ply limit"]
[Plies "40"]

pass {0.000s} pass {0.000s} t1 pass {0.000s} pass {0.000s} t5 enter {0.000s} t2
0-2 {0.000s} t2 pass {0.000s} 2-4 {0.000s} t3 4-7 {0.000s} t1 pass {0.000s}
7-8 {0.000s} t1 8-9 {0.000s} t1 pass {0.000s} 9-10 {0.000s} t2 24-26 {0.000s} t1
pass {0.000s} 26-27 {0.000s} t2 27-29 {0.000s} t5 enter {0.000s} t5 0-5 {0.000s}
t5 5-10 {0.000s} t1 24-25 {0.000s} t2 pass {0.000s} 25-27 {0.000s}
1-0
"#;

/// Imports `record` (`plies` words of `game`) into the page, without a
/// throw or roll of the page's own after its last word.
fn import_whole(b: &Browser, game: &str, record: &str, plies: usize) {
    set_fields(b, &[("chancedelay", "3600000"), ("record", record)]);
    b.execute("document.getElementById('import').click();", vec![])
        .expect("Import");
    wait(
        b,
        &format!("const s = agonGui.state(); return s.game === '{game}' && s.record.length === {plies} && s.turn !== 'wait';"),
        60,
        &format!("the {game} record is not imported"),
    );
}

/// `agon analyse --record` of `record` at `depth`, and the page's
/// "Analyse this game" at the same depth: the same rows (forced moves,
/// throws, and for each decision the loss as printed, the mark and the
/// best move), the same summary, each mark listed with its best move and
/// drawn on the graph.
fn review_agrees_with_the_command(b: &Browser, game: &str, record: &str, depth: &str) {
    let dir = Scratch::new(&format!("gui-review-{game}"));
    let file = dir.join("game.agn");
    std::fs::write(&file, record).expect("the record");
    let (status, out, err) = run(&[
        "analyse",
        "--game",
        game,
        "--record",
        file.to_str().expect("path"),
        "--depth",
        depth,
    ]);
    assert!(status.success(), "{err}");
    let expected = command_rows(&out);
    assert!(
        expected.iter().any(|r| r.mark == "??"),
        "{game}: the game has a blunder: {out}"
    );
    let plies = expected.len();
    import_whole(b, game, record, plies);
    set_fields(b, &[("rdepth", depth)]);
    b.click("#reviewgo").expect("Analyse this game");
    wait_progressing(
        b,
        &format!("return !agonReview.running() && agonReview.rows().length === {plies};"),
        REVIEW_PROGRESS,
        60,
        &format!("{game}: the review does not end"),
    );
    // Losses as the command prints them: win probabilities to 4 places
    // (Palma), centi-units whole.
    let places = if game == "palma" { 4 } else { 0 };
    let rows = b
        .execute(
            "return agonReview.rows().map((r) => [r.ply, r.kind, r.kind === 'decision' ? r.loss.toFixed(arguments[0]) : '', r.mark || '', r.best || '']);",
            vec![places.into()],
        )
        .expect("the review's rows");
    let page: Vec<Row> = rows
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| Row {
            ply: r[0].as_u64().expect("ply"),
            kind: r[1].as_str().unwrap_or("").to_string(),
            loss: r[2].as_str().unwrap_or("").to_string(),
            mark: r[3].as_str().unwrap_or("").to_string(),
            best: r[4].as_str().unwrap_or("").to_string(),
        })
        .collect();
    assert_eq!(
        page, expected,
        "{game}: the page's review against agon analyse:\n{out}"
    );
    assert_eq!(
        page_summary(b),
        serde_json::json!(command_summary(&out)),
        "{game}: the summary against agon analyse:\n{out}"
    );
    // Each throw's luck, for the player who decides after it.
    assert_eq!(
        page_throws(b),
        command_throws(&out),
        "{game}: the throws' luck against agon analyse:\n{out}"
    );
    // Each marked ply's entry, named by its move number in the move list
    // (issue 43: not by the ply, throws and rolls counted).
    let marks = b
        .execute(
            "return Object.fromEntries([...document.querySelectorAll('#reviewmarks [data-ply]')].map((e) => { const n = lineThrough(G.node)[Number(e.dataset.ply)]; return [e.dataset.ply, [e.textContent, moveNumbers(lineThrough(G.node).slice(1)).get(n)]]; }));",
            vec![],
        )
        .expect("the marks");
    let marked: Vec<&Row> = expected.iter().filter(|r| !r.mark.is_empty()).collect();
    for r in &marked {
        let entry = &marks[r.ply.to_string()];
        let text = entry[0].as_str().unwrap_or("");
        let number = entry[1].as_u64().unwrap_or(0);
        assert!(
            number > 0
                && text.starts_with(&format!("{number}. "))
                && text.contains(&format!("best {}", r.best)),
            "{game}: ply {} in the marked moves: {marks}",
            r.ply
        );
    }
    let dots = b
        .execute(
            "return document.querySelectorAll('#evalgraph .graph-inaccuracy, #evalgraph .graph-error, #evalgraph .graph-blunder').length;",
            vec![],
        )
        .expect("the graph");
    assert_eq!(
        dots,
        serde_json::json!(marked.len()),
        "{game}: a dot per mark"
    );
    assert_eq!(
        text_of(b, "#reviewprogress"),
        format!("{plies} of {plies} moves analysed")
    );
    // The move list carries the marks, and a marked move's click shows
    // the position after it.
    let listed = b
        .execute(
            "return [...document.querySelectorAll('#movelist .inaccuracy, #movelist .error, #movelist .blunder')].map((e) => e.textContent);",
            vec![],
        )
        .expect("the move list's marks");
    assert_eq!(
        listed.as_array().map(Vec::len),
        Some(marked.len()),
        "{game}: the move list's marks: {listed}"
    );
    let first = marked[0].ply;
    b.click(&format!("#reviewmarks [data-ply=\"{first}\"]"))
        .expect("a click on a marked move");
    wait(
        b,
        &format!("return agonGui.state().record.length === {first};"),
        20,
        &format!("{game}: the marked move's position"),
    );
}

#[test]
fn analysing_a_game_marks_the_moves_agon_analyse_marks_with_the_same_losses() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    review_agrees_with_the_command(&b, "zamma", ZAMMA_RECORD, "3");
    // Win probabilities, with throws between the moves.
    review_agrees_with_the_command(&b, "palma", PALMA_RECORD, "2");
}

#[test]
fn a_running_review_stops_at_the_stop_button() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    import_whole(&b, "zamma", ZAMMA_RECORD, 12);
    // Deep enough that no move's search ends before the button is pressed.
    set_fields(&b, &[("rdepth", "40")]);
    b.click("#reviewgo").expect("Analyse this game");
    wait(
        &b,
        "return agonReview.running() && /^move [2-9]/.test(document.getElementById('reviewprogress').textContent) && !document.getElementById('reviewstop').hidden;",
        60,
        "the review does not reach its first decision",
    );
    b.click("#reviewstop").expect("Stop");
    wait(
        &b,
        "return !agonReview.running();",
        30,
        "the review does not stop",
    );
    let progress = text_of(&b, "#reviewprogress");
    assert!(progress.starts_with("stopped after move"), "{progress}");
    let done = b
        .execute("return agonReview.rows().length;", vec![])
        .expect("rows");
    assert!(done.as_u64().unwrap_or(99) < 12, "{done} moves reviewed");
    // The page is the game's again: the button works.
    assert!(b
        .execute(
            "return !document.getElementById('reviewgo').disabled;",
            vec![]
        )
        .expect("button")
        .as_bool()
        .unwrap_or(false));
}

/// A Stop pressed as a move's review begins, before its search is sent,
/// stops the review there: it found no search to stop, and the search
/// that followed ran to its depth (40 here: the review never ended).
#[test]
fn a_stop_between_two_searches_stops_the_review() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    import_whole(&b, "zamma", ZAMMA_RECORD, 12);
    set_fields(&b, &[("rdepth", "1")]);
    // Stop is pressed the moment the second move's review is announced,
    // before anything about it is asked of the engine.
    b.execute(
        "new MutationObserver((_, o) => { if (/^move 2 /.test(document.getElementById('reviewprogress').textContent)) { o.disconnect(); document.getElementById('rdepth').value = '40'; document.getElementById('reviewstop').click(); } }).observe(document.getElementById('reviewprogress'), { childList: true, characterData: true, subtree: true });",
        vec![],
    )
    .expect("the observer");
    b.click("#reviewgo").expect("Analyse this game");
    wait(
        &b,
        "return !agonReview.running();",
        30,
        "the review does not stop",
    );
    assert_eq!(text_of(&b, "#reviewprogress"), "stopped after move 1 of 12");
}

/// A Palma game the rules end: Hounds' 2 brings their last piece home
/// (the record of `a_known_lucky_throw_shows_its_luck`, tests/cli_analyse.rs).
const PALMA_FINISHED: &str = r#"[Game "palma"]
[Options ""]
[Number "1"]
[Hounds "a"]
[Jackals "b"]
[Entrants "0 1"]
[TimeControl "none / none"]
[Start "h=0/0/23,26,27,28,29 j=0/0/24,26,27,28,29 throw=h"]
[Result "1-0"]
[Reason "rules"]
[Plies "2"]

t2 23-25
1-0
"#;

#[test]
fn the_review_of_a_finished_dice_game_shows_the_luck_adjusted_result() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let dir = Scratch::new("gui-review-luck");
    let file = dir.join("game.agn");
    std::fs::write(&file, PALMA_FINISHED).expect("the record");
    let (status, out, err) = run(&[
        "analyse",
        "--game",
        "palma",
        "--record",
        file.to_str().expect("path"),
        "--depth",
        "1",
    ]);
    assert!(status.success(), "{err}");
    let summary = command_summary(&out);
    assert!(
        summary.iter().all(|row| row.len() == 9 && row[8] != "-"),
        "a luck-adjusted result per player: {out}"
    );
    import_whole(&b, "palma", PALMA_FINISHED, 2);
    set_fields(&b, &[("rdepth", "1")]);
    b.click("#reviewgo").expect("Analyse this game");
    wait_progressing(
        &b,
        "return !agonReview.running() && agonReview.rows().length === 2;",
        REVIEW_PROGRESS,
        60,
        "the review does not end",
    );
    assert_eq!(page_summary(&b), serde_json::json!(summary), "{out}");
    assert_eq!(page_throws(&b), command_throws(&out), "{out}");
}

/// "Learn from your mistakes" (issue 43): after the review, each marked
/// move's position comes back; the mistake itself is judged not good
/// enough and not kept, the review's best move is good, and the next
/// mistake (or the end) follows.
#[test]
fn learning_from_a_mistake_refuses_it_and_takes_the_best_move() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    import_whole(&b, "zamma", ZAMMA_RECORD, 12);
    set_fields(&b, &[("rdepth", "2")]);
    b.click("#reviewgo").expect("Analyse this game");
    wait_progressing(
        &b,
        "return !agonReview.running() && agonReview.rows().length === 12 && !document.getElementById('learngo').hidden;",
        REVIEW_PROGRESS,
        60,
        "the review does not end with something to learn",
    );
    let marked = b
        .execute(
            "return agonReview.rows().filter((r) => r.mark === '?' || r.mark === '??').map((r) => [r.ply, r.word, r.best]);",
            vec![],
        )
        .expect("the marked rows");
    let marked = marked.as_array().expect("rows").clone();
    assert!(!marked.is_empty(), "the record has a blunder");
    let ply = marked[0][0].as_u64().expect("ply");
    let word = marked[0][1].as_str().expect("word").to_string();
    let best = marked[0][2].as_str().expect("best").to_string();
    b.click("#learngo").expect("Learn from your mistakes");
    let at_mistake = format!("return !document.getElementById('learnbox').hidden && agonGui.state().record.length === {} && agonGui.state().browsing;", ply - 1);
    wait(&b, &at_mistake, 10, "the mistake's position is not shown");
    let text = text_of(&b, "#learntext");
    assert!(text.contains(&format!("played {word}")), "{text}");
    b.execute("personMove(arguments[0]);", vec![word.clone().into()])
        .expect("the mistake again");
    wait(
        &b,
        "return document.getElementById('learnbox').dataset.state === 'wrong';",
        60,
        "the mistake is not refused",
    );
    wait(&b, &at_mistake, 5, "the mistake was kept");
    b.execute("personMove(arguments[0]);", vec![best.clone().into()])
        .expect("the best move");
    wait(
        &b,
        "return document.getElementById('learnbox').dataset.state === 'solved';",
        10,
        "the best move is not taken",
    );
    let next = match marked.get(1) {
        Some(r) => format!(
            "return agonGui.state().record.length === {} && document.getElementById('learnbox').dataset.state === '';",
            r[0].as_u64().expect("ply") - 1
        ),
        None => "return document.getElementById('learnbox').dataset.state === 'done';".to_string(),
    };
    wait(&b, &next, 10, "the next mistake does not follow");
    b.click("#learnstop").ok();
}
