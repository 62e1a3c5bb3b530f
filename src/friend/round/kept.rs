//! A round as a snapshot keeps it: its decks as bytes, what was sent and
//! opened, and what this side has of the round.

use serde::{Deserialize, Serialize};

use super::play::Play;
use super::RoundState;
use crate::friend::masked::{Context, Keys, ProofError, Rebuild};

/// A round, as plain data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptRound {
    play: Play,
    context: Context,
    /// The decks' points ([`crate::friend::masked::ProvenDeck::points`]).
    first_deck: Vec<u8>,
    deck: Option<Vec<u8>>,
    sent: Vec<usize>,
    theirs: Vec<(usize, u8)>,
}

impl RoundState {
    /// The round as plain data.
    pub fn kept(&self) -> KeptRound {
        KeptRound {
            play: self.play.clone(),
            context: self.context,
            first_deck: self.first.points(),
            deck: self.deck.as_ref().map(|d| d.points()),
            sent: self.sent.clone(),
            theirs: self.theirs.clone(),
        }
    }

    /// The round `kept` holds, dealt under `keys`, its decks taken back as
    /// the journal kept them (`rebuild`: only a rebuild reads a snapshot).
    ///
    /// # Errors
    /// [`ProofError::Encoding`] when a deck's bytes do not read.
    pub fn from_kept(kept: KeptRound, keys: &Keys, rebuild: &Rebuild) -> Result<Self, ProofError> {
        let first = rebuild.deck(&kept.first_deck)?;
        let deck = kept.deck.map(|d| rebuild.deck(&d)).transpose()?;
        Ok(RoundState {
            keys: Box::new(keys.clone()),
            context: kept.context,
            first: Box::new(first),
            deck: deck.map(Box::new),
            sent: kept.sent,
            theirs: kept.theirs,
            play: kept.play,
        })
    }
}
