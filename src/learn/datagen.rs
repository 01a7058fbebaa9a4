//! Training data from self-play (`agon datagen`): agon plays itself at a
//! fixed node or depth budget from varied openings, and every decision
//! position after the opening goes to a [data file](crate::nnue::data) with the
//! search's score and the game's result.
//!
//! Game `g` of a run is a function of `(seed, g)` alone: its random
//! opening, its chance outcomes and its searches (one thread each, node
//! or depth limited, a fresh table per game). So a run's file is the same
//! whatever `--concurrency`, and shards and a resumed run write exactly
//! the games a single uninterrupted run would. Games are written whole and
//! in index order, so a killed run leaves a file of the first games and at
//! most one cut game, which the resume cuts off ([`read_games`]).
//!
//! A position is recorded at decision nodes only: in Kubeia after the
//! roll, seen from the player who moves with it. Its score is the
//! search's, in centi-units from the mover's view, a proven win or loss
//! clamped to ±[`SCORE_CLAMP`]; its result is the game's for that player.
//! A game that reaches the ply limit counts as a draw (the games'
//! adjudications by material would teach the net a material rule it can
//! already see).

use std::collections::{BTreeMap, HashSet};
use std::fs::OpenOptions;
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use crate::arena::{random_opening, EndReason, EngineSpec, Lineup};
use crate::game::eval::to_cp;
use crate::game::files::read_regular;
use crate::game::{Evaluator, GameError, Outcome, Playable, Player, Status};
use crate::nnue::data::{game_bytes, read_games, DataHeader, Sample, MAX_DATA_BYTES};
use crate::nnue::inputs::NetInput;
use crate::search::ScoreReport;

/// The largest score written, in centi-units: a proven win or loss, or a
/// score past it, is written as this (a net's output saturates there
/// anyway, and a mate distance is no evaluation).
pub const SCORE_CLAMP: i32 = 3000;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Games of the whole set (all shards), indices `0..games`.
    pub games: u32,
    /// This run's share: game `g` when `g % n == i` (`--shard i+1/n`).
    pub shard: (u32, u32),
    pub seed: u64,
    /// Uniformly random plies before the engines play: `min..=max`.
    pub opening_plies: (u32, u32),
    /// Plies after the opening at which a game stops as a draw.
    pub max_plies: u32,
    /// The engine of both sides (its limits: nodes or depth; one thread).
    pub engine: EngineSpec,
    /// The engine settings as the user gave them besides the limit
    /// (`--engine`), recorded in the file with the rest of the run.
    pub settings: String,
    /// Games played at once.
    pub concurrency: usize,
}

impl Plan {
    /// The game indices of this run's shard, in order.
    pub fn indices(&self) -> Vec<u32> {
        let (i, n) = (self.shard.0, self.shard.1.max(1));
        (0..self.games).filter(|g| g % n == i).collect()
    }
}

/// One self-play game: its positions and the first player's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    pub index: u32,
    pub samples: Vec<Sample>,
    /// Player 0's result: 0 loss, 1 draw, 2 win.
    pub first: u8,
}

/// What a run tells its caller as it goes (the command line prints it).
#[derive(Clone, Debug)]
pub enum Event {
    /// The file already held these games (a resumed run); `cut`: bytes
    /// of a game cut by the kill, dropped.
    Resumed {
        games: usize,
        positions: u64,
        cut: usize,
    },
    /// `to_play` games of the shard's `mine` are left to play.
    Started { to_play: usize, mine: usize },
    /// A game was written: `positions` in it.
    Written { index: u32, positions: usize },
}

/// The file at the end of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games and positions in the file.
    pub games: usize,
    pub positions: u64,
    /// Of them, played by this run.
    pub played: usize,
    pub played_positions: u64,
    /// Results of the first player over the file's games: wins, draws,
    /// losses (a game without positions has none).
    pub wdl: [usize; 3],
}

/// The seeded generator of game `index`: its opening, then its chance
/// seed, from `(seed, index)` alone.
fn game_rng(seed: u64, index: u32) -> Pcg64 {
    // splitmix64's finaliser, so that neighbouring seeds and indices give
    // unrelated streams.
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    Pcg64::seed_from_u64(mix(
        seed ^ mix(u64::from(index).wrapping_add(0x9e37_79b9_7f4a_7c15))
    ))
}

/// The score written for a search's `score` (from the mover's view).
pub fn clamped_cp(score: ScoreReport) -> i16 {
    let cp = match score {
        ScoreReport::Cp(v) | ScoreReport::Exact { cp: v, .. } => v,
        ScoreReport::Mate(n) if n > 0 => SCORE_CLAMP,
        ScoreReport::Mate(_) => -SCORE_CLAMP,
    };
    cp.clamp(-SCORE_CLAMP, SCORE_CLAMP) as i16
}

/// A result for `player` as the data file writes it: 0 loss, 1 draw, 2
/// win (a two-player game's payoff doubled).
fn result_for(outcome: Outcome, player: Player, players: usize) -> u8 {
    (outcome.payoff(player, players) * 2.0).round() as u8
}

/// Plays game `index` of `plan` from `start` on `lineup` (the plan's
/// engine in every seat, kept from game to game) and records it.
pub fn play_one<G: NetInput + Playable>(
    lineup: &mut Lineup,
    start: &G,
    plan: &Plan,
    index: u32,
) -> Result<PlayedGame, GameError> {
    let mut rng = game_rng(plan.seed, index);
    let (lo, hi) = plan.opening_plies;
    let plies = if hi > lo { rng.gen_range(lo..=hi) } else { lo };
    let opening = random_opening(start, plies, &mut rng);
    let game = lineup.play(&opening, plan.max_plies, rng.gen());
    let outcome = match game.reason {
        EndReason::Rules | EndReason::Repetition => game.outcome,
        EndReason::PlyLimit | EndReason::ScoreDraw | EndReason::Agreed => Outcome::Draw,
        EndReason::Unfinished => {
            return Err(GameError::new(format!("game {index}: not over")));
        }
        EndReason::Forfeit(p, _) | EndReason::Resign(p) => {
            return Err(GameError::new(format!(
                "game {index}: the engine of player {p} failed ({:?}: {})",
                game.reason, game.detail
            )));
        }
    };
    let evaluator = G::Evaluator::default();
    let players = opening.num_players();
    let mut pos = opening;
    let mut positions = Vec::new();
    for (i, text) in game.moves.iter().enumerate() {
        if let Status::Decision(p) = pos.status() {
            // A search without a score (none finished) gives the static
            // evaluation, which is what depth 0 would have said.
            let score = match game.notes.get(i).and_then(|n| n.as_ref()?.score) {
                Some(s) => clamped_cp(s),
                None => clamped_cp(ScoreReport::Cp(to_cp(
                    evaluator.evaluate_for(&pos, p),
                    evaluator.cp_unit(),
                ))),
            };
            positions.push((pos.clone(), score));
        }
        let m = pos
            .parse_move(text)
            .map_err(|e| GameError::new(format!("game {index}: move '{text}': {e}")))?;
        pos.play(m);
    }
    let samples = positions
        .iter()
        .map(|(p, score)| {
            let side = p.net_side();
            Sample::of(p, *score, result_for(outcome, side as Player, players))
        })
        .collect();
    Ok(PlayedGame {
        index,
        samples,
        first: result_for(outcome, 0, players),
    })
}

/// The run a file's games come from, as its header records it: every
/// argument that decides a game's positions (the variant `options`, the
/// seed, the engine and its limit, the openings, the ply limit) and the
/// shard, which decides the games. `--games` is left out: a run may be
/// extended to more games of the same set.
pub fn run_record(options: &str, plan: &Plan) -> Vec<(String, String)> {
    let limits = &plan.engine.limits;
    let limit = match (limits.depth, limits.nodes) {
        (Some(d), _) => format!("depth={d}"),
        (None, Some(n)) => format!("nodes={n}"),
        (None, None) => "none".to_string(),
    };
    let net = plan
        .engine
        .config
        .eval_file
        .as_ref()
        .map_or_else(|| "none".to_string(), |n| n.label());
    let (lo, hi) = plan.opening_plies;
    [
        ("options", options.to_string()),
        ("seed", plan.seed.to_string()),
        ("limit", limit),
        ("engine", plan.settings.clone()),
        ("evalfile net", net),
        ("shard", format!("{}/{}", plan.shard.0 + 1, plan.shard.1)),
        ("random plies", format!("{lo}-{hi}")),
        ("max plies", plan.max_plies.to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// What differs between the run recorded in a file (`there`) and this
/// one (`here`), one `key: 'a' in the file, 'b' here` per entry; empty
/// when they agree.
fn run_differences(there: &[(String, String)], here: &[(String, String)]) -> Vec<String> {
    let value = |run: &[(String, String)], key: &str| {
        run.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    };
    let mut keys: Vec<&str> = here.iter().map(|(k, _)| k.as_str()).collect();
    keys.extend(
        there
            .iter()
            .map(|(k, _)| k.as_str())
            .filter(|k| here.iter().all(|(h, _)| h != k)),
    );
    keys.into_iter()
        .filter_map(|key| {
            let (a, b) = (value(there, key), value(here, key));
            let shown =
                |v: Option<String>| v.map_or_else(|| "none".to_string(), |v| format!("'{v}'"));
            (a != b).then(|| format!("{key}: {} in the file, {} here", shown(a), shown(b)))
        })
        .collect()
}

/// Player 0's result in a game read back: from any of its positions.
fn first_result(samples: &[Sample]) -> Option<u8> {
    samples
        .first()
        .map(|s| if s.side == 0 { s.result } else { 2 - s.result })
}

/// Why `G` cannot be generated for, if it cannot: the networks cover
/// two-player positions that [`NetInput::net_applies`] accepts.
pub fn refuse<G: NetInput + Playable>(start: &G) -> Option<String> {
    (!start.net_applies() || start.num_players() != 2).then(|| {
        format!(
            "the networks do not cover {} with these options (two players only, no princess)",
            G::NAME
        )
    })
}

/// Generates `plan`'s games from `start` into the file `path`, resuming
/// it when it holds games of the same run already (its header records
/// the run: [`run_record`]); `events` hears of progress. The error is one
/// line; a file that is not a data file of this run, or not a regular
/// file, is left as it was.
pub fn generate<G: NetInput + Playable>(
    start: &G,
    plan: &Plan,
    path: &str,
    events: &(dyn Fn(&Event) + Sync),
) -> Result<Summary, GameError> {
    if let Some(why) = refuse(start) {
        return Err(GameError::new(why));
    }
    let mut header = DataHeader::of::<G>();
    header.run = run_record(&start.options().to_string(), plan);
    let header_bytes = header.to_bytes();
    let mine = plan.indices();
    let mut summary = Summary::default();
    let mut done = HashSet::new();
    // Only a regular file is read, and within a bound: a FIFO would block
    // the open, a device (`/dev/full`) give bytes without end.
    let existing = match read_regular(std::path::Path::new(path), MAX_DATA_BYTES) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(GameError::file("cannot read", path, &e)),
    };
    // An empty file, or one cut inside its header, is a run killed before
    // its first game: started again.
    let keep = match existing {
        Some(bytes) if !header_bytes.starts_with(&bytes) => {
            let file = read_games(&bytes).map_err(|e| GameError::new(format!("{path}: {e}")))?;
            let shape = |h: &DataHeader| (h.game.clone(), h.slots, h.kinds);
            if shape(&file.header) != shape(&header) {
                return Err(GameError::new(format!(
                    "{path}: a data file of {} ({} cells, {} kinds), not of {} ({} cells, {} kinds)",
                    file.header.game,
                    file.header.slots,
                    file.header.kinds,
                    header.game,
                    header.slots,
                    header.kinds
                )));
            }
            // Games of another run (other arguments) must not be mixed in.
            if file.header.run.is_empty() {
                return Err(GameError::new(format!(
                    "{path}: a data file without the record of its run (an older agon's), so it cannot be checked against this run; give another --out"
                )));
            }
            let differences = run_differences(&file.header.run, &header.run);
            if !differences.is_empty() {
                return Err(GameError::new(format!(
                    "{path}: holds the games of another run ({}); give the same arguments or another --out",
                    differences.join("; ")
                )));
            }
            let wanted: HashSet<u32> = mine.iter().copied().collect();
            for (index, samples) in &file.games {
                if !wanted.contains(index) || !done.insert(*index) {
                    return Err(GameError::new(format!(
                        "{path}: holds game {index}, which is not one of this run's (--games, --shard) or twice"
                    )));
                }
                summary.games += 1;
                summary.positions += samples.len() as u64;
                if let Some(r) = first_result(samples) {
                    summary.wdl[usize::from(2 - r)] += 1;
                }
            }
            events(&Event::Resumed {
                games: summary.games,
                positions: summary.positions,
                cut: bytes.len() - file.complete_len,
            });
            Some(file.complete_len as u64)
        }
        _ => None,
    };
    let mut out = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(keep.is_none())
        .open(path)
        .map_err(|e| GameError::file("cannot write", path, &e))?;
    let written = |e: std::io::Error| GameError::file("cannot write", path, &e);
    match keep {
        Some(len) => {
            out.set_len(len).map_err(written)?;
            out.sync_data().map_err(written)?;
            drop(out);
            out = OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(written)?;
        }
        None => out.write_all(&header_bytes).map_err(written)?,
    }
    let todo: Vec<u32> = mine.into_iter().filter(|g| !done.contains(g)).collect();
    events(&Event::Started {
        to_play: todo.len(),
        mine: summary.games + todo.len(),
    });
    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, Result<PlayedGame, GameError>)>();
    let workers = plan.concurrency.clamp(1, todo.len().max(1));
    std::thread::scope(|scope| -> Result<(), GameError> {
        for _ in 0..workers {
            let send = send.clone();
            let (todo, next, abort) = (&todo, &next, &abort);
            scope.spawn(move || {
                let mut lineup = match Lineup::new(start, &[&plan.engine, &plan.engine]) {
                    Ok(l) => l,
                    Err(e) => {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let _ = send.send((k, Err(e)));
                        return;
                    }
                };
                while !abort.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = todo.get(k) else { break };
                    let game = play_one(&mut lineup, start, plan, index);
                    if send.send((k, game)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Games finished out of order wait here for those before them.
        let mut waiting = BTreeMap::new();
        let mut at = 0;
        let result = (|| {
            for (k, game) in receive.iter() {
                waiting.insert(k, game?);
                while let Some(game) = waiting.remove(&at) {
                    out.write_all(&game_bytes(game.index, &game.samples))
                        .map_err(written)?;
                    summary.games += 1;
                    summary.played += 1;
                    summary.positions += game.samples.len() as u64;
                    summary.played_positions += game.samples.len() as u64;
                    if !game.samples.is_empty() {
                        summary.wdl[usize::from(2 - game.first)] += 1;
                    }
                    events(&Event::Written {
                        index: game.index,
                        positions: game.samples.len(),
                    });
                    at += 1;
                }
            }
            Ok(())
        })();
        if result.is_err() {
            abort.store(true, Ordering::Relaxed);
        }
        result
    })?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions};
    use crate::games::zamma::Zamma;

    fn plan(games: u32) -> Plan {
        Plan {
            games,
            shard: (0, 1),
            seed: 5,
            opening_plies: (2, 6),
            max_plies: 200,
            engine: EngineSpec::parse("depth=1,threads=1,hash=1").expect("a valid spec"),
            settings: String::new(),
            concurrency: 1,
        }
    }

    #[test]
    fn shards_split_the_indices() {
        let mut p = plan(10);
        p.shard = (1, 3);
        assert_eq!(p.indices(), vec![1, 4, 7]);
        p.shard = (0, 1);
        assert_eq!(p.indices(), (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn scores_are_clamped() {
        assert_eq!(clamped_cp(ScoreReport::Cp(123)), 123);
        assert_eq!(clamped_cp(ScoreReport::Cp(-9000)), -3000);
        assert_eq!(clamped_cp(ScoreReport::Mate(3)), 3000);
        assert_eq!(clamped_cp(ScoreReport::Mate(-1)), -3000);
    }

    #[test]
    fn a_game_is_a_function_of_seed_and_index() {
        let start =
            Zamma::new(&GameOptions::defaults(Zamma::option_specs())).expect("zamma starts");
        let p = plan(3);
        let lineup = || Lineup::new(&start, &[&p.engine, &p.engine]).expect("engines start");
        let a = play_one(&mut lineup(), &start, &p, 2).expect("plays");
        // The same game on a lineup kept from an earlier game: its engines
        // start each game afresh, so it does not matter what they played.
        let mut kept = lineup();
        let c = play_one(&mut kept, &start, &p, 1).expect("plays");
        let b = play_one(&mut kept, &start, &p, 2).expect("plays");
        assert_eq!(a, b);
        assert!(!a.samples.is_empty());
        assert_ne!(a.samples, c.samples);
        // Each position's result agrees with the first player's.
        for s in &a.samples {
            let first = if s.side == 0 { s.result } else { 2 - s.result };
            assert_eq!(first, a.first);
        }
    }
}
