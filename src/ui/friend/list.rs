//! The list of matches with friends: "Invite a friend", each friend's
//! results, each match's line (the friend, the score, where it stands) with
//! "Continue with Bo" or, once over, "See the match with Bo" and "Remove
//! the match with Bo", and the backup of the secrets.

use yew::platform::spawn_local;
use yew::prelude::*;

use super::{backup, results, store, Kept, Problem};
use crate::ui::i18n::{use_extra_texts, use_texts, ExtraTexts, Lang, Texts};
use crate::ui::storage::files;

/// A day as the page's language writes it.
fn day_of(ms: u64, lang: Lang) -> String {
    crate::ui::shell::local_date(ms, lang.code(), false)
}

/// A kept match of an older construction: read-only, with why, its
/// exports and "Remove" (never "Continue").
fn retired_row(
    k: &Kept,
    (t, x): (&Texts, &ExtraTexts),
    on_changed: &Callback<Option<Problem>>,
) -> Html {
    let download = |name: &'static str, text: String| {
        Callback::from(move |_| {
            let _ = files::download(name, &text);
        })
    };
    let exports = super::retired_exports(k);
    let record = exports
        .as_ref()
        .and_then(|(r, _)| r.clone())
        .map(|text| download("engarde-friend-match.json", text));
    let messages = exports.map(|(_, m)| download("engarde-friend-messages.json", m));
    let remove = {
        let (on_changed, id) = (on_changed.clone(), k.summary.id.clone());
        Callback::from(move |_| {
            store::remove(&id);
            on_changed.emit(None);
        })
    };
    html! {
        <li data-standing="Retired">
            <span>{ x.friend_retired_line(&k.summary) }</span>
            if let Some(onclick) = record {
                <button {onclick}>{ t.export }</button>
            }
            if let Some(onclick) = messages {
                <button {onclick}>{ x.friend_export_messages }</button>
            }
            <button onclick={remove}>{ x.friend_remove }</button>
        </li>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct FriendListProps {
    /// Opens the kept match with this id.
    pub on_open: Callback<String>,
    pub on_invite: Callback<()>,
    /// What is kept changed (a match removed, a backup restored), or a
    /// backup could not be read.
    pub on_changed: Callback<Option<Problem>>,
}

#[function_component]
pub(crate) fn FriendList(props: &FriendListProps) -> Html {
    let (t, x) = (use_texts(), use_extra_texts());
    let lang = use_context::<Lang>().unwrap_or_default();
    let restored = use_state(|| None::<usize>);
    let file_ref = use_node_ref();
    let kept = store::list();
    let summaries: Vec<_> = kept.iter().map(|k| k.summary.clone()).collect();
    let friends: Vec<Html> = results(&summaries)
        .iter()
        .map(|r| {
            let day = r.last.map(|ms| day_of(ms, lang));
            html! { <li>{ x.friend_results_line(r, day.as_deref()) }</li> }
        })
        .collect();
    let rows: Vec<Html> = kept
        .into_iter()
        .map(|k: Kept| {
            let id = k.summary.id.clone();
            if !k.journal.secrets.is_current() {
                return retired_row(&k, (t, x), &props.on_changed);
            }
            let on_open = props.on_open.reform(move |_| id.clone());
            let remove = k.summary.standing.is_over().then(|| {
                let (on_changed, id) = (props.on_changed.clone(), k.summary.id.clone());
                Callback::from(move |_| {
                    store::remove(&id);
                    on_changed.emit(None);
                })
            });
            html! {
                <li data-standing={format!("{:?}", k.summary.standing)}>
                    <span>{ x.friend_line(&k.summary) }</span>
                    <button onclick={on_open}>{ x.friend_open_line(&k.summary) }</button>
                    if let Some(onclick) = remove {
                        <button {onclick}>{ x.friend_remove_line(&k.summary) }</button>
                    }
                </li>
            }
        })
        .collect();
    let on_backup = Callback::from(move |_| {
        let _ = files::download("engarde-friends-backup-secret-keys.json", &backup::backup());
    });
    let choose_file = {
        let file_ref = file_ref.clone();
        Callback::from(move |_| {
            if let Some(input) = file_ref.cast::<web_sys::HtmlInputElement>() {
                input.click();
            }
        })
    };
    let on_file = {
        let (on_changed, restored) = (props.on_changed.clone(), restored.clone());
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                return;
            };
            let (on_changed, restored) = (on_changed.clone(), restored.clone());
            spawn_local(async move {
                let text = files::read_file(&input).await;
                input.set_value("");
                let done = text
                    .map_err(|_| Problem::BackupUnreadable)
                    .and_then(|text| backup::restore_backup(&text));
                match done {
                    Ok(n) => {
                        restored.set(Some(n));
                        on_changed.emit(None);
                    }
                    Err(p) => on_changed.emit(Some(p)),
                }
            });
        })
    };
    html! {
        <>
            <p>{ x.friend_intro }</p>
            <div class="buttons">
                <button class="primary" onclick={props.on_invite.reform(|_| ())}>{ x.friend_invite }</button>
            </div>
            if !friends.is_empty() {
                <h3>{ x.friend_results_heading }</h3>
                <ul class="friend-results">{ for friends }</ul>
            }
            <h3>{ x.friend_matches }</h3>
            if rows.is_empty() {
                <p>{ x.friend_none }</p>
            } else {
                <ul class="friend-list">{ for rows }</ul>
            }
            <p class="friend-secrets">{ x.friend_secrets }</p>
            <div class="buttons">
                <button onclick={on_backup}>{ x.friend_backup }</button>
                <button onclick={choose_file}>{ x.friend_restore }</button>
                <input ref={file_ref} type="file" accept=".json,application/json" hidden=true onchange={on_file} />
            </div>
            if let Some(n) = *restored {
                <p role="status">{ x.friend_restored_count(n) }</p>
            }
        </>
    }
}
