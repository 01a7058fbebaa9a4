//! The clock is shared over each game's real length (issue 22): Zamma,
//! Kubeia and Petteia spent 58-130 % of the base by ply 60 at 10 s + 0.1 s. This test
//! plays the time manager's plan for the first 30 moves of a side (ply 60)
//! at 10 + 0.1 from the start, each move using its soft limit and the
//! pieces all kept (captures would only lower the estimate; the real use,
//! `agon match --time-report`, is measured by hand), and asserts the plan
//! stays within 50 % of the base: searches overrun their share (MCTS in
//! Kubeia by about a quarter, measured), and the target is 60 %.

use agon::game::{Game, GameOptions, Notation, Playable, SearchHints, Status};
use agon::games::petteia::{Kubeia, Petteia};
use agon::games::zamma::Zamma;
use agon::search::time::TimeManager;
use agon::search::{Clock, Limits, SearchConfig};
use std::time::Duration;

/// The share of a 10 s + 0.1 s base the plan spends on `moves` moves of
/// the player to move at `pos`.
fn planned_share(pos: &impl SearchHints, mover: u8, moves: u32) -> f64 {
    let base = Duration::from_secs(10);
    let inc = Duration::from_millis(100);
    let config = SearchConfig::default();
    let mut left = base;
    let mut used = Duration::ZERO;
    for _ in 0..moves {
        let mut clocks = vec![None, None];
        clocks[usize::from(mover)] = Some(Clock { time: left, inc });
        let limits = Limits {
            clocks,
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, &config, mover, pos.moves_left());
        let spent = tm.soft_limit().expect("a clock gives a soft limit");
        used += spent;
        left = left.saturating_sub(spent) + inc;
    }
    used.as_secs_f64() / base.as_secs_f64()
}

fn mover<G: Playable>(pos: &G) -> u8 {
    match pos.status() {
        Status::Decision(p) => p,
        s => panic!("{}: not a decision node: {s:?}", G::NAME),
    }
}

fn assert_within_half<G: Playable>(pos: G) {
    let share = planned_share(&pos, mover(&pos), 30);
    assert!(
        share <= 0.50,
        "{}: the plan spends {:.1} % of the base by ply 60",
        G::NAME,
        100.0 * share
    );
}

#[test]
fn zamma_keeps_most_of_its_base_past_ply_60() {
    let start = Zamma::new(&GameOptions::defaults(Zamma::option_specs())).expect("start");
    assert_within_half(start);
}

#[test]
fn kubeia_keeps_most_of_its_base_past_ply_60() {
    let mut pos = Kubeia::new(&GameOptions::defaults(Kubeia::option_specs())).expect("start");
    let roll = pos.parse_move("r65").expect("a roll");
    pos.play(roll);
    assert_within_half(pos);
}

#[test]
fn petteia_keeps_most_of_its_base_past_ply_60() {
    let start = Petteia::new(&GameOptions::defaults(Petteia::option_specs())).expect("start");
    assert_within_half(start);
}
