//! Mirrored chance in `agon match`: both games of a colour-swapped pair
//! see the same chance outcomes in the same order (the k-th throw of one
//! game is the k-th throw of the other), and different pairs see different
//! ones. Checked on Palma with two different test opponents, so the two
//! games of a pair really take different courses.

use agon::game::Notation;
use std::sync::Mutex;

use std::time::Duration;

use agon::arena::{run_match, Entrant, GameResult, MatchSpec};
use agon::game::{Game, GameOptions, Status};
use agon::games::palma::Palma;

/// The chance outcomes of a game played from `start`, in order, found by
/// replaying its moves (not by their spelling).
fn chance_outcomes(start: &Palma, result: &GameResult) -> Vec<String> {
    let mut pos = *start;
    let mut out = Vec::new();
    for text in &result.moves {
        if pos.status() == Status::Chance {
            out.push(text.clone());
        }
        let m = pos.parse_move(text).expect("a recorded move is legal");
        pos.play(m);
    }
    assert!(pos.status().is_over(), "the game was played to its end");
    out
}

/// Plays the match and returns the games by job number.
fn games(spec: &MatchSpec) -> (Palma, Vec<(GameResult, bool)>) {
    let start = Palma::new(&GameOptions::defaults(Palma::option_specs())).unwrap();
    let a = Entrant::parse("search=rearmost,hash=1").unwrap();
    let b = Entrant::parse("search=greedy,hash=1").unwrap();
    let n = spec.games.div_ceil(2) as usize * 2;
    let slots: Mutex<Vec<Option<(GameResult, bool)>>> = Mutex::new(vec![None; n]);
    let stats = run_match(&start, &[a, b], spec, &|k, result, _| {
        let a_first = result.seats[0] == 0;
        slots.lock().unwrap()[k as usize - 1] = Some((result.clone(), a_first));
    })
    .unwrap();
    assert_eq!(stats.games() as usize, n);
    let all = slots
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|g| g.unwrap())
        .collect();
    (start, all)
}

#[test]
fn both_games_of_a_pair_get_the_same_throws_in_order() {
    let spec = MatchSpec {
        games: 12,
        opening_plies: (0, 0),
        openings: Vec::new(),
        max_plies: 5000,
        concurrency: 2,
        seed: 11,
        margin: Duration::ZERO,
        sprt: None,
        shard: (0, 1),
        done: Vec::new(),
        resign: None,
        draw: None,
    };
    let (start, all) = games(&spec);
    let mut firsts = Vec::new();
    for (pair, g) in all.chunks(2).enumerate() {
        let (first, a_first) = &g[0];
        let (second, b_first) = &g[1];
        assert!(*a_first && !*b_first, "pair {pair}: colours swapped");
        assert_ne!(first.moves, second.moves, "pair {pair}: the games differ");
        let x = chance_outcomes(&start, first);
        let y = chance_outcomes(&start, second);
        let k = x.len().min(y.len());
        assert!(k > 20, "pair {pair}: a whole game has many throws");
        assert_eq!(x[..k], y[..k], "pair {pair}: k-th throw of both games");
        firsts.push(x[..20].to_vec());
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 6, "each pair has its own throws");
}

#[test]
fn the_same_seed_replays_the_same_match() {
    let spec = MatchSpec {
        games: 4,
        opening_plies: (2, 4),
        openings: Vec::new(),
        max_plies: 5000,
        concurrency: 2,
        seed: 5,
        margin: Duration::ZERO,
        sprt: None,
        shard: (0, 1),
        done: Vec::new(),
        resign: None,
        draw: None,
    };
    let moves = |all: Vec<(GameResult, bool)>| -> Vec<Vec<String>> {
        all.into_iter().map(|(g, _)| g.moves).collect()
    };
    let (_, one) = games(&spec);
    let (_, two) = games(&spec);
    assert_eq!(moves(one), moves(two));
}
