//! Zamma (quadruple Alquerque, Srand, Dhamet), per `shared/rules/zamma.md`.
//!
//! # Rules implemented
//! - **Board** (zamma.md "Board", "Variant"): 9×9 points a1..i9. Orthogonal
//!   lines join all neighbours; diagonal lines pass through the points with
//!   even file + rank (`board=alquerque`, default), through every point
//!   (`board=full`) or nowhere (`board=orthogonal`).
//! - **Start** ("Pieces and start"): Black (player 0, moves first) on ranks
//!   1..4 and a5..d5, White on ranks 6..9 and f5..i5, e5 empty.
//! - **Men** ("Men"): one step along a line to an adjacent empty point,
//!   forward, diagonally forward or sideways; capture by jumping an adjacent
//!   enemy piece in those directions to the empty point beyond.
//! - **Chains**: a capture goes on while it can (a move is a complete
//!   chain); the player chooses freely among chains, not the longest.
//!   Captured pieces leave the board when the move ends, cannot be jumped
//!   twice and block until then. The capturing piece's start point counts
//!   as empty during its chain.
//! - **Compulsory capture**: if a capture exists, only capture chains are
//!   legal.
//! - **Promotion** ("Promotion: the Mullah"): a man whose move *ends* on
//!   the far rank (9 for Black, 1 for White) becomes a Mullah; one passing
//!   over it mid-chain goes on capturing as a man.
//! - **Mullah**: slides any distance along lines in all directions;
//!   captures flying (over empty points, exactly one enemy piece, landing on
//!   any empty point before the next piece). `mullah_landing=any`
//!   (default): any landing point, the chain ends where no capture
//!   follows; `mullah_landing=continue`: if some landing point allows a
//!   further capture, the Mullah must land on one of those.
//! - **End of game** ("End of game"), checked in this order by
//!   [`Game::status`]: a player with no pieces loses; the player to move
//!   with no legal move loses, unless the opponent could not move either
//!   in the same position, in which case more pieces wins and equal
//!   numbers draw; a draw after `quiet_plies` (default 50, `off` allowed)
//!   consecutive plies without capture and without a forward or diagonally
//!   forward man move (sideways man moves and Mullah moves count as
//!   quiet). Repetition (default the 3rd occurrence, `repetition=off`
//!   allowed) is judged by the game history through
//!   [`Game::repetition_limit`]. perft turns both draws off
//!   ([`Game::without_adjudication`], PERFT.md).
//!
//! # Move notation
//! Points are named `a1`..`i9` (file letter, rank number). A step is
//! `from-to` (`c3-d4`, a Mullah's long step `a1-e5`); a capture names the
//! start and every landing point in order, joined by `x` (`c3xe5xg5`).
//! A move's identity is its start, its landing points in order and the set
//! of captured pieces (zamma.md "Move identity"). Two landing points on one
//! line have exactly one piece between them, so the landings already fix
//! the captured set and the text needs nothing more. Input also accepts
//! `from x to` alone (`c3xg5`) when only one legal chain has that start and
//! end, and the captured points in brackets after any capture
//! (`c3xe5xg5[d4,f5]`), which must then be the ones the chain takes.
//!
//! # Position string
//! One line, four fields: the board from rank 9 down to rank 1, ranks
//! separated by `/`, each rank a..i with `b`/`w` for Black/White men,
//! `B`/`W` for Mullahs and a digit 1..9 for a run of empty points (runs
//! merged, so each position has exactly one string); the side to move `b`
//! or `w`; the quiet-ply count; the ply count. The start:
//! `wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/bbbb1wwww/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb b 0 0`.

pub mod board;
pub mod endgame;
pub mod eval;
pub mod movegen;
pub mod net;
pub mod notation;
mod options;
pub mod position;
pub mod state;

use crate::game::options::intern;
use crate::game::{
    Game, GameError, GameOptions, Notation, OptionSpec, Outcome, Player, SearchHints, Status,
};
use options::OPTION_SPECS;
pub use state::{ZMove, Zamma, MAX_CHAIN, MAX_PIECES};

impl Game for Zamma {
    type Move = ZMove;

    const NAME: &'static str = "zamma";

    fn option_specs() -> &'static [OptionSpec] {
        OPTION_SPECS
    }

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        Zamma::from_position(position::START, options)
    }

    fn options(&self) -> &GameOptions {
        &self.rules.options
    }

    fn status(&self) -> Status {
        let s = self.side();
        let o = 1 - s;
        if self.pieces(s) == 0 {
            return Status::Over(Outcome::Win(o as Player));
        }
        if self.pieces(o) == 0 {
            return Status::Over(Outcome::Win(s as Player));
        }
        if !self.sides(s).has_move() {
            if self.sides(o).has_move() {
                return Status::Over(Outcome::Win(o as Player));
            }
            // zamma.md "End of game": neither can move.
            let mine = self.pieces(s).count_ones();
            let theirs = self.pieces(o).count_ones();
            return Status::Over(match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Outcome::Win(s as Player),
                std::cmp::Ordering::Less => Outcome::Win(o as Player),
                std::cmp::Ordering::Equal => Outcome::Draw,
            });
        }
        if let Some(n) = self.rules.quiet_limit {
            if self.quiet >= n {
                return Status::Over(Outcome::Draw);
            }
        }
        Status::Decision(s as Player)
    }

    fn moves(&self, out: &mut Vec<ZMove>) {
        out.clear();
        if self.over_with_moves_left() {
            return;
        }
        self.sides(self.side()).moves(out);
    }

    fn count_moves(&self) -> usize {
        if self.over_with_moves_left() {
            return 0;
        }
        self.sides(self.side()).count()
    }

    crate::game_state_methods!(ZMove);

    fn repetition_limit(&self) -> Option<u32> {
        self.rules.repetition
    }

    fn without_adjudication(&self) -> Self {
        let mut z = *self;
        let options = self.rules.options.with("quiet_plies", "none");
        // The same rules with two values changed always validate.
        if let Ok(rules) = intern(&options.with("repetition", "none")) {
            z.rules = rules;
        }
        z
    }
}

crate::linear_evaluation!(Zamma, eval::NUM_FEATURES, {
    fn load_tablebase(
        path: &std::path::Path,
    ) -> Result<Box<dyn crate::game::Tablebase<Self>>, GameError> {
        Ok(Box::new(endgame::Tables::load(path)?))
    }

    fn generate_tablebase(
        opts: &GameOptions,
        pieces: u32,
        out: &std::path::Path,
        progress: &(dyn Fn(f64) + Sync),
    ) -> Result<String, GameError> {
        endgame::file::generate(opts, pieces, out, progress)
    }
});

impl Notation for Zamma {
    const PLAYER_NAMES: &'static [&'static str] = &["black", "white"];

    const WHITE: Player = 1;

    fn from_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let p = position::parse(text)?;
        Zamma::from_parts(options, p.men, p.mullahs, p.side, p.quiet, p.ply)
    }

    fn position(&self) -> String {
        position::format(self)
    }

    fn move_text(&self, m: ZMove) -> String {
        notation::move_text(self, m)
    }

    fn parse_move(&self, text: &str) -> Result<ZMove, GameError> {
        notation::parse_move(self, text)
    }

    fn board_text(&self) -> String {
        position::board_text(self)
    }
}

impl SearchHints for Zamma {
    const FORCING_COMPULSORY: bool = true;

    // No pruning near the horizon (README, "Pruning near the horizon"):
    // at 80/100/3 it won 64.5 % at 100 ms a move but lost positions of
    // the tactics suite at its depth; sparing sacrifices (quiet moves that
    // offer a capture), which keeps them, spared so many Zamma moves that
    // it lost (41.9 %, 31 games); and 80/400/0, which keeps them without
    // that, was even (50.0 % and 53.3 %, 60 games each).

    // Random playouts of 8 plies beat the evaluator alone in MCTS: +29 =7
    // −4 at 100 ms a move (40 games, README).
    const MCTS_RANDOM_PLAYOUTS: bool = true;

    // A draughts game lasts while there is material to trade, and its
    // ending is long. Self-play at 10 s + 0.1 s (`agon match --game zamma
    // … --time-report`, issue 22) ran 191-235 plies: about 100-118 moves a
    // side from 80 pieces, twice the former `pieces / 2 + 10`, which spent
    // 58-96 % of the base by ply 60 (`pieces + 20` still 40-64 %: searches
    // overrun their share, and captures shorten the estimate).
    fn moves_left(&self) -> Option<u32> {
        let pieces: u32 = (0..2)
            .map(|s| (self.men[s] | self.mullahs[s]).count_ones())
            .sum();
        Some(pieces + 40)
    }

    fn is_forcing(&self, m: ZMove) -> bool {
        m.is_capture()
    }

    fn order_hint(&self, m: ZMove) -> i32 {
        eval::order_hint(self, m)
    }

    fn history_index(&self, m: ZMove) -> usize {
        eval::history_index(self, m)
    }
}
