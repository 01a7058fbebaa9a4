//! The `agon` binary: with no subcommand it speaks the protocol on
//! stdin/stdout (see protocol.md); subcommands serve the command line
//! ([`agon::cli`]).

use std::process::ExitCode;

use agon::cli::Cli;

fn main() -> ExitCode {
    // clap's own errors name the argument, give a suggestion for a
    // misspelt flag and the usage line, and exit with status 2; help and
    // version exit with 0.
    let cli = Cli::parse_args();
    let Some(command) = cli.command else {
        agon::protocol::run();
        return ExitCode::SUCCESS;
    };
    match command.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
