//! Why a pick or a click does nothing: the engine's refusal of each action
//! it could have been, so that the page says why instead of doing nothing.

use crate::engine::{Action, Card, IllegalAction, Phase, Round};
use crate::ui::play::selection::{landing, Selection, Target};

/// A pick the page could not follow, and the engine's reasons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The card picked, or the one picked before the target.
    pub card: Card,
    /// The engine's refusals of what the pick would have done (none when a
    /// square is simply not where the card goes).
    pub reasons: Vec<IllegalAction>,
    /// The square picked, if the pick was a square.
    pub square: Option<u8>,
}

/// Why a click on `target` does nothing with the cards picked: what the
/// engine says of the action it would be (an attack, a move to that
/// square). `None` when nothing is picked.
pub fn why_not_target(round: &Round, selection: Selection, target: Target) -> Option<Refused> {
    let (card, count) = match selection {
        Selection::None => return None,
        Selection::Cards { card, count } => (card, count),
        Selection::Lunge { advance, attack } => attack.unwrap_or((advance, 1)),
    };
    let tries: Vec<Action> = match (target, selection) {
        (Target::Opponent, Selection::Lunge { advance, .. }) => vec![Action::Lunge {
            advance,
            card,
            count,
        }],
        (Target::Opponent, _) => vec![Action::Attack { card, count }],
        (Target::Square(s), _) => [Action::Advance(card), Action::Retreat(card)]
            .into_iter()
            .filter(|&a| landing(round, a) == Some(s))
            .collect(),
    };
    let mut reasons: Vec<IllegalAction> = tries
        .into_iter()
        .filter_map(|a| round.check(a).err())
        .collect();
    reasons.dedup();
    let square = match target {
        Target::Square(s) => Some(s),
        Target::Opponent => None,
    };
    Some(Refused {
        card,
        reasons,
        square,
    })
}

/// Why `card` cannot be picked now: the engine's refusal of each thing it
/// could do (move either way, attack, parry; during a lunge, attack), so the
/// page can say why instead of doing nothing. Empty when it can be picked.
pub fn why_not(round: &Round, selection: Selection, card: Card) -> Vec<IllegalAction> {
    if selection.can_pick(round, card) {
        return Vec::new();
    }
    let p = round.public();
    let uses: Vec<Action> = match (selection, p.phase, p.pending) {
        (Selection::Lunge { advance, .. }, _, _) => vec![Action::Lunge {
            advance,
            card,
            count: 1,
        }],
        (_, Phase::Answer, Some(pending)) => {
            let parry = if pending.card == card {
                Action::Parry
            } else {
                // Any other value: the attack must be answered with its own.
                Action::Advance(card)
            };
            vec![parry, Action::Retreat(card)]
        }
        _ => vec![
            Action::Advance(card),
            Action::Retreat(card),
            Action::Attack { card, count: 1 },
        ],
    };
    let mut reasons: Vec<IllegalAction> = uses
        .into_iter()
        .filter_map(|a| round.check(a).err())
        .collect();
    reasons.dedup();
    reasons
}
