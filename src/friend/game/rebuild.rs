//! A seat's match rebuilt from its journal: what it carries was checked
//! when it arrived. A journal of a retired construction is refused unread.

use base64::Engine as _;

use super::errors::FriendError;
use super::journal::{Begun, Journal, JournalEntry};
use super::snapshot::Snapshot;
use super::state::FriendMatch;
use crate::friend::masked::Trust;
use crate::friend::wire::Message;
use crate::record::parse;

impl FriendMatch {
    /// The state `journal` keeps, rebuilt step by step (what it carries was
    /// checked when it came).
    ///
    /// # Errors
    /// [`FriendError::Retired`] for a match of a retired construction
    /// (its steps are not read); [`FriendError::Kept`] when a step does not
    /// replay.
    pub fn restore(journal: &Journal) -> Result<FriendMatch, FriendError> {
        if !journal.secrets.is_current() {
            return Err(FriendError::Retired);
        }
        let mut m = FriendMatch::begun(journal)?;
        m.replay(&journal.steps)?;
        Ok(m)
    }

    /// The state `journal` keeps, rebuilt with every proof checked as if
    /// each message came now (a backup file, which this page did not
    /// keep).
    ///
    /// # Errors
    /// As [`FriendMatch::restore`].
    pub fn restore_checked(journal: &Journal) -> Result<FriendMatch, FriendError> {
        if !journal.secrets.is_current() {
            return Err(FriendError::Retired);
        }
        let mut m = FriendMatch::begun(journal)?;
        for step in &journal.steps {
            m.replay_step(step, &mut Trust::Now)?;
        }
        Ok(m)
    }

    /// The seat as its journal began, before any step.
    pub(super) fn begun(journal: &Journal) -> Result<FriendMatch, FriendError> {
        Ok(match &journal.begun {
            Begun::Invited { rules, name } => {
                let rules = parse::rules(Some(rules)).map_err(|_| FriendError::Kept)?;
                FriendMatch::invited(rules, name, journal.seed)
            }
            Begun::Accepted { code, name } => {
                FriendMatch::accepted(code, name, journal.seed).map_err(|_| FriendError::Kept)?
            }
        })
    }

    /// Takes in `steps` that a copy of this seat made from its journal as
    /// it stands (the proofs' worker), with that copy's state after them
    /// (`after`), if it gave one: the seat becomes what `after` keeps,
    /// nothing decoded or computed again. Without it, or with one that
    /// does not fit the journal the steps make, the steps are replayed:
    /// what they carry was checked there, and the decks made there are
    /// taken back; only evidence of a cheat is read again, every proof
    /// checked.
    ///
    /// # Errors
    /// [`FriendError::Kept`] when a step does not replay: nothing changed.
    pub fn replay_steps(
        &mut self,
        steps: &[JournalEntry],
        after: Option<&Snapshot>,
    ) -> Result<(), FriendError> {
        if let Some(after) = after.filter(|a| a.steps() == self.journal.steps.len() + steps.len()) {
            let mut journal = self.journal.clone();
            journal.steps.extend_from_slice(steps);
            if let Ok(taken) = FriendMatch::from_snapshot(&journal, after) {
                *self = taken;
                return Ok(());
            }
        }
        let mut next = self.clone();
        next.replay(steps)?;
        *self = next;
        Ok(())
    }

    /// The journal's `steps`, taken in turn: what they carry was checked
    /// when it came ([`Trust::Journal`]).
    pub(super) fn replay(&mut self, steps: &[JournalEntry]) -> Result<(), FriendError> {
        let m = self;
        let mut trust = Trust::journal();
        // The messages sent before the last one are never read again: the
        // tokens made for them are left unmade, and the friend's answer to
        // such a message says its digest.
        let sent = |(i, s): (usize, &JournalEntry)| matches!(s, JournalEntry::Sent).then_some(i);
        let unread_until = steps.iter().enumerate().filter_map(sent).rev().nth(1);
        let mut digest_unknown = false;
        let mut unmade = trust.unmade();
        for (i, step) in steps.iter().enumerate() {
            if let JournalEntry::Received(code) | JournalEntry::Void(code) = step {
                if std::mem::take(&mut digest_unknown) {
                    let answers = Message::decode(code).map_err(|_| FriendError::Kept)?;
                    m.chain.last_digest = answers.header.answers;
                }
            }
            let unread = unread_until.is_some_and(|u| i <= u);
            trust.set_unread(unread);
            m.replay_step(step, &mut trust)?;
            if unread && matches!(step, JournalEntry::Sent) {
                let now = trust.unmade();
                digest_unknown = now != unmade;
                unmade = now;
            }
        }
        Ok(())
    }

    /// One step of the journal taken in again.
    ///
    /// # Errors
    /// [`FriendError::Kept`] when it does not replay.
    pub(super) fn replay_step(
        &mut self,
        step: &JournalEntry,
        trust: &mut Trust,
    ) -> Result<(), FriendError> {
        let m = self;
        let done = match step {
            JournalEntry::Received(code) => m.receive_with(code, trust),
            JournalEntry::Played(record) => parse::action(record)
                .map_err(|_| FriendError::Kept)
                .and_then(|(_, a)| m.play_with(a, trust)),
            JournalEntry::Sent => {
                m.send_with(trust);
                Ok(())
            }
            // Only a retired construction's journal holds it.
            JournalEntry::Resigned => Err(FriendError::Kept),
            JournalEntry::ResignedRevealed => {
                m.resign_with(trust);
                Ok(())
            }
            JournalEntry::Abandoned => m.abandon(),
            // Evidence is read as it came, every proof checked.
            JournalEntry::Void(code) => match m.receive_with(code, &mut Trust::Now) {
                Err(FriendError::Void(_)) => Ok(()),
                _ => Err(FriendError::Kept),
            },
            JournalEntry::Dealt(text) => {
                let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
                    .decode(text)
                    .map_err(|_| FriendError::Kept)?;
                trust.made_before(bytes);
                Ok(())
            }
        };
        done.map_err(|_| FriendError::Kept)
    }

    /// Keeps a deck this seat made, so that the match rebuilt takes it back.
    pub(super) fn keep_dealt(&mut self, deck: &[u8]) {
        let text = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deck);
        self.journal.steps.push(JournalEntry::Dealt(text));
    }
}
