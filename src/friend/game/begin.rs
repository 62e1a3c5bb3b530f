//! The invitation and its acceptance: a seat's state before its first
//! message.

use rand::{Rng, SeedableRng};

use super::errors::FriendError;
use super::journal::{Begun, Journal};
use super::secrets::{signed_by, signing_key, SecretRng, Secrets, FIRST, TAG_FIRST};
use super::state::FriendMatch;
use crate::engine::{BySide, Rules};
use crate::friend::commit::Commitment;
use crate::friend::masked::DeckKey;
use crate::friend::round::RoundError;
use crate::friend::wire::{self, Chain, Header, Item, MatchId, Message, Seat};
use crate::record::format::RulesSpec;
use crate::record::{parse, write};

/// An invitation's parts: the rules, the host's name, commitment, header,
/// signing key and deck key.
pub(super) struct Invitation {
    rules: Rules,
    host: String,
    commit: Commitment,
    header: Header,
    key: [u8; 32],
    deck_key: Vec<u8>,
}

/// An invitation's parts.
///
/// # Errors
/// [`FriendError::OlderVersion`] for an invitation of an older
/// construction (the retired layout, or without the deck key or the
/// signing key); [`FriendError::Signature`] for one not signed by its key.
pub(super) fn read_invitation(code: &str) -> Result<Invitation, FriendError> {
    let message = Message::decode(code)?;
    let h = message.header;
    if h.number != 0 || h.from != Seat::Host {
        return Err(FriendError::Unexpected);
    }
    let (mut rules, mut host, mut commit, mut key) = (None, None, None, None);
    let mut deck_key = None;
    for item in &message.items {
        match item {
            Item::Invite { rules: r, name } => {
                let spec: RulesSpec = serde_json::from_str(r).map_err(|_| FriendError::Rules)?;
                rules = Some(parse::rules(Some(&spec)).map_err(|_| FriendError::Rules)?);
                host = Some(name.clone());
            }
            Item::Commit {
                purpose: FIRST,
                digest,
            } => commit = Some(Commitment(*digest)),
            Item::Key(k) => key = Some(*k),
            Item::DeckKey(k) => deck_key = Some(k.clone()),
            Item::Signature(_) => {}
            _ => return Err(FriendError::Unexpected),
        }
    }
    let (Some(key), Some(deck_key)) = (key, deck_key) else {
        return Err(FriendError::OlderVersion);
    };
    if !signed_by(&message, &key) {
        return Err(FriendError::Signature);
    }
    match (rules, host, commit) {
        (Some(rules), Some(host), Some(commit)) => Ok(Invitation {
            rules,
            host,
            commit,
            header: h,
            key,
            deck_key,
        }),
        _ => Err(FriendError::Unexpected),
    }
}

/// The id of the match a message `code` belongs to.
///
/// # Errors
/// A code that is no message.
pub fn match_of(code: &str) -> Result<MatchId, FriendError> {
    Ok(wire::header(code)?.game)
}

impl Journal {
    /// The match's id as its beginning gives it (the host's seed, or the
    /// invitation accepted), nothing replayed: of any construction.
    ///
    /// # Errors
    /// An accepted invitation that is no message.
    pub fn match_id(&self) -> Result<MatchId, FriendError> {
        match &self.begun {
            Begun::Invited { .. } => Ok(MatchId(SecretRng::from_seed(self.seed).random())),
            Begun::Accepted { code, .. } => match_of(code),
        }
    }
}

impl FriendMatch {
    /// A seat's state before its first message: round 1's value, the
    /// host's commitment (guest).
    pub(super) fn new(
        seat: Seat,
        rules: Rules,
        names: BySide<String>,
        game: MatchId,
        value: [u8; 32],
        their_commit: Option<Commitment>,
        journal: Journal,
    ) -> FriendMatch {
        let host = seat == Seat::Host;
        FriendMatch {
            seat,
            rules,
            names,
            chain: Chain {
                game,
                seat,
                last_sent: 0,
                last_digest: [0; 16],
            },
            next_number: 0,
            sends_next: true,
            answering: [0; 16],
            signing: signing_key(&journal.seed),
            their_key: None,
            deck_key: DeckKey::of(&journal.seed, game, host),
            keys: None,
            dealt: 0,
            their_next: None,
            value,
            their_commit,
            played: None,
            start: None,
            round: None,
            hand_sent: false,
            their_value: None,
            shown_sent: false,
            resigned: None,
            void: None,
            abandoned: false,
            out: Vec::new(),
            last_code: String::new(),
            journal,
        }
    }

    /// A match offered to a friend: the host's state and the invitation.
    /// Its secrets come from 32 bytes of `rng` (the page's: the platform's
    /// cryptographic source).
    pub fn invite<R: Rng + ?Sized>(rules: Rules, name: &str, rng: &mut R) -> (FriendMatch, String) {
        let host = FriendMatch::invited(rules, name, rng.random());
        let code = host.last_code.clone();
        (host, code)
    }

    pub(super) fn invited(rules: Rules, name: &str, seed: [u8; 32]) -> FriendMatch {
        let mut own = SecretRng::from_seed(seed);
        let game = MatchId(own.random());
        let value: [u8; 32] = own.random();
        let spec = write::rules(rules);
        let rules_text = serde_json::to_string(&spec).unwrap_or_default();
        let out = vec![
            Item::Invite {
                rules: rules_text,
                name: name.to_string(),
            },
            Item::Commit {
                purpose: FIRST,
                digest: Commitment::to(TAG_FIRST, &value).0,
            },
        ];
        let names = BySide::new(name.to_string(), String::new());
        let journal = Journal {
            seed,
            secrets: Secrets::ProvenCards,
            begun: Begun::Invited {
                rules: spec,
                name: name.to_string(),
            },
            steps: Vec::new(),
        };
        let mut host = FriendMatch::new(Seat::Host, rules, names, game, value, None, journal);
        host.out = out;
        host.out
            .push(Item::Key(host.signing.verifying_key().to_bytes()));
        host.out.push(Item::DeckKey(host.deck_key.announcement()));
        host.send();
        host.journal.steps.clear();
        host
    }

    /// The friend accepts the invitation `code`: the guest's state and the
    /// answer.
    ///
    /// # Errors
    /// A code that is not an invitation.
    pub fn accept<R: Rng + ?Sized>(
        code: &str,
        name: &str,
        rng: &mut R,
    ) -> Result<(FriendMatch, String), FriendError> {
        let guest = FriendMatch::accepted(code, name, rng.random())?;
        let answer = guest.last_code.clone();
        Ok((guest, answer))
    }

    /// What an invitation `code` offers: the rules and who invites.
    ///
    /// # Errors
    /// A code that is not an invitation; [`FriendError::OlderVersion`] for
    /// one from a page of an older construction.
    pub fn read_invitation(code: &str) -> Result<(Rules, String), FriendError> {
        let i = read_invitation(code)?;
        Ok((i.rules, i.host))
    }

    pub(super) fn accepted(
        code: &str,
        name: &str,
        seed: [u8; 32],
    ) -> Result<FriendMatch, FriendError> {
        let Invitation {
            rules,
            host,
            commit,
            header: h,
            key: their_key,
            deck_key: their_deck_key,
        } = read_invitation(code)?;
        let mut own = SecretRng::from_seed(seed);
        let value: [u8; 32] = own.random();
        let out = vec![
            Item::Accept {
                name: name.to_string(),
            },
            Item::Reveal {
                purpose: FIRST,
                value,
            },
        ];
        let names = BySide::new(host, name.to_string());
        let journal = Journal {
            seed,
            secrets: Secrets::ProvenCards,
            begun: Begun::Accepted {
                code: code.to_string(),
                name: name.to_string(),
            },
            steps: Vec::new(),
        };
        let mut guest = FriendMatch::new(
            Seat::Guest,
            rules,
            names,
            h.game,
            value,
            Some(commit),
            journal,
        );
        guest.out = out;
        guest
            .out
            .insert(1, Item::Key(guest.signing.verifying_key().to_bytes()));
        guest.their_key = Some(their_key);
        guest
            .out
            .insert(2, Item::DeckKey(guest.deck_key.announcement()));
        let keys = guest
            .deck_key
            .clone()
            .with(&their_deck_key)
            .map_err(RoundError::Proof)?;
        guest.keys = Some(keys);
        guest.next_number = 1;
        guest.chain.last_digest = wire::digest(code);
        guest.send();
        guest.journal.steps.clear();
        Ok(guest)
    }
}
