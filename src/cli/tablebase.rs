//! `agon tablebase generate`: exact tables larger than the built-in ones,
//! solved once and written to a file that the option `EndgamePath` loads
//! (Palma's endgames: every piece of both sides on square `--size` or
//! higher; Zamma's: every position of `--pieces` pieces or fewer).
//! Progress goes to standard error, one line per tenth solved.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::GameCommand;
use crate::game::{GameError, GameOptions, Playable};
use crate::games::GameKind;

/// Arguments of `agon tablebase`.
#[derive(Args)]
pub struct TablebaseArgs {
    #[command(subcommand)]
    pub action: TablebaseAction,
}

#[derive(Subcommand)]
pub enum TablebaseAction {
    /// Solve a domain and write it to a file for `EndgamePath`.
    Generate(GenerateArgs),
}

/// Arguments of `agon tablebase generate`.
#[derive(Args)]
pub struct GenerateArgs {
    /// The game (Palma and Zamma have table files).
    #[arg(long, value_enum, default_value_t = GameKind::Palma)]
    pub game: GameKind,
    /// Variant options the table is solved under (the table answers only
    /// for them).
    #[arg(long)]
    pub options: Option<String>,
    /// Palma's domain: the lowest square every piece of both sides
    /// stands on (10 to 25; 14 takes about 10 s and writes 305 MB, 10
    /// about 3 minutes and 3.85 GB).
    #[arg(long, required_unless_present = "pieces", conflicts_with = "pieces")]
    pub size: Option<u32>,
    /// Zamma's domain: every position of at most this many pieces (2 to
    /// 4). A stopped generation goes on from `<out>.partial`.
    #[arg(long)]
    pub pieces: Option<u32>,
    /// The file to write.
    #[arg(long)]
    pub out: PathBuf,
}

impl GameCommand for GenerateArgs {
    type Output = ();

    fn options(&self) -> Option<&str> {
        self.options.as_deref()
    }

    fn run<G: Playable>(&self, opts: &GameOptions) -> Result<(), GameError> {
        use std::io::Write as _;
        use std::sync::atomic::{AtomicU32, Ordering};
        let shown = AtomicU32::new(0);
        let progress = |done: f64| {
            let tenth = (done * 10.0).floor() as u32;
            if shown.fetch_max(tenth, Ordering::Relaxed) < tenth {
                let _ = writeln!(std::io::stderr(), "tablebase: {}% solved", tenth * 10);
            }
        };
        let size = self.size.or(self.pieces).unwrap_or_default();
        let summary = G::generate_tablebase(opts, size, &self.out, &progress)?;
        out!("{summary}");
        Ok(())
    }
}

impl TablebaseArgs {
    pub fn run(&self) -> Result<(), GameError> {
        match &self.action {
            TablebaseAction::Generate(a) => super::on_game(a, a.game),
        }
    }
}
