//! A round set up from given cards (records, puzzles, tests), with validation.

use std::fmt;

use super::card::{BySide, Card, DrawPile, Hand, Side, Square, FIRST_SQUARE, LAST_SQUARE};
use super::round::{Phase, PublicState, Round};
use super::rules::{Rules, Special};

/// A round's starting position: by default a fresh deal (fencers on 1 and 23,
/// nothing played), or any position mid-round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundSetup {
    pub rules: Rules,
    pub special: Option<Special>,
    /// The special card is the starter's pick from the Choice card (S4).
    pub chosen: bool,
    pub score: BySide<u8>,
    pub starter: Side,
    pub position: BySide<Square>,
    pub hands: BySide<Hand>,
    /// The draw pile, top card first.
    pub deck: Vec<Card>,
    /// Cards already played this round.
    pub discard: Hand,
    /// Cards set aside under Ten cards (S6).
    pub aside: Hand,
}

/// Why a setup is impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

macro_rules! bail {
    ($($arg:tt)*) => { return Err(SetupError(format!($($arg)*))) };
}

impl RoundSetup {
    /// The setup `round` was dealt with, if it is fresh (nothing played yet).
    pub fn of_fresh_round(round: &Round) -> RoundSetup {
        let p = round.public();
        RoundSetup {
            rules: p.rules,
            special: p.special,
            chosen: p.chosen,
            score: p.score,
            starter: p.starter,
            position: p.position,
            hands: BySide::new(round.hand(Side::White), round.hand(Side::Black)),
            deck: round.pile().cards().collect(),
            discard: p.played,
            aside: round.aside(),
        }
    }
}

impl Round {
    /// A round from explicit cards. The starter is to act, in a turn.
    ///
    /// # Errors
    /// What makes the setup impossible: rule options out of range, the special
    /// card missing or present without special cards, fencers off the piste or
    /// crossed, a card count other than five of each value, hand, deck or aside
    /// sizes that break R8/S5/S6.
    pub fn set_up(setup: &RoundSetup) -> Result<Round, SetupError> {
        let rules = setup.rules;
        rules.validate().map_err(|e| SetupError(e.to_string()))?;
        match (rules.special_cards, setup.special) {
            (true, None) => bail!("special cards are on: the round needs its special card (S2)"),
            (false, Some(s)) => bail!("special card {s} given but special cards are off (§7)"),
            (_, Some(Special::Choice)) => {
                bail!("the Choice card needs the starter's pick: give it as special, with choice: true (S4)")
            }
            _ => {}
        }
        if setup.chosen && !setup.special.is_some_and(|s| Special::CHOICES.contains(&s)) {
            bail!("choice is true but the special card is not one the Choice card offers (S4)");
        }
        let (white, black) = (setup.position.white, setup.position.black);
        if !(FIRST_SQUARE..=LAST_SQUARE).contains(&white)
            || !(FIRST_SQUARE..=LAST_SQUARE).contains(&black)
        {
            bail!("fencers must stand on squares 1–23, not White {white}, Black {black} (R1)");
        }
        if white >= black {
            bail!("White ({white}) must stand left of Black ({black}) (R11)");
        }
        for side in Side::BOTH {
            if setup.score[side] >= rules.points_to_win {
                bail!(
                    "{side} already has {} points of {}: the match is over (R6)",
                    setup.score[side],
                    rules.points_to_win
                );
            }
        }
        if setup.deck.len() > 25 {
            bail!(
                "the deck has {} cards; the game has 25 (R2)",
                setup.deck.len()
            );
        }
        let deck = DrawPile::from_cards(setup.deck.iter().copied());
        let all = setup
            .hands
            .white
            .plus(setup.hands.black)
            .plus(deck.contents())
            .plus(setup.discard)
            .plus(setup.aside);
        if all != Hand::FULL_DECK {
            let wrong: Vec<String> = Card::ALL
                .iter()
                .filter(|&&c| all.count(c) != Card::COPIES)
                .map(|&c| format!("{} × {c}", all.count(c)))
                .collect();
            bail!(
                "hands, deck, discard and aside must hold five cards of each value, found {} (R2)",
                wrong.join(", ")
            );
        }
        let size = Special::hand_size(setup.special);
        if setup.special == Some(Special::TenCards) {
            if !deck.is_empty() {
                bail!(
                    "under Ten cards there is no draw pile, but the deck has {} cards (S6)",
                    deck.len()
                );
            }
            if setup.aside.len() != 5 {
                bail!(
                    "under Ten cards 5 cards are set aside, not {} (S6)",
                    setup.aside.len()
                );
            }
            for side in Side::BOTH {
                if setup.hands[side].len() > size {
                    bail!(
                        "{side} holds {} cards; at most 10 under Ten cards (S6)",
                        setup.hands[side].len()
                    );
                }
            }
        } else {
            for side in Side::BOTH {
                if setup.hands[side].len() != size {
                    bail!(
                        "{side} holds {} cards; a hand holds {size} at the start of a turn (R8, R14)",
                        setup.hands[side].len()
                    );
                }
            }
            if deck.is_empty() {
                bail!("the deck is empty: the round would already be over (E3)");
            }
            if !setup.aside.is_empty() {
                bail!("cards are set aside only under Ten cards (S6)");
            }
        }
        let mut round = Round {
            public: PublicState {
                rules,
                special: setup.special,
                chosen: setup.chosen,
                score: setup.score,
                starter: setup.starter,
                position: setup.position,
                to_act: setup.starter,
                phase: Phase::Turn,
                pending: None,
                final_answer: false,
                played: setup.discard,
                result: None,
            },
            hands: setup.hands,
            pile: deck,
            aside: setup.aside,
        };
        round.start_turn();
        Ok(round)
    }
}
