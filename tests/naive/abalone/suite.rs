//! Reads `positions/abalone-perft.txt`: one position a line,
//! `name ; options ; position string ; d1 d2 d3 [d4]`; `#` starts a
//! comment line; options `-` means the defaults.

use crate::common::suite_lines::suite_lines;

pub struct SuiteLine {
    pub name: String,
    /// `key=value` pairs for `GameOptions::parse` (empty for the defaults).
    pub options: String,
    pub position: String,
    /// `counts[i]` is perft(i + 1).
    pub counts: Vec<u64>,
}

impl SuiteLine {
    /// Whether the line asks for the princess rules.
    pub fn princess(&self) -> bool {
        self.options
            .split_whitespace()
            .any(|kv| kv == "princess=on")
    }
}

pub fn suite_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/abalone-perft.txt")
}

pub fn parse_suite(text: &str) -> Result<Vec<SuiteLine>, String> {
    let mut out = Vec::new();
    for (n, fields) in suite_lines("positions/abalone-perft.txt", text, ';', 4) {
        let (name, options, position, counts) = (fields[0], fields[1], fields[2], fields[3]);
        let counts = counts
            .split_whitespace()
            .map(|n| n.parse::<u64>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("line {n}: bad count: {e}"))?;
        out.push(SuiteLine {
            name: name.to_string(),
            options: if options == "-" {
                String::new()
            } else {
                options.to_string()
            },
            position: position.to_string(),
            counts,
        });
    }
    Ok(out)
}

pub fn read_suite() -> Result<Vec<SuiteLine>, String> {
    let path = suite_path();
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_suite(&text)
}
