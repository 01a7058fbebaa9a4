//! Palma-specific properties over random playouts (throws drawn with the
//! stick probabilities from a seeded generator): every game ends, in every
//! option set. The Game contract is `game_contract.rs`, checked here on
//! these playouts too.

use crate::game_contract::check_node;
use agon::game::walk::random_ply;
use agon::game::{Game, GameOptions};
use agon::games::palma::Palma;
use proptest::prelude::*;
use rand::SeedableRng;
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
        // The reverse table takes seconds to build; palma_race covers it.
        check_node(&pos, !options.contains("reverse")).map_err(TestCaseError::fail)?;
        let Some(m) = random_ply(&pos, &mut rng, &mut moves, &mut outcomes) else {
            return Ok(());
        };
        pos.play(m);
    }
    // Games last about 100 turns a side; 2000 plies means something is stuck.
    Err(TestCaseError::fail("no winner after 2000 plies"))
}

proptest! {
    #![proptest_config(crate::common::proptest_config(48))]
    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>(), set in 0..OPTION_SETS.len()) {
        playout(OPTION_SETS[set], seed)?;
    }
}
