//! Everything the engine prints goes through one [`Output`]: each line is
//! written whole under a lock and flushed, so `info` lines from the search
//! thread and replies from the reader thread never interleave mid-line.
//! The formatting of `info` and `bestmove` lines lives here too
//! (protocol.md, "Output").

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::engine::bench::Totals;
use crate::engine::FinalResult;
use crate::search::{Bound, PvInfo, Report, ScoreReport};

/// `help`'s answer: each command on one line, then where the rest is
/// (protocol.md, "Commands" has the same list with every answer).
pub const HELP: &[&str] = &[
    "uci | ugi                           the handshake: id lines, one option line each, uciok | ugiok",
    "isready                             readyok",
    "setoption name <name> [value <v>]   sets an option (uci lists them)",
    "ucinewgame | uginewgame             a new game: start position, empty hash",
    "position startpos|fen <string> [moves <m1> ...]   sets the position",
    "go [depth|nodes|movetime|mate <n>] [wtime|btime|winc|binc|movestogo <n>] [infinite] [ponder] [searchmoves <m> ...]   searches, then bestmove",
    "go perft <n>                        counts the positions n plies ahead, by move",
    "stop | ponderhit                    ends the search | the pondered move was played",
    "d | moves | eval                    the position | the legal moves | the evaluation's terms",
    "bench [depth]                       searches the bench positions: nodes and speed",
    "query gameover|p1turn|turn|result   UGI's questions about the game",
    "chance                              draws and plays a chance outcome (dice games)",
    "help | quit                         this list | exits",
    "The full specification is protocol.md beside agon's source; the command line: agon --help.",
];

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

    /// The one error line a bad command gets (protocol.md, "Errors"),
    /// bounded here whatever built the message ([`bounded_error`]).
    pub fn error(&self, message: &str) {
        self.line(&bounded_error(message));
    }
}

/// The most characters of one input an error line quotes.
pub const QUOTE_CHARS: usize = 40;

/// The longest error line, in characters, `info string error: ` included.
pub const MAX_ERROR_LINE: usize = 512;

/// At most [`QUOTE_CHARS`] of `text`, a cut marked with `…`.
pub fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(QUOTE_CHARS).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

/// The error line for `message`: every quoted input in it ('…') cut by
/// [`shorten`], the whole line cut at [`MAX_ERROR_LINE`]. Messages are
/// built in many places, games' parsers among them, and some quote what
/// they were given whole; cutting here bounds them all at once.
///
/// A quote opens at a `'` that does not follow a letter or digit and
/// closes at the next `'` that no letter or digit follows, so the input's
/// own apostrophes (`a'b`) stay inside it. An input that leaves a quote
/// open is still bounded by the line's cut.
pub fn bounded_error(message: &str) -> String {
    let chars: Vec<char> = message.chars().collect();
    let word = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(|c| c.is_alphanumeric())
    };
    let mut out = String::from("info string error: ");
    let mut closes = true;
    let mut i = 0;
    while i < chars.len() {
        let opens = chars[i] == '\'' && !word(i.checked_sub(1));
        let close = if opens && closes {
            (i + 1..chars.len()).find(|&j| chars[j] == '\'' && !word(Some(j + 1)))
        } else {
            None
        };
        match close {
            Some(j) => {
                let quoted: String = chars[i + 1..j].iter().collect();
                out.push('\'');
                out.push_str(&shorten(&quoted));
                out.push('\'');
                i = j + 1;
            }
            None => {
                // No closing quote after i means none after any later
                // opening either: one failed search ends the searching,
                // which keeps this linear in the message.
                closes &= !opens;
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    if out.chars().count() > MAX_ERROR_LINE {
        out = out.chars().take(MAX_ERROR_LINE - 1).collect();
        out.push('…');
    }
    out
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
        // `cp` first, for GUIs that read only it; then the proven win
        // probability (protocol.md, "score").
        ScoreReport::Exact { ppm, cp } => {
            format!(
                "cp {cp} wp {}.{:06} exact",
                ppm / 1_000_000,
                ppm % 1_000_000
            )
        }
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

/// The fields of an `info` line with a score and totals; a field that is
/// `None` is not printed.
struct InfoFields<'a> {
    depth: u32,
    seldepth: Option<u32>,
    multipv: Option<u32>,
    score: Option<(ScoreReport, Bound)>,
    wdl: Option<[u32; 3]>,
    nodes: u64,
    hashfull: Option<u32>,
    time_ms: u64,
    pv: &'a [String],
}

/// `info depth D [seldepth S] [multipv K] [score … [bound]] [wdl W D L]
/// nodes N nps N [hashfull H] time T [pv …]`: the one formatter of the
/// lines a search reports and of its final line.
fn info_line(f: &InfoFields) -> String {
    let mut s = format!("info depth {}", f.depth);
    if let Some(d) = f.seldepth {
        s.push_str(&format!(" seldepth {d}"));
    }
    if let Some(k) = f.multipv {
        s.push_str(&format!(" multipv {k}"));
    }
    if let Some((score, bound)) = f.score {
        s.push_str(&format!(" score {}", score_text(score)));
        match bound {
            Bound::Exact => {}
            Bound::Lower => s.push_str(" lowerbound"),
            Bound::Upper => s.push_str(" upperbound"),
        }
    }
    if let Some([w, d, l]) = f.wdl {
        s.push_str(&format!(" wdl {w} {d} {l}"));
    }
    s.push_str(&format!(
        " nodes {} nps {}",
        f.nodes,
        nps(f.nodes, f.time_ms)
    ));
    if let Some(h) = f.hashfull {
        s.push_str(&format!(" hashfull {h}"));
    }
    s.push_str(&format!(" time {}", f.time_ms));
    if !f.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&f.pv.join(" "));
    }
    s
}

/// `info depth D seldepth S multipv K score … [bound] [wdl W D L] nodes N
/// nps N hashfull H time T [pv …]`.
pub fn pv_line(pv: &PvInfo, show_wdl: bool) -> String {
    info_line(&InfoFields {
        depth: pv.depth,
        seldepth: Some(pv.seldepth),
        multipv: Some(pv.multipv),
        score: Some((pv.score, pv.bound)),
        wdl: pv.wdl.filter(|_| show_wdl),
        nodes: pv.nodes,
        hashfull: Some(pv.hashfull),
        time_ms: pv.time_ms,
        pv: &pv.pv,
    })
}

/// The final `info` line of a search, just before its `bestmove`: `info
/// depth D [score … [bound]] nodes N nps N time T [pv …]`, the `pv` the
/// line whose first move `bestmove` plays (protocol.md, "go").
pub fn final_line(result: &FinalResult) -> String {
    info_line(&InfoFields {
        depth: result.depth,
        seldepth: None,
        multipv: None,
        score: result.score,
        wdl: None,
        nodes: result.nodes,
        hashfull: None,
        time_ms: result.time.as_millis() as u64,
        pv: &result.pv,
    })
}

/// Nodes per second, the one formula of every line that prints it
/// (without dividing by zero).
pub fn nps(nodes: u64, millis: u64) -> u64 {
    nodes.saturating_mul(1000).checked_div(millis).unwrap_or(0)
}

/// The line after each game's bench positions.
pub fn bench_game_line(game: &str, positions: usize, depth: u32, nodes: u64, eval: &str) -> String {
    format!("bench {game} positions {positions} depth {depth} nodes {nodes} eval {eval}")
}

/// The bench's last line: the signature (total nodes) and the speed (time
/// in the searches, in milliseconds).
pub fn bench_total_line(total: &Totals) -> String {
    let millis = (total.secs * 1000.0).round() as u64;
    format!(
        "bench nodes {} time {millis} nps {}",
        total.nodes,
        nps(total.nodes, millis)
    )
}

/// The `bestmove` line, the same in both dialects: no `ponder` move
/// while pondering is not supported (`go ponder` is an error), since a GUI
/// that sees one may send `go ponder` next.
pub fn bestmove_line(best: Option<&str>, ponder: Option<&str>) -> String {
    match (best, ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        _ => format!("bestmove {}", best.unwrap_or("(none)")),
    }
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
             nodes 1234 nps 5686 hashfull 12 time 217 pv a1b2 i5h5"
        );
        let mut p = pv();
        p.score = ScoreReport::Mate(-3);
        p.bound = Bound::Exact;
        p.pv.clear();
        assert_eq!(
            pv_line(&p, false),
            "info depth 5 seldepth 9 multipv 1 score mate -3 nodes 1234 nps 5686 hashfull 12 time 217"
        );
    }

    #[test]
    fn the_final_line_has_what_backs_it() {
        let mut r = FinalResult {
            pv: vec!["a1b2".into(), "i5h5".into()],
            score: Some((ScoreReport::Cp(12), Bound::Lower)),
            depth: 4,
            nodes: 3000,
            time: std::time::Duration::from_millis(1500),
            lines: Vec::new(),
            ponder: None,
        };
        assert_eq!(
            final_line(&r),
            "info depth 4 score cp 12 lowerbound nodes 3000 nps 2000 time 1500 pv a1b2 i5h5"
        );
        r.score = None;
        r.pv.clear();
        r.time = std::time::Duration::ZERO;
        assert_eq!(final_line(&r), "info depth 4 nodes 3000 nps 0 time 0");
    }

    #[test]
    fn bench_lines_have_one_form() {
        let t = |nodes, secs| Totals {
            positions: 1,
            nodes,
            secs,
            prepare_cpu_secs: 0.0,
        };
        assert_eq!(
            bench_total_line(&t(1500, 1.0)),
            "bench nodes 1500 time 1000 nps 1500"
        );
        assert_eq!(bench_total_line(&t(0, 0.0)), "bench nodes 0 time 0 nps 0");
        assert_eq!(
            bench_game_line("zamma", 3, 7, 42, "classic"),
            "bench zamma positions 3 depth 7 nodes 42 eval classic"
        );
    }

    #[test]
    fn bestmove_has_no_ponder_move() {
        assert_eq!(bestmove_line(Some("a"), None), "bestmove a");
        assert_eq!(bestmove_line(Some("a"), Some("b")), "bestmove a ponder b");
        assert_eq!(bestmove_line(None, None), "bestmove (none)");
    }

    #[test]
    fn a_line_is_one_line() {
        let (out, captured) = Output::in_memory();
        out.error("bad\nthing\r");
        out.line("next");
        assert_eq!(captured.lines(), ["info string error: bad thing ", "next"]);
    }

    #[test]
    fn error_lines_quote_at_most_40_characters_of_an_input() {
        let long = "x".repeat(70_000);
        let cut = format!("'{}…'", "x".repeat(QUOTE_CHARS));
        assert_eq!(
            bounded_error(&format!("move '{long}': move '{long}' is bad")),
            format!("info string error: move {cut}: move {cut} is bad")
        );
        // Spaces and apostrophes inside the input stay inside the quote;
        // text of the message is kept.
        let words = "a b ".repeat(10_000);
        assert_eq!(
            bounded_error(&format!("bad position '{words}': expected '/', it's x")),
            format!(
                "info string error: bad position '{}…': expected '/', it's x",
                &words[..QUOTE_CHARS]
            )
        );
        assert_eq!(
            bounded_error("move 'a'b': x 'y'"),
            "info string error: move 'a'b': x 'y'"
        );
        let already = format!("'{}…'", "y".repeat(QUOTE_CHARS));
        assert_eq!(
            bounded_error(&already),
            format!("info string error: {already}")
        );
    }

    #[test]
    fn no_error_line_is_longer_than_the_bound() {
        let long = "z".repeat(70_000);
        for message in [
            long.clone(),
            format!("unclosed '{long}"),
            format!("('{}", "('a".repeat(30_000)),
            "'a b' ".repeat(1000),
        ] {
            let line = bounded_error(&message);
            assert!(line.chars().count() <= MAX_ERROR_LINE, "{}", line.len());
            assert!(line.starts_with("info string error: "));
        }
        let short = "setoption: unknown option 'Colour' (known: Game, Hash)";
        assert_eq!(bounded_error(short), format!("info string error: {short}"));
    }
}
