//! Replays the transcripts of protocol.md against the binary (the rules
//! of the format are in protocol.md, "Transcripts").

use crate::common;

use common::Agon;

struct Transcript {
    /// The game named after `transcript`, if any.
    game: Option<String>,
    /// 1-based line of the opening fence, for messages.
    line: usize,
    steps: Vec<(String, Vec<String>)>,
}

fn transcripts() -> Vec<Transcript> {
    let text = include_str!("../protocol.md");
    let mut out = Vec::new();
    let mut current: Option<Transcript> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut current {
            None => {
                if let Some(info) = line.trim().strip_prefix("```transcript") {
                    let game = info.split_whitespace().next().map(String::from);
                    current = Some(Transcript {
                        game,
                        line: i + 1,
                        steps: Vec::new(),
                    });
                }
            }
            Some(t) => {
                if line.trim() == "```" {
                    out.extend(current.take());
                } else if let Some(input) = line.strip_prefix("> ") {
                    t.steps.push((input.to_string(), Vec::new()));
                } else {
                    let step = t.steps.last_mut().unwrap_or_else(|| {
                        panic!("protocol.md:{}: output before any input", i + 1)
                    });
                    step.1.push(line.to_string());
                }
            }
        }
    }
    assert!(current.is_none(), "protocol.md: unclosed transcript block");
    out
}

/// Whether `got` matches the expected line `want` (`*` = one word,
/// final `...` = the rest of the line).
fn matches(want: &str, got: &str) -> bool {
    let w: Vec<&str> = want.split(' ').collect();
    let g: Vec<&str> = got.split(' ').collect();
    if w.last() == Some(&"...") {
        let head = &w[..w.len() - 1];
        return g.len() >= head.len() && head.iter().zip(&g).all(|(a, b)| *a == "*" || a == b);
    }
    w.len() == g.len() && w.iter().zip(&g).all(|(a, b)| *a == "*" || a == b)
}

fn replay(t: &Transcript) {
    let at = format!("protocol.md:{}", t.line);
    let mut e = Agon::start();
    for (input, expected) in &t.steps {
        e.send(input);
        let mut i = 0;
        while i < expected.len() {
            if expected[i] == "..." {
                let next = expected
                    .get(i + 1)
                    .unwrap_or_else(|| panic!("{at}: '...' must be followed by a line"));
                e.until(|l| matches(next, l));
                i += 2;
            } else {
                let got = e.recv();
                assert!(
                    matches(&expected[i], &got),
                    "{at}: after '> {input}' expected '{}', got '{got}'",
                    expected[i]
                );
                i += 1;
            }
        }
        if expected.is_empty() {
            // Nothing may be printed: the barrier's readyok must come next.
            let extra = e.sync();
            assert!(extra.is_empty(), "{at}: '> {input}' printed {extra:?}");
        }
    }
    let (rest, status, stderr) = e.finish();
    assert!(rest.is_empty(), "{at}: printed after the end: {rest:?}");
    assert!(status.success(), "{at}: exit status {status:?}: {stderr}");
}

#[test]
fn the_format_matches_as_documented() {
    assert!(matches("id name agon *", "id name agon 0.1.0"));
    assert!(!matches("id name agon *", "id name agon"));
    assert!(matches("position: x b ...", "position: x b"));
    assert!(matches("position: x b ...", "position: x b 12"));
    assert!(!matches("position: x b ...", "position: x w 12"));
    assert!(!matches("bestmove *", "bestmove a1b2 ponder i5h5"));
}

#[test]
fn game_independent_transcripts() {
    let all = transcripts();
    let generic: Vec<&Transcript> = all.iter().filter(|t| t.game.is_none()).collect();
    assert!(!generic.is_empty());
    for t in generic {
        replay(t);
    }
}

#[test]
fn game_transcripts() {
    let all = transcripts();
    let games: Vec<&Transcript> = all.iter().filter(|t| t.game.is_some()).collect();
    assert!(!games.is_empty());
    for t in games {
        replay(t);
    }
}
