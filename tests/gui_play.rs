//! Playing comfortably in `agon gui`, in headless Chromium: the phone
//! layout (no sideways scrolling at 400 and 360 px, the board at full
//! width, readable coordinates, a tab per panel), the rules help of each
//! game, the strength levels (the `go` each sends, read in the page's
//! protocol log), who is thinking and whom you play, resigning, a draw
//! agreed or declined, a rematch with the seats swapped and an imported
//! game continued against the engine.

use crate::common::webdriver::Browser;
use crate::gui_browser::{
    clear_log, import_record, legal_record, log_lines, new_game, open_page, page_log, page_state,
    people_game, play_first_legal, result_shown, screenshot_dir, start_game, text_of, wait,
    wait_person,
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
    // A click lands where the button was laid out: on a loaded machine a
    // late reply (a game's tables built) can move the page under it, so
    // click again until the panel shows.
    let active = format!(
        "return document.querySelector('aside .panel[data-tab=\"{tab}\"]').classList.contains('active');"
    );
    for _ in 0..10 {
        b.click(&format!("nav.tabs button[data-tab=\"{tab}\"]"))
            .unwrap_or_else(|e| panic!("the {tab} tab: {e}"));
        if b.wait_for(&active, std::time::Duration::from_secs(3))
            .is_ok()
        {
            return;
        }
    }
    panic!("the {tab} tab: its panel does not show after 10 clicks");
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

/// Sets the window's width (900 px tall) and waits for the page to see it.
fn resize(b: &Browser, width: u32) {
    b.set_window_size(width, 900).expect("window size");
    wait(
        b,
        &format!("return window.innerWidth === {width};"),
        10,
        "the window resizes",
    );
}

#[test]
fn a_phone_shows_every_game_at_full_width_with_a_tab_per_panel() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    for width in [400u32, 360] {
        resize(&b, width);
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

#[test]
fn each_strength_level_sends_its_limits_and_the_thinking_seat_is_marked() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    // (level, go limits, the Skill level set, if any)
    let levels = [
        ("beginner", "movetime 1000", Some(2)),
        ("casual", "movetime 1000", Some(6)),
        ("club", "movetime 1000", Some(11)),
        ("expert", "movetime 1000", Some(16)),
        ("strong", "movetime 1000", None),
        ("maximum", "movetime 5000", None),
    ];
    for (level, limits, skill) in levels {
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
        let skills: Vec<&String> = lines
            .iter()
            .filter(|l| l.contains("> setoption name Skill value "))
            .collect();
        match skill {
            Some(n) => assert!(
                !skills.is_empty()
                    && skills
                        .iter()
                        .all(|l| l.ends_with(&format!("> setoption name Skill value {n}"))),
                "{level}: Skill {n} is set: {skills:?}"
            ),
            None => assert!(skills.is_empty(), "{level}: full strength: {skills:?}"),
        }
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

/// The strength select's label of each level, as the page shows it.
fn strength_labels(b: &Browser) -> Vec<(String, String)> {
    let v = b
        .execute(
            "return [...document.getElementById('strength').options].map(o => [o.value, o.text]);",
            vec![],
        )
        .expect("the levels");
    v.as_array()
        .expect("a list")
        .iter()
        .map(|p| {
            let s = |i: usize| p[i].as_str().unwrap_or("").to_string();
            (s(0), s(1))
        })
        .collect()
}

#[test]
fn the_levels_say_their_elo_in_the_game_chosen() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let skills = [("beginner", 2), ("casual", 6), ("club", 11), ("expert", 16)];
    for game in ["zamma", "abalone", "palma"] {
        b.execute(
            "const e = document.getElementById('game'); e.value = arguments[0]; e.dispatchEvent(new Event('change'));",
            vec![game.into()],
        )
        .expect("choose the game");
        let labels = strength_labels(&b);
        for (id, level) in skills {
            let (_, label) = labels
                .iter()
                .find(|(v, _)| v == id)
                .unwrap_or_else(|| panic!("{game}: no level {id}: {labels:?}"));
            // The engine's own scale, as UCI_Elo reads it.
            match agon::engine::skill::elo(game, level) {
                Some(elo) => assert!(
                    label.ends_with(&format!("({:.0} Elo)", elo)),
                    "{game} {id} (Skill {level}): {label}"
                ),
                None => assert!(!label.contains("Elo"), "{game} {id}: {label}"),
            }
        }
        let full = agon::engine::skill::elo(game, agon::engine::skill::FULL);
        let (_, strong) = labels.iter().find(|(v, _)| v == "strong").expect("strong");
        assert_eq!(
            strong.contains(&format!("(≥ {:.0} Elo)", full.unwrap_or(-1.0))),
            full.is_some(),
            "{game}: {strong}"
        );
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
        record.contains("[Result \"0-1\"]") && record.contains("[Reason \"resign black\"]"),
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

#[test]
fn the_clock_never_shows_sixty_seconds() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let shown = b
        .execute(
            "return [59970, 60000, 61234, 600000, 9, -5].map(formatClock);",
            vec![],
        )
        .expect("the clock's text");
    assert_eq!(
        shown,
        serde_json::json!(["0:59.9", "1:00.0", "1:01.2", "10:00.0", "0:00.0", "0:00.0"])
    );
}

#[test]
fn choosing_another_game_drops_the_options_of_the_one_before() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    new_game(
        &b,
        &[
            ("game", "abalone"),
            ("options", "layout=belgian"),
            ("p1", "person"),
            ("p2", "person"),
        ],
    );
    let shown = |b: &Browser| {
        b.execute(
            "return [agonGui.state().game, agonGui.state().options, document.getElementById('options').value];",
            vec![],
        )
        .expect("the game shown")
    };
    assert!(
        shown(&b)[1]
            .as_str()
            .unwrap_or("")
            .contains("layout=belgian"),
        "{}",
        shown(&b)
    );
    // The person picks Zamma and presses New game: Zamma starts (before
    // issue 43 Zamma refused Abalone's layout and the board stayed).
    new_game(&b, &[("game", "zamma")]);
    let now = shown(&b);
    assert_eq!(
        (now[0].as_str(), now[2].as_str()),
        (Some("zamma"), Some("")),
        "{now}"
    );
    assert_eq!(text_of(&b, "#errors"), "", "no refusal");
}

#[test]
fn a_setup_needing_too_many_engines_is_refused_and_the_board_stays() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people_game(&b, "zamma");
    let before = page_state(&b);
    // Six engine seats, each with its own options: six processes.
    let mut fields: Vec<(String, String)> = vec![
        ("game".into(), "abalone".into()),
        ("options".into(), "players=6".into()),
    ];
    for k in 1..=6 {
        fields.push((format!("p{k}"), "engine:0".into()));
        fields.push((format!("p{k}opts"), format!("Hash={k}")));
    }
    for (id, value) in &fields {
        b.execute(
            "const e = document.getElementById(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('change'));",
            vec![id.as_str().into(), value.as_str().into()],
        )
        .expect("a field");
    }
    b.click("#new").expect("New game");
    wait(
        &b,
        "return document.getElementById('errors').textContent.includes('engine processes');",
        20,
        "the refusal says why",
    );
    let errors = text_of(&b, "#errors");
    assert!(errors.contains("need 6 engine processes"), "{errors}");
    // The game on the board goes on, playable.
    let after = page_state(&b);
    assert_eq!((after.fen, after.legal), (before.fen, before.legal));
    assert_eq!(
        b.execute(
            "return [agonGui.state().game, document.querySelectorAll('#clocks .clock').length];",
            vec![]
        )
        .expect("the game"),
        serde_json::json!(["zamma", 2])
    );
}

/// The boxes of `ids` that are not wholly inside the window.
fn outside_the_window(b: &Browser, ids: &[&str]) -> Vec<String> {
    let v = b
        .execute(
            "return arguments[0].filter((id) => { const r = document.getElementById(id).getBoundingClientRect(); return !(r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5); }).map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return `${id} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} in ${innerWidth}x${innerHeight}`; });",
            vec![serde_json::json!(ids)],
        )
        .expect("the boxes");
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|x| x.as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn at_1280_by_900_the_board_moves_lines_and_graph_are_in_view_in_every_game() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    resize(&b, 1280);
    for (game, options, _) in GAMES {
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
        b.execute("window.scrollTo(0, 0);", vec![]).expect("scroll");
        let ids = [
            "board",
            "movelist",
            "lines",
            "linesview",
            "evalgraph",
            "errors",
        ];
        let out = outside_the_window(&b, &ids);
        assert!(
            out.is_empty(),
            "{game} {options} at 1280×900: out of view: {out:?}; the board's column: {}",
            b.execute(
                "return [...document.querySelectorAll('header, section.play > *, aside .panel')].map((e) => `${e.id || e.className || e.tagName}:${Math.round(e.getBoundingClientRect().top)}+${Math.round(e.getBoundingClientRect().height)}`).join(' ');",
                vec![],
            )
            .unwrap_or_default()
        );
        // Scrolled to the setup, the board stays in view.
        b.execute(
            "document.querySelector('aside .panel[data-tab=\"setup\"]').scrollIntoView();",
            vec![],
        )
        .expect("scroll to the setup");
        let out = outside_the_window(&b, &["board"]);
        assert!(out.is_empty(), "{game}: the board scrolled away: {out:?}");
        b.execute("window.scrollTo(0, 0);", vec![]).expect("scroll");
        let name = format!("wide-{game}{}.png", options.replace('=', ""));
        b.screenshot(&screenshot_dir().join(name))
            .expect("a screenshot");
    }
    resize(&b, 380);
    for (game, options, _) in GAMES {
        show_tab(&b, "setup");
        new_game(
            &b,
            &[
                ("game", game),
                ("options", options),
                ("p1", "person"),
                ("p2", "person"),
            ],
        );
        show_tab(&b, "moves");
        let name = format!("narrow-{game}{}.png", options.replace('=', ""));
        b.screenshot(&screenshot_dir().join(name))
            .expect("a screenshot");
    }
}

#[test]
fn arrow_keys_step_through_the_game_from_a_focused_select_or_checkbox() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people_game(&b, "zamma");
    let words = crate::gui_browser::legal_record("zamma", 3, 1);
    crate::gui_browser::import_record(&b, "zamma", &words);
    wait(
        &b,
        "return agonGui.state().record.length === 3;",
        30,
        "the record",
    );
    for id in ["strength", "analyse"] {
        let level = b
            .execute("return document.getElementById('strength').value;", vec![])
            .expect("the level");
        b.execute(&format!("document.getElementById('{id}').focus();"), vec![])
            .expect("focus");
        b.send_keys(&format!("#{id}"), "\u{E012}").expect("←");
        wait(
            &b,
            "return agonGui.state().record.length === 2;",
            10,
            &format!("← from the focused {id} steps back"),
        );
        assert_eq!(
            b.execute("return document.getElementById('strength').value;", vec![])
                .expect("the level"),
            level,
            "{id}: the Strength level stays"
        );
        b.send_keys(&format!("#{id}"), "\u{E014}").expect("→");
        wait(
            &b,
            "return agonGui.state().record.length === 3;",
            10,
            "→ steps on",
        );
    }
}

/// Takebacks (issue 43): between people the other side is asked on the
/// page, and may decline; an engine grants one at once.
#[test]
fn a_takeback_is_asked_of_the_other_person_and_granted_by_an_engine() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people_game(&b, "zamma");
    play_first_legal(&b);
    play_first_legal(&b);
    wait_person(&b);
    let second = page_state(&b).record[1].clone();
    press(&b, "takeback");
    wait(
        &b,
        "return !document.getElementById('takebackbox').hidden;",
        10,
        "the other person is not asked",
    );
    assert_eq!(
        text_of(&b, "#takebacktext"),
        format!("White asks to take back {second}. Black:")
    );
    press(&b, "declinetakeback");
    assert_eq!(page_state(&b).record.len(), 2, "a declined takeback");
    assert_eq!(text_of(&b, "#notice"), "The takeback is declined");
    press(&b, "takeback");
    press(&b, "accepttakeback");
    wait(
        &b,
        "return agonGui.state().record.length === 1 && agonGui.state().person;",
        10,
        "the accepted takeback does not take the move back",
    );
    // Against an engine: the person's move and the engine's reply go.
    start_game(
        &b,
        "zamma",
        "engine:0",
        &[("strength", "beginner"), ("tc", "")],
    );
    play_first_legal(&b);
    wait(
        &b,
        "const s = agonGui.state(); return s.record.length === 2 && s.person;",
        30,
        "the engine does not reply",
    );
    press(&b, "takeback");
    wait(
        &b,
        "const s = agonGui.state(); return s.record.length === 0 && s.person;",
        10,
        "the engine does not grant the takeback",
    );
    assert!(text_of(&b, "#notice").ends_with("grants the takeback"));
}

/// A move word stays whole on its line (issue 43: Kubeia's move list broke
/// `a2-a5` at the hyphen), at 380 px and at full width.
#[test]
fn move_words_never_break_at_their_hyphens() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let words = legal_record("kubeia", 16, 2);
    import_record(&b, "kubeia", &words);
    for width in [380, 1280] {
        resize(&b, width);
        if width < 760 {
            show_tab(&b, "moves");
        }
        let broken = b
            .execute(
                "return [...document.querySelectorAll('#movelist .move-word, #movelist .chance-word')].filter((w) => new Set([...w.getClientRects()].map((r) => Math.round(r.top))).size > 1).map((w) => w.textContent);",
                vec![],
            )
            .expect("the words");
        assert_eq!(broken, serde_json::json!([]), "at {width} px");
        let hyphens = b
            .execute(
                "return document.querySelectorAll('#movelist .move-word').length;",
                vec![],
            )
            .expect("the words");
        assert!(hyphens.as_u64().unwrap_or(0) >= 8, "{hyphens}");
    }
}

/// Each game's own examples in the Options and Move boxes (issue 43:
/// Abalone's showed in every game), and the options shown are ones the
/// engine takes for that game.
#[test]
fn the_option_and_move_examples_are_the_games_own() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    for game in ["abalone", "zamma", "petteia", "kubeia", "palma"] {
        let hint = b
            .execute(
                "const g = document.getElementById('game'); g.value = arguments[0]; g.dispatchEvent(new Event('change')); return document.getElementById('options').placeholder;",
                vec![game.into()],
            )
            .expect("the options box")
            .as_str()
            .unwrap_or("")
            .to_string();
        let options: Vec<&str> = hint
            .split_whitespace()
            .filter(|w| w.contains('=') && !w.starts_with("k="))
            .map(|w| w.trim_matches(|c| c == '(' || c == ')'))
            .collect();
        assert!(!options.is_empty(), "{game}: {hint}");
        for option in options {
            let mut e = crate::common::Agon::start();
            e.send(&format!("setoption name Game value {game}"));
            e.send(&format!("setoption name GameOptions value {option}"));
            let lines = e.sync();
            assert!(
                lines.iter().all(|l| !l.contains("error")),
                "{game}: {option}: {lines:?}"
            );
        }
        people_game(&b, game);
        let moves = b
            .execute(
                "return document.getElementById('moveinput').placeholder;",
                vec![],
            )
            .expect("the move box")
            .as_str()
            .unwrap_or("")
            .to_string();
        assert_eq!(moves.contains("a1b2"), game == "abalone", "{game}: {moves}");
    }
}

/// While an earlier position is shown, the playing engine's box says its
/// line is about the game's position (issue 43: it kept the live line as
/// if it were the shown one's).
#[test]
fn the_engine_box_says_it_is_about_the_games_position_while_browsing() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people_game(&b, "zamma");
    play_first_legal(&b);
    play_first_legal(&b);
    let legend = |b: &Browser| text_of(b, "#engineinfo legend");
    assert_eq!(legend(&b), "Engine to move");
    b.execute("goTo(G.live.parent);", vec![]).expect("back");
    assert!(legend(&b).contains("not the one shown"), "{}", legend(&b));
    b.execute("goTo(G.live);", vec![]).expect("the game");
    assert_eq!(legend(&b), "Engine to move");
}

/// Premoves (issue 43): while the engine thinks, the person clicks a move
/// they would have after its replies; the moment their turn comes it is
/// played if it is legal then (no click then), and dropped with a word if
/// not, as an independent agon's `moves` after the engine's reply says.
#[test]
fn a_premove_is_played_as_soon_as_the_engine_has_moved_if_legal() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    start_game(
        &b,
        "petteia",
        "engine:0",
        &[("tc", ""), ("limits", "movetime 3000")],
    );
    play_first_legal(&b);
    // The engine thinks for three seconds: the candidates come first.
    wait(
        &b,
        "return premoving();",
        20,
        "no premove can be made while the engine thinks",
    );
    // The move the person has after the most replies.
    let word = b
        .execute(
            "const count = (w) => P.after.filter((l) => l.includes(w)).length; return P.candidates.reduce((a, w) => (count(w) > count(a) ? w : a));",
            vec![],
        )
        .expect("a candidate")
        .as_str()
        .expect("a move")
        .to_string();
    for click in b
        .execute(
            "return agonGui.clicksFor(arguments[0]);",
            vec![word.clone().into()],
        )
        .expect("clicks")
        .as_array()
        .expect("clicks")
    {
        // Dispatched in the page: the engine's reports redraw the board
        // between a driver's finding a point and its click.
        b.execute(
            "document.querySelector(arguments[0]).dispatchEvent(new MouseEvent('click', { bubbles: true }));",
            vec![click.clone()],
        )
        .expect("a premove click");
    }
    wait(
        &b,
        &format!("return P.move === {word:?};"),
        5,
        "the clicks do not make the premove",
    );
    assert_eq!(
        page_state(&b).record.len(),
        1,
        "the engine has not moved yet"
    );
    wait(
        &b,
        "const s = agonGui.state(); return s.record.length === 3 || (s.record.length === 2 && document.getElementById('notice').textContent.includes('dropped'));",
        30,
        "the premove is neither played nor dropped after the engine's move",
    );
    let record = page_state(&b).record;
    let mut e = crate::common::Agon::start();
    e.send("setoption name Game value petteia");
    e.send(&format!(
        "position startpos moves {} {}",
        record[0], record[1]
    ));
    e.send("moves");
    let legal = e.recv();
    let legal: Vec<&str> = legal.split_whitespace().skip(1).collect();
    if legal.contains(&word.as_str()) {
        assert_eq!(record.get(2), Some(&word), "a legal premove is not played");
        assert!(text_of(&b, "#notice").contains(&format!("Premove {word} played")));
    } else {
        assert_eq!(record.len(), 2, "an illegal premove is played");
        assert!(text_of(&b, "#notice").contains("not legal now: dropped"));
    }
}
