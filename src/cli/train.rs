//! `agon train`: fits a network to data files ([`crate::learn::train`])
//! and prints a line per epoch.

use std::io::IsTerminal as _;
use std::path::PathBuf;

use clap::Args;

use super::ArgError;
use crate::game::GameError;
use crate::games::GameKind;
use crate::learn::train::{self, EpochReport, Observer, SetOptions, Spec, TrainConfig, TrainSet};
use crate::nnue::network::MAX_HIDDEN;

/// Arguments of `agon train`.
#[derive(Args, Clone)]
pub struct TrainArgs {
    /// The game (one with network inputs: Abalone for two, Zamma,
    /// Petteia, Kubeia).
    #[arg(long, value_enum)]
    pub game: GameKind,
    /// A data file of `agon datagen` (repeat for several).
    #[arg(long = "data", value_name = "FILE", required = true)]
    pub data: Vec<PathBuf>,
    /// The network file to write (quantized); a checkpoint goes to
    /// FILE.ckpt after each epoch.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Hidden units (a network file holds at most 256).
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_HIDDEN)))]
    pub hidden: u16,
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub epochs: u32,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub batch: u32,
    /// Adam's learning rate.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.001, value_parser = positive)]
    pub lr: f32,
    /// The learning rate's factor per epoch: epoch e (from 0) learns at
    /// lr·decay^e (1: constant).
    #[arg(long = "lr-decay", allow_negative_numbers = true, default_value_t = 1.0, value_parser = factor)]
    pub lr_decay: f32,
    /// The written net's output (its correction of the classic evaluation)
    /// is the trained one's times DAMP: the epochs' losses are the trained
    /// net's, the final check (loss and quantization) the damped one's.
    /// With --resume from a finished run's checkpoint it damps that net
    /// without training.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1.0, value_parser = factor)]
    pub damp: f32,
    /// The target's weight on the score (the rest on the result).
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.5, value_parser = fraction)]
    pub lambda: f32,
    /// K: the score in centi-units that maps to σ(1) (win chance 73 %).
    #[arg(long, allow_negative_numbers = true, default_value_t = 400.0, value_parser = positive)]
    pub scale: f32,
    /// The part of the games (not positions) kept for validation.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.05, value_parser = validation)]
    pub validation: f32,
    /// Add each training position's mirror (in games that have one).
    #[arg(long)]
    pub mirror: bool,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: every core). The result depends on the seed and
    /// the thread count only.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// The net's name in its file (default <game>-h<hidden>-e<epochs>).
    #[arg(long)]
    pub name: Option<String>,
    /// Continue from a checkpoint (OUT.ckpt of a stopped run, same
    /// arguments).
    #[arg(long, value_name = "CHECKPOINT")]
    pub resume: Option<PathBuf>,
}

fn float(text: &str) -> Result<f32, ArgError> {
    text.trim()
        .parse::<f32>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| ArgError::Message(format!("'{text}' is not a number")))
}

fn positive(text: &str) -> Result<f32, ArgError> {
    let x = float(text)?;
    (x > 0.0)
        .then_some(x)
        .ok_or_else(|| ArgError::Message(format!("must be above 0, not '{text}'")))
}

fn fraction(text: &str) -> Result<f32, ArgError> {
    let x = float(text)?;
    (0.0..=1.0)
        .contains(&x)
        .then_some(x)
        .ok_or_else(|| ArgError::Message(format!("must be within 0..1, not '{text}'")))
}

fn factor(text: &str) -> Result<f32, ArgError> {
    let x = float(text)?;
    (x > 0.0 && x <= 1.0)
        .then_some(x)
        .ok_or_else(|| ArgError::Message(format!("must be above 0 and at most 1, not '{text}'")))
}

fn validation(text: &str) -> Result<f32, ArgError> {
    let x = float(text)?;
    (0.0..=0.9)
        .contains(&x)
        .then_some(x)
        .ok_or_else(|| ArgError::Message(format!("must be within 0..0.9, not '{text}'")))
}

impl TrainArgs {
    pub fn run(&self) -> Result<(), GameError> {
        // The games with network inputs, by name: the one dispatch.
        let spec = match self.game {
            GameKind::Abalone => Spec::of::<crate::games::abalone::Abalone>(),
            GameKind::Zamma => Spec::of::<crate::games::zamma::Zamma>(),
            GameKind::Petteia => Spec::of::<crate::games::petteia::Petteia>(),
            GameKind::Kubeia => Spec::of::<crate::games::petteia::Kubeia>(),
            GameKind::AbaloneMulti | GameKind::Palma => {
                return Err(GameError::new(format!(
                    "{} has no network inputs (networks: Abalone, Zamma, Petteia, Kubeia)",
                    self.game
                )))
            }
        };
        let threads = self
            .threads
            .map(usize::from)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let cfg = TrainConfig {
            data: self.data.clone(),
            out: self.out.clone(),
            hidden: usize::from(self.hidden),
            epochs: self.epochs,
            batch: self.batch as usize,
            lr: self.lr,
            lr_decay: self.lr_decay,
            damp: self.damp,
            set: SetOptions {
                lambda: self.lambda,
                scale: self.scale,
                validation: f64::from(self.validation),
                mirror: self.mirror,
                seed: self.seed,
            },
            threads,
            name: self.name.clone(),
            resume: self.resume.clone(),
        };
        out!(
            "train {}: hidden {}, {} epochs, batch {}, lr {} (×{} an epoch), lambda {}, scale {}, damp {}, {threads} threads, seed {}",
            spec.game, cfg.hidden, cfg.epochs, cfg.batch, cfg.lr, cfg.lr_decay, cfg.set.lambda, cfg.set.scale, cfg.damp, cfg.set.seed
        );
        let mut screen = Screen {
            bar: None,
            shown: 0,
            terminal: std::io::stderr().is_terminal(),
        };
        let trained = train::train(&spec, &cfg, &mut screen).map_err(GameError::new)?;
        if let Some(bar) = screen.bar.take() {
            bar.finish();
        }
        let c = &trained.check;
        out!(
            "wrote {} ({} bytes, net {})",
            cfg.out.display(),
            trained.bytes.len(),
            crate::nnue::Network::from_bytes(&trained.bytes, &spec.game)
                .map(|n| n.label())
                .unwrap_or_default()
        );
        out!(
            "quantized, read back, on {} {} positions: loss {:.6} (float {:.6}); |float - quantized| mean {:.2} cp, max {:.1} cp (|float| up to {:.0} cp)",
            c.positions,
            if cfg.set.validation > 0.0 { "validation" } else { "training" },
            c.quant_loss,
            c.float_loss,
            c.mean_abs_cp,
            c.max_abs_cp,
            c.max_float_cp
        );
        Ok(())
    }
}

/// Prints the trainer's reports; a progress bar within an epoch when
/// standard error is a terminal.
struct Screen {
    bar: Option<super::progress::Progress>,
    /// Positions the bar shows.
    shown: usize,
    terminal: bool,
}

impl Screen {
    fn line(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.line(text),
            None => out!("{text}"),
        }
    }
}

impl Observer for Screen {
    fn note(&mut self, text: &str) {
        self.line(&format!("note: {text}"));
    }

    fn loaded(&mut self, set: &TrainSet) {
        self.line(&format!(
            "data: {} training positions ({} mirrored) of {} games, {} validation positions of {} games, {:.1} active inputs per view",
            set.train.len(),
            set.mirrored,
            set.train_games,
            set.valid.len(),
            set.valid_games,
            set.mean_active
        ));
    }

    fn start(&mut self, epoch: u32, valid: Option<f64>) {
        self.line(&format!("epoch {epoch:>3}: validation {}", loss(valid)));
    }

    fn progress(&mut self, done: usize, total: usize) {
        if !self.terminal {
            return;
        }
        let bar = self
            .bar
            .get_or_insert_with(|| super::progress::Progress::new(total as u64, "positions"));
        bar.advance((done - self.shown) as u64);
        self.shown = done;
    }

    fn epoch(&mut self, r: &EpochReport) {
        if let Some(bar) = self.bar.take() {
            bar.finish();
        }
        self.shown = 0;
        self.line(&format!(
            "epoch {:>3}/{}: train {:.6}, validation {}, {:.0} positions/s, {:.1} s",
            r.epoch,
            r.epochs,
            r.train_loss,
            loss(r.valid_loss),
            r.rate(),
            r.secs
        ));
    }
}

fn loss(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |x| format!("{x:.6}"))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use crate::cli::{Cli, Command};

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        let base = ["agon", "train", "--data", "x.data", "--out", "x.nnue"];
        Cli::try_parse_from(base.iter().chain(args))
    }

    #[test]
    fn a_game_without_inputs_is_one_error_line() {
        let cli = parse(&["--game", "palma"]).expect("parses");
        let Some(Command::Train(a)) = cli.command else {
            panic!("not train");
        };
        let e = a.run().expect_err("refused").to_string();
        assert!(e.contains("no network inputs") && !e.contains('\n'), "{e}");
    }

    #[test]
    fn numbers_out_of_range_are_refused() {
        assert!(parse(&["--game", "zamma", "--lr", "0.01", "--lambda", "1"]).is_ok());
        for bad in [
            ["--lr", "0"],
            ["--lr", "-1"],
            ["--lambda", "1.5"],
            ["--validation", "0.95"],
            ["--scale", "nan"],
            ["--hidden", "0"],
            // More than a network file can hold: refused before training,
            // not after it.
            ["--hidden", "257"],
            ["--lr-decay", "1.5"],
            ["--damp", "0"],
        ] {
            let args = ["--game", "zamma", bad[0], bad[1]];
            assert!(parse(&args).is_err(), "{bad:?} accepted");
        }
    }
}
