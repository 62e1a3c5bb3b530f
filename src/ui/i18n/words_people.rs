//! Two people on one device: the table's sentences with each player named
//! (their name, or their side's when they gave none). The person holding
//! the device is still "you" in what is asked of them ([`super::Prompt`]).

use crate::engine::{Action, AttackKind, BySide, Card, Reason, Side};
use crate::ui::summary::Story;

use super::{fill, Texts};

impl Texts {
    /// How the page calls the player of `side`.
    pub fn person<'a>(&self, names: &'a BySide<String>, side: Side) -> &'a str
    where
        Self: 'a,
    {
        let name = names[side].trim();
        if name.is_empty() {
            self.side(side)
        } else {
            name
        }
    }

    /// A line of the round's log: what `by` did. `before` is the action
    /// just before it (a parry names the attack it answers).
    pub fn person_played(
        &self,
        names: &BySide<String>,
        by: Side,
        action: Action,
        before: Option<Action>,
    ) -> String {
        let said = self.tell(
            [
                self.person_advances,
                self.person_retreats,
                self.person_attacks,
                self.person_lunges,
                self.person_parries,
                self.person_chooses,
                self.person_gives_up,
            ],
            action,
            before,
        );
        // The name last: whatever it holds is not read as a placeholder.
        fill(&said, &[("name", &self.person(names, by))])
    }

    /// What the other player did since `viewer` last acted.
    pub fn people_did(
        &self,
        names: &BySide<String>,
        actions: &[(Side, Action)],
        viewer: Side,
    ) -> Vec<String> {
        (super::words::since(actions, viewer)..actions.len())
            .map(|i| {
                let (by, a) = actions[i];
                self.person_played(names, by, a, i.checked_sub(1).map(|j| actions[j].1))
            })
            .collect()
    }

    /// The end of round `n` for the live region, with the score after it.
    pub fn people_round_end(
        &self,
        names: &BySide<String>,
        n: usize,
        winner: Option<Side>,
        score: BySide<u8>,
    ) -> String {
        let score = self.score_text(score.white, score.black);
        match winner {
            Some(w) => fill(
                &fill(self.person_wins_round, &[("n", &n), ("score", &score)]),
                &[("name", &self.person(names, w))],
            ),
            None => fill(self.people_round_drawn, &[("n", &n), ("score", &score)]),
        }
    }

    pub fn people_match_end(
        &self,
        names: &BySide<String>,
        winner: Side,
        score: BySide<u8>,
    ) -> String {
        let (won, lost) = (score[winner], score[winner.opponent()]);
        fill(
            &fill(self.person_wins_match, &[("won", &won), ("lost", &lost)]),
            &[("name", &self.person(names, winner))],
        )
    }

    pub fn person_verdict(&self, names: &BySide<String>, winner: Side) -> String {
        fill(
            self.person_verdict,
            &[("name", &self.person(names, winner))],
        )
    }

    /// Why the round ended, in whole sentences, each player named.
    pub fn people_story(&self, names: &BySide<String>, story: &Story) -> String {
        let named = |t: &str, winner: Side, args: &[(&str, &dyn std::fmt::Display)]| {
            fill(
                &fill(t, args),
                &[
                    ("winner", &self.person(names, winner)),
                    ("loser", &self.person(names, winner.opponent())),
                ],
            )
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
                    (false, _) => self.person_hit_basic,
                    (true, AttackKind::Attack) => self.person_hit_attack,
                    (true, AttackKind::Lunge) => self.person_hit_lunge,
                };
                named(t, attacker, &[("cards", &self.cards(count, card))])
            }
            Story::NoLegalAction { loser } => named(self.person_stuck, loser.opponent(), &[]),
            Story::FinalStrike { winner, distance } => {
                named(self.person_final_strike, winner, &[("n", &distance)])
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
                named(
                    self.person_card_count,
                    winner,
                    &[("n", &distance), ("wins", &wins), ("loses", &loses)],
                )
            }
            Story::Position {
                winner,
                advances,
                tied_count,
                empty_hand,
            } => {
                let mut sentences = vec![self.position_opening(empty_hand, tied_count)];
                sentences.push(match winner {
                    Some(w) => named(
                        self.person_farther,
                        w,
                        &[("wins", &advances[w]), ("loses", &advances[w.opponent()])],
                    ),
                    None => fill(self.both_advanced, &[("yours", &advances.white)]),
                });
                sentences.join(" ")
            }
            Story::Forfeit { loser } => named(self.person_gave_up, loser.opponent(), &[]),
        }
    }

    /// How an earlier round ended, for the log.
    pub fn people_past_round(
        &self,
        names: &BySide<String>,
        n: usize,
        winner: Option<Side>,
        reason: Reason,
    ) -> String {
        match winner {
            Some(w) => fill(
                &fill(
                    self.past_person,
                    &[("n", &n), ("reason", &self.reason(reason))],
                ),
                &[("name", &self.person(names, w))],
            ),
            None => fill(
                self.past_drawn,
                &[("n", &n), ("reason", &self.reason(reason))],
            ),
        }
    }

    /// A sentence about the player of `side` with `template`'s `{who}`
    /// (name and side, or the side alone when they gave no name), `{name}`
    /// and `{side}`, and `extra` arguments.
    pub fn about_person(
        &self,
        template: &str,
        names: &BySide<String>,
        side: Side,
        extra: &[(&str, &dyn std::fmt::Display)],
    ) -> String {
        let side_name = self.side(side);
        let name = names[side].trim();
        let mut args: Vec<(&str, &dyn std::fmt::Display)> = vec![("side", &side_name)];
        args.extend_from_slice(extra);
        // The names last: whatever they hold is not read as a placeholder.
        let filled = fill(template, &args);
        if name.is_empty() {
            fill(&filled, &[("who", &side_name), ("name", &side_name)])
        } else {
            let who = fill(self.named_side, &[("side", &side_name)]);
            let filled = fill(&filled, &[("who", &who)]);
            fill(&filled, &[("name", &name)])
        }
    }
}
