//! The draw pile's count, the top of the discard (the cards last played) and
//! the special card in force (Duel, S1–S8).

use yew::prelude::*;

use crate::engine::{Card, Special};

use super::catalog;

#[derive(Properties, PartialEq)]
pub struct PileProps {
    pub pile: u8,
    /// The cards of the last action, and who played it, in words.
    pub last: Option<(Vec<Card>, String)>,
    pub special: Option<Special>,
}

#[function_component]
pub fn Piles(props: &PileProps) -> Html {
    let last = props.last.as_ref().map(|(cards, words)| {
        html! {
            <div class="discard">
                <span class="label">{ catalog::DISCARD }</span>
                <ul class="cards" aria-label={catalog::DISCARD}>
                    { for cards.iter().map(|c| html! { <li class={classes!("card", "small", format!("v{}", c.value()))}>{ c.value() }</li> }) }
                </ul>
                <span class="words">{ words }</span>
            </div>
        }
    });
    let special = props.special.map(|s| {
        html! {
            <div class="special" title={catalog::special_help(s)}>
                <span class="label">{ catalog::SPECIAL }</span>
                <strong>{ catalog::special(s) }</strong>
                <span class="words">{ catalog::special_help(s) }</span>
            </div>
        }
    });
    html! {
        <section class="piles">
            <div class="draw-pile">
                <span class="label">{ catalog::DRAW_PILE }</span>
                <span class="stack" aria-hidden="true"></span>
                <strong aria-label={catalog::DRAW_PILE}>{ props.pile }</strong>
            </div>
            { for last }
            { for special }
        </section>
    }
}
