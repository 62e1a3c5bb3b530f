//! The worker's messages on the wire: JSON both ways, each a typed enum
//! (serde): the page posts `"ID REQUEST"` ([`ThinkRequest`]), the worker
//! answers `"ID REPLY"` ([`ThinkReply`]). The reply carries everything the
//! page shows: the hint's reasons are counted once, in the worker
//! (`ai::advice::advise`), never again on the page.
//!
//! A reply is read against the observation it was asked from: every action
//! in it must be legal there, and every chance between 0 and 1, or the reply
//! is refused (both ends are of one build, so that would be a bug).

use crate::engine::{Action, Observation};

use super::{ThinkReply, ThinkRequest};

/// A request as the page posts it.
pub(crate) fn write_request(request: &ThinkRequest) -> Option<String> {
    serde_json::to_string(request).ok()
}

/// A request as the worker reads it.
pub(crate) fn read_request(text: &str) -> Option<ThinkRequest> {
    serde_json::from_str(text).ok()
}

/// The reply as the worker sends it.
pub fn write(reply: &ThinkReply) -> String {
    serde_json::to_string(reply).expect("replies always serialize")
}

/// The reply `text` to a request from `obs`, if it reads and holds only
/// actions legal at `obs` and chances from 0 to 1.
pub fn read(text: &str, obs: &Observation) -> Option<ThinkReply> {
    let reply: ThinkReply = serde_json::from_str(text).ok()?;
    let legal = obs.legal_actions();
    let legal = |a: &Action| legal.contains(a);
    let chance = |x: &f32| (0.0..=1.0).contains(x);
    let fine = match &reply {
        ThinkReply::Move { action, millis, .. } => legal(action) && millis.is_finite(),
        ThinkReply::Hint(advice) => advice.iter().all(|a| legal(&a.action) && chance(&a.chance)),
        ThinkReply::Judge(v) => {
            legal(&v.best) && chance(&v.before) && v.after.as_ref().is_none_or(chance)
        }
    };
    fine.then_some(reply)
}
