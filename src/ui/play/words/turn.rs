//! The turn in words: what is asked now, what the picked cards can do, why
//! a pick or an action is refused (the engine's reasons), the hint's advice.

use crate::ai::advice::Why;
use crate::engine::{AttackKind, Card, IllegalAction, Phase, Round, Rules, RulesLevel, Special};
use crate::ui::play::prompt::Prompt;
use crate::ui::play::selection::refused::Refused;
use crate::ui::play::selection::{Selection, Target};

use crate::ui::i18n::{fill, Texts};

/// A chance the page shows as 100%: the round is won whatever the answer.
const WON: f32 = 0.995;

impl Texts {
    /// What is asked now, as one sentence (and the empty-pile warning when
    /// this answer ends the round).
    pub fn prompt(&self, prompt: Prompt) -> String {
        match prompt {
            Prompt::Wait => self.thinking.into(),
            Prompt::Pick => self.pick_special.into(),
            Prompt::Defend {
                pending,
                parry,
                retreat,
            } => {
                let t = match (parry, retreat) {
                    (true, true) => self.defend_parry_or_retreat,
                    (true, false) => self.defend_parry,
                    (false, _) => self.defend_retreat,
                };
                fill(t, &[("cards", &self.pending(pending))])
            }
            Prompt::Turn {
                advance,
                retreat,
                attack,
                lunge,
            } => {
                let kinds: Vec<&str> = [advance, retreat, attack, lunge]
                    .iter()
                    .zip(self.kinds)
                    .filter_map(|(&on, k)| on.then_some(k))
                    .collect();
                let list = match kinds.as_slice() {
                    [] => return self.your_turn.into(),
                    [a] => (*a).to_string(),
                    [a, b] => fill(self.list[0], &[("a", a), ("b", b)]),
                    [a, b, c] => fill(self.list[1], &[("a", a), ("b", b), ("c", c)]),
                    [a, b, c, d, ..] => {
                        fill(self.list[2], &[("a", a), ("b", b), ("c", c), ("d", d)])
                    }
                };
                fill(self.your_turn_kinds, &[("list", &list)])
            }
        }
    }

    /// After picking cards: what they can be played on now, one sentence for
    /// each state of the turn (`None` when nothing is picked).
    pub fn hint(&self, selection: Selection, round: &Round) -> Option<String> {
        let targets = selection.targets(round);
        let square = targets.iter().any(|(t, _)| matches!(t, Target::Square(_)));
        let opponent = targets.iter().any(|(t, _)| *t == Target::Opponent);
        let answering = round.phase() == Phase::Answer;
        Some(match selection {
            Selection::None => return None,
            Selection::Lunge { .. } => self.hint_lunge.into(),
            Selection::Cards { card, count } => match (square, opponent, answering) {
                (true, true, true) => self.hint_parry_or_retreat.into(),
                (true, false, true) => self.hint_retreat.into(),
                (false, true, true) => self.hint_parry.into(),
                (true, true, false) => self.hint_square_or_attack.into(),
                (true, false, false) => self.hint_square.into(),
                (false, true, false) => self.hint_attack.into(),
                (false, false, _) => {
                    fill(self.hint_nothing, &[("cards", &self.cards(count, card))])
                }
            },
        })
    }

    /// A notice before the draw pile runs out (docs/RULES.md §6, E3): how the round
    /// will then be decided. `None` while more than three cards are left.
    pub fn pile_low(&self, round: &Round) -> Option<String> {
        let p = round.public();
        let left = round.pile().len();
        if round.is_over() || left == 0 || left > 3 || p.special == Some(Special::TenCards) {
            return None;
        }
        let rules: Rules = p.rules;
        let t = if rules.level == RulesLevel::Basic && rules.final_strike {
            self.pile_low_strike
        } else if rules.final_count && p.special.is_none() {
            self.pile_low_count
        } else {
            self.pile_low_position
        };
        Some(fill(t, &[("n", &left)]))
    }

    /// Why the engine refused an action, in one sentence to the person who
    /// tried it (the engine's `IllegalAction` is the one source of reasons).
    pub fn refusal(&self, why: IllegalAction) -> String {
        use IllegalAction as E;
        let n = |c: Card| c.to_string();
        match why {
            E::RoundOver => self.refused_round_over.into(),
            E::MustChoose { .. } => self.refused_must_choose.into(),
            E::NoChoice { .. } => self.refused_no_choice.into(),
            E::MustAnswer { pending, .. } => {
                let t = match pending.kind {
                    AttackKind::Attack => self.refused_must_answer_attack,
                    AttackKind::Lunge => self.refused_must_answer_lunge,
                };
                fill(t, &[("cards", &self.pending(pending))])
            }
            E::NothingToParry { .. } => self.refused_nothing_to_parry.into(),
            E::MissingCards { card, needed, .. } => fill(
                self.refused_missing_cards,
                &[("cards", &self.cards(needed, card))],
            ),
            E::AdvancePastOpponent { card, lands_on, .. } => {
                let t = if lands_on {
                    self.refused_lands_on
                } else {
                    self.refused_passes
                };
                fill(t, &[("n", &n(card))])
            }
            E::RetreatOffPiste { card, .. } => fill(self.refused_off_piste, &[("n", &n(card))]),
            E::NoRetreatCard { .. } => self.refused_no_retreat.into(),
            E::RetreatFromAttack { .. } => self.refused_retreat_from_attack.into(),
            E::WrongDistance { card, distance, .. } => fill(
                self.refused_wrong_distance,
                &[("distance", &distance), ("n", &n(card))],
            ),
            E::NoAttackCards { .. } => self.refused_no_attack_cards.into(),
            E::BasicAttackCount { .. } => self.refused_basic_count.into(),
            E::NoLunge { .. } => self.refused_no_lunge.into(),
            E::CannotParry { pending, held, .. } => fill(
                self.refused_cannot_parry,
                &[("cards", &self.pending(pending)), ("held", &held)],
            ),
        }
    }

    /// Why a picked card cannot be played now: the card, then each of the
    /// engine's reasons, once.
    pub fn why_not(&self, card: Card, reasons: &[IllegalAction]) -> String {
        let mut said = vec![fill(self.why_not_card, &[("card", &card)])];
        for &why in reasons {
            let line = self.refusal(why);
            if !said.contains(&line) {
                said.push(line);
            }
        }
        said.join(" ")
    }

    /// Why a pick could not be followed: the engine's reasons, or, for a
    /// square the card does not go to, where it goes.
    pub fn refused_pick(&self, refused: &Refused) -> String {
        match refused.square {
            Some(square) if refused.reasons.is_empty() => fill(
                self.why_not_square,
                &[("card", &refused.card), ("square", &square)],
            ),
            _ => self.why_not(refused.card, &refused.reasons),
        }
    }

    /// A hint's chance to win the round, in words ("72% to win the round").
    pub fn chance(&self, chance: f32) -> String {
        let percent = (chance * 100.0).round() as u8;
        fill(self.hint_chance, &[("percent", &percent)])
    }

    /// Why a hint suggests an action, from the unseen cards; `chance`, the
    /// search's, tells a parryable attack that wins anyway.
    pub fn advice_reason(&self, reason: Why, chance: f32) -> String {
        let unseen_of =
            |value: u8, n: u8| Card::new(value).map_or_else(String::new, |c| self.cards(n, c));
        match reason {
            Why::Unparryable { card, count, .. } => fill(
                self.advice_unparryable,
                &[("cards", &self.cards(count, card))],
            ),
            Why::Parryable { card, unseen, .. } => fill(
                if chance >= WON {
                    self.advice_parryable_won
                } else {
                    self.advice_parryable
                },
                &[("unseen", &self.cards(unseen, card))],
            ),
            Why::Distance { distance, unseen } => fill(
                self.advice_distance,
                &[
                    ("distance", &distance),
                    ("unseen", &unseen_of(distance, unseen)),
                ],
            ),
            Why::LungeReach { distance } => {
                fill(self.advice_lunge_reach, &[("distance", &distance)])
            }
            Why::OutOfReach { distance } => {
                fill(self.advice_out_of_reach, &[("distance", &distance)])
            }
            Why::LastCard { distance, end } => fill(
                self.advice_last_card[end as usize],
                &[("distance", &distance)],
            ),
            Why::Parry => self.advice_parry.into(),
            Why::Escape { distance } => fill(self.advice_escape, &[("distance", &distance)]),
            Why::Choose => self.advice_choose.into(),
        }
    }
}
