//! `bestmove` always names a legal move: random positions of every game
//! (seeded random playouts made with the rules library), sent as position
//! strings, searched with `go depth 2 movetime 200`, and the answer checked against the
//! library's legal moves.

use crate::common;

use agon::game::walk::random_ply;
use agon::game::Playable;
use agon::game::{GameOptions, Status};
use agon::games::GameKind;
use common::Agon;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

const POSITIONS_PER_GAME: usize = 25;

fn random_position<G: Playable>(rng: &mut Pcg64) -> G {
    let mut pos = G::new(&GameOptions::defaults(G::option_specs())).unwrap();
    let plies = rng.gen_range(0..120);
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..plies {
        let Some(m) = random_ply(&pos, rng, &mut moves, &mut outcomes) else {
            break;
        };
        pos.play(m);
    }
    pos
}

fn check_game<G: Playable>(e: &mut Agon, rng: &mut Pcg64) {
    e.send(&format!("setoption name Game value {}", G::NAME));
    for _ in 0..POSITIONS_PER_GAME {
        let pos = random_position::<G>(rng);
        let text = pos.position();
        e.send(&format!("position fen {text}"));
        // movetime bounds the test's run time whatever the search's
        // branching (chance nodes multiply it).
        e.send("go depth 2 movetime 200");
        let out = e.until(|l| l.starts_with("bestmove"));
        let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
        assert!(errors.is_empty(), "{}: {text}: {errors:?}", G::NAME);
        let best = out.last().unwrap();
        let word = best.split_whitespace().nth(1).unwrap_or("");
        match pos.status() {
            Status::Decision(_) => {
                let mut legal = Vec::new();
                pos.moves(&mut legal);
                let texts: Vec<String> = legal.iter().map(|m| pos.move_text(*m)).collect();
                assert!(
                    texts.iter().any(|t| t == word),
                    "{}: {text}: '{best}' is not one of {texts:?}",
                    G::NAME
                );
            }
            // Chance nodes and finished games: no move to name.
            _ => assert_eq!(best, "bestmove (none)", "{}: {text}", G::NAME),
        }
    }
}

#[test]
fn bestmove_is_always_legal() {
    let mut rng = Pcg64::seed_from_u64(0xBE57);
    let mut e = Agon::start();
    for kind in GameKind::ALL {
        agon::with_game!(*kind, G => check_game::<G>(&mut e, &mut rng));
    }
}
