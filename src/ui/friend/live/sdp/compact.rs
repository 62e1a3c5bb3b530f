//! A description as a link carries it: a few dozen bytes in base64url
//! (strict), read back with each early end or unknown value said by its
//! byte; and a link's text, the message's code then `.` and this.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

use super::description::{ice_char, Address, Candidate, Description, Kind, Origin, SdpError};

impl Description {
    /// Its compact text (base64url without padding).
    pub fn encode(&self) -> String {
        let mut b = vec![match self.kind {
            Kind::Offer => b'o',
            Kind::Answer => b'a',
        }];
        for s in [&self.ufrag, &self.pwd] {
            b.push(s.len() as u8);
            b.extend_from_slice(s.as_bytes());
        }
        b.extend_from_slice(&self.fingerprint);
        for c in &self.candidates {
            let (tag, bytes): (u8, &[u8]) = match &c.address {
                Address::V4(ip) => (0, ip),
                Address::V6(ip) => (1, ip),
                Address::Mdns(u) => (2, u),
            };
            b.push(tag | if c.origin == Origin::Reflexive { 4 } else { 0 });
            b.extend_from_slice(bytes);
            b.extend_from_slice(&c.port.to_be_bytes());
        }
        URL_SAFE_NO_PAD.encode(b)
    }

    /// Reads a compact text ([`Description::encode`]).
    ///
    /// # Errors
    /// Not base64url (strict), or bytes that end early or hold an unknown
    /// value, or more than 8 candidates.
    pub fn decode(text: &str) -> Result<Description, SdpError> {
        if text.len() > 600 {
            return Err(SdpError::Bytes(0));
        }
        let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| SdpError::Text)?;
        let mut r = Reader {
            bytes: &bytes,
            at: 0,
        };
        let kind = match r.byte()? {
            b'o' => Kind::Offer,
            b'a' => Kind::Answer,
            _ => return Err(SdpError::Bytes(0)),
        };
        let mut words = [String::new(), String::new()];
        for w in &mut words {
            let n = r.byte()? as usize;
            let at = r.at;
            let s = std::str::from_utf8(r.take(n)?).ok().filter(|s| ice_char(s));
            *w = s.ok_or(SdpError::Bytes(at))?.to_string();
        }
        let fingerprint = r.array::<32>()?;
        let mut candidates = Vec::new();
        while r.at < bytes.len() {
            let at = r.at;
            let tag = r.byte()?;
            let origin = if tag & 4 != 0 {
                Origin::Reflexive
            } else {
                Origin::Host
            };
            let address = match tag & !4 {
                0 => Address::V4(r.array()?),
                1 => Address::V6(r.array()?),
                2 => Address::Mdns(r.array()?),
                _ => return Err(SdpError::Bytes(at)),
            };
            let port = u16::from_be_bytes(r.array()?);
            candidates.push(Candidate {
                origin,
                address,
                port,
            });
            if candidates.len() > 8 {
                return Err(SdpError::Bytes(at));
            }
        }
        let [ufrag, pwd] = words;
        Ok(Description {
            kind,
            ufrag,
            pwd,
            fingerprint,
            candidates,
        })
    }
}

/// Reads bytes in order; an early end says where.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], SdpError> {
        let s = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or(SdpError::Bytes(self.at))?;
        self.at += n;
        Ok(s)
    }

    fn byte(&mut self) -> Result<u8, SdpError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], SdpError> {
        let at = self.at;
        self.take(N)?.try_into().map_err(|_| SdpError::Bytes(at))
    }
}

/// A link's text: the message's code, and the connection part if any.
pub fn split(link: &str) -> (&str, Option<&str>) {
    match link.split_once('.') {
        Some((code, live)) => (code, Some(live)),
        None => (link, None),
    }
}

/// The connection part of a page that can make no direct connection (no
/// WebRTC, or no address at all): the friend's page stops waiting for one.
pub const UNABLE: &str = "-";

/// The link's text for `code` with the connection part `live`.
pub fn join(code: &str, live: Option<&Description>) -> String {
    match live {
        Some(d) => format!("{code}.{}", d.encode()),
        None => code.to_string(),
    }
}
