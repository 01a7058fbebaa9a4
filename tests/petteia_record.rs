//! Game records in the transcription format: seeded random games written
//! and read back, the format of a known opening, and the source's sample
//! Kubeia game (shared/seeds/petteia-kubeia-pergioco.txt, end of file).

use agon::game::Notation;
use agon::game::Playable;
use agon::game::{Game, GameOptions, Outcome, Status};
use agon::games::petteia::{record, Kubeia, Petteia, Reason};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

fn opts<G: Playable>() -> GameOptions {
    GameOptions::defaults(G::option_specs())
}

/// A random legal game to its end (or `max` decisions); rolls drawn as two
/// dice.
fn random_game<G: Playable>(seed: u64, max: usize) -> (G, Vec<G::Move>) {
    let start = G::new(&opts::<G>()).unwrap();
    let mut g = start.clone();
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut buf = Vec::new();
    let mut decisions = 0;
    while decisions < max {
        match g.status() {
            Status::Over(_) => break,
            Status::Chance => {
                let (a, b) = (rng.gen_range(1..=6), rng.gen_range(1..=6));
                let m = g.parse_move(&format!("r{a}{b}")).unwrap();
                g.play(m);
                moves.push(m);
            }
            Status::Decision(_) => {
                g.moves(&mut buf);
                let m = buf[rng.gen_range(0..buf.len())];
                g.play(m);
                moves.push(m);
                decisions += 1;
            }
        }
    }
    (start, moves)
}

#[test]
fn random_petteia_games_round_trip_through_records() {
    let mut endings = Vec::new();
    for seed in 0..6 {
        let (start, moves) = random_game::<Petteia>(seed, 1000);
        let mut end = start.clone();
        for &m in &moves {
            end.play(m);
        }
        assert!(
            end.status().is_over(),
            "seed {seed}: a 1000-move random game should end"
        );
        endings.push(end.state().result.unwrap().1);
        for greek in [false, true] {
            let text = record::write(&start, &moves, greek).unwrap();
            let (back, read) = record::read::<false>(&text, &opts::<Petteia>(), greek).unwrap();
            assert_eq!(read, moves, "seed {seed} greek {greek}");
            assert_eq!(back.position(), end.position());
        }
    }
    assert!(!endings.is_empty());
}

#[test]
fn random_kubeia_games_round_trip_through_records() {
    for seed in 10..16 {
        let (start, moves) = random_game::<Kubeia>(seed, 1000);
        let mut end = start.clone();
        for &m in &moves {
            end.play(m);
        }
        assert!(end.status().is_over());
        let text = record::write(&start, &moves, true).unwrap();
        let (back, read) = record::read::<true>(&text, &opts::<Kubeia>(), true).unwrap();
        assert_eq!(read, moves, "seed {seed}");
        assert_eq!(back.position(), end.position());
    }
}

#[test]
fn known_opening_is_written_as_in_the_source() {
    let g = Kubeia::new(&opts::<Kubeia>()).unwrap();
    let mut p = g.clone();
    let mut moves = Vec::new();
    for t in [
        "r36", "a2-a4", "r32", "g6-f6", "r11", "b2-b3", "r42", "b3-b4", "r54",
    ] {
        let m = p.parse_move(t).unwrap();
        p.play(m);
        moves.push(m);
    }
    // A Hand-of-Zeus extra move follows White's first before the comma.
    let text = record::write(&g, &moves, false).unwrap();
    assert_eq!(text, "1) 63 a2-a4, 32 g6-f6;\n2) 11 b2-b3 42 b3-b4");
    let greek = record::write(&g, &moves[..4], true).unwrap();
    assert_eq!(greek, "1) 63 Α2-Α4, 32 Η6-Ζ6;");
}

/// The sample game of the source (OCR fixed: "Al" is A1, "O-1" is 0-1),
/// Greek columns: H6-Z6 is g6-f6 and K7-K5 is j7-j5.
const SAMPLE: &str = "1) 63 A2-A4, 32 H6-Z6;
2) 31 A1-A3, 42 K7-K5;
3) 11 B1-A1, 53 A7-A5;
4) 65 A1-A2, 0-1 (renitenza)";

fn strip_dice(text: &str) -> String {
    text.split(' ')
        .filter(|t| !(t.len() == 2 && t.bytes().all(|b| (b'1'..=b'6').contains(&b))))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn source_sample_ends_by_reluctance_at_whites_fourth_move() {
    // Without the dice the moves are legal Petteia moves, and White's
    // a1-a3, b1-a1, a1-a2 are three passive moves while a2-a4 (then on a4)
    // stays active: Black wins by reluctance exactly as the source says.
    let text = strip_dice(SAMPLE);
    let (end, moves) = record::read::<false>(&text, &opts::<Petteia>(), true).unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(end.status(), Status::Over(Outcome::Win(1)));
    assert_eq!(end.state().result.unwrap().1, Reason::Reluctance);
    // A wrong result in the record is refused.
    let wrong = strip_dice(SAMPLE).replace("0-1 (renitenza)", "1-0 (siege)");
    assert!(record::read::<false>(&wrong, &opts::<Petteia>(), true).is_err());
}

#[test]
fn source_sample_breaks_the_kubeia_dice_rules_at_its_second_move() {
    // `31 A1-A3` moves a Hoplite two squares on a lower die of 1: the
    // rules file notes the sample ignores the dice there (and the Hand of
    // Zeus after `11 B1-A1`); the reader refuses it with the ply.
    let err = record::read::<true>(SAMPLE, &opts::<Kubeia>(), true).unwrap_err();
    assert!(err.to_string().contains("ply 3"), "{err}");
    // The first move pair is fine under the dice.
    let (p, _) = record::read::<true>("1) 63 A2-A4, 32 H6-Z6;", &opts::<Kubeia>(), true).unwrap();
    assert_eq!(p.status(), Status::Chance);
}
