//! What the page's shell (`index.html`, `web/*.js`) puts on `window` for the
//! app: values it set before the app started, and functions the app calls
//! (show a fault, keep a history line, announce an update). One place asks
//! for them by name.

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
    value(name)
        .and_then(|f| f.dyn_into::<Function>().ok())
        .is_some_and(|f| {
            let args: js_sys::Array = args.iter().collect();
            f.apply(&JsValue::NULL, &args).is_ok()
        })
}

/// Keeps a time where the end-to-end tests can read it (`window[key]`, a
/// list of `[label, milliseconds]`): the computer's think times
/// (`__engardeThinkMs`, by level), the hints' (`__engardeHintMs`), a
/// friend's link opened (`__engardeFriendMs`).
pub(crate) fn note_time(key: &str, label: &str, millis: f64) {
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
