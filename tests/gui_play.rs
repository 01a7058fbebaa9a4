//! Playing comfortably in `agon gui`, in headless Chromium: the phone
//! layout (no sideways scrolling at 400 and 360 px, the board at full
//! width, readable coordinates, a tab per panel), the rules help of each
//! game, the strength levels (the `go` each sends, read in the page's
//! protocol log), who is thinking and whom you play, resigning, a draw
//! agreed or declined, a rematch with the seats swapped and an imported
//! game continued against the engine.

use crate::common::webdriver::Browser;
use crate::gui_browser::{
    import_record, legal_record, new_game, open_page, page_log, page_state, result_shown,
    screenshot_dir, start_game, text_of, wait, wait_person,
};

/// Every game and player count, with a word its rules help must use.
const GAMES: [(&str, &str, &str); 6] = [
    ("abalone", "", "Sumito"),
    ("abalone", "players=4", "two teams"),
    ("zamma", "", "compulsory"),
    ("petteia", "", "Peltast"),
    ("kubeia", "", "Hand of Zeus"),
    ("palma", "", "enters on square 0 only with a 5"),
];

const TABS: [&str; 5] = ["play", "setup", "analysis", "moves", "record"];

fn show_tab(b: &Browser, tab: &str) {
    b.click(&format!("nav.tabs button[data-tab=\"{tab}\"]"))
        .unwrap_or_else(|e| panic!("the {tab} tab: {e}"));
}

/// The visible panels, by their tab.
fn panels_shown(b: &Browser) -> Vec<String> {
    let v = b
        .execute(
            "return [...document.querySelectorAll('aside .panel')].filter(p => p.getBoundingClientRect().height > 0).map(p => p.dataset.tab);",
            vec![],
        )
        .expect("the panels");
    v.as_array()
        .expect("a list")
        .iter()
        .map(|x| x.as_str().unwrap_or("").to_string())
        .collect()
}

/// The page's width, the window's, the board's, and the smallest font
/// size on screen of the board's coordinates (0 without any).
fn widths(b: &Browser) -> (f64, f64, f64, f64) {
    let v = b
        .execute(
            "const board = document.getElementById('board'); const scale = board.getScreenCTM().a; const labels = [...board.querySelectorAll('.coord, .track-number')].map(e => parseFloat(getComputedStyle(e).fontSize) * scale); return [document.documentElement.scrollWidth, window.innerWidth, board.getBoundingClientRect().width, labels.length ? Math.min(...labels) : 0];",
            vec![],
        )
        .expect("widths");
    let n = |i: usize| v[i].as_f64().unwrap_or(f64::NAN);
    (n(0), n(1), n(2), n(3))
}

#[test]
fn a_phone_shows_every_game_at_full_width_with_a_tab_per_panel() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    for width in [400u32, 360] {
        b.set_window_size(width, 900).expect("window size");
        wait(
            &b,
            &format!("return window.innerWidth === {width};"),
            10,
            "the window resizes",
        );
        for (game, options, rule) in GAMES {
            show_tab(&b, "setup");
            new_game(
                &b,
                &[
                    ("game", game),
                    ("options", options),
                    ("p1", "person"),
                    ("p2", "person"),
                    ("p3", "person"),
                    ("p4", "person"),
                ],
            );
            for tab in TABS {
                show_tab(&b, tab);
                assert_eq!(
                    panels_shown(&b),
                    vec![tab.to_string()],
                    "{game} {options} at {width} px: the {tab} tab shows its panel alone"
                );
                let (page, window, board, label) = widths(&b);
                assert!(
                    page <= window,
                    "{game} {options} at {width} px, {tab} tab: the page is {page} px wide; past the edge: {}",
                    b.execute(
                        "return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5).slice(0, 8).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ');",
                        vec![],
                    )
                    .unwrap_or_default()
                );
                assert!(
                    board >= 0.9 * window,
                    "{game} {options} at {width} px: the board is {board} of {window} px"
                );
                assert!(
                    label >= 9.5,
                    "{game} {options} at {width} px: coordinates of {label} px"
                );
            }
            show_tab(&b, "play");
            if width == 360 {
                let name = format!("phone-{game}{}.png", options.replace('=', ""));
                b.screenshot(&screenshot_dir().join(name))
                    .expect("a screenshot");
            }
            // Laid out first: the panel the tab shows may still be
            // coming in as the game on the page starts.
            wait(
                &b,
                "const r = document.querySelector('#rules summary').getBoundingClientRect(); return r.width > 0 && r.height > 0;",
                20,
                "the rules' summary on the play tab",
            );
            b.click("#rules summary").unwrap_or_else(|e| {
                panic!(
                    "open the rules at {width} px: {e}; {:?}",
                    b.execute("const s = document.querySelector('#rules summary'); const r = s.getBoundingClientRect(); const p = s.closest('.panel'); return [r.x, r.y, r.width, r.height, getComputedStyle(s).display, p.className, getComputedStyle(p).display, document.elementFromPoint(r.x + 5, r.y + 5)?.outerHTML.slice(0, 120), innerWidth, innerHeight, scrollY];", vec![])
                )
            });
            let help = text_of(&b, "#rulestext");
            assert!(
                help.contains(rule),
                "{game} {options}: the rules help says '{rule}': {help}"
            );
            b.click("#rules summary").expect("close the rules");
        }
    }
}

/// The log's lines since it was last cleared.
fn log_lines(b: &Browser) -> Vec<String> {
    text_of(b, "#log").lines().map(String::from).collect()
}

fn clear_log(b: &Browser) {
    b.execute("document.getElementById('log').textContent = '';", vec![])
        .expect("clear the log");
}

#[test]
fn each_strength_level_sends_its_limits_and_the_thinking_seat_is_marked() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let levels = [
        ("beginner", "depth 1", true),
        ("casual", "nodes 1000", false),
        ("club", "nodes 20000", false),
        ("strong", "movetime 1000", false),
        ("maximum", "movetime 5000", false),
    ];
    for (level, limits, greedy) in levels {
        clear_log(&b);
        new_game(
            &b,
            &[
                ("game", "abalone"),
                ("p1", "engine:0"),
                ("p2", "person"),
                ("tc", ""),
                ("strength", level),
            ],
        );
        let go = format!("> go {limits}");
        wait(
            &b,
            &format!(
                "return document.getElementById('log').textContent.split('\\n').some(l => l.endsWith({go:?}));"
            ),
            20,
            &format!("{level}: no '{go}'"),
        );
        let lines = log_lines(&b);
        let gos: Vec<&String> = lines.iter().filter(|l| l.contains("> go ")).collect();
        assert!(
            gos.iter().all(|l| l.ends_with(&go)),
            "{level}: every go is '{go}': {gos:?}"
        );
        assert_eq!(
            lines
                .iter()
                .any(|l| l.ends_with("> setoption name Search value greedy")),
            greedy,
            "{level}: the greedy search is set only for the beginner"
        );
        assert_eq!(text_of(&b, "#youplay"), "You play White", "{level}");
        if level == "maximum" {
            // Five seconds of search: the engine's seat says it is thinking.
            wait(
                &b,
                "const m = document.querySelector('#names [data-player=\"1\"] .thinking'); return !!m && document.body.dataset.state === 'engine';",
                10,
                "Black's engine is not marked thinking",
            );
            assert!(
                !text_of(&b, "#names [data-player=\"2\"]").contains("thinking"),
                "the person's seat does not think"
            );
        }
    }
}

/// Clicks a button of the page from script (the panels may be re-laid
/// out as engine lines come in) and waits for the result.
fn press(b: &Browser, id: &str) {
    b.execute(
        "const e = document.getElementById(arguments[0]); if (e.hidden) throw new Error(arguments[0] + ' is hidden'); e.click();",
        vec![id.into()],
    )
    .unwrap_or_else(|e| panic!("{}\n{id}: {e}", page_log(b)));
}

fn wait_over(b: &Browser) {
    wait(
        b,
        "return document.body.dataset.state === 'over';",
        20,
        "the game does not end",
    );
}

#[test]
fn resigning_ends_the_game_with_the_other_side_winning() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    start_game(
        &b,
        "zamma",
        "engine:0",
        &[("strength", "beginner"), ("tc", "")],
    );
    wait_person(&b);
    press(&b, "resign");
    wait_over(&b);
    assert_eq!(result_shown(&b), "p2win");
    assert_eq!(text_of(&b, "#result"), "White wins: Black resigned");
    b.execute(
        "document.getElementById('format').value = 'agon'; document.getElementById('export').click();",
        vec![],
    )
    .expect("export");
    let record = b
        .execute("return document.getElementById('record').value;", vec![])
        .expect("the record");
    let record = record.as_str().unwrap_or("");
    assert!(
        record.contains("[Result \"0-1\"]") && record.contains("[Reason \"resignation\"]"),
        "{record}"
    );
    assert!(
        b.execute("return document.getElementById('resign').hidden;", vec![])
            .expect("the button")
            .as_bool()
            .unwrap_or(false),
        "no resigning after the end"
    );
    // Four players: Black resigns for the team of Black and Red.
    new_game(
        &b,
        &[
            ("game", "abalone"),
            ("options", "players=4"),
            ("p1", "person"),
            ("p2", "person"),
            ("p3", "person"),
            ("p4", "person"),
        ],
    );
    press(&b, "resign");
    wait_over(&b);
    assert_eq!(result_shown(&b), "rank2-1-2-1");
    assert_eq!(text_of(&b, "#result"), "White and Blue win: Black resigned");
}

#[test]
fn a_draw_is_agreed_between_people_and_declined_by_an_engine_without_a_score() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    start_game(&b, "petteia", "person", &[]);
    press(&b, "offerdraw");
    wait(
        &b,
        "return !document.getElementById('offer').hidden;",
        10,
        "the other person is not asked",
    );
    assert_eq!(text_of(&b, "#offertext"), "White offers a draw. Black:");
    press(&b, "acceptdraw");
    wait_over(&b);
    assert_eq!(result_shown(&b), "draw");
    assert_eq!(text_of(&b, "#result"), "Draw: agreed");
    // An engine that has said nothing of this game declines.
    start_game(
        &b,
        "zamma",
        "engine:0",
        &[("strength", "beginner"), ("tc", "")],
    );
    wait_person(&b);
    press(&b, "offerdraw");
    wait(
        &b,
        "return document.getElementById('notice').textContent === 'White declines the draw';",
        10,
        "the engine does not decline",
    );
    assert!(!page_state(&b).over, "the game goes on");
    // Palma has no draws: no offer.
    start_game(&b, "palma", "person", &[]);
    assert!(
        b.execute(
            "return document.getElementById('offerdraw').hidden;",
            vec![]
        )
        .expect("the button")
        .as_bool()
        .unwrap_or(false),
        "Palma has no draws to offer"
    );
}

#[test]
fn a_rematch_swaps_the_seats() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    start_game(
        &b,
        "zamma",
        "engine:0",
        &[("strength", "beginner"), ("tc", "")],
    );
    wait_person(&b);
    let generation = b
        .execute("return agonGui.state().generation;", vec![])
        .expect("generation");
    press(&b, "rematch");
    // The engine now plays Black and moves first; the person is White.
    wait(
        &b,
        &format!("const s = agonGui.state(); return s.generation > {generation} && s.person && s.record.length === 1;"),
        30,
        "the engine does not open the rematch",
    );
    let seats = b
        .execute(
            "return [document.getElementById('p1').value, document.getElementById('p2').value, document.getElementById('youplay').textContent];",
            vec![],
        )
        .expect("the seats");
    assert_eq!(
        seats,
        serde_json::json!(["engine:0", "person", "You play White"])
    );
    let names = text_of(&b, "#names");
    assert!(
        names.starts_with("Black: agon") && names.ends_with("White: person"),
        "{names}"
    );
}

#[test]
fn an_imported_game_continues_against_the_engine_from_its_position() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    set_strength(&b, "beginner");
    let words = legal_record("zamma", 6, 1);
    import_record(&b, "zamma", &words);
    assert_eq!(page_state(&b).record, words);
    wait(
        &b,
        "return !document.getElementById('continuebox').hidden;",
        10,
        "no continuing an all-person game",
    );
    // Black is to move after six plies: the engine takes Black.
    b.execute(
        "document.getElementById('continueseat').value = '0';",
        vec![],
    )
    .expect("choose the seat");
    press(&b, "continue");
    wait(
        &b,
        "const s = agonGui.state(); return s.record.length === 7 && s.person;",
        30,
        "the engine does not move from the imported position",
    );
    let s = page_state(&b);
    assert_eq!(s.record[..6], words[..], "the imported words stay");
    assert_eq!(result_shown(&b), "", "the engine's move is legal");
    assert_eq!(text_of(&b, "#youplay"), "You play White");
}

fn set_strength(b: &Browser, level: &str) {
    b.execute(
        "const e = document.getElementById('strength'); e.value = arguments[0]; e.dispatchEvent(new Event('change'));",
        vec![level.into()],
    )
    .expect("the strength");
}
