//! What is expected now, and every legal action as a button: the keyboard
//! path, and the mouse's too. Only the engine's legal actions are offered.

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
    pub on_play: Callback<Action>,
    pub on_cancel: Callback<()>,
}

#[function_component]
pub fn ActionBar(props: &ActionBarProps) -> Html {
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
    html! {
        <section class="action-bar" aria-label={catalog::ACTIONS}>
            <p class="expected">{ &props.expected }</p>
            if let Some(hint) = props.hint { <p class="hint">{ hint }</p> }
            <div class="buttons">{ for buttons }{ for cancel }</div>
        </section>
    }
}
