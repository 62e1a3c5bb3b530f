//! Friend play's screens, fetched on first use apart from the other
//! extras (which show a finished friend match's review): see
//! `engarde::ui::extras`.
//! `open` mounts them in the element given, `close` takes them away;
//! `serve_proofs` serves friend play's proofs worker from the same module.
#![forbid(unsafe_code)]

use engarde::ui::extras::{entry, friends::FriendsExtras};
use wasm_bindgen::prelude::*;

/// A module built for size (index.html) allocates with talc, smaller than
/// the default (dlmalloc); the workers built for speed keep the default.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Shows `request` (JSON) in `root`; `on_back` hears what the person did.
///
/// # Errors
/// When the request does not read.
#[wasm_bindgen]
pub fn open(
    root: web_sys::Element,
    request: &str,
    on_back: js_sys::Function,
) -> Result<(), JsValue> {
    entry::open::<FriendsExtras>(root, request, on_back)
}

/// In friend play's proofs worker: takes the friend's messages in, their
/// shuffle arguments and tokens checked, the next deck proven
/// (`engarde::ui::friend::proofs`).
#[wasm_bindgen]
pub fn serve_proofs() {
    engarde::ui::friend::proofs::serve();
}

/// Takes away what is shown in the element `root` (the page moved on).
#[wasm_bindgen]
pub fn close(root: &str) {
    entry::close(root);
}

fn main() {}
