//! The review of recorded games, as GNU Backgammon annotates a match: for
//! every move the engine's best move and value, the played move's value
//! and its loss against the best, an inaccuracy (`?!`), error (`?`) or
//! blunder (`??`) mark by thresholds, and per player the moves analysed,
//! the summed loss, the number of each mark and an accuracy figure
//! ([`move_accuracy`], lichess's).
//!
//! Each decision ply takes two searches with the same limits: the whole
//! position (the best move, and with MultiPV K the K best lines) and the
//! position restricted to the played move (`searchmoves`); the loss is the
//! first value minus the second, never below zero. Throws and rolls are
//! listed, not judged, and so is a move that was the only legal one (it
//! counts in no average). A loss that turns a proven win into no win
//! counts as a blunder and enters the average as [`MATE_LOSS`]
//! centi-units.
//!
//! The records may be agon's match records (any game) or the game's own
//! record format (APGN for Abalone, the transcription for Petteia and
//! Kubeia).

use super::rollout::Judge;
use super::units::{to_units, win_scale};
use crate::arena::record;
use crate::engine::{Core, SearchJob};
use crate::game::{GameError, GameOptions, Playable, Player, Status};
use crate::search::{Limits, ScoreReport, Signal};

/// What a mate-deciding loss counts for in an average of centi-units.
pub const MATE_LOSS: f64 = 1000.0;

/// The losses (in analysis units) from which a move is marked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// `?!`
    pub inaccuracy: f64,
    /// `?`
    pub error: f64,
    /// `??`
    pub blunder: f64,
}

/// The default thresholds: an inaccuracy from half an error's loss.
pub fn default_thresholds<G: Playable>() -> Thresholds {
    let (error, blunder) = if win_scale::<G>().is_some() {
        (0.04, 0.08)
    } else {
        (50.0, 150.0)
    };
    Thresholds {
        inaccuracy: error / 2.0,
        error,
        blunder,
    }
}

/// The logistic's scale, in centi-units, by which the accuracy reads a
/// value as an expected score where the evaluator has no win
/// probability: a lead of 400 (four men or marbles) ≈ 73 %, as the
/// engine's own `wdl` reads its values ([`crate::search::winprob`]).
const ACCURACY_LOGISTIC: f64 = 400.0;

/// The mover's expected score (0..1) of a value in analysis units: the
/// win probability itself where the evaluator has one, else the logistic
/// of the centi-units (proven results at ±1e6 read as 1 and 0).
pub fn expected_score<G: Playable>(units: f64) -> f64 {
    if win_scale::<G>().is_some() {
        units.clamp(0.0, 1.0)
    } else {
        1.0 / (1.0 + (-units / ACCURACY_LOGISTIC).exp())
    }
}

/// A move's accuracy (0..100) from the drop of its mover's expected score
/// against the best move (0..1): lichess's curve on the drop in percent,
/// `103.1668·e^(−0.04354·d) − 3.1669`, with its bonus of 1 for the
/// analysis's own imprecision, clamped to 0..100. A best move is 100.
pub fn move_accuracy(drop: f64) -> f64 {
    let d = 100.0 * drop.max(0.0);
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * d).exp() - 3.166_924_740_191_411 + 1.0)
        .clamp(0.0, 100.0)
}

/// One recorded game.
pub struct RecordedGame<G> {
    pub title: String,
    /// Who played each player, when the record says.
    pub players: Vec<String>,
    pub start: G,
    pub moves: Vec<String>,
    /// Comments on moves, by the move's index in `moves` (agon's records).
    pub comments: std::collections::BTreeMap<usize, String>,
    /// How the record says the game ended, when the rules did not end it
    /// (a ply limit, a forfeit, an adjudication).
    pub ending: Option<String>,
}

/// Per player: moves analysed, summed loss, inaccuracies, errors,
/// blunders and summed accuracy; in a dice game the summed luck of the
/// throws and the result.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub moves: u32,
    pub loss: f64,
    pub inaccuracies: u32,
    pub errors: u32,
    pub blunders: u32,
    /// [`move_accuracy`] summed over the moves analysed.
    pub accuracy: f64,
    /// Throws reviewed, and this player's luck summed over them (win
    /// probability: [`crate::analysis::rollout::Judge::luck`]).
    pub throws: u32,
    pub luck: f64,
    /// The player's payoff (1 a win, 0 a loss, a share of a draw) when the
    /// rules ended the game.
    pub result: Option<f64>,
}

impl Summary {
    /// The average loss per analysed move (0 with none).
    pub fn average(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.loss / f64::from(self.moves)
        }
    }

    /// The mean accuracy of the moves analysed (`None` with none). A plain
    /// mean: lichess weighs its moves by the position's volatility, which
    /// a review of two searches a move does not measure.
    pub fn mean_accuracy(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.accuracy / f64::from(self.moves))
    }

    /// The result less the luck, GNU Backgammon's luck-adjusted result:
    /// what the player's play earned with average dice.
    pub fn luck_adjusted(&self) -> Option<f64> {
        self.result.map(|r| r - self.luck)
    }
}

/// One reviewed ply.
#[derive(Clone, Debug)]
pub enum PlyReview {
    /// The only legal move: listed, not judged.
    Forced {
        ply: usize,
        player: Player,
        played: String,
    },
    /// A decision judged against the engine's best.
    Decision {
        ply: usize,
        player: Player,
        played: String,
        played_score: ScoreReport,
        best: String,
        best_score: ScoreReport,
        /// In analysis units, never below zero.
        loss: f64,
        /// `""`, `"?!"` (inaccuracy), `"?"` (error) or `"??"` (blunder).
        mark: &'static str,
        /// With MultiPV K > 1, the K best lines' first moves and scores.
        alternatives: Vec<(String, ScoreReport)>,
    },
    /// A throw or roll, with its luck for the player who decides after it
    /// (the value of the outcome, after the best play it allows, minus the
    /// mean over the outcomes: win probability).
    Chance {
        ply: usize,
        played: String,
        player: Player,
        luck: f64,
    },
}

/// How a reviewed game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ending {
    /// The rules ended it: the outcome in words.
    Over(String),
    /// The record says how (a ply limit, a forfeit, an adjudication).
    Recorded(String),
    /// The record stops before the game ends.
    Unfinished,
}

/// Reads `text` (agon's records or the game's own format, from the file
/// named `path` for messages): its games, at least one.
pub fn read_games<G: Playable>(
    opts: &GameOptions,
    path: &str,
    text: &str,
) -> Result<Vec<RecordedGame<G>>, GameError> {
    if text.trim().is_empty() {
        return Err(GameError::new(format!("'{path}' is empty")));
    }
    let games = if record::is_match_record(text) {
        record::read_located::<G>(text)
            .map_err(|e| e.in_file(path))?
            .records
            .into_iter()
            .map(|located| {
                let line = located.replay::<G>().map_err(|e| e.in_file(path))?;
                let r = located.record;
                let ending = r.ending::<G>();
                Ok(RecordedGame {
                    title: format!("game {}", r.number),
                    players: r.players.clone(),
                    start: line[0].clone(),
                    moves: r.moves.into_iter().map(|(m, _)| m).collect(),
                    comments: r.comments,
                    ending: Some(ending),
                })
            })
            .collect::<Result<Vec<_>, GameError>>()?
    } else {
        G::read_records(text, opts)?
            .into_iter()
            .enumerate()
            .map(|(i, r)| RecordedGame {
                title: format!("game {}", i + 1),
                players: Vec::new(),
                start: r.start,
                moves: r.moves,
                comments: Default::default(),
                ending: None,
            })
            .collect()
    };
    if games.is_empty() {
        return Err(GameError::new(format!(
            "'{path}' has no complete game record"
        )));
    }
    Ok(games)
}

/// The search of `pos` (restricted to `only` if given): its score, its
/// best move's text and, by MultiPV line, each line's first move and score.
fn search<G: Playable>(
    pos: &G,
    history: &[u64],
    only: Option<G::Move>,
    (limits, core): (&Limits, &Core),
) -> (ScoreReport, Option<String>, Vec<(String, ScoreReport)>) {
    let root_moves: Vec<G::Move> = only.into_iter().collect();
    let job = SearchJob {
        history,
        root_moves: &root_moves,
        ..SearchJob::new(pos, limits)
    };
    // A restricted search must not take the whole position's entries.
    core.new_game();
    let r = core.search(&job, &Signal::new(), &|_| {});
    // The last iteration's lines, one per MultiPV index.
    let ranked: Vec<(String, ScoreReport)> = r
        .lines
        .iter()
        .filter_map(|l| Some((pos.move_text(*l.pv.first()?), l.score)))
        .collect();
    let best = r.best.map(|m| pos.move_text(m));
    (r.score, best, ranked)
}

/// The loss of `played` against `best` in analysis units, and whether it
/// gave up a proven win.
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

/// Reviews every ply of `game` with `thresholds`, handing
/// each reviewed ply to `each` as soon as it is done; the game's ending
/// and the summary per player.
pub fn review_game<G: Playable>(
    game: &RecordedGame<G>,
    how: (&Limits, &Core),
    thresholds: Thresholds,
    mut each: impl FnMut(&PlyReview),
) -> Result<(Ending, Vec<Summary>), GameError> {
    let n = game.start.num_players();
    let mut pos = game.start.clone();
    let mut history: Vec<u64> = Vec::new();
    let mut summary = vec![Summary::default(); n];
    let evaluator = G::Evaluator::default();
    let mut judge = Judge::new(&evaluator, n, G::tablebase());
    for (i, text) in game.moves.iter().enumerate() {
        let ply = i + 1;
        let mv = pos
            .parse_move(text)
            .map_err(|e| GameError::new(format!("{}, ply {ply}: {e}", game.title)))?;
        let forced = {
            let mut legal = Vec::new();
            pos.moves(&mut legal);
            legal.len() == 1
        };
        let reviewed = match pos.status() {
            Status::Decision(player) if forced => PlyReview::Forced {
                ply,
                player,
                played: text.clone(),
            },
            Status::Decision(player) => {
                let (best_score, best, alternatives) = search(&pos, &history, None, how);
                let best = best.unwrap_or_else(|| text.clone());
                let played_score = if best == *text {
                    best_score
                } else {
                    search(&pos, &history, Some(mv), how).0
                };
                let (loss, mate_lost) = loss_units::<G>(best_score, played_score);
                let mark = if loss >= thresholds.blunder || mate_lost {
                    "??"
                } else if loss >= thresholds.error {
                    "?"
                } else if loss >= thresholds.inaccuracy {
                    "?!"
                } else {
                    ""
                };
                let drop = expected_score::<G>(to_units::<G>(best_score))
                    - expected_score::<G>(to_units::<G>(played_score));
                let s = &mut summary[usize::from(player)];
                s.moves += 1;
                s.loss += loss;
                s.inaccuracies += u32::from(mark == "?!");
                s.errors += u32::from(mark == "?");
                s.blunders += u32::from(mark == "??");
                s.accuracy += move_accuracy(drop);
                PlyReview::Decision {
                    ply,
                    player,
                    played: text.clone(),
                    played_score,
                    best,
                    best_score,
                    loss,
                    mark,
                    alternatives,
                }
            }
            Status::Chance => {
                let (player, luck) = throw_luck(&mut judge, &pos, mv);
                for (s, l) in summary.iter_mut().zip(&luck) {
                    s.throws += 1;
                    s.luck += l;
                }
                PlyReview::Chance {
                    ply,
                    played: text.clone(),
                    player,
                    luck: luck[usize::from(player)],
                }
            }
            Status::Over(_) => {
                return Err(GameError::new(format!(
                    "{}, ply {ply}: the game is already over",
                    game.title
                )))
            }
        };
        history.push(pos.hash());
        pos.play(mv);
        each(&reviewed);
    }
    if let Some(result) = payoffs(&pos) {
        for (s, r) in summary.iter_mut().zip(result) {
            s.result = Some(r);
        }
    }
    let ending = match (pos.status(), &game.ending) {
        (Status::Over(o), _) => Ending::Over(o.word(n)),
        (_, Some(ending)) => Ending::Recorded(ending.clone()),
        _ => Ending::Unfinished,
    };
    Ok((ending, summary))
}

/// The player who decides after the throw `drawn` at `pos`, and every
/// player's luck of it ([`Judge::luck`]).
fn throw_luck<G: Playable>(judge: &mut Judge<G>, pos: &G, drawn: G::Move) -> (Player, Vec<f64>) {
    let mut luck = vec![0.0; pos.num_players()];
    judge.luck(pos, drawn, &mut luck);
    (crate::search::runner::view_of(pos), luck)
}

/// Every player's payoff once the rules have ended the game at `pos`.
fn payoffs<G: Playable>(pos: &G) -> Option<Vec<f64>> {
    let Status::Over(outcome) = pos.status() else {
        return None;
    };
    let n = pos.num_players();
    Some((0..n).map(|p| outcome.payoff(p as Player, n)).collect())
}

/// The throws of a game and their luck, as [`review_game`] values them,
/// without its searches (the page of `agon gui` reviews the moves through
/// an engine, and the luck here).
#[derive(Clone, Debug, PartialEq)]
pub struct GameLuck {
    /// Per throw or roll: its ply (from 1), the player who decides after
    /// it, and every player's luck of it.
    pub throws: Vec<(usize, Player, Vec<f64>)>,
    /// Every player's payoff when the moves end the game by the rules.
    pub result: Option<Vec<f64>>,
}

/// The luck of every throw of `moves` played from `start`. Each move is
/// checked legal before it is played (the moves may come from a page),
/// and the first that is not is the error; `stopped` is asked before
/// each throw, and a stopped game is an error too.
pub fn game_luck<G: Playable>(
    start: &G,
    moves: &[String],
    stopped: impl Fn() -> bool,
) -> Result<GameLuck, GameError> {
    let evaluator = G::Evaluator::default();
    let mut judge = Judge::new(&evaluator, start.num_players(), G::tablebase());
    let mut pos = start.clone();
    let mut buf = Vec::new();
    let mut throws = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let before = pos.clone();
        crate::engine::session::play_text(&mut pos, text, &mut buf)
            .map_err(|e| GameError::new(format!("ply {} '{text}': {e}", i + 1)))?;
        if before.status() == Status::Chance {
            if stopped() {
                return Err(GameError::new("stopped"));
            }
            let drawn = before.parse_move(text)?;
            let (player, luck) = throw_luck(&mut judge, &before, drawn);
            throws.push((i + 1, player, luck));
        }
    }
    Ok(GameLuck {
        throws,
        result: payoffs(&pos),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::zamma::Zamma;

    #[test]
    fn accuracy_follows_lichess_curve_and_the_best_move_is_100() {
        assert_eq!(move_accuracy(0.0), 100.0);
        assert_eq!(move_accuracy(-0.2), 100.0);
        // A tenth of the game given away: about 64.6 on lichess's curve.
        assert!(
            (move_accuracy(0.1) - 64.58).abs() < 0.01,
            "{}",
            move_accuracy(0.1)
        );
        assert!(move_accuracy(0.5) < 10.0 && move_accuracy(1.0) == 0.0);
        // Centi-units read by the engine's logistic: even is a half, a
        // lead of 400 about 73 %, a proven win 1.
        assert_eq!(expected_score::<Zamma>(0.0), 0.5);
        assert!((expected_score::<Zamma>(400.0) - 0.7311).abs() < 1e-4);
        assert!(expected_score::<Zamma>(1e6 - 3.0) > 0.999_999);
    }
}
