//! The greeting and `help` (protocol.md, "Commands"): a person who starts
//! agon at a terminal is told what it is and how to ask; a program that
//! drives it through pipes reads only answers to its own commands.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};

use crate::common::{agon_bin, Agon, DEADLINE};

/// A pseudo-terminal: (the side a terminal emulator holds, the side the
/// program reads as its terminal).
fn pty() -> (File, OwnedFd) {
    let (mut master, mut slave) = (-1, -1);
    // SAFETY: openpty writes two descriptors into the two integers and
    // reads nothing else (no name buffer, default settings and size).
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and are owned here alone.
    unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

#[test]
fn a_terminal_run_greets_once_and_help_lists_the_commands() {
    let (mut terminal, slave) = pty();
    let mut child = Command::new(agon_bin())
        .stdin(Stdio::from(slave))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("agon starts");
    // The terminal's line discipline hands each line to agon on its
    // newline; the echo it sends back to `terminal` is not read.
    terminal.write_all(b"help\nisready\nquit\n").unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        let _ = tx.send(out);
    });
    // One step (three commands, then exit) guarded against a hang.
    let Ok(out) = rx.recv_timeout(DEADLINE) else {
        let _ = child.kill();
        panic!("agon did not answer three commands and exit");
    };
    assert!(child.wait().unwrap().success(), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let greeting = lines[0];
    assert!(
        greeting.starts_with(&format!("agon {} ", env!("CARGO_PKG_VERSION")))
            && greeting.contains("type `help`"),
        "{out}"
    );
    for net in ["abalone=", "petteia=", "zamma="] {
        assert!(
            greeting.contains(net),
            "the greeting names the {net} net: {greeting}"
        );
    }
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("agon ")).count(),
        1,
        "{out}"
    );
    // `help` names every command word the protocol reads, one line each,
    // and where the specification is.
    let help = &lines[1..lines.len() - 1];
    for word in [
        "uci",
        "ugi",
        "isready",
        "setoption",
        "ucinewgame",
        "position",
        "go",
        "perft",
        "stop",
        "ponderhit",
        "d",
        "moves",
        "eval",
        "bench",
        "query",
        "chance",
        "help",
        "quit",
    ] {
        assert!(
            help.iter()
                .any(|l| l.split(|c: char| !c.is_alphanumeric()).any(|w| w == word)),
            "help names '{word}': {help:?}"
        );
    }
    assert!(help
        .iter()
        .any(|l| l.contains("protocol.md") && l.contains("agon --help")));
    assert_eq!(lines.last(), Some(&"readyok"), "{out}");
}

#[test]
fn a_piped_run_answers_only_what_it_is_asked() {
    let mut agon = Agon::start();
    agon.send("isready");
    assert_eq!(
        agon.recv(),
        "readyok",
        "no greeting before the first answer"
    );
    agon.send("quit");
    let (rest, status, _) = agon.finish();
    assert!(status.success());
    assert!(rest.is_empty(), "{rest:?}");
}
