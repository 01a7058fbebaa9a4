//! An engine configuration for a match, written as `key=value` pairs
//! separated by commas: `search=alphabeta,movetime=100,threads=1`.

use std::time::Duration;

use crate::game::GameError;
use crate::game::WeightSet;
use crate::nnue::Network;
use crate::search::{Limits, SearchConfig};
use crate::settings::{self, SettingError, SETTINGS};

/// The keys an engine spec takes besides the engine settings of
/// [`settings::SETTINGS`] (those it names in lower case).
const OTHER_KEYS: &[&str] = &[
    "name", "movetime", "depth", "nodes", "chance", "weights", "evalfile",
];

/// One side of a match: how it searches and how long per move.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub name: String,
    pub config: SearchConfig,
    pub limits: Limits,
    /// Evaluation weights instead of the game's defaults
    /// ([`crate::game::Evaluated::evaluator_with`]).
    pub weights: Option<WeightSet>,
}

impl EngineSpec {
    /// Parses `key=value` pairs: the engine settings of
    /// [`settings::SETTINGS`] by their lower-case names (`search`,
    /// `threads`, `hash`, `seed`, …: the protocol's ranges and defaults),
    /// the check settings taking `on|off` (`lmr=off`), the limits
    /// `movetime`, `depth` and `nodes`, `name`, `chance` (the older key of
    /// `mctschance`, which scripts and the README's results use) and
    /// `weights=w1/w2/…` (evaluation weights, see [`crate::game::Tunable`]).
    pub fn parse(text: &str) -> Result<EngineSpec, GameError> {
        let mut spec = EngineSpec {
            name: String::new(),
            config: settings::default_config(),
            limits: Limits::default(),
            weights: None,
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                GameError::new(format!("engine setting '{part}' is not key=value"))
            })?;
            let bad = |expected: &str| {
                GameError::new(format!(
                    "engine setting '{key}' must be {expected}, not '{value}'"
                ))
            };
            // A limit of 0 would be no search at all.
            let positive = |max: u64| {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .ok_or_else(|| bad(&format!("an integer in 1..={max}")))
            };
            let table_key = if key == "chance" {
                settings::MCTS_CHANCE.name
            } else {
                key
            };
            if let Some(setting) = SETTINGS
                .iter()
                .find(|s| s.in_spec && s.name.eq_ignore_ascii_case(table_key))
            {
                let checked = setting.check_spec(value).map_err(|e| match e {
                    SettingError::Expected(expected) => bad(&expected),
                    other => GameError::new(other.to_string()),
                })?;
                settings::apply(&mut spec.config, &checked);
                continue;
            }
            match key {
                "name" => spec.name = value.to_string(),
                "movetime" => {
                    spec.limits.movetime = Some(Duration::from_millis(positive(86_400_000)?))
                }
                "depth" => spec.limits.depth = Some(positive(64)? as u32),
                "nodes" => spec.limits.nodes = Some(positive(u64::MAX)?),
                "weights" => spec.weights = Some(WeightSet::parse(value)?),
                // Read here, for any game: the match checks it is its own.
                "evalfile" => {
                    let net = Network::load(std::path::Path::new(value), None)
                        .map_err(|e| GameError::new(format!("engine setting 'evalfile': {e}")))?;
                    spec.config.eval_file = Some(std::sync::Arc::new(net));
                }
                _ => {
                    let known: Vec<String> = SETTINGS
                        .iter()
                        .filter(|s| s.in_spec)
                        .map(|s| s.name.to_ascii_lowercase())
                        .chain(OTHER_KEYS.iter().map(|k| k.to_string()))
                        .collect();
                    return Err(GameError::new(format!(
                        "unknown engine setting '{key}' (known: {})",
                        known.join(", ")
                    )));
                }
            }
        }
        if spec.name.is_empty() {
            spec.name = text.to_string();
        }
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::expectimax::{Parallel, Pruning};
    use crate::search::mcts::params::Chance;
    use crate::search::Algorithm;

    #[test]
    fn parses_settings_and_rejects_nonsense() {
        let s = EngineSpec::parse("search=greedy,movetime=25,threads=2").unwrap();
        assert_eq!(s.config.algorithm, Algorithm::Greedy);
        assert_eq!(s.limits.movetime, Some(Duration::from_millis(25)));
        assert_eq!(s.config.threads, 2);
        assert!(EngineSpec::parse("search=deep").is_err());
        assert!(EngineSpec::parse("movetime=fast").is_err());
        assert!(EngineSpec::parse("colour=red").is_err());
        assert!(EngineSpec::parse("movetime").is_err());
        let w = EngineSpec::parse("weights=100/-5/0").unwrap();
        assert_eq!(
            w.weights.map(|s| s.as_slice().to_vec()),
            Some(vec![100, -5, 0])
        );
        assert!(EngineSpec::parse("weights=100/five").is_err());
    }

    #[test]
    fn settings_share_the_protocol_table() {
        let d = EngineSpec::parse("").unwrap();
        assert_eq!(d.config.hash_mb as i64, settings::HASH.spin_default());
        for bad in [
            "threads=0",
            "threads=257",
            "hash=0",
            "depth=0",
            "movetime=0",
            "nodes=0",
            "seed=-1",
        ] {
            let e = EngineSpec::parse(bad).unwrap_err().to_string();
            assert!(e.contains("must be"), "{bad}: {e}");
        }
        let s = EngineSpec::parse("multipv=3,moveoverhead=50,Hash=8").unwrap();
        assert_eq!(
            (s.config.multipv, s.config.move_overhead, s.config.hash_mb),
            (3, Duration::from_millis(50), 8)
        );
        let s = EngineSpec::parse(
            "lmr=off,aspiration=off,expectimaxpruning=plain,expectimaxparallel=root,\
             expectimaxtable=off,expectimaxcriticalpath=on,mctschance=widening",
        )
        .unwrap();
        assert!(!s.config.lmr && !s.config.aspiration);
        let x = s.config.expectimax;
        assert_eq!(
            (x.pruning, x.parallel, x.use_tt, x.critical_path),
            (Pruning::Plain, Parallel::RootMoves, false, true)
        );
        assert_eq!(s.config.mcts.chance, Chance::Widening);
        // The older key and words stay.
        let s = EngineSpec::parse("chance=widening,lmr=on").unwrap();
        assert_eq!(s.config.mcts.chance, Chance::Widening);
        assert!(s.config.lmr);
        let e = EngineSpec::parse("lmr=maybe").unwrap_err().to_string();
        assert_eq!(e, "engine setting 'lmr' must be on or off, not 'maybe'");
        let e = EngineSpec::parse("chance=all").unwrap_err().to_string();
        assert!(e.contains("must be one of stratified, widening"), "{e}");
        let e = EngineSpec::parse("game=zamma").unwrap_err().to_string();
        assert!(e.contains("unknown engine setting 'game'"), "{e}");
    }
}
