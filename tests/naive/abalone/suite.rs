//! Reads `positions/abalone-perft.txt` and `positions/abalone-multi-perft.txt`: one position a line,
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
    /// The `players=` option (2 when absent).
    pub fn players(&self) -> Result<usize, String> {
        match self
            .options
            .split_whitespace()
            .find_map(|kv| kv.strip_prefix("players="))
        {
            None => Ok(2),
            Some(n) => n
                .parse()
                .map_err(|_| format!("{}: bad players={n}", self.name)),
        }
    }

    /// Whether the line asks for the princess rules.
    pub fn princess(&self) -> bool {
        self.options
            .split_whitespace()
            .any(|kv| kv == "princess=on")
    }
}

/// The two-player suite.
pub const SUITE: &str = "positions/abalone-perft.txt";
/// The 3-, 4- and 6-player suite (abalone-multiplayer.md).
pub const MULTI_SUITE: &str = "positions/abalone-multi-perft.txt";

pub fn suite_path() -> std::path::PathBuf {
    repo_path(SUITE)
}

pub fn repo_path(file: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file)
}

pub fn parse_suite(text: &str) -> Result<Vec<SuiteLine>, String> {
    parse_suite_file(SUITE, text)
}

/// Parses the text of the suite file `file` (a path from the repository's
/// root, named in errors).
pub fn parse_suite_file(file: &str, text: &str) -> Result<Vec<SuiteLine>, String> {
    let mut out = Vec::new();
    for (n, fields) in suite_lines(file, text, ';', 4) {
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
    read_suite_file(SUITE)
}

pub fn read_suite_file(file: &str) -> Result<Vec<SuiteLine>, String> {
    let path = repo_path(file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_suite_file(file, &text)
}
