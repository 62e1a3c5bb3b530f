//! This seat's own steps: what its person plays, and the messages it sends.

use rand::SeedableRng;

use super::errors::FriendError;
use super::journal::JournalEntry;
use super::secrets::{derived, round_value, SecretRng, NEXT, PLAYED};
use super::state::{played_item, token_item, FriendMatch};
use crate::engine::Action;
use crate::engine::Special;
use crate::friend::masked::Trust;
use crate::friend::wire::{self, Header, Item, Message};
use crate::record::{link, write};
use ed25519_dalek::Signer;

impl FriendMatch {
    /// The person plays `action`; it goes with the next message.
    ///
    /// # Errors
    /// Not theirs to play now, or not legal.
    pub fn play(&mut self, action: Action) -> Result<(), FriendError> {
        self.play_with(action, &mut Trust::Now)
    }

    /// [`FriendMatch::play`], its proofs checked and tokens made as `trust`
    /// says.
    pub(super) fn play_with(
        &mut self,
        action: Action,
        trust: &mut Trust,
    ) -> Result<(), FriendError> {
        let mut played = Vec::new();
        if let Action::Choose(special) = action {
            if self.choice().is_none() {
                return Err(FriendError::NotYourTurn);
            }
            self.choose(special)?;
        } else {
            if self.to_play().is_none() {
                return Err(FriendError::NotYourTurn);
            }
            let round = self.round.as_mut().ok_or(FriendError::NotYourTurn)?;
            let index = u16::try_from(round.actions().len()).unwrap_or(u16::MAX);
            let info = [&self.answering[..], &[PLAYED], &index.to_be_bytes()].concat();
            let mut rng = SecretRng::from_seed(derived(
                b"engarde/friend/secrets/v1",
                &self.journal.seed,
                &info,
            ));
            played = round.play(action, &mut rng, trust)?;
        }
        let record = write::action(None, action);
        self.out.push(Item::Action(link::action_bytes(&record)));
        self.out.extend(played.into_iter().map(played_item));
        self.journal.steps.push(JournalEntry::Played(record));
        Ok(())
    }

    /// The starter's pick (S4), this seat's or the other's: the round is
    /// dealt under the chosen card.
    pub(super) fn choose(&mut self, special: Special) -> Result<(), FriendError> {
        let round = self.round.as_mut().ok_or(FriendError::Unexpected)?;
        let start = round
            .start()
            .after_choice(special)
            .ok_or(FriendError::Unexpected)?;
        round.choose(start);
        self.start = Some(start);
        Ok(())
    }

    /// The person gives up the match; the friend learns it with the next
    /// message, with this seat's hand in the round dealt, so that the
    /// friend audits the round so far: resigning hides no cheat.
    pub fn resign(&mut self) {
        self.resign_with(&mut Trust::Now);
    }

    /// [`FriendMatch::resign`], its proofs checked and tokens made as `trust`
    /// says.
    pub(super) fn resign_with(&mut self, trust: &mut Trust) {
        if self.resigned.is_none() {
            self.resigned = Some(self.side());
            self.out.push(Item::Resign);
            if !self.hand_sent {
                if let Some(round) = self.round.as_mut().filter(|r| r.is_dealt()) {
                    let hand = round.hand_due(trust).unwrap_or_default();
                    self.out.extend(hand.into_iter().map(token_item));
                    self.hand_sent = true;
                }
            }
            self.journal.steps.push(JournalEntry::ResignedRevealed);
        }
    }

    /// Whether this seat is to send now: it sends next, and its person
    /// has nothing to play (or has played); once the match is over, only if
    /// something is still owed.
    pub fn must_send(&self) -> bool {
        if self.void.is_some() {
            return false;
        }
        if self.is_over() {
            // Only what is owed still: the last hand and value, a resignation.
            return self.sends_next && !self.out.is_empty();
        }
        if self.choice().is_some() {
            return false;
        }
        self.sends_next && (self.to_play().is_none() || self.played_since_sent())
    }

    pub(super) fn played_since_sent(&self) -> bool {
        self.out.iter().any(|i| matches!(i, Item::Action(_)))
    }

    /// The next message, with everything this seat owes, as a link's code.
    pub fn send(&mut self) -> String {
        self.send_with(&mut Trust::Now)
    }

    /// [`FriendMatch::send`], its proofs checked and tokens made as `trust`
    /// says.
    pub(super) fn send_with(&mut self, trust: &mut Trust) -> String {
        self.owe(trust);
        let message = Message {
            header: Header {
                game: self.chain.game,
                number: self.next_number,
                from: self.seat,
                answers: self.chain.last_digest,
            },
            items: std::mem::take(&mut self.out),
        };
        let code = self.sign(message);
        self.chain.last_sent = self.next_number;
        self.chain.last_digest = wire::digest(&code);
        self.sends_next = false;
        self.last_code.clone_from(&code);
        self.journal.steps.push(JournalEntry::Sent);
        code
    }

    /// `message`'s code, signed by this seat (its last item the signature
    /// of the rest).
    pub fn sign(&self, mut message: Message) -> String {
        message.items.retain(|i| !matches!(i, Item::Signature(_)));
        let sig = self.signing.sign(&message.signed_bytes()).to_bytes();
        message.items.push(Item::Signature(sig));
        message.encode()
    }

    /// What this seat owes the other once play stops: the tokens of the
    /// other's cards, a hand that alone ended the round, at the round's end
    /// its hand and round value.
    pub(super) fn owe(&mut self, trust: &mut Trust) {
        let Some(round) = self.round.as_mut() else {
            return;
        };
        if let Ok(tokens) = round.tokens_due(trust) {
            self.out.extend(tokens.into_iter().map(token_item));
        }
        let over = round.observation().is_ok_and(|o| o.public().is_over());
        if over && !self.shown_sent {
            if let Some(hand) = round.hand_to_show() {
                self.out
                    .push(Item::Shown(hand.cards().map(|c| c.value()).collect()));
                self.shown_sent = true;
            }
        }
        if over && !self.hand_sent {
            let hand = round.hand_due(trust).unwrap_or_default();
            self.out.extend(hand.into_iter().map(token_item));
            self.out.push(Item::Reveal {
                purpose: NEXT,
                value: round_value(&self.journal.seed, self.chain.game, self.dealt),
            });
            self.hand_sent = true;
        }
    }
}
