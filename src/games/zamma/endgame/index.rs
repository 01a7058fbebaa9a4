//! Where a position lives in a table: its material signature (men and
//! Mullahs per side) and, within the signature's table, one index per
//! placement of the pieces and side to move.
//!
//! The index is a mixed-radix number over four groups of pieces, each a
//! set of points ranked in colex order: Black's men (on ranks 1..8, the
//! 72 points a Black man can stand on), White's men (ranks 2..9), Black's
//! Mullahs and White's Mullahs (any point), with the side to move on top.
//! Men come first so that one placement of the men is one contiguous block
//! of Mullah placements: the solver walks the table a block at a time, by
//! the men's progress ([`progress`]). Placements where two groups share a
//! point are indices without a position.
//!
//! Two symmetries reduce the tables (zamma.md "Board": every board kind's
//! lines are symmetric under both):
//! - **colours**: Black to move in a placement is White to move in the
//!   placement turned upside down with the colours swapped, so only one
//!   of a signature and its colour swap is stored ([`Material::canonical`]);
//! - **left and right**: a placement and its mirror image (files a..i
//!   reversed) have the same value, so only the smaller index of the two
//!   is solved and stored ([`Layout::canonical`]).

use super::super::board::{bit, file_of, point, rank_of, Bits, Points, POINTS};

/// The most pieces of one group a table may hold (binomials are kept up
/// to this size).
pub const MAX_GROUP: usize = 6;

/// `BINOM[n][k]` = C(n, k).
static BINOM: [[u64; MAX_GROUP + 1]; POINTS + 1] = binomials();

const fn binomials() -> [[u64; MAX_GROUP + 1]; POINTS + 1] {
    let mut t = [[0u64; MAX_GROUP + 1]; POINTS + 1];
    let mut n = 0;
    while n <= POINTS {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_GROUP {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
}

/// The four groups' points, in index order: Black's men, White's men,
/// Black's Mullahs, White's Mullahs.
pub type Groups = [Bits; 4];

/// First point and number of points each group may stand on: a man never
/// stands on its far rank (it would have been promoted).
const RANGE: [(u8, usize); 4] = [(0, 72), (9, 72), (0, POINTS), (0, POINTS)];

/// A material signature: the men and Mullahs of each side (Black = 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Material {
    pub men: [u8; 2],
    pub mullahs: [u8; 2],
}

impl Material {
    pub fn of(groups: &Groups) -> Material {
        let n = |b: Bits| b.count_ones() as u8;
        Material {
            men: [n(groups[0]), n(groups[1])],
            mullahs: [n(groups[2]), n(groups[3])],
        }
    }

    pub fn pieces(self) -> u32 {
        u32::from(self.men[0] + self.men[1] + self.mullahs[0] + self.mullahs[1])
    }

    pub fn men_total(self) -> u32 {
        u32::from(self.men[0] + self.men[1])
    }

    /// The colour swap.
    pub fn swapped(self) -> Material {
        Material {
            men: [self.men[1], self.men[0]],
            mullahs: [self.mullahs[1], self.mullahs[0]],
        }
    }

    /// Whether this signature is the one of the pair {self, swapped} that
    /// is stored: Black has more pieces, or as many and more Mullahs, or
    /// the same of both.
    pub fn canonical(self) -> bool {
        let key = |s: usize| (self.men[s] + self.mullahs[s], self.mullahs[s]);
        key(0) >= key(1)
    }

    /// The stored signatures of at most `pieces` pieces with both sides
    /// on the board, in the order they are solved: a capture leads to
    /// fewer pieces and a promotion to fewer men, so each signature's
    /// successors come before it.
    pub fn up_to(pieces: u32) -> Vec<Material> {
        let mut all = Vec::new();
        let n = pieces.min(2 * MAX_GROUP as u32) as u8;
        for bm in 0..=n {
            for bk in 0..=n {
                for wm in 0..=n {
                    for wk in 0..=n {
                        let m = Material {
                            men: [bm, wm],
                            mullahs: [bk, wk],
                        };
                        let sides_on = bm + bk > 0 && wm + wk > 0;
                        let fits = (bm.max(bk).max(wm).max(wk) as usize) <= MAX_GROUP;
                        if sides_on && fits && m.pieces() <= pieces && m.canonical() {
                            all.push(m);
                        }
                    }
                }
            }
        }
        all.sort_by_key(|m| (m.pieces(), m.men_total(), *m));
        all
    }

    /// The signature as the table files and the generator name it:
    /// Black's Mullahs and men, then White's (`KKm-K`: K a Mullah, m a man).
    pub fn name(self) -> String {
        let side = |s: usize| {
            "K".repeat(usize::from(self.mullahs[s])) + &"m".repeat(usize::from(self.men[s]))
        };
        format!("{}-{}", side(0), side(1))
    }
}

/// The shape of one signature's table.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub material: Material,
    counts: [usize; 4],
    /// Placements of each group.
    sizes: [u64; 4],
    /// Every index (both sides to move).
    pub len: u64,
}

impl Layout {
    pub fn new(material: Material) -> Layout {
        let counts = [
            usize::from(material.men[0]),
            usize::from(material.men[1]),
            usize::from(material.mullahs[0]),
            usize::from(material.mullahs[1]),
        ];
        let sizes = std::array::from_fn(|g| BINOM[RANGE[g].1][counts[g]]);
        Layout {
            material,
            counts,
            sizes,
            len: 2 * sizes.iter().product::<u64>(),
        }
    }

    /// Indices of one placement of the men: every placement of the
    /// Mullahs.
    pub fn block_len(&self) -> u64 {
        self.sizes[2] * self.sizes[3]
    }

    pub fn mullah_placements(&self) -> [u64; 2] {
        [self.sizes[2], self.sizes[3]]
    }

    /// The index of `groups` with `side` to move.
    pub fn index(&self, side: usize, groups: &Groups) -> u64 {
        let mut idx = side as u64;
        for g in 0..4 {
            idx = idx * self.sizes[g] + rank(groups[g] >> RANGE[g].0);
        }
        idx
    }

    /// The stored index of `groups` with `side` to move: the smaller of
    /// its own and its mirror image's.
    pub fn canonical(&self, side: usize, groups: &Groups) -> u64 {
        self.index(side, groups)
            .min(self.index(side, &groups.map(mirror)))
    }

    /// Whether `idx` (a placement without shared points) is the one its
    /// mirror pair stores.
    pub fn is_canonical(&self, idx: u64, side: usize, groups: &Groups) -> bool {
        self.index(side, &groups.map(mirror)) >= idx
    }

    /// The side to move and the groups of `idx`; `None` where two groups
    /// share a point.
    pub fn decode(&self, mut idx: u64) -> Option<(usize, Groups)> {
        let mut groups = [0; 4];
        for g in (0..4).rev() {
            let r = idx % self.sizes[g];
            idx /= self.sizes[g];
            groups[g] = unrank(r, self.counts[g]) << RANGE[g].0;
        }
        let all = groups.iter().fold(0, |a, &b| a | b);
        let disjoint = all.count_ones() == groups.iter().map(|b| b.count_ones()).sum::<u32>();
        disjoint.then_some((idx as usize, groups))
    }

    /// Every placement of the men (no shared point), with its side to
    /// move and the index of its block's first position, in index order.
    pub fn men_blocks(&self) -> Vec<MenBlock> {
        let mut out = Vec::new();
        for side in 0..2 {
            for (i, black) in subsets(RANGE[0], self.counts[0]).enumerate() {
                for (j, white) in subsets(RANGE[1], self.counts[1]).enumerate() {
                    if black & white != 0 {
                        continue;
                    }
                    let block = (side as u64 * self.sizes[0] + i as u64) * self.sizes[1] + j as u64;
                    out.push(MenBlock {
                        side,
                        men: [black, white],
                        ranks: [i as u64, j as u64],
                        first: block * self.block_len(),
                    });
                }
            }
        }
        out
    }

    /// The placements of one side's Mullahs, in index order.
    pub fn mullah_subsets(&self, side: usize) -> Subsets {
        subsets(RANGE[2 + side], self.counts[2 + side])
    }

    /// Calls `f(index, side, groups)` for every stored position (no shared
    /// point, the canonical one of its mirror pair), in index order. The
    /// mirror images' indices come from each group's table of mirrored
    /// ranks, so a walk over a four-piece table takes about a second.
    pub fn for_each_stored(&self, mut f: impl FnMut(u64, usize, &Groups)) {
        let mirrored: [Vec<u64>; 4] = std::array::from_fn(|g| {
            subsets(RANGE[g], self.counts[g])
                .map(|set| rank(mirror(set) >> RANGE[g].0))
                .collect()
        });
        let blacks: Vec<Bits> = self.mullah_subsets(0).collect();
        let whites: Vec<Bits> = self.mullah_subsets(1).collect();
        for block in self.men_blocks() {
            let men = block.men[0] | block.men[1];
            let mirror_block = (block.side as u64 * self.sizes[0]
                + mirrored[0][block.ranks[0] as usize])
                * self.sizes[1]
                + mirrored[1][block.ranks[1] as usize];
            for (i, &bk) in blacks.iter().enumerate() {
                if bk & men != 0 {
                    continue;
                }
                let row = block.first + i as u64 * self.sizes[3];
                let mirror_row = (mirror_block * self.sizes[2] + mirrored[2][i]) * self.sizes[3];
                for (j, &wk) in whites.iter().enumerate() {
                    if wk & (men | bk) != 0 {
                        continue;
                    }
                    let idx = row + j as u64;
                    if mirror_row + mirrored[3][j] >= idx {
                        f(idx, block.side, &[block.men[0], block.men[1], bk, wk]);
                    }
                }
            }
        }
    }
}

/// One placement of the men (see [`Layout::men_blocks`]).
#[derive(Clone, Copy, Debug)]
pub struct MenBlock {
    pub side: usize,
    pub men: [Bits; 2],
    /// The colex ranks of `men`.
    pub ranks: [u64; 2],
    pub first: u64,
}

/// How far the men have come: the ranks Black's men have climbed plus
/// those White's have descended. A forward or diagonally forward step
/// raises it by one, and nothing lowers it, so a table is solved from
/// its highest progress down (zamma.md "Men": no step backward).
pub fn progress(men: [Bits; 2]) -> u32 {
    let up: usize = Points(men[0]).map(rank_of).sum();
    let down: usize = Points(men[1]).map(|p| 8 - rank_of(p)).sum();
    (up + down) as u32
}

/// The colex rank of a set of points (the lowest point is element 1).
fn rank(set: Bits) -> u64 {
    Points(set)
        .enumerate()
        .map(|(i, c)| BINOM[c as usize][i + 1])
        .sum()
}

/// The set of `k` points with colex rank `r`.
fn unrank(mut r: u64, k: usize) -> Bits {
    let mut set = 0;
    for i in (1..=k).rev() {
        let mut c = i - 1;
        while c < POINTS && BINOM[c + 1][i] <= r {
            c += 1;
        }
        r -= BINOM[c][i];
        set |= bit(c as u8);
    }
    set
}

/// The mirror image (files a..i reversed) of a set of points.
pub fn mirror(set: Bits) -> Bits {
    Points(set)
        .map(|p| bit(point(8 - file_of(p), rank_of(p))))
        .fold(0, |a, b| a | b)
}

/// The set turned upside down (ranks 1..9 reversed).
pub fn upside_down(set: Bits) -> Bits {
    Points(set)
        .map(|p| bit(point(file_of(p), 8 - rank_of(p))))
        .fold(0, |a, b| a | b)
}

/// The `k`-point subsets of a range of points, in colex order.
pub struct Subsets {
    next: Option<Bits>,
    first: u8,
    limit: Bits,
}

fn subsets((first, len): (u8, usize), k: usize) -> Subsets {
    let start: Bits = if k == 0 { 0 } else { (1u128 << k) - 1 };
    Subsets {
        next: (k <= len).then_some(start),
        first,
        limit: 1u128 << len,
    }
}

impl Iterator for Subsets {
    type Item = Bits;

    fn next(&mut self) -> Option<Bits> {
        let x = self.next?;
        self.next = if x == 0 {
            None
        } else {
            // The next set of as many bits, in increasing order (Gosper).
            let low = x.trailing_zeros();
            let r = x + (1u128 << low);
            let n = r | (((r ^ x) >> 2) >> low);
            (n < self.limit).then_some(n)
        };
        Some(x << self.first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_every_subset_once_in_order() {
        for (k, &count) in BINOM[12].iter().enumerate().take(4) {
            let all: Vec<Bits> = subsets((0, 12), k).collect();
            assert_eq!(all.len() as u64, count);
            for (i, &s) in all.iter().enumerate() {
                assert_eq!(rank(s), i as u64);
                assert_eq!(unrank(i as u64, k), s);
            }
        }
    }

    #[test]
    fn an_index_decodes_to_its_groups() {
        let m = Material {
            men: [1, 1],
            mullahs: [1, 1],
        };
        let layout = Layout::new(m);
        assert_eq!(layout.len, 2 * 72 * 72 * 81 * 81);
        let groups = [bit(10), bit(70), bit(80), bit(0)];
        let idx = layout.index(1, &groups);
        assert_eq!(layout.decode(idx), Some((1, groups)));
        let shared = [bit(10), bit(70), bit(10), bit(0)];
        assert_eq!(layout.decode(layout.index(0, &shared)), None);
    }

    #[test]
    fn the_stored_positions_are_one_per_mirror_pair() {
        let m = Material {
            men: [1, 0],
            mullahs: [0, 1],
        };
        let layout = Layout::new(m);
        let mut stored = 0u64;
        let mut symmetric = 0u64;
        layout.for_each_stored(|idx, side, g| {
            assert_eq!(layout.canonical(side, g), idx);
            stored += 1;
            if g.map(mirror) == *g {
                symmetric += 1;
            }
        });
        // Positions: 2 sides × 72 man points × 80 Mullah points; the
        // symmetric ones (both on file e) are their own mirror.
        let all = 2 * 72 * 80;
        let on_e = 2 * 8 * 8;
        assert_eq!(symmetric, on_e);
        assert_eq!(stored, (all - on_e) / 2 + on_e);
    }

    #[test]
    fn signatures_come_after_their_successors() {
        let all = Material::up_to(4);
        for (i, m) in all.iter().enumerate() {
            assert!(m.canonical());
            for earlier in &all[i + 1..] {
                assert!(
                    (earlier.pieces(), earlier.men_total()) >= (m.pieces(), m.men_total()),
                    "{m:?} {earlier:?}"
                );
            }
        }
        // 2 pieces: K-K, K-m, m-K, m-m less the swaps: K-K, K-m, m-m, and
        // m-K is K-m's swap only if it is not canonical.
        assert!(all.iter().any(|m| m.name() == "K-K"));
        assert!(all.iter().all(|m| m.name() != "m-K"));
    }
}
