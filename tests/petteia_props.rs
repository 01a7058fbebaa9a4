//! Property tests over random Petteia and Kubeia playouts (rolls drawn
//! with a seeded RNG): the incremental hash equals the one from scratch,
//! move texts and position strings round-trip, and nothing panics.

use agon::game::{Game, GameOptions, Status, HISTORY_SIZE};
use agon::games::petteia::{Kubeia, Petteia};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

fn playout<G: Game>(seed: u64, plies: usize, options: &str) {
    let opts = GameOptions::parse(options, G::option_specs()).unwrap();
    let mut g = G::new(&opts).unwrap();
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut buf = Vec::new();
    let mut outs = Vec::new();
    for _ in 0..plies {
        assert_eq!(g.hash(), g.hash_from_scratch());
        let again = G::from_position(&g.position(), &opts).unwrap();
        assert_eq!(again.position(), g.position());
        assert_eq!(again.hash(), g.hash());
        assert_eq!(again.status(), g.status());
        match g.status() {
            Status::Over(_) => {
                g.moves(&mut buf);
                assert!(buf.is_empty());
                break;
            }
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
                assert!(!buf.is_empty());
                assert_eq!(g.count_moves(), buf.len());
                for &m in &buf {
                    let text = g.move_text(m);
                    assert_eq!(g.parse_move(&text).unwrap(), m, "{text}");
                    assert!(g.history_index(m) < HISTORY_SIZE);
                    let _ = (g.order_hint(m), g.is_forcing(m));
                }
                let _ = g.evaluate();
                let m = buf[rng.gen_range(0..buf.len())];
                g.play(m);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

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
