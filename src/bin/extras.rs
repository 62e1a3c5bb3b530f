//! The page's extras (lessons, how to play, history, review), fetched after
//! the first screen: see `engarde::ui::extras`. `open` mounts them in the
//! element given, `close` takes them away.
#![forbid(unsafe_code)]
use std::cell::{Cell, RefCell};

use engarde::ui::extras::{view::Extras, view::ExtrasProps, Request};
use wasm_bindgen::prelude::*;
use yew::AppHandle;

thread_local! {
    static MOUNTED: RefCell<Option<AppHandle<Extras>>> = const { RefCell::new(None) };
    /// Counts opening and closing: a mount that waited for its texts is
    /// dropped if the page has moved on meanwhile.
    static TURN: Cell<u32> = const { Cell::new(0) };
}

/// Shows `request` (JSON, [`Request`]) in `root`; `on_leave` is called when
/// the person leaves.
///
/// # Errors
/// When the request does not read.
#[wasm_bindgen]
pub fn open(
    root: web_sys::Element,
    request: &str,
    on_leave: js_sys::Function,
) -> Result<(), JsValue> {
    let request: Request =
        serde_json::from_str(request).map_err(|e| JsValue::from_str(&e.to_string()))?;
    close();
    let turn = TURN.with(Cell::get);
    let lang = request.lang;
    let props = ExtrasProps {
        opened: request.opened,
        lang,
        on_leave: yew::Callback::from(move |()| {
            let _ = on_leave.call0(&JsValue::NULL);
        }),
    };
    yew::platform::spawn_local(async move {
        // This WebAssembly has its own texts: the page's are fetched again
        // (from the cache), and the extras' own.
        let _ = engarde::ui::i18n::fetch(lang).await;
        let _ = engarde::ui::i18n::fetch_extra(lang).await;
        if TURN.with(Cell::get) != turn {
            return;
        }
        let handle = yew::Renderer::<Extras>::with_root_and_props(root, props).render();
        MOUNTED.with(|m| *m.borrow_mut() = Some(handle));
    });
    Ok(())
}

/// Takes the extras away (the page moved on).
#[wasm_bindgen]
pub fn close() {
    TURN.with(|t| t.set(t.get() + 1));
    if let Some(handle) = MOUNTED.with(|m| m.borrow_mut().take()) {
        handle.destroy();
    }
}

fn main() {}
