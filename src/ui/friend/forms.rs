//! The two forms of friend play: the invitation a person makes (their
//! name, the edition, the points to win), and the one they receive (who
//! invites to what; their name; "Accept the invitation"); both say that
//! the first round's starter is drawn by lot.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use yew::prelude::*;

use super::{name_given, points_given, rules_of, FormError};
use crate::engine::{Preset, Rules};
use crate::friend::game::FriendMatch;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::storage;

/// Where the name a person gives for friend play is remembered.
const NAME_KEY: &str = "engarde.friendname";

/// A generator for a match's secrets, seeded from the platform's
/// cryptographic source (Web Crypto); none if the browser has none. The
/// person's `name` is remembered for their next match.
pub(crate) fn secret_rng(name: &str) -> Option<ChaCha20Rng> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).ok()?;
    let _ = storage::set(NAME_KEY, name.trim());
    Some(ChaCha20Rng::from_seed(seed))
}

/// The person's name (as they gave it last time) and its field.
#[hook]
fn use_name_field() -> (UseStateHandle<String>, Html) {
    let x = use_extra_texts();
    let name = use_state(|| storage::get(NAME_KEY).unwrap_or_default());
    let on_name = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| name.set(value_of(&e).unwrap_or_default()))
    };
    let field = html! {
        <label>{ x.friend_your_name }
            <input type="text" maxlength="40" value={(*name).clone()} oninput={on_name} />
        </label>
    };
    (name, field)
}

/// The value of the input behind an event.
fn value_of(e: &Event) -> Option<String> {
    if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
        return Some(i.value());
    }
    e.target_dyn_into::<web_sys::HtmlSelectElement>()
        .map(|s| s.value())
}

#[derive(Properties, PartialEq)]
pub(crate) struct InviteProps {
    /// The host's match and its invitation, made.
    pub on_made: Callback<FriendMatch>,
    pub on_cancel: Callback<()>,
}

#[function_component]
pub(crate) fn InviteForm(props: &InviteProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let (name, name_field) = use_name_field();
    // Standard, as every other form suggests.
    let preset = use_state(|| Preset::Standard);
    // As typed: refused with a message unless from 1 to 9.
    let points = use_state(|| Preset::Standard.rules().points_to_win.to_string());
    let wrong = use_state(|| None::<FormError>);
    let on_preset = {
        let (preset, points) = (preset.clone(), points.clone());
        Callback::from(move |e: Event| {
            let chosen = value_of(&e)
                .and_then(|v| v.parse::<usize>().ok())
                .and_then(|i| Preset::ALL.get(i).copied())
                .unwrap_or(Preset::Standard);
            preset.set(chosen);
            points.set(chosen.rules().points_to_win.to_string());
        })
    };
    let on_points = {
        let points = points.clone();
        Callback::from(move |e: InputEvent| points.set(value_of(&e).unwrap_or_default()))
    };
    let on_submit = {
        let (name, preset, points, on_made, wrong) = (
            name.clone(),
            preset.clone(),
            points.clone(),
            props.on_made.clone(),
            wrong.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let given = name_given(&name).and_then(|n| Ok((n, points_given(&points)?)));
            let (who, to_win) = match given {
                Ok(given) => given,
                Err(e) => return wrong.set(Some(e)),
            };
            wrong.set(None);
            let Some(mut rng) = secret_rng(who) else {
                return;
            };
            let rules: Rules = rules_of(*preset, to_win);
            let (host, _) = FriendMatch::invite(rules, who, &mut rng);
            on_made.emit(host);
        })
    };
    let options = Preset::ALL.iter().enumerate().map(|(i, &p)| {
        html! { <option value={i.to_string()} selected={p == *preset}>{ t.preset(Some(p)) }</option> }
    });
    html! {
        // (Checked here, said in the page's language: not the browser's bubble.)
        <form class="friend-form" novalidate=true onsubmit={on_submit}>
            { name_field }
            <label>{ x.friend_rules }
                <select onchange={on_preset}>{ for options }</select>
            </label>
            <label>{ x.friend_points }
                <input type="number" min="1" max="9" value={(*points).clone()} oninput={on_points}
                    aria-invalid={(*wrong == Some(FormError::Points)).then_some("true")} />
            </label>
            // (The first round's starter: drawn by lot, R7.)
            <p class="friend-lot">{ x.friend_lot }</p>
            if let Some(e) = *wrong {
                <p class="friend-problem" role="alert">{ x.friend_form_error(e) }</p>
            }
            <div class="buttons">
                <button type="submit" class="primary">{ x.friend_make }</button>
                <button type="button" onclick={props.on_cancel.reform(|_| ())}>{ x.friend_back }</button>
            </div>
        </form>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct AcceptProps {
    /// The invitation's code, its rules and who invites.
    pub code: String,
    pub rules: Rules,
    pub host: String,
    /// The guest's match, accepted; or the code did not do.
    pub on_accepted: Callback<Result<FriendMatch, super::Problem>>,
    pub on_cancel: Callback<()>,
}

#[function_component]
pub(crate) fn AcceptForm(props: &AcceptProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let (name, name_field) = use_name_field();
    let wrong = use_state(|| None::<FormError>);
    let on_submit = {
        let (name, code, on_accepted, wrong) = (
            name.clone(),
            props.code.clone(),
            props.on_accepted.clone(),
            wrong.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let who = match name_given(&name) {
                Ok(who) => who,
                Err(e) => return wrong.set(Some(e)),
            };
            let Some(mut rng) = secret_rng(who) else {
                return;
            };
            let accepted = FriendMatch::accept(&code, who, &mut rng)
                .map(|(guest, _)| guest)
                .map_err(super::Problem::from);
            on_accepted.emit(accepted);
        })
    };
    html! {
        <form class="friend-form" onsubmit={on_submit}>
            <p>{ x.friend_invited_by(t, &props.host, props.rules) }</p>
            <p class="friend-lot">{ x.friend_lot }</p>
            { name_field }
            if let Some(e) = *wrong {
                <p class="friend-problem" role="alert">{ x.friend_form_error(e) }</p>
            }
            <div class="buttons">
                <button type="submit" class="primary">{ x.friend_accept }</button>
                <button type="button" onclick={props.on_cancel.reform(|_| ())}>{ x.friend_back }</button>
            </div>
        </form>
    }
}
