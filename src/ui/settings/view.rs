//! The new-game form's component: the draft ([`super::Draft`]) in a
//! reducer, laid out with the controls of [`super::fields`].

use std::rc::Rc;

use yew::prelude::*;

use crate::engine::BySide;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::play::save::Settings;

use super::fields::when;
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
    /// A match is in progress: starting asks first (it would be given up).
    pub in_progress: bool,
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
    // Over a match in progress, Start asks first, in the form.
    let asking = use_state(|| false);
    let go = {
        let (on_start, form) = (props.on_start.clone(), form.clone());
        Callback::from(move |()| on_start.emit((form.0.settings, form.0.names.clone())))
    };
    let start = {
        let (go, asking, ask) = (go.clone(), asking.clone(), props.in_progress);
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if ask && !*asking {
                asking.set(true);
            } else {
                go.emit(());
            }
        })
    };
    let on_escape = when(&props.on_close, |e: KeyboardEvent| {
        (e.key() == "Escape").then_some(())
    });
    html! {
        <div class="settings-backdrop">
        <form class="settings" role="dialog" aria-modal="true" aria-labelledby="settings-title"
            ref={form_ref} onsubmit={start} onkeydown={on_escape}>
            <h2 id="settings-title">{ x.settings }</h2>
            <RulesFields draft={form.0.clone()} on_change={on_change.clone()} />
            <OpponentFields draft={form.0.clone()} {on_change} />
            if *asking {
                <div class="buttons" role="alert">
                    <p>{ x.start_over_question }</p>
                    <button type="submit" class="primary">{ x.start_over }</button>
                    <button type="button" onclick={props.on_close.reform(|_| ())}>{ x.keep_this_match }</button>
                </div>
            } else {
                <div class="buttons">
                    <button type="submit" class="primary">{ x.start }</button>
                    <button type="button" onclick={props.on_close.reform(|_| ())}>{ t.close }</button>
                </div>
            }
        </form>
        </div>
    }
}
