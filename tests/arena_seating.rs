//! Matches of more than two players (src/arena/seating.rs) on TriRace, the
//! N-player test game: two engines in a 3-player game (one against the
//! field) and in a 2-v-2 team game (team against team), three and four
//! engines in four seats; every engine plays every seat equally often, the
//! statistics agree with the games, a resumed and a sharded match give
//! the games of one run, and the records read back and replay.

use std::sync::Mutex;
use std::time::Duration;

use crate::common::scratch::Scratch;
use agon::arena::record::{self, MatchRecord};
use agon::arena::{
    resume, run_match, stats_of, Entrant, GameResult, MatchSpec, MatchStats, Seating, Tally,
};
use agon::game::{Game, GameOptions, Notation, Outcome};
use agon::testgames::TriRace;

fn spec(games: u32) -> MatchSpec {
    MatchSpec {
        games,
        opening_plies: (0, 2),
        openings: Vec::new(),
        max_plies: 40,
        concurrency: 1,
        seed: 11,
        margin: Duration::from_secs(3600),
        sprt: None,
        shard: (0, 1),
        done: Vec::new(),
        resign: None,
        draw: None,
    }
}

fn entrants(specs: &[&str]) -> Vec<Entrant> {
    specs
        .iter()
        .map(|s| Entrant::parse(s).expect("engine"))
        .collect()
}

/// The match's games by number, and its statistics.
fn play(
    start: &TriRace,
    entrants: &[Entrant],
    spec: &MatchSpec,
) -> (Vec<(u32, GameResult)>, MatchStats) {
    let games = Mutex::new(Vec::new());
    let stats = run_match(start, entrants, spec, &|n, r, _| {
        games.lock().expect("games").push((n, r.clone()));
    })
    .expect("a match");
    let mut games = games.into_inner().expect("games");
    games.sort_by_key(|(n, _)| *n);
    (games, stats)
}

/// Per entrant, per player: the games in which it played that player.
fn seat_counts(games: &[(u32, GameResult)], entrants: usize, players: usize) -> Vec<Vec<u32>> {
    let mut counts = vec![vec![0; players]; entrants];
    for (_, g) in games {
        assert_eq!(g.seats.len(), players);
        for (p, &e) in g.seats.iter().enumerate() {
            counts[e][p] += 1;
        }
    }
    counts
}

const ENGINES: [&str; 4] = [
    "search=greedy,hash=1,name=greedy",
    "search=random,seed=5,hash=1,name=random",
    "depth=1,hash=1,name=one",
    "search=random,seed=9,hash=1,name=other",
];

#[test]
fn two_engines_in_three_seats_are_one_against_the_field() {
    let start = TriRace::with("players=3");
    let (games, stats) = play(&start, &entrants(&ENGINES[..2]), &spec(7));
    // 7 games rounded up to whole rounds of 3.
    assert_eq!(games.len(), 9);
    for (n, g) in &games {
        let a_seats = g.seats.iter().filter(|&&e| e == 0).count();
        assert_eq!(a_seats, 1, "game {n}: {:?}", g.seats);
    }
    // Every engine every seat equally often: A once a round, B twice.
    assert_eq!(
        seat_counts(&games, 2, 3),
        vec![vec![3, 3, 3], vec![6, 6, 6]]
    );
    // A's statistics are its games: won when its player won.
    let wins = games
        .iter()
        .filter(|(_, g)| {
            let a = g.seats.iter().position(|&e| e == 0).expect("A plays");
            g.outcome.is_win_for(a as u8, 3)
        })
        .count();
    assert_eq!(stats.wins as usize, wins);
    assert_eq!(stats.games(), 9);
    // No pairs in a round of three.
    assert_eq!(stats.pairs, [0; 5]);
    // The tallies: every game counted for both, the points shared out.
    let mut tallies = [Tally::default(), Tally::default()];
    for (_, g) in &games {
        for (e, t) in tallies.iter_mut().enumerate() {
            t.add(g, e);
        }
    }
    assert_eq!(tallies[0].games(), 9);
    assert!((tallies[0].fair - 3.0).abs() < 1e-9, "{}", tallies[0].fair);
    assert!((tallies[1].fair - 6.0).abs() < 1e-9);
    let points = tallies[0].share + tallies[1].share;
    assert!((points - 9.0).abs() < 1e-9, "{points}");
    assert_eq!(tallies[0].wins, stats.wins);
    let text = tallies[0].results_text();
    assert!(text.ends_with("fair share 33.3%"), "{text}");
}

#[test]
fn two_engines_in_a_team_game_play_team_against_team_in_pairs() {
    let start = TriRace::with("players=4 teams=on");
    let (games, stats) = play(&start, &entrants(&ENGINES[..2]), &spec(6));
    assert_eq!(games.len(), 6);
    for (n, g) in &games {
        let expected = if n % 2 == 1 {
            [0, 1, 0, 1]
        } else {
            [1, 0, 1, 0]
        };
        assert_eq!(g.seats, expected, "game {n}: partners share an engine");
        // A team game ends with a team first, or a draw.
        if let Outcome::Ranked(_) = g.outcome {
            assert_eq!(
                g.outcome.is_win_for(0, 4),
                g.outcome.is_win_for(2, 4),
                "{:?}",
                g.outcome
            );
        }
    }
    // Rounds of two are the colour-swapped pairs of a two-sided match.
    assert_eq!(stats.pairs.iter().sum::<u32>(), 3);
    assert!(Seating::new(&start, 2).expect("seating").is_pair());
    assert_eq!(stats.games(), 6);
}

#[test]
fn as_many_engines_as_seats_play_one_each() {
    let start = TriRace::with("players=4");
    let (games, stats) = play(&start, &entrants(&ENGINES), &spec(4));
    assert_eq!(seat_counts(&games, 4, 4), vec![vec![1; 4]; 4]);
    assert_eq!(stats.games(), 4);
    // Three engines and four players alone: the last takes the two left.
    let (games, _) = play(&start, &entrants(&ENGINES[..3]), &spec(4));
    assert_eq!(
        seat_counts(&games, 3, 4),
        vec![vec![1; 4], vec![1; 4], vec![2; 4]]
    );
    // Three engines cannot share two teams of two.
    let teams = TriRace::with("players=4 teams=on");
    let e = run_match(&teams, &entrants(&ENGINES[..3]), &spec(4), &|_, _, _| {})
        .expect_err("three engines, two teams");
    assert!(e.to_string().contains("not 3"), "{e}");
}

#[test]
fn records_of_three_players_read_back_and_a_resumed_or_sharded_match_is_one_run() {
    let options = "players=3";
    let start = TriRace::with(options);
    let two = entrants(&["depth=1,hash=1,name=one", "search=greedy,hash=1,name=two"]);
    let (games, stats) = play(&start, &two, &spec(6));
    let names = vec!["one".to_string(), "two".to_string()];
    let controls: Vec<String> = two.iter().map(|e| e.control.text()).collect();
    let opts = start.options().to_string();
    let mut text = String::new();
    for (n, g) in &games {
        text += &MatchRecord::of::<TriRace>(g, *n, &opts, &names, &controls).text::<TriRace>();
    }
    let read = record::read::<TriRace>(&text).expect("records read back");
    assert_eq!(read.len(), 6);
    for ((_, g), r) in games.iter().zip(&read) {
        assert_eq!(r.entrants, g.seats);
        assert_eq!(r.outcome, g.outcome);
        assert_eq!(r.players.len(), 3);
        let line = r.replay::<TriRace>().expect("replays");
        let last = line.last().expect("a position");
        assert_eq!(last.position(), g.last_position);
    }
    // A game of red, green and blue names all three.
    assert!(text.contains("[Blue \"two\"]"), "{text}");
    let gopts = GameOptions::parse(options, TriRace::option_specs()).expect("options");
    let analysed =
        agon::analysis::read_games::<TriRace>(&gopts, "t.agn", &text).expect("analyse reads them");
    assert_eq!(analysed.len(), 6);
    assert_eq!(analysed[0].players.len(), 3);

    // Resumed after the first four games: only the last two are played.
    let dir = Scratch::new("seating");
    let path = dir.join("resume.agn");
    let first_four: String = read[..4]
        .iter()
        .map(|r| r.text::<TriRace>())
        .collect::<String>();
    std::fs::write(&path, first_four).expect("write");
    let resumed = resume::<TriRace>(&path.to_string_lossy(), &opts, 6, 3, (0, 1)).expect("resume");
    assert_eq!(resumed.done.len(), 4);
    let mut again = spec(6);
    again.done = resumed.done;
    let (played, stats_again) = play(&start, &two, &again);
    assert_eq!(
        played.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        vec![5, 6]
    );
    assert_eq!(stats_again, stats);
    // Two shards, a round each, make the whole match.
    let mut all = Vec::new();
    for i in 0..2 {
        let mut part = spec(6);
        part.shard = (i, 2);
        let (played, _) = play(&start, &two, &part);
        let rounds: Vec<u32> = played.iter().map(|(n, _)| (n - 1) / 3).collect();
        assert_eq!(rounds, vec![i; 3]);
        all.extend(played);
    }
    all.sort_by_key(|(n, _)| *n);
    assert_eq!(stats_of(&all, 3), stats);
}
