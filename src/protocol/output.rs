//! Everything the engine prints goes through one [`Output`]: each line is
//! written whole under a lock and flushed, so `info` lines from the search
//! thread and replies from the reader thread never interleave mid-line.
//! The formatting of `info` and `bestmove` lines lives here too
//! (protocol.md, "Output").

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::search::{Bound, PvInfo, Report, ScoreReport};

/// A cloneable, thread-safe, line-flushed writer.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn new(sink: Box<dyn Write + Send>) -> Self {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// The process's standard output.
    pub fn stdout() -> Self {
        Output::new(Box::new(std::io::stdout()))
    }

    /// An output kept in memory, and the handle that reads it back (the
    /// protocol driven in-process, as tests do).
    pub fn in_memory() -> (Self, Captured) {
        let captured = Captured::default();
        (Output::new(Box::new(captured.clone())), captured)
    }

    /// Writes one line. Line breaks inside `text` (which may quote user
    /// input) become spaces, so one call is always exactly one line.
    pub fn line(&self, text: &str) {
        let clean: String = text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        // A poisoned lock only means another writer panicked mid-line; the
        // sink itself is still usable.
        let mut sink = match self.sink.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        // A closed stdout (the GUI went away) is not our error to report.
        let _ = writeln!(sink, "{clean}");
        let _ = sink.flush();
    }

    /// The one error line a bad command gets (protocol.md, "Errors").
    pub fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }
}

/// The text written to an [`Output::in_memory`].
#[derive(Clone, Default)]
pub struct Captured(Arc<Mutex<Vec<u8>>>);

impl Captured {
    /// Everything written so far, as lines (invalid UTF-8 replaced).
    pub fn lines(&self) -> Vec<String> {
        let bytes = match self.0.lock() {
            Ok(guard) => guard.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(String::from)
            .collect()
    }
}

impl Write for Captured {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        match self.0.lock() {
            Ok(mut guard) => guard.extend_from_slice(b),
            Err(poisoned) => poisoned.into_inner().extend_from_slice(b),
        }
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `score cp N` / `score mate N`.
pub fn score_text(score: ScoreReport) -> String {
    match score {
        ScoreReport::Cp(n) => format!("cp {n}"),
        ScoreReport::Mate(n) => format!("mate {n}"),
    }
}

/// One `info` line for a search report.
pub fn report_line(report: &Report, show_wdl: bool) -> String {
    match report {
        Report::Pv(pv) => pv_line(pv, show_wdl),
        Report::CurrMove {
            depth,
            text,
            number,
        } => format!("info depth {depth} currmove {text} currmovenumber {number}"),
        Report::String(text) => format!("info string {text}"),
    }
}

/// `info depth D seldepth S multipv K score … [bound] [wdl W D L] nodes N
/// nps N hashfull H time T [pv …]`.
pub fn pv_line(pv: &PvInfo, show_wdl: bool) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {}",
        pv.depth,
        pv.seldepth,
        pv.multipv,
        score_text(pv.score)
    );
    match pv.bound {
        Bound::Exact => {}
        Bound::Lower => s.push_str(" lowerbound"),
        Bound::Upper => s.push_str(" upperbound"),
    }
    if let (true, Some([w, d, l])) = (show_wdl, pv.wdl) {
        s.push_str(&format!(" wdl {w} {d} {l}"));
    }
    s.push_str(&format!(
        " nodes {} nps {} hashfull {} time {}",
        pv.nodes, pv.nps, pv.hashfull, pv.time_ms
    ));
    if !pv.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&pv.pv.join(" "));
    }
    s
}

/// Nodes per second without dividing by zero.
pub fn nps(nodes: u64, millis: u64) -> u64 {
    nodes.saturating_mul(1000).checked_div(millis).unwrap_or(0)
}

/// The `bestmove` line, the same in both dialects: no `ponder` move
/// while pondering is not supported (`go ponder` is an error), since a GUI
/// that sees one may send `go ponder` next.
pub fn bestmove_line(best: Option<&str>) -> String {
    format!("bestmove {}", best.unwrap_or("(none)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pv() -> PvInfo {
        PvInfo {
            depth: 5,
            seldepth: 9,
            multipv: 1,
            score: ScoreReport::Cp(-37),
            bound: Bound::Lower,
            wdl: Some([300, 500, 200]),
            nodes: 1234,
            nps: 5678,
            hashfull: 12,
            time_ms: 217,
            pv: vec!["a1b2".into(), "i5h5".into()],
        }
    }

    #[test]
    fn pv_line_has_uci_field_order() {
        assert_eq!(
            pv_line(&pv(), true),
            "info depth 5 seldepth 9 multipv 1 score cp -37 lowerbound wdl 300 500 200 \
             nodes 1234 nps 5678 hashfull 12 time 217 pv a1b2 i5h5"
        );
        let mut p = pv();
        p.score = ScoreReport::Mate(-3);
        p.bound = Bound::Exact;
        p.pv.clear();
        assert_eq!(
            pv_line(&p, false),
            "info depth 5 seldepth 9 multipv 1 score mate -3 nodes 1234 nps 5678 hashfull 12 time 217"
        );
    }

    #[test]
    fn bestmove_has_no_ponder_move() {
        assert_eq!(bestmove_line(Some("a")), "bestmove a");
        assert_eq!(bestmove_line(None), "bestmove (none)");
    }

    #[test]
    fn a_line_is_one_line() {
        let (out, captured) = Output::in_memory();
        out.error("bad\nthing\r");
        out.line("next");
        assert_eq!(captured.lines(), ["info string error: bad thing ", "next"]);
    }
}
