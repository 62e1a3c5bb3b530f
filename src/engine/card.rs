//! The material of the game (R1–R3): sides, fencing cards, hands and the draw pile.

use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the two fencers. White starts on square 1, Black on square 23 (R3).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other fencer.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `"white"` or `"black"`, as in game records.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// `"White"` or `"Black"`, for messages.
    pub const fn title(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side; in JSON (records, saves, settings) `{"white": …,
/// "black": …}`, and nothing else.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct BySide<T> {
    pub white: T,
    pub black: T,
}

impl<T> BySide<T> {
    pub const fn new(white: T, black: T) -> Self {
        BySide { white, black }
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            white: f(self.white),
            black: f(self.black),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }
}

/// A square of the piste, 1–23 (R1).
pub type Square = u8;
/// The first square of the piste, White's start (R1, R3).
pub const FIRST_SQUARE: Square = 1;
/// The last square of the piste, Black's start (R1, R3).
pub const LAST_SQUARE: Square = 23;
/// The centre square (R1).
pub const CENTRE_SQUARE: Square = 12;

/// A fencing card: a value from 1 to 5 (R2).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct Card(u8);

impl TryFrom<u8> for Card {
    type Error = String;
    fn try_from(value: u8) -> Result<Card, String> {
        Card::new(value).ok_or_else(|| format!("{value} is not a card value 1–5"))
    }
}

impl From<Card> for u8 {
    fn from(card: Card) -> u8 {
        card.0
    }
}

impl Card {
    /// The five values, ascending.
    pub const ALL: [Card; 5] = [Card(1), Card(2), Card(3), Card(4), Card(5)];
    /// How many cards of each value the game has (R2).
    pub const COPIES: u8 = 5;

    /// The card of value `value`, if it is 1–5.
    ///
    /// ```
    /// use engarde::Card;
    /// assert_eq!(Card::new(3).map(Card::value), Some(3));
    /// assert_eq!(Card::new(6), None);
    /// ```
    #[inline]
    pub const fn new(value: u8) -> Option<Card> {
        if value >= 1 && value <= 5 {
            Some(Card(value))
        } else {
            None
        }
    }

    #[inline]
    pub const fn value(self) -> u8 {
        self.0
    }

    #[inline]
    const fn slot(self) -> usize {
        (self.0 - 1) as usize
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A multiset of cards, stored as a count per value. Hands, the discard pile's
/// contents and the unseen cards are all `Hand`s: order never matters there.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Hand {
    counts: [u8; 5],
}

impl Hand {
    pub const EMPTY: Hand = Hand { counts: [0; 5] };
    /// All 25 fencing cards (R2).
    pub const FULL_DECK: Hand = Hand { counts: [5; 5] };

    pub const fn from_counts(counts: [u8; 5]) -> Hand {
        Hand { counts }
    }

    /// The hand holding exactly these cards.
    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> Hand {
        let mut hand = Hand::EMPTY;
        for card in cards {
            hand.add(card, 1);
        }
        hand
    }

    pub const fn counts(&self) -> [u8; 5] {
        self.counts
    }

    /// How many cards of this value the hand holds.
    #[inline]
    pub const fn count(&self, card: Card) -> u8 {
        self.counts[card.slot()]
    }

    /// How many cards of value `value` the hand holds; 0 for values outside 1–5
    /// (so `count_value(distance)` is safe at any distance).
    #[inline]
    pub const fn count_value(&self, value: u8) -> u8 {
        if value >= 1 && value <= 5 {
            self.counts[(value - 1) as usize]
        } else {
            0
        }
    }

    #[inline]
    pub fn len(&self) -> u8 {
        self.counts.iter().sum()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.counts == [0; 5]
    }

    #[inline]
    pub fn contains(&self, card: Card, n: u8) -> bool {
        self.count(card) >= n
    }

    #[inline]
    pub fn add(&mut self, card: Card, n: u8) {
        self.counts[card.slot()] += n;
    }

    /// Removes `n` cards of this value; the caller has checked [`Hand::contains`].
    #[inline]
    pub fn remove(&mut self, card: Card, n: u8) {
        debug_assert!(self.contains(card, n));
        self.counts[card.slot()] -= n;
    }

    /// The cards, ascending (as records and the CLI print hands).
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        Card::ALL
            .into_iter()
            .flat_map(move |c| std::iter::repeat_n(c, self.count(c) as usize))
    }

    /// The distinct values held, ascending.
    #[inline]
    pub fn values(&self) -> impl Iterator<Item = Card> + '_ {
        Card::ALL.into_iter().filter(move |&c| self.count(c) > 0)
    }

    /// The union of two multisets.
    pub fn plus(self, other: Hand) -> Hand {
        let mut sum = self;
        for c in Card::ALL {
            sum.add(c, other.count(c));
        }
        sum
    }

    /// `self` minus `other`, or `None` if `other` is not contained in `self`.
    pub fn minus(self, other: Hand) -> Option<Hand> {
        let mut rest = self;
        for c in Card::ALL {
            rest.counts[c.slot()] = self.count(c).checked_sub(other.count(c))?;
        }
        Some(rest)
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, c) in self.cards().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("]")
    }
}

/// The face-down draw pile (R8): an ordered stack, top card first. Fixed capacity,
/// no heap, so a round state is cheap to copy.
#[derive(Copy, Clone, Debug)]
pub struct DrawPile {
    cards: [u8; 25],
    top: u8,
    end: u8,
}

/// Two piles are equal when the cards left in them are, in the same order.
impl PartialEq for DrawPile {
    fn eq(&self, other: &Self) -> bool {
        self.remaining() == other.remaining()
    }
}

impl Eq for DrawPile {}

impl std::hash::Hash for DrawPile {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.remaining().hash(state);
    }
}

impl Default for DrawPile {
    fn default() -> Self {
        DrawPile::EMPTY
    }
}

impl DrawPile {
    pub const EMPTY: DrawPile = DrawPile {
        cards: [0; 25],
        top: 0,
        end: 0,
    };

    /// A pile from its cards, top first. At most 25 cards; the caller checks.
    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> DrawPile {
        let mut pile = DrawPile::EMPTY;
        for card in cards {
            pile.cards[pile.end as usize] = card.value();
            pile.end += 1;
        }
        pile
    }

    #[inline]
    pub fn len(&self) -> u8 {
        self.end - self.top
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.top == self.end
    }

    /// Takes the top card.
    #[inline]
    pub fn draw(&mut self) -> Option<Card> {
        if self.is_empty() {
            return None;
        }
        let card = Card(self.cards[self.top as usize]);
        self.top += 1;
        Some(card)
    }

    fn remaining(&self) -> &[u8] {
        &self.cards[self.top as usize..self.end as usize]
    }

    /// The cards still in the pile, top first.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.remaining().iter().map(|&v| Card(v))
    }

    /// The pile's contents as a multiset.
    pub fn contents(&self) -> Hand {
        Hand::from_cards(self.cards())
    }

    /// Shuffles the cards still in the pile; the cards drawn stay drawn.
    pub fn shuffle<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) {
        use rand::seq::SliceRandom;
        self.cards[self.top as usize..self.end as usize].shuffle(rng);
    }
}
