//! The search on real Abalone positions: every PV move is legal (search and
//! move generation agree), and a single-threaded fixed-depth search is
//! deterministic (what `agon bench` relies on).

use agon::engine::bench::position_texts as bench_positions_of;
use agon::game::walk::random_position;
use agon::game::Notation;
use agon::game::{Game, GameOptions};
use agon::games::abalone::Abalone;
use agon::games::GameKind;
use agon::search::Request;
use agon::search::{Limits, Report, SearchConfig, Signal};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::sync::Mutex;

fn belgian() -> GameOptions {
    GameOptions::parse("layout=belgian", Abalone::option_specs()).expect("belgian layout")
}

/// Positions after random plies from the Belgian Daisy start.
fn random_positions(n: usize, seed: u64) -> Vec<Abalone> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let start = Abalone::new(&belgian()).expect("start");
    let mut out = Vec::new();
    while out.len() < n {
        let plies = rng.gen_range(0..80);
        out.extend(random_position(&start, plies, &mut rng));
    }
    out
}

#[test]
fn every_pv_move_is_legal() {
    let stop = Signal::new();
    for (i, pos) in random_positions(16, 42).iter().enumerate() {
        let lines = Mutex::new(Vec::new());
        let log = |r: &Report| {
            if let Report::Pv(p) = r {
                if let Ok(mut v) = lines.lock() {
                    v.push(p.pv.clone());
                }
            }
        };
        let config = SearchConfig {
            threads: 1 + i % 2,
            multipv: 1 + i % 3,
            ..SearchConfig::default()
        };
        let tt = crate::common::engine::core(4, config.threads);
        let depth = 1 + (i % 3) as u32;
        let res = tt.think(
            &Request::new(pos, &Limits::depth(depth), &config),
            &stop,
            &log,
        );
        let lines = lines.into_inner().expect("lines");
        assert!(!lines.is_empty());
        let mut legal = Vec::new();
        for pv in &lines {
            let mut p = *pos;
            for text in pv {
                let m = p
                    .parse_move(text)
                    .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.position()));
                p.moves(&mut legal);
                assert!(
                    legal.contains(&m),
                    "{text} not generated in {}",
                    p.position()
                );
                p.play(m);
            }
        }
        pos.moves(&mut legal);
        assert!(legal.contains(&res.best.expect("a move")));
    }
}

#[test]
fn fixed_depth_single_thread_search_is_deterministic() {
    let text = bench_positions_of(GameKind::Abalone.name())[0];
    let pos = Abalone::from_position(text, &belgian()).expect("bench position");
    let stop = Signal::new();
    let run = || {
        let tt = crate::common::engine::core(4, 1);
        let r = tt.think(
            &Request::new(&pos, &Limits::depth(4), &SearchConfig::default()),
            &stop,
            &|_| {},
        );
        (r.best, r.nodes, r.score)
    };
    let a = run();
    assert!(a.1 > 0);
    assert_eq!(a, run());
}

/// The request's evaluator scores the leaves: with the material weight
/// turned negative, the greedy player declines the marble it otherwise
/// ejects (tactics suite entry migs27435-ply75, whose only ejection is
/// d5e6), and with all eight weights as compiled it takes it.
#[test]
fn run_time_weights_change_the_evaluation() {
    use crate::common::engine::think;
    use agon::game::{Evaluated, Tunable, WeightSet};
    use agon::search::{Algorithm, Request, Signal};
    let pos = Abalone::from_position(
        "5/w1wwbb/2bbbb1/2bbbw2/2bbbwww1/3bww2/4w2/2w1w1/5-1b2w w 75",
        &belgian(),
    )
    .expect("suite position");
    let play = |weights: Option<WeightSet>| {
        let config = SearchConfig {
            algorithm: Algorithm::Greedy,
            ..SearchConfig::default()
        };
        let stop = Signal::new();
        let limits = Limits::depth(1);
        let req = Request {
            evaluator: Abalone::evaluator_with(&agon::game::EvalResources {
                weights,
                ..agon::game::EvalResources::classic()
            })
            .expect("eight weights"),
            ..Request::new(&pos, &limits, &config)
        };
        let r = think(&req, &stop, &|_| {});
        r.best.map(|m| pos.move_text(m))
    };
    let compiled = agon::games::abalone::eval::WEIGHTS;
    let mut averse = compiled;
    averse[0] = -3000;
    assert_eq!(play(None), Some("d5e6".to_string()));
    assert_eq!(
        play(WeightSet::new(&compiled).ok()),
        Some("d5e6".to_string())
    );
    assert_ne!(play(WeightSet::new(&averse).ok()), Some("d5e6".to_string()));
    // A set of another length is refused, not silently replaced.
    assert!(Abalone::evaluator(&WeightSet::new(&[1, 2]).unwrap()).is_err());
}
