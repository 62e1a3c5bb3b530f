//! The keyboard keeps its place: when the control that had focus leaves
//! the screen (an action played, the bar re-mounted for the next moment),
//! focus goes to the first action the person can take, or to the status
//! line while there is none, never to the page's body.

use wasm_bindgen::JsCast;
use web_sys::{FocusOptions, HtmlElement};
use yew::prelude::*;

/// The first action offered inside `container` (or the next step marked
/// `data-next`, such as a friend's "Copy link"), else its status line.
const FIRST_ACTION: &str = ".action-bar .action:not([disabled]), [data-next]";
const STATUS: &str = "[role=status]";

/// After every render of the component holding `container`: focus that was
/// lost (on the body, or parked on the status line) moves to the first
/// action, or parks on the status line (`tabindex="-1"`) without scrolling.
#[hook]
pub(crate) fn use_focus_kept(container: NodeRef) {
    use_effect(move || {
        keep(&container);
    });
}

fn keep(container: &NodeRef) -> Option<()> {
    let root = container.cast::<web_sys::Element>()?;
    let document = web_sys::window()?.document()?;
    let parked = root.query_selector(STATUS).ok().flatten();
    let active = document.active_element();
    let lost = match &active {
        None => true,
        Some(a) => {
            document.body().is_some_and(|b| b.is_same_node(Some(a)))
                || parked.as_ref().is_some_and(|p| p.is_same_node(Some(a)))
        }
    };
    if !lost {
        return None;
    }
    let first = root.query_selector(FIRST_ACTION).ok().flatten();
    let target: HtmlElement = first.or(parked)?.dyn_into().ok()?;
    if active
        .as_ref()
        .is_some_and(|a| a.is_same_node(Some(&target)))
    {
        return None;
    }
    let options = FocusOptions::new();
    options.set_prevent_scroll(true);
    target.focus_with_options(&options).ok()
}
