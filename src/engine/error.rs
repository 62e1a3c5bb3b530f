//! Why an action is illegal. Each message names the rule it breaks.

use std::error::Error;
use std::fmt;

use super::action::{Action, Pending};
use super::card::{Card, Side};
use super::rules::RulesLevel;

/// An action refused by [`Round::play`](super::Round::play); the round is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    /// The round has ended (E1–E4).
    RoundOver,
    /// The Choice card waits for the starter's pick; nothing else can happen (S4).
    MustChoose { side: Side },
    /// `Choose` outside the Choice card's pick, or an impossible pick (S4).
    NoChoice { side: Side, action: Action },
    /// An attack is pending: only its answer is possible (R17, R21).
    MustAnswer { side: Side, pending: Pending },
    /// A parry with no attack to answer.
    NothingToParry { side: Side },
    /// The side does not hold the cards the action plays.
    MissingCards {
        side: Side,
        card: Card,
        needed: u8,
        held: u8,
    },
    /// A forward move that would land on or pass the opponent (R12, I10).
    AdvancePastOpponent {
        side: Side,
        card: Card,
        lands_on: bool,
    },
    /// A backward move off the piste (R12).
    RetreatOffPiste { side: Side, card: Card },
    /// No backward moves while the No retreat card is in force (S8).
    NoRetreatCard { side: Side },
    /// A direct attack can only be parried (R22).
    RetreatFromAttack { side: Side },
    /// Attacking cards must equal the distance (R13).
    WrongDistance {
        side: Side,
        card: Card,
        distance: u8,
    },
    /// An attack or lunge of zero cards (R13).
    NoAttackCards { side: Side },
    /// Under Basic rules a hit is one card (R15).
    BasicAttackCount { side: Side, count: u8 },
    /// Lunges exist only under Advanced rules (R20).
    NoLunge { side: Side, level: RulesLevel },
    /// A parry needs as many cards of the attack's value (R17).
    CannotParry {
        side: Side,
        pending: Pending,
        held: u8,
    },
}

fn cards(count: u8, card: Card) -> String {
    match count {
        1 => format!("one {card}"),
        n => format!("{n} × {card}"),
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalAction::*;
        match *self {
            RoundOver => write!(f, "the round is over (E1–E4): no further action"),
            MustChoose { side } => write!(
                f,
                "{side} must first pick the special card for this round (S4)"
            ),
            NoChoice { side, action } => {
                write!(f, "{side} cannot {action}: only Three cards, Ten cards, Open hands or No retreat, and only when the Choice card is turned (S4)")
            }
            MustAnswer { side, pending } => write!(
                f,
                "{side} must answer the {} with {}: parry{} (R17, R21)",
                pending.kind.name(),
                cards(pending.count, pending.card),
                if pending.kind == super::AttackKind::Lunge {
                    " or retreat"
                } else {
                    ""
                }
            ),
            NothingToParry { side } => write!(f, "{side} cannot parry: no attack is pending (R17)"),
            MissingCards {
                side,
                card,
                needed,
                held,
            } => write!(
                f,
                "{side} does not hold {}: holds {} (R13)",
                cards(needed, card),
                held
            ),
            AdvancePastOpponent {
                side,
                card,
                lands_on,
            } => write!(
                f,
                "{side} cannot advance {card}: would {} {} (R12{})",
                if lands_on { "land on" } else { "pass" },
                side.opponent().title(),
                if lands_on { ", I10" } else { "" }
            ),
            RetreatOffPiste { side, card } => write!(
                f,
                "{side} cannot retreat {card}: would leave the piste (R12)"
            ),
            NoRetreatCard { side } => write!(
                f,
                "{side} cannot retreat: the No retreat card is in force (S8)"
            ),
            RetreatFromAttack { side } => write!(
                f,
                "{side} cannot retreat from a direct attack: it can only be parried (R22)"
            ),
            WrongDistance {
                side,
                card,
                distance,
            } => write!(
                f,
                "{side} cannot attack with {card}s at distance {distance}: attacking cards must equal the distance (R13)"
            ),
            NoAttackCards { side } => write!(f, "{side} cannot attack with no cards (R13)"),
            BasicAttackCount { side, count } => write!(
                f,
                "{side} cannot attack with {count} cards: under Basic rules a hit is one card (R15)"
            ),
            NoLunge { side, level } => write!(
                f,
                "{side} cannot lunge: lunges exist only under Advanced rules, not {} (R20)",
                level.name()
            ),
            CannotParry {
                side,
                pending,
                held,
            } => write!(
                f,
                "{side} cannot parry {}: holds {held} (R17)",
                cards(pending.count, pending.card)
            ),
        }
    }
}

impl Error for IllegalAction {}
