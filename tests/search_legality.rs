//! Perft and search never disagree on legality (issue 3, acceptance):
//! searches at depths 1 to 4, with one and two threads, on random Abalone
//! positions (seeded random playouts from three layouts, with and without
//! the princess, and positions of the MiGs games); every move of every
//! reported principal variation must be among the texts of `moves()` at
//! its node when played in sequence from the root, and so must the best
//! move.

use agon::game::Notation;
use std::sync::Mutex;

use crate::common::engine::think;
use agon::game::{Game, GameOptions};
use agon::games::abalone::{record, Abalone};
use agon::search::{Algorithm, Limits, Report, Request, SearchConfig, Signal};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

const MIGS: &str = include_str!("../positions/abalone-migs-2016-2017.apgn");

/// Positions reached by seeded random playouts of 0..80 plies.
fn playout_positions() -> Vec<Abalone> {
    let starts = [
        "layout=standard",
        "layout=belgian",
        "layout=german",
        "layout=belgian princess=on",
    ];
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for (i, options) in starts.iter().enumerate() {
        let opts = GameOptions::parse(options, Abalone::option_specs()).unwrap();
        for seed in 0..10u64 {
            let mut rng = Pcg64::seed_from_u64(1000 * i as u64 + seed);
            let mut pos = Abalone::new(&opts).unwrap();
            for _ in 0..rng.gen_range(0..80) {
                pos.moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.gen_range(0..moves.len())]);
            }
            if !pos.status().is_over() {
                out.push(pos);
            }
        }
    }
    out
}

/// One position from each of a spread of MiGs games, at a seeded ply.
fn migs_positions() -> Vec<Abalone> {
    let records = record::parse(MIGS).unwrap();
    let mut rng = Pcg64::seed_from_u64(7);
    records
        .iter()
        .step_by(records.len() / 20)
        .filter_map(|r| {
            let (moves, _) = r.replay().ok()?;
            let mut pos = r.start().ok()?;
            for &m in &moves[..rng.gen_range(0..moves.len())] {
                pos.play(m);
            }
            (!pos.status().is_over()).then_some(pos)
        })
        .collect()
}

/// Plays `line` from `root`, each text checked against the legal moves.
fn check_line(root: &Abalone, line: &[String]) -> Result<(), String> {
    let mut pos = *root;
    let mut moves = Vec::new();
    for (i, text) in line.iter().enumerate() {
        pos.moves(&mut moves);
        let Some(&m) = moves.iter().find(|&&m| pos.move_text(m) == *text) else {
            return Err(format!(
                "move {} '{text}' is not legal in {}",
                i + 1,
                pos.position()
            ));
        };
        let parsed = pos
            .parse_move(text)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        if parsed != m {
            return Err(format!("move {} '{text}' parses to another move", i + 1));
        }
        pos.play(m);
    }
    Ok(())
}

/// The checker itself: a line built from `moves()` passes; a move of the
/// side not to move, or a move repeated from the wrong side, fails.
#[test]
fn line_checker_accepts_legal_and_rejects_illegal_lines() {
    let opts = GameOptions::parse("layout=standard", Abalone::option_specs()).unwrap();
    let start = Abalone::new(&opts).unwrap();
    let mut pos = start;
    let mut line = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..6 {
        pos.moves(&mut moves);
        let m = moves[moves.len() / 2];
        line.push(pos.move_text(m));
        pos.play(m);
    }
    assert_eq!(check_line(&start, &line), Ok(()));
    // abalone.md: Black moves first; i5h5 is a White marble's step.
    assert!(check_line(&start, &["i5h5".to_string()]).is_err());
    let twice = vec![line[0].clone(), line[0].clone()];
    assert!(check_line(&start, &twice).is_err());
}

#[test]
fn every_pv_move_is_legal() {
    let mut positions = playout_positions();
    positions.extend(migs_positions());
    assert!(positions.len() >= 30, "only {} positions", positions.len());
    let stop = Signal::new();
    let mut lines = 0;
    for pos in &positions {
        for threads in [1, 2] {
            let config = SearchConfig {
                algorithm: Algorithm::AlphaBeta,
                threads,
                hash_mb: 16,
                ..Default::default()
            };
            for depth in 1..=4 {
                let pvs = Mutex::new(Vec::new());
                let report = |r: &Report| {
                    if let Report::Pv(info) = r {
                        pvs.lock().unwrap().push(info.pv.clone());
                    }
                };
                let result = think(
                    &Request::new(pos, &Limits::depth(depth), &config),
                    &stop,
                    &report,
                );
                let context = format!("{} threads={threads} depth={depth}", pos.position());
                let best = result
                    .best
                    .unwrap_or_else(|| panic!("{context}: no best move"));
                check_line(pos, &[pos.move_text(best)])
                    .unwrap_or_else(|e| panic!("{context}: best move: {e}"));
                let pvs = pvs.into_inner().unwrap();
                assert!(!pvs.is_empty(), "{context}: no PV reported");
                for pv in &pvs {
                    assert!(!pv.is_empty(), "{context}: empty PV");
                    check_line(pos, pv).unwrap_or_else(|e| panic!("{context}: PV {pv:?}: {e}"));
                }
                lines += pvs.len();
            }
        }
    }
    println!("{} positions, {lines} PV lines checked", positions.len());
}
