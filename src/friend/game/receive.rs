//! A friend's message received: checked, then taken in whole or not at all.

use super::errors::{Cheat, FriendError};
use super::journal::JournalEntry;
use super::secrets::{round_value, signed_by, start_from, FIRST, NEXT, TAG_FIRST, TAG_NEXT};
use super::state::{token_item, FriendMatch};
use crate::engine::{Action, Card, Hand, Match, PublicState, Side};
use crate::friend::commit::{joint, Commitment};
use crate::friend::masked::{Context, Trust};
use crate::friend::round::{Deal, RoundError, RoundState};
use crate::friend::wire::{self, ChainError, Item, Message, Seat};
use crate::record::{link, parse};

impl FriendMatch {
    /// Reads the other's message `code` and takes in all it carries; a
    /// message that does not fit changes nothing.
    ///
    /// # Errors
    /// What is wrong with it: its code, its place in the chain, or an item.
    pub fn receive(&mut self, code: &str) -> Result<(), FriendError> {
        self.receive_with(code, &mut Trust::Now)
    }

    /// [`FriendMatch::receive`], its proofs checked and tokens made as `trust`
    /// says.
    pub(super) fn receive_with(
        &mut self,
        code: &str,
        trust: &mut Trust,
    ) -> Result<(), FriendError> {
        if let Some(cheat) = self.void {
            return Err(FriendError::Void(cheat));
        }
        if self.abandoned {
            return Err(FriendError::Over);
        }
        // (The retired layout is refused here, as an older version.)
        let message = Message::decode(code)?;
        if self.sends_next && message.header.game == self.chain.game {
            // Taken already, and not answered yet: nothing may come now.
            return Err(FriendError::Chain(
                if message.header.number < self.next_number {
                    ChainError::Old
                } else {
                    ChainError::Ahead
                },
            ));
        }
        self.chain.check(&message.header)?;
        // Signed by the friend's key: theirs as known, or (the acceptance)
        // the one it announces.
        let announced = message.items.iter().find_map(|i| match i {
            Item::Key(k) if self.seat == Seat::Host && self.start.is_none() => Some(*k),
            _ => None,
        });
        let key = self.their_key.or(announced);
        // (A message from the journal had its signature checked when it
        // arrived.)
        let kept = matches!(trust, Trust::Journal(_));
        if !kept && key.is_some_and(|k| !signed_by(&message, &k)) {
            return Err(FriendError::Signature);
        }
        // Only signed messages: an acceptance without its key is from an
        // older page, any later message without a signature was changed.
        if key.is_none() {
            let acceptance = self.seat == Seat::Host && self.start.is_none();
            return Err(if acceptance {
                FriendError::OlderVersion
            } else {
                FriendError::Signature
            });
        }
        match self.receive_message(code, message, trust) {
            Err(e) => match Cheat::of(&e) {
                // The friend's page lied: kept as evidence, the match void.
                Some(cheat) => {
                    self.void = Some(cheat);
                    self.journal
                        .steps
                        .push(JournalEntry::Void(code.to_string()));
                    Err(FriendError::Void(cheat))
                }
                None => Err(e),
            },
            ok => ok,
        }
    }

    /// Takes in all that `message` (in its place in the chain) carries, or
    /// nothing.
    pub(super) fn receive_message(
        &mut self,
        code: &str,
        message: Message,
        trust: &mut Trust,
    ) -> Result<(), FriendError> {
        let mut next = self.clone();
        next.answering = wire::digest(code);
        // A token waits until its card is known to be this seat's (or open
        // to it): a card drawn after an action comes after that action.
        let (tokens, others): (Vec<Item>, Vec<Item>) = message
            .items
            .into_iter()
            .partition(|i| matches!(i, Item::Token { .. }));
        let mut tokens: Vec<(usize, Vec<u8>)> = tokens
            .into_iter()
            .filter_map(|i| match i {
                Item::Token { position, token } => Some((usize::from(position), token)),
                _ => None,
            })
            .collect();
        chance_in_order(&others)?;
        let mut items = others.into_iter().peekable();
        while let Some(item) = items.next() {
            next.open_tokens(&mut tokens, trust)?;
            if let Item::Action(bytes) = item {
                // The tokens of the cards it plays follow it.
                let mut played = Vec::new();
                while let Some(Item::Played { position, token }) =
                    items.next_if(|i| matches!(i, Item::Played { .. }))
                {
                    played.push((usize::from(position), token));
                }
                next.take_action(&bytes, played, trust)?;
            } else {
                next.receive_item(item, trust)?;
            }
        }
        next.open_tokens(&mut tokens, trust)?;
        if let Some(&(position, _)) = tokens.first() {
            return Err(FriendError::Round(RoundError::NotYours(position)));
        }
        if self.resigned.is_none() && next.resigned == Some(next.side().opponent()) {
            next.audit_resigned()?;
        }
        next.next_number = message.header.number + 1;
        next.chain.last_digest = wire::digest(code);
        next.sends_next = true;
        next.journal
            .steps
            .push(JournalEntry::Received(code.to_string()));
        *self = next;
        Ok(())
    }

    /// Opens the waiting `tokens` whose cards this seat now holds (or sees);
    /// the others wait.
    pub(super) fn open_tokens(
        &mut self,
        tokens: &mut Vec<(usize, Vec<u8>)>,
        trust: &Trust,
    ) -> Result<(), FriendError> {
        // Not before the deck in dealing order has come.
        let Some(round) = self.round.as_mut().filter(|r| r.is_dealt()) else {
            return Ok(());
        };
        let mut waiting = Vec::new();
        for (position, token) in tokens.drain(..) {
            match round.receive_token(position, &token, trust) {
                Ok(()) => {}
                Err(RoundError::NotYours(_)) => waiting.push((position, token)),
                Err(e) => return Err(e.into()),
            }
        }
        *tokens = waiting;
        Ok(())
    }

    pub(super) fn receive_item(
        &mut self,
        item: Item,
        trust: &mut Trust,
    ) -> Result<(), FriendError> {
        match item {
            Item::Accept { name } if self.seat == Seat::Host && self.start.is_none() => {
                self.names.black = name;
            }
            Item::Reveal {
                purpose: FIRST,
                value,
            } if self.start.is_none() => self.first_round(value, trust)?,
            Item::MaskedFirst(bytes) => {
                let start = self.start.ok_or(FriendError::Unexpected)?;
                let deal = self.next_deal().ok_or(FriendError::Unexpected)?;
                if self.round.is_some() {
                    return Err(FriendError::Unexpected);
                }
                let (round, deck) =
                    RoundState::mask_second(start, self.side(), deal, &bytes, trust)?;
                self.keep_dealt(&deck);
                self.dealt += 1;
                self.out.push(Item::MaskedSecond(deck));
                self.commit_round_value();
                self.round = Some(round);
            }
            Item::MaskedSecond(bytes) => {
                self.round
                    .as_mut()
                    .ok_or(FriendError::Unexpected)?
                    .receive_masked(&bytes, trust)?;
            }
            Item::DeckKey(bytes)
                if self.seat == Seat::Host && self.start.is_none() && self.keys.is_none() =>
            {
                let key = self.deck_key.clone();
                self.keys = Some(key.with(&bytes).map_err(RoundError::Proof)?);
            }
            Item::Commit {
                purpose: NEXT,
                digest,
            } if self.keys.is_some() && self.their_next.is_none() => {
                self.their_next = Some(Commitment(digest));
            }
            Item::Reveal {
                purpose: NEXT,
                value,
            } if self.their_value.is_none() && self.round.is_some() => {
                let promised = self.their_next.ok_or(FriendError::Unexpected)?;
                if !promised.opens_to(TAG_NEXT, &value) {
                    return Err(FriendError::Commitment);
                }
                self.their_value = Some(value);
                if self.resigned != Some(self.side().opponent()) {
                    self.audit(trust)?;
                }
            }
            Item::Action(bytes) => self.take_action(&bytes, Vec::new(), trust)?,
            Item::Shown(values) => {
                let hand = Hand::from_cards(values.iter().filter_map(|&v| Card::new(v)));
                self.round
                    .as_mut()
                    .ok_or(FriendError::Unexpected)?
                    .receive_shown(hand)?;
            }
            Item::Resign if self.resigned.is_none() => {
                self.resigned = Some(self.side().opponent());
                if let Some(round) = self.round.as_mut() {
                    round.give_up();
                }
            }
            // The friend's key, in the acceptance (checked in `receive`).
            Item::Key(k)
                if self.seat == Seat::Host && self.start.is_none() && self.their_key.is_none() =>
            {
                self.their_key = Some(k);
            }
            Item::Signature(_) => {}
            _ => return Err(FriendError::Unexpected),
        }
        Ok(())
    }

    /// The friend's action (`bytes` as the share link encodes it), with the
    /// tokens of the cards it plays (`played`).
    pub(super) fn take_action(
        &mut self,
        bytes: &[u8],
        played: Vec<(usize, Vec<u8>)>,
        trust: &Trust,
    ) -> Result<(), FriendError> {
        let record = link::read_action(bytes).map_err(|_| FriendError::Unexpected)?;
        let (_, action) = parse::action(&record).map_err(|_| FriendError::Unexpected)?;
        let me = self.side();
        let round = self.round.as_mut().ok_or(FriendError::Unexpected)?;
        match action {
            // The other side's pick, when it starts: no card.
            Action::Choose(special) if round.start().starter() != me && played.is_empty() => {
                self.choose(special)
            }
            Action::Choose(_) => Err(FriendError::Unexpected),
            _ => Ok(round.receive_action(action, &played, trust)?),
        }
    }

    /// Round 1's chance, from both values: the round's start, and the host
    /// shuffles first.
    pub(super) fn first_round(
        &mut self,
        theirs: [u8; 32],
        trust: &mut Trust,
    ) -> Result<(), FriendError> {
        let (host, guest) = match self.seat {
            Seat::Host => (self.value, theirs),
            Seat::Guest => {
                let commit = self.their_commit.ok_or(FriendError::Unexpected)?;
                if !commit.opens_to(TAG_FIRST, &theirs) {
                    return Err(FriendError::Commitment);
                }
                (theirs, self.value)
            }
        };
        // An acceptance without the friend's deck key is from an older page.
        if self.keys.is_none() {
            return Err(FriendError::OlderVersion);
        }
        let start = start_from(self.rules, None, joint(TAG_FIRST, &host, &guest))?;
        self.start = Some(start);
        if self.seat == Seat::Host {
            self.out.push(Item::Reveal {
                purpose: FIRST,
                value: self.value,
            });
            self.deal_first(start, trust)?;
        }
        Ok(())
    }

    /// This seat shuffles first for the round that starts as `start`: its
    /// deck, with its argument and its round value's commitment, goes with
    /// the next message.
    pub(super) fn deal_first(
        &mut self,
        start: PublicState,
        trust: &mut Trust,
    ) -> Result<(), FriendError> {
        let deal = self.next_deal().ok_or(FriendError::Unexpected)?;
        let (round, deck) = RoundState::mask_first(start, self.side(), deal, trust)?;
        self.keep_dealt(&deck);
        self.dealt += 1;
        self.out.push(Item::MaskedFirst(deck));
        self.commit_round_value();
        self.round = Some(round);
        Ok(())
    }

    /// What the next round is dealt under (none before both deck keys are
    /// known).
    fn next_deal(&self) -> Option<Deal<'_>> {
        Some(Deal {
            keys: self.keys.as_ref()?,
            context: Context::new(self.chain.game, self.dealt + 1),
            answering: &self.answering,
        })
    }

    /// This seat's commitment to its value for the round just dealt.
    pub(super) fn commit_round_value(&mut self) {
        let value = round_value(&self.journal.seed, self.chain.game, self.dealt);
        self.out.push(Item::Commit {
            purpose: NEXT,
            digest: Commitment::to(TAG_NEXT, &value).0,
        });
    }

    /// The round is over and both hands and round values are known: its
    /// audit, then the round added to the match as the engine replays it,
    /// and the next round's start from both values.
    pub(super) fn audit(&mut self, trust: &mut Trust) -> Result<(), FriendError> {
        let (seed, game, dealt) = (self.journal.seed, self.chain.game, self.dealt);
        let hand_sent = self.hand_sent;
        let round = self.round.as_mut().ok_or(FriendError::Unexpected)?;
        let theirs = self.their_value.ok_or(FriendError::Unexpected)?;
        let setup = round.audit().map_err(unshown)?;
        let replay_error = FriendError::Audit(RoundError::NotOver);
        let mut played = match self.played.take() {
            None => Match::from_setup(&setup).map_err(|_| replay_error)?,
            Some(mut m) => {
                m.start_round(&setup).map_err(|_| replay_error)?;
                m
            }
        };
        for &(_, action) in round.actions() {
            played.play(action).map_err(|_| replay_error)?;
        }
        if !played.round().is_over() {
            return Err(replay_error);
        }
        // What this seat owes if the other's came first: its hand, then its
        // round value.
        let mut owed: Vec<Item> = Vec::new();
        if !hand_sent {
            let hand = round.hand_due(trust).map_err(FriendError::Audit)?;
            owed.extend(hand.into_iter().map(token_item));
        }
        let mine = round_value(&seed, game, dealt);
        owed.push(Item::Reveal {
            purpose: NEXT,
            value: mine,
        });
        let (white, black) = match self.seat {
            Seat::Host => (mine, theirs),
            Seat::Guest => (theirs, mine),
        };
        self.start = if played.is_over() {
            None
        } else {
            let seed = joint(TAG_NEXT, &white, &black);
            Some(start_from(self.rules, Some(&played), seed)?)
        };
        self.played = Some(played);
        self.round = None;
        self.their_value = None;
        self.their_next = None;
        self.shown_sent = false;
        if !std::mem::replace(&mut self.hand_sent, false) {
            // The other's came first: this seat's goes now, so that the
            // other can audit, with the next round's first shuffle.
            self.out.extend(owed);
            if let Some(start) = self.start {
                self.deal_first(start, trust)?;
            }
        }
        Ok(())
    }

    /// The friend resigned: with a round dealt, its hand came too, and the
    /// round so far is audited (the actions with the cards really held).
    ///
    /// # Errors
    /// [`FriendError::Unexpected`] if the hand is missing;
    /// [`FriendError::Audit`] if the round does not check out.
    pub(super) fn audit_resigned(&self) -> Result<(), FriendError> {
        let Some(round) = self.round.as_ref().filter(|r| r.is_dealt()) else {
            return Ok(());
        };
        let setup = round.audit().map_err(unshown)?;
        replays(&setup, round.actions())
    }
}

/// An audit's error: a hand not shown (its tokens left out of the message
/// that ends the round or resigns) is refused; what was shown and is false
/// is a cheat.
pub(super) fn unshown(e: RoundError) -> FriendError {
    match e {
        RoundError::Unopened => FriendError::Unexpected,
        e => FriendError::Audit(e),
    }
}

/// The chance in order: a deck comes with
/// its sender's commitment to its next value, a commitment only with a
/// deck, and a hand shown at the round's end with its value revealed.
///
/// # Errors
/// [`FriendError::Chance`] when not.
pub(super) fn chance_in_order(items: &[Item]) -> Result<(), FriendError> {
    let count = |f: fn(&Item) -> bool| items.iter().filter(|i| f(i)).count();
    let decks = count(|i| matches!(i, Item::MaskedFirst(_) | Item::MaskedSecond(_)));
    let commits = count(|i| matches!(i, Item::Commit { purpose: NEXT, .. }));
    let shown = count(|i| matches!(i, Item::Shown(_)));
    let reveals = count(|i| matches!(i, Item::Reveal { purpose: NEXT, .. }));
    if decks != commits || (shown > 0 && reveals == 0) {
        return Err(FriendError::Chance);
    }
    Ok(())
}

/// Whether `actions` replay on the round dealt as `setup` (a resigned
/// round's audit).
///
/// # Errors
/// [`FriendError::Audit`] when they do not.
pub(super) fn replays(
    setup: &crate::engine::RoundSetup,
    actions: &[(Side, Action)],
) -> Result<(), FriendError> {
    let false_action = FriendError::Audit(RoundError::NotOver);
    let mut replay = crate::engine::Round::set_up(setup).map_err(|_| false_action)?;
    for &(_, action) in actions {
        replay.play(action).map_err(|_| false_action)?;
    }
    Ok(())
}
