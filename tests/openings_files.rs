//! The openings files of `positions/`: each is what the `agon openings`
//! command in its first line prints (so they can be made again), and every
//! line is a distinct position of its game, not finished, that a match
//! can start from.

use agon::game::{GameOptions, Playable};
use agon::games::GameKind;

fn check<G: Playable>(text: &str) {
    let opts = GameOptions::parse("", G::option_specs()).expect("defaults");
    let mut seen = std::collections::HashSet::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let pos = G::from_position(line, &opts).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(!pos.status().is_over(), "{line}");
        assert_eq!(pos.position(), line, "canonical");
        assert!(seen.insert(line.to_string()), "{line} twice");
    }
    assert!(seen.len() >= 100, "{}: {} openings", G::NAME, seen.len());
}

#[test]
fn every_openings_file_is_its_command_output() {
    let root = env!("CARGO_MANIFEST_DIR");
    for &kind in GameKind::ALL {
        let path = format!("{root}/positions/openings-{}.txt", kind.name());
        let text = std::fs::read_to_string(&path).expect("an openings file per game");
        let header = text.lines().next().expect("a header");
        let command = header
            .split_once("(agon ")
            .and_then(|(_, c)| c.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{path}: no command in '{header}'"));
        let args: Vec<&str> = command.split_whitespace().collect();
        let (status, out, err) = std::process::Command::new(crate::common::agon_bin())
            .args(&args)
            .current_dir(root)
            .output()
            .map(|o| {
                (
                    o.status,
                    String::from_utf8_lossy(&o.stdout).into_owned(),
                    String::from_utf8_lossy(&o.stderr).into_owned(),
                )
            })
            .expect("agon runs");
        assert!(status.success(), "{command}: {err}");
        assert_eq!(out, text, "{path} is not what '{command}' prints");
        agon::with_game!(kind, G => check::<G>(&text));
    }
}
