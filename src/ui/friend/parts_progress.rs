//! Parts of a friend's message received, not all yet: which are in and
//! which are missing, what to do meanwhile, and a way to discard them.

use yew::prelude::*;

use crate::friend::parts::Progress;
use crate::ui::i18n::use_extra_texts;

#[derive(Properties, PartialEq)]
pub(crate) struct PartsProgressProps {
    pub progress: Progress,
    /// The parts received are discarded.
    pub on_discard: Callback<()>,
}

#[function_component]
pub(crate) fn PartsProgress(props: &PartsProgressProps) -> Html {
    let x = use_extra_texts();
    let missing = props
        .progress
        .missing()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <section class="friend-parts" data-missing={missing}>
            <p role="status">{ x.friend_parts_said(&props.progress) }</p>
            <p>{ x.friend_parts_open_rest }</p>
            <div class="buttons">
                <button onclick={props.on_discard.reform(|_| ())}>{ x.friend_parts_discard }</button>
            </div>
        </section>
    }
}
