//! Abalone for 3, 4 and 6 players (`players=3|4|6`). Everything of the
//! two-player game holds (board, directions, in-line and broadside moves,
//! sumito 2-1, 3-1, 3-2, pac, ejection, Aba-Pro notation) except:
//!
//! - **Players and teams**: players 1..N in turn order, Black (`b`) first,
//!   then White (`w`), Red (`r`), Blue (`u`), Green (`g`), Yellow (`y`),
//!   play passing clockwise. 3 players play each for themself; 4 players
//!   are two teams of partners facing each other, {Black, Red} against
//!   {White, Blue}; 6 players are three teams, {Black, Blue}, {White,
//!   Green}, {Red, Yellow}.
//! - **Start** ([`position::start_text`]): 3 players fill the edge row and
//!   the next of alternate sides (11 marbles each); 4 players a 4-3-2
//!   trapezoid each on sides S, SW, N, NE (9 each); 6 players a 3-2-1
//!   triangle in the middle of every side (6 each, a reconstruction: the
//!   sources give no 6-player layout). `layout` and `princess` are
//!   options of the two-player game only.
//! - **Moves** ([`super::movegen`]): plain moves (steps, in-line moves into
//!   an empty cell, broadsides) move the mover's own marbles only. A sumito
//!   may count partner marbles in the pushing line, but its rearmost marble
//!   (the one the notation names) is the mover's own. The pushed run is
//!   every opposing marble in front of the line, of any colour, counted
//!   together; a team marble after the run (or a fourth team marble in the
//!   line) blocks, and a team marble is never pushed off.
//! - **Score and end**: an ejected marble scores one point for the player
//!   who pushed it, whatever its colour. A side's score is the player's
//!   (3 players) or the sum of the partners' (4, 6); the first side to six
//!   wins at once and the others lose equally
//!   ([`crate::game::Outcome::team_win`]).
//! - **Pass**: a player with no legal move (one without marbles included,
//!   possible with 6 players) plays `pass`; when no player at all can move
//!   the game is a draw. `max_plies` and `repetition` adjudicate as in the
//!   two-player game (draws for all), and perft uses neither.
//! - **Position string** ([`position`]): the two-player rows with every
//!   colour's letter, then `+<n><letter>…`, the score of every player (who
//!   ejected, not who lost), then the letter of the player to move.
//! - **Records** ([`record`]): the APGN form with a `Players` tag, one
//!   name tag per colour, moves numbered per round and the outcome word of
//!   the protocol as the result.
//!
//! The two-player game keeps its own type ([`super::Abalone`]): a board of
//! six colours would make every two-player position, and so its search,
//! bigger and slower. [`crate::games::GameKind::for_options`] picks this
//! type when `players` is not 2.

pub mod eval;
mod hash;
pub mod position;
pub mod record;
pub mod state;

use super::movegen;
use super::notation;
use super::options::Rules;
use super::state::Move;
use crate::game::{
    Game, GameError, GameOptions, Notation, OptionSpec, Outcome, Player, SearchHints, Status, Team,
};
pub use state::AbaloneMulti;

impl Game for AbaloneMulti {
    type Move = Move;

    const NAME: &'static str = "abalone";

    fn option_specs() -> &'static [OptionSpec] {
        super::options::SPECS
    }

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        let rules = Rules::intern(options)?;
        position::parse(position::start_text(rules.players), multi_rules(rules)?)
    }

    fn options(&self) -> &GameOptions {
        &self.rules.options
    }

    fn num_players(&self) -> usize {
        self.players as usize
    }

    fn team_of(&self, p: Player) -> Team {
        state::team_of(p, self.players)
    }

    fn num_teams(&self) -> usize {
        state::num_teams(self.players)
    }

    #[inline]
    fn status(&self) -> Status {
        match self.outcome() {
            Some(outcome) => Status::Over(outcome),
            None => Status::Decision(self.side),
        }
    }

    fn moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.winner != 0 || self.rules.max_plies.is_some_and(|n| self.ply >= n) {
            return;
        }
        let (own, team, opp) = self.sides_of(self.side);
        movegen::generate_team(own, team, opp, out);
        if out.is_empty() && self.outcome().is_none() {
            out.push(Move::PASS);
        }
    }

    #[inline]
    fn count_moves(&self) -> usize {
        if self.winner != 0 || self.rules.max_plies.is_some_and(|n| self.ply >= n) {
            return 0;
        }
        let (own, team, opp) = self.sides_of(self.side);
        match movegen::count_team(own, team, opp) {
            0 => usize::from(self.outcome().is_none()),
            n => n as usize,
        }
    }

    crate::game_state_methods!(Move);

    fn repetition_limit(&self) -> Option<u32> {
        self.rules.repetition
    }

    fn without_adjudication(&self) -> Self {
        let mut copy = *self;
        copy.rules = self.rules.without_adjudication();
        copy
    }

    fn adjudicate(
        &self,
        _: Option<&dyn crate::game::Tablebase<Self>>,
    ) -> crate::game::Adjudication {
        // The rules know only "first side to six": a game stopped before
        // is a draw for all (the scores are shown, not used).
        let scores: Vec<String> = (0..self.players)
            .map(|p| {
                format!(
                    "{} {}",
                    position::COLOURS[p as usize],
                    self.scores[p as usize]
                )
            })
            .collect();
        crate::game::Adjudication {
            outcome: Outcome::Draw,
            reason: format!("a draw: no side reached six (scores {})", scores.join(", ")),
        }
    }
}

/// `rules` when they are a multi-player game's.
fn multi_rules(rules: &'static Rules) -> Result<&'static Rules, GameError> {
    if rules.players == 2 {
        return Err(GameError::new(
            "players=2 is the two-player game, not the multi-player one",
        ));
    }
    Ok(rules)
}

impl Notation for AbaloneMulti {
    const PLAYER_NAMES: &'static [&'static str] =
        &["black", "white", "red", "blue", "green", "yellow"];

    // Two-player clock names do not apply (the protocol asks for pNtime).
    const WHITE: Player = 1;

    fn from_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        position::parse(text, multi_rules(Rules::intern(options)?)?)
    }

    fn position(&self) -> String {
        position::write(self)
    }

    fn move_text(&self, m: Move) -> String {
        if m.is_pass() {
            "pass".to_string()
        } else {
            notation::write(m)
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        let mut legal = Vec::new();
        self.moves(&mut legal);
        let mover = position::COLOURS[self.side as usize];
        if text.trim().eq_ignore_ascii_case("pass") {
            return if legal == [Move::PASS] {
                Ok(Move::PASS)
            } else {
                Err(GameError::new(format!(
                    "illegal move 'pass' for {mover}: pass only when no other move is legal"
                )))
            };
        }
        notation::parse_among(&legal, text, mover)
    }

    fn board_text(&self) -> String {
        position::board_text(self)
    }

    fn write_record(
        start: &Self,
        moves: &[String],
        outcome: Option<Outcome>,
        names: &[String],
    ) -> Result<String, GameError> {
        record::write(start, moves, outcome, names)
    }

    fn read_records(
        text: &str,
        _options: &GameOptions,
    ) -> Result<Vec<crate::game::GameRecord<Self>>, GameError> {
        record::read(text)
    }
}

impl SearchHints for AbaloneMulti {
    fn moves_left(&self) -> Option<u32> {
        let scored: u32 = self.scores.iter().map(|&s| u32::from(s)).sum();
        Some(80u32.saturating_sub(self.ply / 4 + 4 * scored).max(15))
    }

    fn is_forcing(&self, m: Move) -> bool {
        m.pushed() > 0
    }

    fn order_hint(&self, m: Move) -> i32 {
        super::order_hint(m)
    }

    fn history_index(&self, m: Move) -> usize {
        super::history_index(m)
    }
}

#[cfg(test)]
mod tests;
