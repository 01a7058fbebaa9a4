//! Strength levels (`Skill`, `UCI_LimitStrength`, `UCI_Elo`), as
//! Stockfish weakens itself: a level below [`FULL`] searches a capped
//! number of nodes with at least [`LINES`] ranked root lines, then plays
//! one of those lines, drawn with a noise that grows as the level falls.
//! The noise favours the better lines, so a level's mistakes are the
//! plausible ones a person makes (a good-looking move that a deeper look
//! refutes). Only the weakest levels ([`RANDOM_CURVES`]) also play random
//! moves, down to level 0, which is the `random` player itself: without
//! them the weakest ranked level is hundreds of Elo above it, a gap that
//! no match measures.
//!
//! `UCI_Elo` chooses the level whose measured strength is nearest in the
//! game's own Elo scale ([`ELO`]), measured by `agon match` matches of
//! neighbouring levels anchored at the `random` player (Elo 0): README,
//! "Strength levels, pondering and mate search".

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::search::allowed_moves;
use crate::game::{Playable, Status};
use crate::search::{ScoreReport, SearchResult};

/// Full strength: no cap, no noise.
pub const FULL: u32 = 20;

/// The root lines a weakened search ranks (its `MultiPV`, at least), as
/// Stockfish's levels.
pub const LINES: usize = 4;

/// How the share of uniformly random moves falls with the level, per
/// game: `(game, levels, power)`, level `l` below `levels` playing a
/// random move with probability `(1 − (l/levels)^power)²` (always at
/// level 0: the `random` player, the scale's anchor). A game not named
/// here has [`RANDOM_CURVE`]: the share falls fast at first and slowly
/// near the top, where one random move in a game already costs a sharp
/// game (Zamma, Petteia) much. Abalone's falls over more levels and
/// slowly at first: its random player never pushes a marble off, so a
/// level 1 that searches that curve's 23 % of its moves pushes some off
/// and wins nearly every game against it (97 of 100, 3 drawn), a step no
/// match measures; on Abalone's curve level 1 searches 6 %.
pub const RANDOM_CURVES: &[(&str, u32, f64)] = &[("abalone", 10, 1.5)];

/// The random-move curve of a game not in [`RANDOM_CURVES`]: `(levels,
/// power)`.
pub const RANDOM_CURVE: (u32, f64) = (8, 1.0);

/// How often level `skill` plays a uniformly random legal move in `game`
/// instead of a ranked line ([`RANDOM_CURVES`]).
pub fn random_share(game: &str, skill: u32) -> f64 {
    let (levels, power) = RANDOM_CURVES
        .iter()
        .find(|(g, _, _)| *g == game)
        .map_or(RANDOM_CURVE, |&(_, l, p)| (l, p));
    let searched = (f64::from(skill.min(levels)) / f64::from(levels)).powf(power);
    (1.0 - searched).powi(2)
}

/// The node budget of level `skill` (< [`FULL`]): 64 nodes at level 0,
/// doubling every five levels in three, 172,000 at level 19 (what a
/// search visits in a tenth of a second; full strength has the whole
/// time). A budget that ranks no move is searched one iteration deep
/// anyway (`crate::engine::Core::search`).
pub fn nodes(skill: u32) -> u64 {
    (64.0 * (0.6 * f64::from(skill.min(FULL - 1))).exp2()) as u64
}

/// How loosely a level picks among its lines, in centi-units: a line `d`
/// below the best is played `e^(−d/T)` times as often as the best. 400 at
/// level 0, halving every third level, 5 at level 19 (only near-equal
/// lines).
pub fn temperature(skill: u32) -> f64 {
    400.0 / (f64::from(skill.min(FULL - 1)) / 3.0).exp2()
}

/// A score as a number to compare: a proven win above every `cp`, a
/// proven loss below, the quicker the further.
fn value(score: ScoreReport) -> i64 {
    match score {
        ScoreReport::Cp(cp) | ScoreReport::Exact { cp, .. } => i64::from(cp),
        ScoreReport::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
        ScoreReport::Mate(n) => -1_000_000 - i64::from(n),
    }
}

/// The uniformly random legal move (of `allowed`, unless empty) that level
/// `skill` plays at the decision node `pos` instead of searching, drawn
/// with its [`random_share`] from `seed`; `None` when it searches.
pub fn random_move<G: Playable>(
    pos: &G,
    allowed: &[G::Move],
    skill: u32,
    seed: u64,
) -> Option<G::Move> {
    let mut rng = Pcg64::seed_from_u64(seed.rotate_left(17));
    if !matches!(pos.status(), Status::Decision(_)) || !rng.gen_bool(random_share(G::NAME, skill)) {
        return None;
    }
    allowed_moves(pos, allowed).choose(&mut rng).copied()
}

/// Plays the weakened choice of `result`'s ranked lines at level `skill`
/// (< [`FULL`]): line `i` drawn with weight `e^(−(best − value_i)/T)`
/// ([`temperature`]), so the better a line the likelier, and a line far
/// below the others (a blunder a deeper look would see) almost never. The
/// result's move, line and score become that line's; with fewer than two
/// lines it stays.
pub fn pick<M: Copy>(result: &mut SearchResult<M>, skill: u32, seed: u64) {
    if result.lines.len() < 2 {
        return;
    }
    let mut rng = Pcg64::seed_from_u64(seed);
    let values: Vec<i64> = result.lines.iter().map(|l| value(l.score)).collect();
    let top = values.iter().copied().max().unwrap_or(0);
    let t = temperature(skill);
    let weights: Vec<f64> = values
        .iter()
        .map(|&v| (-((top - v) as f64) / t).exp())
        .collect();
    let mut draw = rng.gen::<f64>() * weights.iter().sum::<f64>();
    let mut chosen = 0;
    for (i, w) in weights.iter().enumerate() {
        chosen = i;
        if draw < *w {
            break;
        }
        draw -= w;
    }
    let line = &result.lines[chosen];
    if let Some(&m) = line.pv.first() {
        result.best = Some(m);
        result.pv = line.pv.clone();
        result.score = line.score;
    }
}

/// Measured strength per level and game: `(level, Elo)` with the
/// `random` player at 0, from `agon match` matches of neighbouring levels
/// (README, "Strength levels, pondering and mate search"); a level not
/// measured is taken on the straight line between two measured ones.
/// Where the noise of a step put a level below the one before it, the
/// two share the mean of their sums (the nondecreasing fit nearest to the
/// measured sums), so that a higher `UCI_Elo` never picks a lower level.
pub const ELO: &[(&str, &[(u32, f64)])] = &[
    (
        "zamma",
        &[
            (0, 0.0),
            (1, 288.0),
            (2, 665.0),
            (3, 1037.0),
            (4, 1262.0),
            (5, 1342.0),
            (6, 1592.0),
            (7, 1795.0),
            (8, 2012.0),
            (9, 2124.0),
            (10, 2172.0),
            (11, 2280.0),
            (12, 2423.0),
            (13, 2527.0),
            (14, 2638.0),
            (15, 2785.0),
            (16, 2920.0),
            (17, 3043.0),
            (19, 3177.0),
            (20, 3590.0),
        ],
    ),
    (
        "abalone",
        &[
            (0, 0.0),
            (1, 156.0),
            (2, 438.0),
            (3, 741.0),
            (4, 1058.0),
            (5, 1452.0),
            (6, 1829.0),
            (7, 2124.0),
            (8, 2393.0),
            (9, 2668.0),
            (10, 2819.0),
            (12, 3069.0),
            (14, 3421.0),
            (16, 3806.0),
            (18, 4158.0),
            (20, 4722.0),
        ],
    ),
    (
        "petteia",
        &[
            (0, 0.0),
            (1, 280.0),
            (2, 388.0),
            (3, 446.0),
            (4, 566.0),
            (5, 636.0),
            (6, 706.0),
            (7, 840.0),
            (8, 893.0),
            (10, 1084.0),
            (12, 1204.0),
            (14, 1312.0),
            (16, 1395.0),
            (18, 1518.0),
            (20, 1518.0),
        ],
    ),
    (
        "kubeia",
        &[
            (0, 0.0),
            (1, 147.0),
            (2, 217.0),
            (3, 351.0),
            (4, 446.0),
            (5, 493.0),
            (6, 513.0),
            (7, 513.0),
            (8, 542.0),
            (10, 542.0),
            (12, 557.0),
            (14, 748.0),
            (16, 989.0),
            (18, 1258.0),
            (20, 1398.0),
        ],
    ),
    (
        "palma",
        &[
            (0, 0.0),
            (1, 35.0),
            (2, 58.0),
            (3, 58.0),
            (4, 58.0),
            (5, 58.0),
            (6, 64.0),
            (7, 64.0),
            (8, 104.0),
            (10, 139.0),
            (12, 184.0),
            (14, 184.0),
            (16, 184.0),
            (18, 184.0),
            (20, 184.0),
        ],
    ),
];

/// The level whose measured Elo in `game` is nearest to `elo` (the
/// highest of equals; full strength for a game not measured, or above its
/// scale).
pub fn for_elo(game: &str, elo: u32) -> u32 {
    let Some((_, points)) = ELO.iter().find(|(g, _)| *g == game) else {
        return FULL;
    };
    let elo = f64::from(elo);
    // From the top: of levels measured equal, the stronger by design.
    (0..=FULL)
        .rev()
        .min_by(|&a, &b| {
            let da = (elo_of(points, a) - elo).abs();
            let db = (elo_of(points, b) - elo).abs();
            da.total_cmp(&db)
        })
        .unwrap_or(FULL)
}

/// The Elo of level `skill` in `game`'s scale (`None` for a game not
/// measured): what the page says of its levels.
pub fn elo(game: &str, skill: u32) -> Option<f64> {
    let (_, points) = ELO.iter().find(|(g, _)| *g == game)?;
    Some(elo_of(points, skill.min(FULL)))
}

/// The Elo of level `skill` on the line through the measured points.
fn elo_of(points: &[(u32, f64)], skill: u32) -> f64 {
    let below = points.iter().rev().find(|(s, _)| *s <= skill);
    let above = points.iter().find(|(s, _)| *s >= skill);
    match (below, above) {
        (Some(&(s0, e0)), Some(&(s1, e1))) if s1 > s0 => {
            e0 + (e1 - e0) * f64::from(skill - s0) / f64::from(s1 - s0)
        }
        (Some(&(_, e)), _) | (None, Some(&(_, e))) => e,
        (None, None) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Bound, RankedLine};

    fn result(scores: &[i32]) -> SearchResult<u8> {
        SearchResult {
            best: Some(0),
            pv: vec![0],
            score: ScoreReport::Cp(scores[0]),
            bound: Some(Bound::Exact),
            depth: 3,
            nodes: 100,
            lines: scores
                .iter()
                .enumerate()
                .map(|(i, &s)| RankedLine {
                    pv: vec![i as u8, 9],
                    score: ScoreReport::Cp(s),
                })
                .collect(),
        }
    }

    /// The weaker the level, the more often a line below the best is
    /// played; never one outside the ranked lines, and a lost line far
    /// below the others almost never.
    #[test]
    fn weaker_levels_stray_more_and_only_among_the_ranked_lines() {
        let strays = |skill: u32, scores: &[i32]| {
            (0..2000u64)
                .filter(|&seed| {
                    let mut r = result(scores);
                    pick(&mut r, skill, seed);
                    assert_eq!(r.pv.first(), r.best.as_ref());
                    assert!(r.best.is_some_and(|b| usize::from(b) < scores.len()));
                    r.best != Some(0)
                })
                .count()
        };
        let close = [30, 20, 10, 0];
        let (weak, middle, strong) = (strays(0, &close), strays(10, &close), strays(19, &close));
        assert!(weak > middle && middle > strong, "{weak} {middle} {strong}");
        assert!(weak > 1000, "{weak}");
        // A blunder nine pieces below the rest: the strongest levels
        // never, the weakest less often than the others.
        let blunder = [30, 25, 20, -900];
        let blunders = |skill: u32| {
            (0..2000u64)
                .filter(|&seed| {
                    let mut r = result(&blunder);
                    pick(&mut r, skill, seed);
                    r.best == Some(3)
                })
                .count()
        };
        assert_eq!(blunders(19), 0);
        assert_eq!(blunders(12), 0);
        assert!(blunders(0) < strays(0, &blunder) / 3, "{}", blunders(0));
    }

    #[test]
    fn the_budget_grows_by_level() {
        assert_eq!(nodes(0), 64);
        assert_eq!(nodes(5), 512);
        assert!((170_000..175_000).contains(&nodes(19)), "{}", nodes(19));
    }

    #[test]
    fn the_temperature_halves_every_third_level() {
        assert_eq!(temperature(0), 400.0);
        assert_eq!(temperature(3), 200.0);
        assert_eq!(
            (
                random_share("zamma", 0),
                random_share("zamma", 4),
                random_share("zamma", 8)
            ),
            (1.0, 0.25, 0.0)
        );
        // Abalone's falls over ten levels, slowly at first.
        let abalone: Vec<f64> = (0..=10).map(|l| random_share("abalone", l)).collect();
        assert_eq!((abalone[0], abalone[10]), (1.0, 0.0));
        assert!(abalone[1] > 0.9 && abalone[1] > random_share("zamma", 1));
        assert!(abalone.windows(2).all(|w| w[0] > w[1]), "{abalone:?}");
    }

    #[test]
    fn an_elo_picks_the_nearest_measured_level() {
        let points: &[(u32, f64)] = &[(0, 100.0), (10, 1100.0), (20, 2100.0)];
        assert_eq!(elo_of(points, 5), 600.0);
        assert_eq!(elo_of(points, 20), 2100.0);
        assert_eq!(for_elo("no such game", 500), FULL);
        // Zamma's measured scale: the random player, a level near 1400,
        // full strength at the top.
        assert_eq!(for_elo("zamma", 0), 0);
        assert_eq!(for_elo("zamma", 1400), 5);
        assert_eq!(for_elo("zamma", 4000), FULL);
    }

    #[test]
    fn every_game_has_a_scale_from_the_random_player_that_never_falls() {
        for kind in crate::games::GameKind::ALL {
            let game = kind.name();
            let (_, points) = ELO
                .iter()
                .find(|(g, _)| *g == game)
                .unwrap_or_else(|| panic!("{game} has no scale"));
            assert_eq!(
                points.first(),
                Some(&(0, 0.0)),
                "{game}: anchored at random"
            );
            assert_eq!(points.last().map(|p| p.0), Some(FULL), "{game}");
            for pair in points.windows(2) {
                assert!(
                    pair[0].0 < pair[1].0 && pair[0].1 <= pair[1].1,
                    "{game}: {pair:?}"
                );
            }
            // The weakest Elo picks the random player, the top full strength.
            assert_eq!(for_elo(game, 0), 0, "{game}");
            let top = points.last().map_or(0.0, |p| p.1);
            assert_eq!(for_elo(game, top as u32 + 1), FULL, "{game}");
        }
    }
}
