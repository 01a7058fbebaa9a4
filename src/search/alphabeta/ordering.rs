//! Move ordering: the transposition-table move first, then the forcing
//! moves ([`SearchHints::is_forcing`](crate::game::SearchHints::is_forcing): for Abalone pushes) by the game's static
//! hint ([`SearchHints::order_hint`](crate::game::SearchHints::order_hint)), then the quiet moves by killer, history and
//! hint together: among quiet moves the hint is a preference, not a rank,
//! so what the search learnt can overrule it.

use super::history::{History, HISTORY_MAX};
use crate::game::{Playable, Player};

/// Forcing moves come before every quiet move.
const FORCING_BASE: i64 = 1 << 40;
/// Weight of the hint among forcing moves (above any history score).
const FORCING_HINT_SCALE: i64 = 1 << 18;
/// Weight of the hint among quiet moves, against history scores of
/// ±[`HISTORY_MAX`].
pub const QUIET_HINT_SCALE: i64 = 16;
const KILLER_BONUS: [i64; 2] = [3 * HISTORY_MAX as i64, 2 * HISTORY_MAX as i64];

/// Per move: (ordering key, index in generation order).
pub type Ordered = Vec<(i64, u32)>;

/// Scores `moves` for a node at `ply` where `player` moves.
pub fn score_moves<G: Playable>(
    pos: &G,
    moves: &[G::Move],
    tt_index: Option<usize>,
    history: &History<G>,
    ply: usize,
    player: Player,
    out: &mut Ordered,
) {
    debug_assert!(u32::try_from(moves.len()).is_ok());
    out.clear();
    for (i, &m) in moves.iter().enumerate() {
        let key = if Some(i) == tt_index {
            i64::MAX
        } else if pos.is_forcing(m) {
            FORCING_BASE + i64::from(pos.order_hint(m)) * FORCING_HINT_SCALE
        } else {
            let killer = history.killer_rank(ply, m).map_or(0, |r| KILLER_BONUS[r]);
            i64::from(pos.order_hint(m)) * QUIET_HINT_SCALE
                + killer
                + i64::from(history.score(player, pos.history_index(m)))
        };
        out.push((key, i as u32));
    }
}

/// Scores forcing moves (quiescence's, as
/// [`SearchHints::forcing_moves`](crate::game::SearchHints::forcing_moves)
/// gave them), by hint.
pub fn score_forcing<G: Playable>(pos: &G, moves: &[G::Move], out: &mut Ordered) {
    out.clear();
    for (i, &m) in moves.iter().enumerate() {
        out.push((i64::from(pos.order_hint(m)), i as u32));
    }
}

/// The index in `moves` (this position's legal moves, in generation
/// order) of the table's move `packed`: unpacked by the game and played
/// only if it is one of them, since an entry may come from another
/// position (a key collision). Moves are distinct (the game contract), so
/// with the default packing this is the stored index whenever it is in
/// range.
pub fn table_index<G: Playable>(pos: &G, packed: u16, moves: &[G::Move]) -> Option<usize> {
    let m = pos.unpack_move(packed, moves)?;
    moves.iter().position(|&x| x == m)
}

/// Longer lists are sorted at the first pick: selecting from them move by
/// move would cost their square (Zamma's flying chains can give a position
/// hundreds of thousands of moves).
const SELECT_LIMIT: usize = 512;

/// The `n`-th move to search (0-based): selects the best of the rest, so
/// a node that cuts early never sorts the whole list.
pub fn pick(order: &mut Ordered, n: usize) -> Option<usize> {
    if n >= order.len() {
        return None;
    }
    if order.len() > SELECT_LIMIT {
        if n == 0 {
            order.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        }
        return Some(order[n].1 as usize);
    }
    let mut best = n;
    for j in n + 1..order.len() {
        if order[j].0 > order[best].0 {
            best = j;
        }
    }
    order.swap(n, best);
    Some(order[n].1 as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions, Notation, SearchHints};
    use crate::testgames::connect::Connect;

    #[test]
    fn the_table_move_is_the_games_packing_and_only_a_legal_move() {
        // Column 0 full: the open columns are 1..6 at indices 0..5, and
        // Connect packs the column itself.
        let pos = Connect::from_position("00000", &GameOptions::default()).expect("legal");
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        assert_eq!(moves, [1, 2, 3, 4, 5]);
        assert_eq!(pos.pack_move(3, 2), Some(3));
        assert_eq!(table_index(&pos, 3, &moves), Some(2));
        // A full column, or no column: no move (a collision's entry).
        assert_eq!(table_index(&pos, 0, &moves), None);
        assert_eq!(table_index(&pos, 9, &moves), None);
    }

    #[test]
    fn pick_yields_every_index_once_best_first() {
        let keys = [5i64, 9, 5, -3, 9, 0];
        let mut o: Ordered = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i as u32))
            .collect();
        let got: Vec<usize> = (0..10).map_while(|n| pick(&mut o, n)).collect();
        let mut sorted = got.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![0, 1, 2, 3, 4, 5]);
        assert!(got.windows(2).all(|w| keys[w[0]] >= keys[w[1]]), "{got:?}");
    }
}
