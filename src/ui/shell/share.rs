//! Sharing a match: a link that carries the whole record in its fragment
//! (`#r=…`, which browsers never send to a server), the record on the
//! clipboard, or as a file (the review's `Sharing` buttons use these).

use wasm_bindgen_futures::JsFuture;

/// The fragment's prefix before a match's link code.
pub(crate) const PREFIX: &str = "#r=";

/// The browser would not write to the clipboard.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CopyRefused;

/// Puts `text` on the clipboard.
///
/// # Errors
/// When the browser refuses (no permission, no clipboard).
pub async fn copy(text: &str) -> Result<(), CopyRefused> {
    let window = web_sys::window().ok_or(CopyRefused)?;
    let promise = window.navigator().clipboard().write_text(text);
    JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(|_| CopyRefused)
}

/// This page's address with `code` as the fragment.
pub fn link(code: &str) -> String {
    address_with(PREFIX, code)
}

/// This page's address with the fragment `prefix` and `code`.
pub(crate) fn address_with(prefix: &str, code: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let here = location
        .and_then(|l| {
            Some(format!(
                "{}{}{}",
                l.origin().ok()?,
                l.pathname().ok()?,
                l.search().ok()?
            ))
        })
        .unwrap_or_default();
    format!("{here}{prefix}{code}")
}

/// The link code in this page's address, if it has one (possibly empty).
pub(crate) fn fragment() -> Option<String> {
    fragment_of(PREFIX)
}

/// The code after `prefix` in this page's address, if it has one.
pub(crate) fn fragment_of(prefix: &str) -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix(prefix).map(str::to_string)
}

/// Whether the page's first script (index.html) took a link code longer
/// than [`MAX_CODE_CHARS`](crate::record::link::MAX_CODE_CHARS) off the
/// address before anything was fetched.
pub(crate) fn link_too_long() -> bool {
    crate::ui::shell::value("engardeLinkTooLong").is_some_and(|v| v.is_truthy())
}

/// Takes the fragment off the address (the review it opened was left).
pub(crate) fn clear_fragment() {
    clear_fragment_of(PREFIX);
}

/// Takes a fragment starting with `prefix` off the address.
pub(crate) fn clear_fragment_of(prefix: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if window
        .location()
        .hash()
        .is_ok_and(|h| h.starts_with(prefix))
    {
        let (path, search) = (window.location().pathname(), window.location().search());
        if let (Ok(history), Ok(path), Ok(search)) = (window.history(), path, search) {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("{path}{search}")),
            );
        }
    }
}
