//! What a friend match gives to keep outside the page: once over, its
//! record and its review's link; of a retired construction (read-only),
//! the record kept beside it and its messages.

use super::results::Kept;
use crate::friend::game::FriendMatch;
use crate::ui::play::save::{Help, Seated};

/// The finished match with both names (as a save records two people), for
/// its record and its review: every card, as the audits found them.
fn seated(m: &FriendMatch) -> Option<Seated<'_>> {
    Some(Seated {
        the_match: m.played()?,
        human: m.side(),
        level: crate::ai::Difficulty::Medium,
        help: Help::default(),
        people: Some(m.names()),
    })
}

/// The match's record (JSON), once it is over.
pub fn record_text(m: &FriendMatch) -> Option<String> {
    seated(m).filter(|_| m.is_over()).map(|s| s.text())
}

/// The match's share-link code for its review, once it is over.
pub fn review_code(m: &FriendMatch) -> Option<String> {
    seated(m).filter(|_| m.is_over()).map(|s| s.code())
}

/// What a kept match of a retired construction gives, read-only: the
/// record the version before replayed and kept beside it (its audited
/// rounds; none before the first, or never kept), and its messages (how it
/// began and every step, from its journal, without the seed of its
/// secrets). Nothing in it is replayed. `None` when it is of the current
/// construction.
pub fn retired_exports(kept: &Kept) -> Option<(Option<String>, String)> {
    if kept.journal.secrets.is_current() {
        return None;
    }
    let record = kept.replayed.as_ref().and_then(|r| r.record.clone());
    let j = &kept.journal;
    let messages = serde_json::to_string_pretty(&(&j.begun, &j.steps)).ok()?;
    Some((record, messages))
}
