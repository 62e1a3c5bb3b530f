//! The form's controls: a radio choice and a checkbox, each with an
//! optional line of plain words under it that describes it (its
//! description, not part of its name), and a select.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(crate) struct ChoiceProps {
    /// The radio group's name, or the checkbox's id.
    pub name: &'static str,
    /// The radio's value (none for a checkbox).
    #[prop_or_default]
    pub value: AttrValue,
    pub label: AttrValue,
    #[prop_or_default]
    pub help: Option<AttrValue>,
    pub checked: bool,
    /// A checkbox (else a radio).
    #[prop_or_default]
    pub checkbox: bool,
    /// Chosen (a radio: always true; a checkbox: whether it is ticked).
    pub on_change: Callback<bool>,
}

#[function_component]
pub(crate) fn Choice(props: &ChoiceProps) -> Html {
    let id = match props.checkbox {
        true => props.name.to_string(),
        false => format!("{}-{}", props.name, props.value),
    };
    let help_id = format!("{id}-help");
    let onchange = props.on_change.reform(|e: Event| {
        e.target_dyn_into::<HtmlInputElement>()
            .is_none_or(|i| i.checked())
    });
    let kind = if props.checkbox { "checkbox" } else { "radio" };
    let name = (!props.checkbox).then_some(props.name);
    html! {
        <div class="choice-row">
            <label for={id.clone()} class="choice">
                <input type={kind} id={id} {name} value={props.value.clone()} checked={props.checked}
                    {onchange} aria-describedby={props.help.as_ref().map(|_| help_id.clone())} />
                <span>{ &props.label }</span>
            </label>
            if let Some(help) = &props.help { <small class="help" id={help_id}>{ help }</small> }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct PickProps {
    pub id: &'static str,
    pub label: AttrValue,
    /// Each option's value and words.
    pub options: Vec<(AttrValue, AttrValue)>,
    pub selected: AttrValue,
    pub on_pick: Callback<String>,
}

/// A labelled select.
#[function_component]
pub(crate) fn Pick(props: &PickProps) -> Html {
    let onchange = {
        let on_pick = props.on_pick.clone();
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
                on_pick.emit(s.value());
            }
        })
    };
    html! {
        <>
        <label for={props.id}>{ &props.label }</label>
        <select id={props.id} {onchange}>
            { for props.options.iter().map(|(value, words)| html! {
                <option value={value.clone()} selected={*value == props.selected}>{ words }</option>
            }) }
        </select>
        </>
    }
}

/// An event handler that sends `f`'s value, when it has one, to `to`.
pub fn when<E: 'static, T: 'static>(
    to: &Callback<T>,
    f: impl Fn(E) -> Option<T> + 'static,
) -> Callback<E> {
    let to = to.clone();
    Callback::from(move |e: E| {
        if let Some(v) = f(e) {
            to.emit(v);
        }
    })
}
