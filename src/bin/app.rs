//! The browser entry. The loading note of index.html is the page's shell: it
//! says what the page is while the WebAssembly loads. The app mounts in a task
//! after the note has been painted (so the start-up work is not one long task
//! and the note is seen) and once the person's language is at hand (every
//! language is data, `web/loading.js` having asked for it early; should it
//! not come, English; should neither, the note says the game cannot start),
//! and then removes the note.
#![forbid(unsafe_code)]
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use engarde::ui::i18n::{self, is_ready, Lang};
use engarde::ui::storage;
use wasm_bindgen::{closure::Closure, JsCast};
use yew::platform::{spawn_local, time::sleep};

/// A module built for size (index.html) allocates with talc, smaller than
/// the default (dlmalloc); the workers built for speed keep the default.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// How long the page waits for the person's language before starting in
/// English.
const LANGUAGE_PATIENCE: Duration = Duration::from_secs(3);

/// Mounts the app if it is not mounted yet and its language is here (or,
/// with `anyway`, could not be had: then the page speaks English).
fn mount(mounted: &Cell<bool>, anyway: bool) {
    let ready = is_ready(storage::lang()) || (anyway && is_ready(Lang::En));
    if !ready || mounted.replace(true) {
        return;
    }
    // A fault from the first render on is said in the page's language.
    let lang = Some(storage::lang())
        .filter(|&l| is_ready(l))
        .unwrap_or_default();
    engarde::ui::page::fault::words(lang.texts());
    if let Some(note) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        note.remove();
    }
    match web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
    {
        Some(root) => yew::Renderer::<engarde::ui::App>::with_root(root).render(),
        None => yew::Renderer::<engarde::ui::App>::new().render(),
    };
}

/// Runs `f` at the next animation frame (if one can be asked for).
fn next_frame(f: impl FnOnce() + 'static) {
    let f = Closure::once_into_js(f);
    if let Some(w) = web_sys::window() {
        let _ = w.request_animation_frame(f.unchecked_ref());
    }
}

/// Mounts after `delay`, in a task of its own.
fn mount_after(delay: Duration, mounted: Rc<Cell<bool>>) {
    spawn_local(async move {
        sleep(delay).await;
        mount(&mounted, false);
    });
}

/// No words at all could be had: the loading note says the game cannot
/// start (web/loading.js hears the error).
fn cannot_start() {
    if let (Some(w), Ok(e)) = (web_sys::window(), web_sys::Event::new("error")) {
        let _ = w.dispatch_event(&e);
    }
}

fn main() {
    engarde::ui::page::fault::install();
    // The rest in a task of its own: the WebAssembly's compile and start
    // are one task already.
    spawn_local(async {
        sleep(Duration::ZERO).await;
        start().await;
    });
}

/// Reads the save (its reader is fetched only when there is one), asks for
/// the language and mounts the app once it is here. A save that cannot be
/// read for want of its reader is a page that cannot start: never a fresh
/// match shown in its place.
async fn start() {
    if engarde::ui::page::read_ahead().await.is_err() {
        web_sys::console::warn_1(&"the match reader could not be fetched".into());
        cannot_start();
        return;
    }
    let mounted = Rc::new(Cell::new(false));
    // The person's language: mounts once it is here, or in English should
    // it not come.
    let lang = storage::lang();
    let m = mounted.clone();
    spawn_local(async move {
        if let Err(e) = i18n::fetch(lang).await {
            web_sys::console::warn_1(
                &format!("the {} texts could not be fetched: {e:?}", lang.code()).into(),
            );
            if i18n::fetch(Lang::En).await.is_err() {
                cannot_start();
                return;
            }
        }
        sleep(Duration::ZERO).await;
        mount(&m, true);
    });
    // Should the person's language be slow, English after a while (the app
    // switches to the person's when it comes).
    let m = mounted.clone();
    spawn_local(async move {
        sleep(LANGUAGE_PATIENCE).await;
        if !m.get() && i18n::fetch(Lang::En).await.is_ok() {
            mount(&m, true);
        }
    });
    // Two animation frames, then a task: by then the note's paint is on screen.
    let m = mounted.clone();
    next_frame(move || next_frame(move || mount_after(Duration::ZERO, m)));
    // Frames wait while the tab is hidden: the app does not wait for them long.
    mount_after(Duration::from_millis(200), mounted);
}
