//! The trainer's checkpoints (src/learn/train/checkpoint.rs), as
//! `agon train --resume` reads them: the first byte says whether the
//! checksum is made right first (bit 0: the last eight bytes replaced by
//! the FNV-1a of the rest, so that the fuzzer gets past it); the rest is
//! the file. A checkpoint that reads writes the same bytes, and one whose
//! sizes are a game's gives a network that writes and reads back.

#![no_main]

mod common;

use agon::game::Playable;
use agon::games::abalone::Abalone;
use agon::games::petteia::{Kubeia, Petteia};
use agon::games::zamma::Zamma;
use agon::learn::train::{Checkpoint, Layout, Spec};
use agon::nnue::network::Shape;
use agon::nnue::{NetInput, Network};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let bytes = common::checksummed(flags, rest);
    let Ok(c) = Checkpoint::from_bytes(&bytes) else {
        return;
    };
    assert_eq!(
        c.to_bytes(),
        bytes,
        "a checkpoint that reads writes its bytes"
    );
    resume::<Abalone>(&c);
    resume::<Zamma>(&c);
    resume::<Petteia>(&c);
    resume::<Kubeia>(&c);
});

/// What a resumed run makes of the checkpoint's parameters at its end:
/// the float network, quantized and written.
fn resume<G: NetInput + Playable>(c: &Checkpoint) {
    let spec = Spec::of::<G>();
    let layout = Layout {
        inputs: spec.inputs(),
        hidden: c.hidden,
    };
    if !c.game.eq_ignore_ascii_case(&spec.game)
        || (c.slots, c.kinds) != (spec.slots, spec.kinds)
        || c.params.len() != layout.params()
        || !(1..=256).contains(&c.hidden)
    {
        return;
    }
    let shape = Shape {
        game: spec.game.clone(),
        slots: spec.slots,
        kinds: spec.kinds,
        hidden: c.hidden,
    };
    let net = layout.to_net(&c.params, shape, &c.name);
    let bytes = net.quantize().to_bytes();
    Network::from_bytes(&bytes, &spec.game).expect("a quantized net reads back");
}
