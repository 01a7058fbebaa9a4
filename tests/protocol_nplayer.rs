//! The protocol without a two-seat assumption, driven in-process: TriRace
//! (src/testgames/trirace.rs) for `p<k>time`, `query turn` and `query
//! result` with three and four players, and for max^n and MCTS through
//! `go`; the shipped games for the
//! two-player aliases and `query turn` through Palma's and Kubeia's
//! chance flow.

use agon::engine::session::Session;
use agon::engine::{Catalog, EngineError, GameSession};
use agon::protocol::output::Captured;
use agon::protocol::{run_with, Output};
use agon::testgames::trirace::TriRace;

fn make_trirace(game: &str, options: &str) -> Result<Box<dyn GameSession>, EngineError> {
    if game != "trirace" {
        return Err(EngineError::new(format!("unknown game '{game}'")));
    }
    Session::<TriRace>::new(options).map(|s| Box::new(s) as Box<dyn GameSession>)
}

/// The output lines of the protocol run on `input` (then end of input).
fn talk_with(catalog: Catalog, input: &str) -> Vec<String> {
    let (out, captured) = Output::in_memory();
    run_with(input.as_bytes(), out, catalog);
    captured.lines()
}

fn trirace(input: &str) -> Vec<String> {
    let catalog = Catalog {
        games: vec!["trirace"],
        make: make_trirace,
    };
    talk_with(catalog, input)
}

/// The lines that answer the protocol's own commands: `response`,
/// `bestmove`, error lines and `info string game over`.
fn answers(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| {
            l.starts_with("response")
                || l.starts_with("bestmove")
                || l.starts_with("info string error")
                || l.starts_with("info string game over")
        })
        .collect()
}

#[test]
fn p3time_drives_a_three_player_search() {
    // p2 to move; only `2` reaches the goal, and greedy must see it.
    let out = trirace(
        "setoption name Search value greedy\n\
         position fen 3 3 2 p2 - 1\n\
         query turn\n\
         go p1time 1000 p2time 1000 p3time 1000 p2inc 10\n\
         stop\n\
         setoption name Search value random\n\
         go p1time 1000 p2time 900 p3time 800 movestogo 5\n\
         isready\n",
    );
    let a = answers(&out);
    assert_eq!(a[..2], ["response p2", "bestmove 2"], "{out:?}");
    assert!(
        ["bestmove 1", "bestmove 2", "bestmove b"].contains(&a[2]),
        "{out:?}"
    );
}

#[test]
fn clock_words_that_do_not_fit_the_game_are_errors() {
    let out = trirace(
        "go wtime 1000 btime 1000\n\
         go p1time 10 winc 5\n\
         go p4time 1000\n\
         setoption name GameOptions value players=4\n\
         go p4time 1000 p5inc 3\n\
         setoption name GameOptions value players=2\n\
         go p3time 1000\n",
    );
    assert_eq!(
        answers(&out),
        [
            "info string error: go: wtime/btime/winc/binc are two-player clocks; this game has 3 players: use p1time…p3time",
            "info string error: go: wtime/btime/winc/binc are two-player clocks; this game has 3 players: use p1time…p3time",
            "info string error: go: p4time/p4inc: this game has 3 players",
            "info string error: go: p5time/p5inc: this game has 4 players",
            "info string error: go: p3time/p3inc: this game has 2 players",
        ]
    );
}

#[test]
fn query_turn_names_the_mover_and_the_pending_throw() {
    let out = trirace(
        "setoption name GameOptions value dice=on players=4\n\
         query turn\n\
         query p1turn\n\
         position startpos moves r2\n\
         query turn\n\
         query p1turn\n\
         position startpos moves r2 a\n\
         query turn\n\
         position startpos moves r2 a r1\n\
         query turn\n\
         position startpos moves r2 a r1 a r2 a r1 a\n\
         query turn\n\
         position fen 0 0 0 3 p4 r2 3 moves a\n\
         query turn\n\
         query gameover\n",
    );
    assert_eq!(
        answers(&out),
        [
            "response chance p1",
            "response false",
            "response p1",
            "response true",
            "response chance p2",
            "response p2",
            "response chance p1",
            "response none",
            "response true",
        ]
    );
}

#[test]
fn query_result_has_a_word_for_every_outcome() {
    let out = trirace(
        "query result\n\
         position fen 4 0 0 p1 - 0 moves 1\n\
         query result\n\
         position fen 0 1 4 p3 - 2 moves 2\n\
         query result\n\
         position fen 3 4 1 p2 - 0 moves 2\n\
         query result\n\
         go movetime 10\n\
         position fen 1 1 0 p3 - 29 moves 1\n\
         query result\n\
         setoption name GameOptions value players=4 teams=on\n\
         position fen 3 4 0 2 p2 - 0 moves 1\n\
         query result\n\
         d\n",
    );
    assert_eq!(
        answers(&out),
        [
            "response none",
            "response p1win",
            "response rank3-2-1",
            "response rank2-1-3",
            "info string game over: rank2-1-3",
            "bestmove (none)",
            "response draw",
            "response rank2-1-2-1",
        ]
    );
    assert!(
        out.contains(&"game over: green and yellow win".to_string()),
        "{out:?}"
    );
}

#[test]
fn a_sole_third_player_win_is_p3win() {
    let out = trirace("position fen 0 0 4 p3 - 2 moves 1\nquery result\ngo depth 1\n");
    assert_eq!(
        answers(&out),
        [
            "response p3win",
            "info string game over: p3win",
            "bestmove (none)"
        ]
    );
}

fn games(input: &str) -> Vec<String> {
    talk_with(Catalog::games(), input)
}

#[test]
fn two_player_games_take_the_aliases_and_refuse_p3time() {
    let out = games(
        "setoption name Game value zamma\n\
         go p3time 1000\n\
         go wtime 100 btime 100 p1time 50 depth 1\n\
         isready\n",
    );
    let a = answers(&out);
    assert_eq!(
        a[0],
        "info string error: go: p3time/p3inc: this game has 2 players"
    );
    assert!(
        a[1].starts_with("bestmove ") && a[1] != "bestmove (none)",
        "{out:?}"
    );
    assert!(!a[1].contains("ponder"), "{out:?}");
}

#[test]
fn palma_chance_flow_in_query_turn() {
    // The Hounds (p1) throw first. A 3 cannot be used: p1 passes and the
    // value passes to the Jackals (p2), who decide with it (palma.md), and
    // who then throw. A 5 enters a piece and earns another throw for the
    // same player.
    let out = games(
        "setoption name Game value palma\n\
         position startpos\n\
         query turn\n\
         position startpos moves t3\n\
         query turn\n\
         position startpos moves t3 pass\n\
         query turn\n\
         position startpos moves t3 pass pass\n\
         query turn\n\
         position startpos moves t5\n\
         query turn\n\
         position startpos moves t5 enter\n\
         query turn\n\
         query p1turn\n\
         position startpos moves t5 enter t2 0-2\n\
         query turn\n",
    );
    assert_eq!(
        answers(&out),
        [
            "response chance p1",
            "response p1",
            "response p2",
            "response chance p2",
            "response p1",
            "response chance p1",
            "response false",
            "response chance p2",
        ]
    );
}

#[test]
fn kubeia_chance_flow_in_query_turn() {
    let out = games(
        "setoption name Game value kubeia\n\
         query turn\n\
         position startpos moves r64\n\
         query turn\n\
         go depth 1\n\
         isready\n",
    );
    let a = answers(&out);
    assert_eq!(a[..2], ["response chance p1", "response p1"], "{out:?}");
    let best = a[2].strip_prefix("bestmove ").expect("a bestmove");
    let out = games(&format!(
        "setoption name Game value kubeia\n\
         position startpos moves r64 {best}\n\
         query turn\n\
         chance\n\
         query turn\n"
    ));
    assert_eq!(
        answers(&out),
        ["response chance p2", "response p2"],
        "{out:?}"
    );
}

/// Protocol input that gives one line per read and, after a `go`, waits
/// (up to the test deadline) for its `bestmove` in `out` before the next
/// line: a search runs to its own end instead of being stopped by the end
/// of input.
struct Paced {
    lines: Vec<String>,
    next: usize,
    gos: usize,
    out: Captured,
}

impl std::io::Read for Paced {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let deadline = std::time::Instant::now() + crate::common::DEADLINE;
        while self.gos > 0 && std::time::Instant::now() < deadline {
            let lines = self.out.lines();
            if lines.iter().filter(|l| l.starts_with("bestmove")).count() >= self.gos {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let Some(line) = self.lines.get(self.next) else {
            return Ok(0);
        };
        self.next += 1;
        if line.starts_with("go") {
            self.gos += 1;
        }
        let bytes = format!("{line}\n").into_bytes();
        let n = bytes.len().min(buf.len());
        buf[..n].copy_from_slice(&bytes[..n]);
        Ok(n)
    }
}

/// The TriRace protocol's output for `input`, each search run to its end.
fn trirace_paced(input: &str) -> Vec<String> {
    let (out, captured) = Output::in_memory();
    let paced = Paced {
        lines: input.lines().map(String::from).collect(),
        next: 0,
        gos: 0,
        out: captured.clone(),
    };
    run_with(
        std::io::BufReader::with_capacity(1 << 16, paced),
        out,
        Catalog {
            games: vec!["trirace"],
            make: make_trirace,
        },
    );
    captured.lines()
}

#[test]
fn alphabeta_and_expectimax_search_three_players_with_maxn() {
    use agon::game::{Game, Notation};
    use agon::testgames::trirace::maxn_best_moves;
    // A small race the solver sees to its end: p2 to move.
    let (options, fen) = ("goal=4 limit=9", "2 1 1 p2 - 3");
    let pos = TriRace::at(options, fen);
    let best: Vec<String> = maxn_best_moves(&pos)
        .into_iter()
        .map(|m| pos.move_text(m))
        .collect();
    let mut legal = Vec::new();
    pos.moves(&mut legal);
    let legal: Vec<String> = legal.into_iter().map(|m| pos.move_text(m)).collect();
    for search in ["alphabeta", "expectimax"] {
        let out = trirace_paced(&format!(
            "setoption name Search value {search}\n\
             setoption name GameOptions value {options}\n\
             position fen {fen}\n\
             go depth 6\n\
             go movetime 30\n\
             setoption name GameOptions value players=3 dice=on\n\
             position startpos moves r2\n\
             go depth 3\n\
             go movetime 30\n"
        ));
        let bestmoves: Vec<&str> = out
            .iter()
            .filter_map(|l| l.strip_prefix("bestmove "))
            .collect();
        assert_eq!(bestmoves.len(), 4, "{search}: {out:?}");
        // Deep enough to see the end: a move the solver ranks best.
        assert!(best.iter().any(|b| b == bestmoves[0]), "{search}: {out:?}");
        assert!(legal.iter().any(|l| l == bestmoves[1]), "{search}: {out:?}");
        // With dice: advance or bump by the throw.
        assert!(["a", "b"].contains(&bestmoves[2]), "{search}: {out:?}");
        assert!(["a", "b"].contains(&bestmoves[3]), "{search}: {out:?}");
        // A searched iteration for each `go`, with a score and the move
        // played first in its PV; and the choice of search explained.
        let infos: Vec<&String> = out
            .iter()
            .filter(|l| l.starts_with("info depth") && l.contains(" score ") && l.contains(" pv "))
            .collect();
        for b in &bestmoves {
            assert!(
                infos
                    .iter()
                    .any(|l| l.ends_with(&format!(" pv {b}")) || l.contains(&format!(" pv {b} "))),
                "{search}: {out:?}"
            );
        }
        assert!(
            out.iter()
                .any(|l| l.contains("depth 6 ") && l.contains(" score ")),
            "{search}: {out:?}"
        );
        assert!(
            out.iter()
                .any(|l| l
                    == &format!("info string search {search}: trirace has 3 teams; using max^n")),
            "{search}: {out:?}"
        );
        assert!(
            !out.iter().any(|l| l.contains("error")),
            "{search}: {out:?}"
        );
    }
}

#[test]
fn mcts_searches_three_players_through_the_protocol() {
    use agon::game::{Game, Notation};
    let out = trirace_paced(
        "setoption name Search value mcts\n\
         position startpos\n\
         go nodes 3000\n\
         position startpos moves 2 1 b\n\
         go nodes 500\n",
    );
    let bestmoves: Vec<&str> = out
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(bestmoves.len(), 2, "{out:?}");
    let start = TriRace::with("");
    let mut later = start.clone();
    for m in ["2", "1", "b"] {
        later.play(later.parse_move(m).expect("a legal move"));
    }
    let answers: Vec<usize> = (0..out.len())
        .filter(|&i| out[i].starts_with("bestmove "))
        .collect();
    for (k, (pos, best)) in [(&start, bestmoves[0]), (&later, bestmoves[1])]
        .into_iter()
        .enumerate()
    {
        assert!(
            pos.parse_move(best).is_ok(),
            "{best} at {}: {out:?}",
            pos.position()
        );
        // The last info line before the answer has the search's figures
        // and a PV that starts with the move played.
        let last = out[..answers[k]]
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap_or_else(|| panic!("no info line: {out:?}"));
        for word in [" nodes ", " score ", " pv "] {
            assert!(last.contains(word), "{last}");
        }
        assert!(
            last.ends_with(&format!(" pv {best}")) || last.contains(&format!(" pv {best} ")),
            "{last}"
        );
    }
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
}
