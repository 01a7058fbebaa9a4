//! The Petteia evaluation and search hooks: the evaluation is the weighted
//! sum of its features (what `agon tune` fits), hand-worked features of a
//! small position, the two sides' view of one board, and `is_forcing`
//! agreeing with the captures a move really makes.

use agon::game::Notation;
use agon::game::SearchHints;
use agon::game::{Evaluator, Tunable, WeightSet};
use agon::game::{Game, GameOptions, Status};
use agon::games::petteia::{eval, Petteia};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

fn petteia(pos: &str) -> Petteia {
    let opts = GameOptions::parse("", Petteia::option_specs()).unwrap();
    Petteia::from_position(pos, &opts).unwrap()
}

fn feature(g: &Petteia, name: &str) -> f64 {
    let mut f = Vec::new();
    g.features(&mut f);
    let i = Petteia::feature_names()
        .iter()
        .position(|n| *n == name)
        .unwrap();
    f[i]
}

// White: Basileus a1 (open file to a8), Peltast e4 between Black's e5
// and e3, which Black's h3 Peltast reaches. Black: Basileus l8 shut in
// by its own Peltast on l7.
const POS: &str = "11b/11p/12/4p7/4P7/7p4/12/B11 w - 0,0 0 10 *";

#[test]
fn hand_worked_features() {
    let g = petteia(POS);
    // Only White's Basileus reaches its far row in one move.
    assert_eq!(feature(&g, "open_line_mover"), 1.0);
    assert_eq!(feature(&g, "open_line_waiting"), 0.0);
    // e3 is the one square where a Black arrival takes (e4), and h3
    // reaches it; White reaches no square that takes.
    assert_eq!(feature(&g, "en_prise"), 1.0);
    // Isolated: White a1, e4; Black e5, h3 (l7 and l8 touch).
    assert_eq!(feature(&g, "isolated"), 0.0);
    // Material: one Peltast each side minus three Black Peltasts.
    assert_eq!(feature(&g, "peltasts"), 1.0 - 3.0);
    assert_eq!(feature(&g, "hoplites"), 0.0);
}

#[test]
fn the_other_side_to_move_sees_the_same_board_negated() {
    let white = petteia(POS);
    let black = petteia(&POS.replace(" w ", " b "));
    let (mut fw, mut fb) = (Vec::new(), Vec::new());
    white.features(&mut fw);
    black.features(&mut fb);
    let names = Petteia::feature_names();
    for (i, name) in names.iter().enumerate() {
        match *name {
            "open_line_mover" => assert_eq!(fb[i], fw[i + 1]),
            "open_line_waiting" => assert_eq!(fb[i], fw[i - 1]),
            _ => assert_eq!(fb[i], -fw[i], "{name}"),
        }
    }
}

#[test]
fn evaluation_is_the_weighted_feature_sum_for_either_weight_set() {
    let opts = GameOptions::parse("", Petteia::option_specs()).unwrap();
    let mut rng = Pcg64::seed_from_u64(5);
    let mut buf = Vec::new();
    let mut f = Vec::new();
    for _ in 0..20 {
        let mut g = Petteia::new(&opts).unwrap();
        for _ in 0..60 {
            if g.status() != Status::Decision(g.state().side as u8) {
                break;
            }
            g.features(&mut f);
            for weights in [eval::WEIGHTS, eval::PREVIOUS_WEIGHTS] {
                let e = Petteia::evaluator(&WeightSet::new(&weights).unwrap()).unwrap();
                let sum: f64 = f.iter().zip(weights).map(|(a, b)| a * f64::from(b)).sum();
                let want = sum.clamp(-19_999.0, 19_999.0);
                assert_eq!(f64::from(e.evaluate(&g)), want, "{}", g.position());
            }
            g.moves(&mut buf);
            g.play(buf[rng.gen_range(0..buf.len())]);
        }
    }
    assert_eq!(
        Petteia::default_weights(),
        eval::WEIGHTS.map(f64::from).to_vec()
    );
    assert!(Petteia::evaluator(&WeightSet::new(&[1, 2]).unwrap()).is_err());
}

#[test]
fn forcing_moves_are_exactly_the_captures() {
    let opts = GameOptions::parse("", Petteia::option_specs()).unwrap();
    let mut rng = Pcg64::seed_from_u64(9);
    let mut buf = Vec::new();
    let mut captures_seen = 0;
    for _ in 0..20 {
        let mut g = Petteia::new(&opts).unwrap();
        for _ in 0..80 {
            let Status::Decision(p) = g.status() else {
                break;
            };
            let theirs = |x: &Petteia| x.state().board.total(1 - usize::from(p));
            g.moves(&mut buf);
            for &m in &buf {
                let mut child = g.clone();
                child.play(m);
                let took = theirs(&child) < theirs(&g);
                assert_eq!(g.is_forcing(m), took, "{} {}", g.position(), g.move_text(m));
                captures_seen += usize::from(took);
            }
            g.play(buf[rng.gen_range(0..buf.len())]);
        }
    }
    assert!(captures_seen > 0);
}

#[test]
fn quiet_samples_are_the_positions_without_a_capture() {
    use agon::game::Outcome;
    use agon::tune::{is_quiet, samples_from_game, samples_from_game_where};
    let opts = GameOptions::parse("", Petteia::option_specs()).unwrap();
    let start = Petteia::new(&opts).unwrap();
    let mut rng = Pcg64::seed_from_u64(3);
    let (mut g, mut buf, mut texts, mut quiet) = (start.clone(), Vec::new(), Vec::new(), 0);
    while let Status::Decision(p) = g.status() {
        g.moves(&mut buf);
        let theirs = |x: &Petteia| x.state().board.total(1 - usize::from(p));
        let can_take = buf.iter().any(|&m| {
            let mut c = g.clone();
            c.play(m);
            theirs(&c) < theirs(&g)
        });
        quiet += usize::from(!can_take);
        let m = buf[rng.gen_range(0..buf.len())];
        texts.push(g.move_text(m));
        g.play(m);
    }
    let all = samples_from_game(&start, &texts, Outcome::Draw, 0).unwrap();
    let kept = samples_from_game_where(&start, &texts, Outcome::Draw, 0, is_quiet).unwrap();
    assert_eq!(all.len(), texts.len());
    assert_eq!(kept.len(), quiet);
    assert!(quiet < texts.len(), "a random game has some capture");
}

/// The superiority term: piece difference (mover minus opponent) times
/// tenths of the no-capture limit used up; nothing right after a capture.
#[test]
fn superiority_clock_grows_towards_the_limit() {
    let opts = GameOptions::parse("", Petteia::option_specs()).unwrap();
    let idx = eval::NAMES
        .iter()
        .position(|n| *n == "superiority_clock")
        .unwrap();
    // White: Basileus a1, Peltasts c1 and e1; Black: Basileus l8.
    let board = "11b/12/12/12/12/12/12/B1P1P7";
    let term = |side: &str, nocapture: u32| {
        let text = format!("{board} {side} - 0,0 {nocapture} 120 *");
        let g = Petteia::from_position(&text, &opts).unwrap();
        let mut f = Vec::new();
        g.features(&mut f);
        f[idx]
    };
    assert_eq!(term("w", 0), 0.0);
    // Two pieces ahead, half the 100-ply limit used: 2 * 5.
    assert_eq!(term("w", 50), 10.0);
    assert_eq!(term("b", 50), -10.0);
    // 99 plies: 2 * 990 / 100 = 19 (integer tenths).
    assert_eq!(term("w", 99), 19.0);
}
