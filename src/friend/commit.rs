//! Randomness both sides make together (the Duel's stack of special cards, a
//! starter drawn by lot): each commits to a value of its own, and reveals it
//! only once the other's is known; the joint value is a hash of both, so
//! neither side can choose it.

use sha2::{Digest, Sha512};

/// A commitment to a 32-byte value: its hash, under a tag that says what it
/// is for (so a commitment cannot be replayed for another purpose).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Commitment(pub [u8; 32]);

fn hash32(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha512::new();
    for p in parts {
        h.update((p.len() as u32).to_be_bytes());
        h.update(p);
    }
    let digest = h.finalize();
    let mut out = [0u8; 32];
    out.copy_from_slice(&digest[..32]);
    out
}

impl Commitment {
    /// The commitment to `value` for `tag`.
    pub fn to(tag: &[u8], value: &[u8; 32]) -> Commitment {
        Commitment(hash32(&[b"engarde/friend commit", tag, value]))
    }

    /// Whether `value` is the one committed to for `tag`.
    pub fn opens_to(&self, tag: &[u8], value: &[u8; 32]) -> bool {
        *self == Commitment::to(tag, value)
    }
}

/// The value both sides made: a hash of the first side's and the second's.
pub fn joint(tag: &[u8], first: &[u8; 32], second: &[u8; 32]) -> [u8; 32] {
    hash32(&[b"engarde/friend joint", tag, first, second])
}
