//! The history on the page: statistics per opponent level and rules, the
//! finished matches (newest first) each with its review, and deleting all.

use yew::prelude::*;

use super::{stats, Entry, KEEP};
use crate::ui::i18n::{use_extra_texts, use_texts, Lang};

#[derive(Properties, PartialEq)]
pub(crate) struct HistoryProps {
    pub on_close: Callback<()>,
    pub on_review: Callback<Entry>,
}

/// A date and time in the page's language, as the browser writes them.
fn date(millis: u64, lang: Lang) -> String {
    crate::ui::shell::local_date(millis, lang.code(), true)
}

#[function_component]
pub(crate) fn History(props: &HistoryProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let lang = use_context::<Lang>().unwrap_or_default();
    let list = use_state(super::store::list);
    let confirming = use_state(|| false);
    // Tenths as a decimal, without float formatting (it costs bytes).
    let fmt = |tenths: u32| format!("{}.{}", tenths / 10, tenths % 10);
    let rows = stats(&list);
    let close = {
        let c = props.on_close.clone();
        Callback::from(move |_| c.emit(()))
    };
    let delete = {
        let (list, confirming) = (list.clone(), confirming.clone());
        Callback::from(move |_| {
            super::store::delete();
            list.set(Vec::new());
            confirming.set(false);
        })
    };
    // Each cell names its column: under 480 px the rows stack (history.css).
    let (sc, hc) = (&x.stats_columns, &x.history_columns);
    html! {
        <main class="table history" data-moment="history" aria-labelledby="history-title">
            <h2 id="history-title">{ x.history_heading }</h2>
            if list.is_empty() {
                <p>{ x.history_empty }</p>
            } else {
                <h3>{ x.stats_heading }</h3>
                <div class="scroll">
                <table class="stats">
                    <thead><tr>{ for x.stats_columns.iter().map(|c| html! { <th scope="col">{ *c }</th> }) }</tr></thead>
                    <tbody>
                    { for rows.iter().map(|s| html! {
                        <tr>
                            <th scope="row">{ t.difficulty(s.level) }</th>
                            <td data-label={sc[1]}>{ x.rules_name(t, s.rules) }</td>
                            <td data-label={sc[2]}>{ s.played }</td><td data-label={sc[3]}>{ s.won }</td>
                            <td data-label={sc[4]}>{ s.lost }</td>
                            <td data-label={sc[5]}>{ s.streak }</td><td data-label={sc[6]}>{ s.best_streak }</td>
                            <td data-label={sc[7]}>{ fmt(s.hints_tenths) }</td>
                            <td data-label={sc[8]}>{ fmt(s.takebacks_tenths) }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
                </div>
                <h3>{ t.history }</h3>
                <p>{ x.history_kept(KEEP) }</p>
                <div class="scroll">
                <table class="matches">
                    <thead><tr>
                        { for x.history_columns.iter().map(|c| html! { <th scope="col">{ *c }</th> }) }
                        <th><span class="visually-hidden">{ t.review }</span></th>
                    </tr></thead>
                    <tbody>
                    { for list.iter().rev().map(|e| {
                        let when = date(e.date, lang);
                        let review = { let (cb, e) = (props.on_review.clone(), e.clone()); Callback::from(move |_| cb.emit(e.clone())) };
                        html! {
                            <tr>
                                <td data-label={hc[0]}>{ &when }</td>
                                <td data-label={hc[1]}>{ x.rules_name(t, e.rules) }</td>
                                <td data-label={hc[2]}>{ t.difficulty(e.level) }</td>
                                <td data-label={hc[3]}>{ x.result(e.won, e.score.0, e.score.1) }</td>
                                <td data-label={hc[4]}>{ e.help.hints }</td><td data-label={hc[5]}>{ e.help.takebacks }</td>
                                <td class="review-cell"><button aria-label={x.review_match(&when)} onclick={review}>{ t.review }</button></td>
                            </tr>
                        }
                    }) }
                    </tbody>
                </table>
                </div>
                if *confirming {
                    <div class="confirm" role="alertdialog" aria-labelledby="delete-q">
                        <p id="delete-q">{ x.delete_confirm }</p>
                        <button class="danger" onclick={delete}>{ x.delete }</button>
                        <button onclick={ { let c = confirming.clone(); Callback::from(move |_| c.set(false)) } }>{ t.cancel }</button>
                    </div>
                } else {
                    <button onclick={ { let c = confirming.clone(); Callback::from(move |_| c.set(true)) } }>{ x.delete_history }</button>
                }
            }
            <div class="buttons"><button onclick={close}>{ t.close }</button></div>
        </main>
    }
}
