//! The table: the piste and its fencers, the hands, the piles, the score
//! lamps, the actions, the log and a round's summary. The page
//! ([`super::game`]), the lessons and the review lay them out.

pub(crate) mod action_bar;
pub mod fencer;
pub mod hand;
pub(crate) mod log;
pub(crate) mod picker;
pub(crate) mod pile;
pub mod piste;
pub(crate) mod round_summary;
pub(crate) mod scores;
pub(crate) mod tracker;
