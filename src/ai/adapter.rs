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

    const ACTION_INDICES: usize = 170;

    /// Advances 0–4, retreats 5–9, attacks 10–34, lunges 35–159, parry 160,
    /// picks 161–167, forfeit 168; counts above 5 (never legal) share 169.
    #[inline]
    fn action_index(action: &Action) -> usize {
        let v = |c: crate::engine::Card| usize::from(c.value()) - 1;
        let n = |count: u8| -> Option<usize> {
            (1..=5).contains(&count).then(|| usize::from(count) - 1)
        };
        match *action {
            Action::Advance(c) => v(c),
            Action::Retreat(c) => 5 + v(c),
            Action::Attack { card, count } => n(count).map_or(169, |k| 10 + v(card) * 5 + k),
            Action::Lunge {
                advance,
                card,
                count,
            } => n(count).map_or(169, |k| 35 + (v(advance) * 5 + v(card)) * 5 + k),
            Action::Parry => 160,
            Action::Choose(s) => 161 + s as usize,
            Action::Forfeit => 168,
        }
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
        index(self.side())
    }

    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Round {
        Observation::sample(self, rng)
    }
}
