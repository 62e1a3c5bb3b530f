//! The round's log in words, newest first, and how earlier rounds ended.

use yew::prelude::*;

use crate::ui::i18n::use_texts;

#[derive(Properties, PartialEq)]
pub(crate) struct LogProps {
    pub lines: Vec<String>,
    pub past: Vec<String>,
}

#[function_component]
pub(crate) fn Log(props: &LogProps) -> Html {
    let t = use_texts();
    html! {
        <section class="log-area">
            <h2>{ t.log }</h2>
            <ol class="log" reversed=true>
                { for props.lines.iter().rev().map(|l| html! { <li>{ l }</li> }) }
            </ol>
            if !props.past.is_empty() {
                <ol class="past">{ for props.past.iter().map(|l| html! { <li>{ l }</li> }) }</ol>
            }
        </section>
    }
}
