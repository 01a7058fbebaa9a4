//! The 2,589 MiGs games (positions/abalone-migs-2016-2017.apgn, all from
//! Belgian Daisy) replay legally through agon's APGN reader and notation
//! parser, and agon writes each record's move text back identically.

use agon::games::abalone::record;

const RECORDS: &str = include_str!("../positions/abalone-migs-2016-2017.apgn");

/// The move-text blocks of the file as written (the paragraphs not made
/// of tags), read without the APGN parser.
fn raw_move_texts() -> Vec<&'static str> {
    RECORDS
        .split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty() && !b.starts_with('['))
        .collect()
}

#[test]
fn every_migs_game_replays_and_writes_back_identically() {
    let records = record::parse(RECORDS).expect("the file parses");
    // shared/data/README.md: 2,589 games, 262,032 moves.
    assert_eq!(records.len(), 2589);
    let total: usize = records.iter().map(|r| r.moves.len()).sum();
    assert_eq!(total, 262_032);
    let raw = raw_move_texts();
    assert_eq!(raw.len(), records.len());
    for (i, (record, raw)) in records.iter().zip(&raw).enumerate() {
        let event = record.tag("Event").unwrap_or("?");
        let (moves, _) = record
            .replay()
            .unwrap_or_else(|e| panic!("game {} ({event}): {e}", i + 1));
        if let Some(plies) = record.tag("Plies") {
            assert_eq!(plies.parse::<usize>().ok(), Some(moves.len()), "{event}");
        }
        // Re-derive each token from the engine's own notation.
        let written = record::move_tokens(&record.start().unwrap(), &moves);
        assert_eq!(written, record.moves, "{event}: move tokens differ");
        let block = record::write_move_text(&written, &record.comments, &record.result, 0);
        assert_eq!(&block, raw, "{event}: move text layout differs");
    }
}

#[test]
fn records_write_back_whole() {
    let records = record::parse(RECORDS).unwrap();
    let mut out = String::new();
    for r in &records {
        out.push_str(&r.write().unwrap());
        out.push('\n');
    }
    assert_eq!(out.trim_end(), RECORDS.trim_end());
}

#[test]
fn reader_handles_comments_numbers_and_results() {
    let text = "[Event \"x\"]\n[Variant \"Belgian Daisy\"]\n\n\
                {opening} 1. i9h8 {a quiet start} i6h6 2.i8h7 a5b5 1/2-1/2\n";
    let records = record::parse(text).unwrap();
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(r.moves, ["i9h8", "i6h6", "i8h7", "a5b5"]);
    assert_eq!(r.result, "1/2-1/2");
    assert_eq!(r.comments.len(), 2);
    assert_eq!(r.replay().unwrap().0.len(), 4);
    assert_eq!(
        r.move_text().unwrap(),
        "{opening} 1. i9h8 {a quiet start} i6h6 2. i8h7 a5b5 1/2-1/2"
    );
    let bad = record::parse("[Event \"x\"]\n\n1. i9h8 i6h6").unwrap_err();
    assert!(bad.to_string().contains("no result"), "{bad}");
    let illegal = &record::parse("[Variant \"belgian\"]\n\n1. a1a0 *\n").unwrap()[0];
    assert!(illegal.replay().is_err());
}
