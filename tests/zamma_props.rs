//! Property tests over random Zamma playouts: the incremental hash equals
//! the hash from scratch, every move's text parses back to the same move,
//! moves are pairwise distinct, the position string round-trips, the
//! search hooks stay in range, and nothing panics.

use agon::game::{Game, GameOptions, Status, EVAL_LIMIT, HISTORY_SIZE};
use agon::games::zamma::Zamma;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

const OPTIONS: [&str; 4] = [
    "",
    "board=full",
    "board=orthogonal",
    "mullah_landing=continue quiet_plies=off",
];

fn check_node(z: &Zamma) -> Result<Vec<<Zamma as Game>::Move>, TestCaseError> {
    prop_assert_eq!(z.hash(), z.hash_from_scratch());
    let text = z.position();
    let back =
        Zamma::from_position(&text, z.options()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(back.position(), text.clone());
    prop_assert_eq!(back.hash(), z.hash());
    let mut moves = Vec::new();
    z.moves(&mut moves);
    prop_assert_eq!(moves.len(), z.count_moves());
    prop_assert_eq!(moves.is_empty(), z.status().is_over(), "{}", text);
    for (i, &m) in moves.iter().enumerate() {
        prop_assert!(!moves[..i].contains(&m), "duplicate move at {}", text);
        let mt = z.move_text(m);
        prop_assert_eq!(z.parse_move(&mt).ok(), Some(m), "{} at {}", mt, text);
        prop_assert!(z.history_index(m) < HISTORY_SIZE);
        prop_assert_eq!(z.is_forcing(m), m.is_capture());
    }
    if let Status::Decision(_) = z.status() {
        prop_assert!(z.evaluate().abs() < EVAL_LIMIT);
    }
    Ok(moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>(), which in 0usize..4) {
        let opts = GameOptions::parse(OPTIONS[which], Zamma::option_specs()).unwrap();
        let mut z = Zamma::new(&opts).unwrap();
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        for _ in 0..200 {
            let moves = check_node(&z)?;
            if moves.is_empty() {
                break;
            }
            z.play(moves[rng.gen_range(0..moves.len())]);
        }
    }

    #[test]
    fn garbage_input_is_an_error_not_a_panic(text in "\\PC{0,40}") {
        let opts = GameOptions::parse("", Zamma::option_specs()).unwrap();
        let _ = Zamma::from_position(&text, &opts);
        let z = Zamma::new(&opts).unwrap();
        let _ = z.parse_move(&text);
    }

    #[test]
    fn near_miss_positions_are_an_error_not_a_panic(
        cells in proptest::collection::vec(prop_oneof![Just('b'), Just('w'), Just('B'), Just('W'), Just('1'), Just('9'), Just('/')], 0..120),
        side in prop_oneof![Just("b"), Just("w"), Just("x")],
    ) {
        let board: String = cells.into_iter().collect();
        let opts = GameOptions::parse("", Zamma::option_specs()).unwrap();
        if let Ok(z) = Zamma::from_position(&format!("{board} {side} 0 0"), &opts) {
            check_node(&z)?;
        }
    }
}
