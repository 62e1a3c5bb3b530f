//! "Settings" from the menu: the page's language and colours, and whether
//! the card tracker shows. Each applies at once and is remembered; none of
//! them touches the match.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::store;
use crate::ui::i18n::{use_extra_texts, use_texts, Lang};
use crate::ui::shell::theme::Theme;
use crate::ui::storage;

use super::fields::{when, Choice, Pick};

#[derive(Properties, PartialEq)]
pub(crate) struct PreferencesProps {
    /// The page's language, and how to change it.
    pub lang: Lang,
    pub on_lang: Callback<Lang>,
    pub on_close: Callback<()>,
}

/// A switch kept in storage: whether it is on, and turning it (kept at once).
#[hook]
fn use_kept_switch(read: fn() -> bool, keep: fn(bool)) -> (bool, Callback<bool>) {
    let on = use_state(read);
    let turn = {
        let on = on.clone();
        Callback::from(move |now: bool| {
            keep(now);
            on.set(now);
        })
    };
    (*on, turn)
}

#[function_component]
pub(crate) fn Preferences(props: &PreferencesProps) -> Html {
    let (t, x) = (use_texts(), use_extra_texts());
    let on_lang = when(&props.on_lang, |e: Event| {
        let picked = e.target_dyn_into::<HtmlSelectElement>()?;
        Lang::from_tag(&picked.value())
    });
    let theme = use_state(store::theme);
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |name: String| {
            if let Some(th) = Theme::from_name(&name) {
                th.apply();
                store::save_theme(th);
                theme.set(th);
            }
        })
    };
    let themes: Vec<(AttrValue, AttrValue)> = Theme::ALL
        .into_iter()
        .map(|th| (th.name().into(), x.theme_name(th).into()))
        .collect();
    let (stun, on_stun) = use_kept_switch(storage::stun_allowed, storage::allow_stun);
    let (chime, on_chime) = use_kept_switch(storage::chime_wanted, storage::want_chime);
    // Focus moves into the dialog when it opens (so Escape closes it).
    let first = use_node_ref();
    {
        let first = first.clone();
        use_effect_with((), move |_| {
            if let Some(select) = first.cast::<web_sys::HtmlElement>() {
                let _ = select.focus();
            }
        });
    }
    let on_escape = when(&props.on_close, |e: KeyboardEvent| {
        (e.key() == "Escape").then_some(())
    });
    html! {
        <div class="settings-backdrop">
        <div class="settings preferences" role="dialog" aria-modal="true" aria-labelledby="preferences-title"
            onkeydown={on_escape}>
            <h2 id="preferences-title">{ t.preferences }</h2>
            <label for="language">{ x.language }</label>
            <select id="language" ref={first} onchange={on_lang}>
                { for Lang::ALL.into_iter().map(|l| html! {
                    <option value={l.code()} lang={l.code()} selected={l == props.lang}>{ l.own_name() }</option>
                }) }
            </select>
            <Pick id="theme" label={x.theme} selected={theme.name()} on_pick={on_theme} options={themes} />
            <Choice name="stun" checkbox=true label={x.stun} help={Some(AttrValue::from(x.stun_about))}
                checked={stun} on_change={on_stun} />
            <Choice name="chime" checkbox=true label={x.chime} checked={chime} on_change={on_chime} />
            <div class="buttons">
                <button type="button" class="primary" onclick={props.on_close.reform(|_| ())}>{ t.close }</button>
            </div>
        </div>
        </div>
    }
}
