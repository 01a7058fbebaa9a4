//! Networks through the protocol: `EvalFile` reads a network for the
//! current game, `Eval` chooses between it and the classic evaluator, and
//! a file that is missing, cut, changed or another game's is one error
//! line with the previous network kept; `agon match` plays a network file
//! against the classic evaluator.

use agon::games::abalone::Abalone;
use agon::games::zamma::Zamma;
use agon::nnue::accumulator::evaluate_from_scratch;
use agon::nnue::network::{FloatNet, Shape};
use agon::nnue::{NetInput, Network};

use crate::common::scratch::Scratch;
use crate::common::{eval_total, run, Agon};

/// A random network of `G` written to a file of its own in `dir`; its
/// path.
fn net_file<G: NetInput>(dir: &Scratch, name: &str, seed: u64) -> (std::path::PathBuf, Network) {
    let mut float = FloatNet::random(Shape::of::<G>(32), seed);
    float.name = name.to_string();
    let net = float.quantize();
    let path = dir.join(&format!("{name}.nnue"));
    std::fs::write(&path, net.to_bytes()).expect("a temporary file");
    (path, net)
}

#[test]
fn evalfile_loads_a_network_and_bad_files_keep_the_old_one() {
    let dir = Scratch::new("nnue-engine");
    let (zamma_file, zamma_net) = net_file::<Zamma>(&dir, "zt", 1);
    let (abalone_file, _) = net_file::<Abalone>(&dir, "at", 2);
    let mut corrupt = std::fs::read(&zamma_file).unwrap();
    let mid = corrupt.len() / 2;
    corrupt[mid] ^= 1;
    let corrupt_file = zamma_file.with_extension("corrupt");
    std::fs::write(&corrupt_file, &corrupt).unwrap();

    let mut e = Agon::start();
    e.send("setoption name Game value zamma");
    e.send("setoption name Eval value classic");
    let classic = e.eval_lines();
    e.send("setoption name Eval value auto");
    assert!(
        classic.len() > 2 && !classic.iter().any(|l| l.contains("nnue")),
        "{classic:?}"
    );

    e.send(&format!(
        "setoption name EvalFile value {}",
        zamma_file.display()
    ));
    let with_net = e.eval_lines();
    // The classic evaluation of the start (the mover's view) and the
    // net's correction to it, as the net computes it from scratch.
    let start = <Zamma as agon::game::Game>::new(&Default::default()).unwrap();
    let correction = evaluate_from_scratch(&zamma_net, &start);
    let classic_total = eval_total(&classic).expect("a classic total");
    let value = |l: &str, term: &str| -> i32 {
        l.strip_prefix(&format!("eval {term} "))
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{l} is not eval {term}"))
    };
    assert_eq!(with_net.len(), 3, "{with_net:?}");
    assert_eq!(value(&with_net[0], "classic"), classic_total);
    assert!(
        (value(&with_net[1], "nnue") - correction).abs() <= 1,
        "{with_net:?} {correction}"
    );
    let total = value(&with_net[2], "total");
    assert!(
        (total - classic_total - correction).abs() <= 1,
        "{with_net:?}"
    );

    let label = zamma_net.label();
    for (file, why) in [
        (
            corrupt_file.clone(),
            "corrupt (checksum mismatch)".to_string(),
        ),
        (
            abalone_file.clone(),
            "the network is for abalone, not zamma".to_string(),
        ),
        (
            std::path::PathBuf::from("/nonexistent/z.nnue"),
            "No such file".to_string(),
        ),
    ] {
        e.send(&format!("setoption name EvalFile value {}", file.display()));
        let lines = e.sync();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("info string error: setoption: EvalFile: "),
            "{lines:?}"
        );
        assert!(
            lines[0].contains(&why) && lines[0].ends_with(&format!("EvalFile stays {label}")),
            "{lines:?}"
        );
        assert_eq!(e.eval_lines(), with_net, "the old network stays");
    }

    e.send("setoption name Eval value classic");
    assert_eq!(e.eval_lines(), classic);
    e.send("setoption name Eval value nnue");
    assert_eq!(e.eval_lines(), with_net);
    e.send("bench 2");
    let bench = e.until(|l| l.starts_with("bench nodes"));
    assert!(
        bench
            .iter()
            .any(|l| l.starts_with("info string bench zamma ")
                && l.ends_with(&format!("eval nnue {label}"))),
        "{bench:?}"
    );
    // Another game does not use the zamma network.
    assert!(
        bench
            .iter()
            .any(|l| l.starts_with("info string bench abalone ") && !l.contains("zt-")),
        "{bench:?}"
    );
    e.send("position startpos");
    e.send("go depth 3");
    let best = e.until(|l| l.starts_with("bestmove"));
    assert!(!best.last().unwrap().contains("(none)"), "{best:?}");

    e.send("setoption name EvalFile value <empty>");
    e.send("setoption name Eval value auto");
    assert_eq!(e.eval_lines(), classic_or_shipped(&classic));
    e.send("quit");
    let (rest, status, _) = e.finish();
    assert!(status.success() && rest.is_empty(), "{rest:?}");
}

/// What `Eval=auto` without a file shows at Zamma's start: the classic
/// terms, or the shipped network's when it is Zamma's default.
fn classic_or_shipped(classic: &[String]) -> Vec<String> {
    use agon::game::{Evaluated, Evaluator};
    let eval = <Zamma as Evaluated>::Evaluator::default();
    if eval.net.is_none() {
        return classic.to_vec();
    }
    let start = <Zamma as agon::game::Game>::new(&Default::default()).unwrap();
    eval.terms_cp(&start)
        .into_iter()
        .map(|(term, v)| format!("eval {term} {v}"))
        .collect()
}

#[test]
fn a_match_plays_a_network_file_against_the_classic_evaluator() {
    let dir = Scratch::new("nnue-engine");
    let (file, net) = net_file::<Zamma>(&dir, "mt", 3);
    let a = format!("evalfile={},eval=nnue,depth=2,name=net", file.display());
    let (status, out, err) = run(&[
        "match",
        "--game",
        "zamma",
        "--a",
        &a,
        "--b",
        "eval=classic,depth=2,name=classic",
        "--games",
        "2",
        "--seed",
        "1",
    ]);
    assert!(status.success(), "{out}{err}");
    assert!(out.contains("net") && out.contains("classic"), "{out}");
    // A network of another game is refused before any game, in one line.
    let (status, _, err) = run(&[
        "match", "--game", "abalone", "--a", &a, "--b", "depth=1", "--games", "2",
    ]);
    assert!(!status.success());
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains(&format!(
            "the network {} is for zamma, not abalone",
            net.label()
        )),
        "{err}"
    );
}

#[test]
fn a_fifo_as_evalfile_is_one_error_and_the_engine_answers() {
    let dir = Scratch::new("nnue-engine");
    let path = dir.fifo("net.fifo");
    let mut e = Agon::start();
    e.send("setoption name Game value zamma");
    e.send(&format!("setoption name EvalFile value {}", path.display()));
    // Before `readyok`: the engine did not wait in the FIFO's open.
    let lines = e.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string error: setoption: EvalFile: ")
            && lines[0].contains("not a regular file (a FIFO)")
            && lines[0].ends_with("EvalFile stays empty"),
        "{lines:?}"
    );
    e.send("quit");
    let (_, status, _) = e.finish();
    assert!(status.success());
    // `agon match` refuses it the same way, before any game.
    let a = format!("evalfile={},depth=1", path.display());
    let (status, _, err) = run(&[
        "match", "--game", "zamma", "--a", &a, "--b", "depth=1", "--games", "2",
    ]);
    assert!(!status.success());
    // The engine spec's error, in clap's words (then its usage hint).
    let first = err.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("error: invalid value")
            && first.ends_with("net.fifo: not a regular file (a FIFO)"),
        "{err}"
    );
}

#[test]
fn a_long_evalfile_path_leaves_the_reason_in_view() {
    let long = format!(
        "/nonexistent/{}/{}/{}/z.nnue",
        "a".repeat(200),
        "b".repeat(200),
        "c".repeat(200)
    );
    let mut e = Agon::start();
    e.send("setoption name Game value zamma");
    e.send(&format!("setoption name EvalFile value {long}"));
    let lines = e.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    let line = &lines[0];
    assert!(line.contains("No such file"), "{line}");
    assert!(
        line.contains("…") && line.contains("ccc/z.nnue: "),
        "{line}"
    );
    assert!(
        line.chars().count() < 200,
        "{} chars: {line}",
        line.chars().count()
    );
    e.send("quit");
    let (_, status, _) = e.finish();
    assert!(status.success());
}

#[test]
fn eval_nnue_says_when_no_network_applies() {
    let mut e = Agon::start();
    // Palma has no network: the setting is answered.
    e.send("setoption name Game value palma");
    e.send("setoption name Eval value nnue");
    let lines = e.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string Eval nnue: no network applies to palma; the ")
            && lines[0].ends_with(" evaluator is used")
            && !lines[0].contains("error"),
        "{lines:?}"
    );
    e.send("setoption name Eval value auto");
    // Zamma and Kubeia have one built in (Kubeia's not the default):
    // nothing to say.
    for game in ["zamma", "kubeia"] {
        e.send(&format!("setoption name Game value {game}"));
        e.send("setoption name Eval value nnue");
        assert_eq!(e.sync(), Vec::<String>::new(), "{game}");
    }
    e.send("quit");
    let (_, status, _) = e.finish();
    assert!(status.success());
}
