//! One owner per match: of the page's tabs (windows, the installed app), the
//! one that opened or took over the match last saves it; another that hears
//! so (the `storage` event) stops saving, says the match goes on elsewhere
//! and offers to take it back. History writes merge: an entry one tab added
//! and another's write dropped is added again.

use std::cell::RefCell;

use wasm_bindgen::{closure::Closure, JsCast};
use yew::prelude::*;

use super::history::store;
use super::save::{HISTORY_KEY, OWNER_KEY};
use super::storage;

thread_local! {
    /// This tab's name among the page's tabs (random, for the page's life).
    static TAB: String = format!("{:016x}", crate::ui::page::seed());
}

fn tab() -> String {
    TAB.with(Clone::clone)
}

/// This tab takes the match over: the others stop saving it.
pub(crate) fn claim() {
    let _ = storage::set(OWNER_KEY, &tab());
}

/// Whether this tab may save the match (no tab has claimed it, or this one).
pub(crate) fn owns() -> bool {
    storage::get(OWNER_KEY).is_none_or(|owner| owner == tab())
}

/// What hears the other tabs' writes.
type Listener = Closure<dyn Fn(web_sys::StorageEvent)>;

thread_local! {
    /// The listener, kept while the page lives.
    static HEARD: RefCell<Option<Listener>> = const { RefCell::new(None) };
}

/// Claims the match when the page opens, and calls `on_lost` whenever
/// another tab takes it over.
#[hook]
pub(crate) fn use_owner(on_lost: Callback<()>) {
    use_effect_with((), move |()| {
        claim();
        let heard =
            Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |e: web_sys::StorageEvent| match e
                .key()
                .as_deref()
            {
                Some(OWNER_KEY) if e.new_value().is_some_and(|o| o != tab()) => {
                    on_lost.emit(());
                }
                Some(HISTORY_KEY) => store::merge_ours(e.new_value().as_deref()),
                _ => {}
            });
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("storage", heard.as_ref().unchecked_ref());
        }
        HEARD.with(|h| *h.borrow_mut() = Some(heard));
    });
}
