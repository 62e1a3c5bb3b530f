//! Stepping through the review: first, previous, next, last, a slider, and
//! the ← → Home End keys wherever the focus is.

use wasm_bindgen::{closure::Closure, JsCast};
use yew::prelude::*;

use crate::ui::i18n::use_extra_texts;

#[derive(Properties, PartialEq)]
pub(crate) struct StepperProps {
    /// The step shown, and the last one.
    pub at: usize,
    pub last: usize,
    pub on_go: Callback<usize>,
}

#[function_component]
pub(crate) fn Stepper(props: &StepperProps) -> Html {
    let x = use_extra_texts();
    let (i, last) = (props.at, props.last);
    use_step_keys(i, last, props.on_go.clone());
    let on_slider = props.on_go.reform(|e: InputEvent| {
        e.target_dyn_into::<web_sys::HtmlInputElement>()
            .and_then(|input| input.value().parse().ok())
            .unwrap_or(0)
    });
    // First, previous, next, last: drawn (not every font has ⏮ ⏭).
    let moves = [
        (0, x.review_moves[0], "M5 3v10M13 3 7 8l6 5z"),
        (i.saturating_sub(1), x.review_moves[1], "M11 3 5 8l6 5z"),
        ((i + 1).min(last), x.review_moves[2], "M5 3l6 5-6 5z"),
        (last, x.review_moves[3], "M11 3v10M3 3l6 5-6 5z"),
    ];
    html! {
        <div class="review-moves" role="group" aria-label={x.review_heading}>
            { for moves.iter().map(|&(to, name, path)| html! {
                <button aria-label={name} title={name} disabled={to == i}
                    onclick={props.on_go.reform(move |_| to)}>
                    <svg viewBox="0 0 16 16" aria-hidden="true"><path d={path} /></svg>
                </button>
            }) }
            <input type="range" min="0" max={last.to_string()} value={i.to_string()}
                aria-label={x.review_slider} oninput={on_slider} />
        </div>
    }
}

/// ← → Home End step through the match wherever the focus is (a button
/// that went away leaves it on the page), except in the slider, which moves
/// by those keys itself.
#[hook]
fn use_step_keys(i: usize, last: usize, go: Callback<usize>) {
    use_effect_with((i, last), move |&(i, last)| {
        let on_key = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            let in_slider = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .is_some();
            let to = match e.key().as_str() {
                _ if in_slider || e.alt_key() || e.ctrl_key() || e.meta_key() => return,
                "ArrowLeft" => i.saturating_sub(1),
                "ArrowRight" => (i + 1).min(last),
                "Home" => 0,
                "End" => last,
                _ => return,
            };
            e.prevent_default();
            go.emit(to);
        });
        let window = web_sys::window();
        if let Some(w) = &window {
            let _ = w.add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref());
        }
        move || {
            if let Some(w) = window {
                let _ = w.remove_event_listener_with_callback(
                    "keydown",
                    on_key.as_ref().unchecked_ref(),
                );
            }
        }
    });
}
