//! The transposition table, shared lock-free by all search threads.
//!
//! Each entry is two `AtomicU64`: the data word and `key ^ data` (the
//! lockless scheme of Crafty and Stockfish). A torn write — the two words
//! from different stores — fails the key check on probe and reads as a
//! miss, so no lock is needed. Entries are grouped four to a 64-byte
//! cluster (one cache line); replacement prefers the same key, then the
//! entry with the least depth, counting entries from older searches as
//! shallower.
//!
//! The best move is stored in the 16 bits the game packs it into
//! ([`SearchHints::pack_move`]: by default its index in the generation
//! order), so the table is game-neutral; the searcher unpacks it and plays
//! it only if it is one of the position's legal moves (a key collision can
//! yield any value).
//!
//! [`SearchHints::pack_move`]: crate::game::SearchHints::pack_move

use super::score::{from_tt, to_tt, Value};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtBound {
    /// The true value is at most the score (all moves failed low).
    Upper,
    /// The true value is at least the score (a move failed high).
    Lower,
    Exact,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The best move as the game packed it, if one is known.
    pub mv: Option<u16>,
    /// Score at the probing ply (mate scores already re-adjusted).
    pub score: Value,
    pub depth: u8,
    pub bound: TtBound,
}

const NO_MOVE: u64 = 0xFFFF;

/// A move index as the tables store it (expectiminimax's, and alpha-beta's
/// through the default [`SearchHints::pack_move`]): 16 bits, so the rare
/// move beyond them (a Zamma position with more moves than that) is
/// stored as none.
///
/// [`SearchHints::pack_move`]: crate::game::SearchHints::pack_move
pub fn storable_index(i: usize) -> Option<u16> {
    u16::try_from(i).ok().filter(|&i| u64::from(i) != NO_MOVE)
}
const ENTRIES: usize = 4;
const AGE_BITS: u32 = 6;
pub(crate) const AGE_MASK: u64 = (1 << AGE_BITS) - 1;
/// Clusters per parallel task when a table is zeroed (4 MiB).
const CLEAR_CHUNK: usize = 1 << 16;

/// One cache line. Alpha-beta reads it as [`ENTRIES`] entries of two
/// words; expectiminimax as two entries of four (see
/// [`crate::search::expectimax::tt`]): one table, whichever search runs.
#[derive(Default)]
#[repr(align(64))]
pub(crate) struct Cluster {
    pub(crate) words: [AtomicU64; 8],
}

/// The shared table.
pub struct Tt {
    clusters: Vec<Cluster>,
    age: AtomicU8,
    /// Given back by [`Tt::release`] and not searched with since: empty,
    /// so [`Tt::clear`] has nothing to write (writing would make every
    /// page resident again).
    released: AtomicBool,
}

// data word: move 0..16 | score 16..32 | depth 32..40 | bound 40..42 | age 42..48
fn pack(mv: u64, score: Value, depth: u8, bound: TtBound, age: u64) -> u64 {
    let b = match bound {
        TtBound::Upper => 1u64,
        TtBound::Lower => 2,
        TtBound::Exact => 3,
    };
    mv | (u64::from(score as i16 as u16) << 16)
        | (u64::from(depth) << 32)
        | (b << 40)
        | ((age & AGE_MASK) << 42)
}

fn depth_of(data: u64) -> u8 {
    (data >> 32) as u8
}

fn age_of(data: u64) -> u64 {
    (data >> 42) & AGE_MASK
}

fn bound_bits(data: u64) -> u64 {
    (data >> 40) & 3
}

/// Why a table could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocError {
    pub mb: usize,
    pub reason: String,
}

impl std::fmt::Display for AllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot allocate a {} MiB hash table: {}",
            self.mb, self.reason
        )
    }
}

/// Memory the kernel can give without swapping (`MemAvailable` of
/// /proc/meminfo), in bytes; `None` where it cannot be read. Linux
/// overcommits: an allocation far beyond this succeeds and the process is
/// killed when the pages are touched, so the size is checked first.
fn available_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

impl Tt {
    /// A table of about `mb` mebibytes (at least one cluster), for tests
    /// and tools with a small, fixed size. Panics if the memory cannot be
    /// had; an engine uses [`Tt::try_new`].
    pub fn new(mb: usize) -> Tt {
        match Tt::try_new(mb, None) {
            Ok(tt) => tt,
            Err(e) => panic!("{e}"),
        }
    }

    /// A table of about `mb` mebibytes, every page written once (zeroed in
    /// parallel on `pool`, or on rayon's global pool) so that the first
    /// search pays no page faults. Fails, allocating nothing, if `mb` is
    /// more than the memory available or the allocator refuses.
    pub fn try_new(mb: usize, pool: Option<&rayon::ThreadPool>) -> Result<Tt, AllocError> {
        let mb = mb.max(1);
        let fail = |reason: String| AllocError { mb, reason };
        let bytes = mb
            .checked_mul(1 << 20)
            .ok_or_else(|| fail("too large for this machine".into()))?;
        if let Some(avail) = available_bytes() {
            if bytes as u64 > avail {
                return Err(fail(format!(
                    "only {} MiB of memory is available",
                    avail >> 20
                )));
            }
        }
        let n = (bytes / std::mem::size_of::<Cluster>()).max(1);
        let mut clusters: Vec<Cluster> = Vec::new();
        clusters
            .try_reserve_exact(n)
            .map_err(|e| fail(e.to_string()))?;
        let fill = |spare: &mut [std::mem::MaybeUninit<Cluster>]| {
            use rayon::prelude::*;
            spare.par_chunks_mut(CLEAR_CHUNK).for_each(|chunk| {
                for c in chunk {
                    c.write(Cluster::default());
                }
            });
        };
        let spare = &mut clusters.spare_capacity_mut()[..n];
        match pool {
            Some(pool) => pool.install(|| fill(spare)),
            None => fill(spare),
        }
        // SAFETY: the capacity is at least `n` (reserved above) and the
        // first `n` elements were all initialised by `fill`.
        unsafe { clusters.set_len(n) };
        Ok(Tt {
            clusters,
            age: AtomicU8::new(0),
            released: AtomicBool::new(false),
        })
    }

    /// Size in mebibytes (as created).
    pub fn mb(&self) -> usize {
        (self.clusters.len() * std::mem::size_of::<Cluster>()) >> 20
    }

    /// Forgets every entry (a new game), in parallel on `pool` (or on
    /// rayon's global pool).
    pub fn clear(&self, pool: Option<&rayon::ThreadPool>) {
        if self.released.load(Ordering::Relaxed) {
            self.age.store(0, Ordering::Relaxed);
            return;
        }
        let wipe = || {
            use rayon::prelude::*;
            self.clusters.par_chunks(CLEAR_CHUNK).for_each(|chunk| {
                for c in chunk {
                    for w in &c.words {
                        w.store(0, Ordering::Relaxed);
                    }
                }
            });
        };
        match pool {
            Some(pool) => pool.install(wipe),
            None => wipe(),
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become cheaper to
    /// replace.
    pub fn new_search(&self) {
        self.released.store(false, Ordering::Relaxed);
        let a = self.age.load(Ordering::Relaxed);
        self.age.store((a + 1) & AGE_MASK as u8, Ordering::Relaxed);
    }

    /// Empties the table and gives its memory back to the system, for a
    /// search that does not use it (MCTS, whose trees then have all of
    /// `Hash`): a page is made again, zeroed (an empty entry), when a later
    /// search writes to it. Linux only; elsewhere the table stays as it is.
    pub fn release(&self) {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: sysconf has no preconditions.
            let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) })
                .ok()
                .filter(|&p| p > 0)
                .unwrap_or(4096);
            let start = self.clusters.as_ptr() as usize;
            let end = start + std::mem::size_of_val(self.clusters.as_slice());
            // Whole pages within the table only: the allocator's own
            // bytes beside it are left alone, and the clusters on the
            // pages at the ends are emptied by hand (64-byte clusters
            // never straddle a page).
            let lo = start.next_multiple_of(page);
            let hi = end / page * page;
            let size = std::mem::size_of::<Cluster>();
            let n = self.clusters.len();
            let (head, tail) = if hi > lo {
                ((lo - start) / size, (hi - start) / size)
            } else {
                (n, n)
            };
            for c in self.clusters[..head.min(n)]
                .iter()
                .chain(&self.clusters[tail.min(n)..])
            {
                for w in &c.words {
                    w.store(0, Ordering::Relaxed);
                }
            }
            if hi > lo {
                // SAFETY: [lo, hi) lies within the table's allocation,
                // which is private anonymous memory (the allocator's); its
                // atomics may change under shared references, and
                // MADV_DONTNEED makes them read as zero, as `clear` would
                // write them. No search uses the table meanwhile: the one
                // calling this is the searcher's only search.
                let done =
                    unsafe { libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_DONTNEED) };
                if done == 0 {
                    self.released.store(true, Ordering::Relaxed);
                }
            }
        }
    }

    pub(crate) fn age(&self) -> u64 {
        u64::from(self.age.load(Ordering::Relaxed))
    }

    /// The first clusters, for a `hashfull` sample.
    pub(crate) fn sample(&self) -> &[Cluster] {
        &self.clusters[..self.clusters.len().min(250)]
    }

    pub(crate) fn cluster(&self, key: u64) -> &Cluster {
        // Multiply-shift maps the key onto any table length uniformly.
        let i = ((u128::from(key) * self.clusters.len() as u128) >> 64) as usize;
        &self.clusters[i]
    }

    /// The entry for `key`, with its score adjusted to `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        for w in self.cluster(key).words.chunks_exact(2) {
            let data = w[1].load(Ordering::Relaxed);
            let check = w[0].load(Ordering::Relaxed);
            if check ^ data == key && bound_bits(data) != 0 {
                let mv = data & 0xFFFF;
                let bound = match bound_bits(data) {
                    1 => TtBound::Upper,
                    2 => TtBound::Lower,
                    _ => TtBound::Exact,
                };
                return Some(TtEntry {
                    mv: (mv != NO_MOVE).then_some(mv as u16),
                    score: from_tt(Value::from((data >> 16) as u16 as i16), ply),
                    depth: depth_of(data),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a search result for `key` found at `ply`, with the best
    /// move as the game packed it (a packed `0xFFFF` is kept as none).
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Option<u16>,
        score: Value,
        depth: u8,
        bound: TtBound,
    ) {
        let age = self.age();
        let cluster = self.cluster(key);
        let mv = mv.map_or(NO_MOVE, u64::from);
        for w in cluster.words.chunks_exact(2) {
            let data = w[1].load(Ordering::Relaxed);
            if bound_bits(data) != 0 && w[0].load(Ordering::Relaxed) ^ data == key {
                // Same position: keep a clearly deeper bound of this search.
                if age_of(data) == age && bound != TtBound::Exact && depth_of(data) > depth + 2 {
                    return;
                }
                let mv = if mv == NO_MOVE { data & 0xFFFF } else { mv };
                return write(w, key, pack(mv, to_tt(score, ply), depth, bound, age));
            }
        }
        let mut victim = &cluster.words[..2];
        let mut victim_worth = i32::MAX;
        for w in cluster.words.chunks_exact(2) {
            let data = w[1].load(Ordering::Relaxed);
            if bound_bits(data) == 0 {
                victim = w;
                break;
            }
            let stale = ((age + AGE_MASK + 1 - age_of(data)) & AGE_MASK) as i32;
            let worth = i32::from(depth_of(data)) - 4 * stale;
            if worth < victim_worth {
                victim_worth = worth;
                victim = w;
            }
        }
        write(victim, key, pack(mv, to_tt(score, ply), depth, bound, age));
    }

    /// Entries written by the current search, per mille of a sample.
    pub fn hashfull(&self) -> u32 {
        let age = self.age();
        let sample = self.sample();
        let mut used = 0;
        for c in sample {
            for w in c.words.chunks_exact(2) {
                let data = w[1].load(Ordering::Relaxed);
                if bound_bits(data) != 0 && age_of(data) == age {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample.len() * ENTRIES).max(1)) as u32
    }
}

/// Writes a packed entry for `key` into a slot (key xor data, then data:
/// a torn write fails the key check instead of returning a wrong entry).
fn write(words: &[AtomicU64], key: u64, data: u64) {
    words[1].store(data, Ordering::Relaxed);
    words[0].store(key ^ data, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::mate_score;

    #[test]
    #[cfg(target_os = "linux")]
    fn a_released_table_is_empty_and_takes_entries_again() {
        let tt = Tt::new(2);
        let keys: Vec<u64> = (1..=2000u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            tt.store(k, 0, Some(1), 5, 3, TtBound::Exact);
        }
        assert!(keys.iter().any(|&k| tt.probe(k, 0).is_some()));
        tt.release();
        assert!(keys.iter().all(|&k| tt.probe(k, 0).is_none()));
        tt.new_search();
        tt.store(keys[0], 0, Some(2), 7, 4, TtBound::Lower);
        assert_eq!(tt.probe(keys[0], 0).map(|e| e.depth), Some(4));
        tt.clear(None);
        assert!(tt.probe(keys[0], 0).is_none());
    }

    #[test]
    fn a_table_beyond_memory_is_an_error_not_an_abort() {
        // About a pebibyte: more than any machine this runs on.
        let e = Tt::try_new(1 << 30, None).err().expect("refused");
        assert_eq!(e.mb, 1 << 30);
        assert!(Tt::try_new(usize::MAX, None).is_err());
        let tt = Tt::try_new(3, None).expect("3 MiB");
        assert_eq!(tt.mb(), 3);
    }

    #[test]
    fn store_probe_round_trip() {
        let tt = Tt::new(1);
        let key = 0x1234_5678_9ABC_DEF0;
        assert_eq!(tt.probe(key, 0), None);
        tt.store(key, 3, Some(17), -250, 6, TtBound::Lower);
        let e = tt.probe(key, 3).expect("stored entry is found");
        assert_eq!(e.mv, Some(17));
        assert_eq!(e.score, -250);
        assert_eq!(e.depth, 6);
        assert_eq!(e.bound, TtBound::Lower);
        assert_eq!(tt.probe(key ^ 1, 3), None);
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = Tt::new(1);
        // Found at ply 4: the win is 7 - 4 = 3 plies below this node.
        tt.store(99, 4, None, mate_score(true, 7), 5, TtBound::Exact);
        let e = tt.probe(99, 1).expect("entry");
        assert_eq!(e.score, mate_score(true, 4));
        assert_eq!(e.mv, None);
        tt.store(100, 4, Some(0), mate_score(false, 10), 5, TtBound::Upper);
        assert_eq!(
            tt.probe(100, 6).map(|e| e.score),
            Some(mate_score(false, 12))
        );
    }

    #[test]
    fn a_move_less_store_keeps_the_known_move() {
        let tt = Tt::new(1);
        tt.store(5, 0, Some(3), 10, 4, TtBound::Lower);
        tt.store(5, 0, None, -10, 5, TtBound::Upper);
        let e = tt.probe(5, 0).expect("entry");
        assert_eq!((e.mv, e.score, e.depth), (Some(3), -10, 5));
    }

    #[test]
    fn hashfull_counts_current_entries_and_clear_empties() {
        let tt = Tt::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..200_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                0,
                None,
                0,
                1,
                TtBound::Exact,
            );
        }
        assert!(tt.hashfull() > 500, "hashfull {}", tt.hashfull());
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        tt.clear(None);
        assert_eq!(tt.probe(0x9E37_79B9_7F4A_7C15, 0), None);
    }
}
