//! What is expected now, and every legal action as a button: the keyboard
//! path, and the mouse's too. Only the engine's legal actions are offered,
//! and giving up the round, which asks first.

use yew::prelude::*;

use crate::engine::Action;

use super::catalog;

#[derive(Properties, PartialEq)]
pub struct ActionBarProps {
    pub expected: String,
    /// A hint for the selection under way, if any.
    pub hint: Option<&'static str>,
    pub actions: Vec<Action>,
    pub can_cancel: bool,
    /// Whether the person may give up the round now (their turn, not a pick).
    pub can_give_up: bool,
    pub on_play: Callback<Action>,
    pub on_cancel: Callback<()>,
}

#[function_component]
pub fn ActionBar(props: &ActionBarProps) -> Html {
    // Giving up asks first (the page mounts a new bar at each moment, so the
    // question never outlives the turn it was asked in).
    let asking = use_state(|| false);
    // Keyboard focus follows: to "Keep playing" when asked, back to the
    // opener when the question goes.
    let (open_ref, keep_ref) = (use_node_ref(), use_node_ref());
    let was_asking = use_mut_ref(|| false);
    {
        let (open_ref, keep_ref) = (open_ref.clone(), keep_ref.clone());
        use_effect_with(*asking, move |&now| {
            let target = match (now, was_asking.replace(now)) {
                (true, _) => Some(keep_ref),
                (false, true) => Some(open_ref),
                (false, false) => None,
            };
            if let Some(e) = target.and_then(|r| r.cast::<web_sys::HtmlElement>()) {
                let _ = e.focus();
            }
        });
    }
    let buttons = props.actions.iter().map(|&a| {
        let on_play = props.on_play.clone();
        let onclick = Callback::from(move |_| on_play.emit(a));
        let kind = match a {
            Action::Attack { .. } | Action::Lunge { .. } => "attack",
            Action::Parry => "parry",
            _ => "move",
        };
        let name = catalog::action(a);
        match a {
            // A pick (S4) also says what the card does; the name stays the verb's.
            Action::Choose(s) => html! {
                <button class={classes!("action", kind, "choose")} aria-label={name.clone()} {onclick}>
                    { name }<small>{ catalog::special_help(s) }</small>
                </button>
            },
            _ => html! { <button class={classes!("action", kind)} {onclick}>{ name }</button> },
        }
    });
    let cancel = props.can_cancel.then(|| {
        let on_cancel = props.on_cancel.clone();
        let onclick = Callback::from(move |_| on_cancel.emit(()));
        html! { <button class="action cancel" {onclick}>{ catalog::CANCEL }</button> }
    });
    let set_asking = |value: bool| {
        let asking = asking.clone();
        Callback::from(move |_| asking.set(value))
    };
    let give_up = match (props.can_give_up, *asking) {
        (false, _) => html! {},
        (true, false) => html! {
            <button class="give-up-open" ref={open_ref} onclick={set_asking(true)}>{ catalog::GIVE_UP_ASK }</button>
        },
        (true, true) => {
            let on_play = props.on_play.clone();
            let confirm = Callback::from(move |_| on_play.emit(Action::Forfeit));
            html! {
                <div class="give-up-question" role="group" aria-label={catalog::GIVE_UP_QUESTION}>
                    <p>{ catalog::GIVE_UP_QUESTION }</p>
                    <button class="action give-up" onclick={confirm}>{ catalog::GIVE_UP }</button>
                    <button class="action" ref={keep_ref} onclick={set_asking(false)}>{ catalog::KEEP_PLAYING }</button>
                </div>
            }
        }
    };
    html! {
        <section class="action-bar" aria-label={catalog::ACTIONS}>
            <p class="expected">{ &props.expected }</p>
            if let Some(hint) = props.hint { <p class="hint">{ hint }</p> }
            <div class="buttons">{ for buttons }{ for cancel }</div>
            { give_up }
        </section>
    }
}
