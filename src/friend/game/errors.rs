//! Why a message or a step does not continue the match.

use serde::{Deserialize, Serialize};

use crate::friend::masked::{Part, ProofError};
use crate::friend::round::RoundError;
use crate::friend::wire::{ChainError, WireError};

/// Why a message or an action does not continue the match; nothing changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FriendError {
    Wire(WireError),
    Chain(ChainError),
    Round(RoundError),
    /// Not an invitation, or an item that does not fit where the match
    /// stands.
    Unexpected,
    /// The invitation's rules do not read.
    Rules,
    /// The other side's value does not open its commitment.
    Commitment,
    /// A round's audit found a lie (what failed), or its actions do not
    /// replay: the round does not count.
    Audit(RoundError),
    /// Not this seat's to play now.
    NotYourTurn,
    /// The match is over.
    Over,
    /// A kept match ([`Journal`]) that does not replay: storage was changed
    /// or damaged.
    Kept,
    /// The friend's page sent what no honest page sends: the match is void
    /// and takes no further message.
    Void(Cheat),
    /// Not signed by the friend's key: changed, or made by someone else.
    Signature,
    /// The friend's page is an older version: its invitation or acceptance
    /// lacks the proven deck's key or a signing key, or its message is of
    /// the retired layout. Nothing is dealt with an older construction.
    OlderVersion,
    /// A kept match of a retired construction ([`super::Secrets`]): never
    /// played on, nor replayed.
    Retired,
    /// A message that breaks the order of the chance: a deck without the
    /// commitment to the sender's next value, a commitment anywhere else,
    /// or a hand shown at the round's end without its value revealed.
    Chance,
}

impl std::fmt::Display for FriendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FriendError::Wire(e) => e.fmt(f),
            FriendError::Chain(e) => e.fmt(f),
            FriendError::Round(e) => e.fmt(f),
            FriendError::Unexpected => {
                f.write_str("an item that does not fit where the match stands")
            }
            FriendError::Rules => f.write_str("the invitation's rules do not read"),
            FriendError::Commitment => f.write_str("a value that does not open its commitment"),
            FriendError::Audit(e) => write!(f, "the round's audit failed: {e}"),
            FriendError::NotYourTurn => f.write_str("not this seat's turn"),
            FriendError::Over => f.write_str("the match is over"),
            FriendError::Kept => f.write_str("the kept match does not replay"),
            FriendError::Void(c) => {
                write!(f, "the friend's page cheated ({c:?}): the match is void")
            }
            FriendError::Signature => f.write_str("not signed by the friend's key"),
            FriendError::OlderVersion => f.write_str("the friend's page is an older version"),
            FriendError::Retired => {
                f.write_str("a match of an older construction: it opens read-only")
            }
            FriendError::Chance => {
                f.write_str("a message that breaks the order of the chance's commitments")
            }
        }
    }
}

impl std::error::Error for FriendError {}

/// What a friend's page sent that no honest page sends. Caught at the
/// message that carries it (or at the round's audit), it makes the match
/// void.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cheat {
    /// A deck not proven a shuffle, or a second deck for a round.
    Deck,
    /// A token not proven, for a position already open, or opening a card
    /// already opened at another position.
    Share,
    /// A hand shown as ending the round that does not end it.
    Shown,
    /// A deck key without its proof of ownership.
    Key,
    /// Round 1's value is not the one its commitment promised.
    Start,
    /// The round's audit failed (what failed).
    Audit(Audited),
    /// A card played that its token does not show: an action with cards
    /// its player did not hold.
    Played,
    /// The next round's chance out of order: a deck without its
    /// commitment, a commitment elsewhere, a hand shown without its value.
    Chance,
}

/// What a round's audit found false.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audited {
    /// The cards opened make no round.
    Deck,
    /// An action the cards held did not allow.
    Action,
    /// The hand shown at the round's end.
    Shown,
}

impl Cheat {
    /// The cheat a refused message shows, if it shows one (a damaged,
    /// misplaced or unfitting message may be a mistake: it is only refused).
    pub fn of(e: &FriendError) -> Option<Cheat> {
        match e {
            FriendError::Round(RoundError::DeckTwice) => Some(Cheat::Deck),
            FriendError::Round(RoundError::OpenedTwice(_)) => Some(Cheat::Share),
            FriendError::Round(RoundError::NotOver) => Some(Cheat::Shown),
            FriendError::Round(RoundError::Played) => Some(Cheat::Played),
            FriendError::Chance => Some(Cheat::Chance),
            FriendError::Round(RoundError::Proof(p)) => Some(match p {
                ProofError::Key | ProofError::Encoding(Part::Key) => Cheat::Key,
                ProofError::Shuffle | ProofError::Encoding(Part::Deck) => Cheat::Deck,
                ProofError::Token(_)
                | ProofError::Position(_)
                | ProofError::Encoding(Part::Token) => Cheat::Share,
            }),
            FriendError::Commitment => Some(Cheat::Start),
            FriendError::Audit(RoundError::ShownHand) => Some(Cheat::Audit(Audited::Shown)),
            FriendError::Audit(RoundError::Deal) => Some(Cheat::Audit(Audited::Deck)),
            FriendError::Audit(_) => Some(Cheat::Audit(Audited::Action)),
            _ => None,
        }
    }
}

impl From<WireError> for FriendError {
    fn from(e: WireError) -> Self {
        match e {
            WireError::Retired => FriendError::OlderVersion,
            e => FriendError::Wire(e),
        }
    }
}

impl From<ChainError> for FriendError {
    fn from(e: ChainError) -> Self {
        FriendError::Chain(e)
    }
}

impl From<RoundError> for FriendError {
    fn from(e: RoundError) -> Self {
        FriendError::Round(e)
    }
}
