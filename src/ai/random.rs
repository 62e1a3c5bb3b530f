//! Uniformly random play: the benchmark's playouts and the weakest opponent.

use rand::Rng;

use crate::engine::{ActionList, Round};

/// Plays uniformly random legal actions until the round ends; returns how
/// many were played.
pub fn playout_counting<R: Rng + ?Sized>(round: &mut Round, rng: &mut R) -> u64 {
    let mut actions = ActionList::new();
    let mut n = 0;
    while !round.is_over() {
        round.legal_actions_into(&mut actions);
        let action = actions[rng.random_range(0..actions.len())];
        round.play_unchecked(action);
        n += 1;
    }
    n
}
