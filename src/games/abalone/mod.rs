//! Abalone, per `shared/rules/abalone.md`.
//!
//! - **Board** (abalone.md, "Board and coordinates"): 61 cells a1..i9 as
//!   bits of a `u128` over a padded grid ([`board`]).
//! - **Moves** ("A move"): one to three marbles in a line move one step,
//!   in-line (pushing 2-1, 3-1, 3-2; equal numbers or an own marble behind
//!   the pushed ones block) or broadside (every destination empty, no push).
//!   A move is its set of marbles plus its direction ([`state::Move`]);
//!   [`movegen`] generates and bulk-counts them with whole-board bit
//!   operations.
//! - **End** ("End of game"): ejecting the sixth opposing marble wins; a
//!   side with no legal move draws (Decision). `max_plies=N` draws when N
//!   plies have been played; `repetition=N` (default 3) is reported by
//!   [`Game::repetition_limit`] for the game history and the searches.
//!   Both are engine-level adjudication: run perft without `max_plies`
//!   (its default), per PERFT.md.
//! - **Princess** ("Save the Princess", `princess=on`): a neutral marble
//!   on e5 that neither side moves, that either side pushes as an opposing
//!   marble, and whose ejection wins for the pusher. A position string
//!   with `princess=on` and no `p` is one where the princess has been
//!   ejected: the side *not* to move (who just moved) has won.
//! - **Layouts** (`layout=`): standard, belgian, german, and ABA-PRO's
//!   dutch and swiss ([`options::LAYOUTS`]).
//! - **Notation** ([`notation`]): Aba-Pro canonical, Nacre accepted.
//! - **Position string** ([`position`]), **APGN** records ([`record`]),
//!   **evaluation** ([`eval`]).
//!
//! Playing a move copies nothing but the 80-byte struct: the options are a
//! `&'static` interned [`options::Rules`].

pub mod board;
pub mod eval;
mod hash;
pub mod movegen;
pub mod multi;
pub mod net;
pub mod notation;
pub mod options;
pub mod position;
pub mod record;
pub mod state;

use crate::game::{
    Game, GameError, GameOptions, Notation, OptionSpec, Outcome, Player, PruningMargins,
    SearchHints, Status,
};
use board::{BOARD, DIRS, ORDINAL};
use options::Rules;
pub use state::{Abalone, Move, MARBLES_PER_SIDE, MARBLES_TO_WIN};

impl Game for Abalone {
    type Move = Move;

    const NAME: &'static str = "abalone";

    fn option_specs() -> &'static [OptionSpec] {
        options::SPECS
    }

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        let rules = Rules::intern(options)?;
        let mut pos = position::parse(rules.layout, rules)?;
        if rules.princess {
            // abalone.md: e5 is empty in every layout.
            // The layout string has no `p`, which parse read as "ejected".
            pos.princess = 1 << board::bit_index(4, 4);
            pos.winner = 0;
            pos.hash = pos.compute_hash();
        }
        Ok(pos)
    }

    fn options(&self) -> &GameOptions {
        &self.rules.options
    }

    #[inline]
    fn status(&self) -> Status {
        if self.winner != 0 {
            return Status::Over(Outcome::Win(self.winner - 1));
        }
        if let Some(limit) = self.rules.max_plies {
            if self.ply >= limit {
                return Status::Over(Outcome::Draw);
            }
        }
        let (own, opp) = self.own_and_pushable();
        if !movegen::any(own, own, opp) {
            return Status::Over(Outcome::Draw);
        }
        Status::Decision(self.side)
    }

    fn moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.winner != 0 || self.rules.max_plies.is_some_and(|n| self.ply >= n) {
            return;
        }
        let (own, opp) = self.own_and_pushable();
        movegen::generate(own, opp, out);
    }

    #[inline]
    fn count_moves(&self) -> usize {
        if self.winner != 0 || self.rules.max_plies.is_some_and(|n| self.ply >= n) {
            return 0;
        }
        let (own, opp) = self.own_and_pushable();
        movegen::count(own, opp) as usize
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
        // abalone.md: a match runner adjudicates by ejected marbles.
        let outcome = match self.ejected[1].cmp(&self.ejected[0]) {
            std::cmp::Ordering::Greater => Outcome::Win(0),
            std::cmp::Ordering::Less => Outcome::Win(1),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        let [black, white] = self.ejected;
        crate::game::Adjudication {
            outcome,
            reason: format!("ejected marbles: black lost {black}, white {white}"),
        }
    }
}

crate::linear_evaluation!(Abalone, eval::NUM_FEATURES);

impl Notation for Abalone {
    const PLAYER_NAMES: &'static [&'static str] = &["black", "white"];

    const WHITE: Player = 1;

    crate::text_by_modules!(Move);

    /// APGN: `Event`, `Black`, `White`, `Variant` (the layout) and, when
    /// the game did not start from the layout's start, `Position`.
    fn write_record(
        start: &Self,
        moves: &[String],
        outcome: Option<Outcome>,
        names: &[String],
    ) -> Result<String, GameError> {
        let options = start.options();
        if options.switch("princess") {
            return Err(GameError::new("APGN has no princess variant"));
        }
        let result = match outcome {
            Some(Outcome::Win(0)) => "1-0",
            Some(Outcome::Win(_)) => "0-1",
            Some(_) => "1/2-1/2",
            None => "*",
        };
        let name = |p: usize| names.get(p).cloned().unwrap_or_default();
        let mut tags = vec![
            ("Event".to_string(), "agon match".to_string()),
            ("Black".to_string(), name(0)),
            ("White".to_string(), name(1)),
            ("Variant".to_string(), options.get("layout").to_string()),
        ];
        if start.position() != Abalone::new(options)?.position() {
            tags.push(("Position".to_string(), start.position()));
        }
        tags.push(("Result".to_string(), result.to_string()));
        record::Record {
            tags,
            moves: moves.to_vec(),
            comments: Vec::new(),
            result: result.to_string(),
        }
        .write()
    }

    fn read_records(
        text: &str,
        _options: &GameOptions,
    ) -> Result<Vec<crate::game::GameRecord<Self>>, GameError> {
        // Each APGN record carries its own layout (Variant tag).
        record::parse(text)?
            .into_iter()
            .map(|r| {
                let result = match r.result.as_str() {
                    "1-0" => Some(Outcome::Win(0)),
                    "0-1" => Some(Outcome::Win(1)),
                    "1/2-1/2" => Some(Outcome::Draw),
                    _ => None,
                };
                Ok(crate::game::GameRecord {
                    start: r.start()?,
                    moves: r.moves,
                    result,
                })
            })
            .collect()
    }
}

impl SearchHints for Abalone {
    // Reverse futility 80, futility 100 and late moves 3 against none won
    // 64.0 % at 100 ms a move (README, "Pruning near the horizon"), but
    // three late moves per d² lost forced ejections of the tactics suite
    // at its depth; six keep them all.
    const SHALLOW_PRUNING: Option<PruningMargins> = Some(PruningMargins {
        reverse_futility: 80,
        futility: 100,
        late_moves: 6,
    });

    // Engine games at 10 s + 0.1 s ran 130-250 plies; each ejection brings
    // the sixth, which ends the game, nearer.
    fn moves_left(&self) -> Option<u32> {
        let ejected = u32::from(self.ejected[0]) + u32::from(self.ejected[1]);
        Some(80u32.saturating_sub(self.ply / 4 + 4 * ejected).max(15))
    }

    // A pass is no Abalone move, but standing still hardly ever hurts
    // there (the marbles' sole duty is to stay clear of the rim), so a
    // position good enough for its mover without a move is good enough
    // with one.
    fn passed(&self) -> Option<Self> {
        let at_limit = self.rules.max_plies.is_some_and(|l| self.ply + 1 >= l);
        (self.winner == 0 && !at_limit).then(|| self.passed_turn())
    }

    fn is_forcing(&self, m: Move) -> bool {
        // Every push (sumito), ejections included: the measured setting
        // (issue 3 note); pushes onto the rim only changed no tactic found.
        m.pushed() > 0
    }

    fn order_hint(&self, m: Move) -> i32 {
        order_hint(m)
    }

    fn history_index(&self, m: Move) -> usize {
        history_index(m)
    }
}

/// Pushes first (ejections first of all), then longer lines, then moves
/// towards the centre: the move order of every player count.
pub(super) fn order_hint(m: Move) -> i32 {
    let shape = if m.ejects() {
        1000
    } else if m.pushed() > 0 {
        500 + 100 * m.pushed() as i32
    } else if m.is_broadside() {
        50 * m.count() as i32
    } else {
        100 * m.count() as i32
    };
    // Prefer moves towards the centre among equals.
    let d = DIRS[m.dir()];
    let head = if m.is_broadside() { m.tail() } else { m.head() };
    let before = board::CENTRE_DISTANCE[head as usize & 127] as i32;
    let after_bit = (head as i32 + d) as u32 & 127;
    let after = if BOARD >> after_bit & 1 != 0 {
        board::CENTRE_DISTANCE[after_bit as usize] as i32
    } else {
        // Off the board (a marble pushed out): no centre gain.
        before
    };
    shape + (before - after) * 10
}

/// 61 cells × 6 directions × 9 shapes (in-line 1..3; broadside 2..3 on
/// each of 3 axes) = 3294 < HISTORY_SIZE.
pub(super) fn history_index(m: Move) -> usize {
    let cell = ORDINAL[m.tail() as usize & 127] as usize % board::NUM_CELLS;
    let shape = if m.is_broadside() {
        3 + m.axis() * 2 + (m.count() as usize).saturating_sub(2)
    } else {
        (m.count() as usize).saturating_sub(1)
    };
    (cell * 6 + m.dir()) * 9 + shape
}

#[cfg(test)]
mod tests;
