//! Two teams of two searched as two sides: TriRace with `players=4
//! teams=on` (p1 and p3 against p2 and p4, src/testgames/trirace.rs), whose
//! exhaustive solver says how each position ends for the mover's team.
//! Alpha-beta (the table, two Lazy SMP threads) and expectiminimax, deep
//! enough to see the end, report exactly that result and play a move that
//! keeps it; `auto`, `alphabeta` and `expectimax` no longer fall back to
//! max^n for two teams.

use std::sync::Mutex;

use crate::common::engine::think;
use agon::game::walk::random_position;
use agon::game::{Game, Notation, Status};
use agon::search::{Algorithm, Limits, Report, Request, ScoreReport, SearchConfig, Signal};
use agon::testgames::trirace::{team_best_moves, team_solve, TriRace};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::cmp::Ordering;

/// 2-v-2 variants the solver finishes from any position; the ply limit
/// makes draws (equal counter sums) possible.
const VARIANTS: [(&str, u32); 3] = [
    ("players=4 teams=on goal=3 limit=10", 10),
    ("players=4 teams=on goal=4 limit=12", 12),
    ("players=4 teams=on goal=5 limit=8", 8),
];

/// The search's result and its `info string` lines.
fn search(
    pos: &TriRace,
    depth: u32,
    algorithm: Algorithm,
) -> (
    agon::search::SearchResult<<TriRace as Game>::Move>,
    Vec<String>,
) {
    let config = SearchConfig {
        algorithm,
        hash_mb: 1,
        threads: 2,
        // The solver's values: a draw is worth 0 (no contempt).
        analyse_mode: true,
        ..SearchConfig::default()
    };
    let strings = Mutex::new(Vec::new());
    let report = |r: &Report| {
        if let Report::String(s) = r {
            strings.lock().unwrap().push(s.clone());
        }
    };
    let limits = Limits::depth(depth);
    let r = think(
        &Request::new(pos, &limits, &config),
        &Signal::new(),
        &report,
    );
    (r, strings.into_inner().unwrap())
}

/// The result a score claims for the mover's team.
fn claimed(score: ScoreReport) -> Option<Ordering> {
    match score {
        ScoreReport::Mate(n) if n > 0 => Some(Ordering::Greater),
        ScoreReport::Mate(_) => Some(Ordering::Less),
        ScoreReport::Cp(0) => Some(Ordering::Equal),
        _ => None,
    }
}

#[test]
fn two_teams_are_searched_to_the_solvers_result() {
    let mut rng = Pcg64::seed_from_u64(23);
    let mut seen = [0usize; 3];
    for i in 0..180 {
        let (variant, limit) = VARIANTS[i % VARIANTS.len()];
        let Some(pos) = random_position(&TriRace::with(variant), rng.gen_range(0..8), &mut rng)
        else {
            continue;
        };
        let Status::Decision(_) = pos.status() else {
            continue;
        };
        let algorithm = [Algorithm::AlphaBeta, Algorithm::Expectimax, Algorithm::Auto][i % 3];
        let what = format!("{variant} at {} ({algorithm:?})", pos.position());
        let (r, strings) = search(&pos, limit - pos.ply, algorithm);
        let solved = team_solve(&pos);
        seen[(solved as i8 + 1) as usize] += 1;
        assert_eq!(claimed(r.score), Some(solved), "{what}: {:?}", r.score);
        let best = r.best.unwrap_or_else(|| panic!("{what}: no move"));
        assert!(team_best_moves(&pos).contains(&best), "{what}: {best:?}");
        // Two sides, no fallback to max^n.
        assert!(
            strings.iter().all(|s| !s.contains("max^n")),
            "{what}: {strings:?}"
        );
    }
    // Wins, draws and losses for the mover's team all came up.
    assert!(
        seen.iter().all(|&n| n >= 5),
        "losses, draws, wins: {seen:?}"
    );
}
