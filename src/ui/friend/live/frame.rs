//! What travels on the data channel: a message, exactly the code a link
//! would carry (the same decoding, checks, chain and journal), or the word
//! that one arrived. A message not acknowledged when the channel goes is
//! offered again as a link.

use crate::friend::wire::{digest, MAX_CODE};

/// One text on the channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// A message's code (`m…`).
    Message(String),
    /// The message with this digest arrived and was kept (`r` and 32 hex digits).
    Received([u8; 16]),
    /// The page is still here (`h`, sent while the channel is open): a page
    /// that beats and falls silent is gone.
    Beat,
}

/// Why a text from the channel is no frame (it is then ignored).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FrameError {
    /// Longer than any message.
    TooLong(usize),
    /// Its first character names no frame.
    Kind,
    /// An acknowledgement that is not 32 hex digits.
    Digest,
}

impl Frame {
    pub fn text(&self) -> String {
        match self {
            Frame::Message(code) => format!("m{code}"),
            Frame::Beat => "h".to_string(),
            Frame::Received(d) => {
                let hex: String = d.iter().map(|b| format!("{b:02x}")).collect();
                format!("r{hex}")
            }
        }
    }

    /// # Errors
    /// Longer than a message can be, an unknown kind, a malformed digest.
    pub fn read(text: &str) -> Result<Frame, FrameError> {
        if text.len() > MAX_CODE + 1 {
            return Err(FrameError::TooLong(text.len()));
        }
        if let Some(code) = text.strip_prefix('m') {
            return Ok(Frame::Message(code.to_string()));
        }
        if text == "h" {
            return Ok(Frame::Beat);
        }
        let hex = text.strip_prefix('r').ok_or(FrameError::Kind)?;
        if hex.len() != 32 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(FrameError::Digest);
        }
        let mut d = [0u8; 16];
        for (i, b) in d.iter_mut().enumerate() {
            *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).map_err(|_| FrameError::Digest)?;
        }
        Ok(Frame::Received(d))
    }

    /// The acknowledgement of `code`.
    pub fn received(code: &str) -> Frame {
        Frame::Received(digest(code))
    }
}

/// Where the live connection to the friend stands, as the board says it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Presence {
    /// No connection tried or none possible here: links, nothing said.
    #[default]
    Links,
    /// This page's description is being made, to ride on the next link.
    Preparing,
    /// A description rides on the link; the friend's page is to take it.
    Invited,
    /// Both descriptions given: the connection forms.
    Connecting,
    /// The channel is open: messages arrive at once.
    Here,
    /// The channel closed: links again (a new description rides on the next).
    Left,
    /// The connection could not be made: links (said once).
    NoRoute,
}

impl Presence {
    /// Whether the link to send is held back for now: the description to
    /// ride on it is being made, or the channel carries the message.
    pub fn withholds_link(self, acknowledged: bool) -> bool {
        match self {
            Presence::Preparing => true,
            Presence::Here => true,
            // Connecting: shown only if it fails (then Left or NoRoute).
            Presence::Connecting => true,
            Presence::Left | Presence::NoRoute | Presence::Links | Presence::Invited => {
                acknowledged
            }
        }
    }
}
