//! Abalone-specific properties over random playouts that prefer pushes (to
//! reach ejections and wins): Nacre move texts parse back, the side to move is the deciding player, and
//! nothing panics. The Game contract itself is `game_contract.rs`, checked
//! here on these playouts too.

use crate::game_contract::check_node;
use agon::game::Evaluator;
use agon::game::Notation;
use agon::game::{Game, GameOptions, Status};
use agon::games::abalone::eval::AbaloneEvaluator;
use agon::games::abalone::{notation, Abalone};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

const LAYOUTS: &[&str] = &["standard", "belgian", "german", "dutch", "swiss"];

fn start(layout: usize, princess: bool) -> Abalone {
    let text = format!(
        "layout={} princess={}",
        LAYOUTS[layout % LAYOUTS.len()],
        if princess { "on" } else { "off" }
    );
    Abalone::new(&GameOptions::parse(&text, Abalone::option_specs()).unwrap()).unwrap()
}

/// Plays one random game of at most `plies` plies, checking every
/// property at every position. Moves that push are preferred half of the
/// time so games reach ejections and wins.
fn playout(seed: u64, layout: usize, princess: bool, plies: usize, check_text: bool) {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut pos = start(layout, princess);
    assert!(!pos.status().is_over(), "a start position is not finished");
    let mut moves = Vec::new();
    for _ in 0..plies {
        if check_text {
            check_node(&pos, true).unwrap_or_else(|e| panic!("{e}"));
        }
        pos.moves(&mut moves);
        match pos.status() {
            Status::Over(_) => {
                assert!(moves.is_empty());
                return;
            }
            Status::Decision(p) => assert_eq!(p, pos.side()),
            Status::Chance => panic!("Abalone has no chance nodes"),
        }
        for &m in &moves {
            if check_text {
                let nacre = notation::write_nacre(m);
                match pos.parse_move(&nacre) {
                    Ok(read) => assert!(read == m || m.is_broadside(), "{nacre}"),
                    // Nacre broadsides of 2 and 3 marbles can share a
                    // text; the error must then name this move.
                    Err(e) => {
                        assert!(m.is_broadside(), "{nacre}: {e}");
                        assert!(e.to_string().contains(&pos.move_text(m)), "{e}");
                    }
                }
            }
        }
        let pushes: Vec<_> = moves.iter().filter(|m| m.pushed() > 0).collect();
        let m = if !pushes.is_empty() && rng.gen_bool(0.5) {
            *pushes[rng.gen_range(0..pushes.len())]
        } else {
            moves[rng.gen_range(0..moves.len())]
        };
        pos.play(m);
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(48))]

    #[test]
    fn random_playouts_keep_every_invariant(
        seed in any::<u64>(),
        layout in 0usize..5,
        princess in any::<bool>(),
    ) {
        playout(seed, layout, princess, 300, true);
    }
}

#[test]
fn thousands_of_random_games_do_not_panic() {
    let mut rng = Pcg64::seed_from_u64(7);
    let mut finished = 0;
    let mut moves = Vec::new();
    for g in 0..1500 {
        let mut pos = start(g, g % 3 == 0);
        for ply in 0..400 {
            if pos.status().is_over() {
                assert!(ply > 0, "game {g} is over before it starts");
                finished += 1;
                break;
            }
            pos.moves(&mut moves);
            let pushes: Vec<_> = moves.iter().copied().filter(|m| m.pushed() > 0).collect();
            let m = if !pushes.is_empty() && rng.gen_bool(0.7) {
                pushes[rng.gen_range(0..pushes.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            pos.play(m);
        }
        let _ = AbaloneEvaluator::default().evaluate(&pos);
    }
    // Push-happy random play ends most games by ejection.
    assert!(finished > 750, "only {finished} games finished");
}
