//! The deck both pages shuffle, each step proven at its message
//! (docs/FRIEND.md, "The proven deck").
//!
//! - Each seat has a deck key for the match, announced with a Schnorr proof
//!   that it knows the secret (so neither can choose a key that cancels the
//!   other's).
//! - The cards are ElGamal ciphertexts under the sum of both keys (Barnett &
//!   Smart, "Mental Poker Revisited", 2003). The first shuffler masks the
//!   open deck and shuffles it; the second re-masks and shuffles that. Each
//!   sends a Bayer–Groth argument (EUROCRYPT 2012) that its deck is a
//!   permutation and re-masking of the one before: a deck that is not is
//!   refused where it arrives, before it can open anything.
//! - A card opens with both seats' reveal tokens. The other's token comes
//!   with a Chaum–Pedersen proof (CRYPTO '92) that it used the announced key.
//!
//! The proofs are the `ziffle` crate's (0.1.0, over secp256k1; not audited,
//! as its README says). Every secret here is derived, never drawn: HKDF-SHA-256
//! (RFC 5869) of the seat's seed, with what it is for, the message answered
//! and the statement proven (RFC 6979 §3.2's lesson). Two copies of a seat
//! that answer two different messages never share a shuffle or a nonce.
//!
//! ```
//! use engarde::friend::id::MatchId;
//! use engarde::friend::masked::{Context, DeckKey, Trust};
//!
//! let game = MatchId([7; 8]);
//! let (host, guest) = (DeckKey::of(&[1; 32], game, true), DeckKey::of(&[2; 32], game, false));
//! let host = host.with(&guest.announcement()).unwrap();
//! let guest = guest.with(&host.announcement()).unwrap();
//! let round = Context::new(game, 1);
//! // The host shuffles first, the guest again; each checks the other's
//! // proof as it arrives (`Trust::Now`).
//! let (mine, sent) = host.shuffle_first(&round, &[0; 16], &mut Trust::Now).unwrap();
//! let first = guest.check_first(&round, &sent, &Trust::Now).unwrap();
//! let (dealt, sent) = guest.shuffle_again(&round, &[1; 16], &first, &mut Trust::Now).unwrap();
//! let dealt_at_host = host.check_again(&round, &mine, &sent, &Trust::Now).unwrap();
//! // Position 0 is the host's: the guest's token opens it for the host alone.
//! let token = guest.token(&round, &dealt, 0, &mut Trust::Now).unwrap();
//! let card = host.open(&round, &dealt_at_host, 0, &token, &Trust::Now).unwrap();
//! assert!(card < 25);
//! ```

use std::sync::OnceLock;

use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use rand_chacha_03::rand_core::SeedableRng;
use rand_chacha_03::ChaCha20Rng;
use sha2::{Digest, Sha256};
use ziffle::{
    AggregatePublicKey, AggregateRevealToken, MaskedCard, MaskedDeck, OwnershipProof, PublicKey,
    RevealToken, RevealTokenProof, SecretKey, Shuffle, ShuffleProof, Verified,
};

use super::id::MatchId;
use crate::engine::Card;

/// The number of cards (R2). Card `k` is the open deck's `k`th, of value
/// `k / 5 + 1`.
pub const CARDS: usize = 25;

/// The card of index `k` (0–24).
pub fn card_of(k: u8) -> Option<Card> {
    Card::new(k / 5 + 1).filter(|_| usize::from(k) < CARDS)
}
/// A deck key with its proof of ownership, as announced (bytes).
pub const KEY_BYTES: usize = 33 + 65;
/// A masked deck with its shuffle argument (bytes).
pub const DECK_BYTES: usize = CARDS * CARD_BYTES + SHUFFLE_PROOF_BYTES;
/// A masked card: two compressed points.
const CARD_BYTES: usize = 66;
/// Bayer–Groth's argument for 25 cards: 96·25 + 555 bytes.
const SHUFFLE_PROOF_BYTES: usize = 2_955;
/// A reveal token with its Chaum–Pedersen proof (bytes).
pub const TOKEN_BYTES: usize = 33 + 98;

/// The construction's name: the first thing every proof is bound to.
const NAME: &[u8] = b"engarde/friend/masked v1";

/// The shuffle's public parameters, made once for the program's life (a
/// few milliseconds): the commitment key (points found from x-coordinates
/// drawn from fixed seeds: nobody knows a relation between them), and the
/// open deck, whose card
/// `k` is `s_k·G` for a scalar `s_k` drawn from a fixed seed, so every
/// card's discrete logarithm is public. That is harmless: ElGamal masking
/// hides which card a ciphertext holds whatever the cards are, and
/// Bayer–Groth's argument needs only that the cards differ.
fn table() -> &'static Shuffle<CARDS> {
    static TABLE: OnceLock<Shuffle<CARDS>> = OnceLock::new();
    TABLE.get_or_init(Shuffle::default)
}

/// What the decks and tokens in hand may be taken as. A friend's message
/// as it arrives, and this seat's own step as it is taken, are checked and
/// made now ([`Trust::Now`]); this seat's own journal read back was checked
/// when each message arrived ([`Trust::Journal`], which only the journal
/// makes: `crate::friend`).
#[derive(Debug)]
pub enum Trust {
    /// Every proof checked, every deck and token made.
    Now,
    /// A match rebuilt from this seat's own journal.
    Journal(Rebuild),
}

/// A match being rebuilt from this seat's own journal: its decks and
/// tokens are taken back unchecked, its own decks as the journal kept
/// them.
#[derive(Debug)]
pub struct Rebuild {
    /// The deck this seat made next, as its journal kept it.
    made: Option<Vec<u8>>,
    /// The tokens made now go in messages nobody reads again: left unmade.
    unread: bool,
    /// How many tokens were left unmade so far.
    unmade: u32,
}

impl Trust {
    /// A rebuild from this seat's own journal.
    pub(super) fn journal() -> Trust {
        Trust::Journal(Rebuild {
            made: None,
            unread: false,
            unmade: 0,
        })
    }

    /// The seat's next deck as its journal kept it (a rebuild's; `Now`
    /// makes its own).
    pub(super) fn made_before(&mut self, bytes: Vec<u8>) {
        if let Trust::Journal(rebuild) = self {
            rebuild.made = Some(bytes);
        }
    }

    /// Whether the tokens made next go in messages nobody reads again (all
    /// but the last one sent, whose link may still be shown): zeros in
    /// their place.
    pub(super) fn set_unread(&mut self, unread: bool) {
        if let Trust::Journal(rebuild) = self {
            rebuild.unread = unread;
        }
    }

    /// How many tokens this rebuild left unmade: a message sent while it
    /// grew does not have its real bytes.
    pub(super) fn unmade(&self) -> u32 {
        match self {
            Trust::Now => 0,
            Trust::Journal(rebuild) => rebuild.unmade,
        }
    }

    /// The kept deck, when rebuilding: read and taken as checked before.
    fn kept_deck(&mut self) -> Option<(ProvenDeck, Vec<u8>)> {
        let Trust::Journal(rebuild) = self else {
            return None;
        };
        let bytes = rebuild.made.take()?;
        Some((kept(&bytes).ok()?, bytes))
    }

    /// A token left unmade (a message nobody reads again), counted.
    fn leaves_unmade(&mut self) -> bool {
        match self {
            Trust::Journal(rebuild) if rebuild.unread => {
                rebuild.unmade = rebuild.unmade.wrapping_add(1);
                true
            }
            _ => false,
        }
    }
}

impl Rebuild {
    /// A deck a snapshot of this seat's match kept as its points
    /// ([`ProvenDeck::points`]): read as they are (no point is decompressed
    /// or checked again) and taken as checked before.
    pub(super) fn deck(&self, points: &[u8]) -> Result<ProvenDeck, ProofError> {
        let mut reader = points;
        let deck = MaskedDeck::<CARDS>::deserialize_uncompressed_unchecked(&mut reader)
            .map_err(|_| ProofError::Encoding(Part::Deck))?;
        if !reader.is_empty() {
            return Err(ProofError::Encoding(Part::Deck));
        }
        let mut bytes = Vec::with_capacity(CARDS * CARD_BYTES);
        to_bytes(&deck, &mut bytes);
        Ok(proven(
            Verified::<MaskedDeck<CARDS>>::checked_before(deck),
            &bytes,
        ))
    }
}

/// A deck checked before, taken back from its bytes (its argument, which
/// was checked, is not read again).
fn kept(bytes: &[u8]) -> Result<ProvenDeck, ProofError> {
    let deck = bytes
        .get(..CARDS * CARD_BYTES)
        .ok_or(ProofError::Encoding(Part::Deck))?;
    let deck = exactly(deck, CARDS * CARD_BYTES, Part::Deck, |b| {
        read(b, Part::Deck)
    })?;
    Ok(proven(
        Verified::<MaskedDeck<CARDS>>::checked_before(deck),
        bytes,
    ))
}

/// What a proof is wrong about. Each names the message's part that failed,
/// so that the page can say what the friend's page sent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// Bytes that are not what they should be: the wrong length, a point
    /// not on the curve, a number out of range, or a non-canonical form.
    Encoding(Part),
    /// The deck key's proof of ownership does not check, or the key is
    /// this seat's own, or the group's identity.
    Key,
    /// The deck is not proven to be a shuffle of the one before it.
    Shuffle,
    /// The token for this position is not proven to be the sender's, or
    /// opens to no card.
    Token(u8),
    /// There is no such position in the deck.
    Position(u8),
}

/// Which part of a message [`ProofError::Encoding`] is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Part {
    Key,
    Deck,
    Token,
}

impl std::fmt::Display for ProofError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProofError::Encoding(part) => write!(f, "the {part:?} bytes are not well formed"),
            ProofError::Key => f.write_str("the deck key's proof of ownership does not check"),
            ProofError::Shuffle => {
                f.write_str("the deck is not a proven shuffle of the one before")
            }
            ProofError::Token(p) => write!(f, "the token for position {p} does not check"),
            ProofError::Position(p) => write!(f, "there is no position {p} in the deck"),
        }
    }
}

impl std::error::Error for ProofError {}

/// What the proofs of one round are bound to: the construction, the match
/// and the round's number (so a proof of one round proves nothing in
/// another).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Context {
    game: MatchId,
    round: u16,
}

impl Context {
    pub fn new(game: MatchId, round: u16) -> Context {
        Context { game, round }
    }

    fn bytes(&self) -> Vec<u8> {
        [NAME, &self.game.0, &self.round.to_be_bytes()].concat()
    }
}

/// The context of a deck key's proof: the match and the seat.
fn key_context(game: MatchId, host: bool) -> Vec<u8> {
    [NAME, b" key", &game.0[..], &[u8::from(host)]].concat()
}

/// Decks proven or checked in this program's life, by a digest of their
/// whole statement: a match rebuilt from its journal (a reload, another
/// tab's link) repeats no argument it already made or checked. Bounded.
fn remembered(
    statement: [u8; 32],
    work: impl FnOnce() -> Result<(ProvenDeck, Vec<u8>), ProofError>,
) -> Result<(ProvenDeck, Vec<u8>), ProofError> {
    type Memo = Vec<([u8; 32], (ProvenDeck, Vec<u8>))>;
    static MEMO: std::sync::Mutex<Memo> = std::sync::Mutex::new(Vec::new());
    const KEPT: usize = 48;
    let found = MEMO.lock().ok().and_then(|memo| {
        memo.iter()
            .find(|(k, _)| *k == statement)
            .map(|(_, v)| v.clone())
    });
    if let Some(done) = found {
        return Ok(done);
    }
    let done = work()?;
    if let Ok(mut memo) = MEMO.lock() {
        if memo.len() >= KEPT {
            memo.remove(0);
        }
        memo.push((statement, done.clone()));
    }
    Ok(done)
}

/// A digest of `parts`, each with its length.
fn statement(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for part in parts {
        h.update((part.len() as u64).to_be_bytes());
        h.update(part);
    }
    h.finalize().into()
}

/// A generator for one proof's secrets: HKDF-SHA-256 of the seat's seed,
/// expanded with what it is for, the message it answers and a digest of
/// the statement.
fn secret(
    kdf: &hkdf::Hkdf<Sha256>,
    label: &[u8],
    answering: &[u8; 16],
    statement: &[u8],
) -> ChaCha20Rng {
    ChaCha20Rng::from_seed(secret_seed(kdf, label, answering, statement))
}

/// The 32-byte seed of [`secret`]'s generator.
fn secret_seed(
    kdf: &hkdf::Hkdf<Sha256>,
    label: &[u8],
    answering: &[u8; 16],
    statement: &[u8],
) -> [u8; 32] {
    let digest = Sha256::digest(statement);
    let info = [&[label.len() as u8][..], label, answering, &digest].concat();
    let mut key = [0u8; 32];
    // 32 bytes are always within HKDF-SHA-256's 8,160.
    let _ = kdf.expand(&info, &mut key);
    key
}

fn to_bytes<T: CanonicalSerialize>(value: &T, out: &mut Vec<u8>) {
    // Writing to a vector cannot fail.
    let _ = value.serialize_compressed(out);
}

/// Reads `T` from the front of `bytes` (compressed, validated: a point is
/// on the curve, a number below its modulus), in its one canonical form:
/// the library reads some bits it does not use (a point's flag byte), so
/// what was read is written back and must be the bytes it came from.
fn read<T: CanonicalDeserialize + CanonicalSerialize>(
    bytes: &mut &[u8],
    part: Part,
) -> Result<T, ProofError> {
    let before = *bytes;
    let value = T::deserialize_compressed(&mut *bytes).map_err(|_| ProofError::Encoding(part))?;
    let used = before.len() - bytes.len();
    let mut again = Vec::with_capacity(used);
    to_bytes(&value, &mut again);
    if before.get(..used) != Some(&again[..]) {
        return Err(ProofError::Encoding(part));
    }
    Ok(value)
}

/// `bytes` as exactly `len` bytes, read whole by `f`.
fn exactly<T>(
    bytes: &[u8],
    len: usize,
    part: Part,
    f: impl FnOnce(&mut &[u8]) -> Result<T, ProofError>,
) -> Result<T, ProofError> {
    if bytes.len() != len {
        return Err(ProofError::Encoding(part));
    }
    let mut rest = bytes;
    let value = f(&mut rest)?;
    if !rest.is_empty() {
        return Err(ProofError::Encoding(part));
    }
    Ok(value)
}

/// A seat's deck key for one match, before the friend's is known.
#[derive(Clone)]
pub struct DeckKey {
    kdf: hkdf::Hkdf<Sha256>,
    secret: SecretKey,
    public: PublicKey,
    proof: OwnershipProof,
    game: MatchId,
    host: bool,
}

impl std::fmt::Debug for DeckKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DeckKey(…)")
    }
}

impl DeckKey {
    /// The key of the seat whose secret seed is `seed`, in match `game`
    /// (`host`: the seat that invited). The same seed gives the same key.
    pub fn of(seed: &[u8; 32], game: MatchId, host: bool) -> DeckKey {
        let kdf = hkdf::Hkdf::<Sha256>::new(Some(NAME), seed);
        let ctx = key_context(game, host);
        let mut rng = secret(&kdf, b"deck key", &[0; 16], &ctx);
        let (secret, public, proof) = table().keygen(&mut rng, &ctx);
        DeckKey {
            kdf,
            secret,
            public,
            proof,
            game,
            host,
        }
    }

    /// The key and its proof of ownership, to announce ([`KEY_BYTES`]).
    pub fn announcement(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(KEY_BYTES);
        to_bytes(&self.public, &mut out);
        to_bytes(&self.proof, &mut out);
        out
    }

    /// Both seats' keys, with the friend's announcement checked.
    ///
    /// # Errors
    /// [`ProofError::Encoding`] for bytes that are not a key and a proof;
    /// [`ProofError::Key`] when the proof does not check, or the key is
    /// this seat's own or the identity.
    pub fn with(self, theirs: &[u8]) -> Result<Keys, ProofError> {
        let their_announcement = theirs;
        let (public, proof) = exactly(theirs, KEY_BYTES, Part::Key, |b| {
            Ok((
                read::<PublicKey>(b, Part::Key)?,
                read::<OwnershipProof>(b, Part::Key)?,
            ))
        })?;
        if public == self.public || is_identity(&public) {
            return Err(ProofError::Key);
        }
        let theirs = proof
            .verify(public, &key_context(self.game, !self.host))
            .ok_or(ProofError::Key)?;
        let mine = self
            .proof
            .verify(self.public, &key_context(self.game, self.host))
            .ok_or(ProofError::Key)?;
        let joint = AggregatePublicKey::new(&[mine, theirs]);
        Ok(Keys {
            key: self,
            mine,
            theirs,
            joint,
            announced: their_announcement.to_vec(),
        })
    }
}

/// The group's identity, compressed, as a key would be: its secret is
/// zero, known to all.
fn is_identity(key: &PublicKey) -> bool {
    let mut identity = Vec::new();
    to_bytes(&ark_secp256k1::Affine::identity(), &mut identity);
    let mut bytes = Vec::new();
    to_bytes(key, &mut bytes);
    bytes == identity
}

/// A deck whose shuffle is proven: this seat's own, or the friend's
/// checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvenDeck {
    deck: Verified<MaskedDeck<CARDS>>,
    /// The deck's bytes (its proof aside): 66 a card.
    bytes: Vec<u8>,
}

impl ProvenDeck {
    /// The card at `position`, and its bytes.
    fn card(&self, position: u8) -> Result<(MaskedCard, &[u8]), ProofError> {
        let at = usize::from(position);
        let card = self.deck.get(at).ok_or(ProofError::Position(position))?;
        let bytes = self.bytes.get(at * CARD_BYTES..(at + 1) * CARD_BYTES);
        Ok((card, bytes.unwrap_or_default()))
    }

    /// The deck's bytes, its argument aside.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The deck's points as they are, uncompressed (what a snapshot keeps:
    /// read back with no square root taken).
    pub fn points(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let _ = self.deck.deck().serialize_uncompressed(&mut out);
        out
    }
}

/// Both seats' deck keys in a match: this seat's secret, the friend's
/// proven, and the joint key the cards are masked under.
#[derive(Clone)]
pub struct Keys {
    key: DeckKey,
    mine: Verified<PublicKey>,
    theirs: Verified<PublicKey>,
    joint: AggregatePublicKey,
    /// The friend's announcement, as it came (what a snapshot keeps).
    announced: Vec<u8>,
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys(…)")
    }
}

impl Keys {
    /// The joint key's bytes (what a checked deck is masked under).
    fn joint_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        to_bytes(&self.joint, &mut out);
        out
    }

    /// This seat's announcement ([`DeckKey::announcement`]).
    pub fn announcement(&self) -> Vec<u8> {
        self.key.announcement()
    }

    /// The friend's announcement, as it came.
    pub fn their_announcement(&self) -> &[u8] {
        &self.announced
    }

    /// The first shuffle of a round: the open deck masked and shuffled,
    /// and its bytes with the argument ([`DECK_BYTES`]), made in answer to
    /// the message of digest `answering`.
    ///
    /// # Errors
    /// [`ProofError::Shuffle`] if its own argument does not check (the
    /// library's arguments are complete: that would be its bug).
    pub fn shuffle_first(
        &self,
        round: &Context,
        answering: &[u8; 16],
        trust: &mut Trust,
    ) -> Result<(ProvenDeck, Vec<u8>), ProofError> {
        if let Some(kept) = trust.kept_deck() {
            return Ok(kept);
        }
        let ctx = round.bytes();
        let seed = secret_seed(&self.key.kdf, b"first shuffle", answering, &ctx);
        remembered(statement(&[b"made", &seed]), || {
            let mut rng = ChaCha20Rng::from_seed(seed);
            let (deck, proof) = table().shuffle_initial_deck(&mut rng, self.joint, &ctx);
            let bytes = deck_bytes(&deck, &proof);
            // Checking its own argument is the one way to hold it as proven.
            let proven = self.check_first(round, &bytes, &Trust::Now)?;
            Ok((proven, bytes))
        })
    }

    /// The friend's first shuffle, checked.
    ///
    /// # Errors
    /// [`ProofError::Encoding`], or [`ProofError::Shuffle`] when the deck
    /// is not proven to be the open deck masked and shuffled.
    pub fn check_first(
        &self,
        round: &Context,
        bytes: &[u8],
        trust: &Trust,
    ) -> Result<ProvenDeck, ProofError> {
        self.check(round, None, bytes, trust)
    }

    /// A deck's bytes checked as the shuffle of `first` (none: of the open
    /// deck); what was checked before is remembered, or (from the journal)
    /// kept.
    fn check(
        &self,
        round: &Context,
        first: Option<&ProvenDeck>,
        bytes: &[u8],
        trust: &Trust,
    ) -> Result<ProvenDeck, ProofError> {
        if let Trust::Journal(_) = trust {
            return kept(bytes);
        }
        let ctx = round.bytes();
        let whole = match first {
            None => statement(&[b"first", &self.joint_bytes(), &ctx, bytes]),
            Some(first) => statement(&[b"again", &self.joint_bytes(), &ctx, &first.bytes, bytes]),
        };
        let (deck, _) = remembered(whole, || {
            let (deck, proof) = read_deck(bytes)?;
            let checked = match first {
                None => table().verify_initial_shuffle(self.joint, deck, proof, &ctx),
                Some(first) => table().verify_shuffle(self.joint, &first.deck, deck, proof, &ctx),
            };
            checked
                .map(|deck| (proven(deck, bytes), Vec::new()))
                .ok_or(ProofError::Shuffle)
        })?;
        Ok(deck)
    }

    /// The second shuffle: `first` re-masked and shuffled, the deck in
    /// dealing order, and its bytes with the argument.
    ///
    /// # Errors
    /// As [`Keys::shuffle_first`].
    pub fn shuffle_again(
        &self,
        round: &Context,
        answering: &[u8; 16],
        first: &ProvenDeck,
        trust: &mut Trust,
    ) -> Result<(ProvenDeck, Vec<u8>), ProofError> {
        if let Some(kept) = trust.kept_deck() {
            return Ok(kept);
        }
        let ctx = round.bytes();
        let proven_of = [&ctx[..], &first.bytes].concat();
        let seed = secret_seed(&self.key.kdf, b"second shuffle", answering, &proven_of);
        remembered(statement(&[b"made", &seed]), || {
            let mut rng = ChaCha20Rng::from_seed(seed);
            let (deck, proof) = table().shuffle_deck(&mut rng, self.joint, &first.deck, &ctx);
            let bytes = deck_bytes(&deck, &proof);
            let proven = self.check_again(round, first, &bytes, &Trust::Now)?;
            Ok((proven, bytes))
        })
    }

    /// The friend's second shuffle of `first`, checked.
    ///
    /// # Errors
    /// [`ProofError::Encoding`], or [`ProofError::Shuffle`] when the deck
    /// is not proven to be `first` re-masked and shuffled.
    pub fn check_again(
        &self,
        round: &Context,
        first: &ProvenDeck,
        bytes: &[u8],
        trust: &Trust,
    ) -> Result<ProvenDeck, ProofError> {
        self.check(round, Some(first), bytes, trust)
    }

    /// This seat's token for the card at `position` with its proof
    /// ([`TOKEN_BYTES`]): it opens the card for the friend. Its nonce is
    /// bound to the card, so one card's token is always the same bytes.
    ///
    /// # Errors
    /// [`ProofError::Position`] past the deck's end.
    pub fn token(
        &self,
        round: &Context,
        deck: &ProvenDeck,
        position: u8,
        trust: &mut Trust,
    ) -> Result<Vec<u8>, ProofError> {
        let card = deck.card(position)?;
        if trust.leaves_unmade() {
            return Ok(vec![0; TOKEN_BYTES]);
        }
        let (token, proof) = self.own_token(round, position, card);
        let mut out = Vec::with_capacity(TOKEN_BYTES);
        to_bytes(&token, &mut out);
        to_bytes(&proof, &mut out);
        Ok(out)
    }

    /// This seat's token for `card` (at `position`), its proof's nonce
    /// derived from the card's bytes.
    fn own_token(
        &self,
        round: &Context,
        position: u8,
        (card, bytes): (MaskedCard, &[u8]),
    ) -> (RevealToken, RevealTokenProof) {
        let ctx = round.bytes();
        let statement = [&ctx[..], &[position], bytes].concat();
        let mut rng = secret(&self.key.kdf, b"token", &[0; 16], &statement);
        card.reveal_token(&mut rng, &self.key.secret, self.key.public, &ctx)
    }

    /// The card at `position` (0–24 in the open deck), opened with the
    /// friend's token `theirs` and this seat's own.
    ///
    /// # Errors
    /// [`ProofError::Encoding`]; [`ProofError::Token`] when the friend's
    /// token is not proven or the card opens to none;
    /// [`ProofError::Position`] past the deck's end.
    pub fn open(
        &self,
        round: &Context,
        deck: &ProvenDeck,
        position: u8,
        theirs: &[u8],
        trust: &Trust,
    ) -> Result<u8, ProofError> {
        let held = deck.card(position)?;
        let card = held.0;
        if theirs.len() != TOKEN_BYTES {
            return Err(ProofError::Encoding(Part::Token));
        }
        let mut proof = theirs;
        let token = read::<RevealToken>(&mut proof, Part::Token)?;
        let (theirs, own) = if let Trust::Journal(_) = trust {
            // Its proof was checked when it arrived (not read again); this
            // seat's own token needs no proof for itself.
            (
                Verified::<RevealToken>::checked_before(token),
                card.own_reveal_token(&self.key.secret),
            )
        } else {
            let proof = exactly(proof, proof.len(), Part::Token, |b| {
                read::<RevealTokenProof>(b, Part::Token)
            })?;
            let ctx = round.bytes();
            let (own, own_proof) = self.own_token(round, position, held);
            let theirs = proof
                .verify(self.theirs, token, card, &ctx)
                .ok_or(ProofError::Token(position))?;
            let own = own_proof
                .verify(self.mine, own, card, &ctx)
                .ok_or(ProofError::Token(position))?;
            (theirs, own)
        };
        let joint = AggregateRevealToken::new(&[own, theirs]);
        table()
            .reveal_card(joint, card)
            .and_then(|k| u8::try_from(k).ok())
            .ok_or(ProofError::Token(position))
    }
}

fn deck_bytes(deck: &MaskedDeck<CARDS>, proof: &ShuffleProof<CARDS>) -> Vec<u8> {
    let mut out = Vec::with_capacity(DECK_BYTES);
    to_bytes(deck, &mut out);
    to_bytes(proof, &mut out);
    out
}

fn read_deck(bytes: &[u8]) -> Result<(MaskedDeck<CARDS>, ShuffleProof<CARDS>), ProofError> {
    exactly(bytes, DECK_BYTES, Part::Deck, |b| {
        Ok((read(b, Part::Deck)?, read(b, Part::Deck)?))
    })
}

/// A checked deck, with its bytes (the argument's aside).
fn proven(deck: Verified<MaskedDeck<CARDS>>, bytes: &[u8]) -> ProvenDeck {
    ProvenDeck {
        deck,
        bytes: bytes.get(..CARDS * CARD_BYTES).unwrap_or_default().to_vec(),
    }
}
