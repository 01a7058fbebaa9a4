//! Property tests over random Palma playouts (throws drawn with the stick
//! probabilities from a seeded generator): the incremental hash equals the
//! hash from scratch, every move text parses back to the move, the position
//! string round-trips at every node, and nothing panics.

use agon::game::chance::draw_outcome;
use agon::game::{Game, GameOptions, Status};
use agon::games::palma::Palma;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

const OPTION_SETS: &[&str] = &[
    "",
    "first=jackals",
    "reverse=on",
    "extra_squares=5,15",
    "shortcuts=none",
    "shortcuts=7>13,16>27 extra_squares=none",
];

fn playout(options: &str, seed: u64) -> Result<(), TestCaseError> {
    let opts = GameOptions::parse(options, Palma::option_specs()).expect("options");
    let mut pos = Palma::new(&opts).expect("start");
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..2000 {
        prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
        let text = pos.position();
        let back = Palma::from_position(&text, &opts).expect("round trip");
        prop_assert_eq!(back.position(), text.clone());
        prop_assert_eq!(back.hash(), pos.hash());
        prop_assert_eq!(back.status(), pos.status());
        let m = match pos.status() {
            Status::Over(_) => return Ok(()),
            Status::Chance => {
                pos.outcomes(&mut outcomes);
                let total: f64 = outcomes.iter().map(|o| o.1).sum();
                prop_assert!((total - 1.0).abs() < 1e-12);
                draw_outcome(&outcomes, &mut rng).expect("a chance node has outcomes")
            }
            Status::Decision(_) => {
                pos.moves(&mut moves);
                prop_assert!(!moves.is_empty());
                prop_assert_eq!(moves.len(), pos.count_moves());
                for &m in &moves {
                    prop_assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
                    prop_assert!(pos.history_index(m) < agon::game::HISTORY_SIZE);
                }
                moves[rng.gen_range(0..moves.len())]
            }
        };
        prop_assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
        // The reverse table takes seconds to build; palma_race covers it.
        if !options.contains("reverse") {
            let e = pos.evaluate();
            prop_assert!(e.abs() <= agon::game::EVAL_LIMIT);
        }
        pos.play(m);
    }
    // Games last about 100 turns a side; 2000 plies means something is stuck.
    Err(TestCaseError::fail("no winner after 2000 plies"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>(), set in 0..OPTION_SETS.len()) {
        playout(OPTION_SETS[set], seed)?;
    }
}
