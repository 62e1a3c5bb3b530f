//! The page's side of the extras: fetches `extras.js` on first use (through
//! `window.engardeExtras`, web/loading.js), mounts the extras in `#extras`,
//! beside the page's own tree, and unmounts them when the page moves on.

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::platform::spawn_local;
use yew::prelude::*;

use super::{Opened, Request};
use crate::ui::i18n::{use_texts, Lang};

#[derive(Properties, PartialEq)]
pub struct HostProps {
    pub opened: Opened,
    pub lang: Lang,
    /// The person left the extras.
    pub on_leave: Callback<()>,
}

/// The extras' exports (`open`, `close`), once fetched and started.
async fn extras() -> Result<JsValue, JsValue> {
    let window = web_sys::window().ok_or(JsValue::NULL)?;
    let load: Function = Reflect::get(&window, &"engardeExtras".into())?.dyn_into()?;
    let started: Promise = load.call0(&JsValue::NULL)?.dyn_into()?;
    JsFuture::from(started).await
}

fn call(exports: &JsValue, name: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
    let f: Function = Reflect::get(exports, &name.into())?.dyn_into()?;
    let args: js_sys::Array = args.iter().copied().collect();
    f.apply(exports, &args)
}

/// Closes the extras if they were fetched.
fn close() {
    spawn_local(async {
        if let Ok(x) = extras().await {
            let _ = call(&x, "close", &[]);
        }
    });
}

#[function_component]
pub fn ExtrasHost(props: &HostProps) -> Html {
    let t = use_texts();
    // None while fetching; then whether the extras could be opened.
    let opened = use_state(|| None::<bool>);
    {
        let (shown, leave) = (opened.clone(), props.on_leave.clone());
        let request = Request {
            opened: props.opened.clone(),
            lang: props.lang,
        };
        use_effect_with(request, move |request| {
            let text = serde_json::to_string(request).unwrap_or_default();
            spawn_local(async move {
                let root = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id("extras"));
                let on_leave = Closure::<dyn Fn()>::new(move || leave.emit(()));
                let opened = match (extras().await, root) {
                    (Ok(x), Some(root)) => {
                        call(&x, "open", &[&root, &text.into(), on_leave.as_ref()]).is_ok()
                    }
                    _ => false,
                };
                // The extras keep the function for as long as they are open.
                on_leave.forget();
                shown.set(Some(opened));
            });
            close
        });
    }
    match *opened {
        // The extras show themselves in #extras.
        Some(true) => html! {},
        Some(false) => html! {
            <main class="table extras-loading" data-moment="extras-failed">
                <p role="alert">{ t.cannot_start }</p>
            </main>
        },
        None => html! {
            <main class="table extras-loading" data-moment="loading" aria-busy="true">
                <p role="status">{ t.loading }</p>
            </main>
        },
    }
}
