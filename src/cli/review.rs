//! `agon analyse --record FILE`: every move of recorded games annotated
//! as GNU Backgammon annotates a match (the review itself is
//! [`crate::analysis::review_game`]): the engine's best move and value,
//! the played move's value and its loss against the best, an inaccuracy
//! (`?!`), error (`?`) or blunder (`??`) mark, and per player the moves
//! analysed, the average loss, the number of each mark and the accuracy
//! (lichess's, 0 to 100 %). In a dice game each throw's
//! luck for the player who decides after it, and per player the summed
//! luck, the result and the luck-adjusted result (the result less the
//! luck). Values and losses are in the units of `agon analyse`; luck is
//! in win probability. A record's comment on a move is printed under its
//! row.

use std::time::Instant;

use super::progress::analyse_step;
use crate::analysis::units::{show, win_scale};
use crate::analysis::{read_games, review_game, Ending, PlyReview, RecordedGame, Thresholds};
use crate::engine::Core;
use crate::game::{GameError, GameOptions, Playable, Player};
use crate::search::Limits;

/// Reads `text` (agon's records or the game's own format, from file
/// `path`) and annotates game `index` (from 1), or every game.
pub fn review<G: Playable>(
    opts: &GameOptions,
    (path, text): (&str, &str),
    index: Option<usize>,
    how: (&Limits, &Core),
    thresholds: Thresholds,
) -> Result<(), GameError> {
    let games = read_games::<G>(opts, path, text)?;
    let chosen: Vec<&RecordedGame<G>> = match index {
        Some(i) => vec![games.get(i.wrapping_sub(1)).ok_or_else(|| {
            GameError::new(format!(
                "--game-index {i}: the file has {} games",
                games.len()
            ))
        })?],
        None => games.iter().collect(),
    };
    for game in chosen {
        annotate(game, how, thresholds)?;
    }
    Ok(())
}

/// A loss as the table shows it.
fn loss_text<G: Playable>(loss: f64, places: usize) -> String {
    if win_scale::<G>().is_some() {
        format!("{loss:.4}")
    } else {
        format!("{loss:.places$}")
    }
}

fn side<G: Playable>(p: Player) -> &'static str {
    G::PLAYER_NAMES.get(usize::from(p)).copied().unwrap_or("?")
}

fn annotate<G: Playable>(
    game: &RecordedGame<G>,
    how: (&Limits, &Core),
    thresholds: Thresholds,
) -> Result<(), GameError> {
    let n = game.start.num_players();
    let who = |p: Player| -> String {
        match game.players.get(usize::from(p)) {
            Some(name) => format!("{} ({name})", side::<G>(p)),
            None => side::<G>(p).to_string(),
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
    let began = Instant::now();
    let multipv = how.1.config().multipv;
    let (ending, summary) = review_game(game, how, thresholds, |reviewed| {
        let (ply, played) = match reviewed {
            PlyReview::Forced {
                ply,
                player,
                played,
            } => {
                out!(
                    "{:>4}  {:<8} {:<10} (forced)",
                    ply,
                    side::<G>(*player),
                    played
                );
                (ply, played)
            }
            PlyReview::Decision {
                ply,
                player,
                played,
                played_score,
                best,
                best_score,
                loss,
                mark,
                alternatives,
            } => {
                out!(
                    "{:>4}  {:<8} {:<10} {:>9}  {:<10} {:>9} {:>9}  {mark}",
                    ply,
                    side::<G>(*player),
                    played,
                    show::<G>(*played_score),
                    best,
                    show::<G>(*best_score),
                    loss_text::<G>(*loss, 0)
                );
                if multipv > 1 && alternatives.len() > 1 {
                    let alts: Vec<String> = alternatives
                        .iter()
                        .map(|(m, s)| format!("{m} {}", show::<G>(*s)))
                        .collect();
                    out!("{:>4}  lines: {}", "", alts.join(", "));
                }
                (ply, played)
            }
            PlyReview::Chance {
                ply,
                played,
                player,
                luck,
            } => {
                out!(
                    "{:>4}  {:<8} {:<10} luck {} {luck:+.4}",
                    ply,
                    "chance",
                    played,
                    side::<G>(*player)
                );
                (ply, played)
            }
        };
        // The record's comment on the move, under its row.
        if let Some(comment) = game.comments.get(&(*ply - 1)) {
            out!("{:>4}  comment: {comment}", "");
        }
        let step = format!("{}, {played}", game.title);
        analyse_step(*ply, game.moves.len(), "plies", &step, began);
    })?;
    match ending {
        Ending::Over(word) => out!("ends: {word}"),
        Ending::Recorded(ending) => out!("ends: {ending}"),
        Ending::Unfinished => out!("the record stops before the game ends"),
    }
    for (p, s) in summary.iter().enumerate() {
        // A dice game: the luck beside the skill, GNU Backgammon's way.
        let luck = match (s.throws, s.luck_adjusted()) {
            (0, _) => String::new(),
            (_, Some(adjusted)) => format!(
                ", luck {:+.4}, result {}, luck-adjusted result {adjusted:.4}",
                s.luck,
                s.result.unwrap_or(0.0)
            ),
            (_, None) => format!(", luck {:+.4}", s.luck),
        };
        out!(
            "summary {}: {} moves, average loss {}, {} inaccuracies, {} errors, {} blunders, accuracy {}{luck}",
            who(p as Player),
            s.moves,
            loss_text::<G>(s.average(), 1),
            s.inaccuracies,
            s.errors,
            s.blunders,
            s.mean_accuracy()
                .map_or("-".to_string(), |a| format!("{a:.1}%"))
        );
    }
    out!("");
    Ok(())
}
