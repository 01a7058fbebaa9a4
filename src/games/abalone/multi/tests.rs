//! The rules file's worked examples and start counts, on the engine.

use super::AbaloneMulti;
use crate::game::perft::perft;
use crate::game::{Game, GameOptions, Notation, Outcome, Status};

fn options(players: u8) -> GameOptions {
    GameOptions::parse(&format!("players={players}"), super::super::options::SPECS).unwrap()
}

fn at(text: &str, players: u8) -> AbaloneMulti {
    AbaloneMulti::from_position(text, &options(players)).unwrap()
}

fn play(pos: &mut AbaloneMulti, text: &str) {
    let m = pos.parse_move(text).unwrap();
    pos.play(m);
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "after {text}");
}

#[test]
fn starts_have_the_rules_perft_counts() {
    for (players, counts) in [(3, [40, 1587]), (4, [43, 1696]), (6, [36, 1172])] {
        let pos = AbaloneMulti::new(&options(players)).unwrap();
        assert_eq!(pos.num_players(), players as usize);
        for (depth, &n) in counts.iter().enumerate() {
            assert_eq!(
                perft(&pos, depth as u32 + 1),
                n,
                "players={players} depth {}",
                depth + 1
            );
        }
    }
}

#[test]
fn start_strings_round_trip() {
    for players in [3, 4, 6] {
        let pos = AbaloneMulti::new(&options(players)).unwrap();
        assert_eq!(pos.position(), super::position::start_text(players));
        let again = at(&pos.position(), players);
        assert_eq!(again.hash(), pos.hash());
    }
}

#[test]
fn mixed_colours_count_together() {
    // Example 1: Black c5 d5 e5 pushes White f5 and Red g5 (3-2).
    let mut pos = at("5/6/2r4/3w4/4b4/4b3/4b2/6/5 b", 3);
    play(&mut pos, "c5d5");
    assert_eq!(pos.position(), "5/1r4/2w4/3b4/4b4/4b3/7/6/5 w 1");
    // A third opposing marble (White h5) makes a pac; Black's own on h5
    // blocks the push.
    for text in [
        "5/1w4/2r4/3w4/4b4/4b3/4b2/6/5 b",
        "5/1b4/2r4/3w4/4b4/4b3/4b2/6/5 b",
    ] {
        assert!(at(text, 3).parse_move("c5d5").is_err(), "{text}");
    }
}

#[test]
fn the_sixth_point_wins_at_once() {
    // Example 2: f6 g6 h6 push White i6 off; Black reaches six.
    let mut pos = at("1w3/2b3/3b3/4b3/9/8/7/6/5+5b0w0r b", 3);
    play(&mut pos, "f6g6");
    assert_eq!(pos.score(0), 6);
    assert_eq!(pos.status(), Status::Over(Outcome::Win(0)));
}

#[test]
fn partners_push_together() {
    // Example 3: Black d4 with Red e4 f4 pushes White g4 (3-1).
    let mut pos = at("5/6/1w5/2r5/3r5/3b4/7/6/5 b", 4);
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    assert_eq!(moves.len(), 6);
    play(&mut pos, "d4e4");
    assert_eq!(pos.position(), "5/w5/1r5/2r5/3b5/8/7/6/5 w 1");
    // Red's marble at the back is not Black's to push with; without an
    // opposing marble to push, partner marbles never move.
    assert!(at("5/6/1w5/2b5/3b5/3r4/7/6/5 b", 4)
        .parse_move("d4e4")
        .is_err());
    let no_push = at("5/6/7/2r5/3b5/3b4/7/6/5 b", 4);
    assert!(no_push.parse_move("d4e4").is_err());
    assert!(no_push.parse_move("e4f4").is_err());
}

#[test]
fn a_team_win_ranks_both_partners_first() {
    // Example 4: e5 f5 g5 push White h5 and Blue i5: Blue's marble off.
    let mut pos = at("u4/1w4/2b4/3b4/4b4/8/7/6/5+2b0w3r0u b", 4);
    play(&mut pos, "e5f5");
    assert_eq!(pos.status(), Status::Over(Outcome::team_win(&[0, 2], 4)));
}

#[test]
fn a_player_without_marbles_passes() {
    // Example 5: White and Red pass, then Blue has three moves.
    let pos = at("5/6/7/8/4b4/8/7/6/u4 w", 6);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&pos, d)).collect();
    assert_eq!(counts, [1, 1, 3]);
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    assert_eq!(pos.move_text(moves[0]), "pass");
    assert!(pos.parse_move("pass").is_ok());
    let start = AbaloneMulti::new(&options(6)).unwrap();
    assert!(start.parse_move("pass").is_err());
}

#[test]
fn broken_strings_are_errors() {
    for (text, players) in [
        ("5/6/7/8/4y4/8/7/6/5 b", 4),        // Yellow not in a 4-player game
        ("5/6/7/8/4b4/8/7/6/5+7b0w0r b", 3), // over six
        ("5/6/7/8/4b4/8/7/6/5+1b0w b", 3),   // a score missing
        ("5/6/7/8/4b4/8/7/6/5 x", 3),        // no such side
        ("bbbbb/bbbbbb/bbbbbbb/8/4w4/8/7/6/5 b", 3), // 18 Black marbles
    ] {
        assert!(
            AbaloneMulti::from_position(text, &options(players)).is_err(),
            "{text}"
        );
    }
    let two = GameOptions::parse("players=3 layout=belgian", super::super::options::SPECS).unwrap();
    assert!(AbaloneMulti::new(&two).is_err());
}
