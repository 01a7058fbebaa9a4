//! Petteia- and Kubeia-specific properties over random playouts (rolls
//! drawn with a seeded RNG): a roll is one of the 21 outcomes whichever
//! order its dice are written in, junk records and position strings are
//! refused without panic. The Game contract is `game_contract.rs`, checked
//! here on these playouts too.

use crate::game_contract::check_node;
use agon::game::Notation;
use agon::game::Playable;
use agon::game::{Game, GameOptions, Status};
use agon::games::petteia::{Kubeia, Petteia};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

fn playout<G: Playable>(seed: u64, plies: usize, options: &str) {
    let opts = GameOptions::parse(options, G::option_specs()).unwrap();
    let mut g = G::new(&opts).unwrap();
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut buf = Vec::new();
    let mut outs = Vec::new();
    for _ in 0..plies {
        check_node(&g, true).unwrap_or_else(|e| panic!("{e}"));
        match g.status() {
            Status::Over(_) => break,
            Status::Chance => {
                g.outcomes(&mut outs);
                assert_eq!(outs.len(), 21);
                let (a, b) = (rng.gen_range(1..=6), rng.gen_range(1..=6));
                let m = g.parse_move(&format!("r{a}{b}")).unwrap();
                assert!(outs.iter().any(|&(o, _)| o == m));
                g.play(m);
            }
            Status::Decision(_) => {
                g.moves(&mut buf);
                for &m in &buf {
                    let _ = (g.order_hint(m), g.is_forcing(m));
                }
                let m = buf[rng.gen_range(0..buf.len())];
                g.play(m);
            }
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(24))]

    #[test]
    fn petteia_playouts(seed in any::<u64>(), mirror in any::<bool>()) {
        let o = if mirror { "kings=mirror nocapture_plies=40" } else { "nocapture_plies=40" };
        playout::<Petteia>(seed, 300, o);
    }

    #[test]
    fn junk_input_is_refused_without_panic(text in "\\PC{0,60}", ranks in "([0-9pobPOB]{0,14}/){7}[0-9pobPOB]{0,14} [wb] [-?0-9]{1,2} [0-9],[0-9] [0-9]{1,3} [0-9]{1,3} [*]") {
        let o = GameOptions::defaults(Petteia::option_specs());
        let _ = Petteia::from_position(&text, &o);
        let _ = Kubeia::from_position(&text, &o);
        let _ = Petteia::from_position(&ranks, &o);
        let _ = Kubeia::from_position(&ranks, &o);
        let g = Petteia::new(&o).unwrap();
        let _ = g.parse_move(&text);
        let _ = agon::games::petteia::record::read::<true>(&text, &o, true);
        let _ = agon::games::petteia::record::read::<false>(&text, &o, false);
    }

    #[test]
    fn kubeia_playouts(seed in any::<u64>()) {
        playout::<Kubeia>(seed, 400, "nocapture_plies=60");
    }
}
