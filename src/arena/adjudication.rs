//! Score-based adjudication, as fastchess and cutechess-cli offer it: a
//! game is given up for lost when both engines have agreed for a while
//! that one side is lost (`--resign`), and drawn when both have seen it
//! level for a while after some move (`--draw`). Only the scores the
//! engines report with their moves count (a move without one breaks the
//! run), and only in two-player games.

use crate::game::GameError;
use crate::search::ScoreReport;

/// `movenumber` (draw only: the full moves played before it applies),
/// `movecount` (consecutive moves of each engine), `score` (centi-units of
/// `score cp`, the protocol's scale: 100 = one marble, man or Peltast).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreRule {
    pub movenumber: u32,
    pub movecount: u32,
    pub score: i32,
}

impl ScoreRule {
    /// Parses `movecount=N,score=CP[,movenumber=N]`.
    pub fn parse(text: &str) -> Result<ScoreRule, GameError> {
        let mut rule = ScoreRule {
            movenumber: 0,
            movecount: 0,
            score: -1,
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| GameError::new(format!("'{part}' is not key=value")))?;
            let n: u32 = value.parse().map_err(|_| {
                GameError::new(format!(
                    "{key} must be a non-negative integer, not '{value}'"
                ))
            })?;
            match key {
                "movenumber" => rule.movenumber = n,
                "movecount" => rule.movecount = n,
                "score" => rule.score = n.min(1_000_000) as i32,
                _ => {
                    return Err(GameError::new(format!(
                        "unknown key '{key}' (movenumber, movecount, score)"
                    )))
                }
            }
        }
        if rule.movecount == 0 || rule.score < 0 {
            return Err(GameError::new(
                "give movecount (at least 1) and score, e.g. movecount=3,score=1000",
            ));
        }
        Ok(rule)
    }

    /// Whether the last `movecount` scores of `scores` (an engine's, in
    /// order) all satisfy `ok`.
    fn run_of(&self, scores: &[Option<ScoreReport>], ok: impl Fn(ScoreReport) -> bool) -> bool {
        let n = self.movecount as usize;
        scores.len() >= n
            && scores[scores.len() - n..]
                .iter()
                .all(|s| s.is_some_and(&ok))
    }

    /// With `scores[p]` each player's reported scores so far: the player
    /// whose game is lost, if both engines agree it is.
    pub fn resigns(&self, scores: &[Vec<Option<ScoreReport>>]) -> Option<usize> {
        if scores.len() != 2 {
            return None;
        }
        let lost = |s: ScoreReport| match s {
            ScoreReport::Cp(cp) | ScoreReport::Exact { cp, .. } => cp <= -self.score,
            ScoreReport::Mate(m) => m < 0,
        };
        let won = |s: ScoreReport| match s {
            ScoreReport::Cp(cp) | ScoreReport::Exact { cp, .. } => cp >= self.score,
            ScoreReport::Mate(m) => m > 0,
        };
        (0..2).find(|&p| self.run_of(&scores[p], lost) && self.run_of(&scores[1 - p], won))
    }

    /// Whether both engines have seen the game level long enough, after
    /// `plies` plies.
    pub fn draws(&self, scores: &[Vec<Option<ScoreReport>>], plies: usize) -> bool {
        let level = |s: ScoreReport| matches!(s, ScoreReport::Cp(cp) if cp.abs() <= self.score);
        scores.len() == 2
            && plies >= 2 * self.movenumber as usize
            && scores.iter().all(|s| self.run_of(s, level))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp(v: &[i32]) -> Vec<Option<ScoreReport>> {
        v.iter().map(|&c| Some(ScoreReport::Cp(c))).collect()
    }

    #[test]
    fn both_engines_must_agree() {
        let r = ScoreRule::parse("movecount=2,score=500").unwrap();
        assert_eq!(r.resigns(&[cp(&[0, -600, -700]), cp(&[550, 800])]), Some(0));
        assert_eq!(r.resigns(&[cp(&[-600, -700]), cp(&[450, 800])]), None);
        assert_eq!(r.resigns(&[cp(&[-600, 100]), cp(&[550, 800])]), None);
        let mated = vec![Some(ScoreReport::Mate(-3)), Some(ScoreReport::Mate(-2))];
        assert_eq!(r.resigns(&[cp(&[900, 900]), mated]), Some(1));
        let gap = vec![Some(ScoreReport::Cp(-900)), None];
        assert_eq!(r.resigns(&[gap, cp(&[900, 900])]), None);
    }

    #[test]
    fn draws_need_the_move_number_and_level_scores() {
        let r = ScoreRule::parse("movenumber=10,movecount=3,score=10").unwrap();
        let level = [cp(&[50, 5, -3, 0]), cp(&[2, 10, -10])];
        assert!(r.draws(&level, 20));
        assert!(!r.draws(&level, 19));
        assert!(!r.draws(&[cp(&[5, 11, 0]), cp(&[0, 0, 0])], 40));
        assert!(ScoreRule::parse("score=10").is_err());
        assert!(ScoreRule::parse("movecount=3,score=-1").is_err());
        assert!(ScoreRule::parse("movecount=3,score=5,colour=red").is_err());
    }
}
