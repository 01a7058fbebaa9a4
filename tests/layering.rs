//! The never-rules of the source tree, checked on the text of `src/` since
//! the layers share one crate. Per folder: every room has a floor
//! ([`FLOORS`]) and names no room above its own. A room is a top-level module (`crate::X`,
//! or `agon::X`, which `extern crate self as agon` makes a path inside the
//! crate too). The rules: the core (the Game abstraction, the games, the
//! test games) knows no search and nothing above it; the Game abstraction
//! names no game; the searches name no game and nothing above them
//! (protocol, engine, command line, referee, analysis, tuner, GUI); the
//! settings table and the engine know no protocol; the domain rooms
//! (analysis, arena, tune) hold what the command line prints, so nothing
//! names the command line; the protocol reaches the games only through
//! the one dispatch place (`GameKind`, `with_game!`); no thread-local
//! state in the games or the searches (an evaluator is a value handed to
//! a search). A failure names the file, the line and the rule.

use std::path::{Path, PathBuf};

use crate::common::scratch::Scratch;

/// A rule: code in `places` (directories or files; comments are not read)
/// must not name any room of `rooms`.
struct Rule {
    places: &'static [&'static str],
    rooms: &'static [&'static str],
    why: &'static str,
}

/// Every room above the core: the core names none of them.
const ABOVE_CORE: &[&str] = &[
    "search", "engine", "settings", "protocol", "cli", "arena", "analysis", "tune", "gui", "learn",
];

/// Every room above the searches.
const ABOVE_SEARCH: &[&str] = &[
    "engine", "protocol", "cli", "arena", "analysis", "tune", "gui", "learn",
];

const RULES: &[Rule] = &[
    Rule {
        places: &["src/game", "src/games"],
        rooms: ABOVE_CORE,
        why: "the core knows no search and nothing above it",
    },
    // The test games' reference solvers value positions with the search's
    // scoring conventions (mate distances), so they sit beside the search.
    Rule {
        places: &["src/testgames"],
        rooms: ABOVE_SEARCH,
        why: "the test games know no engine, protocol or tool",
    },
    // The networks' inference and formats are core: the games'
    // evaluators are made of them. Making networks is `learn`, a tool.
    Rule {
        places: &["src/nnue"],
        rooms: ABOVE_CORE,
        why: "network inference and its files are core: they know no search and nothing above it",
    },
    Rule {
        places: &["src/game"],
        rooms: &["games", "testgames"],
        why: "the Game abstraction names no particular game",
    },
    Rule {
        places: &["src/search"],
        rooms: &["games"],
        why: "a search names no game",
    },
    Rule {
        places: &["src/search"],
        rooms: ABOVE_SEARCH,
        why: "the search knows no protocol and nothing above it",
    },
    Rule {
        places: &["src/settings", "src/engine"],
        rooms: &["protocol", "cli", "arena", "analysis", "tune", "gui"],
        why: "the settings and the engine know no protocol, command line or tool",
    },
    Rule {
        places: &["src/settings"],
        rooms: &["engine"],
        why: "the settings table is a value the engine holds, not its user",
    },
    Rule {
        places: &["src/analysis", "src/tune"],
        rooms: &["protocol", "gui"],
        why: "analysis and tuner speak no protocol and show no GUI",
    },
    // The referee speaks the protocol to its engines through `external`,
    // in text, as any other program would.
    Rule {
        places: &["src/arena"],
        rooms: &["protocol", "gui"],
        why: "the referee speaks the protocol as text and shows no GUI",
    },
    Rule {
        places: &[
            "src/game",
            "src/games",
            "src/testgames",
            "src/search",
            "src/engine",
            "src/settings",
            "src/protocol",
            "src/analysis",
            "src/arena",
            "src/tune",
            "src/gui",
            "src/learn",
            "src/child.rs",
        ],
        rooms: &["cli"],
        why: "the command line only parses and prints: no room names it",
    },
];

/// The rooms by floor, lowest first: code names only rooms on its own
/// floor or below, so the import graph at folder level has no arrow from
/// a lower room to a higher one (and no cycle). Every top-level module of
/// `src/` has a floor (a new one must be placed here).
const FLOORS: &[&[&str]] = &[
    // Process plumbing.
    &["child"],
    // The Game abstraction and the evaluators' interface.
    &["game"],
    // Network inference and formats (the games' evaluators use them).
    &["nnue"],
    // The rules, notation and evaluation of each game.
    &["games"],
    // The searches.
    &["search"],
    // The test games' reference solvers use the search's scoring.
    &["testgames"],
    // The settings table: it makes the searches' configuration.
    &["settings"],
    // The engine: its core (every door's), the protocol's session, the
    // bench.
    &["engine"],
    // The referee, then what plays through it and reads its records.
    &["arena"],
    &["analysis", "tune"],
    &["learn"],
    // The text protocol, the page, the command line, the binary.
    &["protocol"],
    &["gui"],
    &["cli"],
    &["main", "lib"],
];

fn floor_of(room: &str) -> Option<usize> {
    FLOORS.iter().position(|f| f.contains(&room))
}

const GAME_NAMES: &[&str] = &[
    "abalone", "Abalone", "palma", "Palma", "petteia", "Petteia", "kubeia", "Kubeia", "zamma",
    "Zamma",
];

/// A rule on the text of a line: code in `places` must not contain any of
/// `forbidden` (matched case-sensitively as written).
struct TextRule {
    places: &'static [&'static str],
    forbidden: &'static [&'static str],
    why: &'static str,
}

const TEXT_RULES: &[TextRule] = &[
    // The evaluator (with its weights) reaches a search as a value in the
    // request; no per-thread state may carry it around the searches.
    TextRule {
        places: &["src/game", "src/games", "src/search"],
        forbidden: &["thread_local!"],
        why: "evaluation settings travel as values, not thread-locals",
    },
    TextRule {
        places: &["src/protocol"],
        forbidden: &[
            "games::abalone",
            "games::palma",
            "games::petteia",
            "games::zamma",
        ],
        why: "the protocol reaches games only through GameKind / with_game!",
    },
];

fn rust_files(place: &Path, out: &mut Vec<PathBuf>) {
    if place.is_file() {
        out.push(place.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(place) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a line: what comes before a `//` comment.
fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `name` occurs in `text` as a word (not inside another name).
fn has_word(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// The rooms the code `text` names, each with its line (from 1): the first
/// segment after `crate::` or `agon::`, and each first segment of a group
/// `crate::{a::X, b}` (which rustfmt may spread over lines).
fn rooms_named(text: &str) -> Vec<(usize, String)> {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    for root in ["crate::", "agon::"] {
        for (i, _) in text.match_indices(root) {
            if text[..i].chars().next_back().is_some_and(is_ident) {
                continue;
            }
            let rest = &text[i + root.len()..];
            let rest_start = i + root.len();
            if let Some(group) = rest.strip_prefix('{') {
                // The group's top-level items, up to its closing brace.
                let mut depth = 0usize;
                let mut item_start = true;
                for (j, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => item_start = true,
                        c if item_start && is_ident(c) => {
                            item_start = false;
                            let name: String =
                                group[j..].chars().take_while(|&c| is_ident(c)).collect();
                            out.push((line_of(rest_start + 1 + j), name));
                        }
                        _ => {}
                    }
                }
            } else {
                let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
                if !name.is_empty() {
                    out.push((line_of(i), name));
                }
            }
        }
    }
    out.sort();
    out
}

/// Whether `file` holds only a room's tests (`tests.rs`, `*_tests.rs`):
/// tests may use a room above the one they test (the search's tests play
/// the test games), the room itself may not.
fn is_test_file(file: &Path) -> bool {
    file.file_stem()
        .and_then(|s| s.to_str())
        .is_some_and(|s| s == "tests" || s.ends_with("_tests"))
}

/// The files of `places` under `root`, each with its code (comments
/// blanked, lines kept, a file's own test module left out) and its path
/// as shown.
fn sources(root: &Path, places: &[&str]) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for place in places {
        rust_files(&root.join(place), &mut files);
    }
    files.retain(|f| !is_test_file(f));
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            let shipped = text
                .find("#[cfg(test)]\nmod tests")
                .map_or(text.as_str(), |at| &text[..at]);
            let code: Vec<&str> = shipped.lines().map(code).collect();
            let shown = file.strip_prefix(root).unwrap_or(&file).display();
            (shown.to_string(), code.join("\n"))
        })
        .collect()
}

/// Every breach of the rules in the tree at `root`, as `file:line: rule`.
fn breaches(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for rule in RULES {
        for (file, code) in sources(root, rule.places) {
            for (line, room) in rooms_named(&code) {
                if rule.rooms.contains(&room.as_str()) {
                    out.push(format!("{file}:{line}: {} (found '{room}')", rule.why));
                }
            }
        }
    }
    // Per folder: a room names no room on a higher floor.
    for room in FLOORS.iter().flat_map(|f| f.iter()) {
        let place = if root.join("src").join(room).is_dir() {
            format!("src/{room}")
        } else {
            format!("src/{room}.rs")
        };
        let Some(mine) = floor_of(room) else { continue };
        for (file, code) in sources(root, &[&place]) {
            for (line, named) in rooms_named(&code) {
                if floor_of(&named).is_some_and(|f| f > mine) {
                    out.push(format!(
                        "{file}:{line}: a room names only rooms on its floor or below ({room} is under {named}) (found '{named}')"
                    ));
                }
            }
        }
    }
    let mut by_line = |places: &[&str], why: &str, matches: &dyn Fn(&str) -> Option<String>| {
        for (file, code) in sources(root, places) {
            for (n, line) in code.lines().enumerate() {
                if let Some(what) = matches(line) {
                    out.push(format!("{file}:{}: {why} (found '{what}')", n + 1));
                }
            }
        }
    };
    for rule in TEXT_RULES {
        by_line(rule.places, rule.why, &|line| {
            rule.forbidden
                .iter()
                .find(|f| line.contains(**f))
                .map(|f| f.to_string())
        });
    }
    // Beyond imports: no game's module or type name in search code.
    by_line(&["src/search"], "a search names no game", &|line| {
        GAME_NAMES
            .iter()
            .find(|name| has_word(line, name))
            .map(|name| name.to_string())
    });
    out
}

#[test]
fn the_layers_keep_the_never_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let found = breaches(root);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_forbidden_import_is_reported_with_file_line_and_rule() {
    let tree = Scratch::new("layering-report");
    tree.write(
        "src/games/demo/mod.rs",
        "// crate::search in a comment is fine\nuse crate::search::tt::Tt;\n",
    );
    tree.write(
        "src/search/order.rs",
        "fn f(z: &Zamma) {}\nfn zammaish() {}\n",
    );
    tree.write(
        "src/arena/run.rs",
        "use crate::{\n    game::Playable,\n    cli::progress,\n};\nfn g() { agon::gui::serve() }\n",
    );
    // The floors' own report is checked by
    // `every_room_has_a_floor_and_a_higher_one_is_caught`.
    let found: Vec<String> = breaches(tree.path())
        .into_iter()
        .filter(|b| !b.contains("on its floor or below"))
        .collect();
    assert_eq!(
        found,
        vec![
            "src/games/demo/mod.rs:2: the core knows no search and nothing above it (found 'search')".to_string(),
            "src/arena/run.rs:5: the referee speaks the protocol as text and shows no GUI (found 'gui')".to_string(),
            "src/arena/run.rs:3: the command line only parses and prints: no room names it (found 'cli')".to_string(),
            "src/search/order.rs:1: a search names no game (found 'Zamma')".to_string(),
        ]
    );
}

/// Every rule fails on a planted violation: each forbidden room named from
/// each of its places, as `crate::X`, as `agon::X` and inside a group.
#[test]
fn every_rule_catches_each_way_of_naming_a_room() {
    for (r, rule) in RULES.iter().enumerate() {
        for place in rule.places {
            for room in rule.rooms {
                let file = if place.ends_with(".rs") {
                    place.to_string()
                } else {
                    format!("{place}/planted.rs")
                };
                for naming in [
                    format!("use crate::{room}::Thing;"),
                    format!("fn f() {{ agon::{room}::run() }}"),
                    format!("use agon::{{\n    game::Game,\n    {room}::{{A, B}},\n}};"),
                ] {
                    let tree = Scratch::new(&format!("layering-rule{r}"));
                    tree.write(&file, &naming);
                    let found = breaches(tree.path());
                    let wanted = format!("{} (found '{room}')", rule.why);
                    assert!(
                        found
                            .iter()
                            .any(|b| b.starts_with(&format!("{file}:")) && b.ends_with(&wanted)),
                        "{naming:?} in {file} is not caught by '{}': {found:?}",
                        rule.why
                    );
                }
            }
        }
    }
    // A name that only begins like a room is no room.
    let tree = Scratch::new("layering-near");
    tree.write(
        "src/search/x.rs",
        "use crate::searching::X; use my_agon::cli::Y;\n",
    );
    assert_eq!(breaches(tree.path()), Vec::<String>::new());
}

#[test]
fn every_text_rule_catches_its_words() {
    for rule in TEXT_RULES {
        for place in rule.places {
            for word in rule.forbidden {
                let tree = Scratch::new("layering-text");
                tree.write(
                    &format!("{place}/planted.rs"),
                    &format!("// {word}\nx {word} y\n"),
                );
                assert_eq!(
                    breaches(tree.path()),
                    vec![format!(
                        "{place}/planted.rs:2: {} (found '{word}')",
                        rule.why
                    )]
                );
            }
        }
    }
}

/// The doors that search — the protocol's engine, the referee's built-in
/// engines (and through them datagen and the tuner), the analysis and the
/// bench — each search through the engine core (`engine::Core`, or the
/// referee's `Lineup` of cores); no code outside the engine and the
/// searches makes a `Searcher` of its own, tests and benches included.
#[test]
fn every_door_searches_through_the_engine_core() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for place in ["src", "tests", "benches"] {
        rust_files(&root.join(place), &mut files);
    }
    let own = |f: &Path| {
        ["src/search", "src/engine", "tests/layering.rs"]
            .iter()
            .any(|p| f.starts_with(root.join(p)))
    };
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !own(f)) {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            if has_word(code(line), "Searcher") {
                found.push(format!("{}:{}", file.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "a Searcher outside the engine: {found:?}");
    let doors: &[(&str, &str)] = &[
        ("src/engine/search.rs", "core.search("),
        ("src/arena/entrant.rs", "core.search("),
        ("src/arena/referee.rs", "Lineup"),
        ("src/learn/datagen.rs", "lineup.play("),
        ("src/tune/samples.rs", "lineup.play("),
        ("src/tune/pair.rs", "play_game("),
        ("src/analysis/hint.rs", "core.search("),
        ("src/analysis/review.rs", "core.search("),
        ("src/analysis/equity.rs", "core.search("),
        ("src/engine/bench.rs", "core.search("),
    ];
    for (door, call) in doors {
        let text = std::fs::read_to_string(root.join(door)).unwrap_or_default();
        assert!(
            text.lines().any(|l| code(l).contains(call)),
            "{door} does not search through the engine core ({call})"
        );
    }
}

/// Every top-level module of `src/` has a floor, and a room that names a
/// room above it is caught.
#[test]
fn every_room_has_a_floor_and_a_higher_one_is_caught() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut unplaced = Vec::new();
    for entry in std::fs::read_dir(root.join("src")).expect("src").flatten() {
        let path = entry.path();
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let module = path.is_dir() || path.extension().is_some_and(|e| e == "rs");
        if module && floor_of(name).is_none() {
            unplaced.push(name.to_string());
        }
    }
    assert!(unplaced.is_empty(), "rooms without a floor: {unplaced:?}");
    let tree = Scratch::new("layering-floors");
    tree.write("src/engine/x.rs", "use crate::arena::Runner;\n");
    tree.write("src/search/y.rs", "fn f() { crate::engine::Core::new() }\n");
    tree.write("src/arena/z.rs", "use crate::engine::Core;\n");
    let found = breaches(tree.path());
    assert!(
        found
            .iter()
            .any(|b| b
                .starts_with("src/engine/x.rs:1: a room names only rooms on its floor or below")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|b| b
                .starts_with("src/search/y.rs:1: a room names only rooms on its floor or below")),
        "{found:?}"
    );
    assert!(
        !found.iter().any(|b| b.starts_with("src/arena/z.rs")),
        "{found:?}"
    );
}
