//! A round set up from given cards (records, puzzles, tests), with validation.

use std::fmt;

use super::action::Pending;
use super::card::{BySide, Card, DrawPile, Hand, Side, Square, FIRST_SQUARE, LAST_SQUARE};
use super::round::{Phase, PublicState, Round};
use super::rules::{Rules, RulesError, Special};

/// A round's starting position: by default a fresh deal (fencers on 1 and 23,
/// nothing played), or any position mid-round.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// Why a setup is impossible. `Display` says it in English, naming the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The rules' options do not validate.
    Rules(RulesError),
    /// Special cards are on, but the round has no special card (S2).
    SpecialMissing,
    /// A special card with special cards off (§7).
    SpecialWhenOff(Special),
    /// The Choice card itself as the round's card: its pick is needed (S4).
    ChoiceUnpicked,
    /// `chosen`, but the card is not one the Choice card offers (S4).
    NotAChoice,
    /// A fencer off the piste (R1).
    OffPiste { white: Square, black: Square },
    /// White not left of Black (R11).
    Order { white: Square, black: Square },
    /// A side already has the points to win (R6).
    MatchOver { side: Side, points: u8, to_win: u8 },
    /// More than the game's 25 cards in the deck (R2).
    DeckTooBig(usize),
    /// The cards are not five of each value: the count of each wrong value (R2).
    Cards(Vec<(Card, u8)>),
    /// A draw pile under Ten cards (S6).
    TenCardsDeck(u8),
    /// Under Ten cards five cards are set aside (S6).
    TenCardsAside(u8),
    /// A hand above ten cards under Ten cards (S6).
    TenCardsHand { side: Side, held: u8 },
    /// A hand of the wrong size at the start of a turn (R8, R14).
    HandSize { side: Side, held: u8, size: u8 },
    /// An empty deck: the round would be over (E3).
    EmptyDeck,
    /// Cards set aside outside Ten cards (S6).
    AsideOutsideTenCards,
    /// A round of a match under other rules than the match's.
    OtherRules,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SetupError::*;
        match self {
            Rules(e) => e.fmt(f),
            SpecialMissing => f.write_str("special cards are on: the round needs its special card (S2)"),
            SpecialWhenOff(s) => write!(f, "special card {s} given but special cards are off (§7)"),
            ChoiceUnpicked => f.write_str(
                "the Choice card needs the starter's pick: give it as special, with choice: true (S4)",
            ),
            NotAChoice => f.write_str(
                "choice is true but the special card is not one the Choice card offers (S4)",
            ),
            OffPiste { white, black } => write!(
                f,
                "fencers must stand on squares 1–23, not White {white}, Black {black} (R1)"
            ),
            Order { white, black } => {
                write!(f, "White ({white}) must stand left of Black ({black}) (R11)")
            }
            MatchOver {
                side,
                points,
                to_win,
            } => write!(
                f,
                "{side} already has {points} points of {to_win}: the match is over (R6)"
            ),
            DeckTooBig(n) => write!(f, "the deck has {n} cards; the game has 25 (R2)"),
            Cards(wrong) => {
                let wrong: Vec<String> = wrong.iter().map(|(c, n)| format!("{n} × {c}")).collect();
                write!(
                    f,
                    "hands, deck, discard and aside must hold five cards of each value, found {} (R2)",
                    wrong.join(", ")
                )
            }
            TenCardsDeck(n) => write!(
                f,
                "under Ten cards there is no draw pile, but the deck has {n} cards (S6)"
            ),
            TenCardsAside(n) => write!(f, "under Ten cards 5 cards are set aside, not {n} (S6)"),
            TenCardsHand { side, held } => {
                write!(f, "{side} holds {held} cards; at most 10 under Ten cards (S6)")
            }
            HandSize { side, held, size } => write!(
                f,
                "{side} holds {held} cards; a hand holds {size} at the start of a turn (R8, R14)"
            ),
            EmptyDeck => f.write_str("the deck is empty: the round would already be over (E3)"),
            AsideOutsideTenCards => f.write_str("cards are set aside only under Ten cards (S6)"),
            OtherRules => f.write_str("a round's rules must be the match's rules"),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<RulesError> for SetupError {
    fn from(e: RulesError) -> Self {
        SetupError::Rules(e)
    }
}

macro_rules! bail {
    ($e:expr) => {
        return Err($e)
    };
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
        rules.validate()?;
        match (rules.special_cards, setup.special) {
            (true, None) => bail!(SetupError::SpecialMissing),
            (false, Some(s)) => bail!(SetupError::SpecialWhenOff(s)),
            (_, Some(Special::Choice)) => {
                bail!(SetupError::ChoiceUnpicked)
            }
            _ => {}
        }
        if setup.chosen && !setup.special.is_some_and(|s| Special::CHOICES.contains(&s)) {
            bail!(SetupError::NotAChoice);
        }
        let (white, black) = (setup.position.white, setup.position.black);
        if !(FIRST_SQUARE..=LAST_SQUARE).contains(&white)
            || !(FIRST_SQUARE..=LAST_SQUARE).contains(&black)
        {
            bail!(SetupError::OffPiste { white, black });
        }
        if white >= black {
            bail!(SetupError::Order { white, black });
        }
        for side in Side::BOTH {
            if setup.score[side] >= rules.points_to_win {
                bail!(SetupError::MatchOver {
                    side,
                    points: setup.score[side],
                    to_win: rules.points_to_win,
                });
            }
        }
        if setup.deck.len() > 25 {
            bail!(SetupError::DeckTooBig(setup.deck.len()));
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
            let wrong = Card::ALL
                .iter()
                .filter(|&&c| all.count(c) != Card::COPIES)
                .map(|&c| (c, all.count(c)))
                .collect();
            bail!(SetupError::Cards(wrong));
        }
        let size = Special::hand_size(setup.special);
        if setup.special == Some(Special::TenCards) {
            if !deck.is_empty() {
                bail!(SetupError::TenCardsDeck(deck.len()));
            }
            if setup.aside.len() != 5 {
                bail!(SetupError::TenCardsAside(setup.aside.len()));
            }
            for side in Side::BOTH {
                if setup.hands[side].len() > size {
                    bail!(SetupError::TenCardsHand {
                        side,
                        held: setup.hands[side].len(),
                    });
                }
            }
        } else {
            for side in Side::BOTH {
                if setup.hands[side].len() != size {
                    bail!(SetupError::HandSize {
                        side,
                        held: setup.hands[side].len(),
                        size,
                    });
                }
            }
            if deck.is_empty() {
                bail!(SetupError::EmptyDeck);
            }
            if !setup.aside.is_empty() {
                bail!(SetupError::AsideOutsideTenCards);
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

/// The parts of a round's public state at some moment, as a player was told
/// them ([`PublicState::new`] checks that they can be).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PublicParts {
    pub rules: Rules,
    pub special: Option<Special>,
    pub chosen: bool,
    pub score: BySide<u8>,
    pub starter: Side,
    pub position: BySide<Square>,
    pub to_act: Side,
    pub phase: Phase,
    pub pending: Option<Pending>,
    pub final_answer: bool,
    pub played: Hand,
}

/// Why parts cannot make a round's public state ([`PublicState::new`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PublicError {
    /// What no round's setup can be (rules, special card, squares, score).
    Setup(SetupError),
    /// An answer without an attack pending, or an attack pending outside an
    /// answer (R16).
    Pending,
    /// The Choice card's pick (S4) with a special card other than Choice, or
    /// cards already played.
    Choose,
    /// The round's last answer (E3 step 1) outside an answer.
    FinalAnswer,
    /// A finished round: its result is not part of the parts.
    Over,
}

impl fmt::Display for PublicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicError::Setup(e) => e.fmt(f),
            PublicError::Pending => {
                f.write_str("an answer needs a pending attack, and only an answer has one (R16)")
            }
            PublicError::Choose => f.write_str(
                "a choose phase needs the Choice card turned and nothing dealt or played (S4)",
            ),
            PublicError::FinalAnswer => f.write_str("only an answer can be the round's last (E3)"),
            PublicError::Over => f.write_str("a finished round has a result, not a moment to act"),
        }
    }
}

impl std::error::Error for PublicError {}

impl PublicState {
    /// A round's public state at a moment to act, from its parts.
    ///
    /// # Errors
    /// When no round can be in it ([`PublicError`]).
    pub fn new(parts: PublicParts) -> Result<PublicState, PublicError> {
        let p = parts;
        let setup = |e| Err(PublicError::Setup(e));
        if let Err(e) = p.rules.validate() {
            return setup(SetupError::Rules(e));
        }
        match (p.rules.special_cards, p.special) {
            (true, None) => return setup(SetupError::SpecialMissing),
            (false, Some(s)) => return setup(SetupError::SpecialWhenOff(s)),
            _ => {}
        }
        let (white, black) = (p.position.white, p.position.black);
        if !(FIRST_SQUARE..=LAST_SQUARE).contains(&white)
            || !(FIRST_SQUARE..=LAST_SQUARE).contains(&black)
        {
            return setup(SetupError::OffPiste { white, black });
        }
        if white >= black {
            return setup(SetupError::Order { white, black });
        }
        for side in Side::BOTH {
            if p.score[side] >= p.rules.points_to_win {
                return setup(SetupError::MatchOver {
                    side,
                    points: p.score[side],
                    to_win: p.rules.points_to_win,
                });
            }
        }
        match p.phase {
            Phase::Over => return Err(PublicError::Over),
            Phase::Answer if p.pending.is_none() => return Err(PublicError::Pending),
            Phase::Turn | Phase::Choose if p.pending.is_some() => return Err(PublicError::Pending),
            Phase::Choose if p.special != Some(Special::Choice) || !p.played.is_empty() => {
                return Err(PublicError::Choose)
            }
            _ => {}
        }
        if p.final_answer && p.phase != Phase::Answer {
            return Err(PublicError::FinalAnswer);
        }
        Ok(PublicState {
            rules: p.rules,
            special: p.special,
            chosen: p.chosen,
            score: p.score,
            starter: p.starter,
            position: p.position,
            to_act: p.to_act,
            phase: p.phase,
            pending: p.pending,
            final_answer: p.final_answer,
            played: p.played,
            result: None,
        })
    }
}
