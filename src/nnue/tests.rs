//! Inference checked against its references: the incremental
//! accumulators against a refresh from scratch, over long random
//! playouts and inside real searches; the integer network against the
//! float one; the file format against cut, changed and foreign files.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::accumulator::{evaluate_from_scratch, Accumulators};
use super::inputs::{for_each_feature, NetInput};
use super::network::{FloatNet, Network, Shape};
use super::Netted;
use crate::engine::Core;
use crate::game::walk::RandomWalk;
use crate::game::{Evaluated, Evaluator, Game, Playable, Status};
use crate::games::abalone::Abalone;
use crate::games::petteia::{Kubeia, Petteia};
use crate::games::zamma::Zamma;
use crate::search::{Algorithm, Limits, Request, SearchConfig};

fn random_net<G: NetInput>(hidden: usize, seed: u64) -> FloatNet {
    FloatNet::random(Shape::of::<G>(hidden), seed)
}

/// The active inputs of both views of `pos`, own view first.
fn views<G: NetInput>(pos: &G) -> (Vec<usize>, Vec<usize>) {
    let side = pos.net_side();
    let mut own = Vec::new();
    let mut other = Vec::new();
    for_each_feature(pos, side, |f| own.push(f));
    for_each_feature(pos, 1 - side, |f| other.push(f));
    (own, other)
}

/// Plays `plies` random plies from `start` (again from the start when a
/// game ends), keeping the accumulators by push and pop: each ply first
/// tries a random sibling (push, compare, pop), then plays its move.
/// Every position's incremental output must equal a refresh's.
fn incremental_equals_scratch<G: NetInput + Playable>(start: &G, plies: usize, seed: u64) {
    let net = random_net::<G>(64, seed).quantize();
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut acc = Accumulators::default();
    let mut pos = start.clone();
    acc.refresh(&net, &pos);
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    let mut checked = 0;
    for _ in 0..plies {
        let next = match pos.status() {
            Status::Over(_) => {
                pos = start.clone();
                acc.refresh(&net, &pos);
                continue;
            }
            Status::Chance => {
                pos.outcomes(&mut outcomes);
                outcomes[rng.gen_range(0..outcomes.len())].0
            }
            Status::Decision(_) => {
                pos.moves(&mut moves);
                let sibling = moves[rng.gen_range(0..moves.len())];
                let mut child = pos.clone();
                child.play(sibling);
                acc.push(&child);
                let (own, other) = acc.views(&net, child.net_side());
                assert_eq!(net.output(own, other), evaluate_from_scratch(&net, &child));
                acc.pop();
                moves[rng.gen_range(0..moves.len())]
            }
        };
        let mut child = pos.clone();
        child.play(next);
        acc.push(&child);
        pos = child;
        let (own, other) = acc.views(&net, pos.net_side());
        assert_eq!(
            net.output(own, other),
            evaluate_from_scratch(&net, &pos),
            "{}",
            pos.position()
        );
        checked += 1;
    }
    assert!(checked > plies / 2);
}

#[test]
fn incremental_equals_scratch_over_long_playouts_in_every_net_game() {
    incremental_equals_scratch(&Abalone::new(&Default::default()).unwrap(), 3000, 1);
    incremental_equals_scratch(&Zamma::new(&Default::default()).unwrap(), 3000, 2);
    incremental_equals_scratch(&Petteia::new(&Default::default()).unwrap(), 3000, 3);
    incremental_equals_scratch(&Kubeia::new(&Default::default()).unwrap(), 3000, 4);
}

/// A search asks for a ply's accumulators only at some nodes: lines of
/// random length are pushed, evaluated at random plies only (so a ply is
/// often made from an ancestor several plies up, or from scratch after
/// long captures), and popped back a random number of plies. Every
/// evaluation must equal a refresh's.
fn lazy_equals_scratch<G: NetInput + Playable>(start: &G, lines: usize, seed: u64) {
    let net = random_net::<G>(48, seed).quantize();
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut acc = Accumulators::default();
    let mut line = vec![start.clone()];
    acc.refresh(&net, start);
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    let mut asked = [0usize; 2];
    for _ in 0..lines {
        for _ in 0..rng.gen_range(1..12) {
            let mut pos = line[line.len() - 1].clone();
            match pos.status() {
                Status::Over(_) => break,
                Status::Chance => {
                    pos.outcomes(&mut outcomes);
                    pos.play(outcomes[rng.gen_range(0..outcomes.len())].0);
                }
                Status::Decision(_) => {
                    pos.moves(&mut moves);
                    pos.play(moves[rng.gen_range(0..moves.len())]);
                }
            }
            acc.push(&pos);
            line.push(pos);
            if rng.gen_bool(0.3) {
                let pos = &line[line.len() - 1];
                let (own, other) = acc.views(&net, pos.net_side());
                assert_eq!(net.output(own, other), evaluate_from_scratch(&net, pos));
                asked[0] += 1;
            }
        }
        for _ in 0..rng.gen_range(0..line.len()) {
            acc.pop();
            line.pop();
        }
        let pos = &line[line.len() - 1];
        let (own, other) = acc.views(&net, pos.net_side());
        assert_eq!(
            net.output(own, other),
            evaluate_from_scratch(&net, pos),
            "{}",
            pos.position()
        );
        asked[1] += 1;
        if line.len() > 60 {
            line.truncate(1);
            acc.refresh(&net, start);
        }
    }
    assert!(asked[0] > lines && asked[1] == lines, "{asked:?}");
}

#[test]
fn lazy_accumulators_equal_scratch_wherever_a_search_asks() {
    lazy_equals_scratch(&Abalone::new(&Default::default()).unwrap(), 800, 21);
    lazy_equals_scratch(&Zamma::new(&Default::default()).unwrap(), 800, 22);
    lazy_equals_scratch(&Petteia::new(&Default::default()).unwrap(), 800, 23);
    lazy_equals_scratch(&Kubeia::new(&Default::default()).unwrap(), 800, 24);
}

/// Searches `n` positions a few random plies apart with a random net
/// and `algorithm`, to `depth`: every leaf read from the accumulators
/// must equal the net from scratch ([`super::evaluator::check`]).
fn search_agrees<G>(start: &G, algorithm: Algorithm, depth: u32)
where
    G: NetInput + Playable + Evaluated<Evaluator = Netted<G, <G as Classic>::C>> + Classic,
{
    use super::evaluator::check::{LEAVES, MISMATCHES};
    use std::sync::atomic::Ordering;
    let net = Arc::new(random_net::<G>(32, 9).quantize());
    let netted = Netted::<G, G::C>::new(Default::default(), Some(net));
    let config = SearchConfig {
        algorithm,
        threads: 2,
        ..SearchConfig::default()
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let searcher = Core::new(SearchConfig {
        hash_mb: 4,
        ..config.clone()
    })
    .expect("an engine");
    let mut pos = start.clone();
    let mut rng = Pcg64::seed_from_u64(5);
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    let before = LEAVES.load(Ordering::Relaxed);
    for _ in 0..6 {
        for _ in 0..7 {
            match pos.status() {
                Status::Over(_) => pos = start.clone(),
                Status::Chance => {
                    pos.outcomes(&mut outcomes);
                    pos.play(outcomes[rng.gen_range(0..outcomes.len())].0);
                }
                Status::Decision(_) => {
                    pos.moves(&mut moves);
                    pos.play(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
        let req = Request {
            evaluator: netted.clone(),
            ..Request::new(&pos, &limits, &config)
        };
        searcher.think(&req, &crate::search::Signal::new(), &|_| {});
        assert_eq!(MISMATCHES.load(Ordering::Relaxed), 0, "{}", pos.position());
    }
    assert!(LEAVES.load(Ordering::Relaxed) > before + 100);
}

/// The classic evaluator type a game's [`Netted`] wraps.
trait Classic: Game {
    type C: Evaluator<Self, State = ()> + Default;
}

impl Classic for Abalone {
    type C = crate::games::abalone::eval::AbaloneEvaluator;
}
impl Classic for Zamma {
    type C = crate::games::zamma::eval::ZammaEvaluator;
}
impl Classic for Petteia {
    type C = crate::games::petteia::eval::PetteiaEvaluator<false>;
}
impl Classic for Kubeia {
    type C = crate::games::petteia::eval::PetteiaEvaluator<true>;
}

#[test]
fn searches_keep_the_accumulators_in_step() {
    search_agrees(
        &Abalone::new(&Default::default()).unwrap(),
        Algorithm::AlphaBeta,
        4,
    );
    search_agrees(
        &Zamma::new(&Default::default()).unwrap(),
        Algorithm::AlphaBeta,
        5,
    );
    search_agrees(
        &Petteia::new(&Default::default()).unwrap(),
        Algorithm::AlphaBeta,
        4,
    );
    search_agrees(
        &Kubeia::new(&Default::default()).unwrap(),
        Algorithm::Expectimax,
        2,
    );
}

/// How far the integer net may be from its float reference, in
/// centi-units, on random nets (output weights up to ±1, so every hidden
/// unit's rounding shows): on average `MEAN_CP`, at most `MAX_CP`. The
/// input layer's rounding (1/255 per weight) dominates; the trainer
/// reports the same difference for a trained net on its validation set.
const MEAN_CP: f64 = 15.0;
const MAX_CP: f64 = 60.0;

/// (mean, largest) |integer − float| over 2000 random positions.
fn quantization_error<G: NetInput + Playable>(start: &G, seed: u64) -> (f64, f64) {
    let float = random_net::<G>(128, seed);
    let net = float.quantize();
    let (mut total, mut worst, mut n) = (0.0f64, 0.0f64, 0);
    for (pos, _) in RandomWalk::new(start, Pcg64::seed_from_u64(seed)).take(2000) {
        let (own, other) = views(&pos);
        let f = f64::from(float.evaluate(&own, &other));
        let q = f64::from(evaluate_from_scratch(&net, &pos));
        total += (q - f).abs();
        worst = worst.max((q - f).abs());
        n += 1;
    }
    (total / f64::from(n), worst)
}

#[test]
fn the_quantized_net_stays_within_its_tolerance_of_the_float_net() {
    let errors = [
        quantization_error(&Abalone::new(&Default::default()).unwrap(), 11),
        quantization_error(&Zamma::new(&Default::default()).unwrap(), 12),
        quantization_error(&Petteia::new(&Default::default()).unwrap(), 13),
    ];
    eprintln!("quantization error (mean, max) in cp: {errors:?}");
    for (mean, max) in errors {
        assert!(mean <= MEAN_CP && max <= MAX_CP, "{errors:?}");
    }
    // Not vacuous: quantization does move the output.
    assert!(errors.iter().all(|&(mean, _)| mean > 0.0), "{errors:?}");
}

#[test]
fn a_network_file_round_trips_and_bad_files_are_one_line_errors() {
    let net = random_net::<Zamma>(16, 3).quantize();
    let bytes = net.to_bytes();
    let back = Network::from_bytes(&bytes, "zamma").expect("it reads back");
    assert_eq!(back, net);
    assert_eq!(back.to_bytes(), bytes);
    let one_line = |e: String| {
        assert!(!e.contains('\n') && !e.is_empty(), "{e}");
        e
    };
    let e = one_line(Network::from_bytes(&bytes, "abalone").unwrap_err());
    assert!(e.contains("for zamma, not abalone"), "{e}");
    let mut changed = bytes.clone();
    changed[bytes.len() / 2] ^= 0x10;
    let e = one_line(Network::from_bytes(&changed, "zamma").unwrap_err());
    assert!(e.contains("corrupt"), "{e}");
    for cut in [0, 5, 20, bytes.len() - 1] {
        let e = one_line(Network::from_bytes(&bytes[..cut], "zamma").unwrap_err());
        assert!(
            e.contains("cut short") || e.contains("not an agon network"),
            "{e}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    one_line(Network::from_bytes(&longer, "zamma").unwrap_err());
    let e = one_line(Network::from_bytes(b"#!/bin/sh\necho hi\n", "zamma").unwrap_err());
    assert!(e.contains("not an agon network"), "{e}");
}

/// A position remade from a data sample's pieces (what the trainer gives
/// the classic evaluator) has the original's pieces, side and, where the
/// evaluation reads nothing but the pieces and the side (`same_eval`),
/// classic evaluation. Petteia's also reads its counters (no capture for
/// so many plies), which a sample does not keep: there the trainer's
/// base is the position's with the counters at zero.
fn remade_from_pieces<G: NetInput + Playable>(start: &G, seed: u64, same_eval: bool) {
    use crate::nnue::data::Sample;
    let classic = G::evaluator_for(&crate::game::EvalResources::classic());
    for (pos, _) in RandomWalk::new(start, Pcg64::seed_from_u64(seed)).take(500) {
        let sample = Sample::of(&pos, 0, 1);
        let remade = G::from_pieces(&sample.cells(), usize::from(sample.side)).expect("a position");
        for side in 0..2 {
            for kind in 0..G::KINDS {
                assert_eq!(remade.pieces(side, kind), pos.pieces(side, kind));
            }
        }
        assert_eq!(remade.net_side(), pos.net_side());
        if same_eval {
            assert_eq!(
                classic.evaluate(&remade),
                classic.evaluate(&pos),
                "{}",
                pos.position()
            );
        }
    }
}

#[test]
fn positions_remade_from_samples_evaluate_as_the_originals() {
    remade_from_pieces(&Abalone::new(&Default::default()).unwrap(), 21, true);
    remade_from_pieces(&Zamma::new(&Default::default()).unwrap(), 22, true);
    remade_from_pieces(&Petteia::new(&Default::default()).unwrap(), 23, false);
}

/// The output as exact integers: each view's clamped dot product and the
/// bias summed without overflow, then scaled and clamped as `output`
/// documents.
fn exact_output(net: &Network, own: &[i16], other: &[i16]) -> i32 {
    use super::network::{QA, QB, SCALE};
    let h = net.shape.hidden;
    let dot = |acc: &[i16], w: &[i16]| -> i128 {
        acc.iter()
            .zip(w)
            .map(|(&a, &o)| i128::from(a.clamp(0, QA as i16)) * i128::from(o))
            .sum()
    };
    let sum = dot(own, &net.output_weights[..h])
        + dot(other, &net.output_weights[h..])
        + i128::from(net.output_bias);
    (sum * i128::from(SCALE) / i128::from(QA * QB)).clamp(i32::MIN.into(), i32::MAX.into()) as i32
}

/// A net whose every hidden unit is saturated and whose output weights
/// are all at the file format's extreme: both views' products together
/// pass i32::MAX, and the output must keep its sign and size (the float
/// net's value) rather than wrap; the evaluator keeps it short of a win.
#[test]
fn extreme_output_weights_do_not_wrap() {
    use super::network::MAX_HIDDEN;
    use crate::game::{EvalChoice, EvalResources, EVAL_LIMIT};
    for sign in [1.0f32, -1.0] {
        let mut float = FloatNet::zeros(Shape::of::<Zamma>(MAX_HIDDEN.into()), "extreme");
        float.input_biases.fill(2.0);
        float.output_weights.fill(sign * 128.0);
        float.output_bias = sign * 100.0;
        let net = float.quantize();
        assert!(net
            .output_weights
            .iter()
            .all(|&w| w.unsigned_abs() >= i16::MAX as u16));
        let pos = Zamma::new(&Default::default()).unwrap();
        let (own, other) = views(&pos);
        let want = float.evaluate(&own, &other);
        let mut acc = Accumulators::default();
        acc.refresh(&net, &pos);
        let (a, b) = acc.views(&net, pos.net_side());
        let got = net.output(a, b);
        assert_eq!(got, exact_output(&net, a, b));
        assert!(
            (f64::from(got) - f64::from(want)).abs() < 1e-3 * f64::from(want).abs(),
            "quantized {got}, float {want}"
        );
        let res = EvalResources {
            choice: EvalChoice::Nnue,
            net: Some(Arc::new(net)),
            weights: None,
        };
        let eval = Zamma::evaluator_with(&res).expect("a Zamma net");
        let v = eval.evaluate(&pos);
        assert!(v.abs() < EVAL_LIMIT && v.signum() == sign as i32, "{v}");
    }
}

/// The `network` fuzz target's crash inputs (fuzz/regressions/network):
/// the first byte picks the game (bits 1-2) and whether the last eight
/// bytes become the checksum of the rest (bit 0), as the target reads
/// them. Each net that reads evaluates a playout with its output equal to
/// the exact one.
#[test]
fn the_network_fuzz_targets_crash_inputs_evaluate_exactly() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/regressions/network");
    let mut read = 0;
    for entry in std::fs::read_dir(dir).expect("the regressions folder") {
        let data = std::fs::read(entry.expect("an entry").path()).expect("a file");
        let (&flags, rest) = data.split_first().expect("a flags byte");
        let mut bytes = rest.to_vec();
        if flags & 1 == 1 && bytes.len() >= 8 {
            let body = bytes.len() - 8;
            let sum = crate::game::files::fnv1a(&bytes[..body]);
            bytes[body..].copy_from_slice(&sum.to_le_bytes());
        }
        read += match (flags >> 1) % 4 {
            0 => exact_over_playout::<Abalone>(&bytes),
            1 => exact_over_playout::<Zamma>(&bytes),
            2 => exact_over_playout::<Petteia>(&bytes),
            _ => exact_over_playout::<Kubeia>(&bytes),
        } as usize;
    }
    assert!(read >= 3, "{read} of the crash inputs read as networks");
}

fn exact_over_playout<G: NetInput + Playable>(bytes: &[u8]) -> bool {
    let Ok(net) = Network::from_bytes(bytes, G::NAME) else {
        return false;
    };
    let mut pos = G::new(&Default::default()).unwrap();
    let mut acc = Accumulators::default();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    for ply in 0..40usize {
        match pos.status() {
            Status::Over(_) => break,
            Status::Chance => {
                pos.outcomes(&mut outcomes);
                pos.play(outcomes[ply % outcomes.len()].0);
            }
            Status::Decision(_) => {
                acc.refresh(&net, &pos);
                let (a, b) = acc.views(&net, pos.net_side());
                assert_eq!(net.output(a, b), exact_output(&net, a, b));
                pos.moves(&mut moves);
                pos.play(moves[(ply * 7 + 3) % moves.len()]);
            }
        }
    }
    true
}
