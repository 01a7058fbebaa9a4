//! The board's account of what just happened, in headless Chromium: the
//! last move's cells highlighted in every game, a Zamma capture chain
//! drawn hop by hop with the men it took, the pieces each side has lost
//! or pushed off beside the board (checked against the referee's
//! position), the result with the reason the rules give, the board
//! turned half a turn and still played by clicks, drag and drop, and the
//! best lines' arrows. Skipped without chromium as gui_browser is.

use crate::common::webdriver::Browser;
use crate::gui_browser::{
    click, click_move, import_record, is_chance_word, legal_record, new_game, open_page,
    page_state, play_first_legal, referee_result_from, result_shown, screenshot_dir, set_fields,
    text_of, wait, wait_person,
};
use serde_json::{json, Value};
use std::collections::BTreeSet;

fn run(b: &Browser, script: &str) -> Value {
    b.execute(script, vec![])
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

fn strings(v: &Value) -> BTreeSet<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|x| x.as_str().expect("a string").to_string())
        .collect()
}

/// The tokens of the cells the board highlights as the last move's.
fn highlighted(b: &Browser) -> BTreeSet<String> {
    strings(&run(
        b,
        "return [...document.querySelectorAll('#board [data-token].last-move')].map(e => e.dataset.token);",
    ))
}

fn cells(points: &[&str]) -> BTreeSet<String> {
    points.iter().map(|p| format!("cell:{p}")).collect()
}

/// The count the box beside the board shows for player `k` (1-based).
fn tally(b: &Browser, k: usize) -> i64 {
    run(
        b,
        &format!("const e = document.querySelector('#captures [data-player=\"{k}\"]'); return e ? Number(e.dataset.count) : null;"),
    )
    .as_i64()
    .unwrap_or_else(|| panic!("no count for player {k} beside the board"))
}

/// Starts `game` between two people from `start` (empty: the game's start).
fn people(b: &Browser, game: &str, start: &str) {
    new_game(
        b,
        &[
            ("game", game),
            ("options", ""),
            ("p1", "person"),
            ("p2", "person"),
            ("startfen", start),
        ],
    );
}

fn wait_over(b: &Browser) {
    wait(
        b,
        "return document.body.dataset.state === 'over';",
        30,
        "the game does not end",
    );
}

/// The highlight a game's move word names: its from and to cells (Palma:
/// the square numbers on the mover's track, the landing one after a
/// shortcut left out as it needs the rules).
fn expected_cells(game: &str, mv: &str) -> BTreeSet<String> {
    match game {
        "abalone" => {
            // The trailing marble and the cell it moves to (in line), or
            // the line's first marble and its destination (broadside).
            let named: Vec<&str> = (0..mv.len() / 2).map(|i| &mv[2 * i..2 * i + 2]).collect();
            cells(&[named[0], named[named.len() - 1]])
        }
        "zamma" => {
            let points: Vec<&str> = mv.split(['x', '-']).collect();
            cells(&[points[0], points[points.len() - 1]])
        }
        "petteia" | "kubeia" => {
            cells(&mv.split('x').next().unwrap().split('-').collect::<Vec<_>>())
        }
        _ => mv
            .split('-')
            .next()
            .map(|from| [if from == "enter" { "0" } else { from }.to_string()].into())
            .unwrap(),
    }
}

#[test]
fn the_last_moves_cells_are_highlighted_in_every_game() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    // No throw of the page's own after the import; two people, no engine.
    set_fields(
        &b,
        &[("chancedelay", "60000"), ("p1", "person"), ("p2", "person")],
    );
    for game in ["abalone", "zamma", "petteia", "kubeia", "palma"] {
        let mut words = legal_record(game, 30, 2);
        while words
            .last()
            .is_some_and(|w| is_chance_word(w) || w == "pass")
        {
            words.pop();
        }
        assert!(!words.is_empty(), "{game}: no move in the record");
        import_record(&b, game, &words);
        wait(
            &b,
            &format!("return agonGui.state().record.length === {};", words.len()),
            30,
            "the imported record",
        );
        let mv = words.last().unwrap();
        let shown = highlighted(&b);
        let expected = expected_cells(game, mv);
        match game {
            "abalone" => assert!(
                expected.is_subset(&shown) && shown.len() <= 6,
                "{game}: {mv} highlights {shown:?}"
            ),
            "palma" => {
                // The mover's track: `sq:` while it moves on, `other:` after.
                let numbers: BTreeSet<String> = shown
                    .iter()
                    .map(|t| t.split(':').nth(1).unwrap().to_string())
                    .collect();
                let want = if mv == "enter" { 1 } else { 2 };
                assert!(
                    expected.is_subset(&numbers) && shown.len() == want,
                    "{game}: {mv} highlights {shown:?}"
                );
            }
            _ => assert_eq!(shown, expected, "{game}: {mv} highlights"),
        }
    }
}

/// Black's man on e3 must take White's men on e4 and e6 in one chain,
/// and that takes White's last men.
const ZAMMA_DOUBLE: &str = "9/9/9/4w4/9/4w4/4b4/9/9 b 0 0";

#[test]
fn a_zamma_chain_is_drawn_hop_by_hop_with_the_men_it_took_and_the_reason() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people(&b, "zamma", ZAMMA_DOUBLE);
    wait_person(&b);
    // Before: 39 Black and 38 White men missing from the start's 40.
    assert_eq!((tally(&b, 1), tally(&b, 2)), (39, 38));
    let s = page_state(&b);
    assert_eq!(s.legal, ["e3xe5xe7"], "the only move is the chain");
    click_move(&b, "zamma", &s, "e3xe5xe7");
    wait_over(&b);
    assert_eq!(highlighted(&b), cells(&["e3", "e7"]));
    let taken = strings(&run(
        &b,
        "return [...document.querySelectorAll('#board [data-captured]')].map(e => e.dataset.captured);",
    ));
    assert_eq!(
        taken,
        ["e4", "e6"].map(String::from).into(),
        "the men taken"
    );
    // The path: a line through e3 and e5, then the arrow e5 to e7.
    let path = run(
        &b,
        "const at = (p) => { const c = document.querySelector(`[data-token=\"cell:${p}\"] circle`); return `${c.getAttribute('cx')},${c.getAttribute('cy')}`; };
         const line = document.querySelector('#board polyline.arrow.last'), head = document.querySelector('#board line.arrow.last');
         return [line && line.getAttribute('points'), [at('e3'), at('e5')].join(' '), head && `${head.getAttribute('x1')},${head.getAttribute('y1')}`, at('e5')];",
    );
    assert_eq!(path[0], path[1], "the path's first hop: {path}");
    assert_eq!(path[2], path[3], "the last hop starts on e5: {path}");
    // The box agrees with the referee's position: every White man gone.
    let fen = page_state(&b).fen;
    let missing = |c: char| {
        40 - fen
            .split(' ')
            .next()
            .unwrap()
            .chars()
            .filter(|x| x.eq_ignore_ascii_case(&c))
            .count() as i64
    };
    assert_eq!((tally(&b, 1), tally(&b, 2)), (missing('b'), missing('w')));
    assert_eq!(tally(&b, 2), 40);
    let referee = referee_result_from("zamma", "", Some(ZAMMA_DOUBLE), &["e3xe5xe7".into()]);
    assert_eq!(result_shown(&b), referee);
    assert_eq!(text_of(&b, "#result"), "Black wins — no pieces left");
}

/// White has lost five marbles; Black's e3e2 pushes the sixth off at e1.
const ABALONE_SIXTH: &str = "5/6/7/8/wbb6/8/7/6/www2-0b5w b";

#[test]
fn pushed_off_marbles_are_counted_beside_the_board_and_the_sixth_ends_the_game() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people(&b, "abalone", ABALONE_SIXTH);
    wait_person(&b);
    assert_eq!((tally(&b, 1), tally(&b, 2)), (0, 5), "the start's -0b5w");
    let s = page_state(&b);
    click_move(&b, "abalone", &s, "e3e2");
    wait_over(&b);
    assert_eq!((tally(&b, 1), tally(&b, 2)), (0, 6));
    assert!(page_state(&b).fen.contains("-0b6w"), "the referee counts 6");
    let referee = referee_result_from("abalone", "", Some(ABALONE_SIXTH), &["e3e2".into()]);
    assert_eq!(result_shown(&b), referee);
    assert_eq!(
        text_of(&b, "#result"),
        "Black wins — six marbles pushed off"
    );
}

#[test]
fn the_flipped_board_reads_upright_and_takes_clicks() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people(&b, "zamma", "");
    wait_person(&b);
    let top = |cell: &str| {
        run(
            &b,
            &format!("return document.querySelector('[data-token=\"cell:{cell}\"]').getBoundingClientRect().top;"),
        )
        .as_f64()
        .unwrap()
    };
    assert!(top("a1") > top("a9"), "unflipped: rank 1 at the bottom");
    click(&b, "#flip").expect("Flip board");
    assert!(top("a1") < top("a9"), "flipped: rank 1 at the top");
    // Every label turned back upright where it now stands.
    let tilted = run(
        &b,
        "return [...document.querySelectorAll('#board text')].filter(t => !(t.getAttribute('transform') || '').startsWith('rotate(180')).length;",
    );
    assert_eq!(tilted, json!(0), "labels upside down");
    let s = page_state(&b);
    let mv = s.legal[0].clone();
    click_move(&b, "zamma", &s, &mv);
    assert!(top("a1") < top("a9"), "still flipped after a move");
    b.screenshot(&screenshot_dir().join("zamma-flipped.png"))
        .expect("screenshot");
    run(
        &b,
        "document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true }));",
    );
    assert!(top("a1") > top("a9"), "the f key turns it back");
}

#[test]
fn a_piece_dragged_to_a_target_plays_the_move_and_a_press_is_one_click() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people(&b, "petteia", "");
    wait_person(&b);
    let centre = |cell: &str| {
        let v = run(
            &b,
            &format!("const r = document.querySelector('[data-token=\"cell:{cell}\"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];"),
        );
        (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
    };
    assert!(page_state(&b).legal.contains(&"a2-a4".to_string()));
    b.drag(centre("a2"), centre("a4")).expect("drag a2 to a4");
    wait(
        &b,
        "return agonGui.state().record.length === 1;",
        20,
        "the drag plays no move",
    );
    assert_eq!(page_state(&b).record, ["a2-a4"]);
    wait_person(&b);
    // Pressed and released on one piece: selected once (a second click
    // would take it back).
    b.drag(centre("b7"), centre("b7")).expect("press b7");
    assert_eq!(
        run(&b, "return agonGui.state().selected;"),
        json!(["cell:b7"])
    );
}

#[test]
fn the_best_lines_are_arrows_in_their_colours_and_a_preview_is_drawn_instead() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    people(&b, "petteia", "");
    wait_person(&b);
    let drawn = run(
        &b,
        "const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
         const view = { clickable: new Set(), targets: new Set(), selected: new Set(), pvLines: [['a2-a4', 'a7-a5'], ['b2-b3'], ['c2-c5']] };
         GAMES.petteia.draw(svg, G.state, view);
         const arrows = [...svg.querySelectorAll('.arrow.pv')].map(e => [...e.classList].find(c => /^pv\\d$/.test(c)));
         const after = GAMES.petteia.parse('oooooooooooo/pppppppppppp/6b5/12/P11/5B6/1PPPPPPPPPPP/OOOOOOOOOOOO b - 0,0 0 1 *', G.normOptions);
         const preview = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
         GAMES.petteia.draw(preview, G.state, { ...view, preview: after });
         const man = (s, sq) => s.querySelectorAll(`[data-token=\"cell:${sq}\"] .man`).length;
         return [arrows, man(svg, 'a2'), man(preview, 'a2'), man(preview, 'a4'), preview.querySelectorAll('.arrow').length];",
    );
    // Drawn worst first, so the best line lies on top.
    assert_eq!(drawn, json!([["pv3", "pv2", "pv1"], 1, 0, 1, 0]));
}

/// Shapes drawn by hand (issue 43), as on lichess: a right-button drag
/// from a point to another draws an arrow, a right click a circle, the
/// same again takes it away; they stay with their position (gone on the
/// next, back on stepping back) and a left click clears them. In every
/// game, between two of its points.
#[test]
fn a_right_drag_draws_an_arrow_and_a_right_click_a_circle() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    for (game, from, to) in [
        ("abalone", "cell:a1", "cell:e5"),
        ("zamma", "cell:a1", "cell:c3"),
        ("petteia", "cell:a2", "cell:a4"),
        ("palma", "sq:0", "sq:5"),
    ] {
        people(&b, game, "");
        wait_person(&b);
        let plies = page_state(&b).record.len();
        run(&b, "window.shapesNode = G.node;");
        let centre = |token: &str| {
            let v = run(
                &b,
                &format!("const g = [...document.querySelectorAll('#board [data-token]')].find((e) => e.dataset.token === '{token}'); const r = (g.querySelector('circle, rect, polygon, path') || g).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];"),
            );
            (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
        };
        let drawn = |b: &Browser| {
            run(
                b,
                "return [...document.querySelectorAll('#board .drawn')].map((e) => `${e.dataset.from}>${e.dataset.to}`);",
            )
        };
        b.drag_with(centre(from), centre(to), 2)
            .expect("right-drag");
        b.drag_with(centre(to), centre(to), 2).expect("right click");
        let both = json!([format!("{from}>{to}"), format!("{to}>{to}")]);
        wait(
            &b,
            &format!("return JSON.stringify([...document.querySelectorAll('#board .drawn')].map((e) => `${{e.dataset.from}}>${{e.dataset.to}}`)) === {:?};", both.to_string()),
            10,
            &format!("{game}: the arrow and the circle are not drawn"),
        );
        assert_eq!(
            page_state(&b).record.len(),
            plies,
            "{game}: a shape plays no move"
        );
        b.screenshot(&screenshot_dir().join(format!("{game}-shapes.png")))
            .expect("screenshot");
        // The same arrow again takes it away; the circle stays.
        b.drag_with(centre(from), centre(to), 2)
            .expect("right-drag again");
        wait(
            &b,
            &format!("return document.querySelectorAll('#board .drawn').length === 1 && document.querySelector('#board .drawn').dataset.from === '{to}';"),
            10,
            &format!("{game}: the arrow drawn again stays"),
        );
        // A move: the next position has none; back, the circle is there.
        let s = page_state(&b);
        let mv = s
            .legal
            .iter()
            .find(|m| !is_chance_word(m))
            .expect("a move")
            .clone();
        run(&b, &format!("personMove({mv:?});"));
        wait(
            &b,
            &format!(
                "return agonGui.state().record.length > {plies} && G.node !== window.shapesNode;"
            ),
            20,
            "the move is played",
        );
        wait_person(&b);
        assert_eq!(drawn(&b), json!([]), "{game}: shapes on the next position");
        run(&b, "goTo(window.shapesNode);");
        wait(
            &b,
            "return document.querySelectorAll('#board .drawn').length === 1;",
            10,
            &format!("{game}: the circle is not back with its position"),
        );
        // A left click on the board clears them.
        let (x, y) = centre(from);
        b.drag((x, y), (x, y)).expect("left click");
        wait(
            &b,
            "return document.querySelectorAll('#board .drawn').length === 0 && !G.node.shapes;",
            10,
            &format!("{game}: a left click does not clear the shapes"),
        );
        // No focus ring left on a point a pointer clicked.
        assert_eq!(
            run(
                &b,
                "return document.querySelector('#board :focus-visible') === null;"
            ),
            json!(true),
            "{game}: a focus ring after a click"
        );
    }
}

/// Moves are animated (issue 43): a step to the next or the previous
/// position slides the piece that moved from its point; a jump of several
/// moves slides nothing. In every game a person's move is a step.
#[test]
fn a_moved_piece_slides_from_its_point_and_a_jump_slides_nothing() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    let slid = |b: &Browser| {
        run(
            b,
            "return Number(document.getElementById('board').dataset.slid || 0);",
        )
        .as_u64()
        .unwrap_or(0)
    };
    for game in ["zamma", "petteia", "abalone", "palma"] {
        people(&b, game, "");
        wait_person(&b);
        run(&b, "window.slideFrom = G.node;");
        let s = page_state(&b);
        let mv = s
            .legal
            .iter()
            .find(|m| !is_chance_word(m) && *m != "pass")
            .expect("a move")
            .clone();
        let before = slid(&b);
        run(&b, &format!("personMove({mv:?});"));
        wait(
            &b,
            &format!("return window.slideFrom.children.some((c) => c.word === {mv:?} && !!c.desc) && renderedNode !== window.slideFrom;"),
            20,
            &format!("{game}: the move is not shown"),
        );
        assert!(slid(&b) > before, "{game}: {mv} slides nothing");
        // One step back from the move slides it home again.
        run(
            &b,
            &format!("goTo(window.slideFrom.children.find((c) => c.word === {mv:?}));"),
        );
        let before = slid(&b);
        run(&b, "goTo(window.slideFrom);");
        assert!(slid(&b) > before, "{game}: stepping back slides nothing");
        // More moves, then the start at once: no slide.
        run(&b, "goTo(G.live);");
        let start = page_state(&b).record.len();
        play_first_legal(&b);
        play_first_legal(&b);
        wait_person(&b);
        assert!(page_state(&b).record.len() >= start + 2);
        let before = slid(&b);
        run(&b, "goTo(G.tree);");
        assert_eq!(slid(&b), before, "{game}: a jump slides pieces");
    }
}

/// Abalone's trays of lost marbles are named outside the board's frame
/// (issue 43: "White lost 0" lay across it), with none lost and with six.
#[test]
fn abalones_lost_marbles_are_named_outside_the_frame() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    for start in ["", "wwwww/wwwwww/2www2/8/9/8/7/bbbb2/bbbbb-5b0w b"] {
        people(&b, "abalone", start);
        wait_person(&b);
        let inside = run(
            &b,
            "const f = document.querySelector('#board .abalone-frame'); return [...document.querySelectorAll('#board .tray')].map((t) => { const r = t.getBBox(); const corners = [[r.x, r.y], [r.x + r.width, r.y], [r.x, r.y + r.height], [r.x + r.width, r.y + r.height]]; return [t.textContent, corners.some(([x, y]) => f.isPointInFill(new DOMPoint(x, y)) || f.isPointInStroke(new DOMPoint(x, y)))]; });",
        );
        let trays = inside.as_array().expect("trays");
        assert_eq!(trays.len(), 2, "{inside}");
        for t in trays {
            assert_eq!(t[1], json!(false), "on the frame: {t}");
        }
    }
}

/// The best line's arrows (issue 43): a Zamma capture chain follows its
/// hops on the board's lines, not one straight line off them; an arrow
/// starts at its piece's rim, so a one-point move leaves the marble's
/// number in view.
#[test]
fn a_best_capture_chain_is_drawn_hop_by_hop_and_arrows_start_at_the_rim() {
    let Some((_gui, b)) = open_page(&[]) else {
        return;
    };
    // Zamma: a chain of four hops as the best line.
    people(&b, "zamma", "");
    wait_person(&b);
    let hops = run(
        &b,
        "G.lines = [{ pv: ['h2xf4xf6xd6xb6'] }]; render(); const p = document.querySelector('#board polyline.arrow.pv1'); const l = [...document.querySelectorAll('#board line.arrow.pv1')]; const r = [p ? p.getAttribute('points').trim().split(/\\s+/).length : 0, l.length]; G.lines = []; render(); return r;",
    );
    // Three hops in the polyline, the last one the arrow with its head.
    assert_eq!(hops, json!([4, 1]), "{hops}");
    // Abalone: a one-point move's arrow starts off the marble's centre.
    people(&b, "abalone", "");
    wait_person(&b);
    let gap = run(
        &b,
        "const m = G.legal.find((w) => w.length === 4); G.lines = [{ pv: [m] }]; render(); const l = document.querySelector('#board line.arrow.pv1'); const c = [...document.querySelectorAll('#board [data-token]')].find((g) => g.dataset.token === 'cell:' + m.slice(0, 2)).querySelector('circle'); const d = Math.hypot(l.x1.baseVal.value - c.cx.baseVal.value, l.y1.baseVal.value - c.cy.baseVal.value); G.lines = []; render(); return d;",
    );
    assert!(gap.as_f64().unwrap_or(0.0) >= 9.0, "{gap}");
}
