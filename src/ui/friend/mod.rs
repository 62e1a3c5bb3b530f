//! Play a friend on another device: the page's side of
//! [`crate::friend::game`]. Each match is kept under its own key with what
//! rebuilds it (its [`crate::friend::game::Journal`]) and a summary for the list; a link that
//! comes in (`#f=…`) is an invitation, the next message of a kept match, or
//! for a match this browser does not hold. The logic is here, natively
//! tested; the components beside it only show it.

mod arrival;
pub mod backup;
mod bar_tools;
pub(crate) mod board;
mod exports;
pub(crate) mod forms;
pub(crate) mod link;
pub(crate) mod list;
pub mod live;
pub mod moves;
pub mod parts;
mod parts_progress;
pub mod proofs;
mod results;
pub mod said;
mod screen;
mod shown;
mod standing;
pub mod state;
pub mod store;
pub(crate) mod table;
pub mod tools;
pub(crate) mod view;
pub mod waiting;
mod words;

pub use self::arrival::{incoming, Incoming, Problem};
pub use self::exports::{record_text, retired_exports, review_code};
pub use self::results::{results, summary, Kept, Replayed, Results, Summary};
pub use self::shown::{last_round, shown, table, Shown};
pub use self::standing::{score, settle, standing, winner, Standing};
use crate::engine::{BySide, Rules, Side};
use crate::friend::game::FriendMatch;

/// The fragment's prefix before a friend match's message.
pub const PREFIX: &str = "#f=";

/// The match has started: a round was played or an action made (before
/// that, the friend has not stopped answering: nothing is dealt yet).
pub fn started(m: &FriendMatch) -> bool {
    m.played().is_some() || !m.actions().is_empty()
}

/// The players' names as the board says them: the friend's as their page
/// gave it, or until they accept another match, `known` (the name they
/// gave in the match before).
pub fn names_shown(m: &FriendMatch, known: &str) -> BySide<String> {
    let mut names = m.names().clone();
    let friend = m.side().opponent();
    if names[friend].trim().is_empty() {
        names[friend] = known.trim().to_string();
    }
    names
}

/// Why an invitation's form, or an acceptance's, is not taken: said from
/// the catalog next to the form.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormError {
    /// No name given: the friend would see none.
    NoName,
    /// Points to win not a whole number from 1 to 9.
    Points,
}

/// The most points to win an invitation offers.
pub const MOST_POINTS: u8 = 9;

/// The name a form was given, trimmed.
///
/// # Errors
/// [`FormError::NoName`] for an empty one.
pub fn name_given(name: &str) -> Result<&str, FormError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(FormError::NoName);
    }
    Ok(name)
}

/// The points to win as the form's field holds them.
///
/// # Errors
/// [`FormError::Points`] unless a whole number from 1 to [`MOST_POINTS`].
pub fn points_given(text: &str) -> Result<u8, FormError> {
    match text.trim().parse::<u8>() {
        Ok(p) if (1..=MOST_POINTS).contains(&p) => Ok(p),
        _ => Err(FormError::Points),
    }
}

/// When both pages invite each other to another match at once, which
/// invitation is played: the one of the lower match id, on both pages
/// (ids come from each seat's secret seed, so neither chooses the
/// outcome's side on purpose more than a coin would). True if the
/// friend's (`theirs`) wins over this page's own (`ours`).
pub fn theirs_wins(ours: &str, theirs: &str) -> bool {
    theirs < ours
}

/// This seat's match is an invitation nobody accepted yet: the host's,
/// no message taken.
pub fn unanswered(m: &FriendMatch) -> bool {
    m.side() == Side::White && m.names()[Side::Black].is_empty() && m.played().is_none()
}

/// The rules an invitation offers: the edition's, to `points`.
pub fn rules_of(preset: crate::engine::Preset, points: u8) -> Rules {
    Rules {
        points_to_win: points.clamp(1, MOST_POINTS),
        ..preset.rules()
    }
}

/// The edition of `rules`, whatever its points to win.
pub fn preset_of(rules: Rules) -> Option<crate::engine::Preset> {
    crate::engine::Preset::ALL.into_iter().find(|p| {
        Rules {
            points_to_win: rules.points_to_win,
            ..p.rules()
        } == rules
    })
}
