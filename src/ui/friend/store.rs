//! What friend matches keep in the browser's storage: each match under its
//! own key (`engarde.friend.<id>`: two tabs on two matches never write over
//! each other), with its journal (the seed of its secrets: this browser's
//! alone) and its line for the list, and beside it a snapshot of the
//! match. A backup file holds them all ([`super::backup`]).

use serde::Deserialize;

use super::arrival::Problem;
use super::results::{Kept, Summary};
use super::standing::settle;
use super::waiting;
use crate::friend::game::{FriendError, FriendMatch, JournalEntry, Snapshot};
use crate::ui::storage::{self, StorageRefused};

const PREFIX: &str = "engarde.friend.";

pub(super) fn key(id: &str) -> String {
    format!("{PREFIX}{id}")
}

/// Where each match's snapshot is kept, beside its journal: a cache, the
/// first thing storage gives up when it is full.
const SNAPSHOTS: &str = "engarde.snapshot.";

fn snapshot_key(id: &str) -> String {
    format!("{SNAPSHOTS}{id}")
}

/// The snapshot kept of match `id` ([`Snapshot::to_text`]), if any.
pub fn snapshot(id: &str) -> Option<String> {
    storage::get(&snapshot_key(id))
}

/// Keeps `m`'s snapshot, when it has one to keep (else the one kept still
/// fits its journal's first steps); a refusal only leaves none.
fn keep_snapshot(m: &FriendMatch) {
    let Some(text) = m.snapshot().map(|s| s.to_text()) else {
        return;
    };
    let key = snapshot_key(&m.id().to_string());
    if storage::set(&key, &text).is_err() {
        storage::remove(&key);
    }
}

/// Stores a kept match's `text` under `key`, giving up the snapshots if
/// storage is full.
pub(super) fn set_kept(key: &str, text: &str) -> Result<(), StorageRefused> {
    storage::set(key, text).or_else(|_| {
        storage::keys(SNAPSHOTS)
            .iter()
            .for_each(|k| storage::remove(k));
        storage::set(key, text)
    })
}

/// The match `kept` keeps, rebuilt from its snapshot and the steps since
/// where one fits, else from its whole journal.
///
/// # Errors
/// As [`FriendMatch::restore`].
pub fn restore(kept: &Kept) -> Result<FriendMatch, FriendError> {
    let snapshot = snapshot(&kept.summary.id).and_then(|t| Snapshot::from_text(&t).ok());
    FriendMatch::restore_from(&kept.journal, snapshot.as_ref())
}

/// The kept matches that read, most recent first by the list's order of
/// keys (what does not read stays where it is, untouched).
pub fn list() -> Vec<Kept> {
    let mut kept: Vec<Kept> = read_all();
    kept.sort_by_key(|k: &Kept| in_list_order(&k.summary));
    kept
}

/// Every kept match that reads as `T` (a whole match, or its summary).
fn read_all<T: serde::de::DeserializeOwned>() -> Vec<T> {
    storage::keys(PREFIX)
        .iter()
        .filter_map(|k| storage::get(k))
        .filter_map(|t| serde_json::from_str(&t).ok())
        .collect()
}

/// The list's order: matches going on first, then by friend.
fn in_list_order(s: &Summary) -> (bool, String) {
    (s.standing.is_over(), s.friend.clone())
}

/// The ids of the kept matches.
pub fn ids() -> Vec<String> {
    storage::keys(PREFIX)
        .into_iter()
        .map(|k| k[PREFIX.len()..].to_string())
        .collect()
}

pub fn load(id: &str) -> Option<Kept> {
    serde_json::from_str(&storage::get(&key(id))?).ok()
}

/// Keeps `m` (after every change).
///
/// # Errors
/// [`Problem::ElsewhereAhead`] when another tab took the match further
/// (nothing is written over it); [`Problem::StorageRefused`] when the
/// browser refuses.
pub fn save(m: &FriendMatch) -> Result<Kept, Problem> {
    let mut kept = Kept::of(m);
    kept.summary.last = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .ok()
        .map(|d| d.as_millis() as u64);
    let stored = load(&kept.summary.id);
    if stored.as_ref().is_some_and(|stored| kept.behind(stored)) {
        return Err(Problem::ElsewhereAhead);
    }
    // A seat restored from a backup stays marked so; the friend's name
    // known from the match before stays until they give theirs.
    if let Some(stored) = &stored {
        kept.restored = stored.restored;
        if kept.summary.friend.is_empty() {
            kept.summary.friend.clone_from(&stored.summary.friend);
        }
    }
    let text = serde_json::to_string(&kept).map_err(|_| Problem::StorageRefused)?;
    set_kept(&key(&kept.summary.id), &text).map_err(|_| Problem::StorageRefused)?;
    keep_snapshot(m);
    note_waiting();
    Ok(kept)
}

/// Keeps the start screen's line in step with the kept matches (read by
/// their lines only): who awaits the person ([`waiting`]).
pub(super) fn note_waiting() {
    #[derive(Deserialize)]
    struct Line {
        summary: Summary,
    }
    let mut lines: Vec<Summary> = read_all::<Line>().into_iter().map(|l| l.summary).collect();
    lines.sort_by_key(in_list_order);
    match waiting::line(&lines) {
        Some(line) => {
            let _ = storage::set(waiting::KEY, &line);
        }
        None => storage::remove(waiting::KEY),
    }
}

/// Takes the friend's message `code` into `m` and keeps it, with what the
/// seat then owes ([`settle`]): what went wrong, if anything. Nothing
/// changes if it does not fit; a cheat makes the match void, kept so with
/// its evidence; a refused save leaves `m` as stored, so that no link goes
/// out that its journal does not hold.
pub fn receive(m: &mut FriendMatch, code: &str) -> Option<Problem> {
    let taken = m.receive(code).map(|()| {
        settle(m);
    });
    keep(m, taken.map_err(Problem::from))
}

/// As [`receive`], with what the proofs' worker made of `code` from `m`'s
/// journal as it stands: the journal's new `steps`, the match's state
/// after them (`after`), and what went wrong. Steps that do not replay
/// here are not taken: the page reads `code` itself.
pub fn receive_checked(
    m: &mut FriendMatch,
    code: &str,
    steps: &[JournalEntry],
    after: Option<&Snapshot>,
    problem: Option<Problem>,
) -> Option<Problem> {
    let taken = match problem {
        Some(p) if !matches!(p, Problem::Void(_)) => Err(p),
        _ => {
            if m.replay_steps(steps, after).is_err() {
                return receive(m, code);
            }
            problem.map_or(Ok(()), Err)
        }
    };
    keep(m, taken)
}

/// Keeps `m` after a message was taken in (or made it void): what went
/// wrong, if anything.
fn keep(m: &mut FriendMatch, taken: Result<(), Problem>) -> Option<Problem> {
    match taken {
        Ok(()) => keep_changed(m).err(),
        // (The board says the verdict, once.)
        Err(Problem::Void(_)) => save(m).err(),
        Err(p) => Some(p),
    }
}

/// Keeps `m` after a change; not kept (another tab took the match
/// further, or storage refused), `m` becomes the match as stored, so that
/// no link goes out that its journal does not hold.
///
/// # Errors
/// Why it was not kept ([`save`]).
pub fn keep_changed(m: &mut FriendMatch) -> Result<(), Problem> {
    let kept = save(m).map(|_| ());
    if kept.is_err() {
        let id = m.id().to_string();
        if let Some(stored) = load(&id).and_then(|k| restore(&k).ok()) {
            *m = stored;
        }
    }
    kept
}

/// Another match with the same friend (`friend`, the name they gave in the
/// match before): the list and the board name them before they accept.
pub fn name_friend(id: &str, friend: &str) {
    let Some(mut kept) = load(id) else { return };
    if !kept.summary.friend.is_empty() || friend.trim().is_empty() {
        return;
    }
    kept.summary.friend = friend.trim().to_string();
    if let Ok(text) = serde_json::to_string(&kept) {
        let _ = storage::set(&key(id), &text);
        note_waiting();
    }
}

pub fn remove(id: &str) {
    storage::remove(&key(id));
    storage::remove(&snapshot_key(id));
    note_waiting();
}
