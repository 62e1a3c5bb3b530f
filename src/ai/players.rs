//! Player specs of `engarde play` (DESIGN.md §4): `ai:LEVEL[:MS|:iN]`,
//! `ai:random`, `ai:heuristic`. External bots and humans are the CLI's own.

use web_time::Duration;

use super::arena::AiSeat;
use super::{Budget, Difficulty, HeuristicOpponent, Opponent, RandomOpponent};

/// A computer opponent in a seat, named by its spec.
pub type AiPlayer = AiSeat<dyn Opponent + Send>;

/// Parses `ai:random`, `ai:heuristic`, `ai:LEVEL`, `ai:LEVEL:MS` (a time budget
/// in milliseconds) or `ai:LEVEL:iN` (an iteration budget). A level may carry
/// `+slower=N`: its time cap divided by N, as on a device N times slower
/// (docs/STRENGTH.md).
///
/// # Errors
/// A message saying what is wrong with the spec.
pub fn parse_ai(spec: &str) -> Result<AiPlayer, String> {
    let mut parts = spec.split('+');
    let base = parts.next().unwrap_or_default();
    let flags: Vec<&str> = parts.collect();
    let rest = base
        .strip_prefix("ai:")
        .ok_or_else(|| format!("{spec:?} is not an ai: spec"))?;
    let (level, budget) = match rest.split_once(':') {
        Some((l, b)) => (l, Some(b)),
        None => (rest, None),
    };
    let (opponent, default): (Box<dyn Opponent + Send>, Budget) = match level {
        "random" | "heuristic" if budget.is_some() => {
            return Err(format!("ai:{level} takes no budget"));
        }
        "random" | "heuristic" if !flags.is_empty() => {
            return Err(format!("ai:{level} takes no flags"));
        }
        "random" => (Box::new(RandomOpponent), Budget::iterations(0)),
        "heuristic" => (Box::new(HeuristicOpponent), Budget::iterations(0)),
        other => {
            let d: Difficulty = other.parse()?;
            (Box::new(d.opponent()), d.budget())
        }
    };
    let mut slower = 1;
    for flag in &flags {
        match flag.strip_prefix("slower=").map(str::parse::<u32>) {
            Some(Ok(n @ 1..=1000)) => slower = n,
            _ => {
                return Err(format!(
                    "unknown flag +{flag} in {spec:?} (the one flag is slower=N, N from 1 to 1000)"
                ))
            }
        }
    }
    let budget = match budget {
        None => default.cap_divided(slower),
        Some(b) => match b.strip_prefix('i') {
            Some(n) => Budget::iterations(
                n.parse()
                    .map_err(|_| format!("bad iteration budget {b:?} in {spec:?} (e.g. i5000)"))?,
            ),
            None => Budget::time(Duration::from_millis(b.parse().map_err(|_| {
                format!("bad think budget {b:?} in {spec:?} (milliseconds, e.g. 300)")
            })?)),
        },
    };
    Ok(AiSeat::new(opponent, budget))
}
