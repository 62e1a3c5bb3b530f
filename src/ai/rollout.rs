//! The informed rollout policy: fast play on a determinized round, where both
//! hands are in view. It takes a sure hit, avoids standing where the opponent
//! holds more cards of the distance than it does, and usually parries.

use rand::Rng;

use super::search::Policy;
use crate::engine::{Action, Hand, Phase, Round, Side};

/// The chance of a uniformly random action instead of the policy's.
const EPSILON: f64 = 0.1;
/// The chance of parrying when a parry is possible.
const PARRY: f64 = 0.85;

#[derive(Copy, Clone, Debug)]
pub struct InformedRollout {
    /// How much likelier an advance is than any other safe action (1: as
    /// likely): the round's end rewards the fencer farther forward (E3.4).
    pub forward: f64,
}

impl Default for InformedRollout {
    fn default() -> Self {
        InformedRollout { forward: 1.0 }
    }
}

/// Whether `side`, holding `hand`, could retreat from a lunge now (R21, S8).
fn can_escape(round: &Round, side: Side, hand: Hand) -> bool {
    let room = round.public().room_to_retreat(side);
    hand.values().any(|c| c.value() <= room)
}

/// A sure hit with full information: the opponent can neither parry nor escape.
fn is_sure_hit(round: &Round, action: Action) -> bool {
    let p = round.public();
    let me = p.to_act;
    let their = round.hand(me.opponent());
    match action {
        Action::Attack { card, count } => {
            p.rules.level == crate::engine::RulesLevel::Basic || their.count(card) < count
        }
        Action::Lunge { card, count, .. } => {
            their.count(card) < count && !can_escape(round, me.opponent(), their)
        }
        _ => false,
    }
}

/// For an advance or a retreat: the distance after it, and the mover's hand
/// without the card it moves with.
fn after_move(round: &Round, action: Action) -> Option<(u8, Hand)> {
    let p = round.public();
    let (card, forward) = match action {
        Action::Advance(c) => (c, true),
        Action::Retreat(c) => (c, false),
        _ => return None,
    };
    let new_d = p.distance_after(card, forward);
    let mut kept = round.hand(p.to_act);
    kept.remove(card, 1);
    Some((new_d, kept))
}

/// Whether moving by `action` leaves the opponent a sure direct hit next turn.
fn is_exposed(round: &Round, action: Action) -> bool {
    let Some((new_d, mine)) = after_move(round, action) else {
        return false;
    };
    round
        .hand(round.public().to_act.opponent())
        .count_value(new_d)
        > mine.count_value(new_d)
}

impl Policy<Round> for InformedRollout {
    fn choose<R: Rng + ?Sized>(&mut self, round: &Round, legal: &[Action], rng: &mut R) -> Action {
        if legal.len() == 1 || rng.random_bool(EPSILON) {
            return legal[rng.random_range(0..legal.len())];
        }
        if round.phase() == Phase::Answer {
            if legal[0] == Action::Parry && rng.random_bool(PARRY) {
                return Action::Parry;
            }
            return legal[rng.random_range(0..legal.len())];
        }
        if let Some(&hit) = legal.iter().find(|&&a| is_sure_hit(round, a)) {
            return hit;
        }
        // With the draw pile empty, the next action may end the round (E3):
        // take one that wins it, avoid one that loses it.
        let endgame = round.pile().is_empty();
        if !endgame && self.forward == 1.0 {
            // Reservoir-sample one action that does not walk into a sure hit.
            let mut chosen = None;
            let mut seen = 0u32;
            for &a in legal {
                if !is_exposed(round, a) {
                    seen += 1;
                    if rng.random_range(0..seen) == 0 {
                        chosen = Some(a);
                    }
                }
            }
            return chosen.unwrap_or_else(|| legal[rng.random_range(0..legal.len())]);
        }
        let me = round.to_act();
        // Weighted reservoir sampling of one action that does not walk into
        // a sure hit (nor, near the end, lose the round at once).
        let mut chosen = None;
        let mut seen = 0.0;
        for &a in legal {
            if endgame {
                let mut next = *round;
                next.play_unchecked(a);
                if let Some(r) = next.result() {
                    if r.winner == Some(me) {
                        return a;
                    }
                    if r.winner.is_some() {
                        continue;
                    }
                }
            }
            if !is_exposed(round, a) {
                let w = if matches!(a, Action::Advance(_)) {
                    self.forward
                } else {
                    1.0
                };
                seen += w;
                if rng.random_bool((w / seen).min(1.0)) {
                    chosen = Some(a);
                }
            }
        }
        chosen.unwrap_or_else(|| legal[rng.random_range(0..legal.len())])
    }
}
