//! The match's reducer: each [`GameAction`] on a [`GameState`].

use std::rc::Rc;

use yew::Reducible;

use super::{GameAction, GameState};
use crate::ui::play::notice::Notice;
use crate::ui::play::selection::refused::{why_not, why_not_target, Refused};
use crate::ui::play::selection::{PickStep, Selection};

impl Reducible for GameState {
    type Action = GameAction;

    fn reduce(self: Rc<Self>, action: GameAction) -> Rc<Self> {
        let mut next = (*self).clone();
        next.why_not = None;
        match action {
            GameAction::New(settings, seed) => {
                next = GameState::new(settings, seed);
                next.generation = self.generation + 1;
            }
            GameAction::NewPeople(settings, names, seed) => {
                next = GameState::new_people(settings, names, seed);
                next.generation = self.generation + 1;
            }
            GameAction::HandOver => next.hand_over(),
            GameAction::Load(loaded, seed, notice) => {
                next = GameState::loaded(*loaded, seed, notice);
                next.generation = self.generation + 1;
            }
            GameAction::Pick(card) if self.human_to_act() => {
                let round = self.the_match.round();
                let reasons = why_not(round, self.selection, card);
                if reasons.is_empty() {
                    next.selection = self.selection.pick(round, card);
                } else {
                    next.why_not = Some(Refused {
                        card,
                        reasons,
                        square: None,
                    });
                }
            }
            GameAction::Target(target) if self.human_to_act() => {
                match self.selection.at(self.the_match.round(), target) {
                    Some(PickStep::Play(a)) => next.play_or_notice(a),
                    Some(PickStep::Select(s)) => next.selection = s,
                    None => match why_not_target(self.the_match.round(), self.selection, target) {
                        Some(refused) => next.why_not = Some(refused),
                        None => return self,
                    },
                }
            }
            GameAction::Cancel => next.selection = Selection::None,
            GameAction::Play(a) if self.human_to_act() => next.play_or_notice(a),
            GameAction::Computer(a, moment)
                if self.computer_to_act() && moment == self.moment() =>
            {
                next.play_computer(Some(a))
            }
            GameAction::ComputerFallback(moment)
                if self.computer_to_act() && moment == self.moment() =>
            {
                next.play_computer(None)
            }
            GameAction::NextRound => {
                if next.the_match.start_next_round(&mut next.rng).is_err() {
                    return self;
                }
                next.selection = Selection::None;
                // A new deal: whoever acts first takes the device unseen.
                if next.people.is_some() {
                    next.privacy = true;
                }
            }
            GameAction::Notice(n) => next.notice = n,
            GameAction::AskHint
                if self.human_to_act() && self.hint_asked != Some(self.moment()) =>
            {
                if self.hint_counted != Some(self.moment()) {
                    next.help.hints += 1;
                    next.hint_counted = Some(self.moment());
                }
                next.hint_asked = Some(self.moment());
            }
            GameAction::HintLate(moment) if self.hint_asked == Some(moment) => {
                next.hint_asked = None;
                next.notice = Some(Notice::HintLate);
            }
            GameAction::Hint(advice, moment) if self.hint_asked == Some(moment) => {
                next.hint_asked = None;
                if moment == self.moment() {
                    next.advice = Some((moment, advice));
                }
            }
            GameAction::TakeBack => {
                if next.take_back().is_err() {
                    return self;
                }
            }
            _ => return self,
        }
        Rc::new(next)
    }
}
