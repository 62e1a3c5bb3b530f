//! The ends of rounds and matches in words: who won and how (the story of
//! the last actions), the score, the log of past rounds; each message once,
//! in the form for who the players are (see `words_sides`).

use std::fmt::Display;

use crate::engine::{AttackKind, BySide, Card, Reason, Side};
use crate::ui::play::seats::{Seats, Who};
use crate::ui::play::summary::Story;

use crate::ui::i18n::{fill, Texts};

impl Texts {
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
    pub(crate) fn match_end(&self, seats: Seats, winner: Side, score: BySide<u8>) -> String {
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
    pub(crate) fn past_round(
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
}
