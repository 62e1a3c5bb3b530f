//! The history and the reviews' analyses in the browser's storage.

use super::cache;
use crate::ui::save::{ANALYSES_KEY, ANALYSIS_PREFIX, HISTORY_KEY};
use crate::ui::storage::{get, remove, set, StorageRefused};

/// The finished matches kept, oldest first (see `history::read`).
pub fn list() -> Vec<super::Entry> {
    get(HISTORY_KEY).map_or_else(Vec::new, |t| super::read(&t))
}

thread_local! {
    /// The entries this page added: should another tab's write drop one,
    /// it is added again ([`merge_ours`]).
    static OURS: std::cell::RefCell<Vec<super::Entry>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Another tab wrote the history (`text`; `None`: it deleted it): the
/// entries this page added and that write lacks are added again, so two
/// matches ending at once in two tabs are both kept. A deletion is kept.
pub(crate) fn merge_ours(text: Option<&str>) {
    let Some(text) = text else {
        OURS.with(|o| o.borrow_mut().clear());
        return;
    };
    let missing: Vec<super::Entry> = OURS.with(|o| {
        o.borrow()
            .iter()
            .filter(|e| {
                !text
                    .lines()
                    .any(|l| super::code_of(l) == Some(e.code.as_str()))
            })
            .cloned()
            .collect()
    });
    for e in missing {
        let _ = add(&e);
    }
}

/// Adds a finished match to the history (once), dropping the oldest and
/// their analyses beyond [`super::KEEP`].
///
/// # Errors
/// When the browser refuses to store it.
pub fn add(entry: &super::Entry) -> Result<(), StorageRefused> {
    OURS.with(|o| {
        let mut o = o.borrow_mut();
        if !o.contains(entry) {
            o.push(entry.clone());
        }
    });
    let old = get(HISTORY_KEY).unwrap_or_default();
    let (text, dropped) = super::append(&old, entry);
    if text != old {
        set(HISTORY_KEY, &text)?;
    }
    for code in dropped {
        remove(&analysis_key(&code));
    }
    Ok(())
}

/// Deletes the history and the analyses of its matches.
pub(crate) fn delete() {
    OURS.with(|o| o.borrow_mut().clear());
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
