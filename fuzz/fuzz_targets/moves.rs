//! Move words against a position: the start position of a game picked
//! by the first byte, after as many plies as the second byte says, each
//! chosen among the legal moves (or outcomes) by one byte; then the rest
//! is words, each parsed and, if it parses, played. A word that parses
//! must be legal there, and its move must print as a word that parses
//! back to it.

#![no_main]

mod common;

use agon::game::{GameOptions, Playable};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [pick, plies, rest @ ..] = data else {
        return;
    };
    let v = common::variant(*pick);
    let plies = usize::from(*plies % 32).min(rest.len());
    let (choices, words) = rest.split_at(plies);
    let words = common::text(words);
    agon::with_game!(v.kind, G => check::<G>(&v.options, choices, &words));
});

fn check<G: Playable>(options: &GameOptions, choices: &[u8], words: &str) {
    let mut pos = G::new(options).expect("the start of valid options");
    for &c in choices {
        let legal = common::legal(&pos);
        if legal.is_empty() {
            break;
        }
        pos.play(legal[usize::from(c) % legal.len()]);
    }
    for word in words.split_whitespace() {
        let Ok(m) = pos.parse_move(word) else {
            continue;
        };
        let legal = common::legal(&pos);
        assert!(
            legal.contains(&m),
            "'{word}' parses to {m:?}, not legal in {}",
            pos.position()
        );
        let printed = pos.move_text(m);
        match pos.parse_move(&printed) {
            Ok(back) => assert_eq!(back, m, "'{word}' prints as '{printed}'"),
            Err(e) => panic!("'{word}' prints as '{printed}', which does not parse: {e}"),
        }
        pos.play(m);
        assert_eq!(pos.hash(), pos.hash_from_scratch(), "after '{word}'");
    }
}
