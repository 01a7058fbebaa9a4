//! The never-rules of the source tree (STYLE.md), checked on the text of
//! `src/` since the layers share one crate: games know no search, protocol,
//! command line, referee or tuner; the Game abstraction names no game; the
//! searches name no game; the protocol reaches the games only through the
//! one dispatch place (`GameKind`, `with_game!`); no thread-local state in
//! the games or the searches (an evaluator is a value handed to a search).
//! A failure names the file, the line and the rule.

use std::path::{Path, PathBuf};

/// A rule: files under `dir` must not contain, in code (comments are not
/// read), any of `forbidden` (matched case-sensitively as written).
struct Rule {
    dir: &'static str,
    forbidden: &'static [&'static str],
    why: &'static str,
}

const GAME_NAMES: &[&str] = &[
    "abalone", "Abalone", "palma", "Palma", "petteia", "Petteia", "kubeia", "Kubeia", "zamma",
    "Zamma",
];

const RULES: &[Rule] = &[
    Rule {
        dir: "src/games",
        forbidden: &[
            "crate::search",
            "crate::protocol",
            "crate::cli",
            "crate::arena",
            "crate::tune",
        ],
        why: "a game never imports search, protocol, cli, arena or tune",
    },
    Rule {
        dir: "src/game",
        forbidden: &["crate::games"],
        why: "the Game abstraction names no particular game",
    },
    Rule {
        dir: "src/search",
        forbidden: &["crate::games"],
        why: "a search names no game",
    },
    // The evaluator (with its weights) reaches a search as a value in the
    // request; no per-thread state may carry it around the searches.
    Rule {
        dir: "src/game",
        forbidden: &["thread_local!"],
        why: "evaluation settings travel as values, not thread-locals",
    },
    Rule {
        dir: "src/games",
        forbidden: &["thread_local!"],
        why: "evaluation settings travel as values, not thread-locals",
    },
    Rule {
        dir: "src/search",
        forbidden: &["thread_local!"],
        why: "evaluation settings travel as values, not thread-locals",
    },
    Rule {
        dir: "src/protocol",
        forbidden: &[
            "games::abalone",
            "games::palma",
            "games::petteia",
            "games::zamma",
        ],
        why: "the protocol reaches games only through GameKind / with_game!",
    },
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
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

/// Whether `name` occurs in `text` as a word (not inside another name).
fn has_word(text: &str, name: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// Every breach of the rules in the tree at `root`, as `file:line: rule`.
fn breaches(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut check = |dir: &str, why: &str, matches: &dyn Fn(&str) -> Option<String>| {
        let mut files = Vec::new();
        rust_files(&root.join(dir), &mut files);
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            for (n, line) in text.lines().enumerate() {
                if let Some(what) = matches(code(line)) {
                    let shown = file.strip_prefix(root).unwrap_or(&file).display();
                    out.push(format!("{shown}:{}: {why} (found '{what}')", n + 1));
                }
            }
        }
    };
    for rule in RULES {
        check(rule.dir, rule.why, &|line| {
            rule.forbidden
                .iter()
                .find(|f| line.contains(**f))
                .map(|f| f.to_string())
        });
    }
    // Beyond imports: no game's module or type name in search code.
    check("src/search", "a search names no game", &|line| {
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
    let root = std::env::temp_dir().join(format!("agon-layering-{}", std::process::id()));
    let dir = root.join("src/games/demo");
    std::fs::create_dir_all(&dir).expect("temporary directory");
    std::fs::write(
        dir.join("mod.rs"),
        "// crate::search in a comment is fine\nuse crate::search::tt::Tt;\n",
    )
    .expect("temporary file");
    std::fs::create_dir_all(root.join("src/search")).expect("temporary directory");
    std::fs::write(
        root.join("src/search/order.rs"),
        "fn f(z: &Zamma) {}\nfn zammaish() {}\n",
    )
    .expect("temporary file");
    let found = breaches(&root);
    let _ = std::fs::remove_dir_all(&root);
    assert_eq!(
        found,
        vec![
            "src/games/demo/mod.rs:2: a game never imports search, protocol, cli, arena or tune (found 'crate::search')".to_string(),
            "src/search/order.rs:1: a search names no game (found 'Zamma')".to_string(),
        ]
    );
}
