//! The Petteia/Kubeia transcription (src/games/petteia/record.rs), as
//! `read_records` reads a file of them: the first byte picks the game
//! and its options (Greek letters or not), the rest is the text. Reading
//! never panics, and a record that reads writes a transcription that
//! reads back to the same moves (but for rolls after the last move,
//! which the format writes only with their move).

#![no_main]

mod common;

use agon::game::{GameOptions, Playable, Status};
use agon::games::petteia::{Kubeia, Petteia};
use libfuzzer_sys::fuzz_target;

const OPTIONS: &[&str] = &["", "greek=on", "kings=mirror", "nocapture_plies=8 greek=on"];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = common::text(rest);
    let options = OPTIONS[usize::from(pick >> 1) % OPTIONS.len()];
    if pick & 1 == 0 {
        check::<Petteia>(&text, options);
    } else {
        check::<Kubeia>(&text, options);
    }
});

fn check<G: Playable>(text: &str, options: &str) {
    let options = GameOptions::parse(options, G::option_specs()).expect("valid options");
    let Ok(records) = G::read_records(text, &options) else {
        return;
    };
    for mut r in records {
        // A roll is written with the move it is for: the rolls after the
        // last move are not (nor is a record without moves).
        let mut pos = r.start.clone();
        let mut decided = 0;
        for (i, m) in r.moves.iter().enumerate() {
            let decision = matches!(pos.status(), Status::Decision(_));
            let m = pos.parse_move(m).expect("a move the record read");
            pos.play(m);
            if decision {
                decided = i + 1;
            }
        }
        r.moves.truncate(decided);
        if r.moves.is_empty() {
            continue;
        }
        let names = ["white".to_string(), "black".to_string()];
        let written = G::write_record(&r.start, &r.moves, r.result, &names)
            .unwrap_or_else(|e| panic!("a record read from {text:?} does not write: {e}"));
        let again = G::read_records(&written, &options)
            .unwrap_or_else(|e| panic!("the record written as {written:?} does not read: {e}"));
        assert_eq!(again.len(), 1, "{written:?}");
        assert_eq!(again[0].moves, r.moves, "{written:?}");
        assert_eq!(again[0].result, r.result, "{written:?}");
        assert_eq!(again[0].start.position(), r.start.position(), "{written:?}");
    }
}
