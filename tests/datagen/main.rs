//! Data generators and long measurements for the test suite, as commands
//! instead of ignored tests: they rewrite the suites under `positions/`
//! from the independent oracles that live in `tests/` (the naive move
//! generators, the exhaustive tactics solvers) or print figures that take
//! minutes. Each generator sits next to the test that checks its file; this
//! binary only includes those test modules and dispatches.
//!
//! `cargo run --release --features datagen --example datagen -- --help`

// The test modules are compiled here without `cfg(test)`: their tests drop
// out and leave helpers only the tests use.
#![allow(dead_code, unused_imports)]

use clap::{Parser, Subcommand};

// Not all of `common`: it names the agon binary, which only tests have.
#[path = "../common/engine.rs"]
pub mod engine;
#[path = "../common/scratch.rs"]
pub mod scratch;
#[path = "../common/suite_lines.rs"]
pub mod suite_lines;
mod common {
    pub use crate::engine;
    pub use crate::scratch;
    pub use crate::suite_lines;
}
#[path = "../game_contract.rs"]
mod game_contract;
#[path = "../naive/mod.rs"]
mod naive;

#[path = "../abalone_perft.rs"]
mod abalone_perft;
#[path = "../abalone_tactics.rs"]
mod abalone_tactics;
#[path = "../expectimax.rs"]
mod expectimax;
#[path = "../palma_endgame.rs"]
mod palma_endgame;
#[path = "../palma_perft.rs"]
mod palma_perft;
#[path = "../palma_race.rs"]
mod palma_race;
#[path = "../petteia_perft.rs"]
mod petteia_perft;
#[path = "../zamma_perft.rs"]
mod zamma_perft;
#[path = "../zamma_tables.rs"]
mod zamma_tables;
#[path = "../zamma_tactics.rs"]
mod zamma_tactics;

#[derive(Parser)]
#[command(about = "Regenerates the test suites under positions/ and prints long measurements")]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rewrites positions/abalone-perft.txt with counts from the naive generator
    AbalonePerft,
    /// Prints the naive generator's divide of one Abalone position
    AbaloneDivide {
        /// A position string or the name of a line of the perft suite
        #[arg(default_value = "standard")]
        position: String,
        /// Variant options, e.g. "princess=on" (ignored for a suite name)
        #[arg(default_value = "")]
        options: String,
        #[arg(default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=8))]
        depth: u32,
    },
    /// Rewrites positions/abalone-multi-perft.txt (3, 4, 6 players) with counts from the naive generator
    AbaloneMultiPerft,
    /// Prints the naive generator's divide of one 3-, 4- or 6-player Abalone position
    AbaloneMultiDivide {
        /// A position string or the name of a line of the multi-player perft suite
        #[arg(default_value = "start-3")]
        position: String,
        /// "players=3", "players=4" or "players=6" (ignored for a suite name)
        #[arg(default_value = "players=3")]
        options: String,
        #[arg(default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=8))]
        depth: u32,
    },
    /// Rewrites positions/abalone-tactics.txt from the exhaustive solver (about 15 minutes)
    AbaloneTactics,
    /// Prints the perft suite lines of the Zamma candidates with naive counts
    ZammaPerft,
    /// Prints positions reached by seeded random playouts (Zamma suite candidates)
    ZammaCandidates,
    /// Rewrites positions/zamma-tactics.txt from the exhaustive solver (about 30 s)
    ZammaTactics,
    /// Prints the Petteia/Kubeia perft suite with counts from the naive generator
    PetteiaPerft,
    /// Compares the engine with the naive generator from the starts: Petteia depth 4, Kubeia depth 3
    PetteiaDeepCheck,
    /// Prints the Palma perft suite with counts from the naive generator
    PalmaPerft,
    /// Rewrites positions/palma-endgames.txt from the exact endgame table
    PalmaEndgames,
    /// Size and build time of the Palma race and endgame tables
    PalmaTables,
    /// One-ply play on the race table against random and rearmost play
    PalmaOnePly,
    /// Expectiminimax node counts: plain, Star1, Star2, with and without a table
    ExpectimaxNodes,
    /// Rewrites positions/zamma-endgames.txt from four-piece Zamma tables
    ZammaEndgames {
        /// The tables (agon tablebase generate --game zamma --pieces 4)
        tables: std::path::PathBuf,
    },
}

fn main() {
    match Args::parse().command {
        Command::AbalonePerft => abalone_perft::regenerate_suite(),
        Command::AbaloneDivide {
            position,
            options,
            depth,
        } => abalone_perft::print_naive_divide(position, options, depth),
        Command::AbaloneMultiPerft => abalone_perft::regenerate_multi_suite(),
        Command::AbaloneMultiDivide {
            position,
            options,
            depth,
        } => abalone_perft::print_naive_multi_divide(position, options, depth),
        Command::AbaloneTactics => abalone_tactics::regenerate_suite(),
        Command::ZammaPerft => zamma_perft::print_suite(),
        Command::ZammaCandidates => zamma_perft::print_random_positions(),
        Command::ZammaTactics => zamma_tactics::generate_suite(),
        Command::PetteiaPerft => petteia_perft::regenerate_suite_counts(),
        Command::PetteiaDeepCheck => {
            petteia_perft::start_depth_four_and_kubeia_depth_three_match_naive();
            println!("the engine and the naive generator agree");
        }
        Command::PalmaPerft => palma_perft::print_naive_counts(),
        Command::PalmaEndgames => palma_endgame::write_endgame_set(),
        Command::PalmaTables => {
            palma_race::report_table_size_and_build_time();
            palma_endgame::build_size();
        }
        Command::PalmaOnePly => palma_race::report_one_ply_matches(),
        Command::ExpectimaxNodes => expectimax::node_counts_benchmark(),
        Command::ZammaEndgames { tables } => zamma_tables::write_endgame_suite(&tables),
    }
}
