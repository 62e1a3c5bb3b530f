//! One round played by correspondence, as one side holds it: the proven
//! decks ([`super::masked`]), the cards it has opened, the other side's
//! cards opened by their tokens (each card played, and the hand shown),
//! the round's public actions. It sees the round only through
//! [`Observation::of_own_cards`], so it never holds the other side's
//! hidden cards; once the other side's hand is shown (at the round's end
//! or a resignation), [`RoundState::audit`] replays every action with the
//! cards really held.
//!
//! The dealing order of the second deck: White's hand first, then Black's,
//! then the draw pile top first; under Ten cards (S6) ten cards each and the
//! last five set aside.

use rand::Rng;

mod kept;
mod play;
pub use kept::KeptRound;
use play::Play;

use super::masked::{card_of, Context, Keys, ProofError, ProvenDeck, Trust, CARDS};
use crate::engine::{
    Action, BySide, Card, Hand, HistoryError, IllegalAction, Observation, PublicState, Round,
    RoundSetup, Side, Special,
};

/// Why a round does not go on or does not check out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RoundError {
    /// A proof does not check: what was false.
    Proof(ProofError),
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
    /// A card not opened yet: its token is missing.
    Unopened,
    /// A token for a card this side does not hold.
    NotYours(usize),
    /// A hand shown as ending the round that does not end it.
    NotOver,
    /// At the audit: the hand shown at the round's end was not the one held.
    ShownHand,
    /// A deck in dealing order came when one is held.
    DeckTwice,
    /// A token opens a position already open, or a card already opened at
    /// another position (this position).
    OpenedTwice(usize),
    /// The cards an action plays are not the ones its tokens open: a
    /// token missing or extra, for a position the player did not hold
    /// then, or a card of another value.
    Played,
    /// At the audit: the cards opened and the actions make no round.
    Deal,
}

impl From<ProofError> for RoundError {
    fn from(e: ProofError) -> RoundError {
        RoundError::Proof(e)
    }
}

impl std::fmt::Display for RoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoundError::Proof(e) => e.fmt(f),
            RoundError::NoDeck => f.write_str("the round's deck has not come yet"),
            RoundError::Undealt => f.write_str("the starter has not picked a special card yet"),
            RoundError::NotLegal(a) => write!(f, "{a:?} is not yours to play now"),
            RoundError::Illegal(e) => write!(f, "an action the cards did not allow: {e}"),
            RoundError::History(e) => e.fmt(f),
            RoundError::Unopened => f.write_str("a card waits for its token"),
            RoundError::NotYours(i) => write!(f, "a token for card {i}, which is not yours"),
            RoundError::NotOver => f.write_str("the hand shown does not end the round"),
            RoundError::ShownHand => f.write_str("the hand shown at the round's end was not held"),
            RoundError::DeckTwice => f.write_str("a second deck came for the round"),
            RoundError::OpenedTwice(i) => {
                write!(f, "the token of card {i} opens a card already open")
            }
            RoundError::Played => {
                f.write_str("the cards played are not the ones their tokens open")
            }
            RoundError::Deal => f.write_str("the cards opened make no round"),
        }
    }
}

impl std::error::Error for RoundError {}

/// What a round is dealt under.
#[derive(Clone, Copy, Debug)]
pub struct Deal<'a> {
    /// Both seats' deck keys.
    pub keys: &'a Keys,
    /// What the round's proofs are bound to.
    pub context: Context,
    /// The digest of the message this seat's deck answers.
    pub answering: &'a [u8; 16],
}

/// One side's state of a round played by correspondence: its proven decks
/// and tokens, and what it has of the round ([`Play`]).
#[derive(Clone, Debug)]
pub struct RoundState {
    keys: Box<Keys>,
    context: Context,
    first: Box<ProvenDeck>,
    /// The deck in dealing order, once made.
    deck: Option<Box<ProvenDeck>>,
    /// The positions this side sent its token for.
    sent: Vec<usize>,
    /// The other side's cards opened by its tokens (each card it played,
    /// and its hand shown at the round's end or at a resignation).
    theirs: Vec<(usize, u8)>,
    play: Play,
}

impl RoundState {
    /// A round dealt as `start` under `deal` from its first deck (and the
    /// deck in dealing order, once made), nothing sent or opened yet.
    fn new(
        start: PublicState,
        me: Side,
        deal: Deal<'_>,
        first: ProvenDeck,
        deck: Option<ProvenDeck>,
    ) -> Self {
        let mut state = RoundState {
            keys: Box::new(deal.keys.clone()),
            context: deal.context,
            first: Box::new(first),
            deck: deck.map(Box::new),
            sent: Vec::new(),
            theirs: Vec::new(),
            play: Play::new(start, me),
        };
        if state.is_dealt() {
            state.play.mine = state.dealt(me).into_iter().map(|p| (p, None)).collect();
        }
        state
    }

    /// The first shuffler's state, and its first deck with the argument,
    /// to send; made in answer to the message of digest `answering`.
    ///
    /// # Errors
    /// [`RoundError::Proof`] if its own argument does not check.
    pub fn mask_first(
        start: PublicState,
        me: Side,
        deal: Deal<'_>,
        trust: &mut Trust,
    ) -> Result<(Self, Vec<u8>), RoundError> {
        let (first, bytes) = deal
            .keys
            .shuffle_first(&deal.context, deal.answering, trust)?;
        Ok((RoundState::new(start, me, deal, first, None), bytes))
    }

    /// The second shuffler's state from the friend's first deck `bytes`,
    /// checked; the deck in dealing order, with its argument, to send.
    ///
    /// # Errors
    /// [`RoundError::Proof`] when the first deck is not proven.
    pub fn mask_second(
        start: PublicState,
        me: Side,
        deal: Deal<'_>,
        bytes: &[u8],
        trust: &mut Trust,
    ) -> Result<(Self, Vec<u8>), RoundError> {
        let (keys, context) = (deal.keys, &deal.context);
        let first = keys.check_first(context, bytes, trust)?;
        let (deck, sent) = keys.shuffle_again(context, deal.answering, &first, trust)?;
        Ok((RoundState::new(start, me, deal, first, Some(deck)), sent))
    }

    /// The starter's pick (S4) is known: the round is dealt as `start`, the
    /// chosen card's (its hand size decides who holds which position).
    pub fn choose(&mut self, start: PublicState) {
        self.play.start = start;
        if self.is_dealt() {
            let opened = std::mem::take(&mut self.play.mine);
            self.play.mine = self
                .dealt(self.play.me)
                .into_iter()
                .map(|p| (p, opened.iter().find(|o| o.0 == p).and_then(|o| o.1)))
                .collect();
        }
    }

    /// The round's public start.
    pub fn start(&self) -> &PublicState {
        &self.play.start
    }

    /// The deck in dealing order is known.
    pub fn is_dealt(&self) -> bool {
        self.deck.is_some()
    }

    /// The first shuffler receives the proven deck in dealing order, checked
    /// against its own first deck.
    ///
    /// # Errors
    /// [`RoundError::Proof`] when it is not proven; [`RoundError::DeckTwice`]
    /// when one is held.
    pub fn receive_masked(&mut self, bytes: &[u8], trust: &Trust) -> Result<(), RoundError> {
        if self.is_dealt() {
            return Err(RoundError::DeckTwice);
        }
        let deck = self
            .keys
            .check_again(&self.context, &self.first, bytes, trust)?;
        self.deck = Some(Box::new(deck));
        self.play.mine = self
            .dealt(self.play.me)
            .into_iter()
            .map(|p| (p, None))
            .collect();
        Ok(())
    }

    /// The positions dealt to `side` at the round's start.
    fn dealt(&self, side: Side) -> Vec<usize> {
        let size = usize::from(self.play.start.hand_size());
        let first = if side == Side::White { 0 } else { size };
        (first..first + size).collect()
    }

    /// Every position the other side holds so far: dealt, and drawn after
    /// each of its actions (counted from the public actions).
    fn theirs(&self) -> Result<Vec<usize>, RoundError> {
        self.held_by(self.play.me.opponent())
    }

    /// Every position `side` holds so far: dealt, and drawn after each of
    /// its actions (counted from the public actions).
    fn held_by(&self, side: Side) -> Result<Vec<usize>, RoundError> {
        let mut positions = self.dealt(side);
        if self.play.start.special() == Some(Special::TenCards) {
            return Ok(positions);
        }
        let mut next = 2 * usize::from(self.play.start.hand_size());
        for (actor, drawn) in self.draws()? {
            if actor == side {
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
                .filter_map(|(_, k)| k.and_then(card_of))
                .collect()
        };
        let own = cards(&self.play.mine);
        let open = match self.play.shown {
            // What they played, in order, then the hand they showed: an
            // order in which they could have held them.
            Some(hand) => Some(
                Observation::played_by(&self.play.actions, self.play.me.opponent())
                    .into_iter()
                    .chain(hand.cards())
                    .collect(),
            ),
            None => self.open_hands().then(|| cards(&self.play.open)),
        };
        Observation::of_own_cards(
            &self.play.start,
            self.play.me,
            &own,
            open.as_deref(),
            &self.play.actions,
        )
    }

    fn open_hands(&self) -> bool {
        self.play.start.special() == Some(Special::OpenHands)
    }

    /// What this side owes: the cards the other side holds that it has
    /// not opened for them yet (under Open hands its own too). They go with
    /// this side's next message.
    ///
    /// # Errors
    /// If the deck has not come, or the actions do not replay.
    pub fn tokens_due(&mut self, trust: &mut Trust) -> Result<Vec<(usize, Vec<u8>)>, RoundError> {
        if !self.is_dealt() {
            return Err(RoundError::NoDeck);
        }
        let mut owed = self.theirs()?;
        if self.open_hands() {
            // Open hands (S7): this side's own cards are opened for the other too.
            self.update_mine()?;
            owed.extend(self.play.mine.iter().map(|(p, _)| *p));
        }
        self.open_for_them(owed, trust)
    }

    /// This side's own cards not opened for the other yet: at the round's
    /// end or a resignation, so that the other audits the round.
    ///
    /// # Errors
    /// If the actions do not replay.
    pub fn hand_due(&mut self, trust: &mut Trust) -> Result<Vec<(usize, Vec<u8>)>, RoundError> {
        if !self.is_dealt() {
            return Ok(Vec::new());
        }
        self.update_mine()?;
        let own = self.play.mine.iter().map(|(p, _)| *p).collect();
        self.open_for_them(own, trust)
    }

    /// The tokens of `positions` not sent yet, marked sent.
    fn open_for_them(
        &mut self,
        positions: Vec<usize>,
        trust: &mut Trust,
    ) -> Result<Vec<(usize, Vec<u8>)>, RoundError> {
        let deck = self.deck.as_ref().ok_or(RoundError::NoDeck)?;
        let mut due = Vec::new();
        for position in positions {
            if self.sent.contains(&position) {
                continue;
            }
            let Ok(at) = u8::try_from(position) else {
                continue;
            };
            let token = self.keys.token(&self.context, deck, at, trust)?;
            self.sent.push(position);
            due.push((position, token));
        }
        Ok(due)
    }

    /// A token from the other side: one of this side's cards (or under
    /// Open hands one of theirs), or the other's own card shown for the
    /// audit.
    ///
    /// # Errors
    /// A token for a position this side does not hold, or not proven, or
    /// opening a position or a card already open.
    pub fn receive_token(
        &mut self,
        position: usize,
        token: &[u8],
        trust: &Trust,
    ) -> Result<(), RoundError> {
        self.update_mine()?;
        if self.open_hands() {
            for p in self.theirs()? {
                if !self.play.open.iter().any(|(q, _)| *q == p) {
                    self.play.open.push((p, None));
                }
            }
        }
        let open_hands = self.open_hands();
        // The position's slot: this side's card, or (Open hands) the other's.
        let held = self.play.mine.iter().position(|(p, _)| *p == position);
        let shown = open_hands
            .then(|| self.play.open.iter().position(|(p, _)| *p == position))
            .flatten();
        // The other's own card, shown by its token once the round is over
        // (or given up) for the audit.
        let hand_shown = held.is_none()
            && shown.is_none()
            && (self.play.given_up || self.is_over())
            && self.theirs()?.contains(&position);
        let opened = match (held, shown) {
            (Some(i), _) => self.play.mine[i].1,
            (None, Some(i)) => self.play.open[i].1,
            (None, None) if hand_shown => self.their_card(position),
            (None, None) => return Err(RoundError::NotYours(position)),
        };
        if opened.is_some() {
            return Err(RoundError::OpenedTwice(position));
        }
        let k = self.open_card(position, token, trust)?;
        // Every card is in the deck once: one opened twice is a lie.
        let mut seen = self.play.mine.iter().chain(&self.play.open);
        if seen.any(|&(_, o)| o == Some(k)) {
            return Err(RoundError::OpenedTwice(position));
        }
        match (held, shown) {
            (Some(i), _) => self.play.mine[i].1 = Some(k),
            (None, Some(i)) => self.play.open[i].1 = Some(k),
            (None, None) => self.theirs.push((position, k)),
        }
        Ok(())
    }

    /// The round is over by its public actions (and a hand shown).
    fn is_over(&self) -> bool {
        self.observe_any()
            .is_ok_and(|(obs, _)| obs.public().is_over())
    }

    /// The other side gave up the match: its hand's tokens come now, for
    /// the audit of the round so far.
    pub fn give_up(&mut self) {
        self.play.given_up = true;
    }

    /// The other side's card at `position`, shown by its token.
    fn their_card(&self, position: usize) -> Option<u8> {
        self.theirs.iter().find(|t| t.0 == position).map(|t| t.1)
    }

    /// The card the other side's `token` opens at `position`.
    fn open_card(&self, position: usize, token: &[u8], trust: &Trust) -> Result<u8, RoundError> {
        let deck = self.deck.as_ref().ok_or(RoundError::NotYours(position))?;
        let at = u8::try_from(position).map_err(|_| RoundError::NotYours(position))?;
        Ok(self.keys.open(&self.context, deck, at, token, trust)?)
    }

    /// This side's positions: dealt, and drawn after its actions.
    fn update_mine(&mut self) -> Result<(), RoundError> {
        for p in self.held_by(self.play.me)? {
            if !self.play.mine.iter().any(|(q, _)| *q == p) {
                self.play.mine.push((p, None));
            }
        }
        Ok(())
    }

    /// What this side sees now.
    ///
    /// # Errors
    /// [`RoundError::Unopened`] while a card of its own waits for its token.
    pub fn observation(&self) -> Result<Observation, RoundError> {
        let obs = self.observation_so_far()?;
        let opened = |p: usize| self.play.mine.iter().any(|&(q, k)| q == p && k.is_some());
        if !self.held_by(self.play.me)?.into_iter().all(opened) {
            return Err(RoundError::Unopened);
        }
        if self.open_hands()
            && self.theirs()?.len() != self.play.open.iter().filter(|o| o.1.is_some()).count()
        {
            return Err(RoundError::Unopened);
        }
        Ok(obs)
    }

    /// What this side sees while cards it drew wait for their tokens (the
    /// friend's answer brings them): the public state after every action,
    /// and its hand short of those cards. Once every card is open, the same
    /// as [`RoundState::observation`].
    ///
    /// # Errors
    /// Before the deal ([`RoundError::Undealt`], [`RoundError::NoDeck`]),
    /// or if the actions do not replay.
    pub fn observation_so_far(&self) -> Result<Observation, RoundError> {
        if self.play.start.phase() == crate::engine::Phase::Choose {
            return Err(RoundError::Undealt);
        }
        if !self.is_dealt() {
            return Err(RoundError::NoDeck);
        }
        self.observe_any()
            .map(|(obs, _)| obs)
            .map_err(RoundError::History)
    }

    /// This side plays `action`: this side's token for each card it plays, at a position holding that card (among
    /// several of one value, one drawn by `rng`, so that the position says
    /// nothing of the cards kept), to go with the action.
    ///
    /// # Errors
    /// If it is not this side's turn or the action is not legal for it.
    pub fn play<R: Rng + ?Sized>(
        &mut self,
        action: Action,
        rng: &mut R,
        trust: &mut Trust,
    ) -> Result<Vec<(usize, Vec<u8>)>, RoundError> {
        let obs = self.observation()?;
        if !obs.legal_actions().contains(&action) {
            return Err(RoundError::NotLegal(action));
        }
        let deck = self.deck.as_ref().ok_or(RoundError::NoDeck)?;
        let mut tokens = Vec::new();
        let mut chosen: Vec<usize> = Vec::new();
        for card in action.cards(obs.public().pending()).cards() {
            let free: Vec<usize> = self
                .play
                .mine
                .iter()
                .filter(|(p, k)| {
                    k.and_then(card_of) == Some(card)
                        && !self.play.spent.contains(p)
                        && !chosen.contains(p)
                })
                .map(|(p, _)| *p)
                .collect();
            let Some(&position) = free.get(rng.random_range(0..free.len().max(1))) else {
                return Err(RoundError::NotLegal(action));
            };
            let at = u8::try_from(position).map_err(|_| RoundError::NotYours(position))?;
            tokens.push((position, self.keys.token(&self.context, deck, at, trust)?));
            chosen.push(position);
        }
        // Nothing changes until every card's token is made.
        for position in chosen {
            self.play.spent.push(position);
            if !self.sent.contains(&position) {
                self.sent.push(position);
            }
        }
        self.play.actions.push((self.play.me, action));
        Ok(tokens)
    }

    /// The other side played `action`; it must follow publicly. `played`
    /// holds the player's token for each card the action plays: each
    /// opens, at a position the player held then, a card of the action's.
    ///
    /// # Errors
    /// [`RoundError::Played`] when the tokens do not open the action's
    /// cards; [`RoundError::Proof`] for a token not proven; if the
    /// round's actions no longer replay.
    pub fn receive_action(
        &mut self,
        action: Action,
        played: &[(usize, Vec<u8>)],
        trust: &Trust,
    ) -> Result<(), RoundError> {
        self.open_played(action, played, trust)?;
        self.play.actions.push((self.play.me.opponent(), action));
        if let Err(e) = self.draws() {
            self.play.actions.pop();
            return Err(e);
        }
        Ok(())
    }

    /// Opens the cards the other side's `action` plays with their tokens
    /// `played`, and checks them against the action.
    fn open_played(
        &mut self,
        action: Action,
        played: &[(usize, Vec<u8>)],
        trust: &Trust,
    ) -> Result<(), RoundError> {
        if !self.is_dealt() {
            return Err(RoundError::NoDeck);
        }
        let (now, _) = self.observe_any().map_err(RoundError::History)?;
        if now.public().to_act() == self.play.me || now.public().is_over() {
            return Err(RoundError::NotLegal(action));
        }
        let cards = action.cards(now.public().pending());
        let held = self.theirs()?;
        if self.open_hands() {
            // Open hands (S7): every card the other side holds has its slot.
            for &p in &held {
                if !self.play.open.iter().any(|(q, _)| *q == p) {
                    self.play.open.push((p, None));
                }
            }
        }
        if played.len() != usize::from(cards.len()) {
            return Err(RoundError::Played);
        }
        let mut opened = Vec::with_capacity(played.len());
        for (i, (position, token)) in played.iter().enumerate() {
            let position = *position;
            let repeated = played[..i].iter().any(|(p, _)| *p == position);
            if !held.contains(&position) || self.play.their_played.contains(&position) || repeated {
                return Err(RoundError::Played);
            }
            let k = self.open_card(position, token, trust)?;
            // Under Open hands (S7) the card may be open already: the same.
            let slot = self.play.open.iter().position(|(p, _)| *p == position);
            match slot.and_then(|i| self.play.open[i].1) {
                Some(known) if known != k => return Err(RoundError::Played),
                Some(_) => {}
                None => {
                    let mut seen = self.play.mine.iter().chain(&self.play.open);
                    let theirs_before = self.theirs.iter().any(|t| t.1 == k);
                    if seen.any(|&(_, o)| o == Some(k)) || theirs_before {
                        return Err(RoundError::OpenedTwice(position));
                    }
                    match slot {
                        Some(i) => self.play.open[i].1 = Some(k),
                        None => self.theirs.push((position, k)),
                    }
                }
            }
            self.play.their_played.push(position);
            opened.extend(card_of(k));
        }
        if Hand::from_cards(opened) != cards {
            return Err(RoundError::Played);
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
        let before = self.play.shown.replace(hand);
        match self.observation() {
            Ok(obs) if obs.public().is_over() => Ok(()),
            Ok(_) => {
                self.play.shown = before;
                Err(RoundError::NotOver)
            }
            Err(e) => {
                self.play.shown = before;
                Err(e)
            }
        }
    }

    /// The round's audit, once the other side's hand is shown: every card either side held is known (the decks and tokens
    /// were proven at their messages), and the actions replay with them.
    /// The cards never drawn stay unknown; the setup has the rest of the
    /// 25 there, in an order nobody played.
    ///
    /// # Errors
    /// [`RoundError::Unopened`] when a card the other side held is not
    /// shown; what does not replay.
    pub fn audit(&self) -> Result<RoundSetup, RoundError> {
        let mut known = [None::<u8>; CARDS];
        for &(position, k) in self.play.mine.iter().chain(&self.play.open) {
            if let (Some(slot), Some(k)) = (known.get_mut(position), k) {
                *slot = Some(k);
            }
        }
        for position in self.theirs()? {
            let k = self
                .their_card(position)
                .or(known.get(position).copied().flatten());
            match (known.get_mut(position), k) {
                (Some(slot), Some(k)) => *slot = Some(k),
                _ => return Err(RoundError::Unopened),
            }
        }
        let mut rest: Vec<u8> = (0..CARDS as u8)
            .filter(|k| !known.contains(&Some(*k)))
            .collect();
        rest.reverse();
        let deal: Vec<u8> = known
            .iter()
            .map(|k| k.or_else(|| rest.pop()).unwrap_or(0))
            .collect();
        self.setup(&deal)
    }

    /// The round's setup from every card's place (`deal`), with the actions
    /// replayed on it.
    fn setup(&self, deal: &[u8]) -> Result<RoundSetup, RoundError> {
        let cards: Vec<Card> = deal.iter().filter_map(|&k| card_of(k)).collect();
        if cards.len() != CARDS {
            return Err(RoundError::Deal);
        }
        let size = usize::from(self.play.start.hand_size());
        let hand =
            |from: usize| crate::engine::Hand::from_cards(cards[from..from + size].iter().copied());
        let ten = self.play.start.special() == Some(Special::TenCards);
        let setup = RoundSetup {
            rules: self.play.start.rules(),
            special: self.play.start.special(),
            chosen: self.play.start.chosen(),
            score: self.play.start.score(),
            starter: self.play.start.starter(),
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
        let mut round = Round::set_up(&setup).map_err(|_| RoundError::Deal)?;
        for &(_, action) in &self.play.actions {
            round.play(action).map_err(RoundError::Illegal)?;
        }
        Ok(setup)
    }

    /// The round's actions so far, both sides'.
    pub fn actions(&self) -> &[(Side, Action)] {
        &self.play.actions
    }

    /// The positions this side holds and the cards it opened: what it may
    /// know of the deal.
    pub fn opened(&self) -> Vec<(usize, Option<u8>)> {
        self.play.mine.clone()
    }
}
