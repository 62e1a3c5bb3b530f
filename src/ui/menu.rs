//! The page's menu: a new game, the lessons, how to play, the history,
//! export of the match as a record file or to the clipboard, and import of
//! one (read here; judged by the caller).

use web_sys::HtmlInputElement;
use yew::platform::spawn_local;
use yew::prelude::*;

use super::i18n::{use_texts, RecordProblem};
use super::storage;

#[derive(Properties, PartialEq)]
pub struct MenuProps {
    pub on_new: Callback<()>,
    /// Opens the lessons.
    pub on_learn: Callback<()>,
    /// Opens how to play, illustrated.
    pub on_guide: Callback<()>,
    /// The finished matches and statistics.
    pub on_history: Callback<()>,
    pub on_export: Callback<()>,
    /// The record on the clipboard.
    pub on_copy: Callback<()>,
    /// The imported file's text, or why it could not be read.
    pub on_import: Callback<Result<String, RecordProblem>>,
}

#[function_component]
pub fn Menu(props: &MenuProps) -> Html {
    let t = use_texts();
    let input_ref = use_node_ref();
    let relay = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let choose_file = {
        let input_ref = input_ref.clone();
        Callback::from(move |_| {
            if let Some(input) = input_ref.cast::<HtmlInputElement>() {
                input.click();
            }
        })
    };
    let on_change = {
        let on_import = props.on_import.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
                return;
            };
            let on_import = on_import.clone();
            spawn_local(async move {
                let text = storage::read_file(&input).await;
                input.set_value("");
                on_import.emit(text);
            });
        })
    };
    html! {
        <nav class="menu">
            <button onclick={relay(&props.on_new)}>{ t.new_game }</button>
            <button onclick={relay(&props.on_learn)}>{ t.learn }</button>
            <button onclick={relay(&props.on_guide)}>{ t.how_to_play }</button>
            <button onclick={relay(&props.on_history)}>{ t.history }</button>
            <button onclick={relay(&props.on_export)}>{ t.export }</button>
            <button onclick={relay(&props.on_copy)}>{ t.copy_record }</button>
            <button onclick={choose_file}>{ t.import }</button>
            <input ref={input_ref} type="file" accept=".json,application/json" class="visually-hidden"
                tabindex="-1" aria-hidden="true" onchange={on_change} />
        </nav>
    }
}
