//! A seat's secrets, all drawn from its seed, and the chance they decide.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::errors::FriendError;
use crate::engine::{Match, PublicState, Rules, Side};
use crate::friend::wire::{MatchId, Message};
use crate::GameRng;
use ed25519_dalek::{Signature, SigningKey, VerifyingKey};

/// The generator seeded with a seat's seed (the match id, round 1's value)
/// or with a secret derived from it.
pub(super) type SecretRng = ChaCha20Rng;

/// The commitment's purpose and tag for round 1's chance.
pub(super) const FIRST: u8 = 0;
pub(super) const TAG_FIRST: &[u8] = b"engarde/friend first round";
/// The tag of a later round's chance, from both round values of the round
/// before.
pub(super) const TAG_NEXT: &[u8] = b"engarde/friend next round";
/// The commitment's purpose for a round's value: committed with the seat's
/// deck, revealed at the round's end.
pub(super) const NEXT: u8 = 1;

/// The construction a kept match was dealt with. Only
/// [`Secrets::ProvenCards`] is played on; the others are the retired
/// constructions', kept so that their journals still read (the list shows
/// them read-only): no code plays, receives or replays them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Secrets {
    /// Retired: commutative encryption of the cards, its secrets from one
    /// ChaCha20 stream (a journal without `secrets` is one).
    #[default]
    Stream,
    /// Retired: commutative encryption, its secrets derived per message.
    PerMessage,
    /// The proven deck with the cards played proven at the round's end
    /// (retired).
    Proven,
    /// The proven deck with every card proven when it is played, the
    /// chance committed with each deck, every message signed (the layout
    /// [`crate::friend::wire::VERSION`]).
    ProvenCards,
}

impl Secrets {
    /// Whether a match of this construction is played on (the others are
    /// retired: they open read-only).
    pub fn is_current(self) -> bool {
        self == Secrets::ProvenCards
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

/// The seat's value for the chance of the round after round `round`, from
/// its seed: committed with its deck, revealed at the round's end.
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

/// What a secret derived per message is for: which of several cards of
/// one value an action plays.
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
