//! The buttons under a friend match's table, as [`super::tools`] offers
//! them: the review, the record, a void match's messages, "Resign" and
//! "Mark as abandoned" (each asked first), another match, "Back to the
//! list".

use yew::prelude::*;

use super::tools::{Confirm, Tools};
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::storage::files::download;

#[derive(Properties, PartialEq)]
pub(crate) struct BarToolsProps {
    pub tools: Tools,
    /// The question asked, if any.
    pub asking: Option<Confirm>,
    /// The finished match's review (its link code) and record.
    pub review: Option<String>,
    pub record: Option<String>,
    /// A void match's evidence: how it began and every step.
    pub evidence: Option<String>,
    /// Resign or abandon: asks first; the same again does it.
    pub on_ask: Callback<Confirm>,
    pub on_cancel: Callback<()>,
    pub on_review: Callback<String>,
    pub on_again: Callback<()>,
    pub on_back: Callback<()>,
}

#[function_component]
pub(crate) fn BarTools(props: &BarToolsProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let tools = props.tools;
    let file = |name: &'static str, text: &Option<String>| {
        text.clone().map(|text| {
            Callback::from(move |_| {
                let _ = download(name, &text);
            })
        })
    };
    let on_export = file("engarde-friend-match.json", &props.record);
    let on_evidence = file("engarde-friend-void-messages.json", &props.evidence);
    let ask = |what: Confirm| props.on_ask.reform(move |_| what);
    html! {
        <>
        if let Some(what) = props.asking {
            <p role="alert">{ if what == Confirm::Resign { x.friend_resign_sure } else { x.friend_abandon_sure } }</p>
        }
        <div class="bar-tools">
            if let Some(code) = props.review.clone() {
                <button onclick={props.on_review.reform(move |_| code.clone())}>{ t.review }</button>
            }
            if let Some(onclick) = on_export {
                <button {onclick}>{ t.export }</button>
            }
            if let Some(onclick) = on_evidence {
                <button {onclick}>{ x.friend_export_messages }</button>
            }
            if tools.resign {
                <button onclick={ask(Confirm::Resign)}>{ x.friend_resign }</button>
            }
            if tools.again {
                <button class="primary" onclick={props.on_again.reform(|_| ())}>{ x.friend_again }</button>
            }
            if tools.abandon {
                <button onclick={ask(Confirm::Abandon)}>{ x.friend_abandon }</button>
            }
            if tools.cancel {
                <button onclick={props.on_cancel.reform(|_| ())}>{ t.cancel }</button>
            }
            <button onclick={props.on_back.reform(|_| ())}>{ x.friend_back }</button>
        </div>
        </>
    }
}
