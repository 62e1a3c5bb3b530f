//! Computer opponents. Every opponent decides from an [`Observation`] alone, so
//! it cannot see hidden cards by construction (R9, R10).

mod adapter;
pub mod advice;
pub mod belief;
mod decision;
pub mod heuristic;
mod knowledge;
mod levels;
mod opponent;
pub mod random;
mod rollout;
pub mod search;
pub mod solver;
pub mod sure;

pub use decision::{Decision, HeuristicOpponent, Opponent, RandomOpponent};
pub use levels::{Difficulty, Strength};
pub use opponent::{Makeup, Reading, SearchOpponent};
pub use search::Budget;
