//! What the server computes itself for its page, with agon's library
//! rather than through an engine: a rollout of the shown position
//! ([`crate::analysis::rollout`]) and the luck of a game's throws
//! ([`crate::analysis::game_luck`]). The protocol has no command for
//! either, and both are the library's own numbers (`agon analyse
//! --rollout`, `agon analyse --record`).
//!
//! Each job runs on a thread of its own, off the session's loop (a
//! rollout takes seconds to minutes, and the first Palma position builds
//! the exact tables), at most one of each kind per page: a new request
//! stops the one before. A job tells the page through a bounded channel
//! that the session drains, so a page that does not read holds its job
//! instead of the server's memory growing; a session that ends stops its
//! jobs, and their count ([`super::limits::MAX_JOBS`]) is given back only
//! once their threads have ended.
//!
//! To the page: `rollout <state> <done> <total>` and per move, best first,
//! `<move> <mean> <stderr>` (the mover's win probability and its standard
//! error), after every batch of games but the last (`running`) and once
//! at the end (`done`, or `stopped` with the rows of the last whole batch);
//! `luck <result> <throw>…`, `<result>` each player's payoff (`1,0`) when
//! the moves end the game, else `-`, and per throw `<ply>:<player>:<luck>,…`
//! (the player who decides after it, from 1, and every player's luck).
//! An error is one line, `error rollout: …` or `error luck: …`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;

use super::bridge::{max_threads, Shown};
use super::limits::{JobGuard, Limits, MAX_JOBS};
use super::GuiError;
use crate::analysis::game_luck;
use crate::analysis::rollout::{rollout_watched, RolloutConfig, RolloutRow};
use crate::engine::session::play_text;
use crate::game::{Evaluated, GameError, GameOptions, Playable};
use crate::games::GameKind;
use crate::protocol::parser::PositionSpec;

/// Most games a move a page's rollout plays (`agon analyse --rollout`
/// takes more): the samples kept are 16 bytes a game and move.
pub const MAX_ROLLOUT_GAMES: usize = 10_000;

/// Games a move between two reports to the page: each report stands on
/// the same games for every move.
const BATCH: usize = 36;

/// The seed of a page's rollouts (`agon analyse --rollout`'s default).
const SEED: u64 = 1;

/// A page's jobs: its rollout and the luck of its review.
#[derive(Default)]
pub struct Jobs {
    rollout: Option<Job>,
    luck: Option<Job>,
}

impl Jobs {
    /// Starts a rollout of `shown`, `games` games a move, stopping the
    /// page's rollout before.
    pub fn rollout(
        &mut self,
        games: usize,
        shown: Shown,
        limits: &Arc<Limits>,
    ) -> Result<(), GuiError> {
        self.rollout = None;
        self.rollout = Some(Job::start(limits, move |stop, out| {
            rollout_job(games, &shown, stop, out)
        })?);
        Ok(())
    }

    /// Stops the rollout; it says `rollout stopped …` with its rows.
    pub fn stop_rollout(&self) {
        if let Some(job) = &self.rollout {
            job.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Starts the luck of `shown`'s throws, stopping the one before.
    pub fn luck(&mut self, shown: Shown, limits: &Arc<Limits>) -> Result<(), GuiError> {
        self.luck = None;
        self.luck = Some(Job::start(limits, move |stop, out| {
            let text = luck_text(&shown, stop)
                .unwrap_or_else(|e| format!("error luck: {}", line(&e.to_string())));
            let _ = out.send(text);
        })?);
        Ok(())
    }

    /// Hands the jobs' waiting messages to `send` (false: the page is
    /// gone) and drops the jobs that ended; false once `send` fails.
    pub fn forward(&mut self, mut send: impl FnMut(String) -> bool) -> bool {
        for slot in [&mut self.rollout, &mut self.luck] {
            let Some(job) = slot else { continue };
            // At most a few, so that requests are read between.
            for _ in 0..4 {
                match job.rx.as_ref().map(Receiver::try_recv) {
                    Some(Ok(text)) => {
                        if !send(text) {
                            return false;
                        }
                    }
                    Some(Err(TryRecvError::Empty)) => break,
                    Some(Err(TryRecvError::Disconnected)) | None => {
                        *slot = None;
                        break;
                    }
                }
            }
        }
        true
    }
}

/// A job's thread, the flag that stops it and its messages.
struct Job {
    stop: Arc<AtomicBool>,
    rx: Option<Receiver<String>>,
    thread: Option<JoinHandle<()>>,
    /// Given back only after the thread has ended (fields drop after
    /// [`Drop::drop`]).
    _count: JobGuard,
}

impl Job {
    fn start(
        limits: &Arc<Limits>,
        work: impl FnOnce(&AtomicBool, &SyncSender<String>) + Send + 'static,
    ) -> Result<Job, GuiError> {
        let count = limits.job().ok_or_else(|| {
            format!("{MAX_JOBS} rollouts and reviews run on this server (all pages); try again when one ends")
        })?;
        let stop = Arc::new(AtomicBool::new(false));
        // Two messages: the job runs a batch ahead of the page at most.
        let (tx, rx) = sync_channel(2);
        let flag = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("agon gui job".into())
            .spawn(move || work(&flag, &tx))
            .map_err(|e| format!("cannot start a thread: {e}"))?;
        Ok(Job {
            stop,
            rx: Some(rx),
            thread: Some(thread),
            _count: count,
        })
    }
}

impl Drop for Job {
    /// Stopped and waited for: the receiver goes first, so a job blocked
    /// on a message to the page wakes up to a closed channel.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.rx = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The first line of `text`, at most a few hundred characters.
fn line(text: &str) -> String {
    text.lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(300)
        .collect()
}

/// The game of `shown` (its kind for the options) and its options, checked.
// pub (with `position` and `luck_text`): the fuzz target `gui_frames`
// reads the page's positions without a session.
pub fn game_of(shown: &Shown) -> Result<(GameOptions, GameKind), GameError> {
    let kind = GameKind::from_name(&shown.game)?;
    let options = GameOptions::parse(&shown.options, kind.option_specs())?;
    let kind = kind.for_options(&options);
    Ok((options, kind))
}

/// The start of `spec` (the game's own, or its position string).
fn start<G: Playable>(options: &GameOptions, spec: &PositionSpec) -> Result<G, GameError> {
    match &spec.fen {
        None => G::new(options),
        Some(text) => G::from_position(text, options),
    }
}

/// The position `spec` shows: its start and every move, each checked
/// legal before it is played.
pub fn position<G: Playable>(options: &GameOptions, spec: &PositionSpec) -> Result<G, GameError> {
    let mut pos: G = start(options, spec)?;
    let mut buf = Vec::new();
    for (i, text) in spec.moves.iter().enumerate() {
        play_text(&mut pos, text, &mut buf)
            .map_err(|e| GameError::new(format!("move {} '{text}': {e}", i + 1)))?;
    }
    Ok(pos)
}

/// `rollout <state> <done> <total> <move> <mean> <stderr>…`.
fn rollout_text(state: &str, done: usize, total: usize, rows: &[RolloutRow]) -> String {
    let mut text = format!("rollout {state} {done} {total}");
    for r in rows {
        text.push_str(&format!(" {} {:.6} {:.6}", r.text, r.mean, r.stderr));
    }
    text
}

/// A rollout's thread: its reports, then its end or its error.
fn rollout_job(games: usize, shown: &Shown, stop: &AtomicBool, out: &SyncSender<String>) {
    let seen = |done: usize, rows: &[RolloutRow]| {
        // The last batch's report is the end's.
        if done == games {
            return;
        }
        // The page is gone: nobody waits for the rest.
        if out
            .send(rollout_text("running", done, games, rows))
            .is_err()
        {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let last = match rollout_of(games, shown, stop, seen) {
        Ok((done, rows)) => {
            let state = if done == games { "done" } else { "stopped" };
            rollout_text(state, done, games, &rows)
        }
        Err(e) => format!("error rollout: {}", line(&e.to_string())),
    };
    let _ = out.send(last);
}

/// [`rollout_watched`] of the position `shown`, on every core.
fn rollout_of(
    games: usize,
    shown: &Shown,
    stop: &AtomicBool,
    seen: impl FnMut(usize, &[RolloutRow]),
) -> Result<(usize, Vec<RolloutRow>), GameError> {
    let (options, kind) = game_of(shown)?;
    let config = RolloutConfig {
        games,
        truncate: None,
        seed: SEED,
        threads: max_threads() as usize,
        ply: 1,
    };
    crate::with_game!(kind, G => {
        let pos: G = position(&options, &shown.position)?;
        rollout_watched(&pos, &config, G::tablebase(), (BATCH, stop), seen)
    })
}

/// `luck <result> <ply>:<player>:<luck>,…`, or the error.
pub fn luck_text(shown: &Shown, stop: &AtomicBool) -> Result<String, GameError> {
    let (options, kind) = game_of(shown)?;
    let luck = crate::with_game!(kind, G => {
        let pos: G = start(&options, &shown.position)?;
        game_luck(&pos, &shown.position.moves, || stop.load(Ordering::Relaxed))?
    });
    let numbers = |xs: &[f64]| xs.iter().map(f64::to_string).collect::<Vec<_>>().join(",");
    let mut text = format!(
        "luck {}",
        luck.result.as_deref().map_or("-".to_string(), numbers)
    );
    for (ply, player, each) in &luck.throws {
        text.push_str(&format!(" {ply}:{}:{}", player + 1, numbers(each)));
    }
    Ok(text)
}
