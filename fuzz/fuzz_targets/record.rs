//! agon's match records (src/arena/record.rs), comments and engine notes
//! included, for the game the first byte picks: reading never panics, a
//! record that reads and replays writes a text that reads back, and
//! writing what that gives changes nothing more.

#![no_main]

mod common;

use agon::arena::record::{first_options, is_match_record, read_located};
use agon::game::Playable;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let v = common::variant(pick);
    let text = common::text(rest);
    let _ = first_options(&text);
    let _ = is_match_record(&text);
    agon::with_game!(v.kind, G => check::<G>(&text));
});

fn check<G: Playable>(text: &str) {
    let Ok(records) = read_located::<G>(text) else {
        return;
    };
    assert!(records.whole_len <= text.len());
    for located in &records.records {
        let _ = located.tag_line("Options");
        let _ = located.record.ending::<G>();
        let _ = located.record.result();
        if located.replay::<G>().is_err() {
            continue;
        }
        let written = located.record.text::<G>();
        let again = read_located::<G>(&written)
            .unwrap_or_else(|e| panic!("the record written as {written:?} does not read: {e}"));
        assert_eq!(again.records.len(), 1, "{written:?}");
        let second = &again.records[0].record;
        second
            .replay::<G>()
            .unwrap_or_else(|e| panic!("the record written as {written:?} does not replay: {e}"));
        let rewritten = second.text::<G>();
        let third = read_located::<G>(&rewritten)
            .unwrap_or_else(|e| panic!("{rewritten:?} does not read: {e}"));
        assert_eq!(&third.records[0].record, second, "{written:?}");
    }
}
