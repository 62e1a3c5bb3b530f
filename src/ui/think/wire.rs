//! The worker's replies on the wire: numbers separated by spaces, read
//! without a parser. An action is its index among the legal actions of the
//! observation asked from (both ends list them alike); a chance is in
//! millionths; a time in microseconds.
//!
//! - a move: `m ACTION ITERATIONS MICROS`
//! - a hint: `h` then `ACTION CHANCE` for each action advised, best first
//! - a verdict: `j BEST BEFORE AFTER` (`AFTER` is `-` when not tried), then
//!   `s` when the choice missed a sure win

use crate::ai::advice::{self, Advice, Verdict};
use crate::engine::{Action, Observation};

use super::ThinkReply;

/// `x` (0 to 1) in millionths.
fn millionths(x: f32) -> u32 {
    (f64::from(x.clamp(0.0, 1.0)) * 1e6).round() as u32
}

fn chance(n: u32) -> f32 {
    (f64::from(n) / 1e6) as f32
}

/// The reply as the worker sends it, for a request from `obs`. An action
/// that is not among `obs`'s legal actions (none of the levels plays one)
/// is written as one past the end, which the page refuses.
pub fn write(reply: &ThinkReply, obs: &Observation) -> String {
    let legal = obs.legal_actions();
    let index = |a: Action| legal.iter().position(|&l| l == a).unwrap_or(legal.len());
    match reply {
        ThinkReply::Move {
            action,
            iterations,
            millis,
        } => format!(
            "m {} {iterations} {}",
            index(*action),
            (millis.clamp(0.0, 4e6) * 1000.0).round() as u32
        ),
        ThinkReply::Hint(advice) => advice.iter().fold("h".to_string(), |s, a| {
            format!("{s} {} {}", index(a.action), millionths(a.chance))
        }),
        ThinkReply::Judge(v) => {
            let after = v.after.map_or("-".into(), |a| millionths(a).to_string());
            let missed = if v.missed_sure_win { " s" } else { "" };
            format!(
                "j {} {} {after}{missed}",
                index(v.best),
                millionths(v.before)
            )
        }
    }
}

/// The reply `text` to a request from `obs`, if it reads.
pub fn read(text: &str, obs: &Observation) -> Option<ThinkReply> {
    let legal = obs.legal_actions();
    let words: Vec<&str> = text.split(' ').collect();
    let number = |i: usize| words.get(i)?.parse::<u32>().ok();
    let action = |i: usize| legal.get(usize::try_from(number(i)?).ok()?).copied();
    let reply = match *words.first()? {
        "m" if words.len() == 4 => ThinkReply::Move {
            action: action(1)?,
            iterations: number(2)?,
            millis: f64::from(number(3)?) / 1000.0,
        },
        "h" if words.len() % 2 == 1 => ThinkReply::Hint(
            (1..words.len())
                .step_by(2)
                .map(|i| {
                    let action = action(i)?;
                    Some(Advice {
                        action,
                        chance: chance(number(i + 1)?),
                        reason: advice::reason(obs, action),
                    })
                })
                .collect::<Option<_>>()?,
        ),
        "j" if words.len() == 4 || words.get(4) == Some(&"s") && words.len() == 5 => {
            ThinkReply::Judge(Verdict {
                best: action(1)?,
                before: chance(number(2)?),
                after: match words[3] {
                    "-" => None,
                    _ => Some(chance(number(3)?)),
                },
                missed_sure_win: words.len() == 5,
            })
        }
        _ => return None,
    };
    Some(reply)
}
