//! How the extras show themselves, each with its own root component: `open`
//! mounts it in an element, `close` takes it away. The page's extras call
//! them from their split-off module (`host.rs`); friend play exports them
//! (`src/bin/friends.rs`).

use std::cell::RefCell;

use wasm_bindgen::JsValue;
use yew::BaseComponent;

use super::view::ExtrasProps;
use super::{Back, Request};

/// What is open in one element.
struct Shown {
    root: String,
    /// Counts opening and closing there: a mount that waited for its texts
    /// is dropped if the page has moved on meanwhile.
    turn: u32,
    /// Unmounts it.
    destroy: Option<Box<dyn FnOnce()>>,
}

thread_local! {
    static SHOWN: RefCell<Vec<Shown>> = const { RefCell::new(Vec::new()) };
}

/// The element's turn, after `f` has had its entry.
fn with_shown<T>(root: &str, f: impl FnOnce(&mut Shown) -> T) -> T {
    SHOWN.with(|s| {
        let mut s = s.borrow_mut();
        let at = match s.iter().position(|x| x.root == root) {
            Some(at) => at,
            None => {
                s.push(Shown {
                    root: root.to_string(),
                    turn: 0,
                    destroy: None,
                });
                s.len() - 1
            }
        };
        f(&mut s[at])
    })
}

/// Shows `request` (JSON, [`Request`]) in `root` with the component `C`;
/// `on_back` hears each [`Back`] (JSON): the person left, a shared link
/// does not open, the form's choices.
///
/// # Errors
/// When the request does not read.
pub fn open<C: BaseComponent<Properties = ExtrasProps>>(
    root: web_sys::Element,
    request: &str,
    on_back: js_sys::Function,
) -> Result<(), JsValue> {
    let request: Request =
        serde_json::from_str(request).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let id = root.id();
    close(&id);
    let turn = with_shown(&id, |s| s.turn);
    let lang = request.lang;
    let props = ExtrasProps {
        opened: request.opened,
        lang,
        in_progress: request.in_progress,
        on_back: yew::Callback::from(move |back: Back| {
            let text = serde_json::to_string(&back).unwrap_or_default();
            let _ = on_back.call1(&JsValue::NULL, &JsValue::from_str(&text));
        }),
    };
    yew::platform::spawn_local(async move {
        // This WebAssembly has its own texts: the page's are fetched again
        // (from the cache), and the extras' own.
        let i18n = |l| async move {
            crate::ui::i18n::fetch(l).await?;
            crate::ui::i18n::fetch_extra(l).await
        };
        if i18n(lang).await.is_err() {
            let _ = i18n(crate::ui::i18n::Lang::En).await;
        }
        if with_shown(&id, |s| s.turn) != turn {
            return;
        }
        let handle = yew::Renderer::<C>::with_root_and_props(root, props).render();
        with_shown(&id, |s| {
            s.destroy = Some(Box::new(move || handle.destroy()))
        });
    });
    Ok(())
}

/// Takes away what is shown in the element `root` (the page moved on).
pub fn close(root: &str) {
    let destroy = with_shown(root, |s| {
        s.turn += 1;
        s.destroy.take()
    });
    if let Some(destroy) = destroy {
        destroy();
    }
}
