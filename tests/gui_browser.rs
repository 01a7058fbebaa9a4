//! The browser GUI end to end, in headless Chromium through WebDriver: a
//! person (this test) plays a whole game of every game against agon by
//! clicking pieces, points and buttons on the page; the result the page
//! shows must be what a separate agon process answers to `query result`
//! after the page's record. Then the same page plays a game between two
//! engine commands, and shows errors for an illegal move and a line the
//! protocol does not define. A screenshot of each board is written to
//! `target/gui-screenshots/` (the README shows them).
//!
//! Needs Debian's `chromium` and `chromium-driver`; without them the test
//! says so and passes, unless `AGON_REQUIRE_BROWSER` is set (CI sets it).

use crate::common::webdriver::{browser_available, Browser};
use crate::common::{agon_bin, Agon, GuiServer};
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn require_browser() -> bool {
    if browser_available() {
        return true;
    }
    assert!(
        std::env::var_os("AGON_REQUIRE_BROWSER").is_none(),
        "chromium and chromium-driver are required (apt-get install -y chromium chromium-driver)"
    );
    eprintln!("gui_browser: skipped, no chromium/chromedriver (apt-get install -y chromium chromium-driver)");
    false
}

fn screenshot_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/gui-screenshots")
}

/// What `window.agonGui.state()` returns.
#[derive(Debug)]
struct PageState {
    turn: String,
    legal: Vec<String>,
    record: Vec<String>,
    options: String,
    fen: String,
    over: bool,
}

fn page_state(b: &Browser) -> PageState {
    let v = b
        .execute(
            "const s = window.agonGui.state(); s.over = document.body.dataset.state === 'over'; return s;",
            vec![],
        )
        .expect("page state");
    let words = |k: &str| -> Vec<String> {
        v[k].as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    PageState {
        turn: v["turn"].as_str().unwrap_or("").to_string(),
        legal: words("legal"),
        record: words("record"),
        options: v["options"].as_str().unwrap_or("").to_string(),
        fen: v["fen"].as_str().unwrap_or("").to_string(),
        over: v["over"].as_bool().unwrap_or(false),
    }
}

/// Fills the setup form and starts a game with the New game button.
fn new_game(b: &Browser, fields: &[(&str, &str)]) {
    for (id, value) in fields {
        b.execute(
            "const e = document.getElementById(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('change'));",
            vec![(*id).into(), (*value).into()],
        )
        .expect("set a field");
    }
    b.click("#new").expect("New game");
    let game = fields
        .iter()
        .find(|(k, _)| *k == "game")
        .map_or("", |f| f.1);
    b.wait_for(
        &format!(
            "return !!window.agonGui && agonGui.state().game === '{game}' && agonGui.state().fen !== '' && document.body.dataset.state !== 'loading';"
        ),
        Duration::from_secs(30),
    )
    .unwrap_or_else(|e| panic!("the game does not start: {e}\n{}", page_log(b)));
}

/// The page's errors and protocol log, for a failure message.
fn page_log(b: &Browser) -> String {
    b.execute(
        "return location.href + ' ' + document.title + ' errors: ' + (document.getElementById('errors') || {}).textContent + '\\nlog:\\n' + ((document.getElementById('log') || {}).textContent || document.body.innerText).slice(-3000);",
        vec![],
    )
    .map(|v| v.as_str().unwrap_or("").to_string())
    .unwrap_or_else(|e| e)
}

/// The result agon itself gives after `record`.
fn referee_result(game: &str, options: &str, record: &[String]) -> String {
    let mut e = Agon::start();
    e.send(&format!("setoption name GameOptions value {options}"));
    e.send(&format!("setoption name Game value {game}"));
    e.send(&format!("position startpos moves {}", record.join(" ")));
    e.send("query result");
    let line = e.recv();
    line.strip_prefix("response ")
        .unwrap_or_else(|| panic!("{game}: unexpected answer {line:?}"))
        .to_string()
}

/// Plays as the person (random legal moves, by clicks) until the game
/// ends; returns the page's final state.
fn play_out(b: &Browser, game: &str, seed: u64, max_plies: usize) -> PageState {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        assert!(
            Instant::now() < deadline,
            "{game}: the game did not end in time"
        );
        b.wait_for(
            "const s = window.agonGui.state(); return s.person || document.body.dataset.state === 'over';",
            Duration::from_secs(60),
        )
        .unwrap_or_else(|e| panic!("{game}: waiting for the person's turn: {e}"));
        let s = page_state(b);
        if s.over {
            return s;
        }
        assert!(
            s.record.len() <= max_plies,
            "{game}: over {max_plies} plies"
        );
        let mv = s.legal[rng.gen_range(0..s.legal.len())].clone();
        let clicks = b
            .execute(
                "return window.agonGui.clicksFor(arguments[0]);",
                vec![mv.clone().into()],
            )
            .expect("clicks");
        let clicks: Vec<String> = clicks
            .as_array()
            .expect("a list of selectors")
            .iter()
            .filter_map(|c| c.as_str().map(String::from))
            .collect();
        assert!(!clicks.is_empty(), "{game}: no clicks for {mv}");
        for css in &clicks {
            click(b, css).unwrap_or_else(|e| {
                let seen = b.execute(
                    "return [agonGui.state(), document.body.dataset.state, [...document.querySelectorAll('[data-token].target')].map(e => e.dataset.token)];",
                    vec![],
                );
                panic!("{game}: clicking {css} for {mv} at {}: {e}\nselected, targets: {seen:?}", s.fen)
            });
        }
        let played = s.record.len();
        b.wait_for(
            &format!("return window.agonGui.state().record.length > {played};"),
            Duration::from_secs(20),
        )
        .unwrap_or_else(|e| panic!("{game}: {mv} was not played by its clicks {clicks:?}: {e}"));
        let after = page_state(b);
        assert_eq!(
            after.record[played], mv,
            "{game}: the clicks played another move"
        );
    }
}

/// A click on `css`. The page redraws the board as it takes a click, so
/// the driver may report the element stale after the click went through:
/// the page's selection or record tells whether it did; if not, the
/// element is found again.
fn click(b: &Browser, css: &str) -> Result<(), String> {
    let snapshot = || {
        b.execute(
            "const s = agonGui.state(); return JSON.stringify([s.selected, s.record.length]);",
            vec![],
        )
    };
    let before = snapshot()?;
    let mut tries = 0;
    loop {
        match b.click(css) {
            Err(e) if e.contains("stale element") && tries < 10 => {
                if snapshot()? != before {
                    return Ok(());
                }
                tries += 1;
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

fn result_shown(b: &Browser) -> String {
    b.execute(
        "return document.getElementById('result').dataset.result;",
        vec![],
    )
    .expect("result")
    .as_str()
    .unwrap_or("")
    .to_string()
}

#[test]
fn a_person_plays_a_whole_game_of_every_game_by_clicks() {
    if !require_browser() {
        return;
    }
    let gui = GuiServer::start(&[]);
    let b = Browser::start().expect("the browser starts");
    b.goto(&gui.url()).expect("the page opens");
    let games: [(&str, &str, bool, usize); 5] = [
        ("abalone", "", true, 600),
        ("zamma", "", false, 400),
        ("petteia", "nocapture_plies=30", true, 600),
        ("kubeia", "nocapture_plies=30", false, 900),
        ("palma", "", true, 900),
    ];
    for (i, (game, options, person_first, max_plies)) in games.into_iter().enumerate() {
        let (p1, p2) = if person_first {
            ("person", "engine:0")
        } else {
            ("engine:0", "person")
        };
        new_game(
            &b,
            &[
                ("game", game),
                ("options", options),
                ("p1", p1),
                ("p2", p2),
                ("limits", "depth 2"),
                ("tc", ""),
                ("chancedelay", "0"),
                ("seed", &(i + 1).to_string()),
            ],
        );
        let end = play_out(&b, game, i as u64 + 11, max_plies);
        let shown = result_shown(&b);
        let agon = referee_result(game, &end.options, &end.record);
        assert_ne!(agon, "none", "{game}: the page stopped before the end");
        assert_eq!(
            shown, agon,
            "{game}: the page shows {shown}, agon says {agon}"
        );
        assert_eq!(end.turn, "none", "{game}");
        b.screenshot(&screenshot_dir().join(format!("{game}.png")))
            .expect("screenshot");
    }
}

#[test]
fn two_engine_commands_play_each_other_and_errors_are_shown() {
    if !require_browser() {
        return;
    }
    let bin = agon_bin();
    let gui = GuiServer::start(&[&bin, &bin]);
    let b = Browser::start().expect("the browser starts");
    b.goto(&gui.url()).expect("the page opens");
    new_game(
        &b,
        &[
            ("game", "zamma"),
            ("options", ""),
            ("p1", "engine:0"),
            ("p1opts", "Search=alphabeta"),
            ("p2", "engine:1"),
            ("p2opts", "Search=greedy"),
            ("limits", "depth 1"),
            ("tc", ""),
        ],
    );
    b.wait_for(
        "return document.body.dataset.state === 'over';",
        Duration::from_secs(120),
    )
    .expect("the engines finish the game");
    let end = page_state(&b);
    let agon = referee_result("zamma", &end.options, &end.record);
    assert_eq!(result_shown(&b), agon);
    assert!(end.record.len() > 4, "{:?}", end.record);

    // A person's illegal move and a forged line are errors on the page.
    new_game(
        &b,
        &[
            ("game", "abalone"),
            ("p1", "person"),
            ("p2", "engine:1"),
            ("p1opts", ""),
            ("p2opts", ""),
        ],
    );
    b.send_keys("#moveinput", "z9z9\n").expect("type a move");
    b.wait_for(
        "return document.getElementById('errors').textContent.includes(\"'z9z9' is not a legal move\");",
        Duration::from_secs(10),
    )
    .expect("the illegal move is an error on the page");
    assert_eq!(page_state(&b).record.len(), 0, "nothing was played");
    b.execute("document.querySelector('details').open = true;", vec![])
        .expect("open the console");
    b.send_keys("#line", "format c:\n").expect("type a line");
    b.wait_for(
        "return document.getElementById('errors').textContent.includes('server:');",
        Duration::from_secs(10),
    )
    .expect("the server's refusal is shown");
    b.screenshot(&screenshot_dir().join("errors.png"))
        .expect("screenshot");
}
