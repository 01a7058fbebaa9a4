//! Position strings of every game, option set and player count: a string
//! that parses prints a string that parses to the same position (the
//! same string, hash and legal moves), and its hash is the hash from
//! scratch. The first byte picks the game and options (common::VARIANTS),
//! the rest is the string.

#![no_main]

mod common;

use agon::game::Playable;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let v = common::variant(pick);
    let text = common::text(rest);
    agon::with_game!(v.kind, G => round_trip::<G>(&text, &v.options));
});

/// The most legal moves of one position whose words are round-tripped.
const CHECKED_MOVES: usize = 64;

fn round_trip<G: Playable>(text: &str, options: &agon::game::GameOptions) {
    let Ok(pos) = G::from_position(text, options) else {
        return;
    };
    let printed = pos.position();
    let again = G::from_position(&printed, options)
        .unwrap_or_else(|e| panic!("{text:?} prints {printed:?}, which does not parse: {e}"));
    assert_eq!(again.position(), printed, "{text:?}");
    assert_eq!(
        again.hash(),
        pos.hash(),
        "{text:?} and {printed:?} hash apart"
    );
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "{text:?}");
    assert_eq!(again.status(), pos.status(), "{text:?}");
    let legal = common::legal(&pos);
    assert_eq!(common::legal(&again), legal, "{text:?}");
    let _ = pos.board_text();
    // Each legal move prints a word that parses to it, and playing it
    // keeps the incremental hash. Parsing a word looks through the legal
    // moves, so checking all of them costs their number squared: a Zamma
    // position with 1,975 moves took 17 s under the sanitizer. At most
    // CHECKED_MOVES of them, spread over the list, keep each input short.
    let step = legal.len().div_ceil(CHECKED_MOVES).max(1);
    for &m in legal.iter().step_by(step) {
        let word = pos.move_text(m);
        match pos.parse_move(&word) {
            Ok(back) => assert_eq!(back, m, "{printed:?}: '{word}'"),
            Err(e) => panic!("{printed:?}: the legal move '{word}' does not parse: {e}"),
        }
        let mut next = pos.clone();
        next.play(m);
        assert_eq!(
            next.hash(),
            next.hash_from_scratch(),
            "{printed:?} then '{word}'"
        );
    }
}
