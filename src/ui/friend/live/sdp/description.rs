//! A session description's parts as the page keeps them, read from the
//! browser's text and written back.

/// An offer (made first) or the answer to one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Offer,
    Answer,
}

/// Where a candidate's address came from (RFC 8445 §5.1.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The device's own address (or its mDNS name).
    Host,
    /// Its public address, as a STUN server saw it.
    Reflexive,
}

/// A candidate's address: an IP, or an mDNS name (`<uuid>.local`), which
/// browsers give in place of a local IP.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Address {
    V4([u8; 4]),
    V6([u8; 16]),
    Mdns([u8; 16]),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub origin: Origin,
    pub address: Address,
    pub port: u16,
}

/// What a data channel's session description needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    pub kind: Kind,
    pub ufrag: String,
    pub pwd: String,
    /// SHA-256 of the DTLS certificate.
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
}

/// Why a description does not read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SdpError {
    /// The browser's description lacks this (`ice-ufrag`, `ice-pwd`,
    /// `fingerprint`).
    Missing(&'static str),
    /// A line of the browser's description does not read.
    Line(usize),
    /// The compact text is not base64url.
    Text,
    /// The compact bytes end early or carry an unknown value.
    Bytes(usize),
}

impl std::fmt::Display for SdpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SdpError::Missing(what) => write!(f, "the description has no {what}"),
            SdpError::Line(n) => write!(f, "line {n} of the description does not read"),
            SdpError::Text => write!(f, "the connection part is not base64url"),
            SdpError::Bytes(at) => write!(f, "the connection part is damaged at byte {at}"),
        }
    }
}

/// ICE credentials are 4–256 characters of `[A-Za-z0-9+/]` (RFC 8839 §5.4).
pub(super) fn ice_char(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 255
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
}

fn hex_byte(s: &str) -> Option<u8> {
    (s.len() == 2).then_some(())?;
    u8::from_str_radix(s, 16).ok()
}

/// `a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> …`:
/// UDP candidates of component 1, host or server-reflexive; others are left.
fn candidate(line: &str) -> Option<Option<Candidate>> {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() < 8 || f[6] != "typ" {
        return None;
    }
    let port: u16 = f[5].parse().ok()?;
    if f[1] != "1" || !f[2].eq_ignore_ascii_case("udp") {
        return Some(None);
    }
    let origin = match f[7] {
        "host" => Origin::Host,
        "srflx" => Origin::Reflexive,
        _ => return Some(None),
    };
    let address = if let Some(name) = f[4].strip_suffix(".local") {
        let hex: String = name.chars().filter(|&c| c != '-').collect();
        let mut uuid = [0u8; 16];
        if hex.len() != 32 {
            return Some(None);
        }
        for (i, b) in uuid.iter_mut().enumerate() {
            *b = hex_byte(&hex[2 * i..2 * i + 2])?;
        }
        Address::Mdns(uuid)
    } else {
        match f[4].parse::<std::net::IpAddr>().ok()? {
            std::net::IpAddr::V4(ip) => Address::V4(ip.octets()),
            std::net::IpAddr::V6(ip) => Address::V6(ip.octets()),
        }
    };
    Some(Some(Candidate {
        origin,
        address,
        port,
    }))
}

impl Description {
    /// Reads the browser's description of `kind` (its UDP candidates of
    /// component 1, at most 8).
    ///
    /// # Errors
    /// A line that does not read, or no ICE credentials or fingerprint.
    pub fn from_sdp(kind: Kind, sdp: &str) -> Result<Description, SdpError> {
        let (mut ufrag, mut pwd, mut fingerprint) = (None, None, None);
        let mut candidates = Vec::new();
        for (n, line) in sdp.lines().enumerate() {
            let line = line.trim_end();
            if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
                ufrag = Some(
                    ice_char(v)
                        .then(|| v.to_string())
                        .ok_or(SdpError::Line(n + 1))?,
                );
            } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
                pwd = Some(
                    ice_char(v)
                        .then(|| v.to_string())
                        .ok_or(SdpError::Line(n + 1))?,
                );
            } else if let Some(v) = line.strip_prefix("a=fingerprint:") {
                let Some(hex) = v
                    .strip_prefix("sha-256 ")
                    .or_else(|| v.strip_prefix("SHA-256 "))
                else {
                    continue;
                };
                let bytes: Option<Vec<u8>> = hex.split(':').map(hex_byte).collect();
                let bytes = bytes.ok_or(SdpError::Line(n + 1))?;
                fingerprint = Some(<[u8; 32]>::try_from(bytes).map_err(|_| SdpError::Line(n + 1))?);
            } else if let Some(v) = line.strip_prefix("a=candidate:") {
                match candidate(v) {
                    Some(Some(c)) if candidates.len() < 8 && !candidates.contains(&c) => {
                        candidates.push(c)
                    }
                    Some(_) => {}
                    None => return Err(SdpError::Line(n + 1)),
                }
            }
        }
        Ok(Description {
            kind,
            ufrag: ufrag.ok_or(SdpError::Missing("ice-ufrag"))?,
            pwd: pwd.ok_or(SdpError::Missing("ice-pwd"))?,
            fingerprint: fingerprint.ok_or(SdpError::Missing("fingerprint"))?,
            candidates,
        })
    }

    /// The description the browser takes (`setRemoteDescription`): one
    /// data channel over SCTP, its candidates complete.
    pub fn to_sdp(&self) -> String {
        let setup = match self.kind {
            Kind::Offer => "actpass",
            Kind::Answer => "active",
        };
        let fingerprint: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        let mut s = String::from(
            "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n\
             m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n",
        );
        for (i, c) in self.candidates.iter().enumerate() {
            let address = match c.address {
                Address::V4(ip) => std::net::Ipv4Addr::from(ip).to_string(),
                Address::V6(ip) => std::net::Ipv6Addr::from(ip).to_string(),
                Address::Mdns(u) => {
                    let h: String = u.iter().map(|b| format!("{b:02x}")).collect();
                    format!(
                        "{}-{}-{}-{}-{}.local",
                        &h[..8],
                        &h[8..12],
                        &h[12..16],
                        &h[16..20],
                        &h[20..]
                    )
                }
            };
            // Host before reflexive, then in the order gathered (RFC 8445 §5.1.2).
            let (kind, preference) = match c.origin {
                Origin::Host => ("host", 126u32),
                Origin::Reflexive => ("srflx", 100),
            };
            let priority = (preference << 24) | ((65_535 - i as u32) << 8) | 255;
            s.push_str(&format!(
                "a=candidate:{i} 1 udp {priority} {address} {} typ {kind}\r\n",
                c.port
            ));
        }
        s.push_str("a=end-of-candidates\r\n");
        s.push_str(&format!(
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\n",
            self.ufrag, self.pwd
        ));
        s.push_str(&format!(
            "a=fingerprint:sha-256 {}\r\n",
            fingerprint.join(":")
        ));
        s.push_str(&format!(
            "a=setup:{setup}\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
        ));
        s
    }
}
