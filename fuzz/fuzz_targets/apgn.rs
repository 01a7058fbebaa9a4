//! Abalone's APGN records (src/games/abalone/record.rs), two players and
//! more (src/games/abalone/multi/record.rs): reading never panics, and a
//! record that reads and replays writes a text that reads back to the
//! same record.

#![no_main]

mod common;

use agon::game::{Game, GameOptions, Playable};
use agon::games::abalone::multi::AbaloneMulti;
use agon::games::abalone::record::{outcome_word, parse};
use agon::games::abalone::Abalone;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = common::text(data);
    if let Ok(records) = parse(&text) {
        for r in &records {
            let _ = r.options();
            let _ = outcome_word(&r.result);
            // Only a record of legal moves: a word that is no move may
            // read as a move number or a result once written.
            if r.replay().is_err() {
                continue;
            }
            let Ok(written) = r.write() else {
                continue;
            };
            let again = parse(&written)
                .unwrap_or_else(|e| panic!("the record written as {written:?} does not read: {e}"));
            assert_eq!(again.len(), 1, "{written:?}");
            assert_eq!(&again[0], r, "{written:?}");
        }
    }
    replay::<Abalone>(&text, &GameOptions::defaults(Abalone::option_specs()));
    let multi = GameOptions::parse("players=3", AbaloneMulti::option_specs()).expect("options");
    replay::<AbaloneMulti>(&text, &multi);
});

/// The game's own reading of the records, each replayed.
fn replay<G: Playable>(text: &str, options: &GameOptions) {
    let Ok(records) = G::read_records(text, options) else {
        return;
    };
    for r in records {
        let mut pos = r.start.clone();
        let mut played = Vec::new();
        for m in &r.moves {
            let legal = common::legal(&pos);
            match pos.parse_move(m) {
                Ok(mv) if legal.contains(&mv) => {
                    played.push(pos.move_text(mv));
                    pos.play(mv);
                }
                _ => break,
            }
        }
        let names: Vec<String> = (0..r.start.num_players())
            .map(|p| format!("p{p}"))
            .collect();
        let Ok(written) = G::write_record(&r.start, &played, None, &names) else {
            continue;
        };
        let again = G::read_records(&written, options)
            .unwrap_or_else(|e| panic!("the record written as {written:?} does not read: {e}"));
        assert_eq!(again.len(), 1, "{written:?}");
        assert_eq!(again[0].moves, played, "{written:?}");
        assert_eq!(again[0].start.position(), r.start.position(), "{written:?}");
    }
}
