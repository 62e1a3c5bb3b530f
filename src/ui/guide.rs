//! A short guide to the rules, in the project's own words.

use yew::prelude::*;

use super::catalog;

#[function_component]
pub fn RulesGuide() -> Html {
    html! {
        <details class="guide">
            <summary>{ catalog::HOW_TO_PLAY }</summary>
            { for catalog::GUIDE.iter().map(|p| html! { <p>{ p }</p> }) }
        </details>
    }
}
