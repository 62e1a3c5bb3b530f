//! Two people on two devices play each other with no server and no trusted
//! party (docs/FRIEND.md): the deck is shuffled by both pages and each card
//! is opened only for the side that holds it, every shuffle and opening
//! proven where it arrives ([`masked`]); randomness both need is made by
//! commitment and reveal ([`commit`]); a whole match goes
//! by messages ([`wire`]), in parts where a link would be too long
//! ([`parts`]), one seat at a time ([`game`]). The engine judges the
//! actions; this module only deals and audits. Built with the `friend`
//! feature.

pub mod commit;
pub mod game;
pub mod id;
pub mod masked;
pub mod parts;
pub mod round;
pub mod wire;
