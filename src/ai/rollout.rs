//! The informed rollout policy: fast play on a determinized round, where both
//! hands are in view. It takes a sure hit, avoids standing where the opponent
//! holds more cards of the distance than it does, and usually parries.

use rand::Rng;

use super::search::Policy;
use crate::engine::{Action, Hand, Phase, Round, Side};

#[derive(Copy, Clone, Debug)]
pub struct InformedRollout {
    /// The chance of a uniformly random action instead.
    pub epsilon: f64,
    /// The chance of parrying when a parry is possible.
    pub parry: f64,
    /// Each side plays from what it may know (its hand, the cards played),
    /// not from the other's hand: a likely hit instead of a sure one.
    pub honest: bool,
    /// How much likelier an advance is than any other safe action (1: as
    /// likely): the round's end rewards the fencer farther forward (E3.4).
    pub forward: f64,
    /// With at most this many cards in the draw pile, take an action that
    /// ends the round won and avoid one that ends it lost (E3), looking one
    /// action ahead; 0: never.
    pub endgame: u8,
    /// Never attack when the other side surely parries (with full
    /// information), unless nothing else is safe.
    pub wise: bool,
    /// Escape a lunge by the shortest retreat that does not stand in a sure
    /// hit (ground counts at the end, E3.4), instead of any answer at random.
    pub small_retreat: bool,
}

impl Default for InformedRollout {
    fn default() -> Self {
        InformedRollout {
            epsilon: 0.1,
            parry: 0.85,
            honest: false,
            forward: 1.0,
            endgame: 0,
            wise: false,
            small_retreat: false,
        }
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
            p.rules.level == crate::engine::Level::Basic || their.count(card) < count
        }
        Action::Lunge { card, count, .. } => {
            their.count(card) < count && !can_escape(round, me.opponent(), their)
        }
        _ => false,
    }
}

/// An attack or lunge that the other side surely parries (full information).
fn is_parried(round: &Round, action: Action) -> bool {
    let their = round.hand(round.public().to_act.opponent());
    match action {
        Action::Attack { card, count } | Action::Lunge { card, count, .. } => {
            their.count(card) >= count
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
        if legal.len() == 1 || rng.random_bool(self.epsilon) {
            return legal[rng.random_range(0..legal.len())];
        }
        if round.phase() == Phase::Answer {
            if legal[0] == Action::Parry && rng.random_bool(self.parry) {
                return Action::Parry;
            }
            if self.small_retreat {
                // The shortest retreat that does not stand in a sure hit.
                let safe = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Retreat(_)) && !is_exposed(round, **a))
                    .min_by_key(|a| match a {
                        Action::Retreat(c) => c.value(),
                        _ => u8::MAX,
                    });
                if let Some(&a) = safe {
                    return a;
                }
            }
            return legal[rng.random_range(0..legal.len())];
        }
        if self.honest {
            return honest::choose(round, legal, rng);
        }
        if let Some(&hit) = legal.iter().find(|&&a| is_sure_hit(round, a)) {
            return hit;
        }
        let endgame = round.pile().len() <= self.endgame;
        if !endgame && self.forward == 1.0 && !self.wise {
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
            if self.wise && is_parried(round, a) {
                continue;
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

/// The rollout played from each side's own knowledge: the other's hand as
/// any cards of the unseen ones ([`OpponentHand`]).
mod honest {
    use rand::Rng;

    use crate::ai::knowledge::OpponentHand;
    use crate::engine::{Action, Level, Round};

    /// Below this chance of a parry (or an escape), a hit is taken as likely.
    const LIKELY: f64 = 0.2;

    pub fn choose<R: Rng + ?Sized>(round: &Round, legal: &[Action], rng: &mut R) -> Action {
        let p = round.public();
        let me = p.to_act;
        let them = OpponentHand::of(&round.observation(me));
        let likely_hit = |a: &Action| match *a {
            Action::Attack { card, count } => {
                p.rules.level == Level::Basic || them.p_at_least(card.value(), count) < LIKELY
            }
            Action::Lunge { card, count, .. } => {
                them.p_at_least(card.value(), count) < LIKELY
                    && 1.0 - them.p_all_above(p.room_to_retreat(me.opponent())) < LIKELY
            }
            _ => false,
        };
        if let Some(&hit) = legal.iter().find(|a| likely_hit(a)) {
            return hit;
        }
        let exposed = |a: &Action| {
            super::after_move(round, *a).is_some_and(|(new_d, kept)| {
                them.p_at_least(new_d, kept.count_value(new_d) + 1) > 0.5
            })
        };
        let mut chosen = None;
        let mut seen = 0u32;
        for a in legal {
            if !exposed(a) {
                seen += 1;
                if rng.random_range(0..seen) == 0 {
                    chosen = Some(*a);
                }
            }
        }
        chosen.unwrap_or_else(|| legal[rng.random_range(0..legal.len())])
    }
}
