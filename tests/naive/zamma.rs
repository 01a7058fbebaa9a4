//! A deliberately naive second Zamma move generator, written straight from
//! `shared/rules/zamma.md` and sharing no code with the engine: a plain
//! 9×9 array of cells, lines tested point by point, capture chains found
//! by plain recursion over board copies. It is slow on purpose-free
//! grounds: it only has to be obviously right.

#![allow(dead_code)]

/// What stands on a point. Sides: 0 = Black, 1 = White.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Man(usize),
    Mullah(usize),
}

impl Cell {
    fn side(self) -> Option<usize> {
        match self {
            Cell::Empty => None,
            Cell::Man(s) | Cell::Mullah(s) => Some(s),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lines {
    Alquerque,
    Full,
    Orthogonal,
}

#[derive(Clone, Debug)]
pub struct Pos {
    /// `cells[file][rank]`, file 0 = a, rank 0 = rank 1.
    pub cells: [[Cell; 9]; 9],
    pub side: usize,
    pub lines: Lines,
    /// `mullah_landing=continue`.
    pub landing_continue: bool,
}

/// A move: start, landings in order, captured points (sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: (i32, i32),
    pub landings: Vec<(i32, i32)>,
    pub captured: Vec<(i32, i32)>,
}

pub fn name(p: (i32, i32)) -> String {
    format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
}

impl Move {
    /// The move in the engine's notation (steps `-`, captures `x`).
    pub fn text(&self) -> String {
        let sep = if self.captured.is_empty() { "-" } else { "x" };
        let mut s = name(self.from);
        for &l in &self.landings {
            s.push_str(sep);
            s.push_str(&name(l));
        }
        s
    }
}

/// Parses `options` (only the rule options matter here) and the position
/// string format: ranks 9..1 by '/', b w B W, digits for empty runs, side.
pub fn parse(options: &str, text: &str) -> Pos {
    let mut lines = Lines::Alquerque;
    let mut landing_continue = false;
    for kv in options.split_whitespace() {
        match kv {
            "board=alquerque" => lines = Lines::Alquerque,
            "board=full" => lines = Lines::Full,
            "board=orthogonal" => lines = Lines::Orthogonal,
            "mullah_landing=any" => landing_continue = false,
            "mullah_landing=continue" => landing_continue = true,
            _ => {}
        }
    }
    let mut fields = text.split_whitespace();
    let board = fields.next().unwrap();
    let side = match fields.next().unwrap() {
        "b" => 0,
        "w" => 1,
        other => panic!("side {other}"),
    };
    let mut cells = [[Cell::Empty; 9]; 9];
    for (i, row) in board.split('/').enumerate() {
        let rank = 8 - i;
        let mut file = 0;
        for c in row.chars() {
            match c {
                '1'..='9' => file += c as usize - '0' as usize,
                _ => {
                    cells[file][rank] = match c {
                        'b' => Cell::Man(0),
                        'w' => Cell::Man(1),
                        'B' => Cell::Mullah(0),
                        'W' => Cell::Mullah(1),
                        _ => panic!("piece {c}"),
                    };
                    file += 1;
                }
            }
        }
        assert_eq!(file, 9);
    }
    Pos {
        cells,
        side,
        lines,
        landing_continue,
    }
}

fn on_board(p: (i32, i32)) -> bool {
    (0..9).contains(&p.0) && (0..9).contains(&p.1)
}

impl Pos {
    fn at(&self, p: (i32, i32)) -> Cell {
        self.cells[p.0 as usize][p.1 as usize]
    }

    /// The next point from `p` in direction `d` if a line joins them.
    fn along(&self, p: (i32, i32), d: (i32, i32)) -> Option<(i32, i32)> {
        let q = (p.0 + d.0, p.1 + d.1);
        if !on_board(q) {
            return None;
        }
        let diagonal = d.0 != 0 && d.1 != 0;
        if diagonal {
            let ok = match self.lines {
                Lines::Alquerque => (p.0 + p.1) % 2 == 0,
                Lines::Full => true,
                Lines::Orthogonal => false,
            };
            if !ok {
                return None;
            }
        }
        Some(q)
    }

    fn forward(side: usize) -> i32 {
        if side == 0 {
            1
        } else {
            -1
        }
    }

    /// All eight directions.
    fn all_dirs() -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for df in -1..=1 {
            for dr in -1..=1 {
                if (df, dr) != (0, 0) {
                    v.push((df, dr));
                }
            }
        }
        v
    }

    /// Forward, diagonally forward and sideways.
    fn man_dirs(side: usize) -> Vec<(i32, i32)> {
        let f = Self::forward(side);
        Self::all_dirs()
            .into_iter()
            .filter(|&(_, dr)| dr == f || dr == 0)
            .collect()
    }

    fn count(&self, side: usize) -> usize {
        let mut n = 0;
        for f in 0..9 {
            for r in 0..9 {
                if self.cells[f][r].side() == Some(side) {
                    n += 1;
                }
            }
        }
        n
    }

    /// The single jumps available to the piece `piece` of side `side`
    /// standing on `p`, on the board `b` (where the mover's start is
    /// already empty and captured pieces still stand), not re-jumping
    /// `jumped`: (jumped point, landing point).
    fn jumps(
        &self,
        b: &Pos,
        piece: Cell,
        side: usize,
        p: (i32, i32),
        jumped: &[(i32, i32)],
    ) -> Vec<((i32, i32), (i32, i32))> {
        let mut out = Vec::new();
        match piece {
            Cell::Man(_) => {
                for d in Self::man_dirs(side) {
                    let Some(mid) = b.along(p, d) else { continue };
                    if b.at(mid).side() != Some(1 - side) || jumped.contains(&mid) {
                        continue;
                    }
                    let Some(land) = b.along(mid, d) else {
                        continue;
                    };
                    if b.at(land) == Cell::Empty {
                        out.push((mid, land));
                    }
                }
            }
            Cell::Mullah(_) => {
                for d in Self::all_dirs() {
                    let mut q = b.along(p, d);
                    while let Some(x) = q {
                        if b.at(x) != Cell::Empty {
                            break;
                        }
                        q = b.along(x, d);
                    }
                    let Some(victim) = q else { continue };
                    if b.at(victim).side() != Some(1 - side) || jumped.contains(&victim) {
                        continue;
                    }
                    let mut l = b.along(victim, d);
                    while let Some(x) = l {
                        if b.at(x) != Cell::Empty {
                            break;
                        }
                        out.push((victim, x));
                        l = b.along(x, d);
                    }
                }
            }
            Cell::Empty => {}
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn chains(
        &self,
        b: &Pos,
        piece: Cell,
        side: usize,
        from: (i32, i32),
        at: (i32, i32),
        landings: &mut Vec<(i32, i32)>,
        jumped: &mut Vec<(i32, i32)>,
        out: &mut Vec<Move>,
    ) {
        let mut jumps = self.jumps(b, piece, side, at, jumped);
        if self.landing_continue && matches!(piece, Cell::Mullah(_)) {
            // Per victim: if some landing lets the chain go on, only those.
            let mut kept = Vec::new();
            for &(victim, land) in &jumps {
                let mut j2 = jumped.clone();
                j2.push(victim);
                let goes_on = !self.jumps(b, piece, side, land, &j2).is_empty();
                let some_goes_on = jumps.iter().filter(|(v, _)| *v == victim).any(|&(v, l)| {
                    let mut j3 = jumped.clone();
                    j3.push(v);
                    !self.jumps(b, piece, side, l, &j3).is_empty()
                });
                if goes_on || !some_goes_on {
                    kept.push((victim, land));
                }
            }
            jumps = kept;
        }
        if jumps.is_empty() {
            if !landings.is_empty() {
                let mut captured = jumped.clone();
                captured.sort();
                out.push(Move {
                    from,
                    landings: landings.clone(),
                    captured,
                });
            }
            return;
        }
        for (victim, land) in jumps {
            landings.push(land);
            jumped.push(victim);
            self.chains(b, piece, side, from, land, landings, jumped, out);
            jumped.pop();
            landings.pop();
        }
    }

    /// The legal moves of the side to move (empty when the game is over).
    pub fn moves(&self) -> Vec<Move> {
        let side = self.side;
        if self.count(0) == 0 || self.count(1) == 0 {
            return Vec::new();
        }
        let mut captures = Vec::new();
        for f in 0..9 {
            for r in 0..9 {
                let piece = self.cells[f as usize][r as usize];
                if piece.side() != Some(side) {
                    continue;
                }
                let mut b = self.clone();
                b.cells[f as usize][r as usize] = Cell::Empty;
                self.chains(
                    &b,
                    piece,
                    side,
                    (f, r),
                    (f, r),
                    &mut Vec::new(),
                    &mut Vec::new(),
                    &mut captures,
                );
            }
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut steps = Vec::new();
        for f in 0..9 {
            for r in 0..9 {
                let piece = self.cells[f as usize][r as usize];
                if piece.side() != Some(side) {
                    continue;
                }
                let (dirs, flying) = match piece {
                    Cell::Man(_) => (Self::man_dirs(side), false),
                    _ => (Self::all_dirs(), true),
                };
                for d in dirs {
                    let mut q = self.along((f, r), d);
                    while let Some(x) = q {
                        if self.at(x) != Cell::Empty {
                            break;
                        }
                        steps.push(Move {
                            from: (f, r),
                            landings: vec![x],
                            captured: Vec::new(),
                        });
                        if !flying {
                            break;
                        }
                        q = self.along(x, d);
                    }
                }
            }
        }
        steps
    }

    pub fn play(&self, m: &Move) -> Pos {
        let mut next = self.clone();
        let piece = self.at(m.from);
        next.cells[m.from.0 as usize][m.from.1 as usize] = Cell::Empty;
        for c in &m.captured {
            next.cells[c.0 as usize][c.1 as usize] = Cell::Empty;
        }
        let to = *m.landings.last().unwrap();
        let far = if self.side == 0 { 8 } else { 0 };
        let placed = match piece {
            Cell::Man(s) if to.1 == far => Cell::Mullah(s),
            other => other,
        };
        next.cells[to.0 as usize][to.1 as usize] = placed;
        next.side = 1 - self.side;
        next
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}
