//! The state of one game session: the position, the hashes of the
//! positions before it (for repetition), and the [`GameSession`] commands
//! that read or change it. Generic over [`crate::game::Game`], so
//! everything below is monomorphised per game.

use rand::RngCore;

use super::game::{GameSession, Go, PerftTask};
use super::request::{GoSpec, PositionSpec, Query};
use super::search;
use super::Core;
use super::EngineError;
use crate::game::perft::{divide_until, perft_until};
use crate::game::{decider_after, Evaluator, GameOptions, Outcome, Playable, Player, Status};

/// One game in progress.
pub struct Session<G: Playable> {
    options: GameOptions,
    pos: G,
    /// Hashes of the positions before `pos`, oldest first.
    history: Vec<u64>,
}

impl<G: Playable> Session<G> {
    /// A session at the start position for the given options text, with
    /// the tables its evaluator builds on first use built ([`prepare`]).
    pub fn new(options: &str) -> Result<Self, EngineError> {
        let options = GameOptions::parse(options, G::option_specs())?;
        let pos = G::new(&options)?;
        prepare(&pos);
        Ok(Session {
            options,
            pos,
            history: Vec::new(),
        })
    }

    pub fn position(&self) -> &G {
        &self.pos
    }

    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// The status with the engine's adjudication: a position that occurs
    /// for the `repetition_limit`-th time is a draw (game.rs).
    pub fn status(&self) -> Status {
        let status = self.pos.status();
        if status.is_over() {
            return status;
        }
        if let Some(limit) = self.pos.repetition_limit() {
            let hash = self.pos.hash();
            let seen = 1 + self.history.iter().filter(|h| **h == hash).count();
            if seen >= limit as usize {
                return Status::Over(Outcome::Draw);
            }
        }
        status
    }

    /// Whether the game is over by repetition rather than by its rules.
    fn drawn_by_repetition(&self) -> bool {
        !self.pos.status().is_over() && self.status().is_over()
    }

    fn player_name(p: Player) -> String {
        G::PLAYER_NAMES
            .get(p as usize)
            .map(|s| s.to_string())
            .unwrap_or_else(|| format!("player {}", p + 1))
    }

    /// `d`'s line for a position `core`'s exact tables know: `exact:
    /// black wins` (`loses`, `draw`), a table's distance in quiet plies,
    /// or a win probability where the game has chance.
    fn table_verdict(&self, core: &Core) -> Option<String> {
        if self.status().is_over() {
            return None;
        }
        let tables = crate::search::tablebase::<G>(core.config())?;
        let view = crate::search::runner::view_of(&self.pos);
        let p = tables.probe(&self.pos, view)?;
        let who = Self::player_name(view);
        let result = if p == 1.0 {
            format!("{who} wins")
        } else if p == 0.0 {
            format!("{who} loses")
        } else if p == 0.5 && !G::HAS_CHANCE {
            "draw".to_string()
        } else {
            format!("{who} wins with probability {p:.6}")
        };
        let distance = tables
            .distance(&self.pos)
            .map(|d| format!(", distance {d} quiet plies"))
            .unwrap_or_default();
        Some(format!("exact: {result}{distance} (tables)"))
    }
}

/// Builds what the evaluator computes on first use for positions like
/// `pos` (Palma's race table, 0.2 to 0.8 s), when the game or position is
/// set: the first `go` must not pay for it out of its clock, and a GUI
/// need not send `isready` before it (protocol.md, "isready").
fn prepare<G: Playable>(pos: &G) {
    G::Evaluator::default().prepare(pos);
}

/// Plays `text` on `pos` after checking it against the legal moves or
/// outcomes, so a lenient `parse_move` can never make `play` see an
/// illegal move.
pub fn play_text<G: Playable>(
    pos: &mut G,
    text: &str,
    buf: &mut Vec<G::Move>,
) -> Result<(), EngineError> {
    let legal = match pos.status() {
        Status::Over(_) => return Err(EngineError::new("the game is over")),
        Status::Decision(_) => {
            let m = pos.parse_move(text)?;
            pos.moves(buf);
            buf.contains(&m).then_some(m)
        }
        Status::Chance => {
            let m = pos.parse_move(text)?;
            let mut outcomes = Vec::new();
            pos.outcomes(&mut outcomes);
            outcomes.iter().any(|(o, _)| *o == m).then_some(m)
        }
    };
    let m = legal.ok_or_else(|| EngineError::new("not legal in this position"))?;
    pos.play(m);
    Ok(())
}

impl<G: Playable> GameSession for Session<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn set_position(&mut self, spec: &PositionSpec) -> Result<(), EngineError> {
        let mut pos = match &spec.fen {
            None => G::new(&self.options)?,
            Some(text) => G::from_position(text, &self.options)
                .map_err(|e| EngineError::new(format!("bad position string: {e}")))?,
        };
        let mut history = Vec::with_capacity(spec.moves.len());
        let mut buf = Vec::new();
        for (i, text) in spec.moves.iter().enumerate() {
            let before = pos.hash();
            play_text(&mut pos, text, &mut buf).map_err(|e| {
                EngineError::new(format!("move {} '{text}': {e}; position unchanged", i + 1))
            })?;
            history.push(before);
        }
        // The same rules as the session's start: its tables exist, unless
        // an evaluator's depend on the position.
        prepare(&pos);
        self.pos = pos;
        self.history = history;
        Ok(())
    }

    fn prepare_tables(&self, core: &Core) {
        core.prepare_tables(&self.pos);
    }

    fn load_tables(&self, path: &str) -> Result<crate::game::TableFile, crate::game::GameError> {
        let tables = G::load_tablebase(std::path::Path::new(path))?;
        Ok(crate::game::TableFile::new::<G>(tables, path.to_string()))
    }

    fn play_chance(&mut self, rng: &mut dyn RngCore) -> Result<String, EngineError> {
        if self.pos.status() != Status::Chance {
            return Err(EngineError::new(
                "no chance event is pending in this position",
            ));
        }
        let mut outcomes = Vec::new();
        self.pos.outcomes(&mut outcomes);
        let Some(pick) = crate::game::chance::draw_outcome(&outcomes, rng) else {
            return Err(EngineError::new("this chance node has no outcomes"));
        };
        let text = self.pos.move_text(pick);
        self.history.push(self.pos.hash());
        self.pos.play(pick);
        Ok(text)
    }

    fn display(&self, core: &Core) -> Vec<String> {
        let mut lines: Vec<String> = self.pos.board_text().lines().map(String::from).collect();
        lines.push(format!("game: {} {}", G::NAME, self.options));
        lines.push(format!("position: {}", self.pos.position()));
        lines.push(format!("hash: {:016x}", self.pos.hash()));
        lines.push(format!("ply: {}", self.pos.ply()));
        match self.status() {
            Status::Decision(p) => lines.push(format!("to move: {}", Self::player_name(p))),
            Status::Chance => {
                let mut outcomes = Vec::new();
                self.pos.outcomes(&mut outcomes);
                let list: Vec<String> = outcomes
                    .iter()
                    .map(|(m, p)| format!("{} {:.4}", self.pos.move_text(*m), p))
                    .collect();
                lines.push("to move: chance".into());
                lines.push(format!("chance pending: {}", list.join(", ")));
            }
            Status::Over(outcome) => {
                let n = self.pos.num_players();
                let result = match outcome {
                    Outcome::Win(p) => format!("{} wins", Self::player_name(p)),
                    Outcome::Draw => "draw".to_string(),
                    Outcome::Ranked(_) => {
                        let firsts: Vec<String> = (0..n as Player)
                            .filter(|&p| outcome.rank(p, n) == 0)
                            .map(Self::player_name)
                            .collect();
                        if (0..n as Player).all(|p| outcome.rank(p, n) <= 1) {
                            // A team win: its members first, all others
                            // lose alike.
                            format!("{} win", firsts.join(" and "))
                        } else {
                            let places: Vec<String> = (0..n as Player)
                                .map(|p| {
                                    format!("{} {}", Self::player_name(p), outcome.rank(p, n) + 1)
                                })
                                .collect();
                            format!("places {}", places.join(", "))
                        }
                    }
                };
                let why = if self.drawn_by_repetition() {
                    " (repetition)"
                } else {
                    ""
                };
                lines.push(format!("game over: {result}{why}"));
            }
        }
        lines.extend(self.table_verdict(core));
        lines
    }

    fn moves(&self) -> Vec<String> {
        // The rules' moves: adjudication by repetition ends the game for
        // `go` and `query`, not for `position … moves`.
        match self.pos.status() {
            Status::Over(_) => Vec::new(),
            Status::Decision(_) => {
                let mut moves = Vec::new();
                self.pos.moves(&mut moves);
                moves.iter().map(|m| self.pos.move_text(*m)).collect()
            }
            Status::Chance => {
                let mut outcomes = Vec::new();
                self.pos.outcomes(&mut outcomes);
                outcomes
                    .iter()
                    .map(|(m, _)| self.pos.move_text(*m))
                    .collect()
            }
        }
    }

    fn perft(&self, depth: u32) -> PerftTask {
        let root = self.pos.clone();
        Box::new(move |stop, each| {
            let mut total = 0;
            let mut any = false;
            let finished = divide_until(&root, depth, stop, |m, n| {
                each(&m, n);
                total += n;
                any = true;
            });
            // No root move to divide by (depth 0, a finished game).
            if finished && !any {
                perft_until(&root, depth, stop)
            } else {
                finished.then_some(total)
            }
        })
    }

    fn eval(&self, core: &Core) -> Result<Vec<(String, i32)>, EngineError> {
        let why = match self.pos.status() {
            Status::Decision(_) => None,
            Status::Chance => Some("a chance event is pending"),
            Status::Over(_) => Some("the game is over"),
        };
        if let Some(why) = why {
            return Err(EngineError::new(format!(
                "eval needs a decision node; {why}"
            )));
        }
        Ok(core
            .evaluator::<G>()
            .map_err(|e| EngineError::new(e.to_string()))?
            .terms_cp(&self.pos)
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect())
    }

    fn evaluator_label(&self, core: &Core) -> String {
        core.evaluator::<G>()
            .map_or_else(|e| format!("none ({e})"), |e| e.label())
    }

    fn query(&self, query: Query) -> String {
        let status = self.status();
        let n = self.pos.num_players();
        match query {
            Query::GameOver => status.is_over().to_string(),
            Query::P1Turn => (status == Status::Decision(0)).to_string(),
            Query::Turn => match status {
                Status::Decision(p) => format!("p{}", p + 1),
                Status::Chance => match decider_after(&self.pos) {
                    Some(p) => format!("chance p{}", p + 1),
                    None => "chance".into(),
                },
                Status::Over(_) => "none".into(),
            },
            Query::Result => match status {
                Status::Over(outcome) => outcome.word(n),
                _ => "none".into(),
            },
        }
    }

    fn go(&self, spec: &GoSpec, core: Core) -> Result<Go, EngineError> {
        search::task(self, spec, core)
    }
}
