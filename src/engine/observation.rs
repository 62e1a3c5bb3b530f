//! What one side may know (R9, R10), and full states sampled consistently with it.

use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;

use super::action::{Action, ActionList};
use super::card::{BySide, Card, DrawPile, Hand, Side};
use super::round::{PublicState, Round};
use super::rules::Special;

/// One side's view of a round: the public state, its own hand, and only the
/// sizes of what it cannot see. It never holds hidden cards, except the
/// opponent's hand under Open hands (S7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Observation {
    pub public: PublicState,
    /// The observing side ("you").
    pub side: Side,
    pub hand: Hand,
    pub opponent_hand_len: u8,
    /// The opponent's cards, only under Open hands (S7).
    pub opponent_hand: Option<Hand>,
    pub pile_len: u8,
    pub aside_len: u8,
    /// The opponent's most recent action this round, with what was public just
    /// before it (R9: every card is played face up). Filled in by
    /// [`Match::observation`](super::Match::observation); `None` from a bare round.
    pub opponent_last: Option<PastAction>,
}

/// An action of the past, with the public state just before it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct PastAction {
    pub before: PublicState,
    pub action: Action,
    /// The actor's hand size, and its opponent's, just before.
    pub hand_len: u8,
    pub opponent_hand_len: u8,
    pub pile_len: u8,
    pub aside_len: u8,
}

impl PastAction {
    /// The public facts of the side to act in `round`, about to play `action`.
    pub fn before(round: &Round, action: Action) -> PastAction {
        let side = round.to_act();
        PastAction {
            before: round.public,
            action,
            hand_len: round.hands[side].len(),
            opponent_hand_len: round.hands[side.opponent()].len(),
            pile_len: round.pile.len(),
            aside_len: round.aside.len(),
        }
    }
}

impl Round {
    /// What `side` may know of this round.
    pub fn observation(&self, side: Side) -> Observation {
        let opponent = self.hands[side.opponent()];
        Observation {
            public: self.public,
            side,
            hand: self.hands[side],
            opponent_hand_len: opponent.len(),
            opponent_hand: (self.public.special == Some(Special::OpenHands)).then_some(opponent),
            pile_len: self.pile.len(),
            aside_len: self.aside.len(),
            opponent_last: None,
        }
    }
}

impl Observation {
    /// The cards this side has not seen: the draw pile, the cards set aside and
    /// (unless open) the opponent's hand, as one multiset.
    pub fn unseen(&self) -> Hand {
        let seen = self
            .public
            .played
            .plus(self.hand)
            .plus(self.opponent_hand.unwrap_or(Hand::EMPTY));
        Hand::FULL_DECK
            .minus(seen)
            .expect("an observation never shows more than 25 cards")
    }

    /// The legal actions, when this side is to act; otherwise none.
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        if self.public.to_act == self.side {
            self.public.legal_actions_with(self.hand, &mut list);
        }
        list
    }

    /// A full round consistent with this observation: the unseen cards are
    /// shuffled uniformly and dealt to the opponent's hand, the draw pile and the
    /// cards set aside (determinization).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Round {
        self.sample_with(None, rng)
    }

    /// [`Observation::sample`] with the opponent's hand given (it must be part of
    /// the unseen cards, of the opponent's hand size): the rest of the unseen
    /// cards are shuffled into the draw pile and the cards set aside.
    pub fn sample_given<R: Rng + ?Sized>(&self, opponent: Hand, rng: &mut R) -> Round {
        self.sample_with(Some(opponent), rng)
    }

    /// The round in which the opponent holds `opponent`, the draw pile is
    /// `pile` (top first) and `aside` is set aside: one exact world (the caller
    /// makes sure these are the unseen cards).
    pub fn sample_arranged(&self, opponent: Hand, pile: &[Card], aside: Hand) -> Round {
        let mut hands = BySide::new(Hand::EMPTY, Hand::EMPTY);
        hands[self.side] = self.hand;
        hands[self.side.opponent()] = opponent;
        Round {
            public: self.public,
            hands,
            pile: DrawPile::from_cards(pile.iter().copied()),
            aside,
        }
    }

    fn sample_with<R: Rng + ?Sized>(&self, given: Option<Hand>, rng: &mut R) -> Round {
        let known = self.opponent_hand.or(given);
        let unseen = match given {
            Some(h) => self.unseen().minus(h).expect("the given hand is unseen"),
            None => self.unseen(),
        };
        let mut cards = [Card::ALL[0]; 25];
        let mut n = 0;
        for card in unseen.cards() {
            cards[n] = card;
            n += 1;
        }
        let cards = &mut cards[..n];
        cards.shuffle(rng);
        let mut rest = cards.iter().copied();
        let opponent = match known {
            Some(open) => open,
            None => Hand::from_cards(rest.by_ref().take(self.opponent_hand_len as usize)),
        };
        let pile: ArrayVec<Card, 25> = rest.by_ref().take(self.pile_len as usize).collect();
        let aside = Hand::from_cards(rest);
        self.sample_arranged(opponent, &pile, aside)
    }
}
