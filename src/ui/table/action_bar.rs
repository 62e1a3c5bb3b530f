//! What is expected now, and every legal action as a button: the keyboard
//! path, and the mouse's too. Only the engine's legal actions are offered,
//! and giving up the round, which asks first.

use yew::prelude::*;

use crate::engine::Action;

use crate::ui::i18n::use_texts;

#[derive(Properties, PartialEq)]
pub(crate) struct ActionBarProps {
    /// One sentence for the state of the turn (what the picked cards can
    /// do), if there is something to say.
    pub text: Option<String>,
    /// The legal actions on offer, each with its name.
    pub actions: Vec<(Action, String)>,
    pub can_cancel: bool,
    /// Whether the person may give up the round now (their turn, not a pick).
    pub can_give_up: bool,
    /// The question before giving up, naming who then wins the round.
    pub give_up_question: String,
    /// A hint: the suggested actions, best first, each with its name, its
    /// chance and its reason in words; empty when none is shown.
    pub advice: Vec<(Action, String, String, String)>,
    /// A hint is being looked for.
    pub asking: bool,
    pub on_hint: Callback<()>,
    /// The action under the pointer or focus (`None` when it leaves), to
    /// show where it leads.
    #[prop_or_default]
    pub on_preview: Callback<Option<Action>>,
    pub on_play: Callback<Action>,
    pub on_cancel: Callback<()>,
}

#[function_component]
pub(crate) fn ActionBar(props: &ActionBarProps) -> Html {
    let t = use_texts();
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
    let suggested = props.advice.first().map(|(a, ..)| *a);
    let buttons = props.actions.iter().map(|(a, name)| {
        let (a, name) = (*a, name.clone());
        let suggested = (suggested == Some(a)).then_some("suggested");
        let on_play = props.on_play.clone();
        let onclick = Callback::from(move |_| on_play.emit(a));
        let show = |what: Option<Action>| {
            let on_preview = props.on_preview.clone();
            move || on_preview.emit(what)
        };
        let (enter, leave) = (show(Some(a)), show(None));
        let (focus, blur) = (enter.clone(), leave.clone());
        let onmouseenter = Callback::from(move |_: MouseEvent| enter());
        let onmouseleave = Callback::from(move |_: MouseEvent| leave());
        // Focus moved there by the page (after a click) shows nothing; the
        // keyboard's focus (`:focus-visible`) shows where the action leads.
        let onfocus = Callback::from(move |e: FocusEvent| {
            let shown = e
                .target_dyn_into::<web_sys::Element>()
                .is_none_or(|b| by_keyboard(&b));
            if shown {
                focus();
            }
        });
        let onblur = Callback::from(move |_: FocusEvent| blur());
        let kind = match a {
            Action::Attack { .. } | Action::Lunge { .. } => "attack",
            Action::Parry => "parry",
            _ => "move",
        };
        match a {
            // A pick (S4) also says what the card does; the name stays the verb's.
            Action::Choose(s) => html! {
                <button class={classes!("action", kind, "choose", suggested)} aria-label={name.clone()} {onclick}>
                    { name }<small>{ t.special_help(s) }</small>
                </button>
            },
            _ => html! {
                <button class={classes!("action", kind, suggested)} {onclick} {onmouseenter} {onmouseleave} {onfocus} {onblur}>{ name }</button>
            },
        }
    });
    let cancel = props.can_cancel.then(|| {
        let on_cancel = props.on_cancel.clone();
        let onclick = Callback::from(move |_| on_cancel.emit(()));
        html! { <button class="action cancel" {onclick}>{ t.cancel }</button> }
    });
    let set_asking = |value: bool| {
        let asking = asking.clone();
        Callback::from(move |_| asking.set(value))
    };
    let question = props.give_up_question.clone();
    let give_up = match (props.can_give_up, *asking) {
        (false, _) => html! {},
        (true, false) => html! {
            <button class="give-up-open" ref={open_ref} onclick={set_asking(true)}>{ t.give_up_ask }</button>
        },
        (true, true) => {
            let on_play = props.on_play.clone();
            let confirm = Callback::from(move |_| on_play.emit(Action::Forfeit));
            html! {
                <div class="give-up-question" role="group" aria-label={question.clone()}>
                    <p>{ question }</p>
                    <button class="action give-up" onclick={confirm}>{ t.give_up }</button>
                    <button class="action" ref={keep_ref} onclick={set_asking(false)}>{ t.keep_playing }</button>
                </div>
            }
        }
    };
    html! {
        <section class="action-bar" aria-label={t.actions}>
            <p class="hint" aria-live="polite">{ props.text.clone().unwrap_or_default() }</p>
            <div class="buttons">{ for buttons }{ for cancel }</div>
            if !props.advice.is_empty() {
                <section class="advice" aria-label={t.hint_heading}>
                    <h3>{ t.hint_heading }</h3>
                    <ol>
                        { for props.advice.iter().map(|(_, name, chance, reason)| html! {
                            <li>
                                <strong>{ name }</strong>
                                { " · " }{ chance }
                                <span class="reason">{ reason }</span>
                            </li>
                        }) }
                    </ol>
                </section>
            }
            <div class="bar-tools">
                <button class="hint-ask" disabled={props.asking} onclick={ {
                    let on_hint = props.on_hint.clone();
                    Callback::from(move |_| on_hint.emit(()))
                } }>{ if props.asking { t.hint_thinking } else { t.hint } }</button>
                { give_up }
            </div>
        </section>
    }
}

/// Whether `element`'s focus is the keyboard's (`:focus-visible`), not the
/// page's own after a click (the shell's `engardeKeyboardFocus`).
fn by_keyboard(element: &web_sys::Element) -> bool {
    crate::ui::shell::ask("engardeKeyboardFocus", &[element.into()]).is_none_or(|v| v.is_truthy())
}
