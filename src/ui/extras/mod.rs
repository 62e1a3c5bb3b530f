//! What the first screen does not need, fetched on first use: the lessons,
//! how to play, the history, the review (and reading shared links), the
//! puzzles, the new-game form and the preferences are a module split off
//! the page's own WebAssembly (`split_point!`, web/build-app.mjs), sharing
//! its memory and every function both use; play with a friend is a
//! WebAssembly of its own (bin `friends`, `friends.js`), its curve
//! arithmetic and proofs with it (a finished match's review is handed back
//! to the page: [`Back::Review`]). The page (`host`) fetches either after
//! the first screen (the service worker precaches both, so offline works),
//! and mounts it beside the page's own tree: in `#extras` instead of the
//! table, or the form in `#dialog` over it.
//!
//! The page sends a [`Request`] as JSON and hears [`Back`] as JSON, the
//! same to both; friend play has its own copy of the language's texts.

pub mod entry;
pub mod friends;
pub(crate) mod host;
pub mod puzzles;
pub mod view;

use serde::{Deserialize, Serialize};

use super::i18n::Lang;
use crate::engine::BySide;
use crate::ui::play::save::Settings;

/// What the extras show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opened {
    Guide,
    Lessons,
    /// The lessons, at the first one (the start screen's "Learn to play").
    FirstLesson,
    History,
    /// The puzzles.
    Puzzles,
    /// Play a friend, with the message of the link that opened
    /// the page (`#f=…`), if any.
    Friends {
        code: Option<String>,
    },
    /// A match's review, from a round's deal if given.
    Review {
        of: ReviewOf,
        round: Option<usize>,
        /// Opened from a shared link: the player is not "you".
        #[serde(default)]
        shared: bool,
    },
    /// The new-game form, from these settings and names.
    Settings {
        initial: Settings,
        names: BySide<String>,
        /// A match is in progress: starting asks first.
        in_progress: bool,
    },
    /// The page's language and colours.
    Preferences,
}

/// The match a review opens: a link's code (`record::link`: a shared link,
/// the history) or the record of the match on the table (the first load
/// makes no link codes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReviewOf {
    Code(String),
    Record(String),
}

impl ReviewOf {
    /// Its text, the code or the record: what names the match on screen.
    pub fn text(&self) -> &str {
        match self {
            ReviewOf::Code(text) | ReviewOf::Record(text) => text,
        }
    }
}

impl Opened {
    /// The WebAssembly that shows it: friend play's own, or the extras.
    pub fn part(&self) -> &'static str {
        match self {
            Opened::Friends { .. } => "friends",
            _ => "extras",
        }
    }

    /// The element it is shown in: the form over the table, the rest
    /// instead of it.
    pub fn root(&self) -> &'static str {
        match self {
            Opened::Settings { .. } | Opened::Preferences => "dialog",
            _ => "extras",
        }
    }
}

/// What the extras tell the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Back {
    /// The person left them.
    Left,
    /// The shared link the page opened does not open: what is wrong with
    /// it, in words.
    LinkBroken(String),
    /// A new match, from the form: the settings and two people's names.
    Start(Settings, BySide<String>),
    /// The settings changed the page's language (they already speak it).
    Lang(Lang),
    /// The last lesson's "Play a first match".
    FirstMatch,
    /// A finished friend match's review (its link code), asked on its
    /// board: the page opens it with the extras, which hold the review.
    Review(String),
}

/// The page's request to the extras.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub opened: Opened,
    pub lang: Lang,
    /// A match is in progress: leaving goes "Back to the match" (else the
    /// way out says "Close").
    #[serde(default)]
    pub in_progress: bool,
}
