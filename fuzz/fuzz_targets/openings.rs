//! Openings files (src/arena/files.rs, `--openings-file`) and the record
//! files `agon openings --from` reads (src/arena/openings.rs: agon's
//! match records or the game's own format): the first byte picks the
//! game and options, the second the plies, the rest is the file's text.
//! Every position either returns must be one the game starts from.

#![no_main]

mod common;

use agon::arena::files::openings_in_text;
use agon::arena::openings::from_record_text;
use agon::game::{GameOptions, Playable};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [pick, plies, rest @ ..] = data else {
        return;
    };
    let v = common::variant(*pick);
    let text = common::text(rest);
    let plies = usize::from(*plies % 16);
    agon::with_game!(v.kind, G => check::<G>(&text, &v.options, plies));
});

fn check<G: Playable>(text: &str, options: &GameOptions, plies: usize) {
    let starts = |found: Vec<String>| {
        for p in found {
            G::from_position(&p, options)
                .unwrap_or_else(|e| panic!("opening {p:?} of {text:?} does not parse: {e}"));
        }
    };
    if let Ok(found) = openings_in_text::<G>(text, "fuzz", options) {
        starts(found);
    }
    if let Ok(found) = from_record_text::<G>(options, "fuzz", text, plies, 100) {
        starts(found);
    }
}
