//! The table: the piste and its fencers, the hands, the piles, the score
//! lamps, the actions, the log and a round's summary. The page
//! ([`super::game`]), the lessons and the review lay them out.

pub mod action_bar;
pub mod fencer;
pub mod hand;
pub mod log;
pub mod pile;
pub mod piste;
pub mod round_summary;
pub mod scores;
pub mod tracker;
