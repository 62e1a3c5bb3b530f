//! The friend's messages for a held match, taken in one at a time in the
//! order they came (by link, from another tab, over the channel), each
//! through the proofs' worker ([`crate::ui::friend::proofs`]); while one
//! is, the board says it is being checked.

use js_sys::Promise;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

use super::session::{held, tell, with};
use crate::ui::friend::{proofs, Problem};

/// What is done once a message is taken in, with what went wrong.
pub(crate) type Then = Box<dyn FnOnce(Option<Problem>)>;

/// Takes the friend's message `code` into the held match `id` after those
/// that came before it; `then` hears what went wrong, if anything.
pub(super) fn take(id: &str, code: String, then: Then) {
    if held(id).is_none() {
        then(Some(Problem::NotHeld));
        return;
    }
    let first = with(id, |s| {
        s.inbox.push_back((code, then));
        !std::mem::replace(&mut s.checking, true)
    });
    if first == Some(true) {
        yew::platform::spawn_local(drain(id.to_string()));
    }
}

/// As [`take`], waiting for it: what went wrong, if anything.
pub(super) async fn taken(id: &str, code: String) -> Option<Problem> {
    let answer = std::rc::Rc::new(std::cell::Cell::new(None));
    let mut settle = None;
    let done = Promise::new(&mut |resolve, _| settle = Some(resolve));
    let settle = settle?;
    let heard = answer.clone();
    take(
        id,
        code,
        Box::new(move |p| {
            heard.set(p);
            let _ = settle.call0(&JsValue::NULL);
        }),
    );
    let _ = JsFuture::from(done).await;
    answer.take()
}

/// Takes in the waiting messages, in turn (a match no longer held here,
/// removed meanwhile, says so).
async fn drain(id: String) {
    tell(&id, None);
    while let Some((code, then)) = with(&id, |s| s.inbox.pop_front()).flatten() {
        let problem = match held(&id) {
            Some(held) => proofs::take(&held, &code).await,
            None => Some(Problem::NotHeld),
        };
        then(problem);
    }
    with(&id, |s| s.checking = false);
    tell(&id, None);
}
