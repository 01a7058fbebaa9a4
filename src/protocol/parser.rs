//! Command lines → typed [`Command`]s (protocol.md, "Commands"). Parsing
//! knows no game: moves and position strings stay text until the session
//! of the current game reads them.

pub use super::output::shorten;
pub use crate::engine::{ClockSpec, GoSpec, PositionSpec, Query};

use std::fmt;

/// A line that is not a command (protocol.md, "Commands"). Its callers
/// (the protocol, the GUI's check of what its page sends) print it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// What is wrong with the line, and the usage where that helps.
    Message(String),
}

impl From<&str> for ParseError {
    fn from(message: &str) -> Self {
        ParseError::Message(message.into())
    }
}

impl From<String> for ParseError {
    fn from(message: String) -> Self {
        ParseError::Message(message)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Message(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ParseError {}

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Ugi,
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// `ucinewgame` or `uginewgame`.
    NewGame,
    Position(PositionSpec),
    Go(GoSpec),
    /// `go perft N`.
    Perft(u32),
    Stop,
    PonderHit,
    Quit,
    /// `d`.
    Display,
    Moves,
    Eval,
    Bench(Option<u32>),
    Query(Query),
    /// Draws a chance outcome from the seeded generator and plays it.
    Chance,
    /// `debug …` and `register …`: accepted, nothing to do (UCI).
    Ignored,
    /// `help`: the commands, one line each ([`super::output::HELP`]).
    Help,
}

/// Words that end a `searchmoves` list.
const GO_WORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "searchmoves",
    "ponder",
    "perft",
    "mate",
];

/// Parses one line. `Ok(None)`: an empty line, which is ignored.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let mut words = line.split_whitespace();
    let Some(head) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    // UCI: an engine ignores the tokens it does not understand, so words
    // after a command that takes none are dropped: `isready now` is still
    // `isready`, `quit now` still quits.
    match head {
        "uci" => Ok(Some(Command::Uci)),
        "ugi" => Ok(Some(Command::Ugi)),
        "isready" => Ok(Some(Command::IsReady)),
        "ucinewgame" | "uginewgame" => Ok(Some(Command::NewGame)),
        "stop" => Ok(Some(Command::Stop)),
        "ponderhit" => Ok(Some(Command::PonderHit)),
        "quit" => Ok(Some(Command::Quit)),
        "d" => Ok(Some(Command::Display)),
        "moves" => Ok(Some(Command::Moves)),
        "eval" => Ok(Some(Command::Eval)),
        "chance" => Ok(Some(Command::Chance)),
        "help" => Ok(Some(Command::Help)),
        // UCI's debug mode and registration have nothing to switch here.
        "debug" | "register" => Ok(Some(Command::Ignored)),
        "setoption" => parse_setoption(&rest).map(Some),
        "position" => parse_position(&rest).map(|p| Some(Command::Position(p))),
        "go" => parse_go(&rest).map(Some),
        "bench" => match rest.as_slice() {
            [] => Ok(Some(Command::Bench(None))),
            [d] => Ok(Some(Command::Bench(Some(number("bench depth", d)?)))),
            _ => Err("usage: bench [depth]".into()),
        },
        "query" => match rest.as_slice() {
            ["gameover"] => Ok(Some(Command::Query(Query::GameOver))),
            ["p1turn"] => Ok(Some(Command::Query(Query::P1Turn))),
            ["turn"] => Ok(Some(Command::Query(Query::Turn))),
            ["result"] => Ok(Some(Command::Query(Query::Result))),
            _ => Err(format!(
                "usage: query gameover|p1turn|turn|result (got 'query {}')",
                shorten(&rest.join(" "))
            )
            .into()),
        },
        _ => Err(format!("unknown command '{}'", shorten(head)).into()),
    }
}

/// `setoption name <name…> [value <value…>]`; the name may contain spaces.
fn parse_setoption(rest: &[&str]) -> Result<Command, ParseError> {
    let usage = "usage: setoption name <name> [value <value>]";
    if rest.first() != Some(&"name") {
        return Err(usage.into());
    }
    let body = &rest[1..];
    let split = body.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(i) => (&body[..i], Some(body[i + 1..].join(" "))),
        None => (body, None),
    };
    if name.is_empty() {
        return Err(usage.into());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(rest: &[&str]) -> Result<PositionSpec, ParseError> {
    let usage = "usage: position startpos|fen <position> [moves <move>…]";
    let split = rest.iter().position(|w| *w == "moves");
    let (head, moves) = match split {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let fen = match head {
        ["startpos"] => None,
        ["fen"] => return Err("position fen: the position string is missing".into()),
        ["fen", text @ ..] => Some(text.join(" ")),
        _ => return Err(usage.into()),
    };
    Ok(PositionSpec {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// The longest `go mate`: its search is at most 64 plies deep.
const MATE_MAX: u32 = 32;

/// The deepest `go perft`, as `agon perft --depth`.
const PERFT_MAX_DEPTH: u32 = 64;

fn parse_go(rest: &[&str]) -> Result<Command, ParseError> {
    if let ["perft", n] = rest {
        let depth = number("perft depth", n)?;
        if depth > PERFT_MAX_DEPTH {
            return Err(format!("go perft: the depth must be 0..={PERFT_MAX_DEPTH}").into());
        }
        return Ok(Command::Perft(depth));
    }
    let mut spec = GoSpec::default();
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        i += 1;
        let mut arg = |what: &str| -> Result<&str, ParseError> {
            let v = rest
                .get(i)
                .copied()
                .ok_or_else(|| ParseError::from(format!("go {what}: the number is missing")))?;
            i += 1;
            Ok(v)
        };
        match word {
            "depth" => spec.depth = Some(number("depth", arg("depth")?)?),
            "nodes" => spec.nodes = Some(number("nodes", arg("nodes")?)?),
            "movetime" => spec.movetime = Some(millis("movetime", arg("movetime")?)?),
            "movestogo" => spec.movestogo = Some(number("movestogo", arg("movestogo")?)?),
            "wtime" => spec.white.time = Some(millis("wtime", arg("wtime")?)?),
            "btime" => spec.black.time = Some(millis("btime", arg("btime")?)?),
            "winc" => spec.white.inc = Some(millis("winc", arg("winc")?)?),
            "binc" => spec.black.inc = Some(millis("binc", arg("binc")?)?),
            "infinite" => spec.infinite = true,
            "searchmoves" => {
                let start = i;
                while i < rest.len() && !GO_WORDS.contains(&rest[i]) && !is_player_clock(rest[i]) {
                    i += 1;
                }
                if i == start {
                    return Err("go searchmoves: no move given".into());
                }
                spec.searchmoves = rest[start..i].iter().map(|m| m.to_string()).collect();
            }
            "ponder" => spec.ponder = true,
            "perft" => return Err("usage: go perft <depth>".into()),
            "mate" => {
                let n: u32 = number("mate", arg("mate")?)?;
                if !(1..=MATE_MAX).contains(&n) {
                    return Err(
                        format!("go mate: the number of moves must be 1..={MATE_MAX}").into(),
                    );
                }
                spec.mate = Some(n);
            }
            w => match player_clock(w) {
                Some((player, is_inc)) => {
                    let v = millis(w, arg(w)?)?;
                    if spec.players.len() <= player {
                        spec.players.resize(player + 1, ClockSpec::default());
                    }
                    let clock = &mut spec.players[player];
                    if is_inc {
                        clock.inc = Some(v);
                    } else {
                        clock.time = Some(v);
                    }
                }
                None => return Err(format!("go: unknown argument '{}'", shorten(w)).into()),
            },
        }
    }
    Ok(Command::Go(spec))
}

fn is_player_clock(word: &str) -> bool {
    player_clock(word).is_some()
}

/// `p<k>time` / `p<k>inc` (UGI) → (player index k-1, is increment).
fn player_clock(word: &str) -> Option<(usize, bool)> {
    let body = word.strip_prefix('p')?;
    let (digits, is_inc) = if let Some(d) = body.strip_suffix("time") {
        (d, false)
    } else {
        (body.strip_suffix("inc")?, true)
    };
    let k: usize = digits.parse().ok()?;
    // 8 players is far above any game agon knows; the bound keeps a
    // hostile `p99999999time` from allocating.
    (1..=8).contains(&k).then(|| (k - 1, is_inc))
}

fn number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, ParseError> {
    text.parse()
        .map_err(|_| format!("{what}: '{}' is not a valid number", shorten(text)).into())
}

/// A time in milliseconds. Some GUIs send a negative remaining time when
/// the clock has run out; that is read as 0.
fn millis(what: &str, text: &str) -> Result<u64, ParseError> {
    let v: i64 = number(what, text)?;
    Ok(v.max(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    #[test]
    fn simple_words() {
        assert_eq!(cmd("uci"), Command::Uci);
        assert_eq!(cmd("  isready \r"), Command::IsReady);
        assert_eq!(cmd("uginewgame"), Command::NewGame);
        assert_eq!(parse("   "), Ok(None));
        assert_eq!(cmd("isready now"), Command::IsReady);
        assert_eq!(cmd("quit now"), Command::Quit);
        assert_eq!(cmd("debug on"), Command::Ignored);
        assert_eq!(cmd("register later"), Command::Ignored);
        assert_eq!(cmd("help"), Command::Help);
        assert!(parse("UCI").is_err());
    }

    #[test]
    fn queries() {
        assert_eq!(cmd("query turn"), Command::Query(Query::Turn));
        assert_eq!(cmd("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(cmd("query result"), Command::Query(Query::Result));
        assert!(parse("query").is_err());
        assert!(parse("query turn now").is_err());
    }

    #[test]
    fn setoption_names_with_spaces() {
        assert_eq!(
            cmd("setoption name Game Options value layout=belgian princess=on"),
            Command::SetOption {
                name: "Game Options".into(),
                value: Some("layout=belgian princess=on".into())
            }
        );
        assert_eq!(
            cmd("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert!(parse("setoption Hash 3").is_err());
        assert!(parse("setoption name value 3").is_err());
    }

    #[test]
    fn position_splits_at_moves() {
        assert_eq!(
            cmd("position fen 9/8 b 3 moves a1b2 t5"),
            Command::Position(PositionSpec {
                fen: Some("9/8 b 3".into()),
                moves: vec!["a1b2".into(), "t5".into()]
            })
        );
        assert_eq!(
            cmd("position startpos"),
            Command::Position(PositionSpec {
                fen: None,
                moves: vec![]
            })
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position fen moves a1").is_err());
        assert!(parse("position startpos a1b2").is_err());
    }

    #[test]
    fn go_arguments() {
        let Command::Go(g) =
            cmd("go wtime -5 btime 1000 winc 10 searchmoves a1b2 c3d4 p2inc 7 depth 3")
        else {
            panic!()
        };
        assert_eq!(g.white.time, Some(0));
        assert_eq!(g.black.time, Some(1000));
        assert_eq!(g.white.inc, Some(10));
        assert_eq!(g.searchmoves, vec!["a1b2", "c3d4"]);
        assert_eq!(
            g.players,
            vec![
                ClockSpec::default(),
                ClockSpec {
                    time: None,
                    inc: Some(7)
                }
            ]
        );
        assert_eq!(g.depth, Some(3));
        assert_eq!(cmd("go perft 3"), Command::Perft(3));
        assert!(parse("go depth").is_err());
        assert!(parse("go depth -1").is_err());
        assert!(parse("go depth x").is_err());
        assert!(parse("go sideways").is_err());
        let Command::Go(g) = cmd("go ponder wtime 100 btime 200") else {
            panic!()
        };
        assert!(g.ponder);
        assert_eq!(g.black.time, Some(200));
        let Command::Go(g) = cmd("go mate 3") else {
            panic!()
        };
        assert_eq!(g.mate, Some(3));
        assert!(parse("go mate").is_err());
        assert!(parse("go mate 0").is_err());
        assert!(parse("go mate 99").is_err());
        assert!(parse("go searchmoves").is_err());
        assert!(parse("go p0time 5").is_err());
        assert!(parse("go p99999999999time 5").is_err());
    }

    proptest::proptest! {
        // The same draws every run: CI never meets a case no earlier run met.
        #![proptest_config(proptest::test_runner::Config {
            rng_seed: proptest::test_runner::RngSeed::Fixed(7),
            failure_persistence: None,
            ..proptest::test_runner::Config::default()
        })]

        #[test]
        fn any_text_parses_or_errs(text in "\\PC{0,80}") {
            let _ = parse(&text);
        }

        #[test]
        fn any_word_salad_parses_or_errs(words in proptest::collection::vec(
            proptest::sample::select(vec![
                "go", "position", "fen", "startpos", "moves", "setoption", "name", "value",
                "searchmoves", "depth", "perft", "p1time", "p2inc", "wtime", "-5", "7", "x",
                "query", "result", "bench", "infinite", "ponder",
            ]),
            0..12,
        )) {
            let _ = parse(&words.join(" "));
        }
    }
}
