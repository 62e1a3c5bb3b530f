//! The card tracker: cards of each value not in your hand and not yet played
//! this round (the opponent's hand and the draw pile together), R9.

use yew::prelude::*;

use crate::engine::{Card, Hand};

use crate::ui::i18n::use_texts;

#[derive(Properties, PartialEq)]
pub(crate) struct TrackerProps {
    pub unseen: Hand,
    pub shown: bool,
    pub on_toggle: Callback<()>,
}

#[function_component]
pub(crate) fn CardTracker(props: &TrackerProps) -> Html {
    let t = use_texts();
    let on_toggle = props.on_toggle.clone();
    let onclick = Callback::from(move |_| on_toggle.emit(()));
    let label = if props.shown {
        t.hide_tracker
    } else {
        t.show_tracker
    };
    let rows = Card::ALL.into_iter().map(|c| {
        let n = props.unseen.count(c);
        html! {
            <li class={classes!(format!("v{}", c.value()), (n == 0).then_some("none"))}>
                <span class="value">{ c.value() }</span>
                <span class="count" aria-label={t.unseen(n, c)}>{ "×" }{ n }</span>
            </li>
        }
    });
    html! {
        <section class="tracker" title={t.tracker_help}>
            if props.shown {
                <h3 class="label" id="tracker-title">{ t.tracker }</h3>
                <ol class="unseen" aria-labelledby="tracker-title">{ for rows }</ol>
            }
            <button class="link" aria-expanded={props.shown.to_string()} {onclick}>{ label }</button>
        </section>
    }
}
