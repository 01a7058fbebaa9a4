//! The page's own settings, in headless Chromium (issue 43): the dark
//! theme by choice and by the system's preference, kept across a reload;
//! sounds off unless chosen; the keyboard shortcuts' overlay on `?`,
//! listing every key the page answers. Skipped without chromium as
//! gui_browser is.

use crate::common::webdriver::Browser;
use crate::gui_browser::{
    open_page, people_game, play_first_legal, screenshot_dir, wait, wait_person,
};
use serde_json::json;

/// The relative luminance (0 black .. 1 white) of the page's background.
fn background_luminance(b: &Browser) -> f64 {
    let v = b
        .execute(
            "const c = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number); return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;",
            vec![],
        )
        .expect("the background");
    v.as_f64().expect("a number")
}

fn choose_theme(b: &Browser, theme: &str) {
    b.execute(
        "const s = document.getElementById('theme'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
        vec![theme.into()],
    )
    .expect("the theme");
}

fn set_system_dark(b: &Browser, dark: bool) {
    let value = if dark { "dark" } else { "light" };
    b.cdp(
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-color-scheme", "value": value}]}),
    )
    .expect("emulated colour scheme");
}

#[test]
fn the_dark_theme_follows_the_choice_or_the_system_and_is_kept() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people_game(&b, "zamma");
    wait_person(&b);
    set_system_dark(&b, false);
    choose_theme(&b, "auto");
    assert!(background_luminance(&b) > 0.6, "light by default");
    // The system prefers dark: "system" follows it at once.
    set_system_dark(&b, true);
    wait(
        &b,
        "return document.documentElement.dataset.theme === 'dark';",
        10,
        "the system's dark preference is not followed",
    );
    assert!(background_luminance(&b) < 0.2, "dark with the system");
    choose_theme(&b, "light");
    assert!(background_luminance(&b) > 0.6, "light by choice");
    choose_theme(&b, "dark");
    set_system_dark(&b, false);
    assert!(background_luminance(&b) < 0.2, "dark by choice");
    b.screenshot(&screenshot_dir().join("zamma-dark.png"))
        .expect("screenshot");
    // Kept across a reload.
    b.execute("location.reload();", vec![]).expect("reload");
    wait(
        &b,
        "return !!window.agonGui && document.body.dataset.state !== 'loading' && document.getElementById('theme').value === 'dark';",
        30,
        "the theme is not kept",
    );
    assert!(background_luminance(&b) < 0.2, "dark after a reload");
    choose_theme(&b, "auto");
}

fn sounds(b: &Browser) -> u64 {
    b.execute("return Number(document.body.dataset.sounds || 0);", vec![])
        .expect("the sounds")
        .as_u64()
        .unwrap_or(0)
}

#[test]
fn sounds_are_off_until_chosen_then_each_move_sounds() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people_game(&b, "petteia");
    wait_person(&b);
    assert_eq!(
        b.execute("return document.getElementById('sounds').checked;", vec![])
            .expect("the box"),
        json!(false),
        "off by default"
    );
    play_first_legal(&b);
    assert_eq!(sounds(&b), 0, "a move sounds while sounds are off");
    b.click("#sounds").expect("sounds on");
    wait_person(&b);
    play_first_legal(&b);
    wait(
        &b,
        "return Number(document.body.dataset.sounds || 0) === 1;",
        10,
        "the move made no sound",
    );
    b.execute("location.reload();", vec![]).expect("reload");
    wait(
        &b,
        "return !!window.agonGui && document.body.dataset.state !== 'loading';",
        30,
        "the page does not come back",
    );
    assert_eq!(
        b.execute("return document.getElementById('sounds').checked;", vec![])
            .expect("the box"),
        json!(true),
        "the choice is kept"
    );
    b.click("#sounds").expect("sounds off again");
}

/// The keys app.js, flip.js and prefs.js answer, each in the overlay.
const KEYS: [&str; 9] = ["←", "→", "Home", "End", "↑", "f", "u", "c", "Esc"];

#[test]
fn question_mark_shows_every_shortcut_and_escape_closes_it() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people_game(&b, "abalone");
    wait_person(&b);
    let open = |b: &Browser| {
        b.execute("return document.getElementById('shortcuts').open;", vec![])
            .expect("the overlay")
    };
    assert_eq!(open(&b), json!(false));
    b.send_keys("#movelist", "?").expect("the ? key");
    wait(
        &b,
        "return document.getElementById('shortcuts').open;",
        10,
        "? does not open the shortcuts",
    );
    let listed = b
        .execute(
            "return document.getElementById('shortcutlist').textContent;",
            vec![],
        )
        .expect("the list")
        .as_str()
        .unwrap_or("")
        .to_string();
    for key in KEYS {
        assert!(listed.contains(key), "{key} is not listed: {listed}");
    }
    b.screenshot(&screenshot_dir().join("abalone-shortcuts.png"))
        .expect("screenshot");
    b.send_keys("#shortcutsclose", "\u{E00C}").expect("Escape");
    wait(
        &b,
        "return !document.getElementById('shortcuts').open;",
        10,
        "Escape does not close the shortcuts",
    );
    // The c key goes to the comment box of the shown move.
    play_first_legal(&b);
    b.send_keys("#movelist", "c").expect("the c key");
    wait(
        &b,
        "return document.activeElement === document.getElementById('comment');",
        10,
        "c does not go to the comment box",
    );
}
