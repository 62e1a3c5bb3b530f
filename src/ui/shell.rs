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
