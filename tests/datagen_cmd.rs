//! `agon datagen`: the file reads back as the run reported it, every
//! position's result agrees with its game, the output does not depend on
//! the games played at once, on shards or on a kill and resume, and what
//! it cannot do is one error line.

use agon::nnue::data::{game_bytes, read_games, DataFile, DataHeader};

use crate::common::scratch::Scratch;

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
    let dir = Scratch::new("datagen");
    for game in ["zamma", "kubeia"] {
        let path = dir.join(&format!("report-{game}"));
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
    }
}

#[test]
fn the_output_does_not_depend_on_concurrency_shards_or_a_resume() {
    let dir = Scratch::new("datagen");
    let one = dir.join("conc1");
    let two = dir.join("conc2");
    datagen("zamma", &one, &["--concurrency", "1"]);
    datagen("zamma", &two, &["--concurrency", "2"]);
    let whole = std::fs::read(&one).expect("written");
    assert_eq!(whole, std::fs::read(&two).expect("written"));

    // A run killed inside a game: the file cut in the middle of one.
    let file = read(&one);
    let header = file.header_len;
    let game_len = |k: usize| game_bytes(file.games[k].0, &file.games[k].1).len();
    let cut = header + game_len(0) + game_len(1) + game_len(2) / 2;
    let partial = dir.join("resume");
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
        let shard = dir.join(&format!("shard{i}"));
        datagen("zamma", &shard, &["--shard", &format!("{i}/2")]);
        sharded.extend(read(&shard).games);
    }
    sharded.sort_by_key(|(i, _)| *i);
    assert_eq!(sharded, file.games);
}

#[test]
fn what_it_cannot_do_is_one_error_line() {
    let dir = Scratch::new("datagen");
    let foreign = dir.join("foreign");
    std::fs::write(&foreign, "not a data file\n").expect("written");
    let zamma_file = dir.join("zamma-file");
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
}

#[test]
fn a_depth_budget_plays_too() {
    let dir = Scratch::new("datagen");
    let path = dir.join("depth");
    let stdout = datagen("petteia", &path, &["--depth", "1", "--games", "2"]);
    let file = read(&path);
    assert_eq!(file.games.len(), reported(&stdout).0);
    assert_eq!(file.games.len(), 2);
    assert_results_agree(&file);
}

/// `agon args…` fails with one error line containing `want`.
fn fails_with(args: &[&str], want: &str) {
    let (status, stdout, stderr) = crate::common::run(args);
    assert!(!status.success(), "{args:?} succeeded: {stdout}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(want), "{args:?}: {stderr}");
}

#[test]
fn only_regular_files_are_read() {
    let dir = Scratch::new("datagen");
    let fifo = dir.fifo("data.fifo").to_string_lossy().into_owned();
    // A device gives bytes without end (`/dev/full` reads as zeros): it
    // is refused before a byte is read, as a FIFO is before it is opened.
    for out in ["/dev/full", fifo.as_str()] {
        fails_with(
            &["datagen", "--game", "zamma", "--games", "1", "--out", out],
            "not a regular file",
        );
    }
    let net = dir.join("never.nnue").to_string_lossy().into_owned();
    fails_with(
        &["train", "--game", "zamma", "--data", &fifo, "--out", &net],
        "not a regular file (a FIFO)",
    );
    fails_with(
        &[
            "train",
            "--game",
            "zamma",
            "--data",
            "/dev/zero",
            "--out",
            &net,
        ],
        "not a regular file (a device)",
    );
    let data = dir.join("for-resume");
    datagen("zamma", &data, &["--games", "1"]);
    let data = data.to_string_lossy().into_owned();
    fails_with(
        &[
            "train",
            "--game",
            "zamma",
            "--data",
            &data,
            "--validation",
            "0",
            "--out",
            &net,
            "--resume",
            &fifo,
        ],
        "not a regular file (a FIFO)",
    );
    assert!(!std::path::Path::new(&net).exists());
}

#[test]
fn a_resume_with_other_arguments_is_refused_naming_what_differs() {
    let dir = Scratch::new("datagen");
    let path = dir.join("other-run");
    datagen("zamma", &path, &["--games", "2", "--shard", "1/4"]);
    let before = std::fs::read(&path).expect("written");
    assert_eq!(
        read(&path)
            .header
            .run
            .iter()
            .find(|(k, _)| k == "seed")
            .map(|(_, v)| v.as_str()),
        Some("3")
    );
    let p = path.to_string_lossy().into_owned();
    let base = [
        "datagen",
        "--game",
        "zamma",
        "--games",
        "8",
        "--out",
        &p,
        "--max-plies",
        "200",
    ];
    let same = ["--nodes", "100", "--seed", "3", "--shard", "1/4"];
    let cases: &[(&[&str], &str)] = &[
        (
            &["--nodes", "100", "--seed", "4", "--shard", "1/4"],
            "seed: '3' in the file, '4' here",
        ),
        (
            &["--nodes", "200", "--seed", "3", "--shard", "1/4"],
            "limit: 'nodes=100' in the file, 'nodes=200' here",
        ),
        (
            &["--nodes", "100", "--seed", "3", "--shard", "1/2"],
            "shard: '1/4' in the file, '1/2' here",
        ),
        (
            &[
                "--nodes",
                "100",
                "--seed",
                "3",
                "--shard",
                "1/4",
                "--options",
                "quiet_plies=60",
            ],
            "options: ",
        ),
        (
            &[
                "--nodes", "100", "--seed", "3", "--shard", "1/4", "--engine", "hash=16",
            ],
            "engine: '' in the file, 'hash=16' here",
        ),
    ];
    for (extra, want) in cases {
        let args: Vec<&str> = base.iter().chain(extra.iter()).copied().collect();
        fails_with(&args, want);
        assert_eq!(std::fs::read(&path).expect("there"), before, "{extra:?}");
    }
    // The same arguments (more games of the set) extend it.
    let args: Vec<&str> = base.iter().chain(same.iter()).copied().collect();
    let (status, _, stderr) = crate::common::run(&args);
    assert!(status.success(), "{stderr}");
    let indices: Vec<u32> = read(&path).games.iter().map(|(i, _)| *i).collect();
    assert_eq!(indices, vec![0, 4]);

    // A file of the first format, without the run: read by the trainer's
    // reader still, but not resumed (it cannot be checked).
    let mut old = b"AGONDATA".to_vec();
    old.extend_from_slice(&1u16.to_le_bytes());
    let header = DataHeader::of::<agon::games::zamma::Zamma>();
    old.push(header.game.len() as u8);
    old.extend_from_slice(header.game.as_bytes());
    old.extend_from_slice(&(header.slots as u16).to_le_bytes());
    old.push(header.kinds as u8);
    let file = read(&path);
    old.extend_from_slice(&game_bytes(file.games[0].0, &file.games[0].1));
    std::fs::write(&path, &old).expect("written");
    let back = read(&path);
    assert!(back.header.run.is_empty());
    assert_eq!(back.games, file.games[..1]);
    let args: Vec<&str> = base.iter().chain(same.iter()).copied().collect();
    fails_with(&args, "without the record of its run");
    assert_eq!(std::fs::read(&path).expect("there"), old);
}

/// An engine whose table the machine cannot give is one error line from
/// `agon datagen` and `agon tune --spsa`, not a panic in a worker (the
/// referee's built-in engines are made once per worker, fallibly).
#[test]
fn a_table_the_machine_cannot_give_is_one_error_line() {
    let dir = Scratch::new("datagen");
    // 64 GiB, the largest Hash: more than this machine has available.
    let available_mib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let line = m.lines().find(|l| l.starts_with("MemAvailable:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map(|kib| kib / 1024);
    if available_mib.is_none_or(|a| a >= 65_536) {
        eprintln!("skipped: this machine could give a 64 GiB table");
        return;
    }
    let out = dir.join("hash");
    let out_text = out.to_string_lossy().into_owned();
    let (status, _, stderr) = crate::common::run(&[
        "datagen",
        "--game",
        "zamma",
        "--games",
        "2",
        "--engine",
        "hash=65536",
        "--out",
        &out_text,
    ]);
    assert!(!status.success());
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("MiB"), "{stderr}");
    let (status, _, stderr) = crate::common::run(&[
        "tune",
        "--game",
        "zamma",
        "--spsa",
        "2",
        "--engine",
        "hash=65536,depth=1",
    ]);
    assert!(!status.success());
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("MiB"), "{stderr}");
}
