//! The documentation agrees with the engine (issue 13, item 9): every
//! game's variant options in README.md and protocol.md are the keys and
//! values of the game's option specs; protocol.md's table of engine options
//! and its handshake are what `uci` prints; and neither document nor any
//! `--help` points at a file outside the repository (the rules are the
//! games' module docs).

use std::collections::{BTreeMap, BTreeSet};

use agon::game::{OptionKind, OptionSpec};
use agon::games::GameKind;

const README: &str = include_str!("../README.md");
const PROTOCOL: &str = include_str!("../protocol.md");

/// `key` → its alternatives, from code spans of the form `key=a|b|c`
/// (README escapes the bar in its table as `\|`).
type Documented = BTreeMap<String, BTreeSet<String>>;

fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

fn option_spans(text: &str) -> Documented {
    let mut out = Documented::new();
    for span in code_spans(text) {
        let Some((key, values)) = span.split_once('=') else {
            continue;
        };
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
            continue;
        }
        if values.contains(' ') {
            continue;
        }
        let values = values.replace("\\|", "|");
        out.insert(
            key.to_string(),
            values.split('|').map(str::to_string).collect(),
        );
    }
    out
}

/// The README table row of `kind` (`petteia` and `kubeia` share one).
fn readme_options(kind: GameKind) -> Documented {
    let name = format!("`{}`", kind.name());
    let row = README
        .lines()
        .find(|l| l.starts_with('|') && l.split('|').nth(1).is_some_and(|c| c.contains(&name)))
        .unwrap_or_else(|| panic!("README.md has no options row for {}", kind.name()));
    // The last cell: the options (the second names the rules' module).
    let cell = row.trim_end_matches('|').rsplit(" | ").next().unwrap_or("");
    option_spans(cell)
}

/// The `Options` bullet of `kind`'s section under protocol.md's "Games".
fn protocol_options(kind: GameKind) -> Documented {
    let games = PROTOCOL
        .split("\n## Games")
        .nth(1)
        .expect("protocol.md has a Games section");
    let name = format!("`Game` name `{}`", kind.name());
    let names = format!("`{}`", kind.name());
    let section = games
        .split("\n### ")
        .find(|s| {
            let head = s.lines().take(3).collect::<Vec<_>>().join(" ");
            head.contains(&name) || (head.contains("`Game` names") && head.contains(&names))
        })
        .unwrap_or_else(|| panic!("protocol.md has no section for {}", kind.name()));
    // Bullets start with "- " at the line start; continuation lines are
    // indented.
    let mut bullets: Vec<String> = Vec::new();
    for line in section.lines() {
        if let Some(rest) = line.strip_prefix("- ") {
            bullets.push(rest.to_string());
        } else if line.starts_with("  ") {
            if let Some(b) = bullets.last_mut() {
                b.push(' ');
                b.push_str(line.trim());
            }
        }
    }
    let bullet = bullets
        .iter()
        .find(|b| b.contains("Options"))
        .unwrap_or_else(|| panic!("protocol.md's {} section lists no options", kind.name()));
    option_spans(bullet)
}

/// What the values documented for `spec` must be.
fn check(doc: &str, kind: GameKind, spec: &OptionSpec, values: &BTreeSet<String>) {
    let set = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<BTreeSet<_>>();
    let where_ = format!("{doc}, {} option '{}'", kind.name(), spec.key);
    match spec.kind {
        OptionKind::Choice(words) => assert_eq!(values, &set(words), "{where_}"),
        OptionKind::Switch => assert_eq!(values, &set(&["on", "off"]), "{where_}"),
        OptionKind::Int { none_ok, .. } => {
            let want = if none_ok {
                set(&["N", "none"])
            } else {
                set(&["N"])
            };
            assert_eq!(values, &want, "{where_}");
        }
        OptionKind::Text => {
            assert!(values.contains(spec.default), "{where_}: {values:?}");
            // Every alternative shown is a value the game accepts.
            for v in values {
                let text = format!("{}={v}", spec.key);
                assert!(
                    agon::game::GameOptions::parse(&text, kind.option_specs()).is_ok(),
                    "{where_}: '{text}' is refused"
                );
            }
        }
    }
}

#[test]
fn the_documented_variant_options_are_the_games_option_specs() {
    for &kind in GameKind::ALL {
        let specs = kind.option_specs();
        let keys: BTreeSet<String> = specs.iter().map(|s| s.key.to_string()).collect();
        for (doc, documented) in [
            ("README.md", readme_options(kind)),
            ("protocol.md", protocol_options(kind)),
        ] {
            let doc_keys: BTreeSet<String> = documented.keys().cloned().collect();
            assert_eq!(doc_keys, keys, "{doc}: the option keys of {}", kind.name());
            for spec in specs {
                check(doc, kind, spec, &documented[spec.key]);
            }
        }
    }
}

/// `uci`'s option lines.
fn uci_options() -> Vec<String> {
    let mut agon = crate::common::Agon::start();
    agon.send("uci");
    let lines = agon.until(|l| l == "uciok");
    agon.send("quit");
    lines
        .into_iter()
        .filter(|l| l.starts_with("option name "))
        .collect()
}

/// The value following `word` in an `option` line.
fn field<'a>(line: &'a str, word: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .iter()
        .position(|w| *w == word)
        .and_then(|i| words.get(i + 1).copied())
}

#[test]
fn protocol_md_lists_the_engine_options_that_uci_prints() {
    let options = uci_options();
    assert!(!options.is_empty());
    let section = PROTOCOL
        .split("\n## Options")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("protocol.md has an Options section");
    // The handshake block, line by line (`…` ends a line early).
    let block: Vec<&str> = section
        .split("```text\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("the handshake block")
        .lines()
        .collect();
    assert_eq!(block.len(), options.len(), "{block:?}\n{options:?}");
    for (want, got) in block.iter().zip(&options) {
        match want.strip_suffix(" …") {
            Some(head) => assert!(got.starts_with(head), "{want} / {got}"),
            None => assert_eq!(want, got),
        }
    }
    // The table: a row per option, with its type, default and values.
    let rows: BTreeMap<String, Vec<String>> = section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<String> = l
                .trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect();
            (cells[0].trim_matches('`').to_string(), cells)
        })
        .collect();
    assert_eq!(rows.len(), options.len(), "{rows:?}");
    for line in &options {
        // A name may hold spaces (`Clear Hash`): it runs up to ` type `.
        let name = line
            .strip_prefix("option name ")
            .and_then(|rest| rest.split(" type ").next())
            .expect("a name");
        let row = rows
            .get(name)
            .unwrap_or_else(|| panic!("protocol.md's option table lacks {name}"));
        let kind = field(line, "type").expect("a type");
        assert_eq!(row[1], kind, "{name}");
        // A button has no default: `–` in the table.
        let default = field(line, "default").unwrap_or("–");
        assert_eq!(row[2].trim_matches('`'), default, "{name}");
        match kind {
            "spin" => {
                let range = format!(
                    "{}..{}",
                    field(line, "min").expect("min"),
                    field(line, "max").expect("max")
                );
                assert_eq!(row[3], range, "{name}");
            }
            "combo" => {
                let vars: Vec<&str> = line
                    .split(" var ")
                    .skip(1)
                    .map(|v| v.split_whitespace().next().unwrap_or(""))
                    .collect();
                if name == "Game" {
                    let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
                    assert_eq!(vars, games);
                } else {
                    assert_eq!(code_spans(&row[3]), vars, "{name}");
                }
            }
            "check" => assert_eq!(code_spans(&row[3]), ["true", "false"], "{name}"),
            _ => {}
        }
    }
}

/// Paths that exist only outside the repository.
const OUTSIDE: &[&str] = &["../shared", "shared/rules", "shared/", "seeds/"];

#[test]
fn no_document_or_help_points_outside_the_repository() {
    let mut texts = vec![
        ("README.md".to_string(), README.to_string()),
        ("protocol.md".to_string(), PROTOCOL.to_string()),
    ];
    for cmd in [
        &[][..],
        &["perft"],
        &["bench"],
        &["match"],
        &["tune"],
        &["analyse"],
    ] {
        let mut args: Vec<&str> = cmd.to_vec();
        args.push("--help");
        let (status, out, _) = crate::common::run(&args);
        assert!(status.success(), "{args:?}");
        texts.push((format!("agon {}", args.join(" ")), out));
    }
    for (name, text) in &texts {
        for path in OUTSIDE {
            assert!(!text.contains(path), "{name} mentions {path}");
        }
    }
    // The rules are the module docs, and the documents say where.
    for &kind in GameKind::ALL {
        let module = match kind {
            GameKind::Kubeia => "src/games/petteia/mod.rs".to_string(),
            k => format!("src/games/{}/mod.rs", k.name()),
        };
        for (doc, text) in [("README.md", README), ("protocol.md", PROTOCOL)] {
            assert!(text.contains(&module), "{doc} does not name {module}");
        }
    }
}
