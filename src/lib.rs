//! Reiner Knizia's *En Garde*: the rules of every edition (`engine`), game
//! records (`record`), the computer opponent (`ai`), puzzles (`puzzle`),
//! play a friend by correspondence (`friend`, feature `friend`), the referee
//! of the command line (`referee`), and the browser app (`ui`, feature
//! `web`).

#![forbid(unsafe_code)]

pub mod ai;
pub mod engine;
#[cfg(feature = "friend")]
pub mod friend;
pub mod puzzle;
pub mod record;
pub mod referee;
#[cfg(feature = "web")]
pub mod ui;

pub use engine::*;

/// The random generator used everywhere a match is shuffled: named and portable,
/// so a seed replays the same match natively and in the browser.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;
