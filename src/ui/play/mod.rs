//! The match in play, as pure values the features share: who sits at the
//! table ([`seats`]), what the person is asked ([`prompt`]), the card or
//! cards they picked ([`selection`]), why a round ended ([`summary`]), what
//! the page tells them ([`notice`]), what it remembers ([`save`]), and the
//! catalog's words for these ([`words`]). No component, no browser: tested
//! natively.

pub mod notice;
pub mod prompt;
pub mod reader;
pub mod save;
pub mod seats;
pub mod selection;
pub mod summary;
mod words;
