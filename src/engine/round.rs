//! One round (§3–§6): the full state and how actions change it (which are
//! legal is in `legal.rs`).

use rand::seq::SliceRandom;
use rand::Rng;

use super::action::{Action, ActionList, AttackKind, Pending};
use super::card::{BySide, Card, DrawPile, Hand, Side, Square, FIRST_SQUARE, LAST_SQUARE};
use super::error::IllegalAction;
use super::rules::{Rules, RulesLevel, Special};

/// What the side to act has to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// The starter picks the special card for the round (S4); nothing is dealt yet.
    Choose,
    /// A turn: a move, an attack, or (Advanced) a lunge (R15, R16, R20).
    Turn,
    /// Answer the pending attack: parry, or retreat from a lunge (R17, R21).
    Answer,
    /// The round has ended (E1–E4).
    Over,
}

impl Phase {
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Choose => "choose",
            Phase::Turn => "turn",
            Phase::Answer => "answer",
            Phase::Over => "over",
        }
    }
}

/// Why a round ended (§6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Reason {
    /// E1: an attack was neither parried nor escaped.
    Hit,
    /// E2: the player to act had no legal action.
    NoLegalAction,
    /// E3 step 2 (Basic): the opponent could hit after the last card was taken.
    FinalStrike,
    /// E3 step 3: more cards equal to the distance.
    CardCount,
    /// E3 step 4 or E4: the fencer who advanced farther.
    Position,
    /// E3 step 4 or E4 with equal advances: nobody scores.
    Draw,
    /// The loser gave up the round (not a rule of the game; see [`Action::Forfeit`]).
    Forfeit,
}

impl Reason {
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Hit => "hit",
            Reason::NoLegalAction => "no_legal_action",
            Reason::FinalStrike => "final_strike",
            Reason::CardCount => "card_count",
            Reason::Position => "position",
            Reason::Draw => "draw",
            Reason::Forfeit => "forfeit",
        }
    }
}

/// How a round ended. `winner` is `None` for a drawn round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct RoundResult {
    pub winner: Option<Side>,
    pub reason: Reason,
}

/// Everything about a round that both players may know (R9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct PublicState {
    pub(crate) rules: Rules,
    /// The special card in force (§7), or `None` without special cards.
    pub(crate) special: Option<Special>,
    /// The special card was picked by the starter from the Choice card (S4).
    pub(crate) chosen: bool,
    /// The score when the round began.
    pub(crate) score: BySide<u8>,
    pub(crate) starter: Side,
    pub(crate) position: BySide<Square>,
    pub(crate) to_act: Side,
    pub(crate) phase: Phase,
    pub(crate) pending: Option<Pending>,
    /// The draw pile ran out with an attack pending: its answer ends the round
    /// (E3 step 1).
    pub(crate) final_answer: bool,
    /// Every card played this round, face up (R9).
    pub(crate) played: Hand,
    pub(crate) result: Option<RoundResult>,
}

impl PublicState {
    /// The round's start once its starter has picked `special` from the
    /// Choice card (S4), before the deal: `None` if no pick is due, or the
    /// Choice card does not offer it.
    pub fn after_choice(&self, special: Special) -> Option<PublicState> {
        (self.phase == Phase::Choose && Special::CHOICES.contains(&special)).then_some(
            PublicState {
                special: Some(special),
                chosen: true,
                phase: Phase::Turn,
                ..*self
            },
        )
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The special card in force (§7), or `None` without special cards.
    pub fn special(&self) -> Option<Special> {
        self.special
    }

    /// The special card was picked by the starter from the Choice card (S4).
    pub fn chosen(&self) -> bool {
        self.chosen
    }

    /// The score when the round began.
    pub fn score(&self) -> BySide<u8> {
        self.score
    }

    pub fn starter(&self) -> Side {
        self.starter
    }

    pub fn position(&self) -> BySide<Square> {
        self.position
    }

    pub fn to_act(&self) -> Side {
        self.to_act
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The draw pile ran out with an attack pending: its answer ends the
    /// round (E3 step 1).
    pub fn final_answer(&self) -> bool {
        self.final_answer
    }

    /// Every card played this round, face up (R9).
    pub fn played(&self) -> Hand {
        self.played
    }

    pub fn result(&self) -> Option<RoundResult> {
        self.result
    }

    /// `d = black − white`, always at least 1 (R11).
    #[inline]
    pub fn distance(&self) -> u8 {
        self.position.black - self.position.white
    }

    /// Cards dealt and refilled to (R8, R14, S5, S6).
    #[inline]
    pub fn hand_size(&self) -> u8 {
        Special::hand_size(self.special)
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The square `side` reaches by moving `card` forward or back (R12);
    /// `None` off the piste. Whether the move is legal is another question
    /// (passing the opponent, No retreat): see [`PublicState::can_advance`],
    /// [`PublicState::can_retreat`].
    #[inline]
    pub fn square_after(&self, side: Side, card: Card, forward: bool) -> Option<Square> {
        let from = self.position[side];
        let toward_black = forward == (side == Side::White);
        let to = if toward_black {
            from.checked_add(card.value())?
        } else {
            from.checked_sub(card.value())?
        };
        (FIRST_SQUARE..=LAST_SQUARE).contains(&to).then_some(to)
    }

    /// Where the side to act stands after `action` (the lunge's advance
    /// included); `None` for actions that do not move, or off the piste.
    pub fn landing(&self, action: Action) -> Option<Square> {
        match action {
            Action::Advance(c) | Action::Lunge { advance: c, .. } => {
                self.square_after(self.to_act, c, true)
            }
            Action::Retreat(c) => self.square_after(self.to_act, c, false),
            _ => None,
        }
    }

    /// The distance after the side to act moves `card` forward or back (R12),
    /// whether or not the move is legal.
    ///
    /// ```
    /// use engarde::{BySide, Card, Preset, Round, Side};
    /// use rand::SeedableRng;
    /// let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    /// let round = Round::deal(Preset::Advanced.rules(), None, BySide::default(), Side::White, &mut rng);
    /// let three = Card::new(3).unwrap();
    /// // The fencers start 22 squares apart.
    /// assert_eq!(round.public().distance_after(three, true), 19);
    /// assert_eq!(round.public().distance_after(three, false), 25);
    /// ```
    #[inline]
    pub fn distance_after(&self, card: Card, forward: bool) -> u8 {
        let d = self.distance();
        if forward {
            d.saturating_sub(card.value())
        } else {
            d + card.value()
        }
    }

    /// Whether `side` may move `card` forward (R12, I10).
    #[inline]
    pub fn can_advance(&self, card: Card) -> bool {
        card.value() < self.distance()
    }

    /// Whether `side` may move `card` backward (R12, S8).
    #[inline]
    pub fn can_retreat(&self, side: Side, card: Card) -> bool {
        card.value() <= self.room_to_retreat(side)
    }

    /// How far `side` may retreat now: the squares behind its fencer, none
    /// while No retreat is in force (R12, S8).
    #[inline]
    pub fn room_to_retreat(&self, side: Side) -> u8 {
        if self.special == Some(Special::NoRetreat) {
            0
        } else {
            squares_behind(side, self.position[side])
        }
    }

    /// How far `side` has advanced from its start square (E3 step 4).
    #[inline]
    pub fn advance_of(&self, side: Side) -> u8 {
        squares_behind(side, self.position[side])
    }
}

/// The squares behind a fencer of `side` standing on `square`: how far it has
/// advanced from its start square, and how far it could retreat (R12, E3).
#[inline]
pub fn squares_behind(side: Side, square: Square) -> u8 {
    match side {
        Side::White => square - FIRST_SQUARE,
        Side::Black => LAST_SQUARE - square,
    }
}

/// The full state of a round, hidden cards included. `Copy`, no heap: cheap to
/// clone for search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    pub(crate) public: PublicState,
    pub(crate) hands: BySide<Hand>,
    pub(crate) pile: DrawPile,
    /// Cards set aside unseen under Ten cards (S6).
    pub(crate) aside: Hand,
}

impl Round {
    /// Shuffles all 25 cards and deals a new round (R8). Under the Choice card
    /// the round waits for the starter's pick (S4) and deals after it.
    pub fn deal<R: Rng + ?Sized>(
        rules: Rules,
        special: Option<Special>,
        score: BySide<u8>,
        starter: Side,
        rng: &mut R,
    ) -> Round {
        let mut deck: [Card; 25] = std::array::from_fn(|i| Card::ALL[i / 5]);
        deck.shuffle(rng);
        let mut round = Round {
            public: PublicState {
                rules,
                special,
                chosen: false,
                score,
                starter,
                position: BySide::new(FIRST_SQUARE, LAST_SQUARE),
                to_act: starter,
                phase: Phase::Choose,
                pending: None,
                final_answer: false,
                played: Hand::EMPTY,
                result: None,
            },
            hands: BySide::default(),
            pile: DrawPile::from_cards(deck),
            aside: Hand::EMPTY,
        };
        if special != Some(Special::Choice) {
            round.deal_from_pile();
        }
        round
    }

    /// Deals the hands from the shuffled pile: White's first, then Black's;
    /// under Ten cards the remaining five are set aside (S6).
    fn deal_from_pile(&mut self) {
        let size = self.public.hand_size();
        for side in Side::BOTH {
            for _ in 0..size {
                let card = self.pile.draw().expect("25 cards cover two hands");
                self.hands[side].add(card, 1);
            }
        }
        if self.public.special == Some(Special::TenCards) {
            self.aside = self.pile.contents();
            self.pile = DrawPile::EMPTY;
        }
        self.public.phase = Phase::Turn;
        self.public.to_act = self.public.starter;
        self.start_turn();
    }

    pub fn public(&self) -> &PublicState {
        &self.public
    }

    pub fn hand(&self, side: Side) -> Hand {
        self.hands[side]
    }

    pub fn pile(&self) -> &DrawPile {
        &self.pile
    }

    pub fn aside(&self) -> Hand {
        self.aside
    }

    pub fn to_act(&self) -> Side {
        self.public.to_act
    }

    pub fn phase(&self) -> Phase {
        self.public.phase
    }

    pub fn distance(&self) -> u8 {
        self.public.distance()
    }

    pub fn result(&self) -> Option<RoundResult> {
        self.public.result
    }

    pub fn is_over(&self) -> bool {
        self.public.is_over()
    }

    /// Every legal action of the side to act; empty once the round is over.
    ///
    /// ```
    /// use engarde::{Action, Card, Preset, Round, Side, BySide};
    /// use rand::SeedableRng;
    /// let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    /// let round = Round::deal(Preset::Advanced.rules(), None, BySide::default(), Side::White, &mut rng);
    /// // At distance 22 White can only advance (and cannot retreat from square 1).
    /// assert!(round.legal_actions().iter().all(|a| matches!(a, Action::Advance(_))));
    /// ```
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        self.legal_actions_into(&mut list);
        list
    }

    /// [`Round::legal_actions`] into a reused list (cleared first).
    #[inline]
    pub fn legal_actions_into(&self, list: &mut ActionList) {
        list.clear();
        let hand = self.hands[self.public.to_act];
        self.public.legal_actions_with(hand, list);
    }

    /// Checks `action` without playing it.
    ///
    /// # Errors
    /// The broken rule, as an [`IllegalAction`].
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        self.public
            .check_with(self.hands[self.public.to_act], action)
    }

    /// Plays `action` for the side to act.
    ///
    /// # Errors
    /// If the action is illegal, the broken rule; the round is unchanged.
    ///
    /// ```
    /// use engarde::{Action, Card, Preset, Round, Side, BySide, IllegalAction};
    /// use rand::SeedableRng;
    /// let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    /// let mut round = Round::deal(Preset::Advanced.rules(), None, BySide::default(), Side::White, &mut rng);
    /// let before = round;
    /// let err = round.play(Action::Parry).unwrap_err();
    /// assert_eq!(err, IllegalAction::NothingToParry { side: Side::White });
    /// assert_eq!(round, before);
    /// ```
    pub fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.play_unchecked(action);
        Ok(())
    }

    /// Plays an action known to be legal (from [`Round::legal_actions`]).
    /// An illegal action leaves the round inconsistent (never unsafe).
    pub fn play_unchecked(&mut self, action: Action) {
        let side = self.public.to_act;
        match (self.public.phase, action) {
            (_, Action::Forfeit) => self.finish(Some(side.opponent()), Reason::Forfeit),
            (Phase::Choose, Action::Choose(special)) => {
                self.public.special = Some(special);
                self.public.chosen = true;
                self.deal_from_pile();
            }
            (Phase::Answer, Action::Parry) => {
                let p = self.public.pending.take().expect("pending attack");
                self.spend(side, p.card, p.count);
                if self.public.final_answer {
                    self.settle(self.public.rules.final_count);
                } else {
                    // R18: no refill; the defender takes a turn at once.
                    self.public.phase = Phase::Turn;
                    self.start_turn();
                }
            }
            (Phase::Answer, Action::Retreat(card)) => {
                self.public.pending = None;
                self.spend(side, card, 1);
                self.step(side, card, false);
                if self.public.final_answer {
                    // E3 step 3 is skipped after this retreat unless the option says so (I8).
                    let rules = self.public.rules;
                    self.settle(rules.final_count && rules.count_after_retreat);
                } else {
                    self.end_turn(side);
                }
            }
            (_, Action::Advance(card)) => {
                self.spend(side, card, 1);
                self.step(side, card, true);
                self.end_turn(side);
            }
            (_, Action::Retreat(card)) => {
                self.spend(side, card, 1);
                self.step(side, card, false);
                self.end_turn(side);
            }
            (_, Action::Attack { card, count }) => {
                self.spend(side, card, count);
                if self.public.rules.level == RulesLevel::Basic {
                    // R15: a hit at once, no refill.
                    self.finish(Some(side), Reason::Hit);
                } else {
                    self.public.pending = Some(Pending {
                        kind: AttackKind::Attack,
                        card,
                        count,
                    });
                    self.end_turn(side);
                }
            }
            (
                _,
                Action::Lunge {
                    advance,
                    card,
                    count,
                },
            ) => {
                self.spend(side, advance, 1);
                self.step(side, advance, true);
                self.spend(side, card, count);
                self.public.pending = Some(Pending {
                    kind: AttackKind::Lunge,
                    card,
                    count,
                });
                self.end_turn(side);
            }
            (_, Action::Parry) | (_, Action::Choose(_)) => {
                debug_assert!(false, "play_unchecked given an illegal {action:?}")
            }
        }
    }

    #[inline]
    fn spend(&mut self, side: Side, card: Card, count: u8) {
        self.hands[side].remove(card, count);
        self.public.played.add(card, count);
    }

    #[inline]
    fn step(&mut self, side: Side, card: Card, forward: bool) {
        if let Some(square) = self.public.square_after(side, card, forward) {
            self.public.position[side] = square;
        }
    }

    /// R14 refill, then hand the turn over: to the defender's answer if an attack
    /// is pending, else to the opponent's turn; E3 when the last card was taken.
    fn end_turn(&mut self, side: Side) {
        let took_last = self.refill(side);
        let opponent = side.opponent();
        self.public.to_act = opponent;
        if self.public.pending.is_some() {
            self.public.phase = Phase::Answer;
            self.public.final_answer = took_last;
            // I6: a defender who cannot answer is hit at once.
            if !self.public.can_answer(self.hands[opponent]) {
                self.finish(Some(side), Reason::Hit);
            }
        } else if took_last {
            self.last_card_after_move(side);
        } else {
            self.public.phase = Phase::Turn;
            self.start_turn();
        }
    }

    /// Draws up to the hand size; true if this took the last card of the pile (I3).
    #[inline]
    fn refill(&mut self, side: Side) -> bool {
        if self.public.special == Some(Special::TenCards) {
            return false; // S6: nobody draws.
        }
        let need = self
            .public
            .hand_size()
            .saturating_sub(self.hands[side].len());
        let mut drew = false;
        for _ in 0..need {
            match self.pile.draw() {
                Some(card) => {
                    self.hands[side].add(card, 1);
                    drew = true;
                }
                None => break,
            }
        }
        drew && self.pile.is_empty()
    }

    /// The side to act starts a turn: E4 for an empty hand under Ten cards (I9),
    /// E2 if no action is legal (I6).
    pub(crate) fn start_turn(&mut self) {
        let side = self.public.to_act;
        let hand = self.hands[side];
        if self.public.special == Some(Special::TenCards) && hand.is_empty() {
            self.settle(false);
        } else if !self.public.has_turn_action(hand) {
            self.finish(Some(side.opponent()), Reason::NoLegalAction);
        }
    }

    /// E3 after a turn that ended with a move took the last card.
    fn last_card_after_move(&mut self, mover: Side) {
        let rules = self.public.rules;
        if rules.level == RulesLevel::Basic && rules.final_strike {
            // Step 2: the opponent may still hit with one card (I6: automatic).
            let striker = mover.opponent();
            if self.hands[striker].count_value(self.distance()) > 0 {
                self.finish(Some(striker), Reason::FinalStrike);
                return;
            }
        }
        self.settle(rules.final_count);
    }

    /// E3 steps 3 and 4 (and E4, without the count).
    fn settle(&mut self, count: bool) {
        if count {
            let d = self.distance();
            let white = self.hands.white.count_value(d);
            let black = self.hands.black.count_value(d);
            if white != black {
                let winner = if white > black {
                    Side::White
                } else {
                    Side::Black
                };
                self.finish(Some(winner), Reason::CardCount);
                return;
            }
        }
        let white = self.public.advance_of(Side::White);
        let black = self.public.advance_of(Side::Black);
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => self.finish(Some(Side::White), Reason::Position),
            std::cmp::Ordering::Less => self.finish(Some(Side::Black), Reason::Position),
            std::cmp::Ordering::Equal => self.finish(None, Reason::Draw),
        }
    }

    fn finish(&mut self, winner: Option<Side>, reason: Reason) {
        self.public.phase = Phase::Over;
        self.public.pending = None;
        self.public.final_answer = false;
        self.public.result = Some(RoundResult { winner, reason });
    }
}
