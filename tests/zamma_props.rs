//! Zamma-specific properties: a move is forcing exactly when it captures,
//! and positions built from random board characters are refused or keep
//! the Game contract (`game_contract.rs`, which covers the rest).

use crate::game_contract;
use agon::game::Notation;
use agon::game::SearchHints;
use agon::game::{Game, GameOptions};
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
    game_contract::check_node(z, true).map_err(TestCaseError::fail)?;
    let mut moves = Vec::new();
    z.moves(&mut moves);
    for &m in &moves {
        prop_assert_eq!(z.is_forcing(m), m.is_capture());
    }
    Ok(moves)
}

proptest! {
    #![proptest_config(crate::common::proptest_config(48))]

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
