//! Player specs of `engarde play` (DESIGN.md §4): `ai:LEVEL[:MS|:iN]`,
//! `ai:random`, `ai:heuristic`. External bots and humans are the CLI's own.

use web_time::Duration;

use super::arena::AiSeat;
use super::search::Private;
use super::{Budget, Difficulty, HeuristicOpponent, Opponent, RandomOpponent};

/// A computer opponent in a seat, named by its spec.
pub type AiPlayer = AiSeat<dyn Opponent + Send>;

/// Parses `ai:random`, `ai:heuristic`, `ai:LEVEL`, `ai:LEVEL:MS` (a time budget
/// in milliseconds) or `ai:LEVEL:iN` (an iteration budget). For experiments a
/// level may carry `+flags` that change its make-up: `+infer`/`+noinfer`,
/// `+solve`/`+nosolve`,
/// `+safe`/`+unsafe`, `+forget=P`, `+read=N` (read the whole round, N sampled
/// histories per hand; 0: not), `+honest` (rollouts from each side's own
/// knowledge), `+c=C` (the search's exploration), `+slower=N` (the level's
/// time cap divided by N), the inference model's `+noise=P` and `+temp=T`
/// (e.g. `ai:hard:i5000+noinfer`), and the others of docs/EXTENSIONS.md.
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
    // `+slower=N`: the level's time cap divided by N (a slower device).
    let mut slower = 1;
    let (opponent, default): (Box<dyn Opponent + Send>, Budget) = match level {
        "random" | "heuristic" if budget.is_some() => {
            return Err(format!("ai:{level} takes no budget"));
        }
        "random" => (Box::new(RandomOpponent), Budget::iterations(0)),
        "heuristic" => (Box::new(HeuristicOpponent), Budget::iterations(0)),
        other => {
            let d: Difficulty = other.parse()?;
            let mut o = d.opponent();
            for flag in &flags {
                match *flag {
                    "infer" => o.inference = true,
                    "noinfer" => o.inference = false,
                    "solve" => o.solver = true,
                    "nosolve" => o.solver = false,
                    "safe" => o.safety = true,
                    "unsafe" => o.safety = false,
                    "honest" => o.rollout.honest = true,
                    "private=opponent" => o.search.private = Private::Opponent,
                    "private=both" => o.search.private = Private::Both,
                    "private=reply" => o.search.private = Private::Reply,
                    "small" => o.rollout.small_retreat = true,
                    "wise" => o.rollout.wise = true,
                    "learned" => o.model.learned = true,
                    "expand" => o.search.expand_by_policy = true,
                    "private=nobody" => o.search.private = Private::Nobody,
                    f => {
                        let (name, value) = f.split_once('=').unwrap_or((f, ""));
                        match (name, value.parse::<f64>().ok()) {
                            ("forget", Some(p)) if (0.0..=1.0).contains(&p) => o.forget = p,
                            ("slower", Some(n)) if (1.0..=1000.0).contains(&n) => slower = n as u32,
                            ("c", Some(c)) if c > 0.0 && c.is_finite() => o.search.exploration = c as f32,
                            ("late", Some(n)) if (0.0..=25.0).contains(&n) => o.search.private = Private::Late(n as u32),
                            ("copp", Some(c)) if c > 0.0 && c.is_finite() => o.search.opponent_exploration = Some(c as f32),
                            ("read", Some(n)) if (0.0..=1e6).contains(&n) => o.reading = n as u32,
                            ("eps", Some(p)) if (0.0..=1.0).contains(&p) => o.rollout.epsilon = p,
                            ("fwd", Some(w)) if w > 0.0 && w.is_finite() => o.rollout.forward = w,
                            ("endgame", Some(n)) if (0.0..=25.0).contains(&n) => o.rollout.endgame = n as u8,
                            ("parry", Some(p)) if (0.0..=1.0).contains(&p) => o.rollout.parry = p,
                            ("noise", Some(p)) if (0.0..=1.0).contains(&p) => o.model.noise = p,
                            ("deep", Some(n)) if (0.0..=64.0).contains(&n) => o.depth = n as u32,
                            ("guide", Some(p)) if (0.0..=1.0).contains(&p) => o.search.guide = p,
                            ("sim", Some(n)) if (0.0..=1e6).contains(&n) => o.model.simulate = n as u32,
                            ("simall", Some(n)) if (0.0..=1e8).contains(&n) => o.model.simulate_total = n as u32,
                            ("temp", Some(t)) if t > 0.0 && t.is_finite() => o.model.temperature = t,
                            _ => return Err(format!("unknown flag +{f} in {spec:?} (infer, noinfer, solve, nosolve, safe, unsafe, honest, private=nobody|opponent|both|reply, expand, learned, wise, small, forget=P, read=N, c=C, copp=C, late=N, eps=P, parry=P, fwd=W, endgame=N, slower=N, noise=P, temp=T, sim=N, simall=N, guide=P, deep=N)")),
                        }
                    }
                }
            }
            (Box::new(o), d.budget())
        }
    };
    if !flags.is_empty() && matches!(level, "random" | "heuristic") {
        return Err(format!("ai:{level} takes no flags"));
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
