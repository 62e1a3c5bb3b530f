//! A round as a snapshot keeps it (the proven deck only): its decks as
//! bytes, what was sent and opened, and its actions.

use serde::{Deserialize, Serialize};

use super::{Dealing, RoundState};
use crate::engine::{Action, Hand, PublicState, Side};
use crate::friend::masked::{Context, Keys, ProofError, Rebuild};

/// A round with the proven deck, as plain data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptRound {
    start: PublicState,
    me: Side,
    first: bool,
    context: Context,
    /// The decks' points ([`crate::friend::masked::ProvenDeck::points`]).
    first_deck: Vec<u8>,
    deck: Option<Vec<u8>>,
    sent: Vec<usize>,
    theirs: Vec<(usize, u8)>,
    played_proven: bool,
    mine: Vec<(usize, Option<u8>)>,
    open: Vec<(usize, Option<u8>)>,
    shown: Option<Hand>,
    actions: Vec<(Side, Action)>,
    given_up: bool,
    spent: Vec<usize>,
    their_played: Vec<usize>,
}

impl RoundState {
    /// The round as plain data (`None` for a round dealt with locks).
    pub fn kept(&self) -> Option<KeptRound> {
        let Dealing::Masked {
            context,
            first,
            deck,
            sent,
            theirs,
            played_proven,
            ..
        } = &self.dealing
        else {
            return None;
        };
        Some(KeptRound {
            start: self.start,
            me: self.me,
            first: self.first,
            context: *context,
            first_deck: first.points(),
            deck: deck.as_ref().map(|d| d.points()),
            sent: sent.clone(),
            theirs: theirs.clone(),
            played_proven: *played_proven,
            mine: self.mine.clone(),
            open: self.open.clone(),
            shown: self.shown,
            actions: self.actions.clone(),
            given_up: self.given_up,
            spent: self.spent.clone(),
            their_played: self.their_played.clone(),
        })
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
            start: kept.start,
            me: kept.me,
            first: kept.first,
            dealing: Dealing::Masked {
                keys: Box::new(keys.clone()),
                context: kept.context,
                first: Box::new(first),
                deck: deck.map(Box::new),
                sent: kept.sent,
                theirs: kept.theirs,
                played_proven: kept.played_proven,
            },
            mine: kept.mine,
            open: kept.open,
            shown: kept.shown,
            actions: kept.actions,
            given_up: kept.given_up,
            spent: kept.spent,
            their_played: kept.their_played,
        })
    }
}
