//! Every user-facing string, in one place, so translations can follow.

use crate::engine::{Action, Reason, Side};

pub const TITLE: &str = "En Garde";
pub const SCORE: &str = "Score";
pub const DISTANCE: &str = "Distance";
pub const DRAW_PILE: &str = "Draw pile";
pub const NEW_GAME: &str = "New game";
pub const NEXT_ROUND: &str = "Next round";
pub const THINKING: &str = "The computer is thinking…";
pub const YOUR_HAND: &str = "Your hand";

pub fn side(side: Side) -> &'static str {
    side.title()
}

/// An action control's name: it starts with its verb (DESIGN.md §7).
pub fn action(action: Action) -> String {
    match action {
        Action::Advance(c) => format!("Advance {c}"),
        Action::Retreat(c) => format!("Retreat {c}"),
        Action::Attack { card, count } => format!("Attack with {count} × {card}"),
        Action::Lunge {
            advance,
            card,
            count,
        } => format!("Lunge {advance} then {count} × {card}"),
        Action::Parry => "Parry".into(),
        Action::Choose(s) => format!("Choose {}", special(s)),
        Action::Forfeit => "Forfeit the round".into(),
    }
}

pub fn special(s: crate::engine::Special) -> &'static str {
    use crate::engine::Special::*;
    match s {
        Plain => "Plain",
        PlainX2 => "Plain ×2",
        Choice => "Choice",
        ThreeCards => "Three cards",
        TenCards => "Ten cards",
        OpenHands => "Open hands",
        NoRetreat => "No retreat",
    }
}

pub fn played(by: Side, action: Action) -> String {
    format!(
        "{} plays: {}",
        side(by),
        self::action(action).to_lowercase()
    )
}

pub fn turn(side: Side, yours: bool) -> String {
    if yours {
        "Your turn".into()
    } else {
        format!("{}'s turn", self::side(side))
    }
}

pub fn round_won(winner: Option<Side>, reason: Reason) -> String {
    let why = match reason {
        Reason::Hit => "a hit",
        Reason::NoLegalAction => "no legal action left",
        Reason::FinalStrike => "the final strike",
        Reason::CardCount => "the card count",
        Reason::Position => "position",
        Reason::Draw => "equal position",
        Reason::Forfeit => "forfeit",
    };
    match winner {
        Some(w) => format!("{} wins the round ({why})", side(w)),
        None => format!("The round is drawn ({why})"),
    }
}

pub fn match_won(winner: Side, white: u8, black: u8) -> String {
    let (a, b) = if winner == Side::White {
        (white, black)
    } else {
        (black, white)
    };
    format!("{} wins the match {a}–{b}", side(winner))
}
