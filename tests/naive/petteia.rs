//! A deliberately naive second Petteia/Kubeia generator for the perft
//! suite, written from `shared/rules/petteia.md` with a plain 12×8 array and
//! no code shared with the engine (it parses the position string itself).

#![allow(dead_code)]

pub const W: i32 = 12;
pub const H: i32 = 8;

/// A cell: 0 empty; 1 Peltast, 2 Hoplite, 3 Basileus; positive White,
/// negative Black.
#[derive(Clone, Debug)]
pub struct Naive {
    pub cells: [[i8; 12]; 8], // [row][col], row 0 = rank 1
    pub white_to_move: bool,
    pub dice: bool,
    pub roll: Option<(i32, i32)>,
    pub reluct: [u32; 2],
    pub nocap: u32,
    pub limit: u32,
    /// "1-0", "0-1", "1/2-1/2" with the reason once over.
    pub over: Option<String>,
}

fn owner(c: i8) -> Option<usize> {
    if c > 0 {
        Some(0)
    } else if c < 0 {
        Some(1)
    } else {
        None
    }
}

fn kind(c: i8) -> i8 {
    c.abs()
}

fn on(c: i32, r: i32) -> bool {
    (0..W).contains(&c) && (0..H).contains(&r)
}

/// A naive move: (from, to) as (col, row) pairs; `None` = a pass.
pub type NMove = Option<((i32, i32), (i32, i32))>;

const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

pub fn sq_name(c: i32, r: i32) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

impl Naive {
    pub fn parse(text: &str, dice: bool, limit: u32) -> Naive {
        let f: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(f.len(), 7, "position '{text}'");
        let mut cells = [[0i8; 12]; 8];
        for (i, rank) in f[0].split('/').enumerate() {
            let r = 7 - i;
            let mut c = 0usize;
            let mut num = 0usize;
            for ch in rank.chars() {
                if let Some(d) = ch.to_digit(10) {
                    num = num * 10 + d as usize;
                    continue;
                }
                c += num;
                num = 0;
                let v = match ch {
                    'P' => 1,
                    'O' => 2,
                    'B' => 3,
                    'p' => -1,
                    'o' => -2,
                    'b' => -3,
                    _ => panic!("bad piece {ch}"),
                };
                cells[r][c] = v;
                c += 1;
            }
        }
        let roll = if f[2] == "-" || f[2] == "?" {
            None
        } else {
            let b = f[2].as_bytes();
            Some(((b[0] - b'0') as i32, (b[1] - b'0') as i32))
        };
        let (a, b) = f[3].split_once(',').unwrap();
        let mut n = Naive {
            cells,
            white_to_move: f[1] == "w",
            dice,
            roll,
            reluct: [a.parse().unwrap(), b.parse().unwrap()],
            nocap: f[4].parse().unwrap(),
            limit,
            over: if f[6] == "*" {
                None
            } else {
                Some(f[6].to_string())
            },
        };
        // A player who must move and cannot loses.
        if n.over.is_none() && n.petteia_moves(n.mover()).is_empty() {
            n.over = Some(
                if n.mover() == 0 {
                    "0-1:siege"
                } else {
                    "1-0:siege"
                }
                .to_string(),
            );
        }
        n
    }

    /// The start: Hoplites on ranks 1/8, Peltasts on 2/7, Basileus f3/g6
    /// (mirror: g3/f6).
    pub fn start(dice: bool, limit: u32, mirror: bool) -> Naive {
        let text = if mirror {
            "oooooooooooo/pppppppppppp/5b6/12/12/6B5/PPPPPPPPPPPP/OOOOOOOOOOOO w ? 0,0 0 0 *"
        } else {
            "oooooooooooo/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/OOOOOOOOOOOO w ? 0,0 0 0 *"
        };
        Naive::parse(text, dice, limit)
    }

    pub fn mover(&self) -> usize {
        if self.white_to_move {
            0
        } else {
            1
        }
    }

    fn at(&self, c: i32, r: i32) -> i8 {
        self.cells[r as usize][c as usize]
    }

    fn allowed(&self, k: i8, dist: i32, petteia: bool) -> bool {
        if petteia || !self.dice {
            return k != 2 || dist <= 6;
        }
        let (hi, lo) = self.roll.unwrap();
        match k {
            1 => dist <= hi,
            2 => dist <= lo,
            _ => dist <= lo || dist == hi,
        }
    }

    /// All slides of `side` (no capture duty); `petteia` ignores the dice.
    fn slides(&self, side: usize, petteia: bool) -> Vec<((i32, i32), (i32, i32))> {
        let mut out = Vec::new();
        for r in 0..H {
            for c in 0..W {
                let p = self.at(c, r);
                if owner(p) != Some(side) {
                    continue;
                }
                for (dc, dr) in DIRS {
                    let mut dist = 1;
                    loop {
                        let (nc, nr) = (c + dc * dist, r + dr * dist);
                        if !on(nc, nr) || self.at(nc, nr) != 0 {
                            break;
                        }
                        if self.allowed(kind(p), dist, petteia) {
                            out.push(((c, r), (nc, nr)));
                        }
                        dist += 1;
                    }
                }
            }
        }
        out
    }

    fn petteia_moves(&self, side: usize) -> Vec<((i32, i32), (i32, i32))> {
        self.slides(side, true)
    }

    /// The squares captured by moving `from` to `to` (on a copy).
    pub fn captures(&self, from: (i32, i32), to: (i32, i32)) -> Vec<(i32, i32)> {
        let mut b = self.clone();
        let p = b.at(from.0, from.1);
        b.cells[from.1 as usize][from.0 as usize] = 0;
        b.cells[to.1 as usize][to.0 as usize] = p;
        let me = owner(p).unwrap();
        let mine = |c: i32, r: i32| on(c, r) && owner(b.at(c, r)) == Some(me);
        let heavy = |c: i32, r: i32| mine(c, r) && kind(b.at(c, r)) >= 2;
        let mut out = Vec::new();
        for (dc, dr) in DIRS {
            let (nc, nr) = (to.0 + dc, to.1 + dr);
            if !on(nc, nr) {
                continue;
            }
            let v = b.at(nc, nr);
            if owner(v) != Some(1 - me) {
                continue;
            }
            if kind(v) == 3 {
                // Enclosure: every on-board neighbour is the mover's.
                let mut n = 0;
                let mut all = true;
                let mut hop = 0;
                let mut king = false;
                for (ec, er) in DIRS {
                    let (xc, xr) = (nc + ec, nr + er);
                    if !on(xc, xr) {
                        continue;
                    }
                    n += 1;
                    if !mine(xc, xr) {
                        all = false;
                    } else if kind(b.at(xc, xr)) == 2 {
                        hop += 1;
                    } else if kind(b.at(xc, xr)) == 3 {
                        king = true;
                    }
                }
                let need = if n == 4 { 2 } else { 1 };
                if all && (king || hop >= need) {
                    out.push((nc, nr));
                }
                continue;
            }
            let corner = (nc == 0 || nc == W - 1) && (nr == 0 || nr == H - 1);
            let partner = if corner {
                // The corner's other neighbour.
                let cands = [(nc + 1, nr), (nc - 1, nr), (nc, nr + 1), (nc, nr - 1)];
                cands.into_iter().find(|&(x, y)| on(x, y) && (x, y) != to)
            } else {
                Some((nc + dc, nr + dr))
            };
            let Some((pc, pr)) = partner else { continue };
            if !mine(pc, pr) {
                continue;
            }
            if kind(v) == 2 && !heavy(to.0, to.1) && !heavy(pc, pr) {
                continue;
            }
            out.push((nc, nr));
        }
        out.sort_by_key(|&(c, r)| r * W + c);
        out
    }

    pub fn is_chance(&self) -> bool {
        self.over.is_none() && self.dice && self.roll.is_none()
    }

    /// Legal moves as (from, to); `None` = a pass.
    pub fn moves(&self) -> Vec<NMove> {
        if self.over.is_some() || self.is_chance() {
            return vec![];
        }
        let all = self.slides(self.mover(), false);
        let caps: Vec<_> = all
            .iter()
            .copied()
            .filter(|&(f, t)| !self.captures(f, t).is_empty())
            .collect();
        let list = if caps.is_empty() { all } else { caps };
        if list.is_empty() && self.dice {
            return vec![None];
        }
        list.into_iter().map(Some).collect()
    }

    pub fn move_text(&self, m: NMove) -> String {
        match m {
            None => "pass".into(),
            Some((f, t)) => {
                let mut s = format!("{}-{}", sq_name(f.0, f.1), sq_name(t.0, t.1));
                for (c, r) in self.captures(f, t) {
                    s.push('x');
                    s.push_str(&sq_name(c, r));
                }
                s
            }
        }
    }

    fn active_piece(&self, c: i32, r: i32) -> bool {
        let me = owner(self.at(c, r)).unwrap();
        self.petteia_moves(me)
            .iter()
            .filter(|(f, _)| *f == (c, r))
            .any(|&(_, (tc, tr))| {
                DIRS.iter().any(|&(dc, dr)| {
                    let (x, y) = (tc + dc, tr + dr);
                    on(x, y) && owner(self.at(x, y)) == Some(1 - me)
                })
            })
    }

    fn any_active(&self, side: usize) -> bool {
        (0..H)
            .any(|r| (0..W).any(|c| owner(self.at(c, r)) == Some(side) && self.active_piece(c, r)))
    }

    fn count(&self, side: usize, k: i8) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|&&v| owner(v) == Some(side) && (k == 0 || kind(v) == k))
            .count()
    }

    pub fn play_roll(&mut self, hi: i32, lo: i32) {
        self.roll = Some((hi, lo));
    }

    pub fn play(&mut self, m: NMove) {
        let me = self.mover();
        let foe = 1 - me;
        let win = |s: usize, why: &str| format!("{}:{why}", if s == 0 { "1-0" } else { "0-1" });
        let mut over: Option<String> = None;
        match m {
            None => self.nocap += 1,
            Some((f, t)) => {
                let passive_count = self.any_active(me) && !self.active_piece(f.0, f.1);
                let caps = self.captures(f, t);
                let p = self.at(f.0, f.1);
                self.cells[f.1 as usize][f.0 as usize] = 0;
                self.cells[t.1 as usize][t.0 as usize] = p;
                let mut took_king = false;
                let mut emptied = false;
                for &(c, r) in &caps {
                    let v = self.at(c, r);
                    self.cells[r as usize][c as usize] = 0;
                    if kind(v) == 3 {
                        took_king = true;
                    } else if self.count(foe, kind(v)) == 0 {
                        emptied = true;
                    }
                }
                if caps.is_empty() {
                    self.nocap += 1;
                } else {
                    self.nocap = 0;
                }
                if took_king {
                    over = Some(win(me, "rout"));
                } else if emptied {
                    over = Some(win(me, "decimation"));
                } else if kind(p) == 3 && t.1 == if me == 0 { H - 1 } else { 0 } {
                    over = Some(win(me, "breakthrough"));
                }
                self.reluct[me] = if passive_count {
                    self.reluct[me] + 1
                } else {
                    0
                };
            }
        }
        let zeus = self.dice && matches!(self.roll, Some((a, b)) if a == b);
        if over.is_none() && self.petteia_moves(foe).is_empty() {
            over = Some(win(me, "siege"));
        }
        if over.is_none() && zeus && self.petteia_moves(me).is_empty() {
            over = Some(win(foe, "siege"));
        }
        if over.is_none() && self.reluct[me] >= 3 {
            over = Some(win(foe, "reluctance"));
        }
        if over.is_none() && self.nocap >= self.limit {
            let (a, b) = (self.count(me, 0), self.count(foe, 0));
            over = Some(if a > b {
                win(me, "superiority")
            } else if b > a {
                win(foe, "superiority")
            } else {
                "1/2-1/2:equality".to_string()
            });
        }
        if self.dice {
            self.roll = None;
        }
        if !zeus {
            self.white_to_move = !self.white_to_move;
        }
        self.over = over;
    }

    /// perft per PERFT.md.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over.is_some() {
            return 0;
        }
        if self.is_chance() {
            let mut total = 0;
            for hi in 1..=6 {
                for lo in 1..=hi {
                    let mut c = self.clone();
                    c.play_roll(hi, lo);
                    total += c.perft(depth);
                }
            }
            return total;
        }
        let ms = self.moves();
        if depth == 1 {
            return ms.len() as u64;
        }
        ms.into_iter()
            .map(|m| {
                let mut c = self.clone();
                c.play(m);
                c.perft(depth - 1)
            })
            .sum()
    }
}
