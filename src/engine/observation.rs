//! What one side may know (R9, R10), and full states sampled consistently with it.

use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;

use super::action::{Action, ActionList};
use super::card::{BySide, Card, DrawPile, Hand, Side, FIRST_SQUARE, LAST_SQUARE};
use super::error::IllegalAction;
use super::round::{Phase, PublicState, Round};
use super::rules::Special;

/// One side's view of a round: the public state, its own hand, and only the
/// sizes of what it cannot see. It never holds hidden cards, except the
/// opponent's hand under Open hands (S7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Observation {
    public: PublicState,
    side: Side,
    hand: Hand,
    opponent_hand_len: u8,
    opponent_hand: Option<Hand>,
    pile_len: u8,
    aside_len: u8,
    opponent_last: Option<PastAction>,
}

/// Why an [`Observation`] cannot be ([`Observation::new`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ObservationError {
    /// More than five cards of a value are in view (R1).
    TooManyCards,
    /// The unseen cards are not as many as the hidden places hold: the draw
    /// pile, the cards set aside and the opponent's hidden hand.
    Unaccounted { unseen: u8, hidden: u8 },
}

impl std::fmt::Display for ObservationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ObservationError::TooManyCards => {
                f.write_str("more than five cards of a value are visible")
            }
            ObservationError::Unaccounted { unseen, hidden } => write!(
                f,
                "{unseen} cards are unseen but the deck, aside and hidden hand hold {hidden}"
            ),
        }
    }
}

impl std::error::Error for ObservationError {}

impl Observation {
    /// `side`'s view of a round in `public` state, holding `hand`, with the
    /// opponent holding `opponent` (their cards under Open hands, S7, else
    /// only how many), `pile_len` cards in the draw pile and `aside_len` set
    /// aside (S6). Its `opponent_last` is `None` ([`Observation::after`]).
    ///
    /// # Errors
    /// When no deal can show this: more than five cards of a value in view,
    /// or unseen cards that do not fill the hidden places.
    pub fn new(
        public: PublicState,
        side: Side,
        hand: Hand,
        opponent: Result<Hand, u8>,
        pile_len: u8,
        aside_len: u8,
    ) -> Result<Observation, ObservationError> {
        let (opponent_hand, opponent_hand_len) = match opponent {
            Ok(h) => (Some(h), h.len()),
            Err(n) => (None, n),
        };
        let seen = public
            .played
            .plus(hand)
            .plus(opponent_hand.unwrap_or(Hand::EMPTY));
        let unseen = Hand::FULL_DECK
            .minus(seen)
            .ok_or(ObservationError::TooManyCards)?
            .len();
        let hidden = u16::from(pile_len)
            + u16::from(aside_len)
            + if opponent_hand.is_some() {
                0
            } else {
                u16::from(opponent_hand_len)
            };
        if u16::from(unseen) != hidden {
            return Err(ObservationError::Unaccounted {
                unseen,
                hidden: u8::try_from(hidden).unwrap_or(u8::MAX),
            });
        }
        Ok(Observation {
            public,
            side,
            hand,
            opponent_hand_len,
            opponent_hand,
            pile_len,
            aside_len,
            opponent_last: None,
        })
    }

    /// This view, the opponent's most recent action this round being `last`
    /// (with what was public just before it; R9: every card is played face
    /// up), as [`Match::observation`](super::Match::observation) gives it.
    #[must_use]
    pub fn after(self, last: Option<PastAction>) -> Observation {
        Observation {
            opponent_last: last,
            ..self
        }
    }

    /// What is public.
    pub fn public(&self) -> &PublicState {
        &self.public
    }

    /// The observing side ("you").
    pub fn side(&self) -> Side {
        self.side
    }

    pub fn hand(&self) -> Hand {
        self.hand
    }

    pub fn opponent_hand_len(&self) -> u8 {
        self.opponent_hand_len
    }

    /// The opponent's cards, only under Open hands (S7).
    pub fn opponent_hand(&self) -> Option<Hand> {
        self.opponent_hand
    }

    pub fn pile_len(&self) -> u8 {
        self.pile_len
    }

    pub fn aside_len(&self) -> u8 {
        self.aside_len
    }

    /// The opponent's most recent action this round, with what was public
    /// just before it; `None` from a bare round.
    pub fn opponent_last(&self) -> Option<PastAction> {
        self.opponent_last
    }
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

impl PastAction {
    /// What the player who took this action saw then, had they held `hand`,
    /// having seen `seen` of the other side before it: the view a model of
    /// that player is asked about.
    pub fn view_holding(&self, hand: Hand, seen: Option<PastAction>) -> Observation {
        Observation {
            public: self.before,
            side: self.before.to_act,
            hand,
            opponent_hand_len: self.opponent_hand_len,
            opponent_hand: None,
            pile_len: self.pile_len,
            aside_len: self.aside_len,
            opponent_last: seen,
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

    /// This view with only `remembered` kept in mind of the cards played (a
    /// forgetful player): the forgotten ones count as unseen, as cards set
    /// aside do, so a sample deals any unseen card to the opponent's hand,
    /// the draw pile or aside alike. Cards never played are not forgotten.
    #[must_use]
    pub fn remembering_played(&self, remembered: Hand) -> Observation {
        let Some(forgotten) = self.public.played.minus(remembered) else {
            return *self;
        };
        let mut view = *self;
        view.public.played = remembered;
        view.aside_len += forgotten.len();
        view
    }

    /// Whether `action`, a move or an attack that ends this side's turn,
    /// is followed by a refill that takes the draw pile's last card (I3):
    /// the round then ends (E3). Never under Ten cards (S6: nobody draws).
    pub fn takes_last_card(&self, action: Action) -> bool {
        let ends_turn = self.public.phase == Phase::Turn
            && matches!(
                action,
                Action::Advance(_)
                    | Action::Retreat(_)
                    | Action::Attack { .. }
                    | Action::Lunge { .. }
            );
        let Some(kept) = self.hand.minus(action.cards(None)) else {
            return false;
        };
        let need = self.public.hand_size().saturating_sub(kept.len());
        ends_turn
            && self.public.special != Some(Special::TenCards)
            && self.pile_len > 0
            && self.pile_len <= need
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

/// Why a round's public history does not fit an observation
/// ([`Observation::history`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// The actions play more cards of a value than the deck holds, or more
    /// than this side sees.
    TooManyCards,
    /// Action `at` (from 0) is by the side not to act.
    OutOfTurn { at: usize },
    /// Action `at` (from 0) is illegal where the earlier ones lead.
    Illegal { at: usize, error: IllegalAction },
    /// The actions do not lead to this observation's position.
    Elsewhere,
}

impl std::fmt::Display for HistoryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HistoryError::TooManyCards => {
                f.write_str("the round's actions play more cards than the deck holds")
            }
            HistoryError::OutOfTurn { at } => {
                write!(f, "action {at} of the round is by the side not to act")
            }
            HistoryError::Illegal { at, error } => write!(f, "action {at} of the round: {error}"),
            HistoryError::Elsewhere => {
                f.write_str("the round's actions do not lead to the position shown")
            }
        }
    }
}

impl std::error::Error for HistoryError {}

impl Observation {
    /// The round's actions so far (`actions`, both sides', in order: public,
    /// R9) with what was public before each, as
    /// [`Match::round_history`](super::Match::round_history) gives them, from
    /// this observation alone: the round is replayed with the hidden cards
    /// dealt so that each side holds what it plays when it plays it. Hidden
    /// cards change nothing public, so every [`PastAction`] is exact.
    ///
    /// # Errors
    /// When the actions cannot have led here ([`HistoryError`]).
    pub fn history(&self, actions: &[(Side, Action)]) -> Result<Vec<PastAction>, HistoryError> {
        let p = &self.public;
        let (mut stream, played) = played_streams(actions);
        let shown = played
            .plus(self.hand)
            .plus(self.opponent_hand.unwrap_or(Hand::EMPTY));
        let unseen = Hand::FULL_DECK
            .minus(shown)
            .ok_or(HistoryError::TooManyCards)?;
        stream[self.side].extend(self.hand.cards());
        let mut rest: Vec<Card> = unseen.cards().collect();
        let opponent = self.side.opponent();
        match self.opponent_hand {
            Some(h) => stream[opponent].extend(h.cards()),
            None => {
                let n = usize::from(self.opponent_hand_len).min(rest.len());
                stream[opponent].extend(rest.drain(..n));
            }
        }
        let (round, past) = replay_streams(p, stream, rest, actions)?;
        let now = round.observation(self.side);
        let same = now.public == self.public
            && now.hand == self.hand
            && now.opponent_hand_len == self.opponent_hand_len
            && now.pile_len == self.pile_len;
        if !same {
            return Err(HistoryError::Elsewhere);
        }
        Ok(past)
    }

    /// What `side` sees after `actions` of a round that was dealt as `start`
    /// (its public state at the deal), `side` having been dealt and having
    /// drawn `own`, in that order: its observation (the opponent's last
    /// action included) and the round's history. For a player who knows only
    /// its own cards, as in a match by correspondence; `own` must hold every
    /// card drawn so far for the hand to be right. Under Open hands (S7) the
    /// opponent's cards, dealt and drawn, are known too: `open`.
    ///
    /// # Errors
    /// When the actions cannot follow from this ([`HistoryError`]).
    pub fn of_own_cards(
        start: &PublicState,
        side: Side,
        own: &[Card],
        open: Option<&[Card]>,
        actions: &[(Side, Action)],
    ) -> Result<(Observation, Vec<PastAction>), HistoryError> {
        let (mut stream, _) = played_streams(actions);
        let opponent = side.opponent();
        let my_played = Hand::from_cards(stream[side].iter().copied());
        let mine = Hand::from_cards(own.iter().copied());
        if mine.minus(my_played).is_none() {
            return Err(HistoryError::TooManyCards);
        }
        if let Some(theirs) = open {
            stream[opponent] = theirs.to_vec();
        }
        let theirs = Hand::from_cards(stream[opponent].iter().copied());
        let unknown = Hand::FULL_DECK
            .minus(mine.plus(theirs))
            .ok_or(HistoryError::TooManyCards)?;
        stream[side] = own.to_vec();
        let mut rest: Vec<Card> = unknown.cards().collect();
        // The stand-ins answer this side's pending attack where unseen cards
        // can (I6 is the real hand's to decide: it shows itself if it
        // cannot): the attack's value first, then the lowest.
        if let Some(&(by, last)) = actions.last() {
            if let Some(p) = last.pending().filter(|_| by == side && open.is_none()) {
                rest.sort_by_key(|&c| c != p.card);
            }
        }
        let take = if start.special == Some(Special::TenCards) {
            usize::from(start.hand_size()).saturating_sub(stream[opponent].len())
        } else {
            rest.len()
        };
        stream[opponent].extend(rest.drain(..take.min(rest.len())));
        let (round, past) = replay_streams(start, stream, rest, actions)?;
        let last = past
            .iter()
            .rev()
            .find(|p| p.before.to_act == opponent)
            .copied();
        Ok((round.observation(side).after(last), past))
    }
}

impl Observation {
    /// The cards `side` played in `actions` (a round's, in order), in order.
    pub fn played_by(actions: &[(Side, Action)], side: Side) -> Vec<Card> {
        let (mut stream, _) = played_streams(actions);
        std::mem::take(&mut stream[side])
    }
}

/// The cards each side played in `actions`, in order, and all of them.
fn played_streams(actions: &[(Side, Action)]) -> (BySide<Vec<Card>>, Hand) {
    let mut pending = None;
    let mut stream: BySide<Vec<Card>> = BySide::default();
    let mut played = Hand::EMPTY;
    for &(by, action) in actions {
        let cards = action.cards(pending);
        played = played.plus(cards);
        stream[by].extend(cards.cards());
        pending = action.pending();
    }
    (stream, played)
}

/// The round dealt as `p` says (its rules, special card, score and starter;
/// fencers at the ends), replayed through `actions` with each side holding
/// its `stream` of cards in order (dealt first, then drawn, each side's
/// next cards put on top of the pile before its turn) and `rest` below, or
/// set aside under Ten cards.
fn replay_streams(
    p: &PublicState,
    stream: BySide<Vec<Card>>,
    rest: Vec<Card>,
    actions: &[(Side, Action)],
) -> Result<(Round, Vec<PastAction>), HistoryError> {
    let size = p.hand_size();
    let public = PublicState {
        position: BySide::new(FIRST_SQUARE, LAST_SQUARE),
        to_act: p.starter,
        phase: Phase::Turn,
        pending: None,
        final_answer: false,
        played: Hand::EMPTY,
        result: None,
        ..*p
    };
    // Each side is dealt the first cards of its stream and draws the next.
    let mut next = BySide::new(0usize, 0usize);
    let mut hands = BySide::new(Hand::EMPTY, Hand::EMPTY);
    for side in Side::BOTH {
        let n = usize::from(size).min(stream[side].len());
        hands[side] = Hand::from_cards(stream[side][..n].iter().copied());
        next[side] = n;
    }
    let ten_cards = p.special == Some(Special::TenCards);
    let undrawn = |next: &BySide<usize>, first: Side| -> Vec<Card> {
        let left = |side: Side| stream[side].get(next[side]..).unwrap_or_default();
        let mut pile: Vec<Card> = left(first).to_vec();
        pile.extend(left(first.opponent()));
        pile.extend(&rest);
        pile
    };
    let mut round = if ten_cards {
        Round {
            public,
            hands,
            pile: DrawPile::EMPTY,
            aside: Hand::from_cards(undrawn(&next, Side::White)),
        }
    } else {
        Round {
            public,
            hands,
            pile: DrawPile::from_cards(undrawn(&next, p.starter)),
            aside: Hand::EMPTY,
        }
    };
    round.start_turn();
    let mut past = Vec::with_capacity(actions.len());
    for (at, &(by, action)) in actions.iter().enumerate() {
        if by != round.to_act() {
            return Err(HistoryError::OutOfTurn { at });
        }
        // The actor's next cards on top, so that its refill draws them.
        if !ten_cards {
            round.pile = DrawPile::from_cards(undrawn(&next, by));
        }
        let before = round.hands[by].len();
        past.push(PastAction::before(&round, action));
        round
            .play(action)
            .map_err(|error| HistoryError::Illegal { at, error })?;
        let after = round.hands[by].len() + action.cards(past[at].before.pending).len();
        next[by] += usize::from(after.saturating_sub(before));
    }
    Ok((round, past))
}
