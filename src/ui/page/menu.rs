//! The page's menu: "New game" in sight; the lessons, how to play, the
//! history, the settings (language, colours) and the record tools (export as a file or to the clipboard,
//! import, read here and judged by the caller) behind one "Menu" button, a
//! popover that closes on a choice, Escape or a tap elsewhere.

use web_sys::HtmlInputElement;
use yew::platform::spawn_local;
use yew::prelude::*;

use crate::ui::i18n::use_texts;
use crate::ui::play::notice::RecordProblem;
use crate::ui::storage::files;

#[derive(Properties, PartialEq)]
pub(crate) struct MenuProps {
    pub on_new: Callback<()>,
    /// Opens the lessons.
    pub on_learn: Callback<()>,
    /// Opens how to play, illustrated.
    pub on_guide: Callback<()>,
    /// The finished matches and statistics.
    pub on_history: Callback<()>,
    /// The puzzles.
    pub on_puzzles: Callback<()>,
    /// Play a friend on another device.
    pub on_friend: Callback<()>,
    /// The page's language and colours.
    pub on_preferences: Callback<()>,
    pub on_export: Callback<()>,
    /// The record on the clipboard.
    pub on_copy: Callback<()>,
    /// The imported file's text, or why it could not be read.
    pub on_import: Callback<Result<String, RecordProblem>>,
}

#[function_component]
pub(crate) fn Menu(props: &MenuProps) -> Html {
    let t = use_texts();
    let input_ref = use_node_ref();
    let relay = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_| cb.emit(()))
    };
    // An item of the popover: choosing it closes the menu too.
    let item = |label: &'static str, onclick: Callback<MouseEvent>| {
        html! {
            <li><button popovertarget="page-menu" popovertargetaction="hide" {onclick}>{ label }</button></li>
        }
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
                let text = files::read_file(&input).await;
                input.set_value("");
                on_import.emit(text);
            });
        })
    };
    html! {
        <nav class="menu">
            <button onclick={relay(&props.on_new)}>{ t.new_game }</button>
            <button class="menu-open" popovertarget="page-menu" aria-haspopup="true">{ t.menu }</button>
            <ul id="page-menu" class="menu-list" popover="auto" aria-label={t.menu}>
                { item(t.learn, relay(&props.on_learn)) }
                { item(t.how_to_play, relay(&props.on_guide)) }
                { item(t.puzzles, relay(&props.on_puzzles)) }
                { item(t.play_friend, relay(&props.on_friend)) }
                { item(t.history, relay(&props.on_history)) }
                { item(t.preferences, relay(&props.on_preferences)) }
                <li class="separator" role="separator"></li>
                { item(t.export, relay(&props.on_export)) }
                { item(t.copy_record, relay(&props.on_copy)) }
                { item(t.import, choose_file) }
            </ul>
            <input ref={input_ref} type="file" accept=".json,application/json" class="visually-hidden"
                tabindex="-1" aria-hidden="true" onchange={on_change} />
        </nav>
    }
}
