//! Hints for a person: the hard level's search, run from the person's own
//! observation (it sees no hidden card, R9, R10), its best actions with the
//! estimated chance to win the round, and for each a reason from counting
//! the unseen cards, which the page puts into words.

use serde::{Deserialize, Serialize};

use super::{Budget, Difficulty};
use crate::engine::{Action, Card, Observation, Phase};
use crate::GameRng;

/// How many actions a hint offers: the best and two alternatives.
pub const OFFERED: usize = 3;

/// One suggested action.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Advice {
    pub action: Action,
    /// The search's estimate of winning the round after it, 0 to 1 (a draw
    /// counts half).
    pub chance: f32,
    pub reason: Why,
}

/// Why an action is worth considering, from what the person can count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    /// Fewer cards of the attack's value are unseen than it uses: the
    /// opponent cannot parry (R17).
    Unparryable { card: Card, count: u8, unseen: u8 },
    /// A parry is possible: `unseen` cards of the value are not accounted for.
    Parryable { card: Card, count: u8, unseen: u8 },
    /// After the move the distance is `distance`, and `unseen` cards of
    /// that value could strike (0 when it is above 5).
    Distance { distance: u8, unseen: u8 },
    /// Parrying keeps the round going (R17).
    Parry,
    /// Retreating escapes the lunge (R21).
    Escape { distance: u8 },
    /// The special card picked (S4).
    Choose,
}

/// The reason for `action`, counted from `obs`.
pub fn reason(obs: &Observation, action: Action) -> Why {
    let unseen = obs.unseen();
    let p = &obs.public;
    let d = p.distance();
    let attack = |card: Card, count: u8| {
        let n = unseen.count(card);
        if n < count {
            Why::Unparryable {
                card,
                count,
                unseen: n,
            }
        } else {
            Why::Parryable {
                card,
                count,
                unseen: n,
            }
        }
    };
    let at = |distance: u8| Why::Distance {
        distance,
        unseen: Card::new(distance).map_or(0, |c| unseen.count(c)),
    };
    match action {
        Action::Attack { card, count } | Action::Lunge { card, count, .. } => attack(card, count),
        Action::Parry => Why::Parry,
        Action::Retreat(c) if p.phase == Phase::Answer => Why::Escape {
            distance: d + c.value(),
        },
        Action::Advance(c) => at(d - c.value()),
        Action::Retreat(c) => at(d + c.value()),
        Action::Choose(_) | Action::Forfeit => Why::Choose,
    }
}

/// A hint's budget: the hard level's iterations, capped at 250 ms so that
/// a hint shows within half a second (the e2e tests report the time from
/// asking to showing, worker start and messages included).
pub fn budget() -> Budget {
    Budget {
        time: Some(web_time::Duration::from_millis(250)),
        ..Difficulty::Hard.budget()
    }
}

/// The best actions for the observing side, best first (at most
/// [`OFFERED`]), from the hard level's search with `budget`. Giving up the
/// round is never suggested.
pub fn advise(obs: &Observation, budget: Budget, rng: &mut GameRng) -> Vec<Advice> {
    let mut search = Difficulty::Hard.opponent();
    let result = search.analyse(obs, budget, rng);
    let mut root = result.root;
    root.retain(|r| r.0 != Action::Forfeit);
    root.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    root.into_iter()
        .take(OFFERED)
        .map(|(action, _, value)| Advice {
            action,
            chance: ((value + 1.0) / 2.0).clamp(0.0, 1.0),
            reason: reason(obs, action),
        })
        .collect()
}
