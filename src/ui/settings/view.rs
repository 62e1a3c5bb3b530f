//! The new-game form's component: the draft ([`super::Draft`]) in a
//! reducer, laid out with the controls of [`super::fields`].

use std::rc::Rc;

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::ai::Difficulty;
use crate::engine::{BySide, Level, Preset, Side, StarterRule};
use crate::ui::i18n::{use_extra_texts, use_texts, ExtraTexts, Lang};
use crate::ui::save::Settings;
use crate::ui::seats::Who;
use crate::ui::storage;
use crate::ui::theme::Theme;

use super::fields::{Choice, Pick};
use super::{Change, Draft, Switch, NAME_LEN};

#[derive(Properties, PartialEq)]
pub struct SettingsProps {
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

fn switch_words(x: &ExtraTexts, w: Switch) -> (&'static str, &'static str) {
    match w {
        Switch::FinalStrike => (x.final_strike, x.final_strike_help),
        Switch::FinalCount => (x.final_count, x.final_count_help),
        Switch::CountAfterRetreat => (x.count_after_retreat, x.count_after_retreat_help),
        Switch::SpecialCards => (x.special_cards, x.special_cards_help),
    }
}

#[function_component]
pub fn SettingsForm(props: &SettingsProps) -> Html {
    let (t, x) = (use_texts(), use_extra_texts());
    let form = use_reducer(|| Form(Draft::new(props.initial, props.names.clone())));
    let draft = &form.0;
    let s = draft.settings;
    let change = |make: fn(String) -> Option<Change>| {
        let form = form.dispatcher();
        Callback::from(move |v: String| {
            if let Some(c) = make(v) {
                form.dispatch(c);
            }
        })
    };
    let choose = |c: Change| {
        let form = form.dispatcher();
        Callback::from(move |_: bool| form.dispatch(c.clone()))
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
    let current = draft.preset();
    let presets = Preset::ALL.into_iter().zip(x.presets_help).map(|(p, help)| {
        html! { <Choice name="preset" value={p.name()} label={t.preset(Some(p))} help={Some(AttrValue::from(help))}
            checked={current == Some(p)} on_change={choose(Change::Preset(p))} /> }
    });
    let levels = Difficulty::ALL.into_iter().map(|d| {
        html! { <Choice name="opponent" value={d.name()} label={t.difficulty(d)}
        help={Some(AttrValue::from(x.difficulty_help(d)))}
        checked={draft.computer_at(d)} on_change={choose(Change::Computer(d))} /> }
    });
    let sides = Side::BOTH.into_iter().map(|side| {
        let label = if side == Side::White {
            x.white_note
        } else {
            t.side(side)
        };
        html! { <Choice name="side" value={side.name()} {label} checked={s.side == side}
        on_change={choose(Change::Side(side))} /> }
    });
    let switches = Switch::ALL.into_iter().map(|w| {
        let (label, help) = switch_words(x, w);
        let form = form.dispatcher();
        html! { <Choice name={w.id()} checkbox=true {label} help={Some(AttrValue::from(help))}
            checked={w.get(&s.rules)} on_change={Callback::from(move |on| form.dispatch(Change::Switch(w, on)))} /> }
    });
    let name_field = |side: Side| {
        let id = format!("name-{}", side.name());
        let oninput = change_name(&form, side);
        html! {
            <div class="choice-row">
                <label for={id.clone()}>{ t.about(x.name_of, Who::Person { name: "", side }) }</label>
                <input type="text" {id} maxlength={NAME_LEN.to_string()} autocomplete="off" placeholder={t.side(side)}
                    value={draft.names[side].clone()} {oninput} />
            </div>
        }
    };
    let start = {
        let (on_start, form) = (props.on_start.clone(), form.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_start.emit((form.0.settings, form.0.names.clone()));
        })
    };
    let on_escape = {
        let on_close = props.on_close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                on_close.emit(());
            }
        })
    };
    let on_lang = {
        let on_lang = props.on_lang.clone();
        Callback::from(move |e: Event| {
            let picked = e.target_dyn_into::<HtmlSelectElement>();
            if let Some(l) = picked.and_then(|s| Lang::from_tag(&s.value())) {
                on_lang.emit(l);
            }
        })
    };
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
    let options = |list: Vec<(&'static str, &'static str)>| {
        list.into_iter()
            .map(|(v, w)| (AttrValue::from(v), AttrValue::from(w)))
            .collect::<Vec<_>>()
    };
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
            <Pick id="theme" label={x.theme} selected={theme.name()} on_pick={on_theme}
                options={options(Theme::ALL.into_iter().map(|th| (th.name(), x.theme_name(th))).collect())} />
            <fieldset>
                <legend>{ x.rules }</legend>
                { for presets }
                if current.is_none() { <p class="custom">{ t.custom }</p> }
            </fieldset>
            <details class="options">
                <summary>{ x.each_option }</summary>
                <Pick id="rules-level" label={x.level} selected={s.rules.level.name()}
                    on_pick={change(|v| Level::from_name(&v).map(Change::Level))}
                    options={options(Level::ALL.into_iter().map(|l| (l.name(), x.level(l))).collect())} />
                { for switches }
                <Pick id="starter" label={x.starter} selected={s.rules.starter.name()}
                    on_pick={change(|v| StarterRule::from_name(&v).map(Change::Starter))}
                    options={options([StarterRule::Alternate, StarterRule::Loser].into_iter().map(|r| (r.name(), x.starter(r))).collect())} />
            </details>
            <Pick id="points" label={x.points} selected={s.rules.points_to_win.to_string()}
                on_pick={change(|v| v.parse().ok().map(Change::Points))}
                options={(1..=9u8).map(|n| (AttrValue::from(n.to_string()), AttrValue::from(n.to_string()))).collect::<Vec<_>>()} />
            <fieldset>
                <legend>{ x.opponent }</legend>
                { for levels }
                <Choice name="opponent" value="person" label={x.person_option} checked={draft.people()}
                    on_change={choose(Change::Person)} />
            </fieldset>
            if draft.people() {
                <fieldset class="names">
                    <legend>{ x.person_option }</legend>
                    { name_field(Side::White) }
                    { name_field(Side::Black) }
                </fieldset>
            } else {
                <fieldset>
                    <legend>{ x.your_side }</legend>
                    { for sides }
                </fieldset>
            }
            <div class="buttons">
                <button type="submit" class="primary">{ x.start }</button>
                <button type="button" onclick={props.on_close.reform(|_| ())}>{ t.close }</button>
            </div>
        </form>
        </div>
    }
}

/// A name field's input, as a change of the draft.
fn change_name(form: &UseReducerHandle<Form>, side: Side) -> Callback<InputEvent> {
    let form = form.dispatcher();
    Callback::from(move |e: InputEvent| {
        if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            form.dispatch(Change::Name(side, input.value()));
        }
    })
}
