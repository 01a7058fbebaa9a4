//! The N-player core proven with TriRace (src/testgames/trirace.rs), a
//! 3-player (2 to 4) race: its own perft and contract checks, outcomes of
//! every form with their payoffs, its exact max^n values, and the test
//! searches `greedy` and `random` playing it.

use agon::game::perft::perft;
use agon::game::Notation;
use agon::game::{decider_after, Game, Outcome, Status, EVAL_LIMIT};
use agon::search::{greedy, random, ScoreReport};
use agon::testgames::trirace::{maxn, maxn_best_moves, TriMove, TriRace, TriRaceEvaluator};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

const VARIANTS: [&str; 5] = [
    "",
    "dice=on",
    "players=2 limit=6",
    "players=4 teams=on goal=4",
    "players=4 dice=on limit=12",
];

fn played(mut pos: TriRace, moves: &[&str]) -> TriRace {
    for m in moves {
        let mv = pos
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m} at {}: {e}", pos.position()));
        pos.play(mv);
    }
    pos
}

/// A second leaf count, written from the rules text rather than with
/// `Game::moves` bulk counting: `perft` must agree with it.
fn naive_count(pos: &TriRace, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match pos.status() {
        Status::Over(_) => 0,
        Status::Chance => ["r1", "r2"]
            .iter()
            .map(|t| naive_count(&played(pos.clone(), &[t]), depth))
            .sum(),
        Status::Decision(me) => {
            let others_up = (0..pos.num_players()).any(|p| p != me as usize && pos.counters[p] > 0);
            let mut words: Vec<&str> = if pos.throw.is_some() {
                vec!["a"]
            } else {
                vec!["1", "2"]
            };
            if others_up {
                words.push("b");
            }
            words
                .iter()
                .map(|w| naive_count(&played(pos.clone(), &[w]), depth - 1))
                .sum()
        }
    }
}

#[test]
fn perft_matches_hand_counts_and_a_naive_count() {
    // Dice off: p1 has 1 and 2; p2 also b; p3 cannot bump after "1 b"
    // (both others back at 0): 2 + 2 + 3 + 3 + 3 + 3 = 17.
    let start = TriRace::with("");
    assert_eq!([1, 2, 3].map(|d| perft(&start, d)), [2, 6, 17]);
    // Dice on: two throws before each move; p2 may bump: 2·2·2 = 8.
    let dice = TriRace::with("dice=on");
    assert_eq!([1, 2].map(|d| perft(&dice, d)), [2, 8]);
    for v in VARIANTS {
        let start = TriRace::with(v);
        for d in 1..=5 {
            assert_eq!(perft(&start, d), naive_count(&start, d), "{v} depth {d}");
        }
    }
}

#[test]
fn random_playouts_keep_the_game_contract() {
    let mut rng = Pcg64::seed_from_u64(12);
    let mut endings = std::collections::HashSet::new();
    for v in VARIANTS {
        for _ in 0..60 {
            let mut pos = TriRace::with(v);
            loop {
                assert_eq!(pos.hash(), pos.hash_from_scratch());
                let text = pos.position();
                let back = TriRace::at(v, &text);
                assert_eq!((back.position(), back.hash()), (text.clone(), pos.hash()));
                let mut moves = Vec::new();
                pos.moves(&mut moves);
                let mut outcomes = Vec::new();
                pos.outcomes(&mut outcomes);
                assert_eq!(moves.len(), pos.count_moves());
                for &m in &moves {
                    assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m), "{text}");
                }
                match pos.status() {
                    Status::Over(o) => {
                        assert!(moves.is_empty() && outcomes.is_empty());
                        let n = pos.num_players();
                        let sum: f64 = (0..n as u8).map(|p| o.payoff(p, n)).sum();
                        assert!((sum - n as f64 / 2.0).abs() < 1e-9, "{text}: {o:?}");
                        endings.insert(std::mem::discriminant(&o));
                        break;
                    }
                    Status::Chance => {
                        assert!(moves.is_empty());
                        let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
                        assert!((total - 1.0).abs() < 1e-12);
                        assert_eq!(decider_after(&pos), Some(pos.side));
                        let i = rng.gen_range(0..outcomes.len());
                        pos.play(outcomes[i].0);
                    }
                    Status::Decision(p) => {
                        assert_eq!(p, pos.side);
                        assert!(!moves.is_empty() && outcomes.is_empty());
                        assert_eq!(decider_after(&pos), None);
                        pos.play(moves[rng.gen_range(0..moves.len())]);
                    }
                }
            }
        }
    }
    // Wins, draws and rankings all occur.
    assert_eq!(endings.len(), 3, "{endings:?}");
}

#[test]
fn outcomes_rank_by_counters() {
    // p1 reaches the goal; the others tie behind.
    let won = played(TriRace::at("", "4 0 0 p1 - 0"), &["1"]);
    assert_eq!(won.status(), Status::Over(Outcome::Win(0)));
    // p2 wins, p1 second, p3 last.
    let ranked = played(TriRace::at("", "3 4 1 p2 - 0"), &["2"]);
    let Status::Over(o) = ranked.status() else {
        panic!("over")
    };
    assert_eq!(o, Outcome::ranked(&[1, 0, 2]));
    assert_eq!([0, 1, 2].map(|p| o.payoff(p, 3)), [0.5, 1.0, 0.0]);
    assert_eq!(o.word(3), "rank2-1-3");
    // The ply limit with equal counters: a draw.
    let drawn = played(TriRace::at("limit=30", "1 1 0 p3 - 29"), &["1"]);
    assert_eq!(drawn.status(), Status::Over(Outcome::Draw));
    // The ply limit, p1 and p3 tied first: bump hits p2 (the first after
    // p1 among the equal leaders).
    let tied = played(TriRace::at("", "1 1 1 p1 - 29"), &["b"]);
    assert_eq!(tied.counters[..3], [1, 0, 1]);
    assert_eq!(tied.status(), Status::Over(Outcome::ranked(&[0, 1, 0])));
    // Teams: p2 reaches the goal for p2 and p4.
    let team = played(TriRace::at("players=4 teams=on", "3 4 0 2 p2 - 0"), &["1"]);
    let Status::Over(t) = team.status() else {
        panic!("over")
    };
    assert_eq!(t, Outcome::team_win(&[1, 3], 4));
    assert!(t.is_win_for(3, 4) && !t.is_win_for(2, 4));
    assert_eq!(t.word(4), "rank2-1-2-1");
}

#[test]
fn maxn_values_that_can_be_checked_by_hand() {
    // (maxn explores every move: the ply limits keep these trees small.)
    // A move that wins now: p1 first alone, the others tie behind.
    assert_eq!(maxn(&TriRace::at("", "4 0 0 p1 - 0")), [1.0, 0.25, 0.25]);
    // Either throw wins for p3.
    assert_eq!(
        maxn(&TriRace::at("dice=on limit=6", "0 0 4 p3 ? 3")),
        [0.25, 0.25, 1.0]
    );
    // p3 second behind p2's win: p2 throws, advancing wins whatever falls.
    assert_eq!(
        maxn(&TriRace::at("dice=on limit=6", "0 4 1 p2 ? 3")),
        [0.0, 1.0, 0.5]
    );
    // One ply before the limit with no win in reach, p1 maximises its
    // place: 2 takes it to 3, alone ahead of p2 (2) and p3 (0).
    let last = TriRace::at("limit=10", "1 2 0 p1 - 9");
    assert_eq!(maxn(&last), [1.0, 0.5, 0.0]);
    assert_eq!(maxn_best_moves(&last), [TriMove::Step(2)]);
    // Every value sums to players / 2, from the start of each variant
    // small enough to solve.
    for v in [
        "goal=3 limit=8",
        "goal=3 dice=on limit=6",
        "players=2 goal=4 limit=10",
    ] {
        let start = TriRace::with(v);
        let n = start.num_players();
        let sum: f64 = maxn(&start).iter().sum();
        assert!((sum - n as f64 / 2.0).abs() < 1e-9, "{v}");
    }
}

/// Decision positions of every variant along random games.
fn sample_positions(count: usize, seed: u64) -> Vec<(&'static str, TriRace)> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let v = VARIANTS[rng.gen_range(0..VARIANTS.len())];
        let mut pos = TriRace::with(v);
        for _ in 0..rng.gen_range(0..20) {
            let mut moves = Vec::new();
            let mut outcomes = Vec::new();
            pos.moves(&mut moves);
            pos.outcomes(&mut outcomes);
            match pos.status() {
                Status::Over(_) => break,
                Status::Chance => pos.play(outcomes[rng.gen_range(0..outcomes.len())].0),
                Status::Decision(_) => pos.play(moves[rng.gen_range(0..moves.len())]),
            }
        }
        if pos.status() == Status::Chance {
            pos.play(TriMove::Throw(rng.gen_range(1..=2)));
        }
        if matches!(pos.status(), Status::Decision(_)) {
            out.push((v, pos));
        }
    }
    out
}

#[test]
fn greedy_and_random_play_legal_moves_for_every_player() {
    let mut movers = std::collections::HashSet::new();
    for (seed, (v, pos)) in sample_positions(300, 5).into_iter().enumerate() {
        let mut legal = Vec::new();
        pos.moves(&mut legal);
        let Status::Decision(me) = pos.status() else {
            unreachable!()
        };
        movers.insert(me);
        for best in [
            greedy::think(&TriRaceEvaluator::default(), &pos, &[], seed as u64).best,
            random::think(&pos, &[], seed as u64).best,
        ] {
            let m = best.unwrap_or_else(|| panic!("no move in {v} at {}", pos.position()));
            assert!(legal.contains(&m), "{v}: {m:?} at {}", pos.position());
        }
        // searchmoves: the one allowed move.
        let only = legal[legal.len() - 1];
        assert_eq!(
            greedy::think(&TriRaceEvaluator::default(), &pos, &[only], 1).best,
            Some(only)
        );
        assert_eq!(random::think(&pos, &[only], 1).best, Some(only));
    }
    assert_eq!(movers.len(), 4, "every seat of a 4-player game moved");
    // No move at a chance node: the engine never picks a throw.
    let chance = TriRace::with("dice=on");
    assert_eq!(
        greedy::think(&TriRaceEvaluator::default(), &chance, &[], 0).best,
        None
    );
    assert_eq!(random::think(&chance, &[], 0).best, None);
}

#[test]
fn greedy_takes_a_win_for_whichever_player_moves() {
    // Each seat in turn can win now (2 reaches the goal; 1 does from 4).
    for (v, text) in [
        ("", "4 3 3 p1 - 0"),
        ("", "3 3 2 p2 - 1"),
        ("", "3 0 4 p3 - 2"),
        ("dice=on", "1 4 0 p2 r1 4"),
        ("players=4 teams=on", "0 1 3 0 p3 - 2"),
        ("players=4 dice=on", "0 0 0 3 p4 r2 3"),
    ] {
        let pos = TriRace::at(v, text);
        let Status::Decision(me) = pos.status() else {
            panic!("{text} is a decision node")
        };
        let n = pos.num_players();
        for seed in 0..8 {
            let r = greedy::think(&TriRaceEvaluator::default(), &pos, &[], seed);
            let m = r.best.expect("a move");
            let mut after = pos.clone();
            after.play(m);
            let Status::Over(o) = after.status() else {
                panic!("{v} {text}: greedy played {m:?}, not a win")
            };
            assert!(o.is_win_for(me, n), "{text}: {o:?}");
            if v.contains("teams") {
                // A teammate counts as a tied opponent: 5/6, not a mate.
                assert!((o.payoff(me, n) - 5.0 / 6.0).abs() < 1e-12);
                assert!(matches!(r.score, ScoreReport::Cp(cp) if cp > EVAL_LIMIT / 2));
            } else {
                assert_eq!(o.payoff(me, n), 1.0, "{text}");
                assert_eq!(r.score, ScoreReport::Mate(1));
            }
        }
    }
}

#[test]
fn greedy_prefers_a_better_place_and_the_maxn_move_one_ply_from_the_end() {
    // At the last ply the game's value is its ranking, which greedy sees
    // exactly: its move is one of the max^n moves.
    for text in [
        "1 2 0 p1 - 9",
        "2 1 1 p2 - 9",
        "0 2 2 p3 - 9",
        "2 2 1 p1 - 9",
    ] {
        let pos = TriRace::at("limit=10", text);
        let best = maxn_best_moves(&pos);
        for seed in 0..8 {
            let m = greedy::think(&TriRaceEvaluator::default(), &pos, &[], seed)
                .best
                .expect("a move");
            assert!(best.contains(&m), "{text}: {m:?} not in {best:?}");
        }
    }
}
