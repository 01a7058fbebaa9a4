//! A deliberately naive second implementation of Gioco della Palma, written
//! from `shared/rules/palma.md` ("The turn as a state machine") with plain
//! arrays and string moves, sharing no code with the engine. It exists to
//! derive the perft counts of `positions/palma-perft.txt`.

#![allow(dead_code)]

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Kind {
    Throw,
    Use,
    Passed,
    Over,
}

#[derive(Clone, Debug)]
pub struct Naive {
    /// Pieces per square 0..29 for each player.
    pub sq: [[u32; 30]; 2],
    /// Pieces not yet entered.
    pub off: [u32; 2],
    pub kind: Kind,
    /// Who throws (Throw), uses (Use, Passed) or won (Over).
    pub who: usize,
    pub value: u32,
    /// Who gets the extra throw after a passed 5 has been dealt with.
    pub keeper: Option<usize>,
    pub shortcuts: Vec<(usize, usize)>,
    pub reverse: bool,
    pub extra: Vec<usize>,
}

impl Naive {
    /// Options "k=v k=v" or "-"; position in the engine's documented format.
    pub fn parse(options: &str, position: &str) -> Naive {
        let mut shortcuts = vec![(10, 24), (20, 22)];
        let mut reverse = false;
        let mut extra = vec![15];
        for kv in options.split_whitespace() {
            if kv == "-" {
                continue;
            }
            let (k, v) = kv.split_once('=').unwrap();
            match k {
                "shortcuts" => {
                    shortcuts.clear();
                    if v != "none" {
                        for pair in v.split(',') {
                            let (a, b) = pair.split_once('>').unwrap();
                            shortcuts.push((a.parse().unwrap(), b.parse().unwrap()));
                        }
                    }
                }
                "reverse" => reverse = v == "on",
                "extra_squares" => {
                    extra.clear();
                    if v != "none" {
                        for q in v.split(',') {
                            extra.push(q.parse().unwrap());
                        }
                    }
                }
                "first" => {}
                _ => panic!("unknown option {k}"),
            }
        }
        let t: Vec<&str> = position.split_whitespace().collect();
        let mut sq = [[0u32; 30]; 2];
        let mut off = [0u32; 2];
        for p in 0..2 {
            let body = &t[p][2..];
            let parts: Vec<&str> = body.split('/').collect();
            off[p] = parts[0].parse().unwrap();
            sq[p][0] = parts[1].parse().unwrap();
            if parts[2] != "-" {
                for q in parts[2].split(',') {
                    let q: usize = q.parse().unwrap();
                    sq[p][q] += 1;
                }
            }
        }
        let side = |s: &str| if s == "h" { 0 } else { 1 };
        let (k, v) = t[2].split_once('=').unwrap();
        let (kind, who, value, keeper) = match k {
            "throw" => (Kind::Throw, side(v), 0, None),
            "over" => (Kind::Over, side(v), 0, None),
            "use" => {
                let (s, x) = v.split_once(':').unwrap();
                (Kind::Use, side(s), x.parse().unwrap(), None)
            }
            "passed" => {
                let (s, x) = v.split_once(':').unwrap();
                let x: u32 = x.parse().unwrap();
                let keeper = if x == 5 { Some(1 - side(s)) } else { None };
                (Kind::Passed, side(s), x, keeper)
            }
            _ => panic!("bad phase {k}"),
        };
        Naive {
            sq,
            off,
            kind,
            who,
            value,
            keeper,
            shortcuts,
            reverse,
            extra,
        }
    }

    /// The square where a piece landing on `l` ends up.
    fn final_square(&self, l: usize) -> usize {
        for &(a, b) in &self.shortcuts {
            if l == a {
                return b;
            }
            if self.reverse && l == b {
                return a;
            }
        }
        l
    }

    fn has_won(&self, p: usize) -> bool {
        let mut n = 0;
        for q in 25..=29 {
            n += self.sq[p][q];
        }
        n == 5
    }

    /// Moves as text, in the engine's notation.
    pub fn moves(&self) -> Vec<String> {
        let p = self.who;
        let v = self.value as usize;
        let mut out = Vec::new();
        if v == 5 && self.off[p] > 0 {
            out.push("enter".to_string());
        }
        for s in 0..=29 {
            if self.sq[p][s] == 0 {
                continue;
            }
            let l = s + v;
            if l > 29 {
                continue;
            }
            let f = self.final_square(l);
            let mut there = self.sq[p][f];
            if f == s {
                there -= 1; // the moving piece has left
            }
            if f == 0 || there == 0 {
                out.push(format!("{s}-{l}"));
            }
        }
        if out.is_empty() {
            out.push("pass".to_string());
        }
        out
    }

    /// Moves a piece by the text of the move; returns the final square.
    fn apply(&mut self, p: usize, m: &str) -> Option<usize> {
        if m == "pass" {
            return None;
        }
        if m == "enter" {
            self.off[p] -= 1;
            self.sq[p][0] += 1;
            return None;
        }
        let (a, b) = m.split_once('-').unwrap();
        let s: usize = a.parse().unwrap();
        let l: usize = b.parse().unwrap();
        let f = self.final_square(l);
        self.sq[p][s] -= 1;
        self.sq[p][f] += 1;
        Some(f)
    }

    pub fn play(&mut self, m: &str) {
        match self.kind {
            Kind::Throw => {
                self.kind = Kind::Use;
                self.value = m[1..].parse().unwrap();
            }
            Kind::Use => {
                let p = self.who;
                if m == "pass" {
                    self.kind = Kind::Passed;
                    self.who = 1 - p;
                    self.keeper = if self.value == 5 { Some(p) } else { None };
                    return;
                }
                let f = self.apply(p, m);
                if self.has_won(p) {
                    self.kind = Kind::Over;
                    return;
                }
                let on_extra = f.is_some_and(|f| self.extra.contains(&f));
                self.kind = Kind::Throw;
                self.who = if self.value == 5 || on_extra {
                    p
                } else {
                    1 - p
                };
            }
            Kind::Passed => {
                let o = self.who;
                self.apply(o, m);
                if self.has_won(o) {
                    self.kind = Kind::Over;
                    return;
                }
                self.kind = Kind::Throw;
                self.who = match self.keeper {
                    Some(k) => k,
                    None => o,
                };
                self.keeper = None;
            }
            Kind::Over => panic!("move after the end"),
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        match self.kind {
            Kind::Over => 0,
            Kind::Throw => ["t1", "t2", "t3", "t5"]
                .iter()
                .map(|t| {
                    let mut c = self.clone();
                    c.play(t);
                    c.perft(depth)
                })
                .sum(),
            Kind::Use | Kind::Passed => self
                .moves()
                .iter()
                .map(|m| {
                    let mut c = self.clone();
                    c.play(m);
                    c.perft(depth - 1)
                })
                .sum(),
        }
    }
}
