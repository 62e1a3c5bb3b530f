//! Which actions are legal (§4–§5, R13–R21, S8): the turn's moves and
//! attacks, the answers to an attack, and why any other action is not.

use super::action::{Action, ActionList, AttackKind};
use super::card::{Card, Hand};
use super::error::IllegalAction;
use super::round::{Phase, PublicState};
use super::rules::{RulesLevel, Special};

impl PublicState {
    /// The legal actions for the side to act holding `hand`.
    pub fn legal_actions_with(&self, hand: Hand, list: &mut ActionList) {
        match self.phase {
            Phase::Over => {}
            Phase::Choose => list.extend(Special::CHOICES.map(Action::Choose)),
            Phase::Turn => self.turn_actions(hand, list),
            Phase::Answer => self.answer_actions(hand, list),
        }
    }

    fn turn_actions(&self, hand: Hand, list: &mut ActionList) {
        // Plain loops over the counts: this is the hottest code of every search.
        let side = self.to_act;
        let d = self.distance();
        let counts = hand.counts();
        let room = self.room_to_retreat(side);
        for (i, card) in Card::ALL.into_iter().enumerate() {
            if counts[i] > 0 && card.value() < d {
                list.push(Action::Advance(card));
            }
        }
        for (i, card) in Card::ALL.into_iter().enumerate() {
            if counts[i] > 0 && card.value() <= room {
                list.push(Action::Retreat(card));
            }
        }
        if let Some(card) = Card::new(d) {
            let held = counts[usize::from(d - 1)];
            let most = if self.rules.level == RulesLevel::Basic {
                held.min(1)
            } else {
                held
            };
            for count in 1..=most {
                list.push(Action::Attack { card, count });
            }
        }
        if self.rules.level == RulesLevel::Advanced {
            for (i, advance) in Card::ALL.into_iter().enumerate() {
                let a = advance.value();
                if a >= d {
                    break;
                }
                if counts[i] == 0 || d - a > 5 {
                    continue;
                }
                let j = usize::from(d - a - 1);
                let card = Card::ALL[j];
                let held = counts[j] - u8::from(i == j);
                for count in 1..=held {
                    list.push(Action::Lunge {
                        advance,
                        card,
                        count,
                    });
                }
            }
        }
    }

    fn answer_actions(&self, hand: Hand, list: &mut ActionList) {
        let Some(pending) = self.pending else {
            return;
        };
        if hand.contains(pending.card, pending.count) {
            list.push(Action::Parry);
        }
        if pending.kind == AttackKind::Lunge {
            for card in hand.values() {
                if self.can_retreat(self.to_act, card) {
                    list.push(Action::Retreat(card));
                }
            }
        }
    }

    /// Whether a turn with `hand` has any legal action (E2). A lunge needs a legal
    /// advance, so moves and direct attacks decide it.
    pub(super) fn has_turn_action(&self, hand: Hand) -> bool {
        let d = self.distance();
        let room = self.room_to_retreat(self.to_act);
        let counts = hand.counts();
        // The lowest card held moves if any card does.
        let lowest = counts
            .iter()
            .position(|&c| c > 0)
            .map_or(u8::MAX, |i| i as u8 + 1);
        lowest < d || lowest <= room || hand.count_value(d) > 0
    }

    /// Whether the defender holding `hand` can answer the pending attack (R17, R21).
    pub(super) fn can_answer(&self, hand: Hand) -> bool {
        let Some(p) = self.pending else { return false };
        hand.contains(p.card, p.count)
            || (p.kind == AttackKind::Lunge
                && hand.values().any(|c| self.can_retreat(self.to_act, c)))
    }

    /// Checks `action` for the side to act holding `hand`.
    ///
    /// # Errors
    /// The broken rule, as an [`IllegalAction`].
    pub fn check_with(&self, hand: Hand, action: Action) -> Result<(), IllegalAction> {
        use IllegalAction as E;
        let side = self.to_act;
        let needs = |card: Card, needed: u8| {
            if hand.contains(card, needed) {
                Ok(())
            } else {
                Err(E::MissingCards {
                    side,
                    card,
                    needed,
                    held: hand.count(card),
                })
            }
        };
        let advance = |card: Card| {
            if self.can_advance(card) {
                Ok(())
            } else {
                Err(E::AdvancePastOpponent {
                    side,
                    card,
                    lands_on: card.value() == self.distance(),
                })
            }
        };
        let retreat = |card: Card| {
            if self.special == Some(Special::NoRetreat) {
                Err(E::NoRetreatCard { side })
            } else if self.can_retreat(side, card) {
                Ok(())
            } else {
                Err(E::RetreatOffPiste { side, card })
            }
        };
        let attack = |card: Card, count: u8, distance: u8| {
            if count == 0 {
                Err(E::NoAttackCards { side })
            } else if card.value() != distance {
                Err(E::WrongDistance {
                    side,
                    card,
                    distance,
                })
            } else {
                Ok(())
            }
        };
        match (self.phase, action) {
            (Phase::Over, _) => Err(E::RoundOver),
            (Phase::Choose, Action::Forfeit) => Err(E::MustChoose { side }),
            (_, Action::Forfeit) => Ok(()),
            (Phase::Choose, Action::Choose(s)) if Special::CHOICES.contains(&s) => Ok(()),
            (Phase::Choose, Action::Choose(_)) => Err(E::NoChoice { side, action }),
            (Phase::Choose, _) => Err(E::MustChoose { side }),
            (_, Action::Choose(_)) => Err(E::NoChoice { side, action }),
            (Phase::Answer, Action::Parry) => {
                let pending = self.pending.expect("answer phase has a pending attack");
                let held = hand.count(pending.card);
                if held >= pending.count {
                    Ok(())
                } else {
                    Err(E::CannotParry {
                        side,
                        pending,
                        held,
                    })
                }
            }
            (Phase::Answer, Action::Retreat(card)) => {
                let pending = self.pending.expect("answer phase has a pending attack");
                if pending.kind == AttackKind::Attack {
                    return Err(E::RetreatFromAttack { side });
                }
                needs(card, 1)?;
                retreat(card)
            }
            (Phase::Answer, _) => Err(E::MustAnswer {
                side,
                pending: self.pending.expect("answer phase has a pending attack"),
            }),
            (Phase::Turn, Action::Parry) => Err(E::NothingToParry { side }),
            (Phase::Turn, Action::Advance(card)) => {
                needs(card, 1)?;
                advance(card)
            }
            (Phase::Turn, Action::Retreat(card)) => {
                needs(card, 1)?;
                retreat(card)
            }
            (Phase::Turn, Action::Attack { card, count }) => {
                attack(card, count, self.distance())?;
                if self.rules.level == RulesLevel::Basic && count != 1 {
                    return Err(E::BasicAttackCount { side, count });
                }
                needs(card, count)
            }
            (
                Phase::Turn,
                Action::Lunge {
                    advance: step,
                    card,
                    count,
                },
            ) => {
                if self.rules.level != RulesLevel::Advanced {
                    return Err(E::NoLunge {
                        side,
                        level: self.rules.level,
                    });
                }
                needs(step, 1)?;
                advance(step)?;
                attack(card, count, self.distance_after(step, true))?;
                needs(card, count.saturating_add(u8::from(card == step)))
            }
        }
    }
}
