//! Whole messages with typed arguments: the only way the page gets words.
//! Here the vocabulary (sides, cards, actions, options), with engine and
//! opponent types only; the words for the page's own values live beside
//! those values (`crate::ui::play::words`: the turn, notices, the players,
//! a round's story; the friend's and the puzzles' `words.rs`).

use crate::ai::Difficulty;
use crate::engine::{Action, Card, Pending, Preset, Reason, Side, Special};

use super::{fill, Texts};

fn special_index(s: Special) -> usize {
    Special::ALL.iter().position(|&x| x == s).unwrap_or(0)
}

impl Texts {
    pub fn side(&self, side: Side) -> &'static str {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// "one 3", "two 4s": `count` cards of one value, in words.
    pub fn cards(&self, count: u8, card: Card) -> String {
        match self.cards.get(usize::from(count)) {
            Some(t) => fill(t, &[("card", &card)]),
            None => format!("{count} × {card}"),
        }
    }

    pub(crate) fn pending(&self, p: Pending) -> String {
        self.cards(p.count, p.card)
    }

    /// A move or attack in words, with one template for each of advance,
    /// retreat, attack and lunge (`{n}` squares, `{cards}` in words); `None`
    /// for the other actions.
    pub(crate) fn moved(
        &self,
        action: Action,
        [advance, retreat, attack, lunge]: [&str; 4],
    ) -> Option<String> {
        Some(match action {
            Action::Advance(c) => fill(advance, &[("n", &c)]),
            Action::Retreat(c) => fill(retreat, &[("n", &c)]),
            Action::Attack { card, count } => fill(attack, &[("cards", &self.cards(count, card))]),
            Action::Lunge {
                advance,
                card,
                count,
            } => fill(
                lunge,
                &[("n", &advance), ("cards", &self.cards(count, card))],
            ),
            _ => return None,
        })
    }

    /// An action control's name, verb first (docs/APP.md, accessible names). A parry names the
    /// attack it answers (`pending`).
    pub fn action(&self, action: Action, pending: Option<Pending>) -> String {
        let moves = [
            self.act_advance,
            self.act_retreat,
            self.act_attack,
            self.act_lunge,
        ];
        match action {
            Action::Parry => match pending {
                Some(p) => fill(self.act_parry, &[("cards", &self.pending(p))]),
                None => self.parry.into(),
            },
            Action::Choose(s) => fill(self.act_choose, &[("special", &self.special(s))]),
            Action::Forfeit => self.give_up.into(),
            _ => self.moved(action, moves).unwrap_or_default(),
        }
    }

    pub fn target_opponent(&self, action: Action, pending: Option<Pending>) -> String {
        fill(
            self.target_opponent,
            &[("action", &self.action(action, pending))],
        )
    }

    pub fn special(&self, s: Special) -> &'static str {
        self.specials[special_index(s)]
    }

    pub(crate) fn special_help(&self, s: Special) -> &'static str {
        self.specials_help[special_index(s)]
    }

    pub fn preset(&self, p: Option<Preset>) -> &'static str {
        match p {
            Some(p) => self.presets[Preset::ALL.iter().position(|&x| x == p).unwrap_or(0)],
            None => self.custom,
        }
    }

    pub(crate) fn difficulty(&self, d: Difficulty) -> &'static str {
        self.difficulties[Difficulty::ALL.iter().position(|&x| x == d).unwrap_or(0)]
    }

    pub(crate) fn score_text(&self, white: u8, black: u8) -> String {
        fill(self.score_text, &[("white", &white), ("black", &black)])
    }

    pub fn square(&self, n: u8) -> String {
        fill(self.square, &[("n", &n)])
    }

    pub fn card(&self, card: Card) -> String {
        fill(self.card, &[("card", &card)])
    }

    pub fn unseen(&self, count: u8, card: Card) -> String {
        fill(self.unseen, &[("card", &card), ("n", &count)])
    }

    pub fn round_heading(&self, n: usize) -> String {
        fill(self.round_heading, &[("n", &n)])
    }

    /// How a round decided by position began: the pile or a hand ran out,
    /// and the cards equal to the distance were tied (E3, E4).
    pub(crate) fn position_opening(
        &self,
        empty_hand: bool,
        tied_count: Option<(u8, u8)>,
    ) -> String {
        let mut sentences = vec![if empty_hand {
            self.hand_ran_out.to_string()
        } else {
            self.pile_ran_out.to_string()
        }];
        match tied_count {
            Some((d, 0)) => sentences.push(fill(self.neither_holds, &[("n", &d)])),
            Some((d, n)) => {
                if let Some(c) = Card::new(d) {
                    sentences.push(fill(
                        self.both_hold,
                        &[("n", &d), ("cards", &self.cards(n, c))],
                    ));
                }
            }
            None => {}
        }
        sentences.join(" ")
    }

    pub fn reason(&self, reason: Reason) -> &'static str {
        let i = match reason {
            Reason::Hit => 0,
            Reason::NoLegalAction => 1,
            Reason::FinalStrike => 2,
            Reason::CardCount => 3,
            Reason::Position => 4,
            Reason::Draw => 5,
            Reason::Forfeit => 6,
        };
        self.reasons[i]
    }
}
