//! A whole match by correspondence, as one seat has it (docs/FRIEND.md,
//! "The match by correspondence"): the seats send in turn (the chain
//! accepts only the answer to the last message sent); the seat that sends
//! next plays what its person may play, then sends everything it owes in
//! one message. Round 1's public chance (the starter by lot, the
//! Duel's special card) comes from a commitment and two values; a later
//! round's from both seats' round values, each committed with its deck and
//! revealed at the round's end. Each round is audited once both hands are
//! shown and added to the match as the engine replays it, so both seats end
//! with the same record.
//!
//! The host plays White, the guest Black.
//!
//! By concept: the seat's state and what it shows ([`state`]); the
//! invitation and its acceptance ([`begin`]); this seat's own steps, played
//! and sent ([`own`]); a message received ([`receive`]); the journal
//! ([`journal`]) and the match rebuilt from it ([`rebuild`]), or from a
//! snapshot beside it ([`snapshot`]); the seat's
//! secrets and the chance they decide ([`secrets`]); and why a step is
//! refused ([`errors`]).

mod begin;
mod errors;
mod journal;
mod own;
mod rebuild;
mod receive;
mod secrets;
mod snapshot;
mod state;

pub use begin::match_of;
pub use errors::{Audited, Cheat, FriendError};
pub use journal::{Begun, Journal, JournalEntry};
pub use secrets::Secrets;
pub use snapshot::Snapshot;
pub use state::FriendMatch;
