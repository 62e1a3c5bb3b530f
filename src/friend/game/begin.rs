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
use crate::friend::wire::{self, Chain, Header, Item, MatchId, Message, Seat, WireError};
use crate::record::format::RulesSpec;
use crate::record::{parse, write};

/// An invitation's parts: the rules, the host's name, commitment, header,
/// signing key (none from pages before signed messages) and deck key (none from
/// pages before the proven deck).
pub(super) struct Invitation {
    rules: Rules,
    host: String,
    commit: Commitment,
    header: Header,
    key: Option<[u8; 32]>,
    deck_key: Option<Vec<u8>>,
}

/// An invitation's parts, read as the construction `secrets` writes it.
///
/// # Errors
/// [`FriendError::OlderVersion`] for an invitation of an older
/// construction than `secrets` (the retired layout, or without the proven
/// deck's key or a signing key).
pub(super) fn read_invitation(code: &str, secrets: Secrets) -> Result<Invitation, FriendError> {
    let message = Message::decode(code)?;
    if message.version != secrets.layout() {
        return Err(if message.version < secrets.layout() {
            FriendError::OlderVersion
        } else {
            FriendError::Wire(WireError::Version(message.version))
        });
    }
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
    // One construction: an invitation without either key is from a page
    // before it.
    if secrets.is_current() && (deck_key.is_none() || key.is_none()) {
        return Err(FriendError::OlderVersion);
    }
    // An invitation with a key is signed by it.
    if key.is_some_and(|k| !signed_by(&message, &k)) {
        return Err(FriendError::Signature);
    }
    // The proven deck needs signed messages.
    if deck_key.is_some() && key.is_none() {
        return Err(FriendError::Unexpected);
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
    Ok(Message::decode(code)?.header.game)
}

impl FriendMatch {
    /// A seat's state before its first message: its randomness (generator
    /// and round 1's value), the host's commitment (guest).
    pub(super) fn new(
        seat: Seat,
        rules: Rules,
        names: BySide<String>,
        game: MatchId,
        (rng, value): (SecretRng, [u8; 32]),
        their_commit: Option<Commitment>,
        journal: Journal,
    ) -> FriendMatch {
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
            rng,
            answering: [0; 16],
            signing: None,
            their_key: None,
            deck_key: None,
            keys: None,
            dealt: 0,
            their_next: None,
            value,
            their_commit,
            played: None,
            start: None,
            round: None,
            lock_sent: false,
            their_lock: None,
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
        let host = FriendMatch::invited(rules, name, rng.random(), Secrets::ProvenCards);
        let code = host.last_code.clone();
        (host, code)
    }

    pub(super) fn invited(
        rules: Rules,
        name: &str,
        seed: [u8; 32],
        secrets: Secrets,
    ) -> FriendMatch {
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
            secrets,
            begun: Begun::Invited {
                rules: spec,
                name: name.to_string(),
            },
            steps: Vec::new(),
        };
        let mut host =
            FriendMatch::new(Seat::Host, rules, names, game, (own, value), None, journal);
        host.out = out;
        if secrets != Secrets::Stream {
            let key = signing_key(&seed);
            host.out.push(Item::Key(key.verifying_key().to_bytes()));
            host.signing = Some(key);
        }
        if secrets.proven() {
            let key = DeckKey::of(&seed, game, true);
            host.out.push(Item::DeckKey(key.announcement()));
            host.deck_key = Some(key);
        }
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
        let guest = FriendMatch::accepted(code, name, rng.random(), Secrets::ProvenCards)?;
        let answer = guest.last_code.clone();
        Ok((guest, answer))
    }

    /// What an invitation `code` offers: the rules and who invites.
    ///
    /// # Errors
    /// A code that is not an invitation; [`FriendError::OlderVersion`] for
    /// one from a page of an older construction.
    pub fn read_invitation(code: &str) -> Result<(Rules, String), FriendError> {
        let i = read_invitation(code, Secrets::ProvenCards)?;
        Ok((i.rules, i.host))
    }

    pub(super) fn accepted(
        code: &str,
        name: &str,
        seed: [u8; 32],
        secrets: Secrets,
    ) -> Result<FriendMatch, FriendError> {
        let Invitation {
            rules,
            host,
            commit,
            header: h,
            key: their_key,
            deck_key: their_deck_key,
        } = read_invitation(code, secrets)?;
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
            secrets,
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
            (own, value),
            Some(commit),
            journal,
        );
        guest.out = out;
        // Signed when the invitation is (a page that signs).
        if their_key.is_some() {
            let key = signing_key(&seed);
            guest
                .out
                .insert(1, Item::Key(key.verifying_key().to_bytes()));
            guest.signing = Some(key);
            guest.their_key = their_key;
        }
        if let (true, Some(theirs)) = (secrets.proven(), their_deck_key) {
            let key = DeckKey::of(&seed, h.game, false);
            guest.out.insert(2, Item::DeckKey(key.announcement()));
            let keys = key.with(&theirs).map_err(RoundError::Proof)?;
            guest.keys = Some(keys);
        }
        guest.next_number = 1;
        guest.chain.last_digest = wire::digest(code);
        guest.send();
        guest.journal.steps.clear();
        Ok(guest)
    }
}
