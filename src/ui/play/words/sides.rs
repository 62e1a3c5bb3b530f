//! Sentences about the players: each message once, in the form for who
//! they are (`Who`: you, the computer, a person named), so that a match
//! against the computer and one between two people are told alike.

use std::fmt::Display;

use crate::ai::Difficulty;
use crate::engine::{Action, Side};
use crate::ui::play::seats::{Seats, Who};
use crate::ui::play::summary::attack_of;

use crate::ui::i18n::{fill, Texts};

/// Where the actions since `side` last acted begin.
fn since(actions: &[(Side, Action)], side: Side) -> usize {
    actions
        .iter()
        .rposition(|&(by, _)| by == side)
        .map_or(0, |i| i + 1)
}

impl Texts {
    /// How a sentence calls a person: their name, else their side's.
    pub(super) fn name_of<'a>(&self, who: Who<'a>) -> &'a str
    where
        Self: 'a,
    {
        match who {
            Who::Person { name: "", side } => self.side(side),
            Who::Person { name, .. } => name,
            Who::You | Who::Computer => "",
        }
    }

    /// Fills `template`'s arguments, then the players' names: `{name}`
    /// (`who`), `{who}` (name and side), `{side}`, and `{winner}`, `{loser}`
    /// (`pair`). The names go last, so whatever they hold is not read as a
    /// placeholder.
    pub(super) fn said(
        &self,
        template: &str,
        who: Option<Who>,
        pair: Option<(Who, Who)>,
        args: &[(&str, &dyn Display)],
    ) -> String {
        let mut out = fill(template, args);
        if let Some(who) = who {
            let name = self.name_of(who);
            let side = match who {
                Who::Person { side, .. } => self.side(side),
                _ => "",
            };
            let named = match who {
                Who::Person { name, .. } if !name.is_empty() => {
                    fill(self.named_side, &[("side", &side)])
                }
                _ => side.to_string(),
            };
            out = fill(&out, &[("side", &side), ("who", &named)]);
            out = fill(&out, &[("name", &name)]);
        }
        if let Some((winner, loser)) = pair {
            out = fill(
                &out,
                &[
                    ("winner", &self.name_of(winner)),
                    ("loser", &self.name_of(loser)),
                ],
            );
        }
        out
    }

    /// A line of the round's log: what `who` did. `before` is the action
    /// just before it (a parry names the attack it answers).
    pub fn played(&self, who: Who, action: Action, before: Option<Action>) -> String {
        let f = who.form();
        let said = match action {
            Action::Parry => {
                let cards = attack_of(before)
                    .map(|p| self.cards(p.count, p.card))
                    .unwrap_or_default();
                fill(self.parries[f], &[("cards", &cards)])
            }
            Action::Choose(s) => fill(self.chooses[f], &[("special", &self.special(s))]),
            Action::Forfeit => self.gives_up[f].into(),
            Action::Retreat(c) if matches!(before, Some(Action::Lunge { .. })) => {
                fill(self.escapes[f], &[("n", &c)])
            }
            _ => self
                .moved(
                    action,
                    [
                        self.advances[f],
                        self.retreats[f],
                        self.attacks[f],
                        self.lunges[f],
                    ],
                )
                .unwrap_or_default(),
        };
        self.said(&said, Some(who), None, &[])
    }

    /// The `i`th action of `actions` told.
    pub fn played_at(&self, seats: Seats, actions: &[(Side, Action)], i: usize) -> String {
        let (by, a) = actions[i];
        self.played(seats.who(by), a, i.checked_sub(1).map(|j| actions[j].1))
    }

    /// What the other side did since `viewer` last acted, every step in
    /// words ("The computer parries your 5. Then it advances 4.").
    pub fn did_since(&self, seats: Seats, actions: &[(Side, Action)], viewer: Side) -> Vec<String> {
        let start = since(actions, viewer);
        (start..actions.len())
            .map(|i| {
                let (by, a) = actions[i];
                let then = (i > start && seats.who(by) == Who::Computer)
                    .then(|| self.then_played(a))
                    .flatten();
                then.unwrap_or_else(|| self.played_at(seats, actions, i))
            })
            .collect()
    }

    /// The computer's second action of one turn of the page ("Then it advances 4.").
    pub(super) fn then_played(&self, action: Action) -> Option<String> {
        let moves = [
            self.then_advances,
            self.then_retreats,
            self.then_attacks,
            self.then_lunges,
        ];
        self.moved(action, moves)
    }

    /// A score track's text: `side`'s `points` of the `of` to win.
    pub fn score_line(&self, seats: Seats, side: Side, points: u8, of: u8) -> String {
        let who = seats.who(side);
        let args: [(&str, &dyn Display); 3] =
            [("side", &self.side(side)), ("points", &points), ("of", &of)];
        self.said(self.score_line[who.form()], Some(who), None, &args)
    }

    /// A fencer on the piste, on `square`.
    pub fn fencer(&self, seats: Seats, side: Side, square: u8) -> String {
        let who = seats.who(side);
        let args: [(&str, &dyn Display); 2] = [("side", &self.side(side)), ("square", &square)];
        self.said(self.fencer[who.form()], Some(who), None, &args)
    }

    /// Above the opponent's hand: who they are (the computer at `level`).
    pub(crate) fn opponent_label(&self, seats: Seats, side: Side, level: Difficulty) -> String {
        let who = seats.who(side);
        let args: [(&str, &dyn Display); 2] = [
            ("side", &self.side(side)),
            ("level", &self.difficulty(level)),
        ];
        self.said(
            self.opponent_label[who.opponent_form()],
            Some(who),
            None,
            &args,
        )
    }

    /// Giving up the round: the question, naming who then wins it.
    pub(crate) fn give_up_question(&self, seats: Seats, winner: Side) -> String {
        let who = seats.who(winner);
        self.said(
            self.give_up_question[who.opponent_form()],
            Some(who),
            None,
            &[],
        )
    }

    /// What is asked of one of two people, addressed to them by name.
    pub(crate) fn asked_of(&self, who: Who, prompt: &str) -> String {
        self.said(self.asked_of, Some(who), None, &[("prompt", &prompt)])
    }

    /// A message about one person by name (`{name}`, `{who}`, `{side}`):
    /// the privacy screen, the new-game form's name fields.
    pub fn about(&self, template: &str, who: Who) -> String {
        self.said(template, Some(who), None, &[])
    }
}
