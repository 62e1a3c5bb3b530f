//! The bytes of a link, shared by the share link ([`super::link`]) and the
//! friend's messages (`crate::friend::wire`): URL-safe base64 without
//! padding, in its one canonical form; numbers as LEB128, in their one
//! shortest form; a reader that says where it stopped; and the seal, bytes
//! with a 4-byte checksum behind them.
//!
//! Each layout keeps its own checksum, as its links in people's hands were
//! made with it: FNV-1a for the share link ([`fnv1a`]), SHA-512's first
//! bytes for the friend's messages. The seal is the same for both.
//!
//! Decoding is strict: a code that is not the one its bytes encode to (bits
//! left over in its last character, a padding `=`) is refused, and so is a
//! number written longer than it needs or too large for 32 bits. What this
//! project writes always reads back.

use base64::alphabet::URL_SAFE;
use base64::engine::general_purpose::{GeneralPurpose, NO_PAD};
use base64::Engine;

/// URL-safe base64 without padding, refusing leftover bits: the same as
/// `base64`'s `URL_SAFE_NO_PAD` (whose config already refuses them), said
/// outright so that no default can loosen it.
const BASE64: GeneralPurpose =
    GeneralPurpose::new(&URL_SAFE, NO_PAD.with_decode_allow_trailing_bits(false));

/// Why a code does not give its bytes back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unsealed {
    /// A character that is not URL-safe base64, at this position (0-based).
    Character(usize),
    /// Cut short or damaged: a length no code has, leftover bits, or a
    /// checksum that does not match.
    Damaged,
}

/// `bytes` in URL-safe base64 without padding.
pub fn to_text(bytes: &[u8]) -> String {
    BASE64.encode(bytes)
}

/// The bytes of URL-safe base64 without padding, in its canonical form
/// only: a stray character by its position, anything else that does not
/// decode as [`Unsealed::Damaged`].
///
/// # Errors
/// See [`Unsealed`].
pub fn from_text(code: &str) -> Result<Vec<u8>, Unsealed> {
    let url_safe = |c: u8| c.is_ascii_alphanumeric() || c == b'-' || c == b'_';
    if let Some(at) = code.bytes().position(|c| !url_safe(c)) {
        return Err(Unsealed::Character(at));
    }
    BASE64.decode(code).map_err(|_| Unsealed::Damaged)
}

/// A checksum of 4 bytes: which one is a layout's own.
pub type Checksum = fn(&[u8]) -> [u8; 4];

/// FNV-1a, 32 bits, big-endian: enough to notice a mistyped or truncated
/// link (the share link's).
pub fn fnv1a(bytes: &[u8]) -> [u8; 4] {
    let hash = bytes.iter().fold(0x811c_9dc5_u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    hash.to_be_bytes()
}

/// The code of `bytes`: followed by their checksum, in base64.
pub fn seal(mut bytes: Vec<u8>, checksum: Checksum) -> String {
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum);
    to_text(&bytes)
}

/// The bytes a sealed code holds, its checksum checked and taken off. The
/// caller caps the code's length first.
///
/// # Errors
/// See [`Unsealed`].
pub fn unseal(code: &str, checksum: Checksum) -> Result<Vec<u8>, Unsealed> {
    let mut bytes = from_text(code)?;
    let Some((body, sum)) = bytes.split_last_chunk::<4>() else {
        return Err(Unsealed::Damaged);
    };
    if checksum(body) != *sum {
        return Err(Unsealed::Damaged);
    }
    bytes.truncate(bytes.len() - 4);
    Ok(bytes)
}

/// `n` as LEB128: seven bits a byte, low first, the high bit set on every
/// byte but the last; 1 to 5 bytes.
pub fn put_number(out: &mut Vec<u8>, mut n: u32) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Where the bytes stopped reading: the position of the byte that is
/// missing or wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StopAt(pub usize);

/// Reads bytes from the front, each step saying where it stopped.
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// The position of the next byte.
    pub fn at(&self) -> usize {
        self.at
    }

    /// How many bytes are left.
    pub fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// Where it stands now, as an error.
    pub fn here(&self) -> StopAt {
        StopAt(self.at)
    }

    /// The next `n` bytes.
    ///
    /// # Errors
    /// Fewer are left.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], StopAt> {
        let end = self.at.checked_add(n).ok_or(self.here())?;
        let s = self.bytes.get(self.at..end).ok_or(self.here())?;
        self.at = end;
        Ok(s)
    }

    /// # Errors
    /// None is left.
    pub fn byte(&mut self) -> Result<u8, StopAt> {
        Ok(self.take(1)?[0])
    }

    /// # Errors
    /// Fewer than `N` are left.
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], StopAt> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    /// A number as [`put_number`] writes it, and only so.
    ///
    /// # Errors
    /// Cut short; written longer than it needs (a last byte 0 after the
    /// first); or larger than 32 bits (a fifth byte above 15, or a sixth).
    pub fn number(&mut self) -> Result<u32, StopAt> {
        let mut n = 0u32;
        for i in 0..5 {
            let at = self.at;
            let b = self.byte()?;
            let bits = u32::from(b & 0x7f);
            if i == 4 && b > 0x0f {
                return Err(StopAt(at));
            }
            n |= bits << (7 * i);
            if b & 0x80 == 0 {
                if b == 0 && i > 0 {
                    return Err(StopAt(at));
                }
                return Ok(n);
            }
        }
        // (Not reached: a fifth byte with its high bit set is refused above.)
        Err(self.here())
    }

    /// `n` bytes of UTF-8 text.
    ///
    /// # Errors
    /// Fewer are left, or they are not UTF-8 (at their start).
    pub fn text(&mut self, n: usize) -> Result<String, StopAt> {
        let start = self.at;
        let bytes = self.take(n)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| StopAt(start))
    }
}
