//! `agon analyse --record FILE`: every move of recorded games annotated
//! as GNU Backgammon annotates a match — the engine's best move and value,
//! the played move's value and its loss against the best, an error (`?`)
//! or blunder (`??`) mark by thresholds, and per player the moves
//! analysed, the average loss and the number of errors and blunders.
//!
//! Each decision ply takes two searches with the same limits: the whole
//! position (the best move, and with `--multipv K` the K best lines) and
//! the position restricted to the played move (`searchmoves`); the loss
//! is the first value minus the second, never below zero. Throws and rolls
//! are listed, not judged, and so is a move that was the only legal one
//! (it counts in no average). Values and losses are in the units of
//! `agon analyse` (win probability for Palma, centi-units elsewhere); a
//! loss that turns a proven win into no win counts as a blunder and enters
//! the average as [`MATE_LOSS`] centi-units.
//!
//! The file may hold agon's match records (any game) or the game's own
//! record format (APGN for Abalone, the transcription for Petteia and
//! Kubeia).

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use super::analyse::{show, to_units, win_scale};
use crate::arena::record;
use crate::game::{GameError, GameOptions, Playable, Player, Status};
use crate::search::{Limits, Report, Request, ScoreReport, SearchConfig, Searcher};

/// What a mate-deciding loss counts for in an average of centi-units.
pub const MATE_LOSS: f64 = 1000.0;

/// Loss thresholds: `(error, blunder)` in the command's units.
pub fn default_thresholds<G: Playable>() -> (f64, f64) {
    if win_scale::<G>().is_some() {
        (0.04, 0.08)
    } else {
        (50.0, 150.0)
    }
}

/// One game to annotate.
struct Game<G> {
    title: String,
    /// Who played each player, when the record says.
    players: Vec<String>,
    start: G,
    moves: Vec<String>,
    /// How the record says the game ended, when the rules did not end it
    /// (a ply limit, a forfeit, an adjudication).
    ending: Option<String>,
}

/// Per player: moves analysed, summed loss, errors, blunders.
#[derive(Clone, Copy, Default)]
struct Summary {
    moves: u32,
    loss: f64,
    errors: u32,
    blunders: u32,
}

/// Reads `text` (agon's records or the game's own format, from file
/// `path`) and annotates game `index` (from 1), or every game.
pub fn review<G: Playable>(
    opts: &GameOptions,
    (path, text): (&str, &str),
    index: Option<usize>,
    (limits, config, searcher): (&Limits, &SearchConfig, &Searcher),
    thresholds: (f64, f64),
) -> Result<(), GameError> {
    if text.trim().is_empty() {
        return Err(GameError::new(format!("'{path}' is empty")));
    }
    let games = read_games::<G>(opts, path, text)?;
    if games.is_empty() {
        return Err(GameError::new(format!(
            "'{path}' has no complete game record"
        )));
    }
    let chosen: Vec<&Game<G>> = match index {
        Some(i) => vec![games.get(i.wrapping_sub(1)).ok_or_else(|| {
            GameError::new(format!(
                "--game-index {i}: the file has {} games",
                games.len()
            ))
        })?],
        None => games.iter().collect(),
    };
    for game in chosen {
        annotate(game, limits, config, searcher, thresholds)?;
    }
    Ok(())
}

fn read_games<G: Playable>(
    opts: &GameOptions,
    path: &str,
    text: &str,
) -> Result<Vec<Game<G>>, GameError> {
    if record::is_match_record(text) {
        return record::read_located::<G>(text)
            .map_err(|e| e.in_file(path))?
            .records
            .into_iter()
            .map(|located| {
                let line = located.replay::<G>().map_err(|e| e.in_file(path))?;
                let r = located.record;
                let ending = r.ending::<G>();
                Ok(Game {
                    title: format!("game {}", r.number),
                    players: r.players.clone(),
                    start: line[0].clone(),
                    moves: r.moves.into_iter().map(|(m, _)| m).collect(),
                    ending: Some(ending),
                })
            })
            .collect();
    }
    Ok(G::read_records(text, opts)?
        .into_iter()
        .enumerate()
        .map(|(i, r)| Game {
            title: format!("game {}", i + 1),
            players: Vec::new(),
            start: r.start,
            moves: r.moves,
            ending: None,
        })
        .collect())
}

/// The search of `pos` (restricted to `only` if given): its score, its
/// best move's text and, by MultiPV line, each line's first move and score.
fn search<G: Playable>(
    pos: &G,
    history: &[u64],
    only: Option<G::Move>,
    limits: &Limits,
    config: &SearchConfig,
    searcher: &Searcher,
) -> (ScoreReport, Option<String>, Vec<(String, ScoreReport)>) {
    let lines: Mutex<Vec<(u32, u32, String, ScoreReport)>> = Mutex::new(Vec::new());
    let report = |r: &Report| {
        if let (Report::Pv(p), Ok(mut l)) = (r, lines.lock()) {
            if let Some(first) = p.pv.first() {
                l.push((p.depth, p.multipv, first.clone(), p.score));
            }
        }
    };
    let root_moves: Vec<G::Move> = only.into_iter().collect();
    let req = Request {
        history,
        root_moves: &root_moves,
        ..Request::new(pos, limits, config)
    };
    // A restricted search must not take the whole position's entries.
    searcher.clear();
    let r = searcher.think(&req, &AtomicBool::new(false), &report);
    let lines = lines.into_inner().unwrap_or_default();
    // The last depth's lines, one per MultiPV index.
    let deepest = lines.iter().map(|l| l.0).max().unwrap_or(0);
    let mut ranked: Vec<(u32, String, ScoreReport)> = Vec::new();
    for (d, k, m, s) in lines.into_iter().rev() {
        if d == deepest && ranked.iter().all(|(j, _, _)| *j != k) {
            ranked.push((k, m, s));
        }
    }
    ranked.sort_by_key(|(k, _, _)| *k);
    let best = r.best.map(|m| pos.move_text(m));
    (
        r.score,
        best,
        ranked.into_iter().map(|(_, m, s)| (m, s)).collect(),
    )
}

/// The loss of `played` against `best` in the command's units, and
/// whether it gave up a proven win.
fn loss_units<G: Playable>(best: ScoreReport, played: ScoreReport) -> (f64, bool) {
    let won = |s: ScoreReport| matches!(s, ScoreReport::Mate(n) if n > 0);
    let d = (to_units::<G>(best) - to_units::<G>(played)).max(0.0);
    let loss = if win_scale::<G>().is_some() {
        d
    } else {
        // Proven results sit at ±1e6 on the axis: capped for averages.
        d.min(MATE_LOSS)
    };
    (loss, won(best) && !won(played))
}

fn annotate<G: Playable>(
    game: &Game<G>,
    limits: &Limits,
    config: &SearchConfig,
    searcher: &Searcher,
    (error, blunder): (f64, f64),
) -> Result<(), GameError> {
    let n = game.start.num_players();
    let who = |p: Player| -> String {
        let side = G::PLAYER_NAMES.get(usize::from(p)).copied().unwrap_or("?");
        match game.players.get(usize::from(p)) {
            Some(name) => format!("{side} ({name})"),
            None => side.to_string(),
        }
    };
    out!(
        "{} of {}: {}, {} plies",
        game.title,
        G::NAME,
        (0..n as Player).map(who).collect::<Vec<_>>().join(" vs "),
        game.moves.len()
    );
    out!(
        "{:>4}  {:<8} {:<10} {:>9}  {:<10} {:>9} {:>9}  mark",
        "ply",
        "player",
        "played",
        "value",
        "best",
        "value",
        "loss"
    );
    let began = std::time::Instant::now();
    let mut pos = game.start.clone();
    let mut history: Vec<u64> = Vec::new();
    let mut summary = vec![Summary::default(); n];
    for (i, text) in game.moves.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| GameError::new(format!("{}, ply {}: {e}", game.title, i + 1)))?;
        let forced = {
            let mut legal = Vec::new();
            pos.moves(&mut legal);
            legal.len() == 1
        };
        match pos.status() {
            Status::Decision(p) if forced => {
                let side = G::PLAYER_NAMES.get(usize::from(p)).copied().unwrap_or("?");
                out!("{:>4}  {:<8} {:<10} (forced)", i + 1, side, text);
            }
            Status::Decision(p) => {
                let (best_score, best, alternatives) =
                    search(&pos, &history, None, limits, config, searcher);
                let best = best.unwrap_or_else(|| text.clone());
                let played_score = if best == *text {
                    best_score
                } else {
                    search(&pos, &history, Some(mv), limits, config, searcher).0
                };
                let (loss, mate_lost) = loss_units::<G>(best_score, played_score);
                let mark = if loss >= blunder || mate_lost {
                    "??"
                } else if loss >= error {
                    "?"
                } else {
                    ""
                };
                let s = &mut summary[usize::from(p)];
                s.moves += 1;
                s.loss += loss;
                s.errors += u32::from(mark == "?");
                s.blunders += u32::from(mark == "??");
                let loss_text = if win_scale::<G>().is_some() {
                    format!("{loss:.4}")
                } else {
                    format!("{loss:.0}")
                };
                let side = G::PLAYER_NAMES.get(usize::from(p)).copied().unwrap_or("?");
                out!(
                    "{:>4}  {:<8} {:<10} {:>9}  {:<10} {:>9} {:>9}  {mark}",
                    i + 1,
                    side,
                    text,
                    show::<G>(played_score),
                    best,
                    show::<G>(best_score),
                    loss_text
                );
                if config.multipv > 1 && alternatives.len() > 1 {
                    let alts: Vec<String> = alternatives
                        .iter()
                        .map(|(m, s)| format!("{m} {}", show::<G>(*s)))
                        .collect();
                    out!("{:>4}  lines: {}", "", alts.join(", "));
                }
            }
            Status::Chance => out!("{:>4}  {:<8} {:<10}", i + 1, "chance", text),
            Status::Over(_) => {
                return Err(GameError::new(format!(
                    "{}, ply {}: the game is already over",
                    game.title,
                    i + 1
                )))
            }
        }
        history.push(pos.hash());
        pos.play(mv);
        let step = format!("{}, {text}", game.title);
        super::analyse::progress(i + 1, game.moves.len(), "plies", &step, began);
    }
    let end = match (pos.status(), &game.ending) {
        (Status::Over(o), _) => format!("ends: {}", o.word(n)),
        (_, Some(ending)) => format!("ends: {ending}"),
        _ => "the record stops before the game ends".to_string(),
    };
    out!("{end}");
    for (p, s) in summary.iter().enumerate() {
        let average = if s.moves == 0 {
            0.0
        } else {
            s.loss / f64::from(s.moves)
        };
        let average = if win_scale::<G>().is_some() {
            format!("{average:.4}")
        } else {
            format!("{average:.1}")
        };
        out!(
            "summary {}: {} moves, average loss {average}, {} errors, {} blunders",
            who(p as Player),
            s.moves,
            s.errors,
            s.blunders
        );
    }
    out!("");
    Ok(())
}
