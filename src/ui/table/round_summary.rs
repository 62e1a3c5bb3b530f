//! The end of a round (why, in words) and of the match (final score, rematch).

use yew::prelude::*;

use crate::ui::i18n::use_texts;

#[derive(Properties, PartialEq)]
pub(crate) struct SummaryProps {
    pub heading: String,
    /// The last steps of the round and why it ended, sentence by sentence.
    pub lines: Vec<String>,
    /// The match is over: offer a rematch instead of the next round.
    pub match_over: bool,
    pub verdict: Option<String>,
    pub on_next: Callback<()>,
    pub on_rematch: Callback<()>,
    pub on_new: Callback<()>,
    /// Replays the round step by step (the match's review, once it is
    /// over); none between two people.
    pub on_replay: Option<Callback<()>>,
}

#[function_component]
pub(crate) fn RoundSummary(props: &SummaryProps) -> Html {
    let t = use_texts();
    let button_ref = use_node_ref();
    {
        // Keyboard users land on the next step.
        let button_ref = button_ref.clone();
        use_effect_with(props.lines.clone(), move |_| {
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
            <p class="story">{ props.lines.join(" ") }</p>
            if let Some(v) = &props.verdict { <p class="verdict">{ v }</p> }
            <div class="buttons">
                if props.match_over {
                    <button class="primary" ref={button_ref} onclick={emit(&props.on_rematch)}>{ t.rematch }</button>
                    <button onclick={emit(&props.on_new)}>{ t.new_game }</button>
                    if let Some(r) = &props.on_replay { <button onclick={emit(r)}>{ t.review }</button> }
                } else {
                    <button class="primary" ref={button_ref} onclick={emit(&props.on_next)}>{ t.next_round }</button>
                    if let Some(r) = &props.on_replay { <button onclick={emit(r)}>{ t.replay_round }</button> }
                }
            </div>
        </section>
    }
}
