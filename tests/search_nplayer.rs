//! Max^n, the search of games of more than two teams, proven against
//! the exact solver of TriRace (src/testgames/trirace.rs) with three and
//! four players (each its own team), with and without dice: a search deep enough
//! to see the end plays a move the solver ranks best for the mover and
//! reports the solver's value; every search returns a legal move whatever
//! its limits; a player that can force a win gets the winner's payoff
//! and the win. `Search=maxn`, `alphabeta` and `expectimax` run it (`auto`
//! is paranoid without dice and is held to the forced wins). MCTS, which
//! keeps a value per player of its own, is held to the same
//! legal moves and forced wins.

use std::sync::Mutex;

use crate::common::assert_playable;
use crate::common::engine::think;
use agon::game::walk::random_position;
use agon::game::{Game, Notation, Status, EVAL_LIMIT};
use agon::search::{Algorithm, Limits, Report, Request, ScoreReport, SearchConfig, Signal};
use agon::testgames::trirace::{maxn, maxn_best_moves, TriRace};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// Variants small enough for the solver from any position.
/// (Two teams of two are two sides, searched by alpha-beta: see
/// search_teams.rs.)
const SOLVABLE: [&str; 5] = [
    "goal=3 limit=8",
    "goal=4 limit=8",
    "goal=3 dice=on limit=6",
    "players=4 goal=3 limit=8",
    "players=4 dice=on goal=3 limit=6",
];

const SEARCHES: [Algorithm; 3] = [Algorithm::MaxN, Algorithm::AlphaBeta, Algorithm::Expectimax];

fn config(algorithm: Algorithm, multipv: usize) -> SearchConfig {
    SearchConfig {
        algorithm,
        hash_mb: 1,
        multipv,
        ..SearchConfig::default()
    }
}

/// The score a search must report for a payoff `v` that the solver found:
/// `mate` for a sole win (`Some(true)`) or last place (`Some(false)`),
/// else centi-units on the evaluation's scale.
fn expected(v: f64) -> Result<i32, bool> {
    if v >= 1.0 - 1e-9 {
        Err(true)
    } else if v <= 1e-9 {
        Err(false)
    } else {
        Ok(((2.0 * v - 1.0) * f64::from(EVAL_LIMIT)).round() as i32)
    }
}

fn assert_score(score: ScoreReport, v: f64, what: &str) {
    match (expected(v), score) {
        (Ok(cp), ScoreReport::Cp(got)) => assert!((got - cp).abs() <= 1, "{what}: {got} vs {cp}"),
        (Err(true), ScoreReport::Mate(n)) => assert!(n > 0, "{what}: mate {n}"),
        (Err(false), ScoreReport::Mate(n)) => assert!(n < 0, "{what}: mate {n}"),
        (want, got) => panic!("{what}: reported {got:?}, the solver's payoff is {v} ({want:?})"),
    }
}

/// The search's result with the `info` lines of its last iteration.
fn search(
    pos: &TriRace,
    limits: &Limits,
    config: &SearchConfig,
    root_moves: &[<TriRace as Game>::Move],
) -> (
    agon::search::SearchResult<<TriRace as Game>::Move>,
    Vec<agon::search::PvInfo>,
) {
    let lines = Mutex::new(Vec::new());
    let report = |r: &Report| {
        if let Report::Pv(p) = r {
            let mut l = lines.lock().unwrap();
            if l.last()
                .is_some_and(|q: &agon::search::PvInfo| q.depth != p.depth)
            {
                l.clear();
            }
            l.push(p.clone());
        }
    };
    let req = Request {
        root_moves,
        ..Request::new(pos, limits, config)
    };
    let r = think(&req, &Signal::new(), &report);
    (r, lines.into_inner().unwrap())
}

#[test]
fn a_search_that_sees_the_end_plays_and_reports_the_solvers_value() {
    let mut rng = Pcg64::seed_from_u64(31);
    let (mut decisions, mut chance_roots, mut mates) = (0, 0, 0);
    for i in 0..300 {
        let variant = SOLVABLE[i % SOLVABLE.len()];
        let Some(pos) = random_position(&TriRace::with(variant), rng.gen_range(0..12), &mut rng)
        else {
            continue;
        };
        // Decision plies to the ply limit: the whole game.
        let limit: u32 = variant
            .split_whitespace()
            .find_map(|w| w.strip_prefix("limit="))
            .and_then(|l| l.parse().ok())
            .unwrap();
        let depth = limit - pos.ply;
        let algorithm = SEARCHES[i % SEARCHES.len()];
        let (r, lines) = search(&pos, &Limits::depth(depth), &config(algorithm, 1), &[]);
        let solved = maxn(&pos);
        let what = format!("{variant} at {} ({algorithm:?})", pos.position());
        let me = match pos.status() {
            Status::Decision(me) => me,
            _ => {
                // A chance root: no move, the expected value of the
                // player whose throw it is.
                chance_roots += 1;
                assert_eq!(r.best, None, "{what}");
                assert_score(r.score, solved[pos.side as usize], &what);
                continue;
            }
        };
        decisions += 1;
        let best = r.best.unwrap_or_else(|| panic!("{what}: no move"));
        assert!(maxn_best_moves(&pos).contains(&best), "{what}: {best:?}");
        let v = solved[me as usize];
        assert_score(r.score, v, &what);
        mates += usize::from(matches!(r.score, ScoreReport::Mate(_)));
        // The last info line says the same and its PV starts with the move.
        let last = lines.first().unwrap_or_else(|| panic!("{what}: no info"));
        assert_eq!(last.score, r.score, "{what}");
        assert_eq!(last.pv.first(), Some(&pos.move_text(best)), "{what}");
    }
    assert!(
        decisions > 120 && chance_roots > 10 && mates > 10,
        "{decisions} {chance_roots} {mates}"
    );
}

#[test]
fn multipv_ranks_every_root_move_by_its_solved_value() {
    let mut rng = Pcg64::seed_from_u64(8);
    let mut checked = 0;
    while checked < 40 {
        let variant = SOLVABLE[checked % SOLVABLE.len()];
        let Some(pos) = random_position(&TriRace::with(variant), rng.gen_range(0..10), &mut rng)
        else {
            continue;
        };
        let Status::Decision(me) = pos.status() else {
            continue;
        };
        let mut legal = Vec::new();
        pos.moves(&mut legal);
        let (_, lines) = search(&pos, &Limits::depth(12), &config(Algorithm::MaxN, 3), &[]);
        assert_eq!(lines.len(), legal.len().min(3), "{}", pos.position());
        let mut prev = f64::INFINITY;
        for line in &lines {
            let m = pos.parse_move(&line.pv[0]).expect("a legal first move");
            let mut child = pos.clone();
            child.play(m);
            let v = maxn(&child)[me as usize];
            assert_score(line.score, v, &pos.position());
            assert!(v <= prev + 1e-9, "{}: not ranked", pos.position());
            prev = v;
        }
        checked += 1;
    }
}

#[test]
fn every_search_returns_a_legal_move_whatever_its_limits() {
    let variants = [
        "",
        "dice=on",
        "players=4",
        "players=4 dice=on",
        "players=4 teams=on",
    ];
    let mut rng = Pcg64::seed_from_u64(77);
    let limits = [
        Limits::depth(1),
        Limits::depth(2),
        Limits::depth(5),
        Limits {
            nodes: Some(1),
            ..Limits::default()
        },
        Limits {
            nodes: Some(300),
            ..Limits::default()
        },
        Limits::movetime(1),
        Limits::movetime(5),
    ];
    for i in 0..105 {
        let variant = variants[i % variants.len()];
        let Some(mut pos) =
            random_position(&TriRace::with(variant), rng.gen_range(0..25), &mut rng)
        else {
            continue;
        };
        if pos.status() == Status::Chance {
            let mut outcomes = Vec::new();
            pos.outcomes(&mut outcomes);
            pos.play(outcomes[rng.gen_range(0..2)].0);
        }
        let mut legal = Vec::new();
        pos.moves(&mut legal);
        let lim = &limits[i % limits.len()];
        // MCTS too: it keeps a value per player of its own.
        let algorithm = [SEARCHES[0], SEARCHES[1], SEARCHES[2], Algorithm::Mcts][i % 4];
        let what = format!("{variant} at {} with {lim:?}", pos.position());
        let (r, lines) = search(&pos, lim, &config(algorithm, 1), &[]);
        let best = r.best.unwrap_or_else(|| panic!("{what}: no move"));
        assert!(legal.contains(&best), "{what}: {best:?}");
        // Every reported line is playable move by move.
        for line in &lines {
            assert_playable(&pos, &line.pv, &what);
        }
        // searchmoves: the one allowed move.
        let only = legal[legal.len() - 1];
        let (r, _) = search(&pos, lim, &config(algorithm, 1), &[only]);
        assert_eq!(r.best, Some(only), "{what}");
    }
}

#[test]
fn a_player_that_can_force_the_win_gets_the_winners_payoff_and_wins() {
    force_wins(Algorithm::Auto, &Limits::depth(8));
}

/// MCTS: the first move of a forced win is one the solver ranks best.
/// Its own values are means of playouts and its ties are not the solver's,
/// so the other players' replies (equal for them, not for the mover) may
/// leave the solver's line, and it is not played out.
#[test]
fn mcts_starts_a_forced_win_with_a_best_move() {
    let playouts = Limits {
        nodes: Some(50_000),
        ..Limits::default()
    };
    force_wins(Algorithm::Mcts, &playouts);
}

/// MCTS takes a sole win in one move, proven: `mate 1`, and the winner's
/// payoff.
#[test]
fn mcts_takes_a_win_in_one_of_three_or_four_players() {
    let mut rng = Pcg64::seed_from_u64(12);
    let mut found = 0;
    let cfg = config(Algorithm::Mcts, 1);
    for i in 0..300 {
        let variant = [
            "goal=4 limit=12",
            "players=4 goal=3 limit=12",
            "goal=3 dice=on limit=9",
        ][i % 3];
        let Some(pos) = random_position(&TriRace::with(variant), rng.gen_range(0..10), &mut rng)
        else {
            continue;
        };
        let Status::Decision(me) = pos.status() else {
            continue;
        };
        let wins = wins_in_one(&pos, me);
        if wins.is_empty() {
            continue;
        }
        found += 1;
        let what = format!("{variant} at {}", pos.position());
        let (r, _) = search(&pos, &Limits::depth(2), &cfg, &[]);
        assert!(wins.contains(&r.best.expect("a move")), "{what}");
        assert_eq!(r.score, ScoreReport::Mate(1), "{what}");
    }
    assert!(found >= 10, "only {found} wins in one found");
}

/// The moves of `me` that end the game at once with a sole win.
fn wins_in_one(pos: &TriRace, me: u8) -> Vec<<TriRace as Game>::Move> {
    let mut legal = Vec::new();
    pos.moves(&mut legal);
    legal.retain(|&m| {
        let mut c = pos.clone();
        c.play(m);
        matches!(c.status(), Status::Over(o) if o.payoff(me, pos.num_players()) == 1.0)
    });
    legal
}

/// From positions where the mover can force a sole win (not in one move),
/// `algorithm` within `limits` plays a move the solver ranks best; the
/// searches that see the end (all but MCTS) report it as `mate` and,
/// playing for every player, win the game with the winner's payoff.
fn force_wins(algorithm: Algorithm, limits: &Limits) {
    let mut rng = Pcg64::seed_from_u64(5);
    let mut found = 0;
    for i in 0..400 {
        if found >= 12 {
            break;
        }
        let variant = [
            "goal=4 limit=8",
            "players=4 goal=3 limit=8",
            "goal=3 dice=on limit=6",
        ][i % 3];
        let Some(pos) = random_position(&TriRace::with(variant), rng.gen_range(0..6), &mut rng)
        else {
            continue;
        };
        let Status::Decision(me) = pos.status() else {
            continue;
        };
        let n = pos.num_players();
        // Forced (max^n value 1: a sole win whatever the throws), and not
        // in one move.
        let wins_now = !wins_in_one(&pos, me).is_empty();
        if maxn(&pos)[me as usize] < 1.0 || wins_now {
            continue;
        }
        found += 1;
        let cfg = config(algorithm, 1);
        let (r, _) = search(&pos, limits, &cfg, &[]);
        let what = format!("{variant} at {} ({algorithm:?})", pos.position());
        let best = r.best.unwrap_or_else(|| panic!("{what}: no move"));
        assert!(maxn_best_moves(&pos).contains(&best), "{what}: {best:?}");
        if algorithm == Algorithm::Mcts {
            continue;
        }
        assert!(
            matches!(r.score, ScoreReport::Mate(m) if m >= 2),
            "{what}: {:?}",
            r.score
        );
        // Played out by the search for every player (throws at random):
        // the mover wins, with the winner's payoff.
        let mut game = pos.clone();
        loop {
            match game.status() {
                Status::Over(o) => {
                    // A sole win (everyone else behind, ranked or tied).
                    assert!(o.is_win_for(me, n), "{what}: {o:?}");
                    assert_eq!(o.payoff(me, n), 1.0, "{what}: {o:?}");
                    break;
                }
                Status::Chance => {
                    let mut outcomes = Vec::new();
                    game.outcomes(&mut outcomes);
                    game.play(outcomes[rng.gen_range(0..outcomes.len())].0);
                }
                Status::Decision(_) => {
                    let (r, _) = search(&game, limits, &cfg, &[]);
                    game.play(r.best.expect("a move"));
                }
            }
        }
    }
    assert!(found >= 12, "only {found} forced wins found");
}

/// Max^n keeps its values in a table of its own: a deep search of three
/// players fills it (`hashfull`) and still plays a move the solver ranks
/// best, with the solver's value.
#[test]
fn maxn_searches_three_players_with_a_table() {
    let pos = TriRace::at("goal=4 limit=12", "1 2 1 p1 - 3");
    let (r, lines) = search(&pos, &Limits::depth(9), &config(Algorithm::MaxN, 1), &[]);
    let last = lines.first().expect("an info line");
    assert!(last.hashfull > 0, "{last:?}");
    let best = r.best.expect("a move");
    assert!(maxn_best_moves(&pos).contains(&best), "{best:?}");
    assert_score(r.score, maxn(&pos)[0], "1 2 1 p1 - 3");
}
