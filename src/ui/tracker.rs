//! The card tracker: cards of each value not in your hand and not yet played
//! this round (the opponent's hand and the draw pile together), R9.

use yew::prelude::*;

use crate::engine::{Card, Hand};

use super::catalog;

#[derive(Properties, PartialEq)]
pub struct TrackerProps {
    pub unseen: Hand,
    pub shown: bool,
    pub on_toggle: Callback<()>,
}

#[function_component]
pub fn CardTracker(props: &TrackerProps) -> Html {
    let on_toggle = props.on_toggle.clone();
    let onclick = Callback::from(move |_| on_toggle.emit(()));
    let label = if props.shown {
        catalog::HIDE_TRACKER
    } else {
        catalog::SHOW_TRACKER
    };
    let rows = Card::ALL.into_iter().map(|c| {
        let n = props.unseen.count(c);
        html! {
            <li class={classes!(format!("v{}", c.value()), (n == 0).then_some("none"))}>
                <span class="value">{ c.value() }</span>
                <span class="count" aria-label={catalog::unseen(n, c)}>{ "×" }{ n }</span>
            </li>
        }
    });
    html! {
        <section class="tracker" title={catalog::TRACKER_HELP}>
            <button class="link" aria-expanded={props.shown.to_string()} {onclick}>{ label }</button>
            if props.shown {
                <ol class="unseen" aria-label={catalog::TRACKER}>{ for rows }</ol>
            }
        </section>
    }
}
