//! A connection offer or answer in a few dozen bytes: what a
//! WebRTC data channel needs of a session description (RFC 8866, RFC 8839
//! for ICE, RFC 8841 for SCTP over DTLS) — the ICE user name and password,
//! the DTLS certificate's SHA-256 fingerprint, its role, and the UDP
//! candidates gathered (non-trickle) — and back to a description the
//! browser takes. It rides on a link after the message's code (`.`, then
//! base64url, `compact.rs`).

mod compact;
mod description;

pub use self::compact::{join, split, UNABLE};
pub use self::description::{Address, Candidate, Description, Kind, Origin, SdpError};
