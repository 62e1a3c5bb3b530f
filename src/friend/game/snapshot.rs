//! A seat's state at one step of its journal, kept beside the journal: the
//! match rebuilt from it replays only the steps since, so opening a link
//! costs the same late in a match as early. A snapshot is this page's own,
//! as its journal is: read only to rebuild, never from a friend or a
//! backup, and set aside when it does not fit its journal. It is kept as
//! text ([`Snapshot::to_text`]): compact bytes (postcard) in base64.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::errors::{Cheat, FriendError};
use super::journal::Journal;
use super::state::FriendMatch;
use crate::engine::{Action, BySide, Match, PublicState, RoundSetup, Side};
use crate::friend::commit::Commitment;
use crate::friend::masked::Trust;
use crate::friend::round::{KeptRound, RoundState};

/// A seat's state after the first `steps` steps of its journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// How many of the journal's steps it stands after.
    steps: usize,
    /// The digest of the journal up to there ([`digest`]): a snapshot of
    /// another journal does not fit.
    journal: [u8; 32],
    state: Box<State>,
}

impl Snapshot {
    /// How many of its journal's steps it stands after.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The snapshot as the page keeps it: [`FORMAT`], then its bytes.
    pub fn to_text(&self) -> String {
        let mut bytes = vec![FORMAT];
        bytes.extend(postcard::to_allocvec(self).unwrap_or_default());
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// A snapshot kept as text ([`Snapshot::to_text`]) in this [`FORMAT`].
    ///
    /// # Errors
    /// [`FriendError::Kept`] for text that is no snapshot, or one of
    /// another format (kept by another version of the page).
    pub fn from_text(text: &str) -> Result<Snapshot, FriendError> {
        let bytes = URL_SAFE_NO_PAD
            .decode(text)
            .map_err(|_| FriendError::Kept)?;
        match bytes.split_first() {
            Some((&FORMAT, rest)) => postcard::from_bytes(rest).map_err(|_| FriendError::Kept),
            _ => Err(FriendError::Kept),
        }
    }
}

/// The layout of a snapshot's bytes: a page of another layout sets its
/// snapshots aside (one whole rebuild each). Changed with any type a
/// snapshot holds; `tests/snapshot.rs` reads one kept in
/// `tests/data/friend_snapshot.json` and fails until this is.
const FORMAT: u8 = 2;

/// An audited round: its setup and its actions.
type AuditedRound = (RoundSetup, Vec<(Side, Action)>);

/// What changes along a match (the rest comes from how it began).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    names: BySide<String>,
    last_sent: u32,
    last_digest: [u8; 16],
    next_number: u32,
    sends_next: bool,
    answering: [u8; 16],
    their_key: Option<[u8; 32]>,
    their_deck_key: Option<Vec<u8>>,
    dealt: u16,
    their_next: Option<[u8; 32]>,
    value: [u8; 32],
    their_commit: Option<[u8; 32]>,
    /// The audited rounds: each one's setup and actions.
    played: Option<Vec<AuditedRound>>,
    start: Option<PublicState>,
    round: Option<KeptRound>,
    hand_sent: bool,
    their_value: Option<[u8; 32]>,
    shown_sent: bool,
    resigned: Option<Side>,
    void: Option<Cheat>,
    abandoned: bool,
    last_code: String,
}

/// The digest of `journal` as it stood after its first `steps` steps: its
/// seed, how it began, how many steps and the last of them. A journal kept
/// under a match's id only grows (every save goes on from the steps kept,
/// another tab's and a backup's too: `store::save`, `backup::backup_plan`),
/// so its length and last step say which it is without reading it all.
fn digest(journal: &Journal, steps: usize) -> Option<[u8; 32]> {
    if steps > journal.steps.len() {
        return None;
    }
    let last = steps.checked_sub(1).and_then(|i| journal.steps.get(i));
    let mut h = Sha256::new();
    h.update(journal.seed);
    h.update(serde_json::to_vec(&(&journal.secrets, &journal.begun, steps, last)).ok()?);
    Some(h.finalize().into())
}

impl FriendMatch {
    /// This seat's state as it stands, to keep beside its journal; `None`
    /// with something owed that has not gone yet.
    pub fn snapshot(&self) -> Option<Snapshot> {
        if !self.out.is_empty() {
            return None;
        }
        let round = self.round.as_ref().map(RoundState::kept);
        let played = self.played.as_ref().map(|m| {
            m.rounds()
                .iter()
                .map(|r| (r.setup.clone(), r.actions.clone()))
                .collect()
        });
        let steps = self.journal.steps.len();
        Some(Snapshot {
            steps,
            journal: digest(&self.journal, steps)?,
            state: Box::new(State {
                names: self.names.clone(),
                last_sent: self.chain.last_sent,
                last_digest: self.chain.last_digest,
                next_number: self.next_number,
                sends_next: self.sends_next,
                answering: self.answering,
                their_key: self.their_key,
                their_deck_key: self.keys.as_ref().map(|k| k.their_announcement().to_vec()),
                dealt: self.dealt,
                their_next: self.their_next.map(|c| c.0),
                value: self.value,
                their_commit: self.their_commit.map(|c| c.0),
                played,
                start: self.start,
                round,
                hand_sent: self.hand_sent,
                their_value: self.their_value,
                shown_sent: self.shown_sent,
                resigned: self.resigned,
                void: self.void,
                abandoned: self.abandoned,
                last_code: self.last_code.clone(),
            }),
        })
    }

    /// The state `journal` keeps, rebuilt from `snapshot` and the steps
    /// since when it fits the journal, else step by step from the start
    /// ([`FriendMatch::restore`]).
    ///
    /// # Errors
    /// As [`FriendMatch::restore`].
    pub fn restore_from(
        journal: &Journal,
        snapshot: Option<&Snapshot>,
    ) -> Result<FriendMatch, FriendError> {
        if let Some(m) = snapshot.and_then(|s| FriendMatch::from_snapshot(journal, s).ok()) {
            return Ok(m);
        }
        FriendMatch::restore(journal)
    }

    /// The seat as `snapshot` keeps it, then the journal's steps since.
    ///
    /// # Errors
    /// [`FriendError::Kept`] when the snapshot does not fit `journal` (of
    /// another journal, or of more steps than it has) or a step since does
    /// not replay; as [`FriendMatch::restore`] for how the match began.
    pub fn from_snapshot(
        journal: &Journal,
        snapshot: &Snapshot,
    ) -> Result<FriendMatch, FriendError> {
        let fits = journal.secrets.is_current()
            && digest(journal, snapshot.steps).is_some_and(|d| d == snapshot.journal);
        if !fits {
            return Err(FriendError::Kept);
        }
        let s = (*snapshot.state).clone();
        let mut m = FriendMatch::begun(journal)?;
        m.journal.steps = journal.steps[..snapshot.steps].to_vec();
        if let Some(bytes) = &s.their_deck_key {
            let taken = m.keys.as_ref().map(|k| k.their_announcement() == bytes);
            match taken {
                Some(true) => {}
                Some(false) => return Err(FriendError::Kept),
                None => {
                    let key = m.deck_key.clone();
                    m.keys = Some(key.with(bytes).map_err(|_| FriendError::Kept)?);
                }
            }
        }
        m.round = match s.round {
            None => None,
            Some(kept) => {
                let keys = m.keys.as_ref().ok_or(FriendError::Kept)?;
                let Trust::Journal(rebuild) = Trust::journal() else {
                    return Err(FriendError::Kept);
                };
                Some(RoundState::from_kept(kept, keys, &rebuild).map_err(|_| FriendError::Kept)?)
            }
        };
        m.played = match s.played {
            None => None,
            Some(rounds) => Some(played_from(&rounds)?),
        };
        m.names = s.names;
        m.chain.last_sent = s.last_sent;
        m.chain.last_digest = s.last_digest;
        m.next_number = s.next_number;
        m.sends_next = s.sends_next;
        m.answering = s.answering;
        m.their_key = s.their_key;
        m.dealt = s.dealt;
        m.their_next = s.their_next.map(Commitment);
        m.value = s.value;
        m.their_commit = s.their_commit.map(Commitment);
        m.start = s.start;
        m.hand_sent = s.hand_sent;
        m.their_value = s.their_value;
        m.shown_sent = s.shown_sent;
        m.resigned = s.resigned;
        m.void = s.void;
        m.abandoned = s.abandoned;
        m.last_code = s.last_code;
        m.replay(&journal.steps[snapshot.steps..])?;
        Ok(m)
    }
}

/// The audited rounds as the engine replays them, each from its setup as
/// the audit added it.
fn played_from(rounds: &[AuditedRound]) -> Result<Match, FriendError> {
    let mut played: Option<Match> = None;
    for (setup, actions) in rounds {
        let mut m = match played {
            None => Match::from_setup(setup).map_err(|_| FriendError::Kept)?,
            Some(mut m) => {
                m.start_round(setup).map_err(|_| FriendError::Kept)?;
                m
            }
        };
        for &(_, action) in actions {
            m.play(action).map_err(|_| FriendError::Kept)?;
        }
        played = Some(m);
    }
    played.ok_or(FriendError::Kept)
}
