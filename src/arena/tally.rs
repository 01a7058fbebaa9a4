//! One entrant's account over a match: its results (wins, draws, losses
//! and its share of the points, for any number of players), games lost
//! by each fault, the share of its base time spent before
//! [`REPORT_PLY`] in each timed game, and how often its pondering hit.

use super::fault::Fault;
use super::referee::{EndReason, GameResult, REPORT_PLY};
use super::stats::{Place, Showing};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games won, drawn and lost ([`Showing`]).
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// The sum of its shares of the points, and of the shares of the
    /// players it played (its fair share, game by game).
    pub share: f64,
    pub fair: f64,
    /// Games lost by each fault, in [`Fault::ALL`] order.
    pub faults: [u32; Fault::ALL.len()],
    /// Per game with a clock: time used before ply [`REPORT_PLY`] / base.
    pub early_shares: Vec<f64>,
    /// The least time left after any move of any game, ms (timed games).
    pub least_left_ms: Option<i64>,
    /// Moves asked while it pondered, and those it had pondered on.
    pub pondered: u32,
    pub ponder_hits: u32,
}

/// `ponder hits 40 of 61 (66%)`: of the moves asked while the engine
/// pondered, those it had pondered on; nothing for an engine that never
/// pondered.
pub fn ponder_hits_text(hits: u32, pondered: u32) -> Option<String> {
    (pondered > 0).then(|| {
        format!(
            "ponder hits {hits} of {pondered} ({:.0}%)",
            100.0 * f64::from(hits) / f64::from(pondered)
        )
    })
}

impl Tally {
    /// Counts `result` for entrant `entrant`.
    pub fn add(&mut self, result: &GameResult, entrant: usize) {
        if let Some(s) = Showing::of(result, entrant) {
            match s.place {
                Place::Win => self.wins += 1,
                Place::Draw => self.draws += 1,
                Place::Loss => self.losses += 1,
            }
            self.share += s.share;
            self.fair += s.seats as f64 / s.players as f64;
        }
        for (p, &e) in result.seats.iter().enumerate() {
            if e != entrant {
                continue;
            }
            if let EndReason::Forfeit(loser, fault) = result.reason {
                if usize::from(loser) == p {
                    let k = Fault::ALL.iter().position(|&f| f == fault).unwrap_or(0);
                    self.faults[k] += 1;
                }
            }
            let Some(time) = result.times.get(p) else {
                continue;
            };
            if let Some(share) = time.early_share() {
                self.early_shares.push(share);
            }
            if let Some(left) = time.least_left_ms {
                self.least_left_ms = Some(self.least_left_ms.map_or(left, |l| l.min(left)));
            }
            self.pondered += time.pondered;
            self.ponder_hits += time.ponder_hits;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// `+W =D -L, wins 62.0%, points 58.1%, fair share 33.3%`: its wins
    /// among its games, its share of the points ([`Showing`]), and the
    /// share an entrant as strong as the others would get: the share of
    /// the players it plays (of the points always; of the games won when
    /// no game is drawn).
    pub fn results_text(&self) -> String {
        let n = f64::from(self.games().max(1));
        format!(
            "+{} ={} -{}, wins {:.1}%, points {:.1}%, fair share {:.1}%",
            self.wins,
            self.draws,
            self.losses,
            100.0 * f64::from(self.wins) / n,
            100.0 * self.share / n,
            100.0 * self.fair / n,
        )
    }

    pub fn count(&self, fault: Fault) -> u32 {
        Fault::ALL
            .iter()
            .position(|&f| f == fault)
            .map_or(0, |k| self.faults[k])
    }

    /// Games lost by a fault: `time 2, illegal move 1`; `None` without.
    pub fn lost_text(&self) -> Option<String> {
        let lost: Vec<String> = Fault::ALL
            .iter()
            .filter(|&&f| self.count(f) > 0)
            .map(|&f| format!("{} {}", f.name(), self.count(f)))
            .collect();
        (!lost.is_empty()).then(|| lost.join(", "))
    }

    /// `crash 0 hang 0 time 1 illegal 0 protocol 0`, and with a clock the mean and
    /// largest share of the base time spent by the report ply.
    pub fn summary(&self) -> String {
        let mut line = Fault::ALL
            .iter()
            .map(|&f| {
                format!(
                    "{} {}",
                    f.name().split(' ').next().unwrap_or(""),
                    self.count(f)
                )
            })
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(left) = self.least_left_ms {
            line.push_str(&format!("; least time left after a move {left} ms"));
        }
        if let Some(hits) = ponder_hits_text(self.ponder_hits, self.pondered) {
            line.push_str(&format!("; {hits}"));
        }
        if !self.early_shares.is_empty() {
            let n = self.early_shares.len() as f64;
            let mean = self.early_shares.iter().sum::<f64>() / n;
            let max = self.early_shares.iter().copied().fold(0.0, f64::max);
            let over = self.early_shares.iter().filter(|&&s| s > 0.6).count();
            line.push_str(&format!(
                "; base time spent by ply {REPORT_PLY}: mean {:.1}% max {:.1}% (games over 60%: {over} of {})",
                100.0 * mean,
                100.0 * max,
                self.early_shares.len()
            ));
        }
        line
    }
}
