//! The page's side of the extras, on first use: the lessons, guide,
//! history, review, puzzles and forms are a part of the page's own
//! WebAssembly split off into a module of its own (`wasm_split`, fetched
//! when first opened: see web/build-app.mjs); friend play is `friends.js`,
//! fetched through `window.engardeExtras` (web/loading.js), which also
//! fetches the extras' stylesheets. Either mounts what is asked in its
//! element (`#extras` instead of the table, `#dialog` over it), beside the
//! page's own tree, and unmounts it when the page moves on.

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::platform::spawn_local;
use yew::prelude::*;

use super::{Back, Opened, Request};
use crate::ui::i18n::{use_texts, Lang};

#[derive(Properties, PartialEq)]
pub(crate) struct HostProps {
    pub opened: Opened,
    /// The language they open in (the form may change it: it says so).
    pub lang: Lang,
    /// A match is in progress (see [`Request::in_progress`]).
    #[prop_or_default]
    pub in_progress: bool,
    /// What the extras say back.
    pub on_back: Callback<Back>,
}

/// Why the extras did not open.
#[derive(Debug)]
enum Unopened {
    /// Their module, or a stylesheet, could not be fetched or started.
    Fetch,
    /// They did not take the request.
    Refused,
}

#[cfg(feature = "split")]
impl From<wasm_split_helpers::SplitLoaderError> for Unopened {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        Unopened::Fetch
    }
}

impl From<JsValue> for Unopened {
    fn from(_: JsValue) -> Self {
        Unopened::Fetch
    }
}

split_point!(
    extras,
    /// Shows `request` in `root` (the extras' module, fetched the first time).
    fn open_extras(
        root: web_sys::Element,
        request: String,
        on_back: Function,
    ) -> Result<(), Unopened> {
        super::entry::open::<super::view::Extras>(root, &request, on_back)
            .map_err(|_| Unopened::Refused)
    }
);

split_point!(
    puzzles,
    /// Shows the puzzles in `root` (a module of their own: the other extras
    /// are not fetched for them).
    fn open_puzzles(
        root: web_sys::Element,
        request: String,
        on_back: Function,
    ) -> Result<(), Unopened> {
        super::entry::open::<super::puzzles::PuzzlesExtras>(root, &request, on_back)
            .map_err(|_| Unopened::Refused)
    }
);

/// What `part` ([`Opened::part`]) needs from web/loading.js, once fetched
/// and started: the extras' stylesheets, and friend play's exports (`open`,
/// `close`; the extras' module needs none).
async fn fetched(part: &str) -> Result<JsValue, JsValue> {
    let load: Function = crate::ui::shell::value("engardeExtras")
        .ok_or(JsValue::NULL)?
        .dyn_into()?;
    let started: Promise = load.call1(&JsValue::NULL, &part.into())?.dyn_into()?;
    JsFuture::from(started).await
}

fn call(exports: &JsValue, name: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
    let f: Function = Reflect::get(exports, &name.into())?.dyn_into()?;
    let args: js_sys::Array = args.iter().copied().collect();
    f.apply(exports, &args)
}

/// Opens `opened` in `element` with the request `text`.
async fn open(
    opened: &Opened,
    element: web_sys::Element,
    text: String,
    on_back: &Function,
) -> Result<(), Unopened> {
    let exports = fetched(opened.part()).await?;
    match opened {
        Opened::Friends { .. } => {
            call(&exports, "open", &[&element, &text.into(), on_back])?;
        }
        Opened::Puzzles => open_puzzles(element, text, on_back.clone()).await?,
        _ => open_extras(element, text, on_back.clone()).await?,
    }
    Ok(())
}

/// Closes what `part` shows in `root` (the split-off extras keep what they
/// show beside the page's own: `entry::close` needs no module fetched).
fn close(part: &'static str, root: &'static str) {
    if part != "friends" {
        super::entry::close(root);
        return;
    }
    spawn_local(async move {
        if let Ok(x) = fetched(part).await {
            let _ = call(&x, "close", &[&root.into()]);
        }
    });
}

#[function_component]
pub(crate) fn ExtrasHost(props: &HostProps) -> Html {
    let t = use_texts();
    // None while fetching; then whether the extras could be opened.
    let opened = use_state(|| None::<bool>);
    let root = props.opened.root();
    let part = props.opened.part();
    {
        let (shown, back) = (opened.clone(), props.on_back.clone());
        let (lang, in_progress) = (props.lang, props.in_progress);
        use_effect_with(props.opened.clone(), move |opened| {
            let request = Request {
                opened: opened.clone(),
                lang,
                in_progress,
            };
            let text = serde_json::to_string(&request).unwrap_or_default();
            let which = opened.clone();
            spawn_local(async move {
                let element = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id(root));
                let on_back = Closure::<dyn Fn(JsValue)>::new(move |said: JsValue| {
                    let heard = said.as_string().and_then(|s| serde_json::from_str(&s).ok());
                    back.emit(heard.unwrap_or(Back::Left));
                });
                let opened = match element {
                    Some(element) => open(&which, element, text, on_back.as_ref().unchecked_ref())
                        .await
                        .is_ok(),
                    None => false,
                };
                // The extras keep the function for as long as they are open.
                on_back.forget();
                shown.set(Some(opened));
            });
            move || close(part, root)
        });
    }
    let dialog = root == "dialog";
    match *opened {
        // The extras show themselves in their element.
        Some(true) => html! {},
        Some(false) if dialog => html! {
            <div class="notice" role="alert">
                <p>{ t.cannot_start }</p>
                <button onclick={props.on_back.reform(|_| Back::Left)}>{ t.dismiss }</button>
            </div>
        },
        Some(false) => html! {
            <main class="table extras-loading" data-moment="extras-failed">
                <p role="alert">{ t.cannot_start }</p>
            </main>
        },
        None if dialog => html! { <p class="visually-hidden" role="status">{ t.loading }</p> },
        None => html! {
            <main class="table extras-loading" data-moment="loading" aria-busy="true">
                <p role="status">{ t.loading }</p>
            </main>
        },
    }
}
