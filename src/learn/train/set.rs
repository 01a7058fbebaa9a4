//! The training set: the data files' positions as active inputs with a
//! target, split by games into training and validation.
//!
//! A position keeps only its own view's inputs (u16 each); the other
//! view's are the same pieces with the board turned and the sides
//! swapped, an involution on input indices ([`Spec::flip`]), so they are
//! made on the fly and the set takes half the memory.

use std::path::PathBuf;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64;

use crate::game::{to_cp, Evaluator, Playable};
use crate::nnue::data::{read_games, DataHeader, Sample, MAX_DATA_BYTES};
use crate::nnue::inputs::{inputs, NetInput};

/// What the trainer needs of a game: its name, its input sizes, and its
/// mirror if it has one.
#[derive(Clone, Debug)]
pub struct Spec {
    pub game: String,
    pub slots: usize,
    pub kinds: usize,
    /// `mirror[slot]`: the mirrored cell, `None` off the board.
    pub mirror: Option<Vec<Option<usize>>>,
    /// The classic evaluation of a position in centi-units, from its
    /// side: the network learns the correction to it.
    pub classic: fn(&Sample) -> f32,
    /// Whether a position is quiet (no forcing move: what quiescence
    /// search would stand on); only quiet positions are trained on, as
    /// the search reads the evaluation only there.
    pub quiet: fn(&Sample) -> bool,
}

impl Spec {
    pub fn of<G: NetInput + Playable>() -> Spec {
        let mirror: Vec<Option<usize>> = (0..G::SLOTS).map(G::mirror_slot).collect();
        Spec {
            game: G::NAME.to_string(),
            slots: G::SLOTS,
            kinds: G::KINDS,
            mirror: mirror.iter().any(Option::is_some).then_some(mirror),
            classic: classic_cp::<G>,
            quiet: quiet::<G>,
        }
    }

    pub fn inputs(&self) -> usize {
        inputs(self.slots, self.kinds)
    }

    /// The input of the other view for each input of one view: the cell
    /// turned half a turn, the side relative to the view swapped.
    pub fn flip(&self) -> Vec<u16> {
        let s = self.slots;
        (0..self.inputs())
            .map(|f| {
                let (group, cell) = (f / s, f % s);
                ((group ^ 1) * s + (s - 1 - cell)) as u16
            })
            .collect()
    }
}

/// `G`'s classic evaluation of `sample`'s position in centi-units, from
/// the sample's side (0 for a position the game cannot make).
fn classic_cp<G: NetInput + Playable>(sample: &Sample) -> f32 {
    let Some(pos) = G::from_pieces(&sample.cells(), usize::from(sample.side)) else {
        return 0.0;
    };
    let classic = G::evaluator_for(&crate::game::EvalResources::classic());
    to_cp(classic.evaluate(&pos), classic.cp_unit()) as f32
}

/// Whether `sample`'s position has no forcing move (true for a position
/// the game cannot make).
fn quiet<G: NetInput + Playable>(sample: &Sample) -> bool {
    G::from_pieces(&sample.cells(), usize::from(sample.side))
        .is_none_or(|pos| crate::tune::samples::is_quiet(&pos))
}

/// How the targets are made and the set split.
#[derive(Clone, Copy, Debug)]
pub struct SetOptions {
    pub lambda: f32,
    /// K: centi-units of score per unit of the sigmoid's argument.
    pub scale: f32,
    pub validation: f64,
    pub mirror: bool,
    pub seed: u64,
}

/// Positions: own-view inputs and targets.
#[derive(Default)]
pub struct Positions {
    feats: Vec<u16>,
    /// `starts[i]..starts[i + 1]`: the inputs of position `i`.
    starts: Vec<usize>,
    pub targets: Vec<f32>,
    /// The classic evaluation in units of the sigmoid's argument
    /// (centi-units / K): the network's output is added to it.
    pub bases: Vec<f32>,
}

impl Positions {
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// Position `i`'s own-view inputs.
    #[inline]
    pub fn own(&self, i: usize) -> &[u16] {
        &self.feats[self.starts[i]..self.starts[i + 1]]
    }

    fn push(&mut self, feats: &[usize], target: f32, base: f32) {
        self.bases.push(base);
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.feats.extend(feats.iter().map(|&f| f as u16));
        self.starts.push(self.feats.len());
        self.targets.push(target);
    }
}

/// The loaded set.
pub struct TrainSet {
    pub positions: Positions,
    /// Indices into `positions`, before any shuffle.
    pub train: Vec<u32>,
    pub valid: Vec<u32>,
    pub train_games: usize,
    pub valid_games: usize,
    /// Of `train`, the mirrored positions.
    pub mirrored: usize,
    /// Mean and largest active inputs per view.
    pub mean_active: f64,
    pub max_active: usize,
    /// Things the user should know (a cut file, no mirror).
    pub notes: Vec<String>,
}

/// The target of a sample: a blend of its score and its result.
pub fn target(sample: &Sample, opts: &SetOptions) -> f32 {
    let score = 1.0 / (1.0 + (-f32::from(sample.score) / opts.scale).exp());
    opts.lambda * score + (1.0 - opts.lambda) * f32::from(sample.result) / 2.0
}

/// Reads `paths` as data of `spec`'s game and splits the games.
/// The error is one line naming the file.
pub fn load(spec: &Spec, paths: &[PathBuf], opts: &SetOptions) -> Result<TrainSet, String> {
    let mut positions = Positions::default();
    let mut notes = Vec::new();
    // Per game: its positions, then its mirrored ones.
    let mut games: Vec<(usize, usize, usize)> = Vec::new();
    let mirror: Option<Vec<usize>> = match (&spec.mirror, opts.mirror) {
        (Some(m), true) => Some(m.iter().enumerate().map(|(s, m)| m.unwrap_or(s)).collect()),
        (None, true) => {
            notes.push(format!(
                "{} has no mirror: --mirror adds nothing",
                spec.game
            ));
            None
        }
        (_, false) => None,
    };
    let want = DataHeader {
        game: spec.game.clone(),
        slots: spec.slots,
        kinds: spec.kinds,
        run: Vec::new(),
    };
    let mut feats = Vec::new();
    let mut active = 0usize;
    let mut max_active = 0usize;
    for path in paths {
        let name = path.display();
        let bytes = crate::game::files::read_regular(path, MAX_DATA_BYTES)
            .map_err(|e| format!("{name}: {e}"))?;
        let file = read_games(&bytes).map_err(|e| format!("{name}: {e}"))?;
        if !file.header.game.eq_ignore_ascii_case(&want.game) {
            return Err(format!(
                "{name}: the data is of {}, not {}",
                file.header.game, want.game
            ));
        }
        if (file.header.slots, file.header.kinds) != (want.slots, want.kinds) {
            return Err(format!(
                "{name}: the data has {} cells and {} kinds; {}'s inputs have {} and {}",
                file.header.slots, file.header.kinds, want.game, want.slots, want.kinds
            ));
        }
        if file.complete_len < bytes.len() {
            notes.push(format!(
                "{name}: a game cut short after byte {} is left out",
                file.complete_len
            ));
        }
        for (_, samples) in &file.games {
            let start = positions.len();
            for s in samples.iter().filter(|s| (spec.quiet)(s)) {
                s.features(spec.slots, usize::from(s.side), &mut feats);
                active += feats.len();
                max_active = max_active.max(feats.len());
                positions.push(&feats, target(s, opts), (spec.classic)(s) / opts.scale);
            }
            let mid = positions.len();
            if let (Some(map), Some(m)) = (&mirror, &spec.mirror) {
                for s in samples.iter().filter(|s| (spec.quiet)(s)) {
                    // A piece on a cell without a mirror: not mirrorable.
                    let on_board = s
                        .pieces
                        .iter()
                        .flatten()
                        .all(|&c| m[usize::from(c)].is_some());
                    if on_board {
                        let mirrored = s.mapped(map);
                        mirrored.features(spec.slots, usize::from(s.side), &mut feats);
                        let base = (spec.classic)(&mirrored) / opts.scale;
                        positions.push(&feats, target(s, opts), base);
                    }
                }
            }
            games.push((start, mid, positions.len()));
        }
    }
    let originals: usize = games.iter().map(|g| g.1 - g.0).sum();
    if originals == 0 {
        let why = notes.iter().map(|n| format!(" ({n})")).collect::<String>();
        return Err(format!("the data files hold no positions{why}"));
    }
    if positions.len() > u32::MAX as usize {
        return Err(format!(
            "{} positions: at most {} in one run",
            positions.len(),
            u32::MAX
        ));
    }
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.shuffle(&mut Pcg64::seed_from_u64(opts.seed));
    let valid_games = if opts.validation > 0.0 {
        if games.len() < 2 {
            return Err("a validation split needs at least 2 games (or --validation 0)".into());
        }
        ((opts.validation * games.len() as f64).round() as usize).clamp(1, games.len() - 1)
    } else {
        0
    };
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (k, &g) in order.iter().enumerate() {
        let (start, mid, end) = games[g];
        if k < valid_games {
            valid.extend(start as u32..mid as u32);
        } else {
            train.extend(start as u32..end as u32);
        }
    }
    let mirrored = games
        .iter()
        .map(|g| g.2 - g.1)
        .sum::<usize>()
        .saturating_sub(
            order[..valid_games]
                .iter()
                .map(|&g| games[g].2 - games[g].1)
                .sum(),
        );
    if train.is_empty() {
        return Err("no training positions after the validation split".into());
    }
    Ok(TrainSet {
        positions,
        train,
        valid,
        train_games: games.len() - valid_games,
        valid_games,
        mirrored,
        mean_active: active as f64 / originals as f64,
        max_active,
        notes,
    })
}
