//! The new-game form: rules preset and each option of RULES.md §8, the
//! computer's level, your side and the points to win. Remembered by `storage`.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::ai::Difficulty;
use crate::engine::{BySide, Level, Preset, Rules, Side, StarterRule};

use super::i18n::{use_texts, Lang};
use super::save::{Opponent, Settings};
use super::seats::Who;
use super::storage;
use super::theme::Theme;

#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    pub initial: Settings,
    /// The settings, and the names two people on one device gave.
    pub on_start: Callback<(Settings, BySide<String>)>,
    pub on_close: Callback<()>,
    /// The names two people on one device gave last.
    pub names: BySide<String>,
    /// The page's language: changed at once, whatever the match.
    pub lang: Lang,
    pub on_lang: Callback<Lang>,
}

/// The preset these options equal, whatever the points to win.
fn preset_of(rules: Rules) -> Option<Preset> {
    Rules {
        points_to_win: 5,
        ..rules
    }
    .preset()
}

#[function_component]
pub fn SettingsForm(props: &SettingsProps) -> Html {
    let t = use_texts();
    let draft = use_state(|| props.initial);
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
    let set = |f: fn(&mut Settings, &str)| {
        let draft = draft.clone();
        move |value: String| {
            let mut s = *draft;
            f(&mut s, &value);
            draft.set(s);
        }
    };
    let on_select = |apply: Box<dyn Fn(String)>| {
        Callback::from(move |e: Event| {
            if let Some(t) = e.target_dyn_into::<HtmlSelectElement>() {
                apply(t.value());
            }
        })
    };
    let on_check = |f: fn(&mut Rules, bool)| {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            if let Some(t) = e.target_dyn_into::<HtmlInputElement>() {
                let mut s = *draft;
                f(&mut s.rules, t.checked());
                draft.set(s);
            }
        })
    };
    // A choice, with an optional line of plain words under it that describes
    // it (its description, not part of its name).
    let radio = |name: &'static str,
                 value: String,
                 label: &'static str,
                 help: Option<&'static str>,
                 checked: bool,
                 apply: Box<dyn Fn(String)>| {
        let id = format!("{name}-{value}");
        let help_id = format!("{id}-help");
        let v = value.clone();
        let onchange = Callback::from(move |_: Event| apply(v.clone()));
        html! {
            <div class="choice-row">
                <label for={id.clone()} class="choice">
                    <input type="radio" {id} {name} {value} {checked} {onchange}
                        aria-describedby={help.map(|_| help_id.clone())} />
                    <span>{ label }</span>
                </label>
                if let Some(help) = help { <small class="help" id={help_id}>{ help }</small> }
            </div>
        }
    };
    let s = *draft;
    let current = preset_of(s.rules);
    let presets = Preset::ALL
        .into_iter()
        .zip(t.presets_help)
        .map(|(p, help)| {
            radio(
                "preset",
                p.name().into(),
                t.preset(Some(p)),
                Some(help),
                current == Some(p),
                Box::new(set(|s, v| {
                    if let Some(p) = Preset::from_name(v) {
                        s.rules = Rules {
                            points_to_win: s.rules.points_to_win,
                            ..p.rules()
                        };
                    }
                })),
            )
        });
    let levels = Difficulty::ALL.into_iter().map(|d| {
        radio(
            "opponent",
            d.name().into(),
            t.difficulty(d),
            Some(t.difficulty_help(d)),
            s.opponent == Opponent::Computer && s.level == d,
            Box::new(set(|s, v| {
                if let Ok(d) = v.parse() {
                    s.level = d;
                    s.opponent = Opponent::Computer;
                }
            })),
        )
    });
    let person = radio(
        "opponent",
        "person".into(),
        t.person_option,
        None,
        s.opponent == Opponent::Person,
        Box::new(set(|s, _| s.opponent = Opponent::Person)),
    );
    // Two people: each may give a name (else their side's name is used).
    let names = use_state(|| props.names.clone());
    let name_field = |side: Side| {
        let value = names[side].clone();
        let names = names.clone();
        let id = format!("name-{}", side.name());
        let oninput = Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let mut n = (*names).clone();
                n[side] = input.value().chars().take(24).collect();
                names.set(n);
            }
        });
        html! {
            <div class="choice-row">
                <label for={id.clone()}>{ t.about(t.name_of, Who::Person { name: "", side }) }</label>
                <input type="text" {id} maxlength="24" autocomplete="off" placeholder={t.side(side)}
                    {value} {oninput} />
            </div>
        }
    };
    let sides = Side::BOTH.into_iter().map(|side| {
        let label = if side == Side::White {
            t.white_note
        } else {
            t.side(side)
        };
        radio(
            "side",
            side.name().into(),
            label,
            None,
            s.side == side,
            Box::new(set(|s, v| {
                s.side = if v == "black" {
                    Side::Black
                } else {
                    Side::White
                };
            })),
        )
    });
    let check = |id: &'static str,
                 label: &'static str,
                 help: &'static str,
                 checked: bool,
                 f: fn(&mut Rules, bool)| {
        let help_id = format!("{id}-help");
        html! {
            <div class="choice-row">
                <label for={id} class="choice">
                    <input type="checkbox" {id} {checked} onchange={on_check(f)} aria-describedby={help_id.clone()} />
                    <span>{ label }</span>
                </label>
                <small class="help" id={help_id}>{ help }</small>
            </div>
        }
    };
    let start = {
        let (on_start, names) = (props.on_start.clone(), names.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_start.emit((s, (*names).clone()));
        })
    };
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_| on_close.emit(()))
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
            if let Some(l) = e
                .target_dyn_into::<HtmlSelectElement>()
                .and_then(|s| Lang::from_tag(&s.value()))
            {
                on_lang.emit(l);
            }
        })
    };
    let theme = use_state(storage::theme);
    // The theme shows at once and is remembered, whatever the match.
    use_effect_with(*theme, |&th| {
        th.apply();
        storage::save_theme(th);
    });
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |e: Event| {
            if let Some(th) = e
                .target_dyn_into::<HtmlSelectElement>()
                .and_then(|s| Theme::from_name(&s.value()))
            {
                theme.set(th);
            }
        })
    };
    html! {
        <div class="settings-backdrop">
        <form class="settings" role="dialog" aria-modal="true" aria-labelledby="settings-title"
            ref={form_ref} onsubmit={start} onkeydown={on_escape}>
            <h2 id="settings-title">{ t.settings }</h2>
            <label for="language">{ t.language }</label>
            <select id="language" onchange={on_lang}>
                { for Lang::ALL.into_iter().map(|l| html! {
                    <option value={l.code()} lang={l.code()} selected={l == props.lang}>{ l.own_name() }</option>
                }) }
            </select>
            <label for="theme">{ t.theme }</label>
            <select id="theme" onchange={on_theme}>
                { for Theme::ALL.into_iter().map(|th| html! {
                    <option value={th.name()} selected={th == *theme}>{ t.theme_name(th) }</option>
                }) }
            </select>
            <fieldset>
                <legend>{ t.rules }</legend>
                { for presets }
                if current.is_none() { <p class="custom">{ t.custom }</p> }
            </fieldset>
            <details class="options">
                <summary>{ t.each_option }</summary>
                <label for="rules-level">{ t.level }</label>
                <select id="rules-level" onchange={on_select(Box::new(set(|s, v| {
                    if let Some(l) = Level::from_name(v) { s.rules.level = l; }
                })))}>
                    { for Level::ALL.into_iter().map(|l| html! {
                        <option value={l.name()} selected={s.rules.level == l}>{ t.level(l) }</option>
                    }) }
                </select>
                { check("final-strike", t.final_strike, t.final_strike_help, s.rules.final_strike, |r, v| r.final_strike = v) }
                { check("final-count", t.final_count, t.final_count_help, s.rules.final_count, |r, v| r.final_count = v) }
                { check("count-after-retreat", t.count_after_retreat, t.count_after_retreat_help, s.rules.count_after_retreat, |r, v| r.count_after_retreat = v) }
                { check("special-cards", t.special_cards, t.special_cards_help, s.rules.special_cards, |r, v| r.special_cards = v) }
                <label for="starter">{ t.starter }</label>
                <select id="starter" onchange={on_select(Box::new(set(|s, v| {
                    if let Some(r) = StarterRule::from_name(v) { s.rules.starter = r; }
                })))}>
                    { for [StarterRule::Alternate, StarterRule::Loser].into_iter().map(|r| html! {
                        <option value={r.name()} selected={s.rules.starter == r}>{ t.starter(r) }</option>
                    }) }
                </select>
            </details>
            <label for="points">{ t.points }</label>
            <select id="points" onchange={on_select(Box::new(set(|s, v| {
                if let Ok(n) = v.parse::<u8>() { s.rules.points_to_win = n.clamp(1, 9); }
            })))}>
                { for (1..=9u8).map(|n| html! { <option value={n.to_string()} selected={s.rules.points_to_win == n}>{ n }</option> }) }
            </select>
            <fieldset>
                <legend>{ t.opponent }</legend>
                { for levels }
                { person }
            </fieldset>
            if s.opponent == Opponent::Person {
                <fieldset class="names">
                    <legend>{ t.person_option }</legend>
                    { name_field(Side::White) }
                    { name_field(Side::Black) }
                </fieldset>
            } else {
                <fieldset>
                    <legend>{ t.your_side }</legend>
                    { for sides }
                </fieldset>
            }
            <div class="buttons">
                <button type="submit" class="primary">{ t.start }</button>
                <button type="button" onclick={close}>{ t.close }</button>
            </div>
        </form>
        </div>
    }
}
