//! The history and the reviews' analyses in the browser's storage.

use crate::ui::play::save::{ANALYSES_KEY, ANALYSIS_PREFIX, HISTORY_KEY};
use crate::ui::storage::cache;
use crate::ui::storage::{get, remove, set, StorageRefused};

/// The finished matches kept, oldest first (see `history::read`).
pub fn list() -> Vec<super::Entry> {
    get(HISTORY_KEY).map_or_else(Vec::new, |t| super::read(&t))
}

/// Adds a finished match to the history (once), dropping the oldest and
/// their analyses beyond [`super::KEEP`].
///
/// # Errors
/// When the browser refuses to store it.
pub fn add(entry: &super::Entry) -> Result<(), StorageRefused> {
    let old = get(HISTORY_KEY).unwrap_or_default();
    let (text, dropped) = super::append(&old, entry);
    if text != old {
        set(HISTORY_KEY, &text)?;
        // Kept by the shell should another tab's write drop it (`tabs`).
        if let Some(line) = text.lines().last() {
            crate::ui::storage::tabs::wrote_history(line);
        }
    }
    for code in dropped {
        remove(&analysis_key(&code));
    }
    Ok(())
}

/// Deletes the history and the analyses of its matches.
pub(crate) fn delete() {
    let text = get(HISTORY_KEY).unwrap_or_default();
    for code in text.lines().filter_map(super::code_of) {
        remove(&analysis_key(code));
    }
    remove(HISTORY_KEY);
}

/// A match's cached analysis, by its link code (it becomes the most
/// recently used).
pub fn analysis(code: &str) -> Option<Vec<Option<crate::ai::advice::Verdict>>> {
    let key = analysis_key(code);
    let verdicts = serde_json::from_str(&get(&key)?).ok()?;
    used(&key);
    Some(verdicts)
}

/// Notes `key` as the most recently used analysis, and drops those beyond
/// the cache's size.
fn used(key: &str) {
    let (order, dropped) = cache::used(&get(ANALYSES_KEY).unwrap_or_default(), key);
    for k in dropped {
        remove(&k);
    }
    let _ = set(ANALYSES_KEY, &order);
}

/// Caches a match's analysis.
///
/// # Errors
/// When the browser refuses to store it.
pub(crate) fn save_analysis(
    code: &str,
    verdicts: &[Option<crate::ai::advice::Verdict>],
) -> Result<(), StorageRefused> {
    let text = serde_json::to_string(verdicts).map_err(|_| StorageRefused)?;
    let key = analysis_key(code);
    set(&key, &text)?;
    used(&key);
    Ok(())
}

/// The storage key of a match's analysis (a hash of its code: short).
fn analysis_key(code: &str) -> String {
    let hash = code.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{ANALYSIS_PREFIX}{hash:016x}")
}
