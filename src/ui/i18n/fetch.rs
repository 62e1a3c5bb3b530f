//! In the browser every language is fetched as data (`lang/<code>.json`, a
//! list of strings in `Texts` field order: the first load carries only the
//! person's language's words; the extras' `lang/<code>.extra.json`, in
//! `ExtraTexts` order, but English, which the extras carry) when the
//! person's language needs it, and kept for the page's life. The service
//! worker precaches the files, so this works offline too. Each list begins
//! with its build (`"engarde-build:BUILD"`, web/finish.mjs): a list of
//! another build is refused, and a new version announced
//! ([`crate::ui::shell::update`]).

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::lang::{FetchError, Lang};
use super::texts::{ExtraTexts, Texts};

thread_local! {
    static LOADED: RefCell<Vec<(Lang, &'static Texts)>> = const { RefCell::new(Vec::new()) };
    static LOADED_EXTRA: RefCell<Vec<(Lang, &'static ExtraTexts)>> =
        const { RefCell::new(Vec::new()) };
}

/// The language's messages, if fetched.
pub(super) fn loaded(lang: Lang) -> Option<&'static Texts> {
    LOADED.with(|l| l.borrow().iter().find(|(x, _)| *x == lang).map(|(_, t)| *t))
}

/// The language's messages for the extras, if fetched.
pub(super) fn loaded_extra(lang: Lang) -> Option<&'static ExtraTexts> {
    LOADED_EXTRA.with(|l| l.borrow().iter().find(|(x, _)| *x == lang).map(|(_, t)| *t))
}

/// No texts at all (neither the person's language nor English could be
/// had: the app does not mount then, see `is_ready`): every message empty.
pub(super) fn none() -> &'static Texts {
    thread_local! {
        static NONE: &'static Texts = Box::leak(Box::new(
            Texts::from_strings(&vec![""; Texts::COUNT]).expect("as many as fields"),
        ));
    }
    NONE.with(|t| *t)
}

/// Makes `texts` the messages of `lang`, as a fetch would (the browser
/// tests install the built-in English, [`Lang::english`]).
pub fn install(lang: Lang, texts: &'static Texts) {
    if loaded(lang).is_none() {
        LOADED.with(|l| l.borrow_mut().push((lang, texts)));
    }
}

/// Whether `lang` can be shown now (fetched; English too is data).
pub fn is_ready(lang: Lang) -> bool {
    loaded(lang).is_some()
}

/// Fetches `lang`'s messages unless they are here already.
///
/// # Errors
/// When the file cannot be had or read (the page then asks for English).
pub async fn fetch(lang: Lang) -> Result<(), FetchError> {
    if is_ready(lang) {
        return Ok(());
    }
    let texts = catalog(&format!("lang/{}.json", lang.code()), Texts::from_strings).await?;
    LOADED.with(|l| l.borrow_mut().push((lang, texts)));
    Ok(())
}

/// Fetches `lang`'s messages for the extras (`lang/<code>.extra.json`)
/// unless they are here already.
///
/// # Errors
/// When the file cannot be had or read; the extras stay in English.
pub async fn fetch_extra(lang: Lang) -> Result<(), FetchError> {
    if lang == Lang::En || loaded_extra(lang).is_some() {
        return Ok(());
    }
    let url = format!("lang/{}.extra.json", lang.code());
    let texts = catalog(&url, ExtraTexts::from_strings).await?;
    LOADED_EXTRA.with(|l| l.borrow_mut().push((lang, texts)));
    Ok(())
}

/// A catalog made from the list of strings at `url`, kept for the page's
/// life: each language is fetched at most once.
async fn catalog<T: 'static>(
    url: &str,
    make: fn(&[&'static str]) -> Option<T>,
) -> Result<&'static T, FetchError> {
    let texts = make(&strings(url).await?).ok_or(FetchError::Malformed)?;
    Ok(Box::leak(Box::new(texts)))
}

/// What a list of messages begins with: its build.
const BUILD: &str = "engarde-build:";

/// What the messages are joined with to cross into the WebAssembly (no
/// message holds it).
const SEPARATOR: char = '\u{1f}';

/// A list of strings from `url` (kept for the page's life), read by the
/// browser's own JSON parser, if of the page's build (which it says first,
/// unless neither says one). The list crosses into the WebAssembly as one
/// joined text: one crossing, not one a message (the first screen's main
/// thread stays short).
async fn strings(url: &str) -> Result<Vec<&'static str>, FetchError> {
    let window = web_sys::window().ok_or(FetchError::Network)?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| FetchError::Network)?
        .dyn_into()
        .map_err(|_| FetchError::Network)?;
    if !response.ok() {
        return Err(FetchError::Network);
    }
    let value = JsFuture::from(response.json().map_err(|_| FetchError::Network)?)
        .await
        .map_err(|_| FetchError::Malformed)?;
    let list: js_sys::Array = value.dyn_into().map_err(|_| FetchError::Malformed)?;
    let joined: &'static str = Box::leak(String::from(list.join("\u{1f}")).into_boxed_str());
    let mut messages: Vec<&'static str> = joined.split(SEPARATOR).collect();
    if messages.len() != list.length() as usize {
        return Err(FetchError::Malformed);
    }
    let build = messages.first().and_then(|s| s.strip_prefix(BUILD));
    if !crate::ui::shell::update::same_build(build) {
        return Err(FetchError::Malformed);
    }
    if build.is_some() {
        messages.remove(0);
    }
    Ok(messages)
}
