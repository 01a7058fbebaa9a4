//! Connect-Four on a 6-wide, 5-high board: four in a line wins, a full
//! board is a draw. Bit `col * 6 + row` (a sentinel row on top of each
//! column keeps line shifts from wrapping).

use super::checked::{checked_state_hooks, Checks};
use crate::game::{
    zobrist, Evaluated, Evaluator, Game, GameError, GameOptions, Notation, OptionSpec, Outcome,
    Player, Score, SearchHints, Status,
};

pub const W: usize = 6;
pub const H: usize = 5;
const STRIDE: usize = H + 1;

static KEYS: [u64; 2 * W * STRIDE] = zobrist::keys::<{ 2 * W * STRIDE }>(0xC0FF_EE00);

#[derive(Clone, Debug)]
pub struct Connect {
    stones: [u64; 2],
    heights: [u8; W],
    ply: u32,
    winner: Option<Player>,
    hash: u64,
    history: String,
    options: GameOptions,
}

fn has_four(b: u64) -> bool {
    [1, STRIDE, STRIDE - 1, STRIDE + 1].iter().any(|&s| {
        let m = b & (b >> s);
        m & (m >> (2 * s)) != 0
    })
}

/// Every line of four cells, as masks.
fn windows() -> Vec<u64> {
    let mut out = Vec::new();
    let cell = |c: i32, r: i32| -> Option<u64> {
        (0..W as i32)
            .contains(&c)
            .then_some(())
            .filter(|_| (0..H as i32).contains(&r))
            .map(|_| 1u64 << (c as usize * STRIDE + r as usize))
    };
    for c in 0..W as i32 {
        for r in 0..H as i32 {
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let mut m = 0;
                let mut ok = true;
                for k in 0..4 {
                    match cell(c + dc * k, r + dr * k) {
                        Some(b) => m |= b,
                        None => ok = false,
                    }
                }
                if ok {
                    out.push(m);
                }
            }
        }
    }
    out
}

impl Connect {
    fn mover(&self) -> Player {
        (self.ply % 2) as Player
    }

    fn drop_bit(&self, col: u8) -> u64 {
        1u64 << (usize::from(col) * STRIDE + usize::from(self.heights[usize::from(col)]))
    }
}

impl Game for Connect {
    type Move = u8;

    const NAME: &'static str = "connect";

    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }

    fn new(options: &GameOptions) -> Result<Self, GameError> {
        Ok(Connect {
            stones: [0; 2],
            heights: [0; W],
            ply: 0,
            winner: None,
            hash: 0,
            history: String::new(),
            options: options.clone(),
        })
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }

    fn status(&self) -> Status {
        match self.winner {
            Some(p) => Status::Over(Outcome::Win(p)),
            None if self.ply as usize == W * H => Status::Over(Outcome::Draw),
            None => Status::Decision(self.mover()),
        }
    }

    fn moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.status().is_over() {
            return;
        }
        out.extend((0..W as u8).filter(|&c| usize::from(self.heights[usize::from(c)]) < H));
    }

    fn play(&mut self, m: u8) {
        let p = usize::from(self.mover());
        let bit = self.drop_bit(m);
        self.hash ^= KEYS[p * W * STRIDE + bit.trailing_zeros() as usize];
        self.stones[p] |= bit;
        self.heights[usize::from(m)] += 1;
        self.ply += 1;
        self.history.push(char::from(b'0' + m));
        if has_four(self.stones[p]) {
            self.winner = Some(p as Player);
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for p in 0..2 {
            let mut b = self.stones[p];
            while b != 0 {
                h ^= KEYS[p * W * STRIDE + b.trailing_zeros() as usize];
                b &= b - 1;
            }
        }
        h
    }

    fn ply(&self) -> u32 {
        self.ply
    }
}

impl Connect {
    fn evaluate(&self) -> Score {
        const WEIGHT: [i32; 5] = [0, 1, 4, 16, 0];
        let me = self.stones[usize::from(self.mover())];
        let them = self.stones[usize::from(1 - self.mover())];
        windows()
            .iter()
            .map(|&w| {
                let (a, b) = ((w & me).count_ones(), (w & them).count_ones());
                match (a, b) {
                    (a, 0) => WEIGHT[a as usize],
                    (0, b) => -WEIGHT[b as usize],
                    _ => 0,
                }
            })
            .sum()
    }
}

/// The test game's evaluator: its own `evaluate` (no weights), on a
/// state that checks the search's calls ([`Checks`]).
#[derive(Clone, Debug, Default)]
pub struct ConnectEvaluator {
    pub checks: Checks,
}

impl Evaluator<Connect> for ConnectEvaluator {
    checked_state_hooks!(Connect);

    fn evaluate(&self, pos: &Connect) -> Score {
        pos.evaluate()
    }
}

impl Evaluated for Connect {
    type Evaluator = ConnectEvaluator;
}

impl Notation for Connect {
    const PLAYER_NAMES: &'static [&'static str] = &["first", "second"];

    const WHITE: Player = 0;

    /// The columns played so far, as digits.
    fn from_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let mut g = Connect::new(options)?;
        for ch in text.trim().chars() {
            let m = g.parse_move(&ch.to_string())?;
            g.play(m);
        }
        Ok(g)
    }

    fn position(&self) -> String {
        self.history.clone()
    }

    fn move_text(&self, m: u8) -> String {
        m.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let c: u8 = text
            .trim()
            .parse()
            .map_err(|_| GameError::new(format!("not a column: '{text}'")))?;
        let mut moves = Vec::new();
        self.moves(&mut moves);
        moves
            .contains(&c)
            .then_some(c)
            .ok_or_else(|| GameError::new(format!("column {c} is not playable")))
    }

    fn board_text(&self) -> String {
        let mut s = String::new();
        for r in (0..H).rev() {
            for c in 0..W {
                let b = 1u64 << (c * STRIDE + r);
                s.push(if self.stones[0] & b != 0 {
                    'x'
                } else if self.stones[1] & b != 0 {
                    'o'
                } else {
                    '.'
                });
            }
            s.push('\n');
        }
        s
    }
}

impl SearchHints for Connect {
    /// Wins on the spot, or blocks the opponent's win on the spot.
    fn is_forcing(&self, m: u8) -> bool {
        let bit = self.drop_bit(m);
        let p = usize::from(self.mover());
        has_four(self.stones[p] | bit) || has_four(self.stones[1 - p] | bit)
    }

    fn order_hint(&self, m: u8) -> i32 {
        if self.is_forcing(m) {
            10
        } else {
            [0, 1, 2, 2, 1, 0][usize::from(m)]
        }
    }

    fn history_index(&self, m: u8) -> usize {
        self.drop_bit(m).trailing_zeros() as usize
    }

    // The table keeps the column, not its index among the open columns
    // (the default): the search tests cover a game's own packing this way,
    // since the real games keep the default.
    fn pack_move(&self, m: u8, _index: usize) -> Option<u16> {
        Some(u16::from(m))
    }

    fn unpack_move(&self, packed: u16, _moves: &[u8]) -> Option<u8> {
        u8::try_from(packed).ok().filter(|&c| usize::from(c) < W)
    }
}

#[test]
fn lines_and_hashes() {
    let g = Connect::from_position("0101010", &GameOptions::default()).expect("legal");
    assert_eq!(g.status(), Status::Over(Outcome::Win(0)));
    // First player: a1 b2 c3 d4 diagonal on the 11th ply.
    let g = Connect::from_position("0112322353", &GameOptions::default()).expect("legal");
    assert_eq!(g.status(), Status::Decision(0));
    let mut g2 = g.clone();
    g2.play(3);
    assert_eq!(
        g2.status(),
        Status::Over(Outcome::Win(0)),
        "{}",
        g2.board_text()
    );
    assert_eq!(g2.hash(), g2.hash_from_scratch());
    assert_eq!(windows().len(), 15 + 12 + 12);
    assert!(Connect::from_position("0000000", &GameOptions::default()).is_err());
}
