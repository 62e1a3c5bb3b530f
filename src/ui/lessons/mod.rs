//! Learn to play: short lessons on fixed deals, each teaching one idea by
//! having the person do it. The person plays White; only the
//! action being taught is offered; the computer's replies are scripted. A
//! lesson is data: its deal and its steps, replayed on the engine (tests
//! check that the engine allows every step, so a wrong script fails the
//! build's tests). Words are the catalog's (`Texts::lessons`).

pub(crate) mod store;
pub(crate) mod view;

pub use store::LessonProgress;

use crate::engine::{Action, BySide, Card, Hand, Preset, Round, RoundSetup, Side, Special};

/// The lessons' progress as stored, with a place that is not a lesson's
/// step (garbage in storage, a later build's lesson) dropped: the list opens.
pub(crate) fn progress() -> LessonProgress {
    checked(store::lesson_progress())
}

/// `progress` with its place kept only if it is a step of a lesson (the
/// end of a lesson counts: its closing words).
pub fn checked(mut progress: LessonProgress) -> LessonProgress {
    if let Some((lesson, step)) = progress.at {
        if LESSONS.get(lesson).is_none_or(|l| step > l.steps.len()) {
            progress.at = None;
        }
    }
    progress
}

/// One step: what the person plays, and the computer's scripted reply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LessonStep {
    pub play: Move,
    pub reply: Option<Move>,
}

/// An action in a lesson script, by card values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Advance(u8),
    Retreat(u8),
    /// Value, count.
    Attack(u8, u8),
    /// Advance, then attack value and count.
    Lunge(u8, u8, u8),
    Parry,
}

impl Move {
    /// The engine's action (`None` for a value that is not a card: the
    /// lesson tests refuse such a script).
    pub fn action(self) -> Option<Action> {
        let c = Card::new;
        Some(match self {
            Move::Advance(v) => Action::Advance(c(v)?),
            Move::Retreat(v) => Action::Retreat(c(v)?),
            Move::Attack(v, count) => Action::Attack { card: c(v)?, count },
            Move::Lunge(a, v, count) => Action::Lunge {
                advance: c(a)?,
                card: c(v)?,
                count,
            },
            Move::Parry => Action::Parry,
        })
    }
}

/// A lesson: its rules, its deal (White to start), its steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub preset: Preset,
    pub special: Option<Special>,
    /// The fencers' squares.
    pub white: u8,
    pub black: u8,
    pub hands: [[u8; 5]; 2],
    /// The draw pile, top card first; the cards of neither hand nor pile
    /// count as played.
    pub deck: &'static [u8],
    pub steps: &'static [LessonStep],
}

const fn step(play: Move, reply: Option<Move>) -> LessonStep {
    LessonStep { play, reply }
}

/// The lessons, in order: moving; distance and attacking; parrying; the
/// lunge and the escape; the end of the draw pile; a special card.
pub const LESSONS: [Lesson; 6] = [
    // Moving forward and back, never onto or past the opponent (R12).
    Lesson {
        preset: Preset::Basic,
        special: None,
        white: 6,
        black: 12,
        hands: [[3, 2, 5, 1, 1], [2, 1, 4, 4, 3]],
        deck: &[2, 1, 5, 4, 3, 2, 1, 5, 4, 3, 2, 5, 4, 3, 5],
        steps: &[
            step(Move::Advance(3), Some(Move::Retreat(2))),
            step(Move::Retreat(2), Some(Move::Advance(1))),
            step(Move::Advance(5), None),
        ],
    },
    // Distance and attacking with the matching card (R13, R15).
    Lesson {
        preset: Preset::Basic,
        special: None,
        white: 6,
        black: 11,
        hands: [[2, 2, 3, 1, 5], [1, 3, 4, 4, 5]],
        deck: &[1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5],
        steps: &[
            step(Move::Advance(2), Some(Move::Advance(1))),
            step(Move::Attack(2, 1), None),
        ],
    },
    // Parrying, then playing at once (R17, R18).
    Lesson {
        preset: Preset::Standard,
        special: None,
        white: 8,
        black: 12,
        hands: [[1, 3, 3, 3, 5], [3, 2, 4, 4, 5]],
        deck: &[2, 1, 1, 1, 1, 2, 2, 2, 3, 4, 4, 4, 5, 5, 5],
        steps: &[
            step(Move::Advance(1), Some(Move::Attack(3, 1))),
            step(Move::Parry, None),
            step(Move::Attack(3, 2), None),
        ],
    },
    // The lunge: the person escapes one by retreating, then lunges at a
    // fencer with no room to retreat (R20, R21).
    Lesson {
        preset: Preset::Advanced,
        special: None,
        white: 12,
        black: 23,
        hands: [[3, 1, 4, 2, 2], [3, 3, 5, 1, 2]],
        deck: &[1, 1, 2, 5, 4, 1, 2, 3, 3, 4, 4, 4, 5, 5, 5],
        steps: &[
            step(Move::Advance(3), Some(Move::Lunge(3, 5, 1))),
            step(Move::Retreat(1), Some(Move::Retreat(3))),
            step(Move::Lunge(4, 5, 1), None),
        ],
    },
    // Taking the last card of the draw pile: the card count decides (E3).
    Lesson {
        preset: Preset::Advanced,
        special: None,
        white: 9,
        black: 13,
        hands: [[1, 4, 4, 2, 3], [4, 2, 3, 1, 5]],
        deck: &[3],
        steps: &[step(Move::Advance(1), None)],
    },
    // A special card: Open hands shows the computer's cards (S7).
    Lesson {
        preset: Preset::Duel,
        special: Some(Special::OpenHands),
        white: 10,
        black: 13,
        hands: [[3, 3, 1, 2, 5], [3, 1, 2, 4, 4]],
        deck: &[1, 2, 4, 5, 1, 2, 4, 5, 1, 2, 5, 5, 4, 3, 3],
        steps: &[step(Move::Attack(3, 2), None)],
    },
];

impl Lesson {
    /// The deal, as the engine sets it up.
    pub fn setup(&self) -> RoundSetup {
        let hand = |values: &[u8]| Hand::from_cards(values.iter().filter_map(|&v| Card::new(v)));
        let hands = BySide::new(hand(&self.hands[0]), hand(&self.hands[1]));
        let deck: Vec<Card> = self.deck.iter().filter_map(|&v| Card::new(v)).collect();
        let held = hands
            .white
            .plus(hands.black)
            .plus(Hand::from_cards(deck.iter().copied()));
        RoundSetup {
            rules: self.preset.rules(),
            special: self.special,
            chosen: false,
            score: BySide::default(),
            starter: Side::White,
            position: BySide::new(self.white, self.black),
            hands,
            deck,
            discard: Hand::FULL_DECK.minus(held).unwrap_or(Hand::EMPTY),
            aside: Hand::EMPTY,
        }
    }

    /// The round after the first `steps` steps (the person's action and the
    /// scripted reply of each); `None` if the engine refuses any of it.
    pub fn after(&self, steps: usize) -> Option<Round> {
        let mut round = Round::set_up(&self.setup()).ok()?;
        for s in self.steps.iter().take(steps) {
            round.play(s.play.action()?).ok()?;
            if let Some(reply) = s.reply {
                round.play(reply.action()?).ok()?;
            }
        }
        Some(round)
    }
}
