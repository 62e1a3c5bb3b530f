//! A deck shuffled by two players so that neither can choose the deal nor
//! read a card it does not hold: commutative encryption of the 25 cards as
//! Ristretto points (the SRA "mental poker" construction of Shamir, Rivest &
//! Adleman over an elliptic-curve group, as in Barnett & Smart 2003).
//!
//! Card `k` (0–24; its value is `k / 5 + 1`) is the point `P_k`, hashed from
//! its index. A side's lock for one round is a secret scalar `x`; locking a
//! point multiplies it by `x`, and locks commute: `a·(b·P) = b·(a·P)`.
//!
//! 1. The first side locks every card with `a` and shuffles: `D1`.
//! 2. The second side locks `D1` with `b` and shuffles: `D2`, the deck in
//!    dealing order. Neither side knows where any card is.
//! 3. A card of `D2` is opened for the side that holds it by the other side's
//!    share, `D2[i]` with the other's lock removed; the holder removes its own
//!    and finds `P_k`. Without the share nobody can read it (decisional
//!    Diffie–Hellman in the Ristretto group).
//! 4. At the round's end both reveal their locks; [`audit`] checks that `D1`
//!    and `D2` are the cards locked and shuffled, and every share.

use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::Identity;
use rand::seq::SliceRandom;
use rand::Rng;
use sha2::{Digest, Sha512};

use crate::engine::Card;

/// The number of cards (R2).
pub const CARDS: usize = 25;

/// The point of card `k` (0–24): a hash of its index, so nobody knows a
/// relation between two cards' points. Hashed once for the program's life.
pub fn card_point(k: u8) -> RistrettoPoint {
    static POINTS: std::sync::OnceLock<[RistrettoPoint; CARDS]> = std::sync::OnceLock::new();
    let hashed = |k: u8| {
        let digest = Sha512::new()
            .chain_update(b"engarde/friend card ")
            .chain_update([k])
            .finalize();
        RistrettoPoint::from_uniform_bytes(&digest.into())
    };
    let points = POINTS.get_or_init(|| std::array::from_fn(|k| hashed(k as u8)));
    points
        .get(usize::from(k))
        .copied()
        .unwrap_or_else(|| hashed(k))
}

/// The card of index `k` (0–24).
pub fn card_of(k: u8) -> Option<Card> {
    Card::new(k / 5 + 1).filter(|_| usize::from(k) < CARDS)
}

/// One side's lock for one round: a secret scalar, never zero.
#[derive(Clone, PartialEq, Eq)]
pub struct Lock(Scalar);

impl std::fmt::Debug for Lock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lock(…)")
    }
}

impl Lock {
    /// A lock from 64 uniformly random bytes (reduced modulo the group
    /// order; zero, which no lock may be, becomes one).
    pub fn from_random(bytes: &[u8; 64]) -> Lock {
        let s = Scalar::from_bytes_mod_order_wide(bytes);
        Lock(if s == Scalar::ZERO { Scalar::ONE } else { s })
    }

    /// A fresh lock from `rng` (a cryptographic one in play).
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Lock {
        let mut bytes = [0u8; 64];
        rng.fill(&mut bytes[..]);
        Lock::from_random(&bytes)
    }

    /// The lock as revealed at the round's end (32 bytes).
    pub fn reveal(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    /// A revealed lock read back; `None` if it is not a canonical, non-zero
    /// scalar.
    pub fn from_revealed(bytes: [u8; 32]) -> Option<Lock> {
        Option::<Scalar>::from(Scalar::from_canonical_bytes(bytes))
            .filter(|s| *s != Scalar::ZERO)
            .map(Lock)
    }

    fn lock(&self, p: RistrettoPoint) -> RistrettoPoint {
        self.0 * p
    }

    fn unlock(&self, p: RistrettoPoint) -> RistrettoPoint {
        self.0.invert() * p
    }
}

/// A card or a share as it travels: a compressed Ristretto point (32 bytes).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sealed(pub [u8; 32]);

impl Sealed {
    fn of(p: RistrettoPoint) -> Sealed {
        Sealed(p.compress().to_bytes())
    }

    /// The point, if the bytes encode one.
    fn point(self) -> Option<RistrettoPoint> {
        CompressedRistretto(self.0).decompress()
    }
}

/// Why a deck, a share or an audit does not check out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DeckError {
    /// Not 25 cards.
    Size(usize),
    /// Bytes that are not a point of the group (at this position).
    NotAPoint(usize),
    /// The same point twice in a deck (at this position).
    Twice(usize),
    /// A share that opens to no card.
    NoCard,
    /// A revealed lock that is not one.
    BadLock,
    /// The first deck is not the cards under the first side's lock.
    FirstDeck,
    /// The second deck is not the first under the second side's lock.
    SecondDeck,
    /// The share for this position is not that card with the lock removed.
    Share(usize),
}

impl std::fmt::Display for DeckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeckError::Size(n) => write!(f, "a deck of {n} cards, not {CARDS}"),
            DeckError::NotAPoint(i) => write!(f, "card {i} of the deck is not a sealed card"),
            DeckError::Twice(i) => write!(f, "card {i} of the deck appears twice"),
            DeckError::NoCard => f.write_str("a share opens to no card"),
            DeckError::BadLock => f.write_str("a revealed lock is not a lock"),
            DeckError::FirstDeck => f.write_str("the first shuffle is not the 25 cards locked"),
            DeckError::SecondDeck => f.write_str("the second shuffle is not the first one locked"),
            DeckError::Share(i) => write!(f, "the share of card {i} does not match the deck"),
        }
    }
}

impl std::error::Error for DeckError {}

/// The points of a sealed deck, each once.
fn points(deck: &[Sealed]) -> Result<Vec<RistrettoPoint>, DeckError> {
    if deck.len() != CARDS {
        return Err(DeckError::Size(deck.len()));
    }
    let mut out: Vec<RistrettoPoint> = Vec::with_capacity(CARDS);
    for (i, s) in deck.iter().enumerate() {
        // The identity would stay itself under any lock: no card.
        let p = s
            .point()
            .filter(|p| *p != RistrettoPoint::identity())
            .ok_or(DeckError::NotAPoint(i))?;
        if deck[..i].contains(s) {
            return Err(DeckError::Twice(i));
        }
        out.push(p);
    }
    Ok(out)
}

/// Whether `deck` is 25 distinct sealed cards.
///
/// # Errors
/// What is wrong with it.
pub fn check(deck: &[Sealed]) -> Result<(), DeckError> {
    points(deck).map(|_| ())
}

/// Step 1: the 25 cards under `lock`, shuffled by `rng`.
pub fn first_shuffle<R: Rng + ?Sized>(lock: &Lock, rng: &mut R) -> Vec<Sealed> {
    let mut deck: Vec<Sealed> = (0..CARDS as u8)
        .map(|k| Sealed::of(lock.lock(card_point(k))))
        .collect();
    deck.shuffle(rng);
    deck
}

/// Step 2: the first deck under `lock` too, shuffled by `rng`: the deck in
/// dealing order.
///
/// # Errors
/// If `first` is not 25 distinct sealed cards.
pub fn second_shuffle<R: Rng + ?Sized>(
    first: &[Sealed],
    lock: &Lock,
    rng: &mut R,
) -> Result<Vec<Sealed>, DeckError> {
    let mut deck: Vec<Sealed> = points(first)?
        .into_iter()
        .map(|p| Sealed::of(lock.lock(p)))
        .collect();
    deck.shuffle(rng);
    Ok(deck)
}

/// This side's share of a card of the deck: the card with this side's lock
/// removed, for the other side, who holds it, to open.
///
/// # Errors
/// If the card is not a point.
pub fn share(card: Sealed, lock: &Lock) -> Result<Sealed, DeckError> {
    let p = card.point().ok_or(DeckError::NotAPoint(0))?;
    Ok(Sealed::of(lock.unlock(p)))
}

/// The card a share opens for its holder, who removes its own lock: the
/// card's index (0–24).
///
/// # Errors
/// [`DeckError::NoCard`] if the share, unlocked, is no card.
pub fn open(share: Sealed, lock: &Lock) -> Result<u8, DeckError> {
    let p = lock.unlock(share.point().ok_or(DeckError::NoCard)?);
    (0..CARDS as u8)
        .find(|&k| card_point(k) == p)
        .ok_or(DeckError::NoCard)
}

/// A share sent during a round: the position in the dealing deck, which
/// side's lock it removes (`true`: the first side's), and the share.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SentShare {
    pub position: usize,
    pub by_first: bool,
    pub share: Sealed,
}

/// Checks a whole round's deck once both locks are revealed: the first
/// shuffle holds the 25 cards under the first lock, the second the first
/// shuffle under the second lock, and every share sent is its card with the
/// sender's lock removed. Returns the deal: each position's card index.
///
/// # Errors
/// The first thing that does not check out.
pub fn audit(
    first: &[Sealed],
    second: &[Sealed],
    first_lock: &Lock,
    second_lock: &Lock,
    shares: &[SentShare],
) -> Result<Vec<u8>, DeckError> {
    let d1 = points(first)?;
    let d2 = points(second)?;
    let mut expected: Vec<RistrettoPoint> = (0..CARDS as u8)
        .map(|k| first_lock.lock(card_point(k)))
        .collect();
    if !same_cards(&d1, &expected) {
        return Err(DeckError::FirstDeck);
    }
    expected = d1.iter().map(|&p| second_lock.lock(p)).collect();
    if !same_cards(&d2, &expected) {
        return Err(DeckError::SecondDeck);
    }
    for s in shares {
        let card = *d2.get(s.position).ok_or(DeckError::Share(s.position))?;
        let lock = if s.by_first { first_lock } else { second_lock };
        if s.share.point() != Some(lock.unlock(card)) {
            return Err(DeckError::Share(s.position));
        }
    }
    let both = first_lock.0 * second_lock.0;
    let locked: Vec<RistrettoPoint> = (0..CARDS as u8).map(|k| both * card_point(k)).collect();
    d2.iter()
        .map(|p| {
            locked
                .iter()
                .position(|q| q == p)
                .map(|k| k as u8)
                .ok_or(DeckError::SecondDeck)
        })
        .collect()
}

/// Whether two lists hold the same points, in any order (each distinct).
fn same_cards(a: &[RistrettoPoint], b: &[RistrettoPoint]) -> bool {
    let key = |p: &RistrettoPoint| p.compress().to_bytes();
    let mut a: Vec<[u8; 32]> = a.iter().map(key).collect();
    let mut b: Vec<[u8; 32]> = b.iter().map(key).collect();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}
