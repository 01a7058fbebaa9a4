//! Tiny training runs on synthetic Zamma data: random legal playouts,
//! scored by material (×100 per piece) with the result its sign.

use std::path::PathBuf;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::*;
use crate::game::walk::RandomWalk;
use crate::game::{Game, GameOptions, Notation, Status};
use crate::games::petteia::Petteia;
use crate::games::zamma::Zamma;
use crate::nnue::accumulator::evaluate_from_scratch;
use crate::nnue::data::{game_bytes, DataHeader, Sample};
use crate::nnue::NetInput;
use crate::scratch::Scratch;

fn material<G: NetInput>(pos: &G, side: usize) -> i32 {
    (0..G::KINDS)
        .map(|k| {
            pos.pieces(side, k).count_ones() as i32 - pos.pieces(1 - side, k).count_ones() as i32
        })
        .sum()
}

/// A data file of `games` random playouts of `G` (at most `plies` each).
fn playouts<G: NetInput>(games: u32, plies: usize, seed: u64) -> Vec<u8> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut out = DataHeader::of::<G>().to_bytes();
    let mut moves = Vec::new();
    for g in 0..games {
        let mut pos = G::new(&GameOptions::defaults(G::option_specs())).expect("start");
        let mut samples = Vec::new();
        for _ in 0..plies {
            let Status::Decision(_) = pos.status() else {
                break;
            };
            let side = pos.net_side();
            let diff = material(&pos, side);
            let result = 1 + diff.signum();
            samples.push(Sample::of(
                &pos,
                (diff * 100).clamp(-3000, 3000) as i16,
                result as u8,
            ));
            pos.moves(&mut moves);
            let m = moves[rng.gen_range(0..moves.len())];
            pos.play(m);
        }
        out.extend(game_bytes(g, &samples));
    }
    out
}

fn config(d: &std::path::Path, data: PathBuf, epochs: u32) -> TrainConfig {
    TrainConfig {
        data: vec![data],
        out: d.join("net.nnue"),
        hidden: 16,
        epochs,
        batch: 64,
        lr: 0.01,
        lr_decay: 1.0,
        damp: 1.0,
        set: SetOptions {
            lambda: 0.5,
            scale: 400.0,
            validation: 0.2,
            mirror: false,
            seed: 3,
        },
        threads: 2,
        name: Some("toy".into()),
        resume: None,
    }
}

/// Keeps the losses the trainer reports.
#[derive(Default)]
struct Losses {
    start: Option<f64>,
    epochs: Vec<f64>,
}

impl Observer for Losses {
    fn start(&mut self, _epoch: u32, valid: Option<f64>) {
        self.start = valid;
    }
    fn epoch(&mut self, r: &EpochReport) {
        self.epochs.push(r.valid_loss.expect("a validation split"));
    }
}

fn zamma_data(name: &str) -> (Scratch, PathBuf) {
    let d = Scratch::new(&format!("train-{name}"));
    let data = d.join("toy.data");
    std::fs::write(&data, playouts::<Zamma>(40, 30, 11)).expect("write");
    (d, data)
}

/// Measured: 0.068 before training, 0.0070 after 12 epochs (9.8×).
#[test]
fn a_toy_run_cuts_the_validation_loss() {
    let (d, data) = zamma_data("loss");
    let mut losses = Losses::default();
    let cfg = config(d.path(), data, 12);
    // From nothing: no classic evaluation to correct, every position.
    let spec = Spec {
        classic: |_| 0.0,
        quiet: |_| true,
        ..Spec::of::<Zamma>()
    };
    let trained = train(&spec, &cfg, &mut losses).expect("trains");
    let (start, end) = (
        losses.start.expect("validation"),
        *losses.epochs.last().expect("epochs"),
    );
    assert_eq!(losses.epochs.len(), 12);
    assert!(
        end < start / 4.0,
        "validation loss {start} -> {end}: {:?}",
        losses.epochs
    );
    // The file is the quantized net and reads back.
    let bytes = std::fs::read(&cfg.out).expect("written");
    assert_eq!(bytes, trained.bytes);
    let quant = Network::from_bytes(&bytes, "Zamma").expect("reads back");
    assert_eq!(quant, trained.net.quantize());
    assert!(
        trained.check.quant_loss < start / 4.0,
        "{:?}",
        trained.check
    );
}

/// The integer evaluation of the written net (i16 accumulators, then
/// `Network::output`) is near the float net's on every position of the
/// toy set.
#[test]
fn the_quantized_net_is_near_the_float_one() {
    let (d, data) = zamma_data("quant");
    let cfg = config(d.path(), data, 6);
    let spec = Spec::of::<Zamma>();
    let trained = train(&spec, &cfg, &mut Quiet).expect("trains");
    let quant = Network::from_bytes(&trained.bytes, "Zamma").expect("reads back");
    let set = load(&spec, &cfg.data, &cfg.set).expect("loads");
    let flip = spec.flip();
    let mut acc = [Vec::new(), Vec::new()];
    let mut worst: f32 = 0.0;
    for i in 0..set.positions.len() {
        let own = set.positions.own(i);
        let other: Vec<u16> = own.iter().map(|&f| flip[usize::from(f)]).collect();
        let as_usize = |v: &[u16]| v.iter().map(|&f| usize::from(f)).collect::<Vec<_>>();
        let fl = trained.net.evaluate(&as_usize(own), &as_usize(&other));
        let q = quantized_eval(&quant, [own, &other], &mut acc).expect("fits i16") as f32;
        worst = worst.max((fl - q).abs());
    }
    // Measured: mean 3.9 cp, largest 11.8 cp, on evaluations up to 785
    // cp. An output weight's step is SCALE/QB = 6.25 cp per unit of
    // activation, so each of the 32 active hidden units may be off by
    // up to 3.1 cp: the errors are output weight rounding. A wrong
    // integer pass (a view swapped, a bias lost) is off by hundreds.
    assert!(worst <= 16.0, "largest |float - quantized| {worst} cp");
    assert!(
        trained.check.mean_abs_cp <= 6.0,
        "{:?} (largest {worst})",
        trained.check
    );
}

#[test]
fn a_run_is_the_same_for_a_seed_and_a_resume_changes_nothing() {
    let (d, data) = zamma_data("seed");
    let spec = Spec::of::<Zamma>();
    let cfg = config(d.path(), data, 4);
    let a = train(&spec, &cfg, &mut Quiet).expect("trains").bytes;
    let b = train(&spec, &cfg, &mut Quiet).expect("trains").bytes;
    assert_eq!(a, b, "same seed, same threads: same net");
    let other_seed = TrainConfig {
        set: SetOptions { seed: 4, ..cfg.set },
        ..cfg.clone()
    };
    assert_ne!(
        a,
        train(&spec, &other_seed, &mut Quiet).expect("trains").bytes
    );
    // Two epochs, then two more from the checkpoint: the same net.
    let half = TrainConfig {
        epochs: 2,
        out: d.join("half.nnue"),
        ..cfg.clone()
    };
    train(&spec, &half, &mut Quiet).expect("trains");
    let resumed = TrainConfig {
        resume: Some(half.checkpoint_path()),
        out: d.join("resumed.nnue"),
        ..cfg.clone()
    };
    let mut losses = Losses::default();
    let c = train(&spec, &resumed, &mut losses).expect("resumes").bytes;
    assert_eq!(losses.epochs.len(), 2, "only the epochs left");
    assert_eq!(a, c);
    // A checkpoint of other sizes is refused.
    let wider = TrainConfig {
        hidden: 8,
        ..resumed.clone()
    };
    let e = train(&spec, &wider, &mut Quiet).expect_err("other sizes");
    assert!(e.contains("hidden units") && !e.contains('\n'), "{e}");
    // The finished run's checkpoint, damped: no epoch, half the output.
    let damped = TrainConfig {
        resume: Some(resumed.checkpoint_path()),
        out: d.join("damped.nnue"),
        damp: 0.5,
        ..cfg.clone()
    };
    let mut losses = Losses::default();
    let half = train(&spec, &damped, &mut losses).expect("damps").bytes;
    assert!(losses.epochs.is_empty(), "nothing to train");
    let (full, half) = (
        Network::from_bytes(&a, "zamma").expect("reads"),
        Network::from_bytes(&half, "zamma").expect("reads"),
    );
    let start = Zamma::new(&Default::default()).expect("the start");
    let mut seen = 0;
    for (pos, _) in RandomWalk::new(&start, Pcg64::seed_from_u64(3)).take(300) {
        let (f, h) = (
            evaluate_from_scratch(&full, &pos),
            evaluate_from_scratch(&half, &pos),
        );
        // Each net is rounded alone: a cp or two apart at most.
        assert!((f - 2 * h).abs() <= 4, "{f} and {h} at {}", pos.position());
        seen += usize::from(f.abs() > 20);
    }
    assert!(seen > 30, "the net outputs next to nothing: {seen}");
}

#[test]
fn bad_data_is_one_error_line() {
    let d = Scratch::new("train-bad");
    let spec = Spec::of::<Zamma>();
    let petteia = d.join("petteia.data");
    std::fs::write(&petteia, playouts::<Petteia>(3, 5, 1)).expect("write");
    let garbage = d.join("garbage.data");
    std::fs::write(&garbage, b"AGONDATB and the rest").expect("write");
    // A cell off the board: header fine, a position broken.
    let mut off = playouts::<Zamma>(2, 5, 1);
    let header = DataHeader::of::<Zamma>().to_bytes().len();
    let first_cell = header + 4 + 2 + 4 + 1;
    off[first_cell] = 200;
    let off_board = d.join("off.data");
    std::fs::write(&off_board, &off).expect("write");
    let cases = [
        (petteia, "not zamma"),
        (garbage, "not an agon data file"),
        (off_board, "off the board"),
        (d.join("missing.data"), "missing.data"),
    ];
    for (path, says) in cases {
        let cfg = config(d.path(), path, 1);
        let e = train(&spec, &cfg, &mut Quiet).expect_err("refused");
        assert!(e.contains(says) && !e.contains('\n'), "{e}");
    }
}

/// The other view's inputs made by `flip` are those `Sample::features`
/// gives for that view, and a mirrored position is a position of the
/// same game reflected.
#[test]
fn the_other_view_and_the_mirror() {
    let spec = Spec::of::<Zamma>();
    let flip = spec.flip();
    let bytes = playouts::<Zamma>(3, 20, 5);
    let file = crate::nnue::data::read_games(&bytes).expect("reads");
    let (mut own, mut other) = (Vec::new(), Vec::new());
    for (_, samples) in &file.games {
        for s in samples {
            let side = usize::from(s.side);
            s.features(spec.slots, side, &mut own);
            s.features(spec.slots, 1 - side, &mut other);
            let flipped: Vec<usize> = own.iter().map(|&f| usize::from(flip[f])).collect();
            assert_eq!(flipped, other);
        }
    }
    let d = Scratch::new("train-mirror");
    let data = d.join("m.data");
    std::fs::write(&data, &bytes).expect("write");
    let mut opts = config(d.path(), data.clone(), 1).set;
    let plain = load(&spec, std::slice::from_ref(&data), &opts).expect("loads");
    opts.mirror = true;
    let doubled = load(&spec, std::slice::from_ref(&data), &opts).expect("loads");
    assert_eq!(doubled.valid, plain.valid, "validation has no mirrors");
    assert_eq!(doubled.train.len(), 2 * plain.train.len());
    assert_eq!(doubled.mirrored, plain.train.len());
    let none = load(&Spec::of::<Petteia>(), &[], &opts);
    assert!(none.is_err(), "no data");
}

/// A file cut inside a game (a killed `agon datagen`) trains on the
/// games before the cut, with a note; cut inside the first game it has
/// no positions, and the error says why.
#[test]
fn a_cut_file_trains_on_its_whole_games() {
    #[derive(Default)]
    struct Notes(Vec<String>, usize);
    impl Observer for Notes {
        fn note(&mut self, text: &str) {
            self.0.push(text.to_string());
        }
        fn loaded(&mut self, set: &TrainSet) {
            self.1 = set.train_games + set.valid_games;
        }
    }
    let d = Scratch::new("train-cut");
    let bytes = playouts::<Zamma>(12, 10, 2);
    let data = d.join("cut.data");
    std::fs::write(&data, &bytes[..bytes.len() - 5]).expect("write");
    let mut notes = Notes::default();
    train(
        &Spec::of::<Zamma>(),
        &config(d.path(), data.clone(), 1),
        &mut notes,
    )
    .expect("trains");
    assert_eq!(notes.1, 11, "the whole games");
    assert!(
        notes.0.iter().any(|n| n.contains("cut short")),
        "{:?}",
        notes.0
    );
    let header = DataHeader::of::<Zamma>().to_bytes().len();
    std::fs::write(&data, &bytes[..header + 20]).expect("write");
    let e = train(&Spec::of::<Zamma>(), &config(d.path(), data, 1), &mut Quiet).expect_err("empty");
    assert!(
        e.contains("no positions") && e.contains("cut short") && !e.contains('\n'),
        "{e}"
    );
}
