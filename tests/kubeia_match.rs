//! Kubeia matches: the two games of a colour-swapped pair see the same
//! sequence of rolls (mirrored dice), though the players and so the moves
//! differ.

use agon::arena::{play_game, random_opening, EngineSpec};
use agon::game::Evaluated;
use agon::game::Notation;
use agon::game::{Evaluator, Game, GameOptions};
use agon::games::petteia::Kubeia;
use rand::SeedableRng;
use rand_pcg::Pcg64;

fn rolls(moves: &[String]) -> Vec<&String> {
    moves.iter().filter(|m| m.starts_with('r')).collect()
}

#[test]
fn a_pair_of_games_sees_the_same_rolls() {
    let opts = GameOptions::parse("", Kubeia::option_specs()).unwrap();
    let start = Kubeia::new(&opts).unwrap();
    let greedy = EngineSpec::parse("search=greedy").unwrap();
    let random = EngineSpec::parse("search=random,seed=3").unwrap();
    let mut checked = 0;
    for seed in 0..4u64 {
        let opening = random_opening(&start, 4, &mut Pcg64::seed_from_u64(seed));
        let first = play_game(&opening, &[&greedy, &random], 60, 1000 + seed)
            .expect("built-in engines start");
        let second = play_game(&opening, &[&random, &greedy], 60, 1000 + seed)
            .expect("built-in engines start");
        assert_ne!(first.moves, second.moves);
        let (r1, r2) = (rolls(&first.moves), rolls(&second.moves));
        let common = r1.len().min(r2.len());
        assert_eq!(r1[..common], r2[..common]);
        checked += common;
        // A different seed gives other rolls: the sequence is the seed's.
        let other = play_game(&opening, &[&greedy, &random], 60, 2000 + seed)
            .expect("built-in engines start");
        let r3 = rolls(&other.moves);
        let n = r1.len().min(r3.len());
        assert_ne!(r1[..n], r3[..n]);
    }
    assert!(checked >= 20, "only {checked} rolls compared");
}

/// The 1-ply `greedy` opponent scores a move by the position after it,
/// which in Kubeia is a roll for the opponent: its value is the opponent's
/// evaluation negated (no roll here is a double, so the turn passes).
#[test]
fn greedy_scores_the_position_before_the_opponents_roll() {
    use agon::game::Status;
    use agon::search::{greedy, ScoreReport};
    let opts = GameOptions::parse("", Kubeia::option_specs()).unwrap();
    let start = Kubeia::new(&opts).unwrap();
    let mut tried = 0;
    for seed in 0..6u64 {
        let pos = random_opening(&start, 5, &mut Pcg64::seed_from_u64(seed));
        let Status::Decision(me) = pos.status() else {
            continue;
        };
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let mut best = i32::MIN;
        for &m in &moves {
            let mut child = pos.clone();
            child.play(m);
            match child.status() {
                Status::Chance if child.state().side != usize::from(me) => {
                    best = best.max(-<Kubeia as Evaluated>::Evaluator::default().evaluate(&child))
                }
                _ => {}
            }
        }
        let result = greedy::think(&<Kubeia as Evaluated>::Evaluator::default(), &pos, &[], 0);
        if best == i32::MIN {
            continue;
        }
        tried += 1;
        assert_eq!(result.score, ScoreReport::Cp(best), "{}", pos.position());
    }
    assert!(tried >= 3);
}
