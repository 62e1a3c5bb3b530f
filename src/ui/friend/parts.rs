//! Links in parts on the page ([`crate::friend::parts`]): the links to
//! send for a message, each no longer than [`MAX_LINK`] with the page's
//! address, and the parts received so far, by message, kept under [`KEY`]
//! so that a reload or another tab goes on collecting them.

use super::Problem;
use crate::friend::parts::{split, Part, PartError, Parts, Progress, MAX_LINK, MAX_PARTS};
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

/// The most messages whose parts are kept at once: a part of another
/// message starts its own collection, and the oldest goes past this.
pub const MESSAGES_KEPT: usize = 4;

/// The parts kept as `text` (one a line) read, by message, oldest first:
/// if any line does not read as a part, or a message's parts do not go
/// together, nothing is kept (kept data is never trusted).
pub fn read(text: Option<&str>) -> Vec<Parts> {
    let Some(text) = text else {
        return Vec::new();
    };
    let mut by_message: Vec<([u8; 16], Vec<&str>)> = Vec::new();
    for line in text.lines().take(MESSAGES_KEPT * MAX_PARTS) {
        let Ok(part) = Part::decode(line) else {
            return Vec::new();
        };
        match by_message.iter_mut().find(|(d, _)| *d == part.digest) {
            Some((_, lines)) => lines.push(line),
            None => by_message.push((part.digest, vec![line])),
        }
    }
    let all: Vec<Parts> = by_message
        .into_iter()
        .map(|(_, lines)| Parts::from_texts(lines))
        .collect();
    if all.iter().any(Parts::is_empty) {
        return Vec::new();
    }
    all
}

/// The parts kept in this browser, by message.
pub fn kept() -> Vec<Parts> {
    read(storage::get(KEY).as_deref())
}

/// Takes `part` in with the parts of its own message among `all` (a
/// message not among them starts its own collection, the oldest going past
/// [`MESSAGES_KEPT`]): the whole text once every part is in (that message's
/// parts then go), else how far its message is.
///
/// # Errors
/// As [`Parts::add`]: nothing changes, but a message whose parts do not
/// make it ([`PartError::Mismatch`]) goes.
pub fn collect_into(all: &mut Vec<Parts>, part: Part) -> Result<Progress, PartError> {
    let at = match all.iter().position(|p| p.digest() == part.digest) {
        Some(at) => at,
        None => {
            let mut fresh = Parts::default();
            let progress = fresh.add(part)?;
            if let Progress::Waiting { .. } = progress {
                all.push(fresh);
                if all.len() > MESSAGES_KEPT {
                    all.remove(0);
                }
            }
            return Ok(progress);
        }
    };
    let added = all[at].add(part);
    if matches!(added, Ok(Progress::Complete(_)) | Err(PartError::Mismatch)) {
        all.remove(at);
    }
    added
}

/// Takes in the part `text` with those kept ([`collect_into`]), and keeps the
/// parts still waiting.
///
/// # Errors
/// [`Problem::Part`] for a part that is not taken;
/// [`Problem::StorageRefused`] when the browser keeps nothing.
pub fn receive(text: &str) -> Result<Progress, Problem> {
    let part = Part::decode(text).map_err(Problem::Part)?;
    let mut all = kept();
    let added = collect_into(&mut all, part);
    if matches!(added, Ok(_) | Err(PartError::Mismatch)) {
        if all.is_empty() {
            storage::remove(KEY);
        } else {
            let text: Vec<String> = all.iter().flat_map(Parts::texts).collect();
            storage::set(KEY, &text.join("\n")).map_err(|_| Problem::StorageRefused)?;
        }
    }
    added.map_err(Problem::Part)
}

/// How far the message that the part `text` belongs to is, among those
/// kept (a part that does not read: the newest message's).
fn kept_progress(text: &str) -> Option<Progress> {
    let all = kept();
    let own = Part::decode(text)
        .ok()
        .and_then(|part| all.iter().find(|p| p.digest() == part.digest));
    own.or(all.last())?.progress()
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
        // (The parts of its message kept so far, if any, still wait.)
        Err(p) => Collected::Waiting(kept_progress(&link), Some(p)),
    }
}
