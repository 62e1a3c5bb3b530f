//! The browser's side of memory: localStorage, and export/import as files.
//! Storage can be missing or full (private windows); then nothing is kept and
//! play goes on.

use wasm_bindgen::JsCast;

use super::catalog;
use super::save::{self, Loaded, Settings, SAVE_KEY, SETTINGS_KEY, SET_ASIDE_KEY};
use crate::GameRng;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

pub fn set(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

pub fn settings() -> Settings {
    get(SETTINGS_KEY).map_or_else(Settings::default, |t| Settings::from_json(&t))
}

pub fn save_settings(s: Settings) {
    set(SETTINGS_KEY, &s.to_json());
}

/// What the page finds at start: the saved match, if it reads; an unreadable
/// save is moved to `SET_ASIDE_KEY` (never lost) and reported.
pub enum Resume {
    Nothing,
    Match(Loaded),
    Unreadable(String),
}

pub fn resume(fallback: &Settings, rng: &mut GameRng) -> Resume {
    let Some(text) = get(SAVE_KEY) else {
        return Resume::Nothing;
    };
    match save::load(&text, (fallback.side, fallback.level), rng) {
        Ok(loaded) => Resume::Match(loaded),
        Err(why) => {
            set(SET_ASIDE_KEY, &text);
            remove(SAVE_KEY);
            Resume::Unreadable(catalog::saved_game_unreadable(&why))
        }
    }
}

/// Offers `text` as a file download.
pub fn download(name: &str, text: &str) -> Result<(), String> {
    let fail = |e: wasm_bindgen::JsValue| {
        e.as_string()
            .unwrap_or_else(|| "the browser refused".into())
    };
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "not an anchor".to_string())?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The text of the first file picked in an `<input type="file">`.
pub async fn read_file(input: &web_sys::HtmlInputElement) -> Result<String, String> {
    let file = input
        .files()
        .and_then(|f| f.get(0))
        .ok_or("no file was chosen")?;
    let text = wasm_bindgen_futures::JsFuture::from(file.text())
        .await
        .map_err(|_| "the file could not be read".to_string())?;
    text.as_string()
        .ok_or_else(|| "the file is not text".into())
}
