//! A short guide to the rules, in the project's own words.

use yew::prelude::*;

use super::i18n::use_texts;

#[function_component]
pub fn RulesGuide() -> Html {
    let t = use_texts();
    html! {
        <details class="guide">
            <summary>{ t.how_to_play }</summary>
            { for t.guide.iter().map(|p| html! { <p>{ p }</p> }) }
        </details>
    }
}
