//! En Garde as a [`search::Game`](super::search::Game): a round is the game, an
//! observation the information set.

use rand::Rng;

use super::search::{Game, InfoSet};
use crate::engine::{Action, Observation, Round, Side};

fn index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

impl Game for Round {
    type Action = Action;

    #[inline]
    fn player(&self) -> usize {
        index(self.to_act())
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend(Round::legal_actions(self));
    }

    #[inline]
    fn apply(&mut self, action: Action) {
        self.play_unchecked(action);
    }

    /// +1 for a won round, −1 for a lost one, 0 for a draw.
    #[inline]
    fn value(&self, player: usize) -> Option<f32> {
        let result = self.result()?;
        Some(match result.winner {
            None => 0.0,
            Some(w) if index(w) == player => 1.0,
            Some(_) => -1.0,
        })
    }
}

impl InfoSet for Observation {
    type State = Round;

    fn player(&self) -> usize {
        index(self.side)
    }

    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Round {
        Observation::sample(self, rng)
    }
}
