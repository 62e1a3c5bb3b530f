//! What the first screen does not need, built into a WebAssembly of its own
//! (bin `extras`, `extras.js`): the lessons, how to play, the history and
//! the review. The page (`host`) fetches it on first use, after the first
//! screen (the service worker precaches it, so offline works), and mounts
//! it beside the page's own tree; it says when the person leaves it.
//!
//! The two halves share no memory: the page sends a [`Request`] as JSON,
//! and each has its own copy of the language's texts.

pub mod host;
pub mod view;

use serde::{Deserialize, Serialize};

use super::i18n::Lang;

/// What the extras show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opened {
    Guide,
    Lessons,
    History,
    /// A match's review, by its link code (`record::link`), from a round's
    /// deal if given.
    Review {
        code: String,
        round: Option<usize>,
    },
}

/// The page's request to the extras.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub opened: Opened,
    pub lang: Lang,
}
