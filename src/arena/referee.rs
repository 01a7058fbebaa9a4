//! Playing one game and a whole match between two engine configurations.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::{EngineSpec, MatchStats};
use crate::game::{chance, Game, Outcome, Player, Status};
use crate::search::Searcher;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The rules ended it (a win, or a draw by the rules).
    Rules,
    /// The game's repetition limit was reached: a draw.
    Repetition,
    /// The match's ply limit was reached; the game adjudicated it.
    PlyLimit,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub outcome: Outcome,
    pub reason: EndReason,
    pub plies: u32,
    /// The position the engines started from (after the random opening).
    pub first_position: String,
    /// Every move and chance outcome from there, in notation.
    pub moves: Vec<String>,
    /// The position string at the end (for Petteia it names the rule
    /// that ended the game).
    pub last_position: String,
}

/// How a match is run.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Number of games (rounded up to an even number: colour-swapped pairs).
    pub games: u32,
    /// Random opening plies before the engines take over: `min..=max`.
    pub opening_plies: (u32, u32),
    /// Ply limit after which the game adjudicates.
    pub max_plies: u32,
    /// Games played at once (each engine search single-threaded or as set).
    pub concurrency: usize,
    pub seed: u64,
}

/// Plays one game from `start`; `engines[p]` plays player `p`. Chance
/// outcomes come from a generator seeded with `chance_seed`.
pub fn play_game<G: Game>(
    start: &G,
    engines: [&EngineSpec; 2],
    max_plies: u32,
    chance_seed: u64,
) -> GameResult {
    let mut rng = Pcg64::seed_from_u64(chance_seed);
    let mut pos = start.clone();
    let mut history: Vec<u64> = Vec::new();
    let mut moves_text = Vec::new();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let stop = AtomicBool::new(false);
    // One table per side: the engines must not share what they learn.
    let searchers = engines.map(|e| Searcher::new(e.config.hash_mb));
    let mut plies = 0u32;
    loop {
        let status = pos.status();
        if let Status::Over(outcome) = status {
            return finish(outcome, EndReason::Rules, plies, moves_text, start, &pos);
        }
        if let Some(limit) = pos.repetition_limit() {
            let seen = history.iter().filter(|&&h| h == pos.hash()).count() as u32 + 1;
            if seen >= limit {
                return finish(
                    Outcome::Draw,
                    EndReason::Repetition,
                    plies,
                    moves_text,
                    start,
                    &pos,
                );
            }
        }
        if plies >= max_plies {
            return finish(
                pos.adjudicate(),
                EndReason::PlyLimit,
                plies,
                moves_text,
                start,
                &pos,
            );
        }
        let m = match status {
            Status::Chance => {
                pos.outcomes(&mut outcomes);
                draw_outcome(&outcomes, &mut rng)
            }
            Status::Decision(p) => {
                pos.moves(&mut legal);
                let side = usize::from(p).min(1);
                let engine = engines[side];
                let result = searchers[side].think(
                    &pos,
                    &history,
                    &[],
                    &engine.limits,
                    &engine.config,
                    &stop,
                    &|_| {},
                );
                match result
                    .best
                    .filter(|m| legal.contains(m))
                    .or(legal.first().copied())
                {
                    Some(m) => m,
                    // A decision node without moves is a rules bug; end the
                    // game rather than loop.
                    None => {
                        return finish(
                            Outcome::Draw,
                            EndReason::Rules,
                            plies,
                            moves_text,
                            start,
                            &pos,
                        )
                    }
                }
            }
            Status::Over(_) => unreachable!("handled above"),
        };
        moves_text.push(pos.move_text(m));
        history.push(pos.hash());
        pos.play(m);
        plies += 1;
    }
}

fn finish<G: Game>(
    outcome: Outcome,
    reason: EndReason,
    plies: u32,
    moves: Vec<String>,
    start: &G,
    pos: &G,
) -> GameResult {
    GameResult {
        outcome,
        reason,
        plies,
        first_position: start.position(),
        moves,
        last_position: pos.position(),
    }
}

/// The referee's chance draw: every chance node a game reaches has
/// outcomes (a rules invariant, checked by the perft and property tests).
fn draw_outcome<M: Copy>(outcomes: &[(M, f64)], rng: &mut Pcg64) -> M {
    chance::draw_outcome(outcomes, rng).expect("a chance node has outcomes")
}

/// A random opening: `plies` uniformly random moves (chance outcomes drawn
/// by probability), redrawn if the game ends inside it.
pub fn random_opening<G: Game>(start: &G, plies: u32, rng: &mut Pcg64) -> G {
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    for _attempt in 0..100 {
        let mut pos = start.clone();
        let mut ok = true;
        for _ in 0..plies {
            match pos.status() {
                Status::Over(_) => {
                    ok = false;
                    break;
                }
                Status::Chance => {
                    pos.outcomes(&mut outcomes);
                    let m = draw_outcome(&outcomes, rng);
                    pos.play(m);
                }
                Status::Decision(_) => {
                    pos.moves(&mut moves);
                    if moves.is_empty() {
                        ok = false;
                        break;
                    }
                    let m = moves[rng.gen_range(0..moves.len())];
                    pos.play(m);
                }
            }
        }
        if ok && !pos.status().is_over() {
            return pos;
        }
    }
    start.clone()
}

/// Plays a match of `a` against `b` from `start`: pairs of games from the
/// same random opening and the same chance seed, colours swapped.
/// `progress` is called after each game with the running statistics.
pub fn run_match<G: Game>(
    start: &G,
    a: &EngineSpec,
    b: &EngineSpec,
    spec: &MatchSpec,
    progress: &(dyn Fn(u32, &GameResult, bool, &MatchStats) + Sync),
) -> MatchStats {
    let pairs = spec.games.div_ceil(2);
    let mut seeder = Pcg64::seed_from_u64(spec.seed);
    let jobs: Vec<(G, u64)> = (0..pairs)
        .map(|_| {
            let (lo, hi) = spec.opening_plies;
            let n = if hi > lo {
                seeder.gen_range(lo..=hi)
            } else {
                lo
            };
            (random_opening(start, n, &mut seeder), seeder.gen())
        })
        .collect();
    let next = AtomicUsize::new(0);
    let stats = Mutex::new(MatchStats::default());
    let workers = spec.concurrency.max(1);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let job = next.fetch_add(1, Ordering::Relaxed);
                if job >= 2 * jobs.len() {
                    break;
                }
                let (opening, chance_seed) = &jobs[job / 2];
                let a_first = job.is_multiple_of(2);
                // Who moves first after the opening decides which slot a takes.
                let a_player: Player = if a_first { 0 } else { 1 };
                let engines = if a_first { [a, b] } else { [b, a] };
                let result = play_game(opening, engines, spec.max_plies, *chance_seed);
                let mut s = match stats.lock() {
                    Ok(s) => s,
                    Err(poisoned) => poisoned.into_inner(),
                };
                match result.outcome {
                    Outcome::Win(p) if p == a_player => s.wins += 1,
                    Outcome::Win(_) => s.losses += 1,
                    Outcome::Draw | Outcome::Ranked(_) => s.draws += 1,
                }
                match result.reason {
                    EndReason::PlyLimit => s.adjudicated += 1,
                    EndReason::Repetition => s.repetitions += 1,
                    EndReason::Rules => {}
                }
                progress(job as u32 + 1, &result, a_first, &s);
            });
        }
    });
    match stats.into_inner() {
        Ok(s) => s,
        Err(poisoned) => poisoned.into_inner(),
    }
}
