//! `agon datagen`: the file reads back as the run reported it, every
//! position's result agrees with its game, the output does not depend on
//! the games played at once, on shards or on a kill and resume, and what
//! it cannot do is one error line.

use agon::nnue::data::{game_bytes, read_games, DataFile, DataHeader};

/// A fresh path in the system's temporary directory.
fn temp(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("agon-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// `agon datagen --game GAME` with tiny games into `out`, with `extra`
/// arguments: its stdout (the run must succeed).
fn datagen(game: &str, out: &std::path::Path, extra: &[&str]) -> String {
    let out = out.to_string_lossy().into_owned();
    let mut args = vec![
        "datagen",
        "--game",
        game,
        "--nodes",
        "100",
        "--max-plies",
        "200",
        "--seed",
        "3",
        "--out",
        &out,
    ];
    args.extend_from_slice(extra);
    if !extra.contains(&"--games") {
        args.extend_from_slice(&["--games", "5"]);
    }
    let (status, stdout, stderr) = crate::common::run(&args);
    assert!(status.success(), "{args:?}: {stderr}");
    stdout
}

fn read(path: &std::path::Path) -> DataFile {
    let bytes = std::fs::read(path).expect("the data file is there");
    read_games(&bytes).expect("the data file reads back")
}

/// The games and positions counts of the summary line.
fn reported(stdout: &str) -> (usize, usize) {
    let words: Vec<&str> = stdout.split_whitespace().collect();
    let before = |w: &str| {
        let at = words
            .iter()
            .position(|x| x.trim_end_matches(',') == w)
            .unwrap_or_else(|| panic!("no '{w}' in {stdout}"));
        words[at - 1].parse::<usize>().expect("a count")
    };
    (before("games"), before("positions"))
}

/// Every game's positions agree on its result: a win for one side is a
/// loss for the other, a draw a draw for both. The first player's wins,
/// draws and losses.
fn assert_results_agree(file: &DataFile) -> [usize; 3] {
    let mut wdl = [0; 3];
    for (index, samples) in &file.games {
        let firsts: Vec<u8> = samples
            .iter()
            .map(|s| if s.side == 0 { s.result } else { 2 - s.result })
            .collect();
        assert!(
            firsts.windows(2).all(|w| w[0] == w[1]),
            "game {index}: results {:?} for sides {:?}",
            samples.iter().map(|s| s.result).collect::<Vec<_>>(),
            samples.iter().map(|s| s.side).collect::<Vec<_>>()
        );
        assert!(
            samples.iter().all(|s| (-3000..=3000).contains(&s.score)),
            "game {index}: a score past the clamp"
        );
        if let Some(&r) = firsts.first() {
            wdl[usize::from(2 - r)] += 1;
        }
    }
    wdl
}

#[test]
fn the_file_holds_what_the_run_reported_in_index_order() {
    for game in ["zamma", "kubeia"] {
        let path = temp(&format!("report-{game}"));
        let stdout = datagen(game, &path, &["--concurrency", "2"]);
        let file = read(&path);
        let (games, positions) = reported(&stdout);
        assert_eq!(file.header.game, game);
        assert_eq!(file.games.len(), games, "{stdout}");
        let read_positions: usize = file.games.iter().map(|(_, s)| s.len()).sum();
        assert_eq!(read_positions, positions, "{stdout}");
        assert!(positions > 0);
        let indices: Vec<u32> = file.games.iter().map(|(i, _)| *i).collect();
        assert_eq!(indices, vec![0, 1, 2, 3, 4]);
        let [w, d, l] = assert_results_agree(&file);
        assert!(
            w + l > 0,
            "{game}: no decisive game to check the results on"
        );
        assert!(
            stdout.contains(&format!("first player +{w} ={d} -{l}")),
            "{stdout}"
        );
        let _ = std::fs::remove_file(&path);
    }
}

#[test]
fn the_output_does_not_depend_on_concurrency_shards_or_a_resume() {
    let one = temp("conc1");
    let two = temp("conc2");
    datagen("zamma", &one, &["--concurrency", "1"]);
    datagen("zamma", &two, &["--concurrency", "2"]);
    let whole = std::fs::read(&one).expect("written");
    assert_eq!(whole, std::fs::read(&two).expect("written"));

    // A run killed inside a game: the file cut in the middle of one.
    let file = read(&one);
    let header = DataHeader::of::<agon::games::zamma::Zamma>()
        .to_bytes()
        .len();
    let game_len = |k: usize| game_bytes(file.games[k].0, &file.games[k].1).len();
    let cut = header + game_len(0) + game_len(1) + game_len(2) / 2;
    let partial = temp("resume");
    std::fs::write(&partial, &whole[..cut]).expect("written");
    let kept = read(&partial).games.len();
    assert_eq!(kept, 2);
    let args = ["--concurrency", "2"];
    let stdout = datagen("zamma", &partial, &args);
    assert!(
        stdout.contains(&format!("this run {} games", 5 - kept)),
        "{stdout}"
    );
    assert_eq!(std::fs::read(&partial).expect("written"), whole);

    // The shards hold the same games as the whole run, each once.
    let mut sharded = Vec::new();
    for i in 1..=2 {
        let shard = temp(&format!("shard{i}"));
        datagen("zamma", &shard, &["--shard", &format!("{i}/2")]);
        sharded.extend(read(&shard).games);
        let _ = std::fs::remove_file(&shard);
    }
    sharded.sort_by_key(|(i, _)| *i);
    assert_eq!(sharded, file.games);
    for p in [one, two, partial] {
        let _ = std::fs::remove_file(&p);
    }
}

#[test]
fn what_it_cannot_do_is_one_error_line() {
    let foreign = temp("foreign");
    std::fs::write(&foreign, "not a data file\n").expect("written");
    let zamma_file = temp("zamma-file");
    datagen("zamma", &zamma_file, &["--games", "1"]);
    let zamma_bytes = std::fs::read(&zamma_file).expect("written");
    let f = foreign.to_string_lossy().into_owned();
    let z = zamma_file.to_string_lossy().into_owned();
    let cases: &[&[&str]] = &[
        &["datagen", "--game", "zamma", "--out", &f],
        &["datagen", "--game", "petteia", "--out", &z],
        // Game 0 is not in shard 2/2: another run's file.
        &["datagen", "--game", "zamma", "--out", &z, "--shard", "2/2"],
        &["datagen", "--game", "palma", "--out", &f],
        &[
            "datagen",
            "--game",
            "abalone",
            "--options",
            "players=3",
            "--out",
            &f,
        ],
        &[
            "datagen",
            "--game",
            "abalone",
            "--options",
            "princess=on",
            "--out",
            &f,
        ],
    ];
    for args in cases {
        let (status, stdout, stderr) = crate::common::run(args);
        assert!(!status.success(), "{args:?} succeeded: {stdout}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
    for shard in ["0/2", "3/2", "x"] {
        let (status, _, stderr) =
            crate::common::run(&["datagen", "--game", "zamma", "--out", &f, "--shard", shard]);
        assert!(!status.success());
        // clap's error: the flag and value named, then the usage hint.
        assert!(stderr.starts_with("error: invalid value"), "{stderr}");
    }
    // The files refused are as they were.
    assert_eq!(
        std::fs::read(&foreign).expect("there"),
        b"not a data file\n"
    );
    assert_eq!(std::fs::read(&zamma_file).expect("there"), zamma_bytes);
    for p in [foreign, zamma_file] {
        let _ = std::fs::remove_file(&p);
    }
}

#[test]
fn a_depth_budget_plays_too() {
    let path = temp("depth");
    let stdout = datagen("petteia", &path, &["--depth", "1", "--games", "2"]);
    let file = read(&path);
    assert_eq!(file.games.len(), reported(&stdout).0);
    assert_eq!(file.games.len(), 2);
    assert_results_agree(&file);
    let _ = std::fs::remove_file(&path);
}
