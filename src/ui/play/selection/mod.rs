//! Card-then-target play: the player picks a card (or several equal cards),
//! then a highlighted square or the opponent. A lunge (R20) is one flow: pick
//! the advance card, its square, then the attack cards and the opponent.
//!
//! Pure logic over the engine: every step it offers comes from
//! `Round::legal_actions`, so the engine stays the only judge.

// Why a card or a target cannot be played: below the selection, which it
// reads (`selection::refused::{why_not, why_not_target, Refused}`).
#[cfg(feature = "web")]
pub mod refused;

use crate::engine::{Action, ActionList, Card, Phase, Round};

/// What the player has picked so far, before an action is complete.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Selection {
    #[default]
    None,
    /// `count` cards of one value picked from the hand.
    Cards { card: Card, count: u8 },
    /// A lunge under way: the advance is chosen, then the attack cards.
    Lunge {
        advance: Card,
        attack: Option<(Card, u8)>,
    },
}

/// Where a picked card can go.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Square(u8),
    Opponent,
}

/// What a click on a target does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PickStep {
    Play(Action),
    Select(Selection),
}

/// The square the side to act lands on after `action` (the engine's
/// geometry, R12).
pub fn landing(round: &Round, action: Action) -> Option<u8> {
    round.public().landing(action)
}

/// Whether `action` plays `card` (as its move, its attack or its parry).
pub(super) fn uses(round: &Round, action: Action, card: Card) -> bool {
    match action {
        Action::Advance(c) | Action::Retreat(c) | Action::Attack { card: c, .. } => c == card,
        Action::Lunge {
            advance, card: c, ..
        } => advance == card || c == card,
        Action::Parry => round.public().pending.is_some_and(|p| p.card == card),
        Action::Choose(_) | Action::Forfeit => false,
    }
}

impl Selection {
    /// The legal actions that agree with what is picked (all of them when
    /// nothing is): the action bar's offer.
    pub fn actions(self, round: &Round) -> ActionList {
        let mut all = round.legal_actions();
        all.retain(|a| match (self, *a) {
            (Selection::None, _) => true,
            (Selection::Cards { card, .. }, a) => uses(round, a, card),
            (Selection::Lunge { advance, attack }, Action::Advance(c)) => {
                c == advance && attack.is_none()
            }
            (
                Selection::Lunge { advance, attack },
                Action::Lunge {
                    advance: a, card, ..
                },
            ) => a == advance && attack.is_none_or(|(c, _)| c == card),
            (Selection::Lunge { .. }, _) => false,
        });
        all
    }

    /// Whether a card of this value can be picked now.
    pub fn can_pick(self, round: &Round, card: Card) -> bool {
        match self {
            Selection::Lunge { advance, .. } => round.legal_actions().iter().any(
                |a| matches!(*a, Action::Lunge { advance: x, card: c, .. } if x == advance && c == card),
            ),
            _ => round.legal_actions().iter().any(|&a| uses(round, a, card)),
        }
    }

    /// Picking a card from the hand: a new value starts a new pick; the same
    /// value again adds one more equal card, cycling back to one.
    pub fn pick(self, round: &Round, card: Card) -> Selection {
        if !self.can_pick(round, card) {
            return self;
        }
        let held = round.hand(round.to_act()).count(card);
        let next = |current: Option<(Card, u8)>, available: u8| match current {
            Some((c, n)) if c == card && n < available => (card, n + 1),
            _ => (card, 1),
        };
        match self {
            Selection::Lunge { advance, attack } => {
                let available = held - u8::from(advance == card);
                Selection::Lunge {
                    advance,
                    attack: Some(next(attack, available)),
                }
            }
            Selection::Cards { card: c, count } => {
                let (card, count) = next(Some((c, count)), held);
                Selection::Cards { card, count }
            }
            Selection::None => Selection::Cards { card, count: 1 },
        }
    }

    /// How many cards of each value are picked (to show them raised).
    pub fn picked(self) -> Vec<(Card, u8)> {
        match self {
            Selection::None => vec![],
            Selection::Cards { card, count } => vec![(card, count)],
            Selection::Lunge { advance, attack } => {
                let mut v = vec![(advance, 1)];
                match attack {
                    Some((c, n)) if c == advance => v[0].1 += n,
                    Some(a) => v.push(a),
                    None => {}
                }
                v
            }
        }
    }

    /// The square the player's fencer would stand on (during a lunge).
    pub fn ghost(self, round: &Round) -> Option<u8> {
        match self {
            Selection::Lunge { advance, .. } => landing(round, Action::Advance(advance)),
            _ => None,
        }
    }

    /// Every target a click can go to now, with what it does.
    pub fn targets(self, round: &Round) -> Vec<(Target, PickStep)> {
        let legal = round.legal_actions();
        let is_legal = |a: Action| legal.contains(&a);
        let mut out = Vec::new();
        match self {
            Selection::None => {}
            Selection::Cards { card, count } => {
                if count == 1 && is_legal(Action::Advance(card)) {
                    let lunges = legal
                        .iter()
                        .any(|a| matches!(*a, Action::Lunge { advance, .. } if advance == card));
                    let step = if lunges {
                        PickStep::Select(Selection::Lunge {
                            advance: card,
                            attack: None,
                        })
                    } else {
                        PickStep::Play(Action::Advance(card))
                    };
                    out.extend(
                        landing(round, Action::Advance(card)).map(|s| (Target::Square(s), step)),
                    );
                }
                if count == 1 && is_legal(Action::Retreat(card)) {
                    let s = landing(round, Action::Retreat(card));
                    out.extend(
                        s.map(|s| (Target::Square(s), PickStep::Play(Action::Retreat(card)))),
                    );
                }
                let attack = Action::Attack { card, count };
                if is_legal(attack) {
                    out.push((Target::Opponent, PickStep::Play(attack)));
                }
                let parries = round.phase() == Phase::Answer
                    && round
                        .public()
                        .pending
                        .is_some_and(|p| p.card == card && p.count == count);
                if parries && is_legal(Action::Parry) {
                    out.push((Target::Opponent, PickStep::Play(Action::Parry)));
                }
            }
            Selection::Lunge { advance, attack } => {
                let confirm = Action::Advance(advance);
                if let Some(s) = landing(round, confirm) {
                    out.push((Target::Square(s), PickStep::Play(confirm)));
                }
                if let Some((card, count)) = attack {
                    let lunge = Action::Lunge {
                        advance,
                        card,
                        count,
                    };
                    if is_legal(lunge) {
                        out.push((Target::Opponent, PickStep::Play(lunge)));
                    }
                }
            }
        }
        out
    }

    /// The squares a click can go to now.
    pub fn squares(self, round: &Round) -> Vec<u8> {
        self.targets(round)
            .into_iter()
            .filter_map(|(t, _)| match t {
                Target::Square(s) => Some(s),
                Target::Opponent => None,
            })
            .collect()
    }

    /// The action a click on the opponent plays now, if any.
    pub fn at_opponent(self, round: &Round) -> Option<Action> {
        self.targets(round)
            .into_iter()
            .find_map(|(target, s)| match (target, s) {
                (Target::Opponent, PickStep::Play(a)) => Some(a),
                _ => None,
            })
    }

    /// The cards of the side to act that can be picked now (none at a
    /// Choice pick, S4).
    pub fn pickable(self, round: &Round) -> Vec<Card> {
        if round.phase() == Phase::Choose {
            return Vec::new();
        }
        Card::ALL
            .into_iter()
            .filter(|&c| self.can_pick(round, c))
            .collect()
    }

    /// What a click on `target` does, if anything.
    pub fn at(self, round: &Round, target: Target) -> Option<PickStep> {
        self.targets(round)
            .into_iter()
            .find(|(t, _)| *t == target)
            .map(|(_, s)| s)
    }
}
