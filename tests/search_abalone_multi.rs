//! Every search plays Abalone for 3, 4 and 6 players (issue 24,
//! acceptance): on seeded random positions of each count, under every
//! kind of limit (depth, nodes, movetime, the mover's `pNtime` clock) and
//! with one and two threads, each search returns a legal move and a
//! principal variation that plays; each plays whole games to their end
//! (a side at six, or the `max_plies` draw); a player without marbles
//! gets `pass` (the rules file's example 5); a finished game gets no move.

use std::time::Duration;

use crate::common::assert_playable;
use crate::common::engine::think;
use agon::game::walk;
use agon::game::{Game, GameOptions, Notation, Outcome, Status};
use agon::games::abalone::multi::AbaloneMulti;
use agon::search::{
    Algorithm, Clock, Limits, Request, ScoreReport, SearchConfig, SearchResult, Signal,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

type Move = <AbaloneMulti as Game>::Move;

const COUNTS: [u8; 3] = [3, 4, 6];

const SEARCHES: [Algorithm; 8] = [
    Algorithm::Auto,
    Algorithm::AlphaBeta,
    Algorithm::Paranoid,
    Algorithm::MaxN,
    Algorithm::Mcts,
    Algorithm::Greedy,
    Algorithm::Random,
    Algorithm::Expectimax,
];

fn game(options: &str) -> AbaloneMulti {
    let opts = GameOptions::parse(options, AbaloneMulti::option_specs()).unwrap();
    AbaloneMulti::new(&opts).unwrap()
}

fn config(algorithm: Algorithm, threads: usize) -> SearchConfig {
    SearchConfig {
        algorithm,
        threads,
        hash_mb: 1,
        ..SearchConfig::default()
    }
}

fn search(pos: &AbaloneMulti, limits: &Limits, config: &SearchConfig) -> SearchResult<Move> {
    think(&Request::new(pos, limits, config), &Signal::new(), &|_| {})
}

/// The limits the searches are held to: each kind alone, small.
fn limits_for(pos: &AbaloneMulti) -> Vec<(&'static str, Limits)> {
    let mut clocks = vec![None; pos.num_players()];
    if let Status::Decision(p) = pos.status() {
        clocks[p as usize] = Some(Clock {
            time: Duration::from_millis(300),
            inc: Duration::from_millis(5),
        });
    }
    vec![
        ("depth 2", Limits::depth(2)),
        (
            "nodes 3000",
            Limits {
                nodes: Some(3000),
                ..Limits::default()
            },
        ),
        ("movetime 20", Limits::movetime(20)),
        (
            "clock",
            Limits {
                clocks,
                ..Limits::default()
            },
        ),
    ]
}

/// A position of `players` after a seeded number of random moves (still
/// going).
fn random_position(players: u8, rng: &mut Pcg64) -> AbaloneMulti {
    let start = game(&format!("players={players}"));
    loop {
        let plies = rng.gen_range(0..120);
        if let Some(pos) = walk::random_position(&start, plies, rng) {
            return pos;
        }
    }
}

/// `r`'s move is one of `pos`'s and its line plays from `pos`.
fn assert_legal(pos: &AbaloneMulti, r: &SearchResult<Move>, what: &str) {
    let mut legal = Vec::new();
    pos.moves(&mut legal);
    let best = r.best.unwrap_or_else(|| panic!("{what}: no move"));
    assert!(legal.contains(&best), "{what}: {best:?} is not legal");
    let pv: Vec<String> = {
        let mut p = *pos;
        r.pv.iter()
            .map(|&m| {
                let text = p.move_text(m);
                p.play(m);
                text
            })
            .collect()
    };
    assert_playable(pos, &pv, what);
}

#[test]
fn every_search_returns_legal_moves_under_every_limit() {
    let mut rng = Pcg64::seed_from_u64(24);
    for players in COUNTS {
        for _ in 0..2 {
            let pos = random_position(players, &mut rng);
            for (name, limits) in limits_for(&pos) {
                for algorithm in SEARCHES {
                    for threads in [1, 2] {
                        let what = format!(
                            "{} players, {}, {name}, {threads} threads, {}",
                            players,
                            algorithm.name(),
                            pos.position()
                        );
                        let r = search(&pos, &limits, &config(algorithm, threads));
                        assert_legal(&pos, &r, &what);
                    }
                }
            }
        }
    }
}

#[test]
fn every_search_plays_whole_games() {
    let limits = Limits {
        nodes: Some(1500),
        ..Limits::default()
    };
    for players in COUNTS {
        for (i, algorithm) in SEARCHES.iter().enumerate() {
            // Each seat by a different search, so that every search meets
            // the positions the others lead to.
            let mut pos = game(&format!("players={players} max_plies=240"));
            let mut plies = 0;
            while let Status::Decision(p) = pos.status() {
                let algorithm = SEARCHES[(i + p as usize) % SEARCHES.len()];
                let what = format!(
                    "{players} players, {}, {}",
                    algorithm.name(),
                    pos.position()
                );
                let r = search(&pos, &limits, &config(algorithm, 1 + plies % 2));
                assert_legal(&pos, &r, &what);
                pos.play(r.best.unwrap());
                plies += 1;
            }
            assert!(
                matches!(pos.status(), Status::Over(_)) && plies <= 240,
                "{players} players from {}: {plies} plies",
                algorithm.name()
            );
        }
    }
}

#[test]
fn a_player_without_marbles_passes_and_a_finished_game_has_no_move() {
    let opts = GameOptions::parse("players=6", AbaloneMulti::option_specs()).unwrap();
    // Example 5: White, then Red, have no marble; Blue has three moves.
    let pos = AbaloneMulti::from_position("5/6/7/8/4b4/8/7/6/u4 w", &opts).unwrap();
    let opts3 = GameOptions::parse("players=3", AbaloneMulti::option_specs()).unwrap();
    // Example 2 after Black's winning push.
    let won = AbaloneMulti::from_position("2b2/3b2/4b2/8/9/8/7/6/5+6b0w0r w", &opts3).unwrap();
    assert!(won.status().is_over());
    for algorithm in SEARCHES {
        for threads in [1, 2] {
            for (name, limits) in limits_for(&pos) {
                let what = format!("{}, {name}, {threads} threads", algorithm.name());
                let r = search(&pos, &limits, &config(algorithm, threads));
                assert_eq!(
                    r.best.map(|m| pos.move_text(m)),
                    Some("pass".into()),
                    "{what}"
                );
                let mut next = pos;
                next.play(r.best.unwrap());
                let r = search(&next, &limits, &config(algorithm, threads));
                assert_eq!(
                    r.best.map(|m| next.move_text(m)),
                    Some("pass".into()),
                    "{what}"
                );
            }
            let r = search(&won, &Limits::depth(2), &config(algorithm, threads));
            assert_eq!(
                r.best,
                None,
                "{}: a move in a finished game",
                algorithm.name()
            );
        }
    }
}

/// The reported score of `algorithm` at `depth` in `pos`, and its move.
fn scored(pos: &AbaloneMulti, algorithm: Algorithm, depth: u32) -> (ScoreReport, String) {
    let r = search(pos, &Limits::depth(depth), &config(algorithm, 1));
    (r.score, pos.move_text(r.best.unwrap()))
}

#[test]
fn paranoid_and_maxn_see_wins_and_paranoid_a_loss_to_another_side() {
    let opts = GameOptions::parse("players=3", AbaloneMulti::option_specs()).unwrap();
    // Example 2: Black (score 5) wins with f6g6 (or g6h6).
    let win = AbaloneMulti::from_position("1w3/2b3/3b3/4b3/9/8/7/6/5+5b0w0r b", &opts).unwrap();
    // White to move: its i6 is walled in and Black's f6 g6 h6 eject it
    // whatever White's a1 does (Red, without marbles, passes).
    let loss = AbaloneMulti::from_position("bwb2/1bb3/3b3/4b3/9/8/7/6/w4+5b0w0r w", &opts).unwrap();
    for algorithm in [Algorithm::Paranoid, Algorithm::MaxN, Algorithm::Auto] {
        let (score, mv) = scored(&win, algorithm, 2);
        assert_eq!(score, ScoreReport::Mate(1), "{}", algorithm.name());
        let mut after = win;
        after.play(win.parse_move(&mv).unwrap());
        assert_eq!(after.status(), Status::Over(Outcome::Win(0)), "{mv}");
    }
    // Paranoid: every line loses White's side, a mate against it (max^n
    // gives a loser tied with Red the payoff of that tie instead).
    let (score, _) = scored(&loss, Algorithm::Paranoid, 4);
    assert!(matches!(score, ScoreReport::Mate(n) if n < 0), "{score:?}");
}
