//! A link that came in: what it is (an invitation, the next message of a
//! kept match, one for a match not held here), and why a link, a kept match
//! or a backup does not go on, as the page says it.

use crate::engine::Rules;
use crate::friend::game::{self, Cheat, FriendError, FriendMatch};
use crate::friend::parts::PartError;
use crate::friend::wire::{ChainError, WireError};

/// What a link that came in is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// An invitation: its rules and who invites.
    Invitation { rules: Rules, host: String },
    /// The next message of the kept match with this id (or a wrong one:
    /// the match says what is wrong when it receives it).
    Continues(String),
    /// A message of a match this browser does not hold.
    NotHeld,
    /// No message at all.
    Broken(Problem),
}

/// What the link `code` is, given the ids of the matches kept here.
pub fn incoming(code: &str, held: &[String]) -> Incoming {
    let id = match game::match_of(code) {
        Ok(id) => id.to_string(),
        Err(e) => return Incoming::Broken(Problem::from(e)),
    };
    if held.contains(&id) {
        return Incoming::Continues(id);
    }
    match FriendMatch::read_invitation(code) {
        Ok((rules, host)) => Incoming::Invitation { rules, host },
        Err(FriendError::Unexpected) => Incoming::NotHeld,
        Err(e) => Incoming::Broken(Problem::from(e)),
    }
}

/// Why a link, a kept match or a backup does not go on, as the page says
/// it; nothing changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Problem {
    Damaged,
    /// Made by a newer version of the page.
    Version,
    Old,
    Own,
    Ahead,
    Forked,
    NotHeld,
    Misfit,
    Kept,
    Over,
    /// The friend's page cheated: the match is void.
    Void(Cheat),
    /// Not signed by the friend's page: changed, or made by someone else.
    Forged,
    StorageRefused,
    BackupUnreadable,
    /// The match moved on in another tab or window: this one is behind.
    ElsewhereAhead,
    /// The friend's page is an older version (another construction).
    OlderVersion,
    /// A kept match of an older construction: it opens read-only.
    Retired,
    /// A backup's match that does not check out, every proof checked.
    BackupUnchecked,
    /// A backup's match with a kept one's id but another seed or beginning.
    BackupForeign,
    /// A backup's match behind the kept one, or gone another way.
    BackupBehind,
    /// A part of a link that is not taken ([`PartError`]).
    Part(PartError),
}

impl From<WireError> for Problem {
    fn from(e: WireError) -> Problem {
        match e {
            WireError::Version(_) => Problem::Version,
            WireError::Retired => Problem::OlderVersion,
            _ => Problem::Damaged,
        }
    }
}

impl From<FriendError> for Problem {
    fn from(e: FriendError) -> Problem {
        match e {
            FriendError::Wire(e) => e.into(),
            FriendError::Chain(ChainError::Old) => Problem::Old,
            FriendError::Chain(ChainError::OwnMessage) => Problem::Own,
            FriendError::Chain(ChainError::Ahead) => Problem::Ahead,
            FriendError::Chain(ChainError::Forked) => Problem::Forked,
            FriendError::Chain(ChainError::OtherMatch) => Problem::NotHeld,
            // (`receive` makes every cheat it finds a void match.)
            FriendError::Void(cheat) => Problem::Void(cheat),
            FriendError::Signature => Problem::Forged,
            FriendError::Kept => Problem::Kept,
            FriendError::Over => Problem::Over,
            FriendError::OlderVersion => Problem::OlderVersion,
            FriendError::Retired => Problem::Retired,
            FriendError::Chance => Problem::Void(Cheat::Chance),
            FriendError::Audit(_)
            | FriendError::Round(_)
            | FriendError::Unexpected
            | FriendError::Rules
            | FriendError::Commitment
            | FriendError::NotYourTurn => Problem::Misfit,
        }
    }
}
