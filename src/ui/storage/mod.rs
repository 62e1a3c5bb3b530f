//! The browser's side of memory: localStorage, typed readers and writers
//! of what the page as a whole keeps (the match, the language, the first
//! visit); each feature keeps its own in its `store.rs` through [`get`] and
//! [`set`]. Files exported and imported: [`crate::ui::storage::files`].
//! Storage can be missing or full (private windows); then nothing is kept and
//! play goes on.

pub mod cache;
pub(crate) mod files;
pub(crate) mod tabs;

use crate::record::RecordError;
use crate::ui::i18n::Lang;
use crate::ui::play::notice::RecordProblem;
use crate::ui::play::reader::{self, Unfetched};
use crate::ui::play::save::{
    Loaded, Settings, IMPORTED_KEY, LANG_KEY, SAVE_KEY, SET_ASIDE_KEY, WELCOMED_KEY,
};

#[cfg(target_arch = "wasm32")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Natively (the tests) the page's storage is this thread's memory.
#[cfg(not(target_arch = "wasm32"))]
mod memory {
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    thread_local! {
        pub(super) static KEPT: RefCell<BTreeMap<String, String>> =
            const { RefCell::new(BTreeMap::new()) };
    }
}

#[cfg(target_arch = "wasm32")]
pub fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

#[cfg(not(target_arch = "wasm32"))]
pub fn get(key: &str) -> Option<String> {
    memory::KEPT.with(|k| k.borrow().get(key).cloned())
}

/// The browser would not store a value: storage is full, switched off, or
/// missing (some private windows).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StorageRefused;

/// Stores `value` under `key`. Should storage be full, cached analyses are
/// dropped, least recently used first, until it fits: the match, the
/// history and the settings win over the cache.
///
/// # Errors
/// When the browser refuses even then; nothing else changes.
#[cfg(target_arch = "wasm32")]
pub fn set(key: &str, value: &str) -> Result<(), StorageRefused> {
    let store = storage().ok_or(StorageRefused)?;
    loop {
        if store.set_item(key, value).is_ok() {
            return Ok(());
        }
        if !drop_an_analysis(&store, key) {
            return Err(StorageRefused);
        }
    }
}

/// Stores `value` under `key` in this thread's memory (natively).
///
/// # Errors
/// Never.
#[cfg(not(target_arch = "wasm32"))]
pub fn set(key: &str, value: &str) -> Result<(), StorageRefused> {
    memory::KEPT.with(|k| k.borrow_mut().insert(key.to_string(), value.to_string()));
    Ok(())
}

/// Drops the least recently used cached analysis other than `keep`'s (by
/// their order of use, `ANALYSES_KEY`); `false` if there is none.
#[cfg(target_arch = "wasm32")]
fn drop_an_analysis(store: &web_sys::Storage, keep: &str) -> bool {
    let order = store
        .get_item(crate::ui::play::save::ANALYSES_KEY)
        .ok()
        .flatten()
        .unwrap_or_default();
    let Some(oldest) = order.lines().find(|k| *k != keep && !k.is_empty()) else {
        return false;
    };
    let _ = store.remove_item(oldest);
    let _ = store.set_item(
        crate::ui::play::save::ANALYSES_KEY,
        &cache::forget(&order, oldest),
    );
    true
}

/// Every key kept that starts with `prefix`.
#[cfg(target_arch = "wasm32")]
pub fn keys(prefix: &str) -> Vec<String> {
    let Some(store) = storage() else {
        return Vec::new();
    };
    let n = store.length().unwrap_or(0);
    (0..n)
        .filter_map(|i| store.key(i).ok().flatten())
        .filter(|k| k.starts_with(prefix))
        .collect()
}

/// Every key kept that starts with `prefix` (natively, in memory).
#[cfg(not(target_arch = "wasm32"))]
pub fn keys(prefix: &str) -> Vec<String> {
    memory::KEPT.with(|k| {
        let k = k.borrow();
        k.keys()
            .filter(|key| key.starts_with(prefix))
            .cloned()
            .collect()
    })
}

#[cfg(target_arch = "wasm32")]
pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub fn remove(key: &str) {
    memory::KEPT.with(|k| k.borrow_mut().remove(key));
}

/// The page's language: the one chosen before, else the first of the
/// browser's preferred languages that the page speaks, else English.
pub fn lang() -> Lang {
    if let Some(l) = get(LANG_KEY).as_deref().and_then(Lang::from_tag) {
        return l;
    }
    let preferred: Vec<String> = web_sys::window()
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|v| v.as_string())
                .collect()
        })
        .unwrap_or_default();
    Lang::choose(preferred.iter().map(String::as_str))
}

/// Remembers the chosen language, and makes the document follow it
/// (`<html lang>`, the title).
pub(crate) fn save_lang(lang: Lang) {
    let _ = set(LANG_KEY, lang.code());
    show_lang(lang);
}

/// Makes the document follow `lang`: `<html lang>` and the title.
pub(crate) fn show_lang(lang: Lang) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(html) = document.document_element() {
        let _ = html.set_attribute("lang", lang.code());
    }
    document.set_title(lang.texts().page_title);
}

/// A first visit: no match saved and the start screen never left.
pub(crate) fn first_visit() -> bool {
    get(SAVE_KEY).is_none() && get(WELCOMED_KEY).is_none()
}

/// The start screen has been left: later visits open on the match.
pub fn welcomed() {
    let _ = set(WELCOMED_KEY, "1");
}

/// What the page finds at start: the saved match, if it reads; an unreadable
/// save is moved to the first free of `SET_ASIDE_KEY`, `SET_ASIDE_KEY.2`, …
/// (never lost, never written over) and reported. Should it not move, it
/// stays the save and no match is written over it ([`save_match`]).
pub enum Resume {
    Nothing,
    Match(Loaded),
    Unreadable(RecordProblem),
}

thread_local! {
    /// The save and what it read as, read before the page opened ([`read_save`]).
    static READ: std::cell::RefCell<Option<(String, Result<Loaded, RecordError>)>> =
        const { std::cell::RefCell::new(None) };
}

/// Reads the save, if there is one, before the page opens: its reader is a
/// module split off the first screen's ([`reader::read`]), fetched then.
/// [`resume`] takes what it read.
///
/// # Errors
/// When the reader's module could not be fetched.
pub async fn read_save(fallback: &Settings, seed: u64) -> Result<(), Unfetched> {
    let Some(text) = get(SAVE_KEY) else {
        return Ok(());
    };
    let read = reader::read(text.clone(), (fallback.side, fallback.level), seed).await?;
    READ.with(|r| *r.borrow_mut() = Some((text, read)));
    Ok(())
}

/// The saved match as [`read_save`] read it. Had it not been read, it is
/// kept as it is and no match is written over it ([`save_match`]).
pub fn resume() -> Resume {
    if get(SAVE_KEY).is_none() {
        return Resume::Nothing;
    }
    let Some((text, read)) = READ.with(|r| r.borrow_mut().take()) else {
        SAVE_PINNED.with(|p| p.set(true));
        return Resume::Nothing;
    };
    match read {
        Ok(mut loaded) => {
            loaded.played_here = get(IMPORTED_KEY).is_none();
            Resume::Match(loaded)
        }
        Err(why) => {
            let free = (1..100)
                .map(|n| match n {
                    1 => SET_ASIDE_KEY.to_string(),
                    n => format!("{SET_ASIDE_KEY}.{n}"),
                })
                .find(|k| get(k).is_none());
            match free.map(|k| set(&k, &text)) {
                Some(Ok(())) => remove(SAVE_KEY),
                // Kept where it is: never lost.
                _ => SAVE_PINNED.with(|p| p.set(true)),
            }
            Resume::Unreadable(RecordProblem::Record(why))
        }
    }
}

thread_local! {
    /// An unreadable save could not be set aside: it stays, and no match
    /// is saved over it in this page's life.
    static SAVE_PINNED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Saves the match in progress (`text`, a record), unless an unreadable save
/// that could not be set aside holds the place.
///
/// # Errors
/// When the browser refuses, or the place is held.
pub(crate) fn save_match(text: &str) -> Result<(), StorageRefused> {
    if SAVE_PINNED.with(std::cell::Cell::get) {
        return Err(StorageRefused);
    }
    set(SAVE_KEY, text)
}

const STUN_KEY: &str = "engarde.stun";

/// Whether the person lets live play with a friend ask a public STUN
/// server (Settings; on unless turned off).
pub fn stun_allowed() -> bool {
    get(STUN_KEY).as_deref() != Some("off")
}

/// Remembers whether a STUN server may be asked (best effort).
pub fn allow_stun(on: bool) {
    let _ = set(STUN_KEY, if on { "on" } else { "off" });
}

const CHIME_KEY: &str = "engarde.chime";

/// Whether a friend's move that arrives while the page is hidden rings
/// (Settings; off unless turned on).
pub fn chime_wanted() -> bool {
    get(CHIME_KEY).as_deref() == Some("on")
}

/// Remembers it (best effort).
pub fn want_chime(on: bool) {
    let _ = set(CHIME_KEY, if on { "on" } else { "off" });
}
