//! What a friend match gives to keep outside the page: once over, its
//! record and its review's link; of an older construction (retired,
//! read-only), its record as far as its rounds were audited and its
//! messages.

use super::results::{Kept, Replayed};
use super::store::{key, list, set_kept};
use crate::engine::{BySide, Match, Side};
use crate::friend::game::{FriendMatch, Retired};
use crate::ui::play::save::{Help, Seated};

/// The finished match with both names (as a save records two people), for
/// its record and its review: every card, as the audits found them.
fn seated(m: &FriendMatch) -> Option<Seated<'_>> {
    Some(seated_as(m.played()?, m.side(), m.names()))
}

/// The audited rounds `played`, seen from `side`, between `names`.
fn seated_as<'a>(played: &'a Match, side: Side, names: &'a BySide<String>) -> Seated<'a> {
    Seated {
        the_match: played,
        human: side,
        level: crate::ai::Difficulty::Medium,
        help: Help::default(),
        people: Some(names),
    }
}

/// The match's record (JSON), once it is over.
pub fn record_text(m: &FriendMatch) -> Option<String> {
    seated(m).filter(|_| m.is_over()).map(|s| s.text())
}

/// The match's share-link code for its review, once it is over.
pub fn review_code(m: &FriendMatch) -> Option<String> {
    seated(m).filter(|_| m.is_over()).map(|s| s.code())
}

/// What a kept match of an older construction still gives, read-only
/// ([`Retired`]): its record as far as its rounds were audited (none
/// before the first), and its messages (how it began and every step,
/// without the seed of its secrets). The record as kept beside it
/// ([`keep_retired_records`]), else replayed. `None` when it is of the
/// current construction, or neither kept nor replays.
pub fn retired_exports(kept: &Kept) -> Option<(Option<String>, String)> {
    if kept.journal.secrets.is_current() {
        return None;
    }
    let record = match &kept.replayed {
        Some(replayed) => replayed.record.clone(),
        None => replay(kept)?.record,
    };
    let j = &kept.journal;
    let messages = serde_json::to_string_pretty(&(&j.begun, &j.steps)).ok()?;
    Some((record, messages))
}

/// A retired match's record, replayed; `None` when it does not replay.
fn replay(kept: &Kept) -> Option<Replayed> {
    let retired = Retired::restore(&kept.journal).ok()?;
    let record = retired
        .played()
        .map(|played| seated_as(played, retired.side(), retired.names()).text());
    Some(Replayed { record })
}

/// Keeps, beside each retired match that replays, what its replay gives
/// (its record), so that its exports outlive the code that replays such
/// matches. A match storage refuses stays as it was (replayed each time).
/// How many were kept.
pub fn keep_retired_records() -> usize {
    let mut kept = 0;
    for mut k in list() {
        if k.journal.secrets.is_current() || k.replayed.is_some() {
            continue;
        }
        let Some(replayed) = replay(&k) else {
            continue;
        };
        k.replayed = Some(replayed);
        let Ok(text) = serde_json::to_string(&k) else {
            continue;
        };
        if set_kept(&key(&k.summary.id), &text).is_ok() {
            kept += 1;
        }
    }
    kept
}
