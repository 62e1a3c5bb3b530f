//! A seat's secrets, all drawn from its seed, and the chance they decide.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::errors::FriendError;
use crate::engine::{Match, PublicState, Rules, Side};
use crate::friend::wire::{self, MatchId, Message};
use crate::GameRng;
use ed25519_dalek::{Signature, SigningKey, VerifyingKey};

/// A seat's secrets all come from one cryptographic generator, seeded once.
pub(super) type SecretRng = ChaCha20Rng;

/// The commitment's purpose and tag for round 1's chance.
pub(super) const FIRST: u8 = 0;
pub(super) const TAG_FIRST: &[u8] = b"engarde/friend first round";
/// The tag of a later round's chance, from the locks (or the values) of the
/// round before.
pub(super) const TAG_NEXT: &[u8] = b"engarde/friend next round";
/// The commitment's purpose for a round's value (proven deck): committed
/// with the seat's deck, revealed at the round's end.
pub(super) const NEXT: u8 = 1;

/// How a seat's locks and shuffles come from its seed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Secrets {
    /// One ChaCha20 stream from the seed, in the order they are needed:
    /// two copies of a seat answering two different messages use the same
    /// lock and shuffle (matches begun before signed messages).
    #[default]
    Stream,
    /// Each from HKDF-SHA-256 (RFC 5869) of the seed, with the digest of
    /// the message answered and what it is for: two copies of a seat that
    /// answer different messages never share a lock or a shuffle.
    PerMessage,
    /// The proven deck ([`super::masked`]): every shuffle and token is
    /// proven at its message, each secret derived from the seed, the
    /// message answered and the statement; the cards played waited for the
    /// round's end (retired).
    Proven,
    /// The proven deck with every card proven when it is played, the
    /// chance committed with each deck, every message signed (the layout
    /// [`wire::VERSION`]): the one construction new matches are dealt with.
    ProvenCards,
}

impl Secrets {
    /// Whether a match of this construction is played on (the others open
    /// read-only, [`Retired`]).
    pub fn is_current(self) -> bool {
        self == Secrets::ProvenCards
    }

    /// The layout its messages are written in.
    pub(super) fn layout(self) -> u8 {
        if self.is_current() {
            wire::VERSION
        } else {
            wire::RETIRED
        }
    }

    pub(super) fn proven(self) -> bool {
        matches!(self, Secrets::Proven | Secrets::ProvenCards)
    }
}

/// 32 bytes derived from the seat's `seed` (HKDF-SHA-256, RFC 5869) under
/// `salt`, for `info`.
pub(super) fn derived(salt: &[u8], seed: &[u8; 32], info: &[u8]) -> [u8; 32] {
    let kdf = hkdf::Hkdf::<sha2::Sha256>::new(Some(salt), seed);
    let mut out = [0u8; 32];
    // 32 bytes are always within HKDF-SHA-256's 8,160.
    let _ = kdf.expand(info, &mut out);
    out
}

/// The generator of a lock and a shuffle made in answer to the message of
/// digest `answering`, for `purpose` (which deck of the round).
pub(super) fn per_message(seed: &[u8; 32], answering: &[u8; 16], purpose: u8) -> SecretRng {
    let info = [&answering[..], &[purpose]].concat();
    SecretRng::from_seed(derived(b"engarde/friend/secrets/v1", seed, &info))
}

/// The seat's value for the chance of the round after round `round`
/// (proven deck), from its seed: committed with its deck, revealed at the
/// round's end.
pub(super) fn round_value(seed: &[u8; 32], game: MatchId, round: u16) -> [u8; 32] {
    let info = [&game.0[..], &round.to_be_bytes()].concat();
    derived(b"engarde/friend/round value/v1", seed, &info)
}

/// The seat's signing key, from its seed: the same after a reload.
pub(super) fn signing_key(seed: &[u8; 32]) -> SigningKey {
    SigningKey::from_bytes(&derived(b"engarde/friend/signing/v1", seed, b"ed25519"))
}

/// Whether `message` is signed by `key` (its last item, over the rest).
pub(super) fn signed_by(message: &Message, key: &[u8; 32]) -> bool {
    let (Ok(key), Some(sig)) = (VerifyingKey::from_bytes(key), message.signature()) else {
        return false;
    };
    key.verify_strict(&message.signed_bytes(), &Signature::from_bytes(&sig))
        .is_ok()
}

/// What a per-message secret is for.
pub(super) const FIRST_DECK: u8 = 1;
pub(super) const SECOND_DECK: u8 = 2;
/// Which of several cards of one value an action plays.
pub(super) const PLAYED: u8 = 3;

/// The round's public start drawn from `seed`: the match so far (`played`,
/// or none yet) goes on to its next round as the engine deals it; its cards
/// are the generator's and unused, its starter and special card are the
/// rules' and the shared chance's.
pub(super) fn start_from(
    rules: Rules,
    played: Option<&Match>,
    seed: [u8; 32],
) -> Result<PublicState, FriendError> {
    let mut rng = GameRng::from_seed(seed);
    let twin = match played {
        None => {
            let starter = if rng.random::<bool>() {
                Side::White
            } else {
                Side::Black
            };
            Match::new(rules, starter, &mut rng).map_err(|_| FriendError::Rules)?
        }
        Some(m) => {
            let mut m = m.clone();
            m.start_next_round(&mut rng)
                .map_err(|_| FriendError::Over)?;
            m
        }
    };
    Ok(*twin.round().public())
}
