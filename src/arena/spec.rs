//! An engine configuration for a match, written as `key=value` pairs
//! separated by commas: `search=alphabeta,movetime=100,threads=1`.

use std::time::Duration;

use crate::game::weights::WeightSet;
use crate::game::GameError;
use crate::search::{Algorithm, Limits, SearchConfig};

/// One side of a match: how it searches and how long per move.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub name: String,
    pub config: SearchConfig,
    pub limits: Limits,
}

impl EngineSpec {
    /// Parses `search=…,movetime=…,depth=…,nodes=…,threads=…,hash=…,name=…`
    /// (and `weights=w1/w2/…`: evaluation weights, see [`crate::game::weights`]).
    pub fn parse(text: &str) -> Result<EngineSpec, GameError> {
        let mut spec = EngineSpec {
            name: String::new(),
            config: SearchConfig::default(),
            limits: Limits::default(),
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                GameError::new(format!("engine setting '{part}' is not key=value"))
            })?;
            let number = || {
                value.parse::<u64>().map_err(|_| {
                    GameError::new(format!(
                        "engine setting '{key}' needs a number, not '{value}'"
                    ))
                })
            };
            match key {
                "name" => spec.name = value.to_string(),
                "search" => {
                    spec.config.algorithm = Algorithm::from_name(value).ok_or_else(|| {
                        GameError::new(format!(
                            "unknown search '{value}' (known: {})",
                            Algorithm::NAMES.join(", ")
                        ))
                    })?
                }
                "movetime" => spec.limits.movetime = Some(Duration::from_millis(number()?)),
                "depth" => spec.limits.depth = Some(number()?.min(u64::from(u32::MAX)) as u32),
                "nodes" => spec.limits.nodes = Some(number()?),
                "threads" => spec.config.threads = (number()? as usize).clamp(1, 256),
                "hash" => spec.config.hash_mb = (number()? as usize).clamp(1, 65536),
                "seed" => spec.config.seed = number()?,
                "weights" => spec.config.weights = Some(WeightSet::parse(value)?),
                "lmr" => {
                    spec.config.lmr = match value {
                        "on" => true,
                        "off" => false,
                        _ => {
                            return Err(GameError::new(format!(
                                "engine setting 'lmr' is on or off, not '{value}'"
                            )))
                        }
                    }
                }
                _ => {
                    return Err(GameError::new(format!(
                        "unknown engine setting '{key}' (known: name, search, movetime, depth, nodes, threads, hash, seed, lmr, weights)"
                    )))
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
            w.config.weights.map(|s| s.as_slice().to_vec()),
            Some(vec![100, -5, 0])
        );
        assert!(EngineSpec::parse("weights=100/five").is_err());
    }
}
