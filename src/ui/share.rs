//! Sharing a match: a link that carries the whole record in its fragment
//! (`#r=…`, which browsers never send to a server), the record on the
//! clipboard, or as a file. The `Sharing` buttons serve the review.

use std::rc::Rc;

use wasm_bindgen_futures::JsFuture;
use yew::platform::spawn_local;
use yew::prelude::*;

use super::i18n::{use_extra_texts, use_texts};
use super::review::Reviewed;
use super::save;
use super::storage;

/// The fragment's prefix before a match's link code.
pub const PREFIX: &str = "#r=";

/// The browser would not write to the clipboard.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CopyRefused;

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
    format!("{here}{PREFIX}{code}")
}

/// The link code in this page's address, if it has one (possibly empty).
pub fn fragment() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix(PREFIX).map(str::to_string)
}

/// Takes the fragment off the address (the review it opened was left).
pub fn clear_fragment() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if window
        .location()
        .hash()
        .is_ok_and(|h| h.starts_with(PREFIX))
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

#[derive(Properties, PartialEq)]
pub struct SharingProps {
    pub reviewed: Rc<Reviewed>,
}

/// "Share link", "Copy record" and "Export record" for a finished match.
#[function_component]
pub fn Sharing(props: &SharingProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let said = use_state(|| None::<&'static str>);
    let shown = use_state(|| None::<String>);
    let r = props.reviewed.clone();
    let record = move || save::save_text(&r.game, r.human, r.level, r.help);
    let to_clipboard = {
        let said = said.clone();
        move |text: String, done: &'static str| {
            let said = said.clone();
            spawn_local(async move {
                said.set(Some(if copy(&text).await.is_ok() {
                    done
                } else {
                    t.copy_failed
                }));
            });
        }
    };
    let on_share = {
        let (reviewed, shown, to_clipboard) =
            (props.reviewed.clone(), shown.clone(), to_clipboard.clone());
        Callback::from(move |_| {
            let url = link(&reviewed.code());
            shown.set(Some(url.clone()));
            to_clipboard(url, x.link_copied);
        })
    };
    let on_copy = {
        let record = record.clone();
        Callback::from(move |_| to_clipboard(record(), t.copied))
    };
    let on_export = {
        let said = said.clone();
        Callback::from(move |_| {
            if storage::download("engarde-match.json", &record()).is_err() {
                said.set(Some(t.download_failed));
            }
        })
    };
    html! {
        <section class="sharing">
            <div class="buttons">
                <button onclick={on_share}>{ x.share_link }</button>
                <button onclick={on_copy}>{ t.copy_record }</button>
                <button onclick={on_export}>{ t.export }</button>
            </div>
            if let Some(url) = &*shown {
                <label class="link-field">{ x.link_label }
                    <input type="url" readonly=true value={url.clone()}
                        onfocus={Callback::from(|e: FocusEvent| {
                            if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() { i.select(); }
                        })} />
                </label>
            }
            <p class="said" aria-live="polite">{ said.unwrap_or_default() }</p>
        </section>
    }
}
