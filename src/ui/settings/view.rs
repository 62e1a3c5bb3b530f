//! The new-game form's component: the draft ([`super::Draft`]) in a
//! reducer, laid out with the controls of [`super::fields`].

use std::rc::Rc;

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::engine::BySide;
use crate::ui::i18n::{use_extra_texts, use_texts, Lang};
use crate::ui::save::Settings;
use crate::ui::storage;
use crate::ui::theme::Theme;

use super::fields::{when, Pick};
use super::parts::{OpponentFields, RulesFields};
use super::{Change, Draft};

#[derive(Properties, PartialEq)]
pub(crate) struct SettingsProps {
    pub initial: Settings,
    /// The names two people on one device gave last.
    pub names: BySide<String>,
    /// The settings, and the names two people on one device gave.
    pub on_start: Callback<(Settings, BySide<String>)>,
    pub on_close: Callback<()>,
    /// The page's language: changed at once, whatever the match.
    pub lang: Lang,
    pub on_lang: Callback<Lang>,
}

struct Form(Draft);

impl Reducible for Form {
    type Action = Change;

    fn reduce(self: Rc<Self>, change: Change) -> Rc<Self> {
        let mut draft = self.0.clone();
        draft.apply(change);
        Rc::new(Form(draft))
    }
}

#[function_component]
pub(crate) fn SettingsForm(props: &SettingsProps) -> Html {
    let x = use_extra_texts();
    let t = use_texts();
    let form = use_reducer(|| Form(Draft::new(props.initial, props.names.clone())));
    let on_change = {
        let form = form.dispatcher();
        Callback::from(move |c: Change| form.dispatch(c))
    };
    let form_ref = use_node_ref();
    {
        // Focus moves into the dialog when it opens.
        let form_ref = form_ref.clone();
        use_effect_with((), move |_| {
            let first = form_ref
                .cast::<web_sys::Element>()
                .and_then(|f| f.query_selector("input:checked").ok().flatten())
                .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
            if let Some(e) = first {
                let _ = e.focus();
            }
        });
    }
    let start = {
        let (on_start, form) = (props.on_start.clone(), form.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_start.emit((form.0.settings, form.0.names.clone()));
        })
    };
    let on_escape = when(&props.on_close, |e: KeyboardEvent| {
        (e.key() == "Escape").then_some(())
    });
    let on_lang = when(&props.on_lang, |e: Event| {
        let picked = e.target_dyn_into::<HtmlSelectElement>()?;
        Lang::from_tag(&picked.value())
    });
    let theme = use_state(storage::theme);
    // A theme chosen shows at once and is remembered, whatever the match
    // (opening the form writes nothing).
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |name: String| {
            if let Some(th) = Theme::from_name(&name) {
                th.apply();
                storage::save_theme(th);
                theme.set(th);
            }
        })
    };
    let themes: Vec<(AttrValue, AttrValue)> = Theme::ALL
        .into_iter()
        .map(|th| (th.name().into(), x.theme_name(th).into()))
        .collect();
    html! {
        <div class="settings-backdrop">
        <form class="settings" role="dialog" aria-modal="true" aria-labelledby="settings-title"
            ref={form_ref} onsubmit={start} onkeydown={on_escape}>
            <h2 id="settings-title">{ x.settings }</h2>
            <label for="language">{ x.language }</label>
            <select id="language" onchange={on_lang}>
                { for Lang::ALL.into_iter().map(|l| html! {
                    <option value={l.code()} lang={l.code()} selected={l == props.lang}>{ l.own_name() }</option>
                }) }
            </select>
            <Pick id="theme" label={x.theme} selected={theme.name()} on_pick={on_theme} options={themes} />
            <RulesFields draft={form.0.clone()} on_change={on_change.clone()} />
            <OpponentFields draft={form.0.clone()} {on_change} />
            <div class="buttons">
                <button type="submit" class="primary">{ x.start }</button>
                <button type="button" onclick={props.on_close.reform(|_| ())}>{ t.close }</button>
            </div>
        </form>
        </div>
    }
}
