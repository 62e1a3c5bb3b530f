//! The end of a round (why, in words) and of the match (final score, rematch).

use yew::prelude::*;

use super::catalog;

#[derive(Properties, PartialEq)]
pub struct SummaryProps {
    pub heading: String,
    pub story: String,
    /// The match is over: offer a rematch instead of the next round.
    pub match_over: bool,
    pub verdict: Option<&'static str>,
    pub on_next: Callback<()>,
    pub on_rematch: Callback<()>,
    pub on_new: Callback<()>,
}

#[function_component]
pub fn RoundSummary(props: &SummaryProps) -> Html {
    let button_ref = use_node_ref();
    {
        // Keyboard users land on the next step.
        let button_ref = button_ref.clone();
        use_effect_with(props.story.clone(), move |_| {
            if let Some(b) = button_ref.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        });
    }
    let emit = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_| cb.emit(()))
    };
    html! {
        <section class={classes!("summary", props.match_over.then_some("final"))} aria-labelledby="summary-title">
            <h2 id="summary-title">{ &props.heading }</h2>
            <p class="story">{ &props.story }</p>
            if let Some(v) = props.verdict { <p class="verdict">{ v }</p> }
            <div class="buttons">
                if props.match_over {
                    <button class="primary" ref={button_ref} onclick={emit(&props.on_rematch)}>{ catalog::REMATCH }</button>
                    <button onclick={emit(&props.on_new)}>{ catalog::NEW_GAME }</button>
                } else {
                    <button class="primary" ref={button_ref} onclick={emit(&props.on_next)}>{ catalog::NEXT_ROUND }</button>
                }
            </div>
        </section>
    }
}
