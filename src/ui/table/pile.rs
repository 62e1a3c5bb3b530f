//! The draw pile's count, the top of the discard (the cards last played) and
//! the special card in force (Duel, S1–S8).

use yew::prelude::*;

use crate::engine::{Card, Special};

use crate::ui::i18n::use_texts;

#[derive(Properties, PartialEq)]
pub(crate) struct PileProps {
    pub pile: u8,
    /// The cards of the last action, who played it in words, and whether
    /// it was the person (the cards fly in from their hand, else from the
    /// other's).
    pub last: Option<(Vec<Card>, String, bool)>,
    /// Counts actions: the cards last played are laid anew at each.
    #[prop_or_default]
    pub beat: usize,
    pub special: Option<Special>,
    /// A warning that the draw pile is nearly empty, and what then decides.
    pub pile_low: Option<String>,
}

#[function_component]
pub(crate) fn Piles(props: &PileProps) -> Html {
    let t = use_texts();
    let last = props.last.as_ref().map(|(cards, words, yours)| {
        let from = if *yours { "from-below" } else { "from-above" };
        html! {
            <div class="discard">
                <span class="label">{ t.last_played }</span>
                <ul class={classes!("cards", from)} aria-label={t.last_played} key={props.beat}>
                    { for cards.iter().map(|&c| html! { <li class={classes!("card", "small", format!("v{}", c.value()))}>{ super::hand::face(c) }</li> }) }
                </ul>
                <span class="words">{ words }</span>
            </div>
        }
    });
    let special = props.special.map(|s| {
        html! {
            <div class="special" title={t.special_help(s)}>
                <span class="label">{ t.special_card }</span>
                <strong>{ t.special(s) }</strong>
                <span class="words">{ t.special_help(s) }</span>
            </div>
        }
    });
    html! {
        // What the turn needs first: the special card in force, what was
        // just played; then the draw pile.
        <section class="piles">
            { for special }
            { for last }
            <div class="draw-pile">
                <span class="label">{ t.draw_pile }</span>
                <span class="stack" aria-hidden="true" style={format!("--thick: {}", props.pile.min(25))}></span>
                <strong aria-label={t.draw_pile}>{ props.pile }</strong>
            </div>
            if let Some(w) = &props.pile_low { <p class="pile-low">{ w }</p> }
        </section>
    }
}
