//! Gioco della Palma (Hounds and Jackals, "58 holes"), per
//! `shared/rules/palma.md`.
//!
//! # Rules implemented
//! - **Board** ("Board and pieces"): two players, Hounds (player 0, shown as
//!   White) and Jackals (player 1), 5 pieces each, each on a private track of
//!   squares 1..29 after the common start square 0. Square 0 holds any
//!   number; squares 1..29 of a track at most one piece. All pieces start
//!   off the board. The tracks never interact except through passed values.
//! - **Throw** ("The throw"): three sticks give 1, 2, 3 or 5 with
//!   probabilities 3/8, 3/8, 1/8, 1/8; a throw is a chance node whose
//!   outcomes are [`PalmaMove::Throw`] values, written `t1 t2 t3 t5`.
//! - **Use** ("A turn" 1–2): the value must be used if any legal use exists:
//!   move any piece on the board (square 0 included; pieces sharing square 0
//!   make one move) exactly `v` squares forward to a free square, never past
//!   29 (no bounce); or, on a 5 with pieces not entered, enter one on
//!   square 0. Moves inside the goal are legal ("Known gaps" decision).
//! - **Special squares** ("A turn" 4, options `shortcuts`, `reverse`,
//!   `extra_squares`): a move ending on 10 rests on 24, one ending on 20
//!   rests on 22; a move is legal only if its final square is free (decision);
//!   ending on an extra-throw square (default 15) earns an extra throw; one
//!   action earns at most one extra throw (decision).
//! - **Extra throw** ("A turn" 3): after using a 5, the player throws again.
//! - **No legal use** ("A turn" 5, decisions): the only move is `pass`; the
//!   value goes to the opponent, who must use it if they can (a 5 may enter),
//!   never earning an extra throw from it, and passes it away (discarded)
//!   otherwise. Then the opponent throws, except after a passed 5, when the
//!   original player keeps the extra throw and throws again.
//! - **Win** ("A turn" 6): the game ends the moment a player has all five
//!   pieces on 25..29, also through a passed value.
//!
//! Cases the rules file leaves open, decided here:
//! - `shortcuts` must jump forward and no square may belong to two
//!   shortcuts (no chains), so "the final square" is always one lookup;
//!   with `reverse=on` a throw ending on any shortcut's target goes back to
//!   its landing square (palma.md names only 22 → 20 and 24 → 10).
//! - A move that wins ends the game even when it would earn an extra throw.
//! - The position string does not carry the ply count (it restarts at 0);
//!   [`Game::ply`] counts every played move and throw.
//!
//! The turn is walked exactly as "The turn as a state machine": [`Phase`]
//! `Throw(P)` (chance) → `Use(P, v)` → on `pass`, `Passed(O, v)`.
//!
//! The position and move types: [`state`]; legal moves: [`movegen`];
//! variant options: [`options`]; notation: [`notation`]; position string
//! and board picture: [`position`]; evaluation with its one-sided race table and exact
//! endgames: [`eval`] ([`eval::race`], [`eval::endgame`]).

pub mod eval;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod position;
pub mod state;

pub use options::Rules;
pub use state::{Palma, PalmaMove, Phase, Track};

use crate::game::{
    Adjudication, Evaluated, Game, GameError, GameOptions, Notation, OptionSpec, Outcome,
    SearchHints, Status, Tablebase,
};
use state::{THROWS, THROW_PROBS};

impl Game for Palma {
    type Move = PalmaMove;

    const NAME: &'static str = "palma";

    const HAS_CHANCE: bool = true;

    fn option_specs() -> &'static [OptionSpec] {
        options::SPECS
    }

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        Ok(Palma::start(Rules::intern(options)?))
    }

    fn options(&self) -> &GameOptions {
        &self.rules.options
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Throw(_) => Status::Chance,
            Phase::Use(p, _) | Phase::Passed(p, _) => Status::Decision(p),
            Phase::Over(p) => Status::Over(Outcome::Win(p)),
        }
    }

    fn moves(&self, out: &mut Vec<PalmaMove>) {
        self.legal_moves(out);
    }

    fn count_moves(&self) -> usize {
        match self.decider() {
            Some((p, v)) => movegen::count(self.tracks[usize::from(p)], v, self.rules),
            None => 0,
        }
    }

    fn outcomes(&self, out: &mut Vec<(PalmaMove, f64)>) {
        out.clear();
        if let Phase::Throw(_) = self.phase {
            for (v, p) in THROWS.iter().zip(THROW_PROBS) {
                out.push((PalmaMove::Throw(*v), p));
            }
        }
    }

    crate::game_state_methods!(PalmaMove);

    /// palma.md has no draws: a race stopped early goes to the side ahead
    /// in it. With the tables (`oracle`, the referee's): by the exact
    /// endgame value where they have one, else the race table's win
    /// probability (Hounds on an exact tie). Without: by the pips still
    /// to go, the rules' own measure (Hounds on a tie).
    fn adjudicate(&self, oracle: Option<&dyn Tablebase<Self>>) -> Adjudication {
        let judged = oracle.and_then(|o| {
            o.probe(self, 0)
                .map(|p| (p, "exact"))
                .or_else(|| o.estimate(self, 0).map(|p| (p, "race table")))
        });
        let Some((hounds, how)) = judged else {
            return self.adjudicate_by_pips();
        };
        let winner = u8::from(hounds < 0.5);
        let p = if winner == 0 { hounds } else { 1.0 - hounds };
        Adjudication {
            outcome: Outcome::Win(winner),
            reason: format!(
                "{} ahead in the race, win probability {p:.3} ({how})",
                Self::PLAYER_NAMES[usize::from(winner)]
            ),
        }
    }
}

impl Palma {
    /// [`Game::adjudicate`] without tables: fewer pips to go wins.
    fn adjudicate_by_pips(&self) -> Adjudication {
        let [hounds, jackals] = self.tracks.map(eval::pips_to_go);
        let winner = u8::from(jackals < hounds);
        let (mine, theirs) = if winner == 0 {
            (hounds, jackals)
        } else {
            (jackals, hounds)
        };
        Adjudication {
            outcome: Outcome::Win(winner),
            reason: format!(
                "{} ahead in the race, {mine} pips to go against {theirs} (pip count)",
                Self::PLAYER_NAMES[usize::from(winner)]
            ),
        }
    }
}

impl Evaluated for Palma {
    type Evaluator = eval::PalmaEvaluator;

    fn tablebase() -> Option<&'static dyn Tablebase<Self>> {
        Some(&eval::tables::TABLES)
    }

    fn load_tablebase(path: &std::path::Path) -> Result<Box<dyn Tablebase<Self>>, GameError> {
        Ok(Box::new(eval::endgame_file::FileTables::load(path)?))
    }

    fn generate_tablebase(
        opts: &GameOptions,
        size: u32,
        out: &std::path::Path,
        progress: &(dyn Fn(f64) + Sync),
    ) -> Result<String, GameError> {
        eval::endgame_file::generate(opts, size, out, progress)
    }
}

impl Notation for Palma {
    const PLAYER_NAMES: &'static [&'static str] = &["hounds", "jackals"];

    const WHITE: u8 = 0;

    crate::text_by_modules!(PalmaMove);
}

impl SearchHints for Palma {
    // The race ends when one side is home; a turn moves about 3 pips (the
    // 150-pip start needs 51 turns on average, eval/race.rs).
    fn moves_left(&self) -> Option<u32> {
        let pips = self.tracks.map(eval::pips_to_go).into_iter().min()?;
        Some((pips / 3).max(0) as u32 + 1)
    }

    fn order_hint(&self, m: PalmaMove) -> i32 {
        eval::order_hint(self, m)
    }

    fn piece_progress(&self, m: PalmaMove) -> Option<u32> {
        // An entry comes from off the board, behind every piece on square 0
        // (the test opponent `rearmost` counts it as the rearmost piece).
        match m {
            PalmaMove::Enter => Some(0),
            PalmaMove::Step { from, .. } => Some(u32::from(from) + 1),
            PalmaMove::Throw(_) | PalmaMove::Pass => None,
        }
    }

    fn history_index(&self, m: PalmaMove) -> usize {
        eval::history_index(m)
    }
}
