//! The new-game form's two halves: the rules (a preset, each option, the
//! points to win) and the opponent (the computer's level, or a second
//! person and both names; else your side). Each shows the draft and sends
//! each change up.

use yew::prelude::*;

use super::fields::{when, Choice, Pick};
use super::{Change, Draft, Switch, NAME_LEN};
use crate::ai::Difficulty;
use crate::engine::{Preset, RulesLevel, Side, StarterRule};
use crate::ui::i18n::{use_extra_texts, use_texts, ExtraTexts};
use crate::ui::play::seats::Who;

#[derive(Properties, PartialEq)]
pub(crate) struct PartProps {
    pub draft: Draft,
    pub on_change: Callback<Change>,
}

fn switch_words(x: &ExtraTexts, w: Switch) -> (&'static str, &'static str) {
    match w {
        Switch::FinalStrike => (x.final_strike, x.final_strike_help),
        Switch::FinalCount => (x.final_count, x.final_count_help),
        Switch::CountAfterRetreat => (x.count_after_retreat, x.count_after_retreat_help),
        Switch::SpecialCards => (x.special_cards, x.special_cards_help),
    }
}

/// Options for a [`Pick`]: each value and its words.
fn options(
    list: impl Iterator<Item = (&'static str, &'static str)>,
) -> Vec<(AttrValue, AttrValue)> {
    list.map(|(v, w)| (AttrValue::from(v), AttrValue::from(w)))
        .collect()
}

#[function_component]
pub(crate) fn RulesFields(props: &PartProps) -> Html {
    let (t, x) = (use_texts(), use_extra_texts());
    let rules = props.draft.settings.rules;
    let current = props.draft.preset();
    let send = |c: Change| props.on_change.reform(move |_: bool| c.clone());
    let pick = |make: fn(&str) -> Option<Change>| when(&props.on_change, move |v: String| make(&v));
    let presets = Preset::ALL.into_iter().zip(x.presets_help).map(|(p, help)| {
        html! { <Choice name="preset" value={p.name()} label={t.preset(Some(p))} help={Some(AttrValue::from(help))}
            checked={current == Some(p)} on_change={send(Change::Preset(p))} /> }
    });
    let switches = Switch::ALL.into_iter().map(|w| {
        let (label, help) = switch_words(x, w);
        html! { <Choice name={w.id()} checkbox=true {label} help={Some(AttrValue::from(help))}
            checked={w.get(&rules)} on_change={props.on_change.reform(move |on| Change::Switch(w, on))} /> }
    });
    let starters = [StarterRule::Alternate, StarterRule::Loser];
    html! {
        <>
        <fieldset>
            <legend>{ x.rules }</legend>
            { for presets }
            if current.is_none() { <p class="custom">{ t.custom }</p> }
        </fieldset>
        <details class="options">
            <summary>{ x.each_option }</summary>
            <Pick id="rules-level" label={x.level} selected={rules.level.name()}
                on_pick={pick(|v| RulesLevel::from_name(v).map(Change::RulesLevel))}
                options={options(RulesLevel::ALL.into_iter().map(|l| (l.name(), x.level(l))))} />
            { for switches }
            <Pick id="starter" label={x.starter} selected={rules.starter.name()}
                on_pick={pick(|v| StarterRule::from_name(v).map(Change::Starter))}
                options={options(starters.into_iter().map(|r| (r.name(), x.starter(r))))} />
        </details>
        <Pick id="points" label={x.points} selected={rules.points_to_win.to_string()}
            on_pick={pick(|v| v.parse().ok().map(Change::Points))}
            options={(1..=9u8).map(|n| (AttrValue::from(n.to_string()), AttrValue::from(n.to_string()))).collect::<Vec<_>>()} />
        </>
    }
}

#[function_component]
pub(crate) fn OpponentFields(props: &PartProps) -> Html {
    let (t, x) = (use_texts(), use_extra_texts());
    let draft = &props.draft;
    let send = |c: Change| props.on_change.reform(move |_: bool| c.clone());
    let levels = Difficulty::ALL.into_iter().map(|d| {
        html! { <Choice name="opponent" value={d.name()} label={t.difficulty(d)}
        help={Some(AttrValue::from(x.difficulty_help(d)))}
        checked={draft.computer_at(d)} on_change={send(Change::Computer(d))} /> }
    });
    let sides = Side::BOTH.into_iter().map(|side| {
        let label = if side == Side::White { x.white_note } else { t.side(side) };
        html! { <Choice name="side" value={side.name()} {label} checked={draft.settings.side == side}
            on_change={send(Change::Side(side))} /> }
    });
    let name_field = |side: Side| {
        let id = format!("name-{}", side.name());
        let oninput = when(&props.on_change, move |e: InputEvent| {
            let input = e.target_dyn_into::<web_sys::HtmlInputElement>()?;
            Some(Change::Name(side, input.value()))
        });
        html! {
            <div class="choice-row">
                <label for={id.clone()}>{ t.about(x.name_of, Who::Person { name: "", side }) }</label>
                <input type="text" {id} maxlength={NAME_LEN.to_string()} autocomplete="off" placeholder={t.side(side)}
                    value={draft.names[side].clone()} {oninput} />
            </div>
        }
    };
    html! {
        <>
        <fieldset>
            <legend>{ x.opponent }</legend>
            { for levels }
            <Choice name="opponent" value="person" label={x.person_option} checked={draft.people()}
                on_change={send(Change::Person)} />
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
        </>
    }
}
