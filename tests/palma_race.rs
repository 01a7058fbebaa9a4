//! The one-sided race table and the evaluator built on it, checked against
//! distributions derived by hand from the recurrence in `race.rs`.

use agon::game::Notation;
use agon::game::SearchHints;
use agon::game::{Evaluator, Game, GameOptions};
use agon::games::palma::eval::race::{rank, table, STATES};
use agon::games::palma::eval::PalmaEvaluator;
use agon::games::palma::{Palma, Rules, Track};

fn track(squares: &[u8], start: u8, waiting: u8) -> Track {
    Track {
        board: squares.iter().fold(0, |b, &q| b | 1 << q),
        start,
        waiting,
    }
}

#[test]
fn one_piece_that_only_a_one_brings_home_is_geometric() {
    // 24 + 26..29: a 1 finishes (3/8); a 2 or 3 has no use and ends the
    // turn (4/8); a 5 has no use and is thrown again (1/8). So each turn
    // finishes with 3/7: P(X = k) = (4/7)^(k-1) · 3/7, mean 7/3.
    let t = table(Rules::standard());
    let s = rank(track(&[24, 26, 27, 28, 29], 0, 0));
    for k in 1..=12 {
        let want = (4.0f64 / 7.0).powi(k as i32 - 1) * 3.0 / 7.0;
        assert!((t.get(s, k) - want).abs() < 1e-6, "k={k}");
    }
    assert!((t.mean(s) - 7.0 / 3.0).abs() < 1e-5);
    // Two such players: P(X ≤ Y) = p / (1 − q²) = 7/11 for the first to throw.
    let a = track(&[24, 26, 27, 28, 29], 0, 0);
    assert!((t.first_wins(a, a) - 7.0 / 11.0).abs() < 1e-5);
    let pos = Palma::from_position(
        "h=0/0/24,26,27,28,29 j=0/0/24,26,27,28,29 throw=h",
        &GameOptions::defaults(Palma::option_specs()),
    )
    .unwrap();
    assert_eq!(
        PalmaEvaluator.evaluate(&pos),
        ((2.0 * 7.0 / 11.0 - 1.0) * 1000.0f64).round() as i32
    );
}

#[test]
fn a_known_throw_is_valued_by_its_best_use() {
    // Hounds hold a 1: 24-25 wins at once.
    let opts = GameOptions::defaults(Palma::option_specs());
    let pos = Palma::from_position("h=0/0/24,26,27,28,29 j=0/0/3,4,5,6,7 use=h:1", &opts).unwrap();
    assert_eq!(PalmaEvaluator.evaluate(&pos), 1000);
    // Hounds hold a 2 they cannot use: it passes to Jackals, who also
    // cannot use it (24-26 taken), then Jackals throw first in a race of two
    // equal geometric players: Hounds win with 1 − 7/11 = 4/11.
    let pos =
        Palma::from_position("h=0/0/24,26,27,28,29 j=0/0/24,26,27,28,29 use=h:2", &opts).unwrap();
    assert_eq!(
        PalmaEvaluator.evaluate(&pos),
        ((2.0 * 4.0 / 11.0 - 1.0) * 1000.0f64).round() as i32
    );
}

#[test]
fn distributions_sum_to_one_and_agree_with_the_means() {
    let t = table(Rules::standard());
    let all = agon::games::palma::eval::race::all_tracks();
    assert_eq!(all.len(), STATES);
    let mut checked = 0;
    for (i, tr) in all.iter().enumerate().step_by(97) {
        if tr.is_home() || !t.mean(i).is_finite() {
            continue;
        }
        let (lo, d) = t.distribution(i);
        let total: f64 = d.iter().map(|&p| f64::from(p)).sum();
        let mean: f64 = d
            .iter()
            .enumerate()
            .map(|(j, &p)| (lo + j) as f64 * f64::from(p))
            .sum();
        assert!((total - 1.0).abs() < 1e-4, "{tr:?}: total {total}");
        assert!(
            (mean - t.mean(i)).abs() < 1e-2 * t.mean(i).max(1.0),
            "{tr:?}"
        );
        checked += 1;
    }
    assert!(checked > 1000);
    // The start needs more turns than any position with pieces on board.
    let start = t.mean(rank(track(&[], 0, 5)));
    assert!(start > t.mean(rank(track(&[], 5, 0))));
    assert!(start > 10.0 && start < 200.0, "{start}");
}

#[test]
fn the_iterative_build_reproduces_the_one_pass_build() {
    // Default rules have no cycles, so both builds solve the same system.
    let rules = Rules::standard();
    let forward = table(rules);
    let cyclic = agon::games::palma::eval::race_cyclic::build(rules);
    for s in 0..STATES {
        let (a, b) = (forward.mean(s), cyclic.mean(s));
        assert!((a - b).abs() <= 1e-4 * a.max(1.0), "state {s}: {a} vs {b}");
    }
    for (squares, start, waiting) in [
        (&[][..], 0, 5),
        (&[3, 9][..], 1, 2),
        (&[12, 17, 21, 23, 26][..], 0, 0),
    ] {
        let a = track(squares, start, waiting);
        let b = track(&[5, 6, 7, 8], 1, 0);
        let (x, y) = (forward.first_wins(a, b), cyclic.first_wins(a, b));
        assert!((x - y).abs() < 1e-4, "{squares:?}: {x} vs {y}");
    }
}

#[test]
fn reverse_tables_know_that_22_and_24_send_pieces_back() {
    let opts = GameOptions::parse("reverse=on", Palma::option_specs()).unwrap();
    let rev = table(Rules::intern(&opts).unwrap());
    // 23 + 26..29: a 1 lands on 24 and goes back to 10, a 2 finishes,
    // 3 and 5 have no use. With the 1 forced, Hounds are slower than on the
    // default rules, where the 1 reaches 24 (mean 7/3 from there).
    let a = track(&[23, 26, 27, 28, 29], 0, 0);
    let std = table(Rules::standard());
    assert!(rev.mean(rank(a)) > std.mean(rank(a)) + 1.0);
    // Default rules, by hand: X = 1 on a 2 (3/8); 1 + X(24,26..29) on a 1
    // (3/8, mean 7/3); 1 + X on a 3 (1/8); X on a 5 (1/8):
    // (6/8)·E = 3/8 + 3/8·(10/3) + 1/8, E = 7/3.
    assert!((std.mean(rank(a)) - 7.0 / 3.0).abs() < 1e-5);
}

/// Size, build time and a few means of the default and reverse tables:
/// `cargo run --release --features datagen --example datagen -- palma-tables`.
#[cfg(not(test))]
pub fn report_table_size_and_build_time() {
    let t = agon::games::palma::eval::race::RaceTable::build(Rules::standard());
    println!("states: {STATES}");
    println!("build time: {:.3} s", t.build_time.as_secs_f64());
    println!("memory: {} bytes", t.memory_bytes());
    for (name, tr) in [
        ("start (5 not entered)", track(&[], 0, 5)),
        ("5 on square 0", track(&[], 5, 0)),
        ("24,26..29", track(&[24, 26, 27, 28, 29], 0, 0)),
    ] {
        let s = rank(tr);
        let (lo, d) = t.distribution(s);
        println!(
            "{name}: mean {:.3} turns, stored turns {}..{}",
            t.mean(s),
            lo,
            lo + d.len() - 1
        );
    }
    let start = track(&[], 0, 5);
    println!(
        "start race, first thrower wins: {:.4}",
        t.first_wins(start, start)
    );
    let opts = GameOptions::parse("reverse=on", Palma::option_specs()).unwrap();
    let r = agon::games::palma::eval::race::RaceTable::build(Rules::intern(&opts).unwrap());
    println!(
        "reverse=on: build time {:.3} s, memory {} bytes, start mean {:.3} turns",
        r.build_time.as_secs_f64(),
        r.memory_bytes(),
        r.mean(rank(start))
    );
}

#[test]
fn search_hooks_prefer_big_gains_and_stay_in_range() {
    use agon::games::palma::PalmaMove;
    let opts = GameOptions::defaults(Palma::option_specs());
    let pos = Palma::from_position("h=0/0/7,8,9,13,19 j=5/0/- use=h:2", &opts).unwrap();
    let hint = |t: &str| pos.order_hint(pos.parse_move(t).unwrap());
    // 8-10 rests on 24 (+16 squares) > 13-15 (extra throw) > 19-21 > 9-11.
    assert!(hint("8-10") > hint("13-15"));
    assert!(hint("13-15") > hint("19-21"));
    assert_eq!(hint("19-21"), hint("9-11"));
    let mut seen = std::collections::HashSet::new();
    for from in 0..=29u8 {
        for v in [1u8, 2, 3, 5].into_iter().filter(|v| from + v <= 29) {
            let i = pos.history_index(PalmaMove::Step { from, to: from + v });
            assert!(i < agon::game::HISTORY_SIZE);
            assert!(seen.insert(i), "index {i} reused");
        }
    }
    for m in [PalmaMove::Enter, PalmaMove::Pass, PalmaMove::Throw(5)] {
        assert!(seen.insert(pos.history_index(m)));
    }
    let terms = PalmaEvaluator.terms(&pos);
    let get = |n: &str| terms.iter().find(|t| t.0 == n).map(|t| t.1);
    // Hounds: 22+21+20+16+10 pips to go; Jackals all waiting (5 × 30).
    assert_eq!(get("pips_to_go_self"), Some(89));
    assert_eq!(get("pips_to_go_opponent"), Some(150));
    assert_eq!(get("total"), Some(PalmaEvaluator.evaluate(&pos)));
    assert!(get("win_permille").unwrap() > 500);
}

/// One ply with the evaluator against a uniformly random player (or, with
/// `rearmost`, one that always moves its rearmost piece, entering first),
/// sides alternating, throws from a seeded generator: the share of games won.
fn one_ply_match(games: u32, seed: u64, rearmost: bool) -> f64 {
    use agon::game::chance::draw_outcome;
    use agon::game::{Outcome, Status};
    use agon::games::palma::{PalmaMove, Phase};
    use rand::{Rng, SeedableRng};
    let opts = GameOptions::defaults(Palma::option_specs());
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut wins = 0;
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    for g in 0..games {
        let greedy = (g % 2) as u8;
        let mut pos = Palma::new(&opts).unwrap();
        loop {
            match pos.status() {
                Status::Over(Outcome::Win(w)) => {
                    wins += u32::from(w == greedy);
                    break;
                }
                Status::Over(o) => panic!("Palma has no draws or rankings: {o:?}"),
                Status::Chance => {
                    pos.outcomes(&mut outcomes);
                    let pick =
                        draw_outcome(&outcomes, &mut rng).expect("a chance node has outcomes");
                    pos.play(pick);
                }
                Status::Decision(p) => {
                    pos.moves(&mut moves);
                    let value = |m| {
                        let mut c = pos;
                        c.play(m);
                        match c.phase() {
                            Phase::Over(_) => i32::MAX,
                            Phase::Throw(t) | Phase::Use(t, _) | Phase::Passed(t, _) => {
                                if t == p {
                                    PalmaEvaluator.evaluate(&c)
                                } else {
                                    -PalmaEvaluator.evaluate(&c)
                                }
                            }
                        }
                    };
                    let m = if p == greedy {
                        *moves.iter().max_by_key(|&&m| value(m)).unwrap()
                    } else if rearmost {
                        *moves
                            .iter()
                            .min_by_key(|&&m| match m {
                                PalmaMove::Step { from, .. } => i32::from(from),
                                _ => -1,
                            })
                            .unwrap()
                    } else {
                        moves[rng.gen_range(0..moves.len())]
                    };
                    pos.play(m);
                }
            }
        }
    }
    f64::from(wins) / f64::from(games)
}

#[test]
fn one_ply_on_the_table_beats_random_play() {
    // Measured 0.735 over 2000 games; 600 games put 0.65 about 4 standard
    // errors below.
    let score = one_ply_match(600, 11, false);
    assert!(score > 0.65, "{score}");
}

/// One-ply play on the race table against random and rearmost play,
/// 4000 games each: `cargo run --release --features datagen --example datagen -- palma-one-ply`.
#[cfg(not(test))]
pub fn report_one_ply_matches() {
    println!("one ply vs random: {:.3}", one_ply_match(4000, 7, false));
    println!("one ply vs rearmost: {:.3}", one_ply_match(4000, 7, true));
}

#[test]
fn simulated_races_take_the_tables_number_of_turns() {
    use agon::games::palma::movegen::for_each_use;
    use agon::games::palma::PalmaMove;
    use rand::{Rng, SeedableRng};
    // Play the single-player race by the rules, throw by throw, choosing
    // the use the table rates best, and count turns: the average and the
    // share finished within 45 turns must match the table's distribution.
    let rules = Rules::standard();
    let t = table(rules);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(3);
    let start = track(&[], 0, 5);
    let runs = 20_000;
    let (mut sum, mut within) = (0u64, 0u32);
    for _ in 0..runs {
        let mut cur = start;
        let mut turns = 1u64;
        while !cur.is_home() {
            let x: f64 = rng.gen();
            let v = match x {
                x if x < 0.375 => 1,
                x if x < 0.75 => 2,
                x if x < 0.875 => 3,
                _ => 5,
            };
            let mut best: Option<(f64, Track, bool)> = None;
            for_each_use(cur, v, rules, |m| {
                let mut n = cur;
                let mut again = v == 5;
                match m {
                    PalmaMove::Enter => {
                        n.waiting -= 1;
                        n.start += 1;
                    }
                    PalmaMove::Step { from, to } => {
                        if from == 0 {
                            n.start -= 1;
                        } else {
                            n.board &= !(1 << from);
                        }
                        let rest = rules.rest[usize::from(to)];
                        n.board |= 1 << rest;
                        again |= rest == 15;
                    }
                    _ => unreachable!(),
                }
                let cost = if n.is_home() {
                    0.0
                } else {
                    t.mean(rank(n)) + if again { 0.0 } else { 1.0 }
                };
                if best.is_none_or(|b| cost < b.0) {
                    best = Some((cost, n, again));
                }
            });
            match best {
                Some((_, n, again)) => {
                    cur = n;
                    if !cur.is_home() && !again {
                        turns += 1;
                    }
                }
                None if v == 5 => {} // the extra throw stays with the player
                None => turns += 1,
            }
        }
        sum += turns;
        within += u32::from(turns <= 45);
    }
    let mean = sum as f64 / f64::from(runs);
    let s = rank(start);
    let want = t.mean(s);
    // The turn count's standard deviation is about 14, so the standard error
    // is 0.1 (0.45 is 4.5 of them); for the share within 45 turns, 0.0035.
    assert!((mean - want).abs() < 0.45, "simulated {mean}, table {want}");
    let p45: f64 = (1..=45).map(|k| t.get(s, k)).sum();
    let got = f64::from(within) / f64::from(runs);
    assert!((got - p45).abs() < 0.02, "simulated {got}, table {p45}");
}
