//! A progress bar on standard error for long commands (`agon match`),
//! drawn only when standard error is a terminal, with report lines printed
//! to standard output above it. `indicatif` draws it: it is the
//! maintained, widely used Rust crate for this, and handles terminal width,
//! redraw rate and a hidden bar when the output is not a terminal, which
//! hand-written escape codes would each have to get right. And the
//! one-line progress of `agon analyse`.

use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `total` steps (hidden when standard error is no terminal).
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    pub fn new(total: u64, unit: &str) -> Progress {
        let bar = ProgressBar::new(total);
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} {{elapsed}} (eta {{eta}})");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Progress { bar }
    }

    /// Prints a report line on standard output without tearing the bar.
    pub fn line(&self, text: &str) {
        self.bar.suspend(|| out!("{text}"));
    }

    /// One step done.
    pub fn step(&self) {
        self.bar.inc(1);
    }

    /// `n` steps done before this run (a resumed match).
    pub fn advance(&self, n: u64) {
        self.bar.inc(n);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// A progress line of `agon analyse` on standard error (standard output
/// keeps the table): `analyse: <done>/<total> <what> (<last>, <seconds>
/// s)`, one per step, so a long analysis shows it is moving.
pub fn analyse_step(done: usize, total: usize, what: &str, last: &str, began: Instant) {
    use std::io::Write as _;
    let secs = began.elapsed().as_secs_f64();
    let _ = writeln!(
        std::io::stderr(),
        "analyse: {done}/{total} {what} ({last}, {secs:.1} s)"
    );
}
