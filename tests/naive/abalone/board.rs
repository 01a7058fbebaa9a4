//! Cells, directions and the position string (abalone.md "Board and
//! coordinates"; the string format is the one the engine reads:
//! `<row i>/…/<row a>[-<n>b<m>w] <side>[ <ply>]`).

/// A cell as (row, diagonal): row 1 = `a` … 9 = `i`, diagonal 1..9.
pub type Cell = (i8, i8);

/// A step between neighbouring cells, as (row change, diagonal change).
pub type Dir = (i8, i8);

/// The six neighbours of (r, d) are (r, d±1), (r+1, d), (r+1, d+1),
/// (r−1, d), (r−1, d−1) (abalone.md).
pub const DIRECTIONS: [Dir; 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

/// One direction per line through the board; a column of two or three
/// marbles lies along one of these.
pub const AXES: [Dir; 3] = [(0, 1), (1, 1), (1, 0)];

/// Whether (r, d) is one of the 61 cells: row a holds a1..a5, e holds
/// e1..e9, i holds i5..i9, so the diagonals run from max(1, r−4) to
/// min(9, r+4).
pub fn on_board((r, d): Cell) -> bool {
    (1..=9).contains(&r) && d >= (r - 4).max(1) && d <= (r + 4).min(9)
}

/// All cells, row a first, each row by increasing diagonal.
pub fn all_cells() -> Vec<Cell> {
    let mut out = Vec::new();
    for r in 1..=9 {
        for d in 1..=9 {
            if on_board((r, d)) {
                out.push((r, d));
            }
        }
    }
    out
}

pub fn step((r, d): Cell, (dr, dd): Dir) -> Cell {
    (r + dr, d + dd)
}

pub fn reverse((dr, dd): Dir) -> Dir {
    (-dr, -dd)
}

/// `e5` for (5, 5).
pub fn cell_name((r, d): Cell) -> String {
    format!("{}{}", (b'a' + (r - 1) as u8) as char, d)
}

/// Parses `e5`; `None` for anything that is not one of the 61 cells.
pub fn parse_cell(text: &str) -> Option<Cell> {
    let mut chars = text.chars();
    let row = chars.next()?.to_ascii_lowercase();
    let diag = chars.next()?;
    if chars.next().is_some() || !('a'..='i').contains(&row) || !('1'..='9').contains(&diag) {
        return None;
    }
    let cell = ((row as u8 - b'a' + 1) as i8, (diag as u8 - b'0') as i8);
    on_board(cell).then_some(cell)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Marble(Colour),
    /// The neutral marble of "Save the Princess".
    Princess,
}

/// How a game ended (the naive side's own type, not the engine's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Won(Colour),
}

/// A position: the board, the side to move, the marbles ejected so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Indexed `[row][diagonal]`; only on-board entries are ever set.
    cells: [[Option<Piece>; 10]; 10],
    pub to_move: Colour,
    /// Ejected marbles by their colour: `[black, white]`.
    ejected: [u32; 2],
    /// `princess=on`: the princess rules apply.
    pub princess_rule: bool,
    /// Set when a move ends the game (sixth marble or the princess ejected).
    pub ending: Option<Ending>,
    pub ply: Option<u32>,
}

impl Position {
    pub fn empty(princess_rule: bool) -> Position {
        Position {
            cells: [[None; 10]; 10],
            to_move: Colour::Black,
            ejected: [0, 0],
            princess_rule,
            ending: None,
            ply: None,
        }
    }

    pub fn get(&self, cell: Cell) -> Option<Piece> {
        if on_board(cell) {
            self.cells[cell.0 as usize][cell.1 as usize]
        } else {
            None
        }
    }

    /// Sets an on-board cell; callers never pass an off-board one.
    pub fn set(&mut self, cell: Cell, piece: Option<Piece>) {
        assert!(on_board(cell), "set on off-board cell {cell:?}");
        self.cells[cell.0 as usize][cell.1 as usize] = piece;
    }

    pub fn ejected(&self, colour: Colour) -> u32 {
        self.ejected[colour.index()]
    }

    /// Records an ejected marble and ends the game at the sixth
    /// (abalone.md "End of game").
    pub fn eject(&mut self, piece: Piece, pusher: Colour) {
        match piece {
            Piece::Princess => self.ending = Some(Ending::Won(pusher)),
            Piece::Marble(colour) => {
                self.ejected[colour.index()] += 1;
                if self.ejected[colour.index()] >= 6 {
                    self.ending = Some(Ending::Won(colour.other()));
                }
            }
        }
    }

    /// Builds a position from cell lists such as `"e4 e5"` (used to write
    /// the hand-designed positions readably).
    pub fn from_cells(
        black: &str,
        white: &str,
        princess: Option<&str>,
        princess_rule: bool,
        to_move: Colour,
        ejected: (u32, u32),
    ) -> Result<Position, String> {
        let mut pos = Position::empty(princess_rule);
        pos.to_move = to_move;
        pos.ejected = [ejected.0, ejected.1];
        let mut place = |names: &str, piece: Piece| -> Result<(), String> {
            for name in names.split_whitespace() {
                let cell = parse_cell(name).ok_or_else(|| format!("bad cell '{name}'"))?;
                if pos.get(cell).is_some() {
                    return Err(format!("cell {name} given twice"));
                }
                pos.set(cell, Some(piece));
            }
            Ok(())
        };
        place(black, Piece::Marble(Colour::Black))?;
        place(white, Piece::Marble(Colour::White))?;
        if let Some(p) = princess {
            place(p, Piece::Princess)?;
        }
        pos.check_endings();
        Ok(pos)
    }

    fn check_endings(&mut self) {
        for colour in [Colour::Black, Colour::White] {
            if self.ejected(colour) >= 6 {
                self.ending = Some(Ending::Won(colour.other()));
            }
        }
    }

    /// Parses the position string. Rows come from i (top) down to a, each
    /// from its lowest diagonal; digits are runs of empty cells.
    pub fn parse(text: &str, princess_rule: bool) -> Result<Position, String> {
        let mut tokens = text.split_whitespace();
        let board = tokens.next().ok_or("empty position string")?;
        let side = tokens.next().ok_or("no side to move")?;
        let ply = tokens.next();
        if tokens.next().is_some() {
            return Err("too many fields".into());
        }
        let mut pos = Position::empty(princess_rule);
        pos.to_move = match side {
            "b" => Colour::Black,
            "w" => Colour::White,
            _ => return Err(format!("side to move '{side}' is not b or w")),
        };
        pos.ply = match ply {
            None => None,
            Some(p) => Some(p.parse().map_err(|_| format!("bad ply '{p}'"))?),
        };
        let (rows, counts) = match board.split_once('-') {
            Some((rows, counts)) => (rows, Some(counts)),
            None => (board, None),
        };
        if let Some(counts) = counts {
            let (b, rest) = counts
                .split_once('b')
                .ok_or("ejected counts need <n>b<m>w")?;
            let w = rest
                .strip_suffix('w')
                .ok_or("ejected counts need <n>b<m>w")?;
            let b: u32 = b.parse().map_err(|_| format!("bad count '{b}'"))?;
            let w: u32 = w.parse().map_err(|_| format!("bad count '{w}'"))?;
            pos.ejected = [b, w];
        }
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 9 {
            return Err(format!("{} rows, expected 9", rows.len()));
        }
        let mut princesses = 0;
        for (i, row_text) in rows.iter().enumerate() {
            let r = 9 - i as i8;
            let diags: Vec<i8> = (1..=9).filter(|&d| on_board((r, d))).collect();
            let mut k = 0;
            for ch in row_text.chars() {
                let piece = match ch {
                    'b' => Some(Piece::Marble(Colour::Black)),
                    'w' => Some(Piece::Marble(Colour::White)),
                    'p' if princess_rule => {
                        princesses += 1;
                        Some(Piece::Princess)
                    }
                    '1'..='9' => {
                        k += ch as usize - '0' as usize;
                        continue;
                    }
                    _ => return Err(format!("bad character '{ch}' in row {row_text}")),
                };
                let d = *diags.get(k).ok_or(format!("row {row_text} too long"))?;
                pos.set((r, d), piece);
                k += 1;
            }
            if k != diags.len() {
                return Err(format!(
                    "row {row_text} has {k} cells, expected {}",
                    diags.len()
                ));
            }
        }
        if princesses > 1 {
            return Err("more than one princess".into());
        }
        pos.check_endings();
        Ok(pos)
    }

    /// The canonical position string (inverse of [`Position::parse`]).
    pub fn to_text(&self) -> String {
        let mut rows = Vec::new();
        for r in (1..=9).rev() {
            let mut row = String::new();
            let mut run = 0;
            for d in 1..=9 {
                if !on_board((r, d)) {
                    continue;
                }
                let ch = match self.get((r, d)) {
                    None => {
                        run += 1;
                        continue;
                    }
                    Some(Piece::Marble(Colour::Black)) => 'b',
                    Some(Piece::Marble(Colour::White)) => 'w',
                    Some(Piece::Princess) => 'p',
                };
                if run > 0 {
                    row.push_str(&run.to_string());
                    run = 0;
                }
                row.push(ch);
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            rows.push(row);
        }
        let mut text = rows.join("/");
        if self.ejected != [0, 0] {
            text.push_str(&format!("-{}b{}w", self.ejected[0], self.ejected[1]));
        }
        text.push_str(match self.to_move {
            Colour::Black => " b",
            Colour::White => " w",
        });
        if let Some(ply) = self.ply {
            text.push_str(&format!(" {ply}"));
        }
        text
    }

    /// The image under one of the board's 12 symmetries (`0..12`: six
    /// rotations, each with or without a reflection). The rules never name
    /// a direction, so every image has the same perft counts.
    pub fn transformed(&self, symmetry: usize) -> Position {
        let mut out = self.clone();
        out.cells = [[None; 10]; 10];
        for cell in all_cells() {
            out.set(transform_cell(cell, symmetry), self.get(cell));
        }
        out
    }

    /// The same position with the colours (and the side to move, and the
    /// ejected counts) swapped; its perft counts are the same too.
    pub fn colours_swapped(&self) -> Position {
        let mut out = self.clone();
        for cell in all_cells() {
            let swapped = match self.get(cell) {
                Some(Piece::Marble(c)) => Some(Piece::Marble(c.other())),
                other => other,
            };
            out.set(cell, swapped);
        }
        out.to_move = self.to_move.other();
        out.ejected = [self.ejected[1], self.ejected[0]];
        out
    }
}

/// Cube coordinates centred on e5: x = r − 5, y = 5 − d, z = d − r, so the
/// three line directions (0,1), (1,1), (1,0) become unit cube vectors and
/// the board is the hexagon max(|x|, |y|, |z|) <= 4.
pub fn transform_cell((r, d): Cell, symmetry: usize) -> Cell {
    let (mut x, mut y, mut z) = (r - 5, 5 - d, d - r);
    if symmetry >= 6 {
        std::mem::swap(&mut y, &mut z);
    }
    for _ in 0..symmetry % 6 {
        (x, y, z) = (-z, -x, -y);
    }
    (x + 5, 5 - y)
}
