//! Training data files (src/nnue/data.rs) as `agon train` and a resumed
//! `agon datagen` read them: reading never panics; a version 2 file's
//! header and whole games write back to its bytes; and every position of
//! a file of a game with a network (cells within its board) gives its
//! inputs, its mirror and the classic evaluation the trainer takes.

#![no_main]

use agon::game::Playable;
use agon::games::abalone::Abalone;
use agon::games::petteia::{Kubeia, Petteia};
use agon::games::zamma::Zamma;
use agon::learn::train::Spec;
use agon::nnue::data::{game_bytes, read_games, DataFile};
use agon::nnue::NetInput;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = read_games(data) else {
        return;
    };
    assert!(file.header_len <= file.complete_len && file.complete_len <= data.len());
    if data.get(8..10) == Some(&2u16.to_le_bytes()[..]) {
        assert_eq!(file.header.to_bytes(), data[..file.header_len]);
        let games: Vec<u8> = file
            .games
            .iter()
            .flat_map(|(index, samples)| game_bytes(*index, samples))
            .collect();
        assert_eq!(games, data[file.header_len..file.complete_len]);
    }
    train::<Abalone>(&file);
    train::<Zamma>(&file);
    train::<Petteia>(&file);
    train::<Kubeia>(&file);
});

/// What `agon train` does with each position of a file of `G`.
fn train<G: NetInput + Playable>(file: &DataFile) {
    let spec = Spec::of::<G>();
    let h = &file.header;
    if !h.game.eq_ignore_ascii_case(&spec.game) || (h.slots, h.kinds) != (spec.slots, spec.kinds) {
        return;
    }
    let mirror: Option<Vec<usize>> = spec
        .mirror
        .as_ref()
        .map(|m| m.iter().enumerate().map(|(s, m)| m.unwrap_or(s)).collect());
    let mut feats = Vec::new();
    for (_, samples) in &file.games {
        for s in samples {
            let _ = (spec.quiet)(s);
            s.features(spec.slots, usize::from(s.side), &mut feats);
            assert!(feats.iter().all(|&f| f < spec.inputs()));
            let _ = (spec.classic)(s);
            if let (Some(map), Some(m)) = (&mirror, &spec.mirror) {
                if s.pieces
                    .iter()
                    .flatten()
                    .all(|&c| m[usize::from(c)].is_some())
                {
                    let mirrored = s.mapped(map);
                    mirrored.features(spec.slots, usize::from(s.side), &mut feats);
                    let _ = (spec.classic)(&mirrored);
                }
            }
        }
    }
}
