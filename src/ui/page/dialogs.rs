//! What interrupts the table: a notice (an error, or what was done), the
//! question before a record of a match in progress goes out, and the
//! privacy screen between two people's turns.

use yew::prelude::*;

use crate::engine::{BySide, Side};
use crate::ui::i18n::use_texts;
use crate::ui::play::notice::Notice;
use crate::ui::play::seats::Seats;

#[derive(Properties, PartialEq)]
pub(crate) struct NoticeProps {
    pub notice: Notice,
    pub on_dismiss: Callback<()>,
}

/// A notice, until dismissed.
#[function_component]
pub(crate) fn NoticeBar(props: &NoticeProps) -> Html {
    let t = use_texts();
    html! {
        <div class="notice" role="alert">
            <p>{ t.notice(&props.notice) }</p>
            <button onclick={props.on_dismiss.reform(|_| ())}>{ t.dismiss }</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct AskProps {
    /// The question, its yes and its no.
    pub question: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub on_answer: Callback<bool>,
}

/// A question before something that cannot be undone: exporting or copying
/// a match in progress shows hidden cards; a new match gives up the one in
/// progress.
#[function_component]
pub(crate) fn Ask(props: &AskProps) -> Html {
    html! {
        <div class="notice confirm" role="alertdialog" aria-labelledby="asked">
            <p id="asked">{ props.question }</p>
            <button class="primary" onclick={props.on_answer.reform(|_| true)}>{ props.yes }</button>
            <button onclick={props.on_answer.reform(|_| false)}>{ props.no }</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct PassProps {
    /// The live region's words (whom to pass the device to).
    pub status: String,
    /// The two people's names, and the side to act next.
    pub names: BySide<String>,
    pub next: Side,
    pub on_ready: Callback<()>,
}

/// Two people: nothing of either hand until the next player says they hold
/// the device.
#[function_component]
pub(crate) fn PassScreen(props: &PassProps) -> Html {
    let t = use_texts();
    let next = Seats::People(&props.names).who(props.next);
    html! {
        <main class="table" data-moment="pass">
            <section class="pass-screen" role="dialog" aria-modal="true" aria-labelledby="pass-title">
                <p class="status" role="status" aria-live="polite" id="pass-title">{ &props.status }</p>
                <p>{ t.about(t.pass_hidden, next) }</p>
                <button class="primary" onclick={props.on_ready.reform(|_| ())}>
                    { t.about(t.pass_ready, next) }
                </button>
            </section>
        </main>
    }
}
