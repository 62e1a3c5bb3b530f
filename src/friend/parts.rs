//! A link too long for some chat apps goes as numbered parts
//! (docs/FRIEND.md): each part names the whole text's digest, its number
//! and how many there are, with a checksum of its own; the receiver
//! collects them in any order ([`Parts`]) and takes the text once all are
//! in and its digest matches. Every size is capped before any work.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha512};

use super::wire::digest;
use crate::record::codec;

/// The longest link a chat app takes whole everywhere we know of
/// (Telegram's 4,096 characters a message), the page's address included.
pub const MAX_LINK: usize = 4096;
/// The most parts a text goes in.
pub const MAX_PARTS: usize = 32;
/// A part's first character: never in a message's code (URL-safe base64,
/// with `.` before a connection's part).
pub const MARK: char = '~';
/// A part's head in bytes: its number, the total, the whole text's
/// digest and the part's checksum.
const HEAD_BYTES: usize = 24;
/// The head as base64 (24 bytes, 32 characters, no padding).
const HEAD_CHARS: usize = HEAD_BYTES / 3 * 4;
/// What a part adds to its piece of the text.
pub const OVERHEAD: usize = 1 + HEAD_CHARS;

/// One part of a text: its number (from 0), how many parts there are, the
/// whole text's digest, and its piece of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub index: u8,
    pub total: u8,
    pub digest: [u8; 16],
    pub piece: String,
}

/// Why a part is not taken; nothing changed (but [`PartError::Mismatch`]:
/// the parts collected are dropped).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PartError {
    /// Cut short, changed, or not a part at all (its checksum, its number
    /// or its total does not read).
    Damaged,
    /// A part of another text than the parts collected so far.
    OtherMessage,
    /// The same text's digest with another total: crafted or damaged.
    OtherTotal,
    /// A part with this number came already, with other content.
    Conflict,
    /// All parts are in but they do not make the text their digest names.
    Mismatch,
}

impl std::fmt::Display for PartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PartError::Damaged => "the part is damaged or not a part of a link",
            PartError::OtherMessage => "the part belongs to another message",
            PartError::OtherTotal => "the part gives another number of parts",
            PartError::Conflict => "a part with this number came with other content",
            PartError::Mismatch => "the parts do not make the message they name",
        })
    }
}

/// A part's checksum: the first 6 bytes of SHA-512 of its head's first
/// 18 bytes and its piece.
fn check(head: &[u8], piece: &str) -> [u8; 6] {
    let mut h = Sha512::new();
    h.update(head);
    h.update(piece.as_bytes());
    let d = h.finalize();
    let mut out = [0u8; 6];
    out.copy_from_slice(&d[..6]);
    out
}

impl Part {
    /// The part as a link's text: [`MARK`], its head in base64, its piece.
    pub fn encode(&self) -> String {
        let mut head = Vec::with_capacity(HEAD_BYTES);
        head.extend([self.index, self.total]);
        head.extend(self.digest);
        let sum = check(&head, &self.piece);
        head.extend(sum);
        format!("{MARK}{}{}", codec::to_text(&head), self.piece)
    }

    /// Reads a link's text as a part.
    ///
    /// # Errors
    /// [`PartError::Damaged`] unless it is a part whose checksum matches,
    /// numbered below a total from 2 to [`MAX_PARTS`], at most
    /// [`MAX_LINK`] characters.
    pub fn decode(text: &str) -> Result<Part, PartError> {
        if text.len() > MAX_LINK || !text.is_ascii() {
            return Err(PartError::Damaged);
        }
        let rest = text.strip_prefix(MARK).ok_or(PartError::Damaged)?;
        if rest.len() < HEAD_CHARS {
            return Err(PartError::Damaged);
        }
        let (head, piece) = rest.split_at(HEAD_CHARS);
        let head = codec::from_text(head).map_err(|_| PartError::Damaged)?;
        if head.len() != HEAD_BYTES || head[18..] != check(&head[..18], piece)[..] {
            return Err(PartError::Damaged);
        }
        let (index, total) = (head[0], head[1]);
        if !(2..=MAX_PARTS).contains(&usize::from(total)) || index >= total || piece.is_empty() {
            return Err(PartError::Damaged);
        }
        let mut digest = [0u8; 16];
        digest.copy_from_slice(&head[2..18]);
        Ok(Part {
            index,
            total,
            digest,
            piece: piece.to_string(),
        })
    }
}

/// Whether a link's text is a part (else a whole message's code).
pub fn is_part(text: &str) -> bool {
    text.starts_with(MARK)
}

/// The links' texts for `text`, each at most `room` characters: the text
/// itself when it fits (or cannot be split: not ASCII, or in more than
/// [`MAX_PARTS`] parts), else its parts of nearly equal length.
pub fn split(text: &str, room: usize) -> Vec<String> {
    let fits = room.saturating_sub(OVERHEAD);
    if text.len() <= room || fits == 0 || !text.is_ascii() {
        return vec![text.to_string()];
    }
    let total = text.len().div_ceil(fits);
    if total > MAX_PARTS {
        return vec![text.to_string()];
    }
    let size = text.len().div_ceil(total);
    let digest = digest(text);
    let pieces: Vec<&str> = text
        .as_bytes()
        .chunks(size)
        .filter_map(|c| std::str::from_utf8(c).ok())
        .collect();
    let total = pieces.len() as u8;
    pieces
        .into_iter()
        .enumerate()
        .map(|(i, piece)| {
            Part {
                index: i as u8,
                total,
                digest,
                piece: piece.to_string(),
            }
            .encode()
        })
        .collect()
}

/// How far a collection is: the parts in, by number (from 1), of `total`;
/// or the whole text, once every part is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    Waiting { total: u8, got: Vec<u8> },
    Complete(String),
}

impl Progress {
    /// The parts still missing, by number (from 1).
    pub fn missing(&self) -> Vec<u8> {
        match self {
            Progress::Waiting { total, got } => (1..=*total).filter(|n| !got.contains(n)).collect(),
            Progress::Complete(_) => Vec::new(),
        }
    }
}

/// The parts of one text collected so far; empty before the first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    digest: [u8; 16],
    pieces: Vec<Option<String>>,
}

impl Parts {
    /// The digest of the whole text the parts are of (zeros when empty).
    pub fn digest(&self) -> [u8; 16] {
        self.digest
    }

    /// Whether no part is collected.
    pub fn is_empty(&self) -> bool {
        self.pieces.iter().all(Option::is_none)
    }

    /// Where the collection stands (`None` when empty).
    pub fn progress(&self) -> Option<Progress> {
        if self.is_empty() {
            return None;
        }
        let got = (1..=self.pieces.len() as u8)
            .filter(|&n| self.pieces[usize::from(n) - 1].is_some())
            .collect();
        Some(Progress::Waiting {
            total: self.pieces.len() as u8,
            got,
        })
    }

    /// The parts collected, as links' texts (what a page keeps across a
    /// reload, one a line).
    pub fn texts(&self) -> Vec<String> {
        let total = self.pieces.len() as u8;
        (0..total)
            .filter_map(|index| {
                let piece = self.pieces[usize::from(index)].clone()?;
                let digest = self.digest;
                Some(
                    Part {
                        index,
                        total,
                        digest,
                        piece,
                    }
                    .encode(),
                )
            })
            .collect()
    }

    /// The collection of parts kept as `texts`, each checked as when it
    /// came: empty if any is refused, or if they make a whole text (kept
    /// data is never trusted).
    pub fn from_texts<'a>(texts: impl IntoIterator<Item = &'a str>) -> Parts {
        let mut parts = Parts::default();
        for text in texts.into_iter().take(MAX_PARTS) {
            if !matches!(parts.add_text(text), Ok(Progress::Waiting { .. })) {
                return Parts::default();
            }
        }
        parts
    }

    /// Takes in `part`; once every part is in, gives the whole text and
    /// empties the collection. A part that came already with the same
    /// content changes nothing.
    ///
    /// # Errors
    /// A part of another text ([`PartError::OtherMessage`]), another total
    /// ([`PartError::OtherTotal`]), a number that came with other content
    /// ([`PartError::Conflict`]): nothing changes. All in but not the text
    /// their digest names ([`PartError::Mismatch`]): the collection is
    /// emptied.
    pub fn add(&mut self, part: Part) -> Result<Progress, PartError> {
        if self.is_empty() {
            *self = Parts {
                digest: part.digest,
                pieces: vec![None; usize::from(part.total)],
            };
        } else if part.digest != self.digest {
            return Err(PartError::OtherMessage);
        } else if usize::from(part.total) != self.pieces.len() {
            return Err(PartError::OtherTotal);
        }
        let slot = self
            .pieces
            .get_mut(usize::from(part.index))
            .ok_or(PartError::Damaged)?;
        match slot {
            Some(p) if *p != part.piece => return Err(PartError::Conflict),
            _ => *slot = Some(part.piece),
        }
        if self.pieces.iter().any(Option::is_none) {
            return self.progress().ok_or(PartError::Damaged);
        }
        let whole: String = std::mem::take(&mut self.pieces)
            .into_iter()
            .flatten()
            .collect();
        if digest(&whole) != self.digest {
            return Err(PartError::Mismatch);
        }
        Ok(Progress::Complete(whole))
    }

    /// Reads a link's text as a part and takes it in ([`Parts::add`]).
    ///
    /// # Errors
    /// As [`Part::decode`] and [`Parts::add`].
    pub fn add_text(&mut self, text: &str) -> Result<Progress, PartError> {
        self.add(Part::decode(text)?)
    }
}
