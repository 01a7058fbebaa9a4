//! MCTS (`Search mcts`) on every game: it finds every win in one of a
//! suite that a one-ply solver builds from random games, returns a legal
//! move with playable lines from random positions under every kind of
//! limit, and gives the same output twice for the same search and `Seed`
//! at one thread; all of it with and without random and guided playouts. Its games of three and four players are tested with max^n's,
//! against the exact solver (`search_nplayer`).

use std::sync::Mutex;

use crate::common::assert_playable;
use agon::game::walk::random_ply;
use agon::game::{GameOptions, Playable, Status};
use agon::games::GameKind;
use agon::search::mcts::params::Playout;
use agon::search::{
    Algorithm, Limits, PvInfo, Report, Request, ScoreReport, SearchConfig, SearchResult, Signal,
};
use rand::SeedableRng;
use rand_pcg::Pcg64;

fn config(threads: usize, playout: Playout) -> SearchConfig {
    let mut c = SearchConfig {
        algorithm: Algorithm::Mcts,
        hash_mb: 16,
        threads,
        ..SearchConfig::default()
    };
    c.mcts.playout = playout;
    c
}

const PLAYOUTS: [Playout; 3] = [Playout::None, Playout::Random, Playout::Guided];

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

/// One search on a fresh engine: its result and every `info` line.
fn search<G: Playable>(
    pos: &G,
    limits: &Limits,
    cfg: &SearchConfig,
    root_moves: &[G::Move],
) -> (SearchResult<G::Move>, Vec<PvInfo>) {
    let searcher = crate::common::engine::core(16, cfg.threads);
    let lines = Mutex::new(Vec::new());
    let report = |r: &Report| {
        if let Report::Pv(p) = r {
            lines.lock().expect("lines").push(p.clone());
        }
    };
    let req = Request {
        root_moves,
        ..Request::new(pos, limits, cfg)
    };
    let r = searcher.think(&req, &Signal::new(), &report);
    (r, lines.into_inner().expect("lines"))
}

fn start<G: Playable>() -> G {
    let opts = GameOptions::parse("", G::option_specs()).expect("default options");
    G::new(&opts).expect("start")
}

/// The moves of `pos` that end the game at once with a win for the mover
/// (a one-ply solver).
fn wins_in_one<G: Playable>(pos: &G) -> Vec<G::Move> {
    let Status::Decision(me) = pos.status() else {
        return Vec::new();
    };
    let n = pos.num_players();
    let mut legal = Vec::new();
    pos.moves(&mut legal);
    legal
        .into_iter()
        .filter(|&m| {
            let mut c = pos.clone();
            c.play(m);
            matches!(c.status(), Status::Over(o) if o.payoff(me, n) == 1.0)
        })
        .collect()
}

/// Random games of `G` from its start: every decision position met, in
/// order (at most `limit` plies a game).
fn random_positions<G: Playable>(games: usize, limit: usize, seed: u64) -> Vec<G> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut out = Vec::new();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut pos = start::<G>();
        for _ in 0..limit {
            if matches!(pos.status(), Status::Decision(_)) {
                out.push(pos.clone());
            }
            let Some(m) = random_ply(&pos, &mut rng, &mut legal, &mut outcomes) else {
                break;
            };
            pos.play(m);
        }
    }
    out
}

fn wins_are_found<G: Playable>() {
    let suite: Vec<G> = random_positions::<G>(40, 3000, 17)
        .into_iter()
        .filter(|p| !wins_in_one(p).is_empty())
        .take(12)
        .collect();
    assert!(
        suite.len() >= 5,
        "{}: only {} wins in one",
        G::NAME,
        suite.len()
    );
    for (i, pos) in suite.iter().enumerate() {
        let playout = PLAYOUTS[i % PLAYOUTS.len()];
        let what = format!("{} at {} ({playout:?})", G::NAME, pos.position());
        let (r, lines) = search(pos, &nodes(2_000), &config(1, playout), &[]);
        let best = r.best.unwrap_or_else(|| panic!("{what}: no move"));
        assert!(wins_in_one(pos).contains(&best), "{what}: {best:?}");
        assert_eq!(r.score, ScoreReport::Mate(1), "{what}");
        let last = lines.last().unwrap_or_else(|| panic!("{what}: no info"));
        assert_eq!(last.pv.first(), Some(&pos.move_text(best)), "{what}");
    }
}

#[test]
fn every_win_in_one_is_found_in_every_game() {
    for &kind in GameKind::ALL {
        agon::with_game!(kind, G => wins_are_found::<G>());
    }
}

fn legal_under_any_limit<G: Playable>() {
    let positions = random_positions::<G>(3, 200, 5);
    let limits = [
        nodes(1),
        nodes(300),
        Limits::depth(1),
        Limits::depth(3),
        Limits::movetime(5),
        Limits::movetime(30),
    ];
    let mut legal = Vec::new();
    for (i, pos) in positions.iter().step_by(9).enumerate() {
        let lim = &limits[i % limits.len()];
        let cfg = config(1 + i % 2, PLAYOUTS[i % PLAYOUTS.len()]);
        let what = format!(
            "{} at {} with {lim:?}, {:?}",
            G::NAME,
            pos.position(),
            cfg.mcts.playout
        );
        pos.moves(&mut legal);
        let (r, lines) = search(pos, lim, &cfg, &[]);
        let best = r.best.unwrap_or_else(|| panic!("{what}: no move"));
        assert!(legal.contains(&best), "{what}: {best:?}");
        let last = lines.last().unwrap_or_else(|| panic!("{what}: no info"));
        assert_eq!(last.pv.first(), Some(&pos.move_text(best)), "{what}");
        for line in &lines {
            assert_playable(pos, &line.pv, &what);
        }
        // searchmoves: the one allowed move.
        let only = legal[legal.len() - 1];
        let (r, _) = search(pos, lim, &cfg, &[only]);
        assert_eq!(r.best, Some(only), "{what}");
    }
}

#[test]
fn bestmove_is_legal_in_random_positions_of_every_game() {
    for &kind in GameKind::ALL {
        agon::with_game!(kind, G => legal_under_any_limit::<G>());
    }
}

fn same_twice<G: Playable>() {
    let positions = random_positions::<G>(1, 120, 9);
    let mut seed_mattered = false;
    for (i, pos) in positions.iter().step_by(40).enumerate() {
        let strip = |lines: Vec<PvInfo>| -> Vec<PvInfo> {
            lines
                .into_iter()
                .map(|l| PvInfo { time_ms: 0, ..l })
                .collect()
        };
        let mut cfg = config(1, PLAYOUTS[i % PLAYOUTS.len()]);
        cfg.seed = 11;
        let (a, la) = search(pos, &nodes(3_000), &cfg, &[]);
        let (b, lb) = search(pos, &nodes(3_000), &cfg, &[]);
        let what = format!("{} at {} ({:?})", G::NAME, pos.position(), cfg.mcts.playout);
        assert_eq!(a, b, "{what}");
        let la = strip(la);
        assert_eq!(la, strip(lb), "{what}");
        assert_eq!(a.nodes, 3_000, "{what}: playouts");
        // Random playouts follow the seed: another one plays others.
        cfg.mcts.playout = Playout::Random;
        let (_, lr) = search(pos, &nodes(3_000), &cfg, &[]);
        cfg.seed = 12;
        let (_, lo) = search(pos, &nodes(3_000), &cfg, &[]);
        seed_mattered |= strip(lr) != strip(lo);
    }
    assert!(seed_mattered, "{}: Seed changes no random playout", G::NAME);
}

#[test]
fn one_thread_gives_the_same_output_every_time() {
    for &kind in GameKind::ALL {
        agon::with_game!(kind, G => same_twice::<G>());
    }
}
