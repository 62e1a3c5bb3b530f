//! One round played by correspondence, as one side holds it: its lock, the
//! shuffled deck, the cards it has opened, the round's public actions. It
//! sees the round only through [`Observation::of_own_cards`], so it never
//! holds the other side's hidden cards; at the round's end both locks are
//! revealed and [`RoundState::audit`] checks the deck, every share, and
//! every action against the engine.
//!
//! The dealing order of the second deck: White's hand first, then Black's,
//! then the draw pile top first; under Ten cards (S6) ten cards each and the
//! last five set aside.

use rand::Rng;

use super::deck::{self, DeckError, Lock, Sealed, SentShare, CARDS};
use crate::engine::{
    Action, BySide, Card, Hand, HistoryError, IllegalAction, Observation, PublicState, Round,
    RoundSetup, Side, Special,
};

/// Why a round does not go on or does not check out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RoundError {
    Deck(DeckError),
    /// The deck is not known yet.
    NoDeck,
    /// The starter has not picked from the Choice card yet (S4): nothing is
    /// dealt.
    Undealt,
    /// Not this side's turn, or an action its cards do not allow.
    NotLegal(Action),
    /// At the audit: an action the cards really held did not allow.
    Illegal(IllegalAction),
    /// The actions cannot follow one another.
    History(HistoryError),
    /// A card of this side's not opened yet: a share is missing.
    Unopened,
    /// A share for a card this side does not hold.
    NotYours(usize),
    /// A hand shown as ending the round that does not end it.
    NotOver,
    /// At the audit: the hand shown at the round's end was not the one held.
    ShownHand,
    /// A deck in dealing order came when one is held.
    DeckTwice,
    /// A share opens a position already open, or a card already opened at
    /// another position (this position).
    OpenedTwice(usize),
}

impl From<DeckError> for RoundError {
    fn from(e: DeckError) -> RoundError {
        RoundError::Deck(e)
    }
}

impl std::fmt::Display for RoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoundError::Deck(e) => e.fmt(f),
            RoundError::NoDeck => f.write_str("the round's deck has not come yet"),
            RoundError::Undealt => f.write_str("the starter has not picked a special card yet"),
            RoundError::NotLegal(a) => write!(f, "{a:?} is not yours to play now"),
            RoundError::Illegal(e) => write!(f, "an action the cards did not allow: {e}"),
            RoundError::History(e) => e.fmt(f),
            RoundError::Unopened => f.write_str("a card of yours waits for its share"),
            RoundError::NotYours(i) => write!(f, "a share for card {i}, which is not yours"),
            RoundError::NotOver => f.write_str("the hand shown does not end the round"),
            RoundError::ShownHand => f.write_str("the hand shown at the round's end was not held"),
            RoundError::DeckTwice => f.write_str("a second deck came for the round"),
            RoundError::OpenedTwice(i) => {
                write!(f, "the share of card {i} opens a card already open")
            }
        }
    }
}

impl std::error::Error for RoundError {}

/// One side's state of a round played by correspondence.
#[derive(Clone, Debug)]
pub struct RoundState {
    /// The round's public state at the deal.
    start: PublicState,
    me: Side,
    /// This side shuffled first.
    first: bool,
    lock: Lock,
    first_deck: Vec<Sealed>,
    deck: Vec<Sealed>,
    /// The positions this side holds, in the order it got them, with the
    /// card index once opened.
    mine: Vec<(usize, Option<u8>)>,
    /// Under Open hands (S7), the other side's positions and cards too.
    open: Vec<(usize, Option<u8>)>,
    /// The other side's hand as it showed it when its hand ended the round
    /// (no answer, I6; no legal action, E2).
    shown: Option<Hand>,
    actions: Vec<(Side, Action)>,
    sent: Vec<SentShare>,
    received: Vec<SentShare>,
}

impl RoundState {
    /// The first shuffler's state for a round dealt as `start`, and its
    /// first deck to send.
    pub fn shuffle_first<R: Rng + ?Sized>(start: PublicState, me: Side, rng: &mut R) -> Self {
        let lock = Lock::random(rng);
        let first_deck = deck::first_shuffle(&lock, rng);
        RoundState {
            start,
            me,
            first: true,
            lock,
            first_deck,
            deck: Vec::new(),
            mine: Vec::new(),
            open: Vec::new(),
            shown: None,
            actions: Vec::new(),
            sent: Vec::new(),
            received: Vec::new(),
        }
    }

    /// The second shuffler's state, from the first deck: the deck in dealing
    /// order is made here.
    ///
    /// # Errors
    /// If the first deck is not 25 distinct sealed cards.
    pub fn shuffle_second<R: Rng + ?Sized>(
        start: PublicState,
        me: Side,
        first_deck: Vec<Sealed>,
        rng: &mut R,
    ) -> Result<Self, RoundError> {
        let lock = Lock::random(rng);
        let deck = deck::second_shuffle(&first_deck, &lock, rng)?;
        let mut state = RoundState {
            start,
            me,
            first: false,
            lock,
            first_deck,
            deck,
            mine: Vec::new(),
            open: Vec::new(),
            shown: None,
            actions: Vec::new(),
            sent: Vec::new(),
            received: Vec::new(),
        };
        state.mine = state.dealt(me).into_iter().map(|p| (p, None)).collect();
        Ok(state)
    }

    /// The starter's pick (S4) is known: the round is dealt as `start`, the
    /// chosen card's (its hand size decides who holds which position).
    pub fn choose(&mut self, start: PublicState) {
        self.start = start;
        if !self.deck.is_empty() {
            let opened = std::mem::take(&mut self.mine);
            self.mine = self
                .dealt(self.me)
                .into_iter()
                .map(|p| (p, opened.iter().find(|o| o.0 == p).and_then(|o| o.1)))
                .collect();
        }
    }

    /// The round's public start.
    pub fn start(&self) -> &PublicState {
        &self.start
    }

    /// The first shuffle, to send (first shuffler).
    pub fn first_deck(&self) -> &[Sealed] {
        &self.first_deck
    }

    /// The deck in dealing order, to send (second shuffler).
    pub fn deck(&self) -> &[Sealed] {
        &self.deck
    }

    /// The first shuffler receives the deck in dealing order.
    ///
    /// # Errors
    /// If it is not 25 distinct sealed cards.
    pub fn receive_deck(&mut self, deck: Vec<Sealed>) -> Result<(), RoundError> {
        if !self.deck.is_empty() {
            return Err(RoundError::DeckTwice);
        }
        deck::check(&deck)?;
        self.deck = deck;
        self.mine = self.dealt(self.me).into_iter().map(|p| (p, None)).collect();
        Ok(())
    }

    /// The positions dealt to `side` at the round's start.
    fn dealt(&self, side: Side) -> Vec<usize> {
        let size = usize::from(self.start.hand_size());
        let first = if side == Side::White { 0 } else { size };
        (first..first + size).collect()
    }

    /// Every position the other side holds so far: dealt, and drawn after
    /// each of its actions (counted from the public actions).
    fn theirs(&self) -> Result<Vec<usize>, RoundError> {
        let them = self.me.opponent();
        let mut positions = self.dealt(them);
        if self.start.special() == Some(Special::TenCards) {
            return Ok(positions);
        }
        let mut next = 2 * usize::from(self.start.hand_size());
        for (side, drawn) in self.draws()? {
            if side == them {
                positions.extend(next..next + drawn);
            }
            next += drawn;
        }
        Ok(positions)
    }

    /// Who drew how many cards after each action, from the public replay.
    fn draws(&self) -> Result<Vec<(Side, usize)>, RoundError> {
        // Draws are public: cards not opened yet change nothing here.
        let (now, past) = self.observe_any().map_err(RoundError::History)?;
        let mut out = Vec::with_capacity(past.len());
        for (i, p) in past.iter().enumerate() {
            let actor = p.before.to_act;
            let played = p.action.cards(p.before.pending).len();
            let after = match past.get(i + 1) {
                Some(n) if n.before.to_act == actor => n.hand_len,
                Some(n) => n.opponent_hand_len,
                None if actor == now.side() => now.hand().len(),
                None => now.opponent_hand_len(),
            };
            let kept = p.hand_len.saturating_sub(played);
            out.push((actor, usize::from(after.saturating_sub(kept))));
        }
        Ok(out)
    }

    /// The public replay with this side's cards as far as opened (and the
    /// other's under Open hands).
    fn observe_any(&self) -> Result<(Observation, Vec<crate::engine::PastAction>), HistoryError> {
        let cards = |list: &[(usize, Option<u8>)]| -> Vec<Card> {
            list.iter()
                .filter_map(|(_, k)| k.and_then(deck::card_of))
                .collect()
        };
        let own = cards(&self.mine);
        let open = match self.shown {
            // What they played, in order, then the hand they showed: an
            // order in which they could have held them.
            Some(hand) => Some(
                Observation::played_by(&self.actions, self.me.opponent())
                    .into_iter()
                    .chain(hand.cards())
                    .collect(),
            ),
            None => self.open_hands().then(|| cards(&self.open)),
        };
        Observation::of_own_cards(&self.start, self.me, &own, open.as_deref(), &self.actions)
    }

    fn open_hands(&self) -> bool {
        self.start.special() == Some(Special::OpenHands)
    }

    /// The shares this side owes: the cards the other side holds that it has
    /// not opened for them yet. They go with this side's next message.
    ///
    /// # Errors
    /// If the deck has not come, or the actions do not replay.
    pub fn shares_due(&mut self) -> Result<Vec<(usize, Sealed)>, RoundError> {
        if self.deck.is_empty() {
            return Err(RoundError::NoDeck);
        }
        let mut due = Vec::new();
        let mut owed = self.theirs()?;
        if self.open_hands() {
            // Open hands (S7): this side's own cards are opened for the other too.
            self.update_mine()?;
            owed.extend(self.mine.iter().map(|(p, _)| *p));
        }
        for position in owed {
            if self.sent.iter().any(|s| s.position == position) {
                continue;
            }
            let Some(&card) = self.deck.get(position) else {
                continue;
            };
            let share = deck::share(card, &self.lock)?;
            self.sent.push(SentShare {
                position,
                by_first: self.first,
                share,
            });
            due.push((position, share));
        }
        Ok(due)
    }

    /// A share from the other side opens one of this side's cards.
    ///
    /// # Errors
    /// A share for a position this side does not hold, one that opens to no
    /// card, or one that opens a position or a card already open.
    pub fn receive_share(&mut self, position: usize, share: Sealed) -> Result<(), RoundError> {
        self.update_mine()?;
        if self.open_hands() {
            for p in self.theirs()? {
                if !self.open.iter().any(|(q, _)| *q == p) {
                    self.open.push((p, None));
                }
            }
        }
        let open_hands = self.open_hands();
        // The position's slot: this side's card, or (Open hands) the other's.
        let held = self.mine.iter().position(|(p, _)| *p == position);
        let shown = open_hands
            .then(|| self.open.iter().position(|(p, _)| *p == position))
            .flatten();
        let opened = match (held, shown) {
            (Some(i), _) => self.mine[i].1,
            (None, Some(i)) => self.open[i].1,
            (None, None) => return Err(RoundError::NotYours(position)),
        };
        if opened.is_some() {
            return Err(RoundError::OpenedTwice(position));
        }
        let k = deck::open(share, &self.lock)?;
        // Every card is in the deck once: one opened twice is a lie.
        let mut seen = self.mine.iter().chain(&self.open);
        if seen.any(|&(_, o)| o == Some(k)) {
            return Err(RoundError::OpenedTwice(position));
        }
        match (held, shown) {
            (Some(i), _) => self.mine[i].1 = Some(k),
            (None, Some(i)) => self.open[i].1 = Some(k),
            (None, None) => {}
        }
        self.received.push(SentShare {
            position,
            by_first: !self.first,
            share,
        });
        Ok(())
    }

    /// This side's positions: dealt, and drawn after its actions.
    fn update_mine(&mut self) -> Result<(), RoundError> {
        if self.start.special() == Some(Special::TenCards) {
            return Ok(());
        }
        let mut next = 2 * usize::from(self.start.hand_size());
        let mut positions = self.dealt(self.me);
        for (side, drawn) in self.draws()? {
            if side == self.me {
                positions.extend(next..next + drawn);
            }
            next += drawn;
        }
        for p in positions {
            if !self.mine.iter().any(|(q, _)| *q == p) {
                self.mine.push((p, None));
            }
        }
        Ok(())
    }

    /// What this side sees now.
    ///
    /// # Errors
    /// [`RoundError::Unopened`] while a card of its own waits for its share.
    pub fn observation(&mut self) -> Result<Observation, RoundError> {
        let obs = self.observation_so_far()?;
        if self.mine.iter().any(|(_, k)| k.is_none()) {
            return Err(RoundError::Unopened);
        }
        if self.open_hands()
            && self.theirs()?.len() != self.open.iter().filter(|o| o.1.is_some()).count()
        {
            return Err(RoundError::Unopened);
        }
        Ok(obs)
    }

    /// What this side sees while cards it drew wait for their shares (the
    /// friend's answer brings them): the public state after every action,
    /// and its hand short of those cards. Once every card is open, the same
    /// as [`RoundState::observation`].
    ///
    /// # Errors
    /// Before the deal ([`RoundError::Undealt`], [`RoundError::NoDeck`]),
    /// or if the actions do not replay.
    pub fn observation_so_far(&mut self) -> Result<Observation, RoundError> {
        if self.start.phase() == crate::engine::Phase::Choose {
            return Err(RoundError::Undealt);
        }
        if self.deck.is_empty() {
            return Err(RoundError::NoDeck);
        }
        self.update_mine()?;
        self.observe_any()
            .map(|(obs, _)| obs)
            .map_err(RoundError::History)
    }

    /// This side plays `action`.
    ///
    /// # Errors
    /// If it is not this side's turn or the action is not legal for it.
    pub fn play(&mut self, action: Action) -> Result<(), RoundError> {
        let obs = self.observation()?;
        if !obs.legal_actions().contains(&action) {
            return Err(RoundError::NotLegal(action));
        }
        self.actions.push((self.me, action));
        Ok(())
    }

    /// The other side played `action`; it must follow publicly (whether its
    /// cards allowed it is checked at the audit).
    ///
    /// # Errors
    /// If the round's actions no longer replay.
    pub fn receive_action(&mut self, action: Action) -> Result<(), RoundError> {
        self.actions.push((self.me.opponent(), action));
        if let Err(e) = self.draws() {
            self.actions.pop();
            return Err(e);
        }
        Ok(())
    }

    /// When this side's own view shows the round over, its hand, to show the
    /// other side: a round can end by what only this hand holds (no answer,
    /// I6; no legal action, E2), and the other side's view cannot see that.
    pub fn hand_to_show(&mut self) -> Option<Hand> {
        let obs = self.observation().ok()?;
        obs.public().is_over().then(|| obs.hand())
    }

    /// The other side showed its hand, its view showing the round over: this
    /// side's view then ends as theirs (the audit checks the hand).
    ///
    /// # Errors
    /// If the hand does not end the round where the actions stand.
    pub fn receive_shown(&mut self, hand: Hand) -> Result<(), RoundError> {
        let before = self.shown.replace(hand);
        match self.observation() {
            Ok(obs) if obs.public().is_over() => Ok(()),
            Ok(_) => {
                self.shown = before;
                Err(RoundError::NotOver)
            }
            Err(e) => {
                self.shown = before;
                Err(e)
            }
        }
    }

    /// This side's lock, revealed once the round is over.
    pub fn reveal(&self) -> [u8; 32] {
        self.lock.reveal()
    }

    /// The round's audit with the other side's revealed lock: the deck and
    /// every share check out, the cards this side opened are the deal's, and
    /// every action is legal with the cards really held. Returns the round's
    /// setup (every card), from which the engine replays it.
    ///
    /// # Errors
    /// What does not check out.
    pub fn audit(&self, other: [u8; 32]) -> Result<RoundSetup, RoundError> {
        let other = Lock::from_revealed(other).ok_or(DeckError::BadLock)?;
        let (first_lock, second_lock) = if self.first {
            (&self.lock, &other)
        } else {
            (&other, &self.lock)
        };
        let mut shares = self.sent.clone();
        shares.extend(&self.received);
        let deal = deck::audit(
            &self.first_deck,
            &self.deck,
            first_lock,
            second_lock,
            &shares,
        )?;
        for &(position, k) in self.mine.iter().chain(&self.open) {
            if k.is_some() && deal.get(position).copied() != k {
                return Err(RoundError::Deck(DeckError::Share(position)));
            }
        }
        let cards: Vec<Card> = deal.iter().filter_map(|&k| deck::card_of(k)).collect();
        if cards.len() != CARDS {
            return Err(RoundError::Deck(DeckError::SecondDeck));
        }
        let size = usize::from(self.start.hand_size());
        let hand =
            |from: usize| crate::engine::Hand::from_cards(cards[from..from + size].iter().copied());
        let ten = self.start.special() == Some(Special::TenCards);
        let setup = RoundSetup {
            rules: self.start.rules(),
            special: self.start.special(),
            chosen: self.start.chosen(),
            score: self.start.score(),
            starter: self.start.starter(),
            position: BySide::new(crate::engine::FIRST_SQUARE, crate::engine::LAST_SQUARE),
            hands: BySide::new(hand(0), hand(size)),
            deck: if ten {
                Vec::new()
            } else {
                cards[2 * size..].to_vec()
            },
            discard: crate::engine::Hand::EMPTY,
            aside: if ten {
                crate::engine::Hand::from_cards(cards[2 * size..].iter().copied())
            } else {
                crate::engine::Hand::EMPTY
            },
        };
        let mut round =
            Round::set_up(&setup).map_err(|_| RoundError::Deck(DeckError::SecondDeck))?;
        for &(_, action) in &self.actions {
            round.play(action).map_err(RoundError::Illegal)?;
        }
        Ok(setup)
    }

    /// The round's actions so far, both sides'.
    pub fn actions(&self) -> &[(Side, Action)] {
        &self.actions
    }

    /// The positions this side holds and the cards it opened: what it may
    /// know of the deal.
    pub fn opened(&self) -> Vec<(usize, Option<u8>)> {
        self.mine.clone()
    }
}
