//! What the page's shell (`index.html`, `web/*.js`) puts on `window` for the
//! app: values it set before the app started, and functions the app calls
//! (show a fault, keep a history line, announce an update). One place asks
//! for them by name.

pub(crate) mod share;
pub(crate) mod theme;
pub mod update;

use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// The shell's value `window[name]`, if it set one.
pub(crate) fn value(name: &str) -> Option<JsValue> {
    let window = web_sys::window()?;
    Reflect::get(&window, &name.into())
        .ok()
        .filter(|v| !v.is_undefined())
}

/// Calls the shell's function `window[name]` with `args`; false if there is
/// none, or it threw.
pub(crate) fn call(name: &str, args: &[JsValue]) -> bool {
    ask(name, args).is_some()
}

/// What the shell's function `window[name]` returns for `args`; `None` if
/// there is none, or it threw.
pub(crate) fn ask(name: &str, args: &[JsValue]) -> Option<JsValue> {
    let f = value(name)?.dyn_into::<Function>().ok()?;
    let args: js_sys::Array = args.iter().collect();
    f.apply(&JsValue::NULL, &args).ok()
}

/// Keeps a time where the end-to-end tests can read it (`window[key]`, a
/// list of `[label, milliseconds]`): the computer's think times
/// (`__engardeThinkMs`, by level), the hints' (`__engardeHintMs`), a
/// friend's link opened (`__engardeFriendMs`); and that an analysis' verdict
/// came after its stop and was dropped (`__engardeAnalysisDropped`, 0 ms).
pub(crate) fn note_time(key: &str, label: &str, millis: f64) {
    // (No page natively: nothing to note.)
    if !cfg!(target_arch = "wasm32") {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = JsValue::from_str(key);
    let list = match js_sys::Reflect::get(&window, &key).map(JsCast::dyn_into::<js_sys::Array>) {
        Ok(Ok(list)) => list,
        _ => {
            let list = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&window, &key, &list);
            list
        }
    };
    list.push(&js_sys::Array::of2(&label.into(), &millis.into()));
}

/// A seed for a deal or a search: from the platform's cryptographic random
/// source (Web Crypto's `getRandomValues` in the browser, via `getrandom`),
/// so that a deal between two people is fair beyond doubt. Browsers that run
/// WebAssembly all have it; should it ever fail, the clock seeds instead.
pub(crate) fn seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| {
        web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    })
}

/// Runs `f` in a task of its own, after the current one (a zero timeout):
/// work the first screen does not need is kept out of the task that shows
/// it, so no one task blocks the page long (docs/APP.md, first visit).
pub(crate) fn later(f: impl FnOnce() + 'static) {
    yew::platform::spawn_local(async move {
        yew::platform::time::sleep(std::time::Duration::ZERO).await;
        f();
    });
}

/// A moment (milliseconds since 1970) as the browser writes it in the
/// language `lang` (a BCP 47 code): the day, and the time if `time`.
pub(crate) fn local_date(millis: u64, lang: &str, time: bool) -> String {
    let d = js_sys::Date::new(&(millis as f64).into());
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
    if time {
        let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
    }
    d.to_locale_string(lang, &options).into()
}
