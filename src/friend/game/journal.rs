//! What a seat keeps to rebuild its match: how it began and every step.

use serde::{Deserialize, Serialize};

use super::secrets::Secrets;
use crate::record::format::{ActionRecord, RulesSpec};

/// How a seat's match began.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Begun {
    /// This seat invited (the host).
    Invited { rules: RulesSpec, name: String },
    /// This seat accepted the invitation `code` (the guest).
    Accepted { code: String, name: String },
}

/// One entry of a seat's [`Journal`]: one thing that happened to its state
/// since it began.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JournalEntry {
    Received(String),
    Played(ActionRecord),
    Sent,
    /// A resignation of the retired constructions, kept so that their
    /// journals still read: no current journal holds it.
    Resigned,
    /// The person resigned, showing the hand held so that the friend
    /// audits the round so far.
    ResignedRevealed,
    /// A message of the friend's that showed a cheat (kept as evidence):
    /// the match is void from it on.
    Void(String),
    /// The person marked the match abandoned.
    Abandoned,
    /// A deck this seat made (base64 of its bytes with the argument): the
    /// match rebuilt takes it back instead of proving again.
    Dealt(String),
}

/// What a seat keeps to rebuild its state: the seed of its secrets (its
/// keys, shuffles and tokens come from it: this browser's secret), how it
/// began, and every step since. It holds no card of the other side's but
/// those played or shown: the messages carry masked cards, and tokens that
/// open this seat's own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Journal {
    pub seed: [u8; 32],
    /// The construction the match was dealt with (a journal without it is
    /// of the first, retired).
    #[serde(default)]
    pub secrets: Secrets,
    pub begun: Begun,
    pub steps: Vec<JournalEntry>,
}
