//! Player specs of `engarde play` (docs/FORMATS.md, command line): `ai:LEVEL[:MS|:iN]`,
//! `ai:random`, `ai:heuristic`. External bots and humans are the CLI's own.

use web_time::Duration;

use engarde::ai::{Budget, Difficulty, HeuristicOpponent, Opponent, RandomOpponent};
use engarde::referee::arena::AiSeat;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_parse_and_are_checked() {
        for good in [
            "ai:hard",
            "ai:hard:i500",
            "ai:expert:300",
            "ai:easy+slower=3",
            "ai:heuristic",
        ] {
            assert!(parse_ai(good).is_ok(), "{good} should be accepted");
        }
        for (bad, says) in [
            ("ai:hard+slower=0", "+slower=0"),
            ("ai:hard+slower=x", "+slower=x"),
            ("ai:hard+noise=0.1", "+noise=0.1"),
            ("ai:expert+read=8", "+read=8"),
            ("ai:heuristic+slower=2", "no flags"),
            ("ai:random:i5", "no budget"),
            ("ai:hard:iX", "iteration budget"),
            ("ai:hard:soon", "think budget"),
            ("ai:grandmaster", "unknown level"),
            ("hard", "not an ai: spec"),
        ] {
            let e = parse_ai(bad).err().unwrap_or_default();
            assert!(
                e.contains(says),
                "{bad} should be refused saying {says:?}: {e}"
            );
        }
        // A slower device: the level's time cap divided, its iterations kept.
        let slow = parse_ai("ai:hard+slower=4").unwrap().budget;
        let hard = Difficulty::Hard.budget();
        assert_eq!(slow.iterations, hard.iterations);
        assert_eq!(slow.time, hard.time.map(|t| t / 4));
        let budget = hard.iterations.unwrap();
        assert!(slow.cut(budget - 1) && !slow.cut(budget));
    }
}
