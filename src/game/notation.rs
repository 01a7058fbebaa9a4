//! A game's text: player names, the position string, move notation, the
//! board picture and the record format. The protocol, the command line,
//! the referee and the tuner's record reader use it; rules-only code
//! (perft counts, the search proper) does not.

use super::{Game, GameError, GameOptions, GameRecord, Outcome, Player};

/// The text a game reads and writes: positions, moves, boards, records.
pub trait Notation: Game {
    /// Player names in player order (`["black", "white"]` for Abalone).
    const PLAYER_NAMES: &'static [&'static str];

    /// The player whose clock is `wtime`/`winc` in the protocol (the one
    /// shown as White); the other two-player clock is `btime`/`binc`.
    const WHITE: Player;

    /// Parses a position string (the inverse of [`Notation::position`]).
    fn from_position(text: &str, options: &GameOptions) -> Result<Self, GameError>;

    /// The one-line position string; holds every piece of state the rules
    /// need and round-trips exactly through [`Notation::from_position`].
    fn position(&self) -> String;

    /// The move (or outcome) in the game's canonical notation, for this
    /// position (the one the move is played from).
    fn move_text(&self, m: Self::Move) -> String;

    /// Parses a move or a chance outcome legal in this position. Accepts
    /// the canonical notation and any alternative input notation.
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError>;

    /// A multi-line picture of the board for humans (`d` command).
    fn board_text(&self) -> String;

    /// The record of a game played from `start` (`moves` in notation,
    /// throws and rolls included) in the game's own record format, ended
    /// by `outcome` (`None`: unfinished); `names` are the players' names in
    /// player order. Games without a format of their own say so.
    fn write_record(
        start: &Self,
        moves: &[String],
        outcome: Option<Outcome>,
        names: &[String],
    ) -> Result<String, GameError> {
        let _ = (start, moves, outcome, names);
        Err(GameError::new(format!(
            "{} has no record format of its own",
            Self::NAME
        )))
    }

    /// Reads a file of game records in the game's record format.
    fn read_records(text: &str, options: &GameOptions) -> Result<Vec<GameRecord<Self>>, GameError> {
        let _ = (text, options);
        Err(GameError::new(format!(
            "{} has no record format",
            Self::NAME
        )))
    }
}
