//! The friend's messages for a held match, taken in one at a time in the
//! order they came (by link, from another tab, over the channel): the
//! session's step keeps the order ([`super::step`]); here each is checked
//! through the proofs' worker ([`crate::ui::friend::proofs`]), and a
//! link's arrival waits for its answer.

use js_sys::Promise;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

use super::event::{Arrival, Dispatch, Event};
use super::session::{change, held, wait, waiter};
use crate::ui::friend::arrival::Problem;
use crate::ui::friend::proofs;

/// Takes message `code` into the held match `id`, its proofs checked; the
/// session hears what went wrong (a match not held here says so).
pub(super) fn check(id: &str, code: String, dispatch: Dispatch) {
    let id = id.to_string();
    yew::platform::spawn_local(async move {
        let problem = match held(&id) {
            Some(m) => {
                let checked = proofs::check(m, code).await;
                change(&id, |m| proofs::receive(m, checked)).unwrap_or(Some(Problem::NotHeld))
            }
            None => Some(Problem::NotHeld),
        };
        dispatch(&id, Event::Checked(problem));
    });
}

/// The link's waiter `waiter` hears what went wrong, if anything.
pub(super) fn answer(n: u32, problem: Option<Problem>) {
    if let Some(then) = waiter(n) {
        then(problem);
    }
}

/// Takes a link's message `code` into the held match `id` after those that
/// came before it, waiting for it: what went wrong, if anything.
pub(super) async fn received(id: &str, code: String, dispatch: Dispatch) -> Option<Problem> {
    let answer = std::rc::Rc::new(std::cell::Cell::new(None));
    let mut settle = None;
    let done = Promise::new(&mut |resolve, _| settle = Some(resolve));
    let settle = settle?;
    let heard = answer.clone();
    let then: super::session::Waiter = Box::new(move |p| {
        heard.set(p);
        let _ = settle.call0(&JsValue::NULL);
    });
    if held(id).is_none() {
        return Some(Problem::NotHeld);
    }
    let waiter = wait(then);
    dispatch(
        id,
        Event::Arrived {
            code,
            from: Arrival::Link(waiter),
        },
    );
    let _ = JsFuture::from(done).await;
    answer.take()
}
