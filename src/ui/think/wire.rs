//! The worker's messages on the wire: JSON both ways (serde): the page
//! posts `"ID REQUEST"` ([`ThinkRequest`]), the worker answers `"ID REPLY"`
//! ([`ThinkReply`], written as its compact twin `Wire`). The reply carries
//! everything the page shows: the hint's reasons are counted once, in the
//! worker (`ai::advice::advise`), never again on the page.
//!
//! A reply is read against the observation it was asked from: every action
//! in it must be legal there, every chance between 0 and 1 and every reason
//! one, or the reply is refused (both ends are of one build, so that would
//! be a bug).

use serde::{Deserialize, Serialize};

use crate::ai::advice::{Advice, Verdict, Why};
use crate::engine::{Action, Observation};
use crate::record::{format::RecordOut, link};

use super::{ThinkReply, ThinkRequest};

/// A request as the page posts it.
pub(crate) fn write_request(request: &ThinkRequest) -> Option<String> {
    serde_json::to_string(request).ok()
}

/// A request as the worker reads it.
pub(crate) fn read_request(text: &str) -> Option<ThinkRequest> {
    serde_json::from_str(text).ok()
}

/// What begins a request for a finished match's link code: the page packs
/// the record ([`link::body`]), the worker seals it ([`link::seal`]), so the
/// first load carries no base64 encoder.
const LINK: &str = "link ";

/// The request for `record`'s link code.
pub fn write_link_request(record: &RecordOut) -> Option<String> {
    let body = serde_json::to_string(&link::body(record)).ok()?;
    Some(format!("{LINK}{body}"))
}

/// The worker's answer to `text` if it asks for a link code: the code;
/// `None` when it is not such a request, `Some(None)` when its bytes do not
/// read.
pub fn answer_link_request(text: &str) -> Option<Option<String>> {
    let body = text.strip_prefix(LINK)?;
    Some(serde_json::from_str::<Vec<u8>>(body).ok().map(link::seal))
}

/// A reply on the wire: each action its index among the legal actions of
/// the observation asked from (both ends list them alike), a chance in
/// millionths, a time in microseconds, a hint's reason as its code
/// ([`Why::code`]). The page's code to read it stays small (the first
/// load).
#[derive(Serialize, Deserialize)]
enum Wire {
    /// Action, iterations, microseconds.
    M(u32, u32, u32),
    /// Each advised action, its chance and its reason.
    H(Vec<(u32, u32, [u8; 4])>),
    /// The best action, the chances before and after, a missed sure win.
    J(u32, u32, Option<u32>, bool),
}

/// `x` in millionths (not clamped: a chance out of 0–1 stays so, and is
/// refused on reading).
fn millionths(x: f32) -> u32 {
    (f64::from(x.max(0.0)) * 1e6)
        .round()
        .min(f64::from(u32::MAX)) as u32
}

/// The reply as the worker sends it, for a request from `obs`. An action
/// that is not among `obs`'s legal actions is written as one past the end,
/// which the page refuses.
pub fn write(reply: &ThinkReply, obs: &Observation) -> String {
    let legal = obs.legal_actions();
    let index = |a: &Action| legal.iter().position(|l| l == a).unwrap_or(legal.len()) as u32;
    let wire = match reply {
        ThinkReply::Move {
            action,
            iterations,
            millis,
        } => Wire::M(
            index(action),
            *iterations,
            (millis.clamp(0.0, 4e6) * 1000.0).round() as u32,
        ),
        ThinkReply::Hint(advice) => Wire::H(
            advice
                .iter()
                .map(|a| (index(&a.action), millionths(a.chance), a.reason.code()))
                .collect(),
        ),
        ThinkReply::Judge(v) => Wire::J(
            index(&v.best),
            millionths(v.before),
            v.after.map(millionths),
            v.missed_sure_win,
        ),
    };
    serde_json::to_string(&wire).expect("replies always serialize")
}

/// The reply `text` to a request from `obs`, if it reads and holds only
/// actions legal at `obs`, chances from 0 to 1 and reasons that are ones.
pub fn read(text: &str, obs: &Observation) -> Option<ThinkReply> {
    let legal = obs.legal_actions();
    let action = |i: u32| legal.get(usize::try_from(i).ok()?).copied();
    let chance = |n: u32| (n <= 1_000_000).then(|| (f64::from(n) / 1e6) as f32);
    Some(match serde_json::from_str(text).ok()? {
        Wire::M(a, iterations, micros) => ThinkReply::Move {
            action: action(a)?,
            iterations,
            millis: f64::from(micros) / 1000.0,
        },
        Wire::H(advice) => ThinkReply::Hint(
            advice
                .into_iter()
                .map(|(a, c, why)| {
                    Some(Advice {
                        action: action(a)?,
                        chance: chance(c)?,
                        reason: Why::from_code(why)?,
                    })
                })
                .collect::<Option<_>>()?,
        ),
        Wire::J(best, before, after, missed) => ThinkReply::Judge(Verdict {
            best: action(best)?,
            before: chance(before)?,
            after: match after {
                Some(n) => Some(chance(n)?),
                None => None,
            },
            missed_sure_win: missed,
        }),
    })
}
