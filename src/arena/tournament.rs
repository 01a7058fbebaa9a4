//! A tournament of more than two engines in a two-player game: which
//! pairings play (each a match of its own) and the standings their results
//! add up to. Engines are numbered in the order given and named by letter
//! (`A`, `B`, `C`, …) in what the command line prints.

use crate::arena::MatchStats;

/// How more than two engines meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Tournament {
    /// Every engine against every other.
    RoundRobin,
    /// Engine A against each of the others.
    Gauntlet,
}

impl Tournament {
    /// The pairings of `engines` engines, in the order they play: `(i, j)`
    /// with `i < j`, `i` playing first in the first game of each pair.
    pub fn pairings(self, engines: usize) -> Vec<(usize, usize)> {
        match self {
            Tournament::RoundRobin => (0..engines)
                .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
                .collect(),
            Tournament::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
        }
    }
}

/// `A`, `B`, `C`, …: the engines in the order given.
pub fn letter(i: usize) -> char {
    char::from(b'A' + (i % 26) as u8)
}

/// The record file of pairing `i`-`j` in a tournament: `match.agn` →
/// `match-AC.agn`.
pub fn pairing_path(path: &str, i: usize, j: usize) -> String {
    let tag = format!("-{}{}", letter(i), letter(j));
    let p = std::path::Path::new(path);
    match (p.file_stem(), p.extension()) {
        (Some(stem), Some(ext)) => p
            .with_file_name(format!(
                "{}{tag}.{}",
                stem.to_string_lossy(),
                ext.to_string_lossy()
            ))
            .to_string_lossy()
            .into_owned(),
        _ => format!("{path}{tag}"),
    }
}

/// Each engine's points and games over the pairings played so far.
#[derive(Clone, Debug)]
pub struct Standings {
    totals: Vec<(f64, u32)>,
}

/// One engine's line of the final table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// The engine's number (its letter: [`letter`]).
    pub engine: usize,
    pub points: f64,
    pub games: u32,
    /// Points per game, 0 without games.
    pub score: f64,
    /// The Elo difference that score means against its opponents:
    /// infinite (with its sign) at a score of 0 or 1.
    pub elo: f64,
}

impl Standings {
    pub fn new(engines: usize) -> Standings {
        Standings {
            totals: vec![(0.0, 0); engines],
        }
    }

    /// Adds the match of pairing `i`-`j`, `stats` from `i`'s side (a draw
    /// half a point each).
    pub fn add(&mut self, i: usize, j: usize, stats: &MatchStats) {
        let draws = f64::from(stats.draws) / 2.0;
        self.totals[i].0 += f64::from(stats.wins) + draws;
        self.totals[j].0 += f64::from(stats.losses) + draws;
        self.totals[i].1 += stats.games();
        self.totals[j].1 += stats.games();
    }

    /// The table, best score first (engines with equal scores in the order
    /// given).
    pub fn table(&self) -> Vec<Standing> {
        let share = |k: usize| self.totals[k].0 / f64::from(self.totals[k].1.max(1));
        let mut order: Vec<usize> = (0..self.totals.len()).collect();
        order.sort_by(|&a, &b| share(b).total_cmp(&share(a)));
        order
            .into_iter()
            .map(|k| {
                let (points, games) = self.totals[k];
                let score = share(k);
                let elo = if score <= 0.0 {
                    f64::NEG_INFINITY
                } else if score >= 1.0 {
                    f64::INFINITY
                } else {
                    -400.0 * (1.0 / score - 1.0).log10()
                };
                Standing {
                    engine: k,
                    points,
                    games,
                    score,
                    elo,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairings_of_each_format() {
        assert_eq!(
            Tournament::RoundRobin.pairings(4),
            [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        );
        assert_eq!(Tournament::Gauntlet.pairings(4), [(0, 1), (0, 2), (0, 3)]);
        assert!(Tournament::RoundRobin.pairings(1).is_empty());
    }

    #[test]
    fn pairing_files_carry_the_letters() {
        assert_eq!(pairing_path("out/match.agn", 0, 2), "out/match-AC.agn");
        assert_eq!(pairing_path("match", 1, 2), "match-BC");
    }

    #[test]
    fn standings_add_up_and_rank_by_score() {
        let mut s = Standings::new(3);
        let stats = |wins, draws, losses| MatchStats {
            wins,
            draws,
            losses,
            ..MatchStats::default()
        };
        // A beats B 3-1, C draws A 2-2, C beats B 4-0.
        s.add(0, 1, &stats(3, 0, 1));
        s.add(0, 2, &stats(1, 2, 1));
        s.add(1, 2, &stats(0, 0, 4));
        let table = s.table();
        let rows: Vec<(usize, f64, u32)> = table
            .iter()
            .map(|r| (r.engine, r.points, r.games))
            .collect();
        assert_eq!(rows, [(2, 6.0, 8), (0, 5.0, 8), (1, 1.0, 8)]);
        assert_eq!(table[0].score, 0.75);
        assert!((table[0].elo - 190.848).abs() < 0.01, "{}", table[0].elo);
        let mut shutout = Standings::new(2);
        shutout.add(0, 1, &stats(2, 0, 0));
        let t = shutout.table();
        assert_eq!((t[0].elo, t[1].elo), (f64::INFINITY, f64::NEG_INFINITY));
    }
}
