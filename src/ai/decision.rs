//! What every computer opponent is: the trait, [`Opponent`], and what it
//! decides, [`Decision`]; the two that do not search, random and the
//! one-move card counter. Below the searching opponent (`opponent.rs`), which
//! is one of them.

use rand::Rng;

use super::heuristic;
use super::search::Budget;
use crate::engine::{Action, Observation, PastAction};
use crate::GameRng;

/// What an opponent decided, with how much it searched.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Decision {
    pub action: Action,
    /// Search iterations (0 for opponents that do not search).
    pub iterations: u32,
}

/// A computer opponent.
pub trait Opponent {
    /// Chooses a legal action for the observing side, which must be to act,
    /// from its observation and the actions of this round, both sides'
    /// ([`Match::round_history`](crate::engine::Match::round_history):
    /// public, R9), which an opponent may read. `budget` bounds a search;
    /// opponents that do not search ignore it.
    ///
    /// # Panics
    /// If the observing side has no legal action.
    fn decide(
        &mut self,
        obs: &Observation,
        past: &[PastAction],
        budget: Budget,
        rng: &mut GameRng,
    ) -> Decision;
}

/// Uniformly random legal actions.
#[derive(Default)]
pub struct RandomOpponent;

impl Opponent for RandomOpponent {
    fn decide(
        &mut self,
        obs: &Observation,
        _: &[PastAction],
        _: Budget,
        rng: &mut GameRng,
    ) -> Decision {
        let legal = obs.legal_actions();
        Decision {
            action: legal[rng.random_range(0..legal.len())],
            iterations: 0,
        }
    }
}

/// The one-move card counter of [`heuristic`](super::heuristic).
#[derive(Default)]
pub struct HeuristicOpponent;

impl Opponent for HeuristicOpponent {
    fn decide(
        &mut self,
        obs: &Observation,
        _: &[PastAction],
        _: Budget,
        rng: &mut GameRng,
    ) -> Decision {
        Decision {
            action: heuristic::choose(obs, rng),
            iterations: 0,
        }
    }
}
