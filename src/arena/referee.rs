//! Playing one game between engines in seats, and a whole match.
//!
//! The referee trusts no engine: it checks every move against the rules,
//! keeps the clocks (the time from `go` to `bestmove`), throws the sticks
//! and rolls the dice itself from its seed, and adjudicates the rules'
//! endings, the game's repetition limit and the ply limit. An engine that
//! crashes, hangs, answers late, plays an illegal move or breaks the
//! protocol loses the game.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::adjudication::ScoreRule;
use super::control::TimeControl;
use super::entrant::{Entrant, MoveRequest, Pondered, Runner};
use super::fault::{Failure, Fault};
use super::record::MoveNote;
use super::seating::Seating;
use super::sprt::Sprt;
use super::stats::Counter;
use super::{EngineSpec, MatchStats};
use crate::game::{chance, decider_after, GameError, Outcome, Playable, Player, Status};
use crate::search::{Clock, ScoreReport};

/// The ply up to which the time each engine used is reported (issue 12:
/// "no more than 60% of the base time spent by ply 60" in Abalone).
pub const REPORT_PLY: u32 = 60;

/// How long the referee waits past an engine's time and margin before it
/// calls the engine hung rather than late.
pub const HANG_GRACE: Duration = Duration::from_secs(1);

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The rules ended it (a win, or a draw by the rules).
    Rules,
    /// The game's repetition limit was reached: a draw.
    Repetition,
    /// The match's ply limit was reached; the game adjudicated it (by its
    /// own rules, the reason in the result's detail).
    PlyLimit,
    /// The player's engine lost by a fault.
    Forfeit(Player, Fault),
    /// Both engines' scores agreed the player was lost (`--resign`).
    Resign(Player),
    /// Both engines' scores were level long enough (`--draw`).
    ScoreDraw,
    /// The players agreed a draw (a person's offer on the page).
    Agreed,
    /// Not over: a record of a game that was still going on (the page
    /// exports one), with `*` for its result and no outcome to count.
    Unfinished,
}

/// The time one player's engine used in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeUse {
    /// Moves it made and the time they took.
    pub moves: u32,
    pub used: Duration,
    /// The time of the moves made before ply [`REPORT_PLY`].
    pub used_early: Duration,
    /// The base time of its clock, if it had one.
    pub base: Option<Duration>,
    /// With a clock or move time: the least time it had left after a move
    /// (its time for the move minus what it used; negative when late), ms.
    pub least_left_ms: Option<i64>,
    /// Moves asked while it pondered, and of those the ones it pondered
    /// on (`ponderhit`; the others were `stop`).
    pub pondered: u32,
    pub ponder_hits: u32,
}

impl TimeUse {
    /// The share of the base time spent before ply [`REPORT_PLY`].
    pub fn early_share(&self) -> Option<f64> {
        self.base
            .map(|b| self.used_early.as_secs_f64() / b.as_secs_f64().max(1e-9))
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub outcome: Outcome,
    pub reason: EndReason,
    /// What the referee saw when an engine forfeited, or why the game
    /// adjudicated a game at the ply limit as it did (empty otherwise).
    pub detail: String,
    pub plies: u32,
    /// The position the engines started from (after the random opening).
    pub first_position: String,
    /// Every move and chance outcome from there, in notation.
    pub moves: Vec<String>,
    /// Per ply: what the mover's engine said about its move (`None` for a
    /// chance outcome).
    pub notes: Vec<Option<MoveNote>>,
    /// The position string at the end (for Petteia it names the rule
    /// that ended the game).
    pub last_position: String,
    /// The entrant that played each player (by index in the match).
    pub seats: Vec<usize>,
    /// Each player's time.
    pub times: Vec<TimeUse>,
}

/// What the referee enforces in every game.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Ply limit after which the game adjudicates.
    pub max_plies: u32,
    /// Time an engine may use beyond its clock or move time.
    pub margin: Duration,
    /// Score-based adjudication (two players).
    pub resign: Option<ScoreRule>,
    pub draw: Option<ScoreRule>,
}

/// Plays one game from `start`; `seats[p]` plays player `p` under
/// `controls[p]`. Chance outcomes come from a generator seeded with
/// `chance_seed`, so two games with the same seed see the same throws in
/// the same order.
pub fn play<G: Playable>(
    start: &G,
    seats: &mut [&mut Runner],
    controls: &[TimeControl],
    rules: &Rules,
    chance_seed: u64,
) -> GameResult {
    let result = play_to_the_end(start, seats, controls, rules, chance_seed);
    // An engine still pondering on a move that never came.
    for seat in seats.iter_mut() {
        seat.end_ponder();
    }
    result
}

fn play_to_the_end<G: Playable>(
    start: &G,
    seats: &mut [&mut Runner],
    controls: &[TimeControl],
    rules: &Rules,
    chance_seed: u64,
) -> GameResult {
    let n = seats.len();
    let mut game = GameSoFar {
        start: start.clone(),
        pos: start.clone(),
        history: Vec::new(),
        moves: Vec::new(),
        notes: Vec::new(),
        times: controls
            .iter()
            .map(|c| TimeUse {
                base: c.clock.map(|k| k.time),
                ..TimeUse::default()
            })
            .collect(),
    };
    for (p, seat) in seats.iter_mut().enumerate() {
        if let Err(failure) = seat.new_game(start) {
            return game.forfeit(p as Player, failure);
        }
    }
    let mut clocks: Vec<Option<Clock>> = controls.iter().map(|c| c.clock).collect();
    let mut rng = Pcg64::seed_from_u64(chance_seed);
    // Each player's reported scores, for the score adjudication.
    let mut scores: Vec<Vec<Option<ScoreReport>>> = vec![Vec::new(); n];
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    loop {
        let pos = &game.pos;
        let status = pos.status();
        if let Status::Over(outcome) = status {
            return game.end(outcome, EndReason::Rules);
        }
        if let Some(limit) = pos.repetition_limit() {
            let seen = game.history.iter().filter(|&&h| h == pos.hash()).count() as u32 + 1;
            if seen >= limit {
                return game.end(Outcome::Draw, EndReason::Repetition);
            }
        }
        if let Some(p) = rules.resign.and_then(|r| r.resigns(&scores)) {
            let loser = p as Player;
            return game.end(Outcome::Win(1 - loser), EndReason::Resign(loser));
        }
        if rules
            .draw
            .is_some_and(|r| r.draws(&scores, game.moves.len()))
        {
            return game.end(Outcome::Draw, EndReason::ScoreDraw);
        }
        if game.moves.len() as u32 >= rules.max_plies {
            // The rules judge with the game's exact tables, whatever the
            // engines' `ExactTables`: the verdict is the referee's.
            let verdict = pos.adjudicate(G::tablebase());
            let mut result = game.end(verdict.outcome, EndReason::PlyLimit);
            result.detail = verdict.reason;
            return result;
        }
        // The seat that ponders after this move, and the reply it expects.
        let (m, note, pondering) = match status {
            Status::Chance => {
                pos.outcomes(&mut outcomes);
                let m =
                    chance::draw_outcome(&outcomes, &mut rng).expect("a chance node has outcomes");
                (m, None, None)
            }
            Status::Decision(p) => {
                let mover = usize::from(p);
                let control = &controls[mover];
                let budget = control.budget(clocks[mover].map(|c| c.time));
                let request = MoveRequest {
                    start: &game.start,
                    moves: &game.moves,
                    pos,
                    history: &game.history,
                    clocks: &clocks,
                    control,
                    wait: budget + rules.margin + HANG_GRACE,
                };
                let answered = seats[mover].think(&request);
                let checked = answered.and_then(|answer| {
                    let time = &mut game.times[mover];
                    time.moves += 1;
                    time.used += answer.used;
                    time.pondered += u32::from(answer.pondered != Pondered::No);
                    time.ponder_hits += u32::from(answer.pondered == Pondered::Hit);
                    if pos.ply() < REPORT_PLY {
                        time.used_early += answer.used;
                    }
                    if control.is_timed() {
                        let left = budget.as_millis() as i64 - answer.used.as_millis() as i64;
                        time.least_left_ms = Some(time.least_left_ms.map_or(left, |l| l.min(left)));
                    }
                    if answer.used > budget + rules.margin {
                        return Err(Failure::new(
                            Fault::Time,
                            format!(
                                "answered after {} ms, allowed {} ms + margin {} ms",
                                answer.used.as_millis(),
                                budget.as_millis(),
                                rules.margin.as_millis()
                            ),
                        ));
                    }
                    pos.moves(&mut legal);
                    match pos.parse_move(&answer.word) {
                        Ok(m) if legal.contains(&m) => Ok((m, answer)),
                        _ => Err(Failure::new(
                            Fault::Illegal,
                            format!("'{}' in {}", answer.word, pos.position()),
                        )),
                    }
                });
                match checked {
                    Ok((m, answer)) => {
                        if let Some(clock) = &mut clocks[mover] {
                            clock.time = clock.time.saturating_sub(answer.used) + clock.inc;
                        }
                        scores[mover].push(answer.score);
                        let note = MoveNote {
                            score: answer.score,
                            depth: answer.depth,
                            ms: answer.used.as_millis() as u64,
                        };
                        let pondering = seats[mover].ponders().then_some((p, answer.ponder));
                        (m, Some(note), pondering)
                    }
                    Err(failure) => {
                        // An engine that answered late is alive and in step
                        // (cutechess-cli keeps it too); a restart would make
                        // it pay its start-up again in the next game.
                        if failure.fault != Fault::Time {
                            seats[mover].discard();
                        }
                        return game.forfeit(p, failure);
                    }
                }
            }
            Status::Over(_) => unreachable!("handled above"),
        };
        let text = game.pos.move_text(m);
        game.moves.push(text);
        game.notes.push(note);
        game.history.push(game.pos.hash());
        game.pos.play(m);
        if let Some((p, reply)) = pondering {
            let mover = usize::from(p);
            if let Err(failure) = ponder(&game, seats[mover], p, reply, &clocks, controls, rules) {
                seats[mover].discard();
                return game.forfeit(p, failure);
            }
        }
    }
}

/// Lets `mover`, who has just moved, think on its opponent's time: on the
/// position after the reply it expects, or, where a throw follows the
/// move and another player decides after it, on that chance node (a dice
/// game's pondering: the mean over every throw). Nothing where neither
/// applies (the game is over, the reply is not legal, the mover moves
/// again).
fn ponder<G: Playable>(
    game: &GameSoFar<G>,
    runner: &mut Runner,
    mover: Player,
    reply: Option<String>,
    clocks: &[Option<Clock>],
    controls: &[TimeControl],
    rules: &Rules,
) -> Result<(), Failure> {
    let (mut pos, mut moves, mut history) =
        (game.pos.clone(), game.moves.clone(), game.history.clone());
    match pos.status() {
        Status::Chance if decider_after(&pos).is_some_and(|d| d != mover) => {}
        Status::Decision(p) if p != mover => {
            let mut legal = Vec::new();
            pos.moves(&mut legal);
            let Some(r) = reply
                .and_then(|r| pos.parse_move(&r).ok())
                .filter(|r| legal.contains(r))
            else {
                return Ok(());
            };
            moves.push(pos.move_text(r));
            history.push(pos.hash());
            pos.play(r);
            if pos.status().is_over() {
                return Ok(());
            }
        }
        _ => return Ok(()),
    }
    let control = &controls[usize::from(mover)];
    let budget = control.budget(clocks[usize::from(mover)].map(|c| c.time));
    runner.ponder(&MoveRequest {
        start: &game.start,
        moves: &moves,
        pos: &pos,
        history: &history,
        clocks,
        control,
        wait: budget + rules.margin + HANG_GRACE,
    })
}

/// The game as the referee keeps it.
struct GameSoFar<G: Playable> {
    start: G,
    pos: G,
    history: Vec<u64>,
    moves: Vec<String>,
    notes: Vec<Option<MoveNote>>,
    times: Vec<TimeUse>,
}

impl<G: Playable> GameSoFar<G> {
    fn end(self, outcome: Outcome, reason: EndReason) -> GameResult {
        let n = self.times.len();
        GameResult {
            outcome,
            reason,
            detail: String::new(),
            plies: self.moves.len() as u32,
            first_position: self.start.position(),
            last_position: self.pos.position(),
            moves: self.moves,
            notes: self.notes,
            seats: (0..n).collect(),
            times: self.times,
        }
    }

    fn forfeit(self, loser: Player, failure: Failure) -> GameResult {
        let outcome = forfeit_outcome(&self.start, loser);
        let mut result = self.end(outcome, EndReason::Forfeit(loser, failure.fault));
        result.detail = failure.detail;
        result
    }
}

/// The outcome when `loser` forfeits: its team last, every other player
/// tied first (two players: the other wins; in a team game the
/// partner's engine did no wrong, but the team plays as one).
fn forfeit_outcome<G: Playable>(pos: &G, loser: Player) -> Outcome {
    let n = pos.num_players();
    let team = pos.team_of(loser);
    let ranks: Vec<u8> = (0..n)
        .map(|p| u8::from(pos.team_of(p as Player) == team))
        .collect();
    Outcome::ranked(&ranks)
}

/// Built-in engines seated for games in this process, with no clock and
/// nothing forfeited on time (the tuner's, datagen's and the tests'
/// referee): `engines[p]` plays player `p`, or, with fewer engines than
/// players, the first seating of a match round ([`Seating`]: two engines
/// in a 4-player game play team against team) with an engine of its own
/// in every seat. Each seat's engine ([`crate::engine::Core`]) is kept
/// from game to game, as a GUI keeps its engine; each game starts it
/// afresh (`new_game`), so a game's moves do not depend on the games
/// before it.
pub struct Lineup {
    runners: Vec<Runner>,
    controls: Vec<TimeControl>,
}

impl Lineup {
    /// The seats of a game like `start`; an error when an engine cannot
    /// start (a table too large for the machine).
    pub fn new<G: Playable>(start: &G, engines: &[&EngineSpec]) -> Result<Lineup, GameError> {
        if engines.is_empty() {
            return Err(GameError::new("a game needs at least one engine"));
        }
        let players = start.num_players();
        let seating = Seating::new(start, engines.len())
            .ok()
            .filter(|_| engines.len() != players)
            .map(|s| s.game(0).to_vec());
        let entrants: Vec<Entrant> = (0..players)
            .map(|p| {
                let e = seating.as_ref().map_or(p, |seats| seats[p]);
                Entrant::builtin(engines[e % engines.len()].clone())
            })
            .collect();
        let runners = entrants
            .iter()
            .map(|e| {
                Runner::start(e, G::NAME, "").map_err(|f| {
                    GameError::new(format!("engine {} cannot start: {}", e.name, f.detail))
                })
            })
            .collect::<Result<Vec<Runner>, GameError>>()?;
        let controls = entrants
            .iter()
            .map(|e| TimeControl {
                movetime: None,
                ..e.control
            })
            .collect();
        Ok(Lineup { runners, controls })
    }

    /// Plays one game from `start` (a position of the game the lineup was
    /// made for), adjudicated after `max_plies`.
    pub fn play<G: Playable>(&mut self, start: &G, max_plies: u32, chance_seed: u64) -> GameResult {
        let mut seats: Vec<&mut Runner> = self.runners.iter_mut().collect();
        let rules = Rules {
            max_plies,
            margin: Duration::from_secs(3600 * 24 * 365),
            resign: None,
            draw: None,
        };
        play(start, &mut seats, &self.controls, &rules, chance_seed)
    }
}

/// One game of `engines` from `start` on a [`Lineup`] of its own (a
/// caller that plays many games keeps one lineup for all of them).
pub fn play_game<G: Playable>(
    start: &G,
    engines: &[&EngineSpec],
    max_plies: u32,
    chance_seed: u64,
) -> Result<GameResult, GameError> {
    Ok(Lineup::new(start, engines)?.play(start, max_plies, chance_seed))
}

/// A random opening: `plies` uniformly random moves (chance outcomes drawn
/// by probability), redrawn if the game ends inside it.
pub fn random_opening<G: Playable>(start: &G, plies: u32, rng: &mut Pcg64) -> G {
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
                    let m =
                        chance::draw_outcome(&outcomes, rng).expect("a chance node has outcomes");
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

/// How a match is run.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Number of games (rounded up to whole rounds: one game per seating,
    /// [`Seating`]).
    pub games: u32,
    /// Random opening plies before the engines take over: `min..=max`.
    pub opening_plies: (u32, u32),
    /// Position strings to start the rounds from, in order and again from
    /// the first when there are more rounds; empty: random openings.
    pub openings: Vec<String>,
    /// Ply limit after which the game adjudicates.
    pub max_plies: u32,
    /// Games played at once (each with its own engine processes).
    pub concurrency: usize,
    pub seed: u64,
    /// Time an engine may use beyond its clock or move time.
    pub margin: Duration,
    /// Stop as soon as this test accepts a hypothesis (two entrants).
    pub sprt: Option<Sprt>,
    /// Play only this share of the rounds: `(i, n)` takes round `r`
    /// (from 0) when `r % n == i` (`--shard i+1/n`).
    pub shard: (u32, u32),
    /// Games already played (`--resume`), by game number from 1: counted,
    /// not played again.
    pub done: Vec<(u32, GameResult)>,
    /// Score-based adjudication (`--resign`, `--draw`).
    pub resign: Option<ScoreRule>,
    pub draw: Option<ScoreRule>,
}

impl MatchSpec {
    /// Whether game `number` (from 1, `round` games a round) is in this
    /// shard.
    pub fn in_shard(&self, number: u32, round: usize) -> bool {
        in_shard(self.shard, number, round)
    }
}

/// Whether game `number` (from 1, `round` games a round) is in shard
/// `(i, n)`: its round `r` (from 0) has `r % n == i`.
pub fn in_shard((i, n): (u32, u32), number: u32, round: usize) -> bool {
    ((number - 1) / round.max(1) as u32) % n.max(1) == i
}

/// Statistics of finished games given by number (from 1, `round` games a
/// round): every game counted, and the pairs whose two games are both
/// there.
pub fn stats_of(games: &[(u32, GameResult)], round: usize) -> MatchStats {
    let mut counter = Counter::default();
    for (number, result) in games {
        counter.add(*number, result, round);
    }
    counter.stats
}

/// Plays a match between `entrants` from `start`: rounds of games from
/// the same random opening and the same chance seed, one game per seating
/// of the round ([`Seating`]: for two engines in a two-player game a
/// colour-swapped pair with mirrored chance; with fewer engines than
/// players each engine plays whole teams, every seat with an engine
/// process of its own). Statistics count for the first entrant.
/// `progress` is called after each game with its number.
/// An external engine that cannot be started is an error before any game.
/// With an SPRT, no game is started once it has decided (games already
/// under way are finished and counted).
pub fn run_match<G: Playable>(
    start: &G,
    entrants: &[Entrant],
    spec: &MatchSpec,
    progress: &(dyn Fn(u32, &GameResult, &MatchStats) + Sync),
) -> Result<MatchStats, GameError> {
    let seating = Seating::new(start, entrants.len())?;
    if start.num_players() != 2 && (spec.resign.is_some() || spec.draw.is_some()) {
        return Err(GameError::new(
            "adjudication by the engines' scores (--resign, --draw) is for two-player games",
        ));
    }
    let round = seating.round();
    let rounds = spec.games.div_ceil(round as u32);
    let mut seeder = Pcg64::seed_from_u64(spec.seed);
    let given: Vec<G> = spec
        .openings
        .iter()
        .enumerate()
        .map(|(k, text)| {
            G::from_position(text, start.options())
                .map_err(|e| GameError::new(format!("opening {}: {e}", k + 1)))
        })
        .collect::<Result<_, _>>()?;
    let jobs: Vec<(G, u64)> = (0..rounds as usize)
        .map(|round| {
            let opening = if given.is_empty() {
                let (lo, hi) = spec.opening_plies;
                let n = if hi > lo {
                    seeder.gen_range(lo..=hi)
                } else {
                    lo
                };
                random_opening(start, n, &mut seeder)
            } else {
                given[round % given.len()].clone()
            };
            (opening, seeder.gen())
        })
        .collect();
    // Only the options off their defaults: an engine of another version
    // may not know a newer key (Abalone's `players`) even at its default,
    // and would reject a setup that names it.
    let options = start.options().differing(G::option_specs());
    // Game numbers from 1: those of this shard not played yet.
    let done: HashMap<usize, &GameResult> = spec
        .done
        .iter()
        .map(|(n, r)| (*n as usize - 1, r))
        .collect();
    let todo: Vec<usize> = (0..round * jobs.len())
        .filter(|&j| spec.in_shard(j as u32 + 1, round) && !done.contains_key(&j))
        .collect();
    let workers = spec.concurrency.max(1).min(todo.len()).max(1);
    // Per worker, per entrant: an engine for each player it plays in a game.
    let mut runners = Vec::new();
    for _ in 0..workers {
        let mut own: Vec<Vec<Runner>> = Vec::new();
        for (k, e) in entrants.iter().enumerate() {
            let started = (0..seating.seats_of(k))
                .map(|_| {
                    Runner::start(e, G::NAME, &options)
                        .map_err(|f| GameError::new(format!("engine '{}': {}", e.name, f.detail)))
                })
                .collect::<Result<_, _>>()?;
            own.push(started);
        }
        runners.push(own);
    }
    let rules = Rules {
        max_plies: spec.max_plies,
        margin: spec.margin,
        resign: spec.resign,
        draw: spec.draw,
    };
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    // The statistics, and the first entrant's points so far in each round
    // not yet finished.
    let mut counter = Counter::default();
    for (&job, &result) in &done {
        counter.add(job as u32 + 1, result, round);
    }
    let stats = Mutex::new(counter);
    std::thread::scope(|scope| {
        for mut own in runners {
            let (todo, jobs, next, stats, rules, decided, seating) =
                (&todo, &jobs, &next, &stats, &rules, &decided, &seating);
            scope.spawn(move || loop {
                if decided.load(Ordering::Relaxed) {
                    break;
                }
                let Some(&job) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                let (opening, chance_seed) = &jobs[job / round];
                let order = seating.game(job % round).to_vec();
                let controls: Vec<TimeControl> =
                    order.iter().map(|&e| entrants[e].control).collect();
                let mut free: Vec<std::slice::IterMut<Runner>> =
                    own.iter_mut().map(|r| r.iter_mut()).collect();
                let mut seated: Vec<&mut Runner> = order
                    .iter()
                    .map(|&e| free[e].next().expect("an engine for each seat"))
                    .collect();
                let mut result = play(opening, &mut seated, &controls, rules, *chance_seed);
                result.seats = order;
                let mut guard = match stats.lock() {
                    Ok(s) => s,
                    Err(poisoned) => poisoned.into_inner(),
                };
                let counter = &mut *guard;
                let pair_done = counter.add(job as u32 + 1, &result, round);
                if let (true, Some(sprt)) = (pair_done, &spec.sprt) {
                    if sprt.verdict(sprt.llr(&counter.stats.pairs)).is_some() {
                        decided.store(true, Ordering::Relaxed);
                    }
                }
                progress(job as u32 + 1, &result, &counter.stats);
            });
        }
    });
    Ok(match stats.into_inner() {
        Ok(c) => c.stats,
        Err(poisoned) => poisoned.into_inner().stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgames::TriRace;

    #[test]
    fn a_forfeit_puts_the_team_last_and_everyone_else_first() {
        let two = TriRace::with("players=2");
        assert_eq!(forfeit_outcome(&two, 0), Outcome::Win(1));
        let three = TriRace::with("players=3");
        let o = forfeit_outcome(&three, 1);
        assert_eq!((o.rank(0, 3), o.rank(1, 3), o.rank(2, 3)), (0, 1, 0));
        // 2 v 2: the partner of the player at fault loses with it.
        let teams = TriRace::with("players=4 teams=on");
        let o = forfeit_outcome(&teams, 2);
        assert!(o.is_win_for(1, 4) && o.is_win_for(3, 4));
        assert!(!o.is_win_for(0, 4) && !o.is_win_for(2, 4));
    }
}
