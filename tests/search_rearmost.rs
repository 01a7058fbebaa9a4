//! The `rearmost` test opponent: on hand-made Palma positions it plays the
//! move of the piece furthest back on its track (an entry first), worked
//! out by hand from palma.md "A turn"; elsewhere it plays as `greedy`.

use agon::game::Notation;
use agon::game::Playable;
use std::sync::Mutex;

use crate::common::engine::think;
use agon::arena::EngineSpec;
use agon::game::{Game, GameOptions};
use agon::games::abalone::Abalone;
use agon::games::palma::Palma;
use agon::search::{Algorithm, Limits, Report, Request, SearchConfig, Signal};

fn palma(text: &str) -> Palma {
    let opts = GameOptions::defaults(Palma::option_specs());
    let p = Palma::from_position(text, &opts).expect("position");
    assert_eq!(p.position(), text, "round trip");
    p
}

fn config(algorithm: Algorithm) -> SearchConfig {
    SearchConfig {
        algorithm,
        seed: 7,
        ..SearchConfig::default()
    }
}

/// The move `rearmost` picks, in notation, and the `info string`s it sent.
fn pick<G: Playable>(pos: &G) -> (String, Vec<String>) {
    let stop = Signal::new();
    let strings = Mutex::new(Vec::new());
    let res = think(
        &Request::new(pos, &Limits::default(), &config(Algorithm::Rearmost)),
        &stop,
        &|r: &Report| {
            if let Report::String(s) = r {
                strings.lock().unwrap().push(s.clone());
            }
        },
    );
    let best = res.best.map_or("(none)".to_string(), |m| pos.move_text(m));
    (best, strings.into_inner().unwrap())
}

#[test]
fn palma_moves_the_rearmost_piece() {
    // (position, every legal move by hand, the rearmost piece's move)
    let cases = [
        // A 5 with pieces waiting: the entry comes from off the board,
        // behind the piece on square 0 (legal: enter, 0-5, 3-8, 12-17).
        ("h=2/1/3,12 j=5/0/- use=h:5", "enter"),
        // Nothing waiting: the piece on square 0 is the rearmost.
        ("h=0/2/1,4,9 j=5/0/- use=h:5", "0-5"),
        // Square 0 before the board (legal: 0-2, 7-9).
        ("h=3/1/7 j=5/0/- use=h:2", "0-2"),
        // The rearmost piece is blocked (3-4 lands on a piece): the next
        // one moves (legal: 4-5, 12-13, 16-17, 18-19).
        ("h=0/0/3,4,12,16,18 j=5/0/- use=h:1", "4-5"),
        // A move that lands on 10 rests on 24 (free): still the rearmost.
        ("h=0/0/7,8,11,13,14 j=5/0/- use=h:3", "7-10"),
        // ... but not when 24 is taken: 7-10 is illegal, 8-11 and 11-14
        // are blocked (legal: 14-17, 24-27).
        ("h=0/0/7,8,11,14,24 j=5/0/- use=h:3", "14-17"),
        // A passed value: the Jackals use it on their rearmost piece that
        // can move (2-5 is blocked; legal: 5-8, 6-9, 21-24).
        (
            "h=0/0/3,25,26,27,28 j=1/0/2,5,6,21 passed=j:3 extra=-",
            "5-8",
        ),
    ];
    for (text, want) in cases {
        let p = palma(text);
        let (got, strings) = pick(&p);
        assert_eq!(got, want, "{text}");
        assert!(strings.is_empty(), "{text}: {strings:?}");
    }
}

#[test]
fn palma_forced_pass_is_played_without_fallback_notice() {
    // Every 1 lands on a piece or past 29, and a 1 cannot enter.
    let p = palma("h=5/0/- j=1/0/26,27,28,29 use=j:1");
    let (got, strings) = pick(&p);
    assert_eq!(got, "pass");
    assert!(strings.is_empty(), "{strings:?}");
}

#[test]
fn games_without_tracks_play_as_greedy_and_say_so() {
    let start = Abalone::new(&GameOptions::defaults(Abalone::option_specs())).unwrap();
    let (got, strings) = pick(&start);
    let stop = Signal::new();
    let greedy = think(
        &Request::new(&start, &Limits::default(), &config(Algorithm::Greedy)),
        &stop,
        &|_| {},
    );
    assert_eq!(Some(got), greedy.best.map(|m| start.move_text(m)));
    assert_eq!(strings.len(), 1, "{strings:?}");
    assert!(strings[0].contains("greedy"), "{strings:?}");
}

#[test]
fn rearmost_is_an_engine_setting_and_a_protocol_search() {
    let spec = EngineSpec::parse("search=rearmost,hash=1").unwrap();
    assert_eq!(spec.config.algorithm, Algorithm::Rearmost);
    assert_eq!(Algorithm::from_name("Rearmost"), Some(Algorithm::Rearmost));
    assert!(Algorithm::NAMES.contains(&"rearmost"));
}
