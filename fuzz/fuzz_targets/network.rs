//! Network files as `EvalFile` reads them (src/nnue/network.rs), for
//! every game with a network: the first byte picks the game (bits 1-2)
//! and whether the checksum is made right first (bit 0: the last eight
//! bytes replaced by the FNV-1a of the rest, so that the fuzzer gets
//! past the checksum); the rest is the file. A file that reads writes
//! the same bytes, and evaluates positions without panicking.

#![no_main]

mod common;

use std::sync::Arc;

use agon::game::{EvalChoice, EvalResources, Evaluator, GameOptions, Playable, Status};
use agon::games::abalone::Abalone;
use agon::games::petteia::{Kubeia, Petteia};
use agon::games::zamma::Zamma;
use agon::nnue::Network;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let bytes = common::checksummed(flags, rest);
    match (flags >> 1) % 4 {
        0 => check::<Abalone>(&bytes),
        1 => check::<Zamma>(&bytes),
        2 => check::<Petteia>(&bytes),
        _ => check::<Kubeia>(&bytes),
    }
});

fn check<G: Playable>(bytes: &[u8]) {
    let Ok(net) = Network::from_bytes(bytes, G::NAME) else {
        return;
    };
    assert_eq!(
        net.to_bytes(),
        bytes,
        "a network that reads writes its bytes"
    );
    let _ = (net.label(), net.hash());
    let res = EvalResources {
        choice: EvalChoice::Nnue,
        net: Some(Arc::new(net)),
        weights: None,
    };
    let Ok(eval) = G::evaluator_with(&res) else {
        return;
    };
    let mut pos = G::new(&GameOptions::defaults(G::option_specs())).expect("the start");
    eval.prepare(&pos);
    // A playout that takes a different move each ply.
    for ply in 0..40usize {
        if let Status::Decision(p) = pos.status() {
            let _ = eval.evaluate_for(&pos, p);
            let _ = eval.terms_cp(&pos);
        }
        let legal = common::legal(&pos);
        if legal.is_empty() {
            break;
        }
        pos.play(legal[(ply * 7 + 3) % legal.len()]);
    }
}
