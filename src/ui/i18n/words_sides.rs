//! Sentences about the players: each message once, in the form for who
//! they are (`Who`: you, the computer, a person named), so that a match
//! against the computer and one between two people are told alike.

use std::fmt::Display;

use crate::ai::Difficulty;
use crate::engine::{Action, AttackKind, BySide, Card, Reason, Side};
use crate::ui::seats::{Seats, Who};
use crate::ui::summary::{attack_of, Story};

use super::{fill, Texts};

/// Where the actions since `side` last acted begin.
fn since(actions: &[(Side, Action)], side: Side) -> usize {
    actions
        .iter()
        .rposition(|&(by, _)| by == side)
        .map_or(0, |i| i + 1)
}

impl Texts {
    /// How a sentence calls a person: their name, else their side's.
    fn name_of<'a>(&self, who: Who<'a>) -> &'a str
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
    fn said(
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
    fn then_played(&self, action: Action) -> Option<String> {
        let moves = [
            self.then_advances,
            self.then_retreats,
            self.then_attacks,
            self.then_lunges,
        ];
        self.moved(action, moves)
    }

    /// The score in the form the end of a round says it.
    fn score_args(&self, seats: Seats, score: BySide<u8>) -> (u8, u8, String) {
        let human = match seats {
            Seats::Computer { human } => human,
            Seats::People(_) => Side::White,
        };
        (
            score[human],
            score[human.opponent()],
            self.score_text(score.white, score.black),
        )
    }

    /// The end of round `n` for the live region, with the score after it.
    pub fn round_end(
        &self,
        seats: Seats,
        n: usize,
        winner: Option<Side>,
        score: BySide<u8>,
    ) -> String {
        let (you, it, score) = self.score_args(seats, score);
        let args: [(&str, &dyn Display); 4] =
            [("n", &n), ("you", &you), ("it", &it), ("score", &score)];
        match winner {
            Some(w) => {
                let who = seats.who(w);
                self.said(self.wins_round[who.form()], Some(who), None, &args)
            }
            None => fill(self.round_drawn[seats.form()], &args),
        }
    }

    /// The end of the match for the live region, with its score.
    pub fn match_end(&self, seats: Seats, winner: Side, score: BySide<u8>) -> String {
        let (you, it, _) = self.score_args(seats, score);
        let (won, lost) = (score[winner], score[winner.opponent()]);
        let who = seats.who(winner);
        self.said(
            self.wins_match[who.form()],
            Some(who),
            None,
            &[("you", &you), ("it", &it), ("won", &won), ("lost", &lost)],
        )
    }

    /// A word for the winner of the match.
    pub fn verdict(&self, seats: Seats, winner: Side) -> String {
        let who = seats.who(winner);
        self.said(self.verdict[who.form()], Some(who), None, &[])
    }

    /// Why the round ended, in whole sentences.
    pub fn story(&self, seats: Seats, story: &Story) -> String {
        // `by`: whose form the message takes; the winner and loser named.
        let named = |t: [&str; 3], by: Side, winner: Side, args: &[(&str, &dyn Display)]| {
            let pair = (seats.who(winner), seats.who(winner.opponent()));
            self.said(t[seats.who(by).form()], None, Some(pair), args)
        };
        match *story {
            Story::Hit {
                attacker,
                kind,
                card,
                count,
                answerable,
            } => {
                let t = match (answerable, kind) {
                    (false, _) => self.hit_basic,
                    (true, AttackKind::Attack) => self.hit_attack,
                    (true, AttackKind::Lunge) => self.hit_lunge,
                };
                let cards = self.cards(count, card);
                named(t, attacker, attacker, &[("cards", &cards)])
            }
            Story::NoLegalAction { loser } => named(self.stuck, loser, loser.opponent(), &[]),
            Story::FinalStrike { winner, distance } => {
                named(self.won_final_strike, winner, winner, &[("n", &distance)])
            }
            Story::CardCount {
                winner,
                distance,
                counts,
            } => {
                let held = |n: u8| match Card::new(distance) {
                    Some(c) => self.cards(n, c),
                    None => n.to_string(),
                };
                let (wins, loses) = (held(counts[winner]), held(counts[winner.opponent()]));
                // Against the computer: what you hold, then the computer.
                let (yours, theirs) = match seats.who(winner) {
                    Who::Computer => (&loses, &wins),
                    _ => (&wins, &loses),
                };
                let args: [(&str, &dyn Display); 5] = [
                    ("n", &distance),
                    ("wins", &wins),
                    ("loses", &loses),
                    ("yours", yours),
                    ("theirs", theirs),
                ];
                named(self.won_card_count, winner, winner, &args)
            }
            Story::Position {
                winner,
                advances,
                tied_count,
                empty_hand,
            } => {
                let opening = self.position_opening(empty_hand, tied_count);
                let ending = match winner {
                    Some(w) => {
                        let (wins, loses) = (advances[w], advances[w.opponent()]);
                        let (yours, theirs) = match seats.who(w) {
                            Who::Computer => (loses, wins),
                            _ => (wins, loses),
                        };
                        let args: [(&str, &dyn Display); 4] = [
                            ("wins", &wins),
                            ("loses", &loses),
                            ("yours", &yours),
                            ("theirs", &theirs),
                        ];
                        named(self.farther, w, w, &args)
                    }
                    None => fill(self.both_advanced, &[("yours", &advances.white)]),
                };
                format!("{opening} {ending}")
            }
            Story::Forfeit { loser } => named(self.gave_up, loser, loser.opponent(), &[]),
        }
    }

    /// How an earlier round ended, for the log.
    pub fn past_round(
        &self,
        seats: Seats,
        n: usize,
        winner: Option<Side>,
        reason: Reason,
    ) -> String {
        let args: [(&str, &dyn Display); 2] = [("n", &n), ("reason", &self.reason(reason))];
        match winner {
            Some(w) => {
                let who = seats.who(w);
                self.said(self.past_won[who.form()], Some(who), None, &args)
            }
            None => fill(self.past_drawn, &args),
        }
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
    pub fn opponent_label(&self, seats: Seats, side: Side, level: Difficulty) -> String {
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
    pub fn give_up_question(&self, seats: Seats, winner: Side) -> String {
        let who = seats.who(winner);
        self.said(
            self.give_up_question[who.opponent_form()],
            Some(who),
            None,
            &[],
        )
    }

    /// A message about one person by name (`{name}`, `{who}`, `{side}`):
    /// the privacy screen, the new-game form's name fields.
    pub fn about(&self, template: &str, who: Who) -> String {
        self.said(template, Some(who), None, &[])
    }
}
