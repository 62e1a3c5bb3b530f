//! Player specs of `engarde play` (DESIGN.md §4): `ai:LEVEL[:MS]`, `ai:random`,
//! `ai:heuristic`. External bots and humans are the CLI's own.

use web_time::Duration;

use super::{Budget, Difficulty, HeuristicOpponent, Opponent, RandomOpponent};

/// A computer opponent named by a spec, with its budget.
pub struct AiPlayer {
    pub name: String,
    pub opponent: Box<dyn Opponent + Send>,
    pub budget: Budget,
}

/// Parses `ai:random`, `ai:heuristic`, `ai:LEVEL`, `ai:LEVEL:MS` (a time budget
/// in milliseconds) or `ai:LEVEL:iN` (an iteration budget).
///
/// # Errors
/// A message saying what is wrong with the spec.
pub fn parse_ai(spec: &str) -> Result<AiPlayer, String> {
    let rest = spec
        .strip_prefix("ai:")
        .ok_or_else(|| format!("{spec:?} is not an ai: spec"))?;
    let (level, budget) = match rest.split_once(':') {
        Some((l, b)) => (l, Some(b)),
        None => (rest, None),
    };
    let no_budget = |name: &str| -> Result<(), String> {
        match budget {
            Some(_) => Err(format!("ai:{name} takes no budget")),
            None => Ok(()),
        }
    };
    let (opponent, default): (Box<dyn Opponent + Send>, Budget) = match level {
        "random" => {
            no_budget(level)?;
            (Box::new(RandomOpponent), Budget::iterations(0))
        }
        "heuristic" => {
            no_budget(level)?;
            (Box::new(HeuristicOpponent), Budget::iterations(0))
        }
        other => {
            let d: Difficulty = other.parse()?;
            (Box::new(d.opponent()), d.budget())
        }
    };
    let budget = match budget {
        None => default,
        Some(b) => {
            if let Some(n) = b.strip_prefix('i') {
                let n: u32 = n
                    .parse()
                    .map_err(|_| format!("bad iteration budget {b:?} in {spec:?} (e.g. i5000)"))?;
                Budget::iterations(n)
            } else {
                let ms: u64 = b.parse().map_err(|_| {
                    format!("bad think budget {b:?} in {spec:?} (milliseconds, e.g. 300)")
                })?;
                Budget::time(Duration::from_millis(ms))
            }
        }
    };
    Ok(AiPlayer {
        name: spec.to_string(),
        opponent,
        budget,
    })
}
