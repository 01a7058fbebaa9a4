//! Legal moves the long way round (abalone.md "A move"): every group of one,
//! two or three own marbles in a straight line, tried in each of the six
//! directions, each rule checked on its own.

use super::board::{
    cell_name, on_board, reverse, step, Cell, Colour, Dir, Piece, Position, AXES, DIRECTIONS,
};

/// A move: the set of marbles moved (sorted) and the direction
/// (PERFT.md: "a move = the set of marbles moved + the direction").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub marbles: Vec<Cell>,
    pub dir: Dir,
}

impl Move {
    /// In-line: a single marble, or a column moving along its own line.
    pub fn is_inline(&self) -> bool {
        if self.marbles.len() == 1 {
            return true;
        }
        let a = self.marbles[0];
        let b = self.marbles[1];
        let axis = (b.0 - a.0, b.1 - a.1);
        self.dir == axis || self.dir == reverse(axis)
    }

    /// The marble that enters a new cell first (in-line moves).
    fn leading(&self) -> Cell {
        let inside = |c: Cell| self.marbles.contains(&c);
        *self
            .marbles
            .iter()
            .find(|&&m| !inside(step(m, self.dir)))
            .expect("a column has a leading marble")
    }

    /// The marble at the back (in-line moves).
    fn trailing(&self) -> Cell {
        let inside = |c: Cell| self.marbles.contains(&c);
        *self
            .marbles
            .iter()
            .find(|&&m| !inside(step(m, reverse(self.dir))))
            .expect("a column has a trailing marble")
    }
}

/// Whether `piece` is pushed like an opponent's marble by `mover`: the
/// opponent's marbles and, with `princess=on`, the princess (abalone.md
/// "Save the Princess").
fn opposing(piece: Option<Piece>, mover: Colour) -> bool {
    match piece {
        Some(Piece::Marble(c)) => c != mover,
        Some(Piece::Princess) => true,
        None => false,
    }
}

/// Every straight column of one to three own marbles, each once.
fn groups(pos: &Position) -> Vec<Vec<Cell>> {
    let own = |c: Cell| pos.get(c) == Some(Piece::Marble(pos.to_move));
    let mut out = Vec::new();
    for cell in super::board::all_cells() {
        if !own(cell) {
            continue;
        }
        out.push(vec![cell]);
        for axis in AXES {
            let second = step(cell, axis);
            if own(second) {
                out.push(vec![cell, second]);
                let third = step(second, axis);
                if own(third) {
                    out.push(vec![cell, second, third]);
                }
            }
        }
    }
    out
}

/// The opposing marbles directly in front of an in-line move (from the cell
/// after the leading marble), and what lies beyond them: `Some(piece)` on
/// the board (`None` inside = empty), or `None` for the board's edge.
fn pushed_line(pos: &Position, m: &Move) -> (Vec<Cell>, Option<Option<Piece>>) {
    let mut run = Vec::new();
    let mut cell = step(m.leading(), m.dir);
    while on_board(cell) && opposing(pos.get(cell), pos.to_move) {
        run.push(cell);
        cell = step(cell, m.dir);
    }
    let beyond = if on_board(cell) {
        Some(pos.get(cell))
    } else {
        None
    };
    (run, beyond)
}

/// Whether the move is legal under abalone.md "A move".
fn is_legal(pos: &Position, m: &Move) -> bool {
    if !m.is_inline() {
        // Broadside: every destination on the board and empty; no pushing.
        return m.marbles.iter().all(|&c| {
            let to = step(c, m.dir);
            on_board(to) && pos.get(to).is_none()
        });
    }
    let front = step(m.leading(), m.dir);
    if !on_board(front) {
        return false; // moving off the board is not a move of this column
    }
    match pos.get(front) {
        None => true,
        Some(Piece::Marble(c)) if c == pos.to_move => false, // into an own marble
        Some(_) => {
            // Sumito: more pushers than pushed (2-1, 3-1, 3-2), the pushed
            // line followed by an empty cell or the edge, never an own marble
            // (nor any other piece: the run already took every opposing one).
            let (run, beyond) = pushed_line(pos, m);
            let room = matches!(beyond, None | Some(None));
            run.len() < m.marbles.len() && room
        }
    }
}

/// All legal moves of the side to move; none once the game is over.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    if pos.ending.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for group in groups(pos) {
        for dir in DIRECTIONS {
            let mut marbles = group.clone();
            marbles.sort();
            let m = Move { marbles, dir };
            if is_legal(pos, &m) {
                out.push(m);
            }
        }
    }
    out
}

/// The position after a legal move.
pub fn play(pos: &Position, m: &Move) -> Position {
    let mut next = pos.clone();
    let mover = pos.to_move;
    let mut moving: Vec<Cell> = m.marbles.clone();
    if m.is_inline() {
        moving.extend(pushed_line(pos, m).0);
    }
    let pieces: Vec<(Cell, Piece)> = moving
        .iter()
        .map(|&c| (c, pos.get(c).expect("moving cells hold pieces")))
        .collect();
    for &(c, _) in &pieces {
        next.set(c, None);
    }
    for (c, piece) in pieces {
        let to = step(c, m.dir);
        if on_board(to) {
            next.set(to, Some(piece));
        } else {
            next.eject(piece, mover);
        }
    }
    next.to_move = mover.other();
    next.ply = pos.ply.map(|p| p + 1);
    next
}

/// Aba-Pro text (abalone.md "Notation"): in-line = trailing marble and the
/// cell it steps to (`a1b2`); broadside = the two end marbles, lower end
/// first (lower row, then lower diagonal), then the first one's destination
/// (`f4h4e3`).
pub fn move_text(m: &Move) -> String {
    if m.is_inline() {
        let t = m.trailing();
        format!("{}{}", cell_name(t), cell_name(step(t, m.dir)))
    } else {
        // Sorted (row, diagonal) tuples: the first is the lower end.
        let lo = m.marbles[0];
        let hi = m.marbles[m.marbles.len() - 1];
        format!(
            "{}{}{}",
            cell_name(lo),
            cell_name(hi),
            cell_name(step(lo, m.dir))
        )
    }
}
