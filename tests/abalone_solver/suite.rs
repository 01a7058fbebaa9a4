//! The tactics file: one position a line,
//! `name ; options ; position ; kind ; N ; first moves`
//! (`#` starts a comment line). `kind` is `win` or `eject`
//! ([`super::solver::Goal`]), N the least number of the mover's own moves
//! that forces it, and the first moves (sorted, space-separated) every move
//! that forces it within N.

use agon::game::Notation;
use agon::game::{Game, GameOptions};
use agon::games::abalone::Abalone;

use super::solver::Goal;
use crate::common::suite_lines::suite_lines;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub options: String,
    pub position: String,
    pub goal: Goal,
    pub n: u32,
    pub first_moves: Vec<String>,
}

impl Entry {
    pub fn root(&self) -> Result<Abalone, String> {
        let opts = GameOptions::parse(&self.options, Abalone::option_specs())
            .map_err(|e| format!("{}: options '{}': {e}", self.name, self.options))?;
        Abalone::from_position(&self.position, &opts)
            .map_err(|e| format!("{}: position '{}': {e}", self.name, self.position))
    }

    #[cfg(not(test))]
    pub fn line(&self) -> String {
        format!(
            "{} ; {} ; {} ; {} ; {} ; {}",
            self.name,
            self.options,
            self.position,
            self.goal.name(),
            self.n,
            self.first_moves.join(" ")
        )
    }

    /// `f`: the six fields of one line, as [`suite_lines`] splits them.
    fn parse(f: &[&str]) -> Result<Entry, String> {
        Ok(Entry {
            name: f[0].to_string(),
            options: f[1].to_string(),
            position: f[2].to_string(),
            goal: Goal::from_name(f[3]).ok_or_else(|| format!("bad kind '{}'", f[3]))?,
            n: f[4].parse().map_err(|_| format!("bad N '{}'", f[4]))?,
            first_moves: f[5].split_whitespace().map(String::from).collect(),
        })
    }
}

pub fn suite_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/abalone-tactics.txt")
}

pub fn read_suite() -> Result<Vec<Entry>, String> {
    let text = std::fs::read_to_string(suite_path()).map_err(|e| e.to_string())?;
    suite_lines("positions/abalone-tactics.txt", &text, ';', 6)
        .iter()
        .map(|(_, f)| Entry::parse(f))
        .collect()
}

#[cfg(not(test))]
pub const HEADER: &str = "\
# Abalone tactics suite (shared/rules/abalone.md; issue 3, acceptance \"Tactics\").
#
# One position a line:  name ; options ; position string ; kind ; N ; first moves
# - options: key=value pairs for GameOptions::parse.
# - position string: as in positions/abalone-perft.txt (rows i..a, b/w/p,
#   -<n>b<m>w ejected marbles, side to move, ply).
# - kind: win   = the side to move forces the win (sixth ejected marble, or
#                 the princess with princess=on) within N of its own moves;
#         eject = it forces the ejection of an opposing marble within N of
#                 its own moves, before the defender ejects one of its own
#                 and leaving the defender no ejection in reply (for
#                 N >= 2 no ejection at all is available at once), and the
#                 defender, even if it moved first, could not force an
#                 ejection within N moves (a clean gain, not a trade), and
#                 no other first move forces it even within N+1 moves
#                 (delaying loses it), and after it the defender cannot
#                 force an ejection back within 3 moves (a marble won, not
#                 a trade; the last two are checked when generating only,
#                 as they cost deeper solves).
# - N: the least such number (1..3); first moves: every first move (Aba-Pro
#   notation, sorted) that forces it within N moves, whatever the defence.
#
# Everything here comes from the exhaustive AND-OR solver in
# tests/abalone_solver/solver.rs, run on positions of the MiGs games
# (positions/abalone-migs-2016-2017.apgn) and on seeded random princess=on
# playouts (tests/abalone_solver/generate.rs). Do not edit by hand.
# Regenerate:
#   cargo run --release --features datagen --example datagen -- abalone-tactics
# Re-verify every line with the solver:
#   cargo test --release --test suite abalone_tactics::
";

#[cfg(not(test))]
pub fn write_suite(entries: &[Entry]) -> std::io::Result<()> {
    let mut text = String::from(HEADER);
    for e in entries {
        text.push('\n');
        text.push_str(&e.line());
    }
    text.push('\n');
    std::fs::write(suite_path(), text)
}
