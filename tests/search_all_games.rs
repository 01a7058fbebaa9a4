//! The alpha-beta core on every game, including the dice games whose chance
//! nodes it values by expectation until expectiminimax exists: from a few
//! positions along a random playout, a depth-3 search (depth 1 in a dice
//! game: without pruning at chance nodes deeper searches are slow) returns
//! a legal move and every PV move is legal.

use agon::game::Playable;
use agon::game::{GameOptions, Status};
use agon::games::GameKind;
use agon::search::Request;
use agon::search::{Limits, Report, SearchConfig, Signal};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::sync::Mutex;

fn check_game<G: Playable>(seed: u64) {
    let opts = GameOptions::parse("", G::option_specs()).expect("default options");
    let mut pos = G::new(&opts).expect("start");
    let mut rng = Pcg64::seed_from_u64(seed);
    let stop = Signal::new();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut searched = 0;
    let mut dice = false;
    for ply in 0..60 {
        match pos.status() {
            Status::Over(_) => break,
            Status::Chance => {
                dice = true;
                pos.outcomes(&mut outcomes);
                let i = rng.gen_range(0..outcomes.len());
                pos.play(outcomes[i].0);
                continue;
            }
            Status::Decision(_) => {}
        }
        pos.moves(&mut legal);
        if ply % 7 == 0 {
            let lines = Mutex::new(Vec::new());
            let log = |r: &Report| {
                if let Report::Pv(p) = r {
                    if let Ok(mut v) = lines.lock() {
                        v.push(p.pv.clone());
                    }
                }
            };
            let tt = crate::common::engine::core(2, 1);
            let config = SearchConfig::default();
            let res = tt.think(
                &Request::new(&pos, &Limits::depth(if dice { 1 } else { 3 }), &config),
                &stop,
                &log,
            );
            let best = res.best.expect("a move at a decision node");
            assert!(legal.contains(&best), "{}: illegal best move", G::NAME);
            for pv in lines.into_inner().expect("lines") {
                let mut p = pos.clone();
                for text in pv {
                    // A PV stops at a chance node: the next move is nature's.
                    if !matches!(p.status(), Status::Decision(_)) {
                        break;
                    }
                    let m = p
                        .parse_move(&text)
                        .unwrap_or_else(|e| panic!("{}: {text}: {e}", G::NAME));
                    p.play(m);
                }
            }
            searched += 1;
        }
        let m = legal[rng.gen_range(0..legal.len())];
        pos.play(m);
    }
    assert!(searched > 0, "{}: no decision node searched", G::NAME);
}

#[test]
fn searches_every_game() {
    for &kind in GameKind::ALL {
        agon::with_game!(kind, G => check_game::<G>(3));
    }
}
