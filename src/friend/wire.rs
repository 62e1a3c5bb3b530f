//! The messages two pages exchange as links (docs/FRIEND.md): binary,
//! versioned, URL-safe base64 without padding, with a checksum, and a hash
//! chain: each message names its match, its number, its sender and the
//! message it answers, so an old link, another match's link, a link meant
//! for the other player or a second answer to one message is told apart
//! from the next move. Every length is capped before any work.

use sha2::{Digest, Sha512};

pub use super::id::MatchId;
use super::masked::{CARDS, DECK_BYTES, KEY_BYTES, TOKEN_BYTES};
use crate::record::codec::{self, StopAt, Unsealed};

/// The layout's version, the first byte: the proven deck with every card
/// proven when it is played.
pub const VERSION: u8 = 2;
/// The layout of the retired constructions: a message in it is refused at
/// its first byte, its items unread ([`WireError::Retired`]).
pub const RETIRED: u8 = 1;
/// The longest code a page reads (characters of base64): a proven deck
/// with its argument is about 6,150; the longest message, a round's end
/// with the next proven deck, under 10,000.
pub const MAX_CODE: usize = 16_384;
/// The most items one message carries.
pub const MAX_ITEMS: usize = 64;
/// The longest name in a message, in bytes.
pub const MAX_TEXT: usize = 64;
/// The longest rules (as the record writes them) in a message, in bytes.
pub const MAX_RULES: usize = 255;
/// The most bytes an action takes (a special card's name included).
pub const MAX_ACTION: usize = 32;

/// Which of the two players: the one who invited, or the friend.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    Host,
    Guest,
}

impl Seat {
    pub fn other(self) -> Seat {
        match self {
            Seat::Host => Seat::Guest,
            Seat::Guest => Seat::Host,
        }
    }
}

/// A message's place in its match: which match, its number (from 0, the
/// invitation), who sent it, and a digest of the message it answers (zero
/// for the invitation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    pub game: MatchId,
    pub number: u32,
    pub from: Seat,
    pub answers: [u8; 16],
}

/// What a message carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// An invitation: the rules as the record writes them, and the host's name.
    Invite { rules: String, name: String },
    /// The friend accepts, with their name.
    Accept { name: String },
    /// A commitment to a value for shared randomness, by its purpose.
    Commit { purpose: u8, digest: [u8; 32] },
    /// The value behind a commitment, or the second side's own value.
    Reveal { purpose: u8, value: [u8; 32] },
    /// An action, as the share link encodes it (at most [`MAX_ACTION`]
    /// bytes).
    Action(Vec<u8>),
    /// The sender gives up the match.
    Resign,
    /// The hand whose cards alone ended the round (no answer, I6; no legal
    /// action, E2), card values, as a player lays it down.
    Shown(Vec<u8>),
    /// The sender's Ed25519 public key (the invitation's, the acceptance's):
    /// every later message of theirs is signed with it.
    Key([u8; 32]),
    /// The sender's deck key with its proof of ownership (the invitation's,
    /// the acceptance's), [`KEY_BYTES`].
    DeckKey(Vec<u8>),
    /// The first shuffle of a round's proven deck, with its argument
    /// ([`DECK_BYTES`]).
    MaskedFirst(Vec<u8>),
    /// The second shuffle, the deck in dealing order, with its argument.
    MaskedSecond(Vec<u8>),
    /// A proven token opening the card at a position ([`TOKEN_BYTES`]).
    Token { position: u8, token: Vec<u8> },
    /// The sender's proven token for one card the action before it plays,
    /// at that card's position ([`TOKEN_BYTES`]).
    Played { position: u8, token: Vec<u8> },
    /// The sender's Ed25519 signature of the message without it
    /// ([`Message::signed_bytes`]): the last item.
    Signature([u8; 64]),
}

/// One message, in the layout [`VERSION`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub header: Header,
    pub items: Vec<Item>,
}

/// Why a code is not a message.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    Empty,
    /// Longer than [`MAX_CODE`]: refused before reading.
    TooLong(usize),
    /// A character that is not URL-safe base64, at this position.
    Character(usize),
    /// Made by a newer or unknown version of the page.
    Version(u8),
    /// In the layout of the retired constructions ([`RETIRED`]): made by
    /// an older version of the page.
    Retired,
    /// Cut short or damaged: the checksum does not match.
    Damaged,
    /// The checksum matches but the content does not read (at this byte).
    Content(usize),
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WireError::Empty => f.write_str("the link holds no message"),
            WireError::TooLong(n) => {
                write!(f, "the link is {n} characters long, more than {MAX_CODE}")
            }
            WireError::Character(at) => write!(f, "the link has a stray character at {at}"),
            WireError::Version(v) => write!(f, "the link is of an unknown version {v}"),
            WireError::Retired => f.write_str("the link is of an older version of the page"),
            WireError::Damaged => f.write_str("the link is cut short or damaged"),
            WireError::Content(at) => write!(f, "the link's content does not read at byte {at}"),
        }
    }
}

impl std::error::Error for WireError {}

impl From<StopAt> for WireError {
    fn from(StopAt(at): StopAt) -> WireError {
        WireError::Content(at)
    }
}

impl From<Unsealed> for WireError {
    fn from(e: Unsealed) -> WireError {
        match e {
            Unsealed::Character(at) => WireError::Character(at),
            Unsealed::Damaged => WireError::Damaged,
        }
    }
}

/// The first 16 bytes of SHA-512 of a message's code: what the next message
/// names as the one it answers.
pub fn digest(code: &str) -> [u8; 16] {
    let d = Sha512::digest(code.as_bytes());
    let mut out = [0u8; 16];
    out.copy_from_slice(&d[..16]);
    out
}

/// The code of raw message bytes: with their checksum, in base64 (what
/// [`Message::encode`] ends with; for tests and tools that build odd bytes).
pub fn seal(bytes: Vec<u8>) -> String {
    codec::seal(bytes, checksum)
}

/// The messages' checksum: the first 4 bytes of SHA-512.
fn checksum(bytes: &[u8]) -> [u8; 4] {
    let d = Sha512::digest(bytes);
    [d[0], d[1], d[2], d[3]]
}

impl Message {
    /// The message's code for a link.
    pub fn encode(&self) -> String {
        seal(self.bytes())
    }

    /// What a signature signs: the message's bytes without its last item
    /// when that is the signature.
    pub fn signed_bytes(&self) -> Vec<u8> {
        match self.items.last() {
            Some(Item::Signature(_)) => Message {
                header: self.header,
                items: self.items[..self.items.len() - 1].to_vec(),
            }
            .bytes(),
            _ => self.bytes(),
        }
    }

    /// The signature that ends the message, if it is signed.
    pub fn signature(&self) -> Option<[u8; 64]> {
        match self.items.last() {
            Some(Item::Signature(s)) => Some(*s),
            _ => None,
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut b = vec![VERSION];
        b.extend_from_slice(&self.header.game.0);
        codec::put_number(&mut b, self.header.number);
        b.push(match self.header.from {
            Seat::Host => 0,
            Seat::Guest => 1,
        });
        b.extend_from_slice(&self.header.answers);
        codec::put_number(&mut b, self.items.len() as u32);
        for item in &self.items {
            match item {
                Item::Invite { rules, name } => {
                    b.push(0);
                    text(&mut b, rules, MAX_RULES);
                    text(&mut b, name, MAX_TEXT);
                }
                Item::Accept { name } => {
                    b.push(1);
                    text(&mut b, name, MAX_TEXT);
                }
                Item::Commit { purpose, digest } => {
                    b.extend_from_slice(&[5, *purpose]);
                    b.extend_from_slice(digest);
                }
                Item::Reveal { purpose, value } => {
                    b.extend_from_slice(&[6, *purpose]);
                    b.extend_from_slice(value);
                }
                Item::Action(bytes) => {
                    let bytes = &bytes[..bytes.len().min(MAX_ACTION)];
                    b.extend_from_slice(&[7, bytes.len() as u8]);
                    b.extend_from_slice(bytes);
                }
                Item::Resign => b.push(9),
                Item::Shown(values) => {
                    let values = &values[..values.len().min(CARDS)];
                    b.extend_from_slice(&[10, values.len() as u8]);
                    b.extend_from_slice(values);
                }
                Item::Key(key) => {
                    b.push(11);
                    b.extend_from_slice(key);
                }
                Item::Signature(sig) => {
                    b.push(12);
                    b.extend_from_slice(sig);
                }
                Item::DeckKey(bytes) => {
                    b.push(13);
                    b.extend_from_slice(bytes);
                }
                Item::MaskedFirst(bytes) | Item::MaskedSecond(bytes) => {
                    b.push(if matches!(item, Item::MaskedFirst(_)) {
                        14
                    } else {
                        15
                    });
                    b.extend_from_slice(bytes);
                }
                Item::Token { position, token } => {
                    b.extend_from_slice(&[16, *position]);
                    b.extend_from_slice(token);
                }
                Item::Played { position, token } => {
                    b.extend_from_slice(&[17, *position]);
                    b.extend_from_slice(token);
                }
            }
        }
        b
    }

    /// A message read from its code.
    ///
    /// # Errors
    /// What is wrong with the code ([`WireError`]), found before any other
    /// work: its length first; a message of the retired layout is refused
    /// at its first byte ([`WireError::Retired`]).
    pub fn decode(code: &str) -> Result<Message, WireError> {
        let body = unsealed(code)?;
        let mut r = Reader(codec::Reader::new(&body));
        if layout(&mut r)? == RETIRED {
            return Err(WireError::Retired);
        }
        let header = r.header()?;
        let count = r.number()? as usize;
        if count > MAX_ITEMS {
            return Err(r.wrong());
        }
        let mut items = Vec::with_capacity(count);
        for _ in 0..count {
            let item = match r.byte()? {
                0 => Item::Invite {
                    rules: r.text(MAX_RULES)?,
                    name: r.text(MAX_TEXT)?,
                },
                1 => Item::Accept {
                    name: r.text(MAX_TEXT)?,
                },
                5 => Item::Commit {
                    purpose: r.byte()?,
                    digest: r.array::<32>()?,
                },
                6 => Item::Reveal {
                    purpose: r.byte()?,
                    value: r.array::<32>()?,
                },
                7 => {
                    let n = usize::from(r.byte()?);
                    if !(1..=MAX_ACTION).contains(&n) {
                        return Err(r.wrong());
                    }
                    Item::Action(r.take(n)?.to_vec())
                }
                9 => Item::Resign,
                10 => {
                    let n = usize::from(r.byte()?);
                    let values = r.take(n.min(CARDS + 1))?.to_vec();
                    if n > CARDS || values.iter().any(|v| !(1..=5).contains(v)) {
                        return Err(r.wrong());
                    }
                    Item::Shown(values)
                }
                11 => Item::Key(r.array::<32>()?),
                12 => Item::Signature(r.array::<64>()?),
                13 => Item::DeckKey(r.take(KEY_BYTES)?.to_vec()),
                14 => Item::MaskedFirst(r.take(DECK_BYTES)?.to_vec()),
                15 => Item::MaskedSecond(r.take(DECK_BYTES)?.to_vec()),
                16 => Item::Token {
                    position: r.byte()?,
                    token: r.take(TOKEN_BYTES)?.to_vec(),
                },
                17 => Item::Played {
                    position: r.byte()?,
                    token: r.take(TOKEN_BYTES)?.to_vec(),
                },
                _ => return Err(r.wrong()),
            };
            items.push(item);
        }
        if r.0.left() != 0 {
            return Err(r.wrong());
        }
        Ok(Message { header, items })
    }
}

/// The header of the message `code`, in either layout (the header is the
/// same in both): which match a link belongs to, read without its items.
///
/// # Errors
/// As [`Message::decode`], but a message of the retired layout reads.
pub fn header(code: &str) -> Result<Header, WireError> {
    let body = unsealed(code)?;
    let mut r = Reader(codec::Reader::new(&body));
    layout(&mut r)?;
    r.header()
}

/// The bytes a code holds, its length checked first, then its checksum.
fn unsealed(code: &str) -> Result<Vec<u8>, WireError> {
    if code.is_empty() {
        return Err(WireError::Empty);
    }
    if code.len() > MAX_CODE {
        return Err(WireError::TooLong(code.len()));
    }
    Ok(codec::unseal(code, checksum)?)
}

/// A message's layout, its first byte: [`VERSION`] or [`RETIRED`].
fn layout(r: &mut Reader<'_>) -> Result<u8, WireError> {
    match r.byte()? {
        v @ (VERSION | RETIRED) => Ok(v),
        v => Err(WireError::Version(v)),
    }
}

/// Why a message does not continue a match as the receiver holds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChainError {
    /// A message of another match.
    OtherMatch,
    /// A message this page sent: meant for the other player.
    OwnMessage,
    /// A message already read, or older.
    Old,
    /// A message from later in the match than the next one: one in between
    /// is missing.
    Ahead,
    /// The right number, but it answers another message than the last one
    /// sent: a second answer to an earlier message.
    Forked,
}

impl std::fmt::Display for ChainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ChainError::OtherMatch => "the link belongs to another match",
            ChainError::OwnMessage => "the link is one this page sent, meant for the friend",
            ChainError::Old => "the link was already opened, or is older",
            ChainError::Ahead => "a link in between is missing",
            ChainError::Forked => "the link answers an older move than the last one sent",
        })
    }
}

impl std::error::Error for ChainError {}

/// Where a match stands for one page: its match, its seat, and the last
/// message it sent (its number and code digest).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub game: MatchId,
    pub seat: Seat,
    pub last_sent: u32,
    pub last_digest: [u8; 16],
}

impl Chain {
    /// Whether `header` is the next message of this match for this page:
    /// from the other player, numbered one after the last message sent, and
    /// answering that message.
    ///
    /// # Errors
    /// Why it is not ([`ChainError`]); nothing is changed.
    pub fn check(&self, header: &Header) -> Result<(), ChainError> {
        if header.game != self.game {
            return Err(ChainError::OtherMatch);
        }
        if header.from == self.seat {
            return Err(ChainError::OwnMessage);
        }
        let next = self.last_sent + 1;
        if header.number < next {
            return Err(ChainError::Old);
        }
        if header.number > next {
            return Err(ChainError::Ahead);
        }
        if header.answers != self.last_digest {
            return Err(ChainError::Forked);
        }
        Ok(())
    }
}

/// `s`, cut to at most `max` bytes at a character's boundary, with its length.
fn text(b: &mut Vec<u8>, s: &str, max: usize) {
    let s = &s.as_bytes()[..s.len().min(max)];
    // Cut at a character boundary.
    let cut = (0..=s.len())
        .rev()
        .find(|&n| std::str::from_utf8(&s[..n]).is_ok())
        .unwrap_or(0);
    b.push(cut as u8);
    b.extend_from_slice(&s[..cut]);
}

/// The messages' reader: [`codec::Reader`] and the layout's text.
struct Reader<'a>(codec::Reader<'a>);

impl Reader<'_> {
    fn wrong(&self) -> WireError {
        WireError::Content(self.0.at())
    }

    fn take(&mut self, n: usize) -> Result<&[u8], WireError> {
        Ok(self.0.take(n)?)
    }

    fn byte(&mut self) -> Result<u8, WireError> {
        Ok(self.0.byte()?)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], WireError> {
        Ok(self.0.array()?)
    }

    fn number(&mut self) -> Result<u32, WireError> {
        Ok(self.0.number()?)
    }

    /// A message's header, after its layout byte.
    fn header(&mut self) -> Result<Header, WireError> {
        let game = MatchId(self.array::<8>()?);
        let number = self.number()?;
        let from = match self.byte()? {
            0 => Seat::Host,
            1 => Seat::Guest,
            _ => return Err(self.wrong()),
        };
        let answers = self.array::<16>()?;
        Ok(Header {
            game,
            number,
            from,
            answers,
        })
    }

    /// One byte of length (at most `max`), then the text.
    fn text(&mut self, max: usize) -> Result<String, WireError> {
        let n = usize::from(self.byte()?);
        if n > max {
            return Err(self.wrong());
        }
        Ok(self.0.text(n)?)
    }
}
