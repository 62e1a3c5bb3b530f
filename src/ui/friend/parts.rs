//! Links in parts on the page ([`crate::friend::parts`]): the links to
//! send for a message, each no longer than [`MAX_LINK`] with the page's
//! address, and the parts received so far, kept under [`KEY`] so that a
//! reload or another tab goes on collecting them.

use super::Problem;
use crate::friend::parts::{split, Parts, Progress, MAX_LINK};
use crate::ui::storage;

/// Where the parts received so far are kept (outside `engarde.friend.`,
/// the matches' keys).
pub const KEY: &str = "engarde.friends.parts";

/// The links to send for the link text `text` after `base` (the page's
/// address with the fragment's prefix): one link when it fits in
/// [`MAX_LINK`] characters, else its parts, each within it.
pub fn links(base: &str, text: &str) -> Vec<String> {
    let room = MAX_LINK.saturating_sub(base.len());
    split(text, room)
        .into_iter()
        .map(|t| format!("{base}{t}"))
        .collect()
}

/// The parts kept as `text` (one a line) read: what does not read as
/// parts of one text is an empty collection.
pub fn read(text: Option<&str>) -> Parts {
    text.map(|t| Parts::from_texts(t.lines()))
        .unwrap_or_default()
}

/// The parts kept in this browser.
pub fn kept() -> Parts {
    read(storage::get(KEY).as_deref())
}

/// Takes in the part `text` with those kept: the whole link's text once
/// every part is in (nothing kept then), else how far it is (kept).
///
/// # Errors
/// [`Problem::Part`] for a part that is not taken (nothing changes, but
/// parts that do not make their message are dropped);
/// [`Problem::StorageRefused`] when the browser keeps nothing.
pub fn receive(text: &str) -> Result<Progress, Problem> {
    let mut parts = kept();
    let added = parts.add_text(text);
    let keep = match &added {
        Ok(Progress::Waiting { .. }) => true,
        Err(crate::friend::parts::PartError::Mismatch) | Ok(Progress::Complete(_)) => false,
        Err(_) => return added.map_err(Problem::Part),
    };
    if keep {
        let text = parts.texts().join("\n");
        storage::set(KEY, &text).map_err(|_| Problem::StorageRefused)?;
    } else {
        storage::remove(KEY);
    }
    added.map_err(Problem::Part)
}

/// Drops the parts kept.
pub fn discard() {
    storage::remove(KEY);
}

/// What a link that came in gives: the whole link's text to read (a
/// message's code, or all its parts put together), or parts still
/// awaited, with why this one was refused if it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Collected {
    Whole(String),
    Waiting(Option<Progress>, Option<Problem>),
}

/// Takes in `link` if it is a part ([`receive`]); any other link is whole.
pub fn collect(link: String) -> Collected {
    if !crate::friend::parts::is_part(&link) {
        return Collected::Whole(link);
    }
    match receive(&link) {
        Ok(Progress::Complete(whole)) => Collected::Whole(whole),
        Ok(waiting) => Collected::Waiting(Some(waiting), None),
        // (The parts kept so far, if any, still wait.)
        Err(p) => Collected::Waiting(kept().progress(), Some(p)),
    }
}
