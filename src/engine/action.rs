//! What a player can do (R12–R22, S4).

use std::fmt;

use arrayvec::ArrayVec;

use super::card::{Card, Hand};
use super::rules::Special;

/// One action of the side to act. Cards are named by value; a parry's cards
/// follow from the pending attack.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Move forward by the card's value (R12).
    Advance(Card),
    /// Move backward by the card's value (R12); while a lunge is pending, the
    /// defender's escape (R21).
    Retreat(Card),
    /// A direct attack with `count` cards of the distance's value (R13, R16).
    Attack { card: Card, count: u8 },
    /// Advance, then attack with `count` cards of the new distance (R20).
    Lunge {
        advance: Card,
        card: Card,
        count: u8,
    },
    /// Answer the pending attack with as many cards of its value (R17).
    Parry,
    /// The starting player's pick when the Choice card is turned (S4).
    Choose(Special),
    /// Gives up the round: the opponent wins it. Not a move of the game: never
    /// listed as legal, but always accepted from the side to act (a resigning
    /// player, a broken bot).
    Forfeit,
}

impl Action {
    /// The attack this action leaves for the defender to answer (R16, R19):
    /// an attack's or a lunge's; `None` for any other action.
    pub fn pending(self) -> Option<Pending> {
        let (kind, card, count) = match self {
            Action::Attack { card, count } => (AttackKind::Attack, card, count),
            Action::Lunge { card, count, .. } => (AttackKind::Lunge, card, count),
            _ => return None,
        };
        Some(Pending { kind, card, count })
    }

    /// The cards the action plays, given the pending attack for a parry.
    pub fn cards(&self, pending: Option<Pending>) -> Hand {
        let mut h = Hand::EMPTY;
        match *self {
            Action::Advance(c) | Action::Retreat(c) => h.add(c, 1),
            Action::Attack { card, count } => h.add(card, count),
            Action::Lunge {
                advance,
                card,
                count,
            } => {
                h.add(advance, 1);
                h.add(card, count);
            }
            Action::Parry => {
                if let Some(p) = pending {
                    h.add(p.card, p.count);
                }
            }
            Action::Choose(_) | Action::Forfeit => {}
        }
        h
    }
}

impl fmt::Display for Action {
    /// Words as the app's action controls use them (docs/APP.md, accessible names).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Advance(c) => write!(f, "advance {c}"),
            Action::Retreat(c) => write!(f, "retreat {c}"),
            Action::Attack { card, count } => write!(f, "attack with {count} × {card}"),
            Action::Lunge {
                advance,
                card,
                count,
            } => write!(f, "lunge {advance} then {count} × {card}"),
            Action::Parry => f.write_str("parry"),
            Action::Choose(s) => write!(f, "choose {s}"),
            Action::Forfeit => f.write_str("forfeit"),
        }
    }
}

/// A direct attack or a lunge.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AttackKind {
    Attack,
    Lunge,
}

impl AttackKind {
    pub const fn name(self) -> &'static str {
        match self {
            AttackKind::Attack => "attack",
            AttackKind::Lunge => "lunge",
        }
    }
}

/// An attack waiting for the defender's answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Pending {
    pub kind: AttackKind,
    pub card: Card,
    pub count: u8,
}

/// The most legal actions any position has: 5 advances, 5 retreats, 5 attacks
/// and 25 lunges.
pub const MAX_ACTIONS: usize = 40;

/// Legal actions, without allocation.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;
