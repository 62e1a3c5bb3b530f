//! A match's id: eight bytes the host draws, named by every message's
//! header and bound into every proof of the match.

use serde::{Deserialize, Serialize};

/// A match's id, written as 16 hex digits (the page's keys for the match).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MatchId(pub [u8; 8]);

impl std::fmt::Display for MatchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}
